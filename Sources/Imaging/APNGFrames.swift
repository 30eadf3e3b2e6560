/// An APNG's frames, composed on its canvas one at a time (Debian's libpng 1.6 has no APNG support,
/// so they are read here, as the rest of a PNG is): each frame's data (IDAT or fdAT) is made into a
/// PNG of its own with the file's IHDR at the frame's size and its palette and transparency, decoded
/// by the project's PNG reader, then laid on the canvas as its fcTL says (over or in place of what
/// is there; its area cleared or restored before the next frame).
struct APNGFrames {
    struct Frame {
        var x: Int, y: Int, width: Int, height: Int
        var delay: Duration
        var dispose: UInt8, blend: UInt8
        /// The image data of the frame, in order (fdAT's sequence numbers taken off).
        var data: [ArraySlice<UInt8>]
    }

    let canvas: PixelSize
    /// acTL's plays: 0 for ever.
    let plays: Int
    let frames: [Frame]
    /// IHDR's data (13 bytes) and the chunks every frame's PNG carries (PLTE, tRNS, gAMA, …), whole.
    private let header: [UInt8]
    private let shared: [UInt8]

    /// The chunks before the image data that a frame's pixels depend on, carried by every frame's
    /// PNG; the others (text, times, EXIF) are not: 300,000 empty tEXt chunks were read again for
    /// each frame, 100 frames 0.48 s then 9.06 s.
    static let sharedChunks: Set<String> = ["PLTE", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT"]

    /// The bytes of the chunks every frame's PNG carries.
    var sharedBytes: Int { shared.count }

    /// The frames of `bytes`, at most `maximumFrames`; nil when the file is no APNG.
    init?(_ bytes: [UInt8], maximumFrames: Int) throws(ImageFailure) {
        var header: [UInt8]?
        var shared: [UInt8] = []
        var plays = 1
        var frames: [Frame] = []
        var animated = false
        var hasImageData = false
        var position = PNGChunks.signatureCount
        func read32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        func read16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        while position + 12 <= bytes.count {
            let length = read32(position)
            let name = String(decoding: bytes[position + 4..<position + 8], as: UTF8.self)
            let data = position + 8
            guard length <= 0x7FFF_FFFF, data + length + 4 <= bytes.count else {
                throw ImageFailure("the APNG file is truncated (a \(name.filter(\.isLetter)) chunk claims \(length) bytes)")
            }
            let body = bytes[data..<data + length]
            switch name {
            case "IHDR":
                guard length == 13 else { throw ImageFailure("corrupt PNG: its IHDR chunk is \(length) bytes, not 13") }
                header = Array(body)
            case "acTL":
                guard length == 8 else { throw ImageFailure("corrupt APNG: its acTL chunk is \(length) bytes") }
                animated = true
                plays = read32(data + 4)
            case "fcTL":
                guard length == 26 else { throw ImageFailure("corrupt APNG: an fcTL chunk is \(length) bytes") }
                guard frames.count < maximumFrames else { break }
                let numerator = read16(data + 20), denominator = read16(data + 22)
                let milliseconds = numerator * 1000 / (denominator == 0 ? 100 : denominator)
                frames.append(
                    Frame(
                        x: read32(data + 12), y: read32(data + 16), width: read32(data + 4), height: read32(data + 8),
                        delay: .milliseconds(Animation.browserDelay(milliseconds)), dispose: bytes[data + 24], blend: bytes[data + 25],
                        data: []
                    ))
            case "IDAT":
                // The default image is the first frame only when an fcTL came before it.
                hasImageData = true
                if !frames.isEmpty, frames.count == 1 { frames[0].data.append(body) }
            case "fdAT":
                guard length >= 4 else { throw ImageFailure("corrupt APNG: an fdAT chunk is \(length) bytes") }
                hasImageData = true
                if !frames.isEmpty, frames.count <= maximumFrames, frames[frames.count - 1].data.count < 1 << 16 {
                    frames[frames.count - 1].data.append(body.dropFirst(4))
                }
            case "IEND":
                position = bytes.count
                continue
            default:
                // The chunks before the image data that its colours depend on go with every frame.
                if !hasImageData, Self.sharedChunks.contains(name) { shared += bytes[position..<data + length + 4] }
            }
            position = data + length + 4
        }
        guard animated, let header else { return nil }
        let canvas = PixelSize(width: read32InArray(header, 0), height: read32InArray(header, 4))
        frames.removeAll { $0.data.isEmpty }
        for (i, frame) in frames.enumerated() {
            guard frame.width > 0, frame.height > 0, frame.x >= 0, frame.y >= 0,
                frame.x + frame.width <= canvas.width, frame.y + frame.height <= canvas.height
            else {
                throw ImageFailure(
                    "corrupt APNG: frame \(i + 1) (\(frame.width)×\(frame.height) at \(frame.x),\(frame.y)) is not inside its \(canvas) canvas"
                )
            }
        }
        guard !frames.isEmpty else { throw ImageFailure("corrupt APNG: no frame has image data") }
        self.canvas = canvas
        self.plays = plays
        self.frames = frames
        self.header = header
        self.shared = shared
    }

    /// What playing the frames takes at most, reserved of the budget while a frame is decoded and
    /// drawn: the canvas, its copy when a frame is to be undone ("previous"), and the largest frame's
    /// decode (its rows inflated and its pixels, as a still PNG's). The frame's decode reserves
    /// nothing more (it did, inside this, and a 2800×2800 APNG waited for ever for itself).
    var memory: Int {
        let canvasBytes = IsolatedDecoding.memory(canvas, bytesPerPixel: 4)
        let previous = frames.contains { $0.dispose == 2 } ? canvasBytes : 0
        // (Areas compared without overflow: the frames lie in the canvas, but nothing yet held it to the limits.)
        let largest =
            frames.max {
                $0.width.multipliedReportingOverflow(by: $0.height).partialValue.magnitude
                    < $1.width.multipliedReportingOverflow(by: $1.height).partialValue.magnitude
            }.map { PixelSize(width: $0.width, height: $0.height) } ?? canvas
        let decoded = IsolatedDecoding.memory(largest, bytesPerPixel: 8)
        // `.max` (too large to count) stays so.
        let (total, overflow) = [canvasBytes, previous, decoded, min(decoded, 40 << 20), 8 << 20].reduce((0, false)) { sum, part in
            let added = sum.0.addingReportingOverflow(part)
            return (added.partialValue, sum.1 || added.overflow)
        }
        return overflow ? .max : total
    }

    /// Frame `index`'s pixels alone, decoded from the PNG made of it (the caller holds the budget
    /// for it: see `memory`).
    func pixels(of index: Int) throws(ImageFailure) -> Pixels {
        let frame = frames[index]
        var ihdr = header
        ihdr.replaceSubrange(0..<8, with: PNGFile.bigEndian(UInt32(frame.width)) + PNGFile.bigEndian(UInt32(frame.height)))
        var png = PNGChunks.signature + PNGFile.chunk("IHDR", ihdr) + shared
        for data in frame.data { png += PNGFile.chunk("IDAT", Array(data)) }
        png += PNGFile.chunk("IEND", [])
        let size = PixelSize(width: frame.width, height: frame.height)
        let decoded = png.withUnsafeBytes { raw -> Result<Pixels, ImageFailure> in
            do throws(ImageFailure) { return .success(try PNG.decode(raw, size: size, orientation: .up, atLeast: size)) } catch {
                return .failure(error)
            }
        }
        let pixels = try decoded.get()
        guard pixels.width == frame.width, pixels.height == frame.height else {
            throw ImageFailure("corrupt APNG: frame \(index + 1) decoded at \(pixels.width)×\(pixels.height), not \(size)")
        }
        return pixels
    }
}

private func read32InArray(_ bytes: [UInt8], _ i: Int) -> Int {
    Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
}

/// A canvas that APNG frames are laid on, as the APNG specification says.
struct APNGCanvas {
    private(set) var rgba: [UInt8]
    let size: PixelSize
    /// The canvas before the last frame, when that frame is to be undone ("previous").
    private var saved: [UInt8]?
    private var last: APNGFrames.Frame?

