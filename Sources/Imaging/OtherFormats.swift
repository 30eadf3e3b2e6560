import CImageFormats
import SystemCalls

/// Pixels of the size the header gave, decoded by `call` straight into their array (no copy of a
/// 12-megapixel picture), or its one-line reason.
func decodeInto(_ size: PixelSize, _ call: (inout photorepl_decoded) -> Void) throws(ImageFailure) -> Pixels {
    let count = size.width * size.height * 4
    var failure: String?
    let rgba = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        var decoded = photorepl_decoded()
        decoded.into = buffer.baseAddress
        decoded.capacity = count
        call(&decoded)
        initialized = 0
        guard let pixels = decoded.rgba else {
            failure = message(&decoded.message)
            return
        }
        guard pixels == buffer.baseAddress, Int(decoded.width) == size.width, Int(decoded.height) == size.height else {
            if pixels != buffer.baseAddress { free(pixels) }
            failure = "the image decoded at \(decoded.width)×\(decoded.height), not the \(size) its header says"
            return
        }
        initialized = count
    }
    if let failure { throw ImageFailure(failure) }
    return Pixels(width: size.width, height: size.height, rgba: rgba)
}

/// Pixels of a size only the decoder knows, malloc'd by `call` and copied here, or its one-line reason.
func decodeAllocated(_ call: (inout photorepl_decoded) -> Void) throws(ImageFailure) -> Pixels {
    var decoded = photorepl_decoded()
    call(&decoded)
    guard let rgba = decoded.rgba else { throw ImageFailure(message(&decoded.message)) }
    defer { free(rgba) }
    let width = Int(decoded.width), height = Int(decoded.height)
    return Pixels(width: width, height: height, rgba: Array(UnsafeBufferPointer(start: rgba, count: width * height * 4)))
}

func message<T>(_ text: inout T) -> String {
    withUnsafeBytes(of: &text) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
}

func base(_ raw: UnsafeRawBufferPointer) -> UnsafePointer<UInt8> {
    raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
}

