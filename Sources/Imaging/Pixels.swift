/// A decoded picture: RGBA with 8 bits a channel, rows from the top, no padding between rows.
/// Every source (BlurHash, JPEG, PNG, downloads) decodes to this; every renderer reads it.
public struct Pixels: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel, row after row.
    public var rgba: [UInt8]
    /// Whether the picture holds no fine detail (a BlurHash): half blocks show all of it, and cost a
    /// fraction of libchafa's symbol matching.
    public var isSmooth: Bool
    /// Where the pixels came from: the rung of the preview ladder that gave them (`show --why`).
    public var source: PictureSource = .unknown

    public init(width: Int, height: Int, rgba: [UInt8], isSmooth: Bool = false) {
        precondition(width > 0 && height > 0 && rgba.count == width * height * 4, "RGBA buffer of the wrong size")
        self.width = width
        self.height = height
        self.rgba = rgba
        self.isSmooth = isSmooth
    }

    /// Bytes held, for the session's memory cap.
    public var byteCount: Int { rgba.count }

    /// The picture laid over a plain `background`, every pixel opaque: for terminals that have no
    /// transparency (sixel, iTerm2, symbols), which would otherwise drop or darken what is
    /// see-through. The same picture when it is opaque already.
    public func composited(onto background: RGB) -> Pixels {
        guard stride(from: 3, to: rgba.count, by: 4).contains(where: { rgba[$0] != 255 }) else { return self }
        var out = rgba
        let back = [Int(background.red), Int(background.green), Int(background.blue)]
        for i in stride(from: 0, to: out.count, by: 4) {
            let alpha = Int(out[i + 3])
            for c in 0..<3 {
                // Rounded: (value·α + background·(255 − α)) / 255.
                out[i + c] = UInt8((Int(out[i + c]) * alpha + back[c] * (255 - alpha) + 127) / 255)
            }
            out[i + 3] = 255
        }
        var composited = Pixels(width: width, height: height, rgba: out, isSmooth: isSmooth)
        composited.source = source
        return composited
    }

    /// The same picture: the same pixels, wherever they came from.
    public static func == (a: Pixels, b: Pixels) -> Bool {
        a.width == b.width && a.height == b.height && a.isSmooth == b.isSmooth && a.rgba == b.rgba
    }
}

/// A colour of 8 bits a channel.
public struct RGB: Equatable, Sendable {
    public var red: UInt8, green: UInt8, blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let black = RGB(red: 0, green: 0, blue: 0)
}

/// A size in pixels.
public struct PixelSize: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)×\(height)" }

    /// The largest size with this size's aspect ratio that fits in `box` (at least 1×1), never
    /// larger than `box` in either direction. Integer arithmetic: the same answer everywhere.
    public func fitted(in box: PixelSize) -> PixelSize {
        guard width > 0, height > 0, box.width > 0, box.height > 0 else { return PixelSize(width: 1, height: 1) }
        // Sizes from a source's data (a server's JSON) may be anything: bounded, no product overflows.
        let bound = 1 << 24
        let width = min(width, bound), height = min(height, bound)
        let box = PixelSize(width: min(box.width, bound), height: min(box.height, bound))
        // Width-bound when width/height >= box.width/box.height.
        if width * box.height >= box.width * height {
            return PixelSize(width: box.width, height: max(1, (height * box.width + width / 2) / width))
        }
        return PixelSize(width: max(1, (width * box.height + height / 2) / height), height: box.height)
    }

    /// Whether a smaller image inside a file, of this size, can stand for the `photo`: it covers
    /// `target`, is smaller than the photo, and has its shape (within 2 %; a preview with black
    /// bands, say a 4:3 camera's 16:9 preview, would show them).
    public func isPreview(of photo: PixelSize, covering target: PixelSize) -> Bool {
        width >= target.width && height >= target.height && width < photo.width
            && abs(width * photo.height - height * photo.width) * 50 <= photo.width * height
    }

    /// The largest whole factor this size can be divided by and still cover `target` (at least 1):
    /// what a decoder that scales as it reads divides by.
    func wholeFactor(covering target: PixelSize) -> Int {
        max(1, min(width / max(1, target.width), height / max(1, target.height)))
    }

    /// This size divided by `factor`, rounded up: each factor × factor block one pixel.
    func dividedRoundingUp(by factor: Int) -> PixelSize {
        PixelSize(width: (width + factor - 1) / factor, height: (height + factor - 1) / factor)
    }
}