    init(_ size: PixelSize) {
        self.size = size
        rgba = [UInt8](repeating: 0, count: size.width * size.height * 4)
    }

    /// Lays `frame` (its pixels `pixels`) on the canvas, after undoing what the frame before asked.
    mutating func draw(_ frame: APNGFrames.Frame, _ pixels: Pixels, isFirst: Bool) {
        if let last {
            if last.dispose == 1 { fill(last, with: nil) }
            if last.dispose == 2, let saved { fill(last, with: saved) }
        }
        if isFirst { rgba = [UInt8](repeating: 0, count: rgba.count) }
        // "Previous" for the first frame is "background", as the specification says.
        var frame = frame
        if isFirst && frame.dispose == 2 { frame.dispose = 1 }
        saved = frame.dispose == 2 ? rgba : nil
        last = frame
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let from = (y * frame.width + x) * 4, to = ((frame.y + y) * size.width + frame.x + x) * 4
                let alpha = Int(pixels.rgba[from + 3])
                if frame.blend == 0 || alpha == 255 {
                    for c in 0..<4 { rgba[to + c] = pixels.rgba[from + c] }
                } else if alpha > 0 {
                    // Over, not premultiplied: the result's alpha, then each colour weighted by it.
                    let below = Int(rgba[to + 3]) * (255 - alpha) / 255
                    let out = alpha + below
                    for c in 0..<3 {
                        rgba[to + c] = UInt8((Int(pixels.rgba[from + c]) * alpha + Int(rgba[to + c]) * below) / out)
                    }
                    rgba[to + 3] = UInt8(out)
                }
            }
        }
    }

    /// The frame's area cleared to transparent (nil) or copied from `source`.
    private mutating func fill(_ frame: APNGFrames.Frame, with source: [UInt8]?) {
        for y in frame.y..<frame.y + frame.height {
            let start = (y * size.width + frame.x) * 4, end = start + frame.width * 4
            if let source {
                rgba.replaceSubrange(start..<end, with: source[start..<end])
            } else {
                for i in start..<end { rgba[i] = 0 }
            }
        }
    }
}