/// WebP through libwebp (loaded at the first WebP): scaled while decoding, as JPEG is; an animated
/// WebP shows its first frame; its EXIF chunk's orientation, description and artist apply.
enum WebP {
    static func info(_ raw: UnsafeRawBufferPointer) throws(ImageFailure) -> (size: PixelSize, isAnimated: Bool) {
        var width: Int32 = 0, height: Int32 = 0, animated: Int32 = 0
        var text = [CChar](repeating: 0, count: 256)
        guard photorepl_webp_info(base(raw), raw.count, &width, &height, &animated, &text, text.count) == 0 else {
            throw ImageFailure(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return (PixelSize(width: Int(width), height: Int(height)), animated != 0)
    }

    /// The EXIF chunk of an extended WebP (RIFF chunks: a four-letter name, a little-endian length,
    /// the data padded to an even length), read as a JPEG's EXIF; none when there is none.
    static func exif(_ raw: UnsafeRawBufferPointer) -> EXIFInfo {
        var offset = 12
        while offset + 8 <= raw.count {
            let name = String(decoding: UnsafeRawBufferPointer(rebasing: raw[offset..<offset + 4]), as: UTF8.self)
            let length = Int(raw[offset + 4]) | Int(raw[offset + 5]) << 8 | Int(raw[offset + 6]) << 16 | Int(raw[offset + 7]) << 24
            let start = offset + 8
            guard length <= raw.count - start else { break }
            if name == "EXIF" {
                var tiff = UnsafeRawBufferPointer(rebasing: raw[start..<start + length])
                // Some writers keep JPEG's "Exif\0\0" before the TIFF header.
                if tiff.count >= 6, Array(tiff[0..<6]) == Array("Exif\0\0".utf8) { tiff = UnsafeRawBufferPointer(rebasing: tiff[6...]) }
                return EXIF.readIFD0(tiff)
            }
            offset = start + length + (length & 1)
        }
        return EXIFInfo()
    }

    static func decode(_ raw: UnsafeRawBufferPointer, size: PixelSize, atLeast target: PixelSize) throws(ImageFailure) -> Pixels {
        let (_, isAnimated) = try info(raw)
        // Never enlarged; an animation's first frame comes at its canvas size.
        let scaled = isAnimated || target.width >= size.width || target.height >= size.height ? size : target
        // libwebp holds a lossless picture whole (4 bytes a pixel) while it scales it; an animation
        // its canvas.
        var request = photorepl_isolated_request()
        request.decoder = Int32(PHOTOREPL_ISOLATED_WEBP)
        request.width = Int32(scaled.width)
        request.height = Int32(scaled.height)
        request.memory = IsolatedDecoding.memory(size, bytesPerPixel: 4, more: scaled.width * scaled.height * 4 + (16 << 20))
        try IsolatedDecoding.checkBudget(request.memory, "its \(size) image")
        return try IsolatedDecoding.decode(request, library: "libwebp", bytes: raw, size: scaled)
    }
}

/// GIF through giflib (loaded at the first GIF): the first frame, on its canvas, with its
/// transparency. The canvas size is in the first ten bytes: no library is needed to list a GIF.
enum GIF {
    static func size(_ raw: UnsafeRawBufferPointer) throws(ImageFailure) -> PixelSize {
        guard raw.count >= 13 else { throw ImageFailure("the GIF file is truncated (no screen descriptor)") }
        return PixelSize(width: Int(raw[6]) | Int(raw[7]) << 8, height: Int(raw[8]) | Int(raw[9]) << 8)
    }

    /// Scaled down while decoding by the largest whole factor that still covers `target`.
    static func decode(_ raw: UnsafeRawBufferPointer, size: PixelSize, atLeast target: PixelSize) throws(ImageFailure) -> Pixels {
        let factor = size.wholeFactor(covering: target)
        let scaled = size.dividedRoundingUp(by: factor)
        // giflib reads a row at a time; the canvas never exists whole.
        var request = photorepl_isolated_request()
        request.decoder = Int32(PHOTOREPL_ISOLATED_GIF)
        request.width = Int32(size.width)
        request.height = Int32(size.height)
        request.factor = Int32(factor)
        request.memory = scaled.width * scaled.height * 4 + size.width * 8 + (16 << 20)
        return try IsolatedDecoding.decode(request, library: "giflib", bytes: raw, size: scaled)
    }
}

/// HEIC and AVIF through libheif (loaded at the first such file; it brings the HEVC and AV1
/// decoders): the primary image, upright (libheif applies the file's rotation and mirroring).
enum HEIF {
    /// The size, upright, and the EXIF's description and artist (its orientation is left out: the
    /// file's own rotation is applied by libheif, and HEIF readers ignore EXIF's).
    static func info(_ raw: UnsafeRawBufferPointer, format: ImageFormat) throws(ImageFailure) -> (PixelSize, EXIFInfo) {
        var width: Int32 = 0, height: Int32 = 0
        var exif: UnsafeMutablePointer<UInt8>?
        var exifLength = 0
        var text = [CChar](repeating: 0, count: 256)
        let status = libraryCall { photorepl_heif_info(base(raw), raw.count, &width, &height, &exif, &exifLength, &text, text.count) }
        guard status == 0 else {
            throw ImageFailure(
                String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    .replacing("corrupt HEIF", with: "corrupt \(format.rawValue)"))
        }
        var info = EXIFInfo()
        if let exif {
            info = EXIF.readIFD0(UnsafeRawBufferPointer(start: exif, count: exifLength))
            info.orientation = .up
            free(exif)
        }
        return (PixelSize(width: Int(width), height: Int(height)), info)
    }

    /// `size`: the header's (checked against the limits). The smallest thumbnail that covers
    /// `target` with the photo's shape (phones store one of about 320×240; the full HEVC decode of a
    /// 12 MP photo takes 1.6 s), else the image itself, which decodes at that size or not at all.
    /// An image too large to decode whole (over `maxHEIFPixels`, or more than the budget for
    /// pictures: about 25 megapixels) is decoded a tile at a time when it is a grid (as phones store
    /// their photos), else shown from its largest thumbnail. Each is scaled down by the largest whole
    /// factor that still covers `target`.
    static func decode(
        _ raw: UnsafeRawBufferPointer, size: PixelSize, format: ImageFormat, limits: ImageLimits,
        atLeast target: PixelSize
    ) throws(ImageFailure) -> Pixels {
        let maxPixels = min(limits.maxPixels, limits.maxHEIFPixels)
        let thumbnails = thumbnails(raw, photo: size)
        let tooLarge = size.width * size.height > limits.maxHEIFPixels || memory(size, atLeast: target) > IsolatedDecoding.budget
        func fromThumbnail(_ chosen: (index: Int, size: PixelSize)?) -> Pixels? {
            guard let chosen,
                var pixels = try? decode(raw, item: chosen.index, size: chosen.size, maxPixels: maxPixels, format: format, atLeast: target)
            else { return nil }
            pixels.source = .preview(
                kind: "HEIF thumbnail", size: chosen.size, photo: size, decoded: PixelSize(width: pixels.width, height: pixels.height))
            return pixels
        }
        let covering = thumbnails.filter { $0.size.width >= target.width && $0.size.height >= target.height }.min {
            $0.size.width < $1.size.width
        }
        // A JPEG-coded thumbnail is a rung like the others: the smallest that covers the box of
        // either kind is decoded.
        let jpegs = jpegThumbnails(raw, photo: size, limits: limits)
        let jpegCovering = jpegs.filter { $0.upright.width >= target.width && $0.upright.height >= target.height }.min {
            $0.upright.width < $1.upright.width
        }
        if let jpeg = jpegCovering, covering.map({ jpeg.upright.width < $0.size.width }) ?? true,
            let pixels = fromJPEG(jpeg, photo: size, atLeast: target)
        {
            return pixels
        }
        if let pixels = fromThumbnail(covering) { return pixels }
        guard tooLarge else { return try decode(raw, item: -1, size: size, maxPixels: maxPixels, format: format, atLeast: target) }
        if let tiles = HEIFTiles(raw), tiles.orientation.uprightSize(of: tiles.canvas) == size {
            return try tiles.decode(format: format, atLeast: target)
        }
        // The largest thumbnail there is: a smaller picture rather than none.
        let largest = thumbnails.max { $0.size.width < $1.size.width }, largestJPEG = jpegs.max { $0.upright.width < $1.upright.width }
        if let jpeg = largestJPEG, largest.map({ jpeg.upright.width > $0.size.width }) ?? true,
            let pixels = fromJPEG(jpeg, photo: size, atLeast: target)
        {
            return pixels
        }
        if let pixels = fromThumbnail(largest) { return pixels }
        let most = min(limits.maxHEIFPixels, (IsolatedDecoding.budget - (16 << 20)) / 7) / 1_000_000
        throw ImageFailure(
            "the image is too large: \(size) pixels (at most \(most) megapixels for a \(format.rawValue) that is neither a grid of tiles nor has a thumbnail)",
            isTooLarge: true)
    }

    /// The primary's JPEG-coded thumbnails that can stand for it (smaller, of its shape), each
    /// with its stored size, checked as a file's would be.
    private static func jpegThumbnails(_ raw: UnsafeRawBufferPointer, photo: PixelSize, limits: ImageLimits)
        -> [(data: [UInt8], size: PixelSize, upright: PixelSize, orientation: Orientation)]
    {
        HEIFBoxes.jpegThumbnails(raw).compactMap { jpeg in
            guard let size = jpeg.data.withUnsafeBytes({ try? JPEG.checkedSize($0, limits: limits) }) else { return nil }
            let upright = jpeg.orientation.uprightSize(of: size)
            guard upright.isPreview(of: photo, covering: PixelSize(width: 1, height: 1)) else { return nil }
            return (jpeg.data, size, upright, jpeg.orientation)
        }
    }

    /// A JPEG-coded thumbnail decoded by photorepl's JPEG decoder, scaled to cover `target` and
    /// turned by its own `irot` and `imir`; nil when it cannot be.
    private static func fromJPEG(
        _ jpeg: (data: [UInt8], size: PixelSize, upright: PixelSize, orientation: Orientation), photo: PixelSize,
        atLeast target: PixelSize
    ) -> Pixels? {
        let stored = jpeg.orientation.swapsDimensions ? PixelSize(width: target.height, height: target.width) : target
        guard
            var pixels = jpeg.data.withUnsafeBytes({ raw in
                try? IsolatedDecoding.reserving(IsolatedDecoding.memory(jpeg.size, bytesPerPixel: 8, more: 8 << 20), "its JPEG thumbnail") {
                    () throws(ImageFailure) in
                    try JPEG.decode(raw, size: jpeg.size, atLeast: stored).oriented(jpeg.orientation)
                }
            })
        else { return nil }
        pixels.source = .preview(
            kind: "HEIF JPEG thumbnail", size: jpeg.upright, photo: photo, decoded: PixelSize(width: pixels.width, height: pixels.height))
        return pixels
    }

    /// The primary image's thumbnails that can stand for it: smaller, and of its shape.
    private static func thumbnails(_ raw: UnsafeRawBufferPointer, photo: PixelSize) -> [(index: Int, size: PixelSize)] {
        var widths = [Int32](repeating: 0, count: 16), heights = [Int32](repeating: 0, count: 16)
        let count = Int(libraryCall { photorepl_heif_thumbnails(base(raw), raw.count, &widths, &heights, 16) })
        // Only a thumbnail HEIFBoxes found, of the size it says, and decodes as checked: libheif's
        // list and the boxes' must agree, else none is picked.
        let checked = HEIFBoxes.thumbnails(raw)
        guard checked.count == count else { return [] }
        return (0..<count)
            .map { (index: $0, size: PixelSize(width: Int(widths[$0]), height: Int(heights[$0]))) }
            .filter { checked[$0.index] == $0.size && $0.size.isPreview(of: photo, covering: PixelSize(width: 1, height: 1)) }
    }

    /// What decoding an image of `size` takes: libheif's planes and RGB, about 6.5 bytes a pixel
    /// (a 12-megapixel photo took 82 MB), the picture scaled for `target`, and libheif's own.
    static func memory(_ size: PixelSize, atLeast target: PixelSize) -> Int {
        let factor = size.wholeFactor(covering: target)
        let scaled = size.dividedRoundingUp(by: factor)
        return IsolatedDecoding.memory(size, bytesPerPixel: 7, more: scaled.width * scaled.height * 4 + (16 << 20))
    }

    /// `item`: -1 for the primary image, else the number of one of its thumbnails.
    private static func decode(
        _ raw: UnsafeRawBufferPointer, item: Int, size: PixelSize, maxPixels: Int, format: ImageFormat,
        atLeast target: PixelSize
    ) throws(ImageFailure) -> Pixels {
        let factor = size.wholeFactor(covering: target)
        let scaled = size.dividedRoundingUp(by: factor)
        var request = photorepl_isolated_request()
        request.decoder = Int32(PHOTOREPL_ISOLATED_HEIF)
        request.max_pixels = maxPixels
        request.item = Int32(item)
        request.factor = Int32(factor)
        request.memory = memory(size, atLeast: target)
        do {
            try IsolatedDecoding.checkBudget(request.memory, "its \(size) image")
            return try IsolatedDecoding.decode(request, library: "libheif", bytes: raw, size: scaled)
        } catch {
            throw ImageFailure(error.reason.replacing("HEIF", with: format.rawValue), isTooLarge: error.isTooLarge)
        }
    }
}