/// Where a picture's pixels came from, cheapest first: a preview the file holds (when it covers the
/// picture's box), else the file's own image decoded at the smallest size that does.
public enum PictureSource: Sendable, Equatable, CustomStringConvertible {
    case unknown
    /// A BlurHash: the source has no image file (the embedded catalog) or not yet.
    case blurHash
    /// The file's own image, stored at `stored`, decoded at `decoded`.
    case file(format: String, stored: PixelSize, decoded: PixelSize)
    /// A smaller image inside the file (`kind`: "EXIF thumbnail", "MPF preview"), decoded at `decoded`.
    case preview(kind: String, size: PixelSize, photo: PixelSize, decoded: PixelSize)
    /// A thumbnail from the freedesktop.org thumbnail cache (its size's `folder`, e.g. "large"),
    /// made by `software` when it says.
    case thumbnail(folder: String, size: PixelSize, software: String?)
    /// A progressive JPEG's first `scans` scans, `bytes` of its `fileBytes`, decoded at `decoded`.
    case firstScans(scans: Int, bytes: Int, fileBytes: Int, photo: PixelSize, decoded: PixelSize)
    /// A camera RAW file's (`kind`: "DNG", "CR2"…) sensor data, demosaicked by libraw at `decoded`:
    /// no JPEG preview inside covered the box.
    case sensorData(kind: String, photo: PixelSize, decoded: PixelSize)
    /// A HEIF grid (`count` tiles of `tile`) decoded a tile at a time: larger than a HEIF is decoded
    /// whole, and no thumbnail inside covered the box.
    case tiles(format: String, count: Int, tile: PixelSize, photo: PixelSize, decoded: PixelSize)

    /// The photo's own size (upright), when the source knows it.
    public var photoSize: PixelSize? {
        switch self {
        case .unknown, .blurHash, .thumbnail: nil
        case let .file(_, stored, _): stored
        case let .preview(_, _, photo, _): photo
        case let .firstScans(_, _, _, photo, _): photo
        case let .sensorData(_, photo, _): photo
        case let .tiles(_, _, _, photo, _): photo
        }
    }

    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .blurHash: "its BlurHash (a blurred placeholder of its colours)"
        case let .file(format, stored, decoded):
            stored == decoded ? "the \(format) itself, \(stored)" : "the \(format) itself (\(stored)), decoded at \(decoded)"
        case let .preview(kind, size, photo, decoded):
            "the \(kind) (\(size)) inside the \(photo) photo" + (size == decoded ? "" : ", decoded at \(decoded)")
        case let .thumbnail(folder, size, software):
            "the \(folder) thumbnail (\(size)) in the thumbnail cache" + (software.map { ", made by \(Self.printable($0))" } ?? "")
        case let .firstScans(scans, bytes, fileBytes, photo, decoded):
            "the first \(scans == 1 ? "scan" : "\(scans) scans") of the progressive JPEG (\(photo)), \(Self.amount(bytes)) of \(Self.amount(fileBytes)), decoded at \(decoded)"
        case let .sensorData(kind, photo, decoded):
            "the \(kind) sensor data (\(photo)), demosaicked by libraw at \(decoded): no JPEG preview inside covers the box"
        case let .tiles(format, count, tile, photo, decoded):
            "the \(format) itself (\(photo)), its \(count) tiles of \(tile) decoded one at a time at \(decoded): no thumbnail inside covers the box"
        }
    }

    /// Text from a file, safe to print: at most 40 characters, control characters as `?`.
    static func printable(_ text: String) -> String {
        String(
            String.UnicodeScalarView(text.unicodeScalars.prefix(40).map { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? "?" : $0 }))
    }

    /// Bytes as a person reads them: "433 KB", "16.0 MB".
    static func amount(_ bytes: Int) -> String {
        if bytes < 1_000 { return "\(bytes) bytes" }
        if bytes < 1_000_000 { return "\((bytes + 500) / 1_000) KB" }
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
