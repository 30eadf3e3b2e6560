import CImageFormats

/// The image formats photorepl decodes, told apart by their first bytes, never by a file's name.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg = "JPEG"
    case png = "PNG"
    case webp = "WebP"
    case gif = "GIF"
    case heic = "HEIC"
    case avif = "AVIF"
    /// JPEG XL: a bare codestream or the ISO container.
    case jpegXL = "JPEG XL"
    /// TIFF, and camera RAW files that are TIFFs inside (DNG, NEF, ARW, PEF).
    case tiff = "TIFF"
    /// Camera RAW files with a TIFF inside under a magic of their own (CR2, ORF, RW2).
    case cameraRaw = "camera RAW"

    /// How many bytes from a file's start `sniff` needs to tell every format.
    public static let sniffedBytes = 64

    /// The format `bytes` (a file's first `sniffedBytes`, or all of a shorter one) start with, or nil
    /// when they are none of these: files are known by their content, never by their name.
    public static func sniff(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        func matches(_ offset: Int, _ text: String) -> Bool {
            let expected = Array(text.utf8)
            return bytes.count >= offset + expected.count && expected.indices.allSatisfy { bytes[offset + $0] == expected[$0] }
        }
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return .jpeg }
        if bytes.starts(with: PNGChunks.signature) { return .png }
        if matches(0, "RIFF") && matches(8, "WEBP") { return .webp }
        if matches(0, "GIF87a") || matches(0, "GIF89a") { return .gif }
        if JPEGXL.sniff(bytes) { return .jpegXL }
        if matches(4, "ftyp") { return isoBrand(bytes) }
        return TIFFContainer.sniff(bytes)
    }

    /// HEIC or AVIF by an ISO file's brands: the major brand, else the compatible ones (a file that
    /// says only `mif1` names its codec there).
    private static func isoBrand(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        let boxSize = bytes.count >= 4 ? Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3]) : 0
        let end = min(bytes.count, max(16, boxSize))
        var brands: [String] = []
        for offset in stride(from: 8, through: end - 4, by: 4) where offset != 12 {  // 12…16 is the minor version
            brands.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 4]), as: UTF8.self))
        }
        for brand in brands {
            if brand == "crx " { return .cameraRaw }
            if brand == "avif" || brand == "avis" { return .avif }
            if ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"].contains(brand) { return .heic }
        }
        return nil
    }
}

/// How large a picture may claim to be. Checked on the header, before any pixel buffer exists: a
/// 1 MB file can claim 20000×20000 pixels (1.2 GB decoded).
public struct ImageLimits: Sendable, Equatable {
    public var maxPixels = 100_000_000
    public var maxSide = 30_000
    /// A progressive JPEG's decoder holds all its coefficients (about 3 bytes a pixel): 40 MP is
    /// about 120 MB; a 3.5 KB file claiming 100 MP took 311 MB.
    public var maxProgressivePixels = 40_000_000
    /// libheif decodes a HEIC's or AVIF's image at full size, then converts it to RGB: about 6.5
    /// bytes a pixel (a 23 KB 10000×10000 HEIC took 651 MB to show 385×385 pixels). 50 MP, about
    /// 330 MB, still shows a phone's 48-megapixel photo; a larger one is shown only from one of
    /// its thumbnails.
    public var maxHEIFPixels = 50_000_000
    /// A HEIF grid is decoded a tile at a time (HEIFTiles): its canvas may hold this many pixels,
    /// within `maxSide` (a Galaxy S24 Ultra's 200-megapixel photo is 12240×16320).
    public var maxTiledPixels = 250_000_000
    public init() {}

    /// These limits for a grid's canvas: `maxTiledPixels` in place of `maxPixels`.
    var forTiledGrid: ImageLimits {
        var limits = self
        limits.maxPixels = max(maxPixels, maxTiledPixels)
        return limits
    }

    /// No limit: for reading what a header claims, never for decoding.
    public static let unlimited: ImageLimits = {
        var limits = ImageLimits()
        limits.maxPixels = .max
        limits.maxSide = .max
        limits.maxProgressivePixels = .max
        limits.maxHEIFPixels = .max
        limits.maxTiledPixels = .max
        return limits
    }()

    func check(_ size: PixelSize) throws(ImageFailure) {
        guard size.width > 0, size.height > 0 else { throw ImageFailure("the image claims a size of \(size)") }
        // Sizes read from a stream's headers reach 2^32 a side: their product may not fit an Int.
        let (area, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        if size.width > maxSide || size.height > maxSide || overflow || area > maxPixels {
            throw ImageFailure(
                "the image is too large: \(size) pixels (at most \(maxPixels / 1_000_000) megapixels and \(maxSide) a side)",
                isTooLarge: true)
        }
    }
}

/// Why a picture could not be decoded: one line a user can read.
public struct ImageFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String
    /// Refused by the limits on its header: nothing more of the file needs reading.
    public let isTooLarge: Bool
    public init(_ reason: String, isTooLarge: Bool = false) {
        self.reason = reason
        self.isTooLarge = isTooLarge
    }
    public var description: String { reason }

    /// The decoder's library is missing on this machine (the message names its Debian package):
    /// nothing is wrong with the file.
    public var isMissingDecoder: Bool { reason.contains("install the Debian package") }
}

/// What a file's header says, read without decoding any pixels.
public struct ImageHeader: Equatable, Sendable {
    public var format: ImageFormat
    /// The size as stored in the file.
    public var storedSize: PixelSize
    /// A JPEG's EXIF, or a PNG's `eXIf` chunk.
    public var exif: EXIFInfo
    /// The size as shown, after the EXIF orientation.
    public var uprightSize: PixelSize { exif.orientation.uprightSize(of: storedSize) }
}

/// Decodes JPEG (libjpeg-turbo, scaled while decoding), PNG (libpng), WebP (libwebp, scaled while
/// decoding), GIF (giflib, the first frame), HEIC and AVIF (libheif) files held in memory to upright
/// RGBA pixels.
public enum ImageDecoder {
    /// The header of an image file, with its limits checked.
    public static func header(of bytes: [UInt8], limits: ImageLimits = .init()) throws(ImageFailure) -> ImageHeader {
        let result: Result<ImageHeader, ImageFailure> = bytes.withUnsafeBytes { raw in
            do throws(ImageFailure) {
                switch ImageFormat.sniff(raw) {
                case .jpeg?:
                    let size = try JPEG.checkedSize(raw, limits: limits)
                    return .success(ImageHeader(format: .jpeg, storedSize: size, exif: EXIF.read(jpeg: raw)))
                case .png?:
                    let size = try PNGChunks.size(raw)
                    try limits.check(size)
                    return .success(ImageHeader(format: .png, storedSize: size, exif: PNG.exif(raw)))
                case .webp?:
                    let (size, _) = try WebP.info(raw)
                    try limits.check(size)
                    return .success(ImageHeader(format: .webp, storedSize: size, exif: WebP.exif(raw)))
                case .gif?:
                    let size = try GIF.size(raw)
                    try limits.check(size)
                    return .success(ImageHeader(format: .gif, storedSize: size, exif: EXIFInfo()))
                case let format? where format == .heic || format == .avif:
                    // libheif applies the file's rotation and mirroring itself: the size is upright.
                    let (size, exif) = try HEIF.info(raw, format: format)
                    // A grid is decoded a tile at a time: its canvas may be larger than a picture
                    // decoded whole (a 200-megapixel phone photo).
                    let canvasLimits = HEIFBoxes.primaryIsGrid(raw) ? limits.forTiledGrid : limits
                    try canvasLimits.check(size)
                    try HEIFBoxes.check(raw, limits: limits, format: format)
                    return .success(ImageHeader(format: format, storedSize: size, exif: exif))
                case .cameraRaw? where CR3.isCR3(raw):
                    // IFD0 is CMT1's TIFF: the photo's size, orientation and EXIF text.
                    guard let ifd0 = CR3.read(raw).ifd0, case let tiff = UnsafeRawBufferPointer(rebasing: raw[ifd0]),
                        let contents = TIFFContainer.read(tiff), let size = contents.largest
                    else {
                        return .failure(ImageFailure("corrupt CR3: no IFD0 (CMT1) that names its size"))
                    }
                    try limits.check(size)
                    var exif = EXIF.readIFD0(tiff)
                    exif.orientation = contents.orientation
                    return .success(ImageHeader(format: .cameraRaw, storedSize: size, exif: exif))
                case .jpegXL?:
                    // libjxl turns the picture upright itself: the size is upright.
                    let (size, exif) = try JPEGXL.info(raw)
                    try limits.check(size)
                    return .success(ImageHeader(format: .jpegXL, storedSize: size, exif: exif))
                case .tiff?, .cameraRaw?:
                    // The photo's size is the largest image an IFD describes (a RAW's sensor data).
                    guard let contents = TIFFContainer.read(raw), let size = contents.largest else {
                        return .failure(ImageFailure("the TIFF is cut short, or names no image size"))
                    }
                    try limits.check(size)
                    var exif = EXIF.readIFD0(raw)
                    exif.orientation = contents.orientation
                    return .success(ImageHeader(format: contents.kind == "TIFF" ? .tiff : .cameraRaw, storedSize: size, exif: exif))
                case .some:
                    return .failure(ImageFailure("not an image"))
                case nil:
                    return .failure(
                        ImageFailure(
                            bytes.isEmpty
                                ? "the file is empty" : "not a JPEG, PNG, WebP, GIF, HEIC, AVIF, JPEG XL, TIFF or camera RAW image"))
                }
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Decodes `bytes` to upright pixels at least as large as the picture fitted in `box`, from the
    /// cheapest source in the file that covers it (an embedded preview, a progressive JPEG's first
    /// scans), scaled while decoding where the format allows (JPEG, WebP, GIF; HEIF after libheif's
    /// full-size decode), else at full size (PNG).
    public static func decode(_ bytes: [UInt8], fitting box: PixelSize, limits: ImageLimits = .init()) throws(ImageFailure) -> Pixels {
        let header = try header(of: bytes, limits: limits)
        var pixels = try decodeImage(bytes, header: header, fitting: box, limits: limits)
        if pixels.source == .unknown {
            pixels.source = .file(
                format: header.format.rawValue, stored: header.uprightSize, decoded: PixelSize(width: pixels.width, height: pixels.height))
        }
        return pixels
    }

    private static func decodeImage(_ bytes: [UInt8], header: ImageHeader, fitting box: PixelSize, limits: ImageLimits) throws(ImageFailure)
        -> Pixels
    {
        let result: Result<Pixels, ImageFailure> = bytes.withUnsafeBytes { raw in
            do throws(ImageFailure) {
                switch header.format {
                case .jpeg:
                    // The box is upright; the file is stored turned: ask for the stored shape.
                    let target = header.uprightSize.fitted(in: box)
                    let storedTarget =
                        header.exif.orientation.swapsDimensions
                        ? PixelSize(width: target.height, height: target.width) : target
                    return .success(
                        try IsolatedDecoding.reserving(
                            JPEG.memory(raw, header: header, atLeast: storedTarget), "its \(header.storedSize) image"
                        ) { () throws(ImageFailure) in
                            if let preview = JPEG.preview(raw, header: header, covering: storedTarget, limits: limits) { return preview }
                            let scale = JPEG.scale(for: header.storedSize, atLeast: storedTarget)
                            if let firstScans = ProgressiveJPEG.firstScans(raw, header: header, scale: scale) { return firstScans }
                            return try JPEG.decode(raw, size: header.storedSize, atLeast: storedTarget).oriented(header.exif.orientation)
                        })
                case .png:
                    let target = header.uprightSize.fitted(in: box)
                    let storedTarget =
                        header.exif.orientation.swapsDimensions
                        ? PixelSize(width: target.height, height: target.width) : target
                    // The picture scaled (twice while it is turned), and the rows inflated whole up
                    // to 32 MB (a row at a time past that).
                    let factor = header.storedSize.wholeFactor(covering: storedTarget)
                    let scaled = IsolatedDecoding.memory(
                        PixelSize(width: header.storedSize.width / factor + 1, height: header.storedSize.height / factor + 1),
                        bytesPerPixel: 8)
                    let inflated = min(IsolatedDecoding.memory(header.storedSize, bytesPerPixel: 8), 40 << 20)
                    return .success(
                        try IsolatedDecoding.reserving(scaled + inflated + (8 << 20), "its \(header.storedSize) image") {
                            () throws(ImageFailure) in
                            try PNG.decode(raw, size: header.storedSize, orientation: header.exif.orientation, atLeast: storedTarget)
                        })
                case .webp:
                    let target = header.uprightSize.fitted(in: box)
                    let storedTarget =
                        header.exif.orientation.swapsDimensions
                        ? PixelSize(width: target.height, height: target.width) : target
                    return .success(try WebP.decode(raw, size: header.storedSize, atLeast: storedTarget).oriented(header.exif.orientation))
                case .gif:
                    return .success(try GIF.decode(raw, size: header.storedSize, atLeast: header.uprightSize.fitted(in: box)))
                case .heic, .avif:
                    return .success(
                        try HEIF.decode(
                            raw, size: header.storedSize, format: header.format, limits: limits,
                            atLeast: header.uprightSize.fitted(in: box)))
                case .jpegXL:
                    return .success(
                        try JPEGXL.decode(raw, size: header.storedSize, limits: limits, atLeast: header.uprightSize.fitted(in: box)))
                case .tiff, .cameraRaw:
                    return .success(try TIFFContainer.decodePreview(raw, header: header, fitting: box, limits: limits))
                }
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// libjpeg-turbo through its TurboJPEG 2.x API.
enum JPEG {
    /// A JPEG's size, refused as a file's would be: over the limits, or a progressive JPEG over its
    /// cap (its decoder holds every coefficient).
    static func checkedSize(_ raw: UnsafeRawBufferPointer, limits: ImageLimits) throws(ImageFailure) -> PixelSize {
        let size = try JPEG.size(raw)
        try limits.check(size)
        if size.width * size.height > limits.maxProgressivePixels, JPEGSegments.isProgressive(raw) {
            throw ImageFailure(
                "the image is too large: \(size) pixels (at most \(limits.maxProgressivePixels / 1_000_000) megapixels for a progressive JPEG)",
                isTooLarge: true)
        }
        return size
    }

    /// What decoding takes in memory: the picture at its scale (twice while it is turned), and a
    /// progressive JPEG's coefficients, about 3 bytes a pixel, which its decoder holds whole.
    static func memory(_ raw: UnsafeRawBufferPointer, header: ImageHeader, atLeast target: PixelSize) -> Int {
        let (num, denom) = scale(for: header.storedSize, atLeast: target)
        let scaled = PixelSize(
            width: (header.storedSize.width * num + denom - 1) / denom, height: (header.storedSize.height * num + denom - 1) / denom)
        let coefficients = JPEGSegments.isProgressive(raw) ? IsolatedDecoding.memory(header.storedSize, bytesPerPixel: 3) : 0
        return IsolatedDecoding.memory(scaled, bytesPerPixel: header.exif.orientation == .up ? 4 : 8, more: coefficients + (8 << 20))
    }

    /// The smallest preview inside the file (EXIF thumbnail, MPF preview) that covers `target` (the
    /// stored shape) with the photo's own aspect ratio (a 160×120 thumbnail of a 3:2 photo has black
    /// bars), decoded and turned upright as the photo would be; nil when none does.
    static func preview(_ raw: UnsafeRawBufferPointer, header: ImageHeader, covering target: PixelSize, limits: ImageLimits) -> Pixels? {
        let photo = header.storedSize
        var best: (preview: EmbeddedPreview, size: PixelSize)?
        for preview in EmbeddedPreview.find(inJPEG: raw) {
            let bytes = UnsafeRawBufferPointer(rebasing: raw[preview.range])
            // Every limit of a file (the progressive cap too) applies to a preview inside one: a
            // baseline photo whose MPF preview was a 9990×9990 progressive JPEG took 607 MB.
            guard let size = try? JPEG.checkedSize(bytes, limits: limits), size.isPreview(of: photo, covering: target),
                best.map({ size.width < $0.size.width }) ?? true
            else { continue }
            best = (preview, size)
        }
        guard let best,
            var pixels = try? JPEG.decode(UnsafeRawBufferPointer(rebasing: raw[best.preview.range]), size: best.size, atLeast: target)
                .oriented(header.exif.orientation)
        else { return nil }
        let upright = header.exif.orientation.uprightSize(of: best.size)
        pixels.source = .preview(
            kind: best.preview.kind.rawValue, size: upright, photo: header.uprightSize,
            decoded: PixelSize(width: pixels.width, height: pixels.height))
        return pixels
    }

    static func size(_ raw: UnsafeRawBufferPointer) throws(ImageFailure) -> PixelSize {
        var width: Int32 = 0, height: Int32 = 0
        var status = photorepl_jpeg_status()
        photorepl_jpeg_header(base(raw), raw.count, &width, &height, &status)
        // A warning (stray bytes between segments, say) fails the call too, the size read: see failure(_:).
        if let failure = failure(&status) { throw failure }
        // TurboJPEG 2.1 reads the header with require_image FALSE: a file that ends (or reaches EOI)
        // before its frame header is taken as "tables only" and succeeds, leaving the size at 0×0.
        guard width > 0, height > 0 else { throw ImageFailure("corrupt JPEG: no image before the end of the file") }
        return PixelSize(width: Int(width), height: Int(height))
    }

    /// The scales TurboJPEG decodes at, asked once.
    private static let scalingFactors: [(num: Int, denom: Int)] = {
        var nums = [Int32](repeating: 0, count: 32), denoms = [Int32](repeating: 0, count: 32)
        let count = photorepl_jpeg_scaling_factors(&nums, &denoms, Int32(nums.count))
        return (0..<Int(count)).map { (Int(nums[$0]), Int(denoms[$0])) }
    }()

    /// The smallest DCT scale (1/8 … 1/1) whose output still covers `target`: entropy decoding costs
    /// the same at every scale, but the IDCT, upsampling and colour conversion shrink with it.
    static func scale(for size: PixelSize, atLeast target: PixelSize) -> (num: Int, denom: Int) {
        var best = (num: 1, denom: 1)
        for (num, denom) in scalingFactors {
            guard num <= denom else { continue }  // never enlarge
            let w = (size.width * num + denom - 1) / denom, h = (size.height * num + denom - 1) / denom
            if w >= target.width, h >= target.height, num * best.denom < best.num * denom { best = (num, denom) }
        }
        return best
    }

    static func decode(_ raw: UnsafeRawBufferPointer, size: PixelSize, atLeast target: PixelSize) throws(ImageFailure) -> Pixels {
        let (num, denom) = scale(for: size, atLeast: target)
        let width = (size.width * num + denom - 1) / denom, height = (size.height * num + denom - 1) / denom
        var status = photorepl_jpeg_status()
        var isCMYK: Int32 = 0
        // Not zeroed first: libjpeg-turbo writes every byte (a truncated file's rest in grey).
        var rgba = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
            photorepl_jpeg_decompress(base(raw), raw.count, out.baseAddress, Int32(width), Int32(height), &isCMYK, &status)
            initialized = width * height * 4
        }
        if let failure = failure(&status) { throw failure }
        if isCMYK != 0 { Self.convertCMYKToRGBA(&rgba) }
        return Pixels(width: width, height: height, rgba: rgba)
    }

    /// CMYK as JPEG files store it (Adobe's inverted form: 255 is no ink) to RGB, the way libjpeg-turbo's
    /// own tools do it without a colour profile: R = C × K / 255, and so on. Not a colour-managed
    /// conversion, but a picture of the photo instead of none.
    static func convertCMYKToRGBA(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i + 3 < p.count {
                let k = UInt16(p[i + 3])
                p[i] = UInt8((UInt16(p[i]) * k + 127) / 255)
                p[i + 1] = UInt8((UInt16(p[i + 1]) * k + 127) / 255)
                p[i + 2] = UInt8((UInt16(p[i + 2]) * k + 127) / 255)
                p[i + 3] = 255
                i += 4
            }
        }
    }

    /// Why a TurboJPEG call that returned -1 failed, or nil when it only warned. TurboJPEG 2.1 returns
    /// -1 for warnings too, and tjGetErrorCode says "warning" whenever one came during the call, even
    /// when a fatal error followed (the message is then the error's): a warning is only taken as one
    /// when the message is one of libjpeg's warnings (jerror.h's JWRN_ texts). Most leave a usable
    /// picture, but a file cut short leaves grey where the rest should be.
    private static func failure(_ status: inout photorepl_jpeg_status) -> ImageFailure? {
        let text = withUnsafeBytes(of: &status.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if status.missing != 0 { return ImageFailure(text) }
        guard status.failed != 0 else { return nil }
        if text.contains("Premature end") { return ImageFailure("the JPEG file is truncated (\(text))") }
        if let kind = unsupportedKind(text) {
            return ImageFailure("unsupported JPEG (\(kind)): photorepl shows 8-bit baseline and progressive JPEGs")
        }
        let warned = status.warned != 0 && warnings.contains { text.hasPrefix($0) }
        return warned ? nil : ImageFailure("corrupt JPEG: \(text)")
    }

    /// What kind of JPEG libjpeg-turbo 2.x does not decode, from its message: 12-bit precision, and
    /// the lossless and hierarchical processes (SOF3, SOF5–7, and their arithmetic-coded SOF11, 13–15).
    static func unsupportedKind(_ text: String) -> String? {
        if text.hasPrefix("Unsupported JPEG data precision") {
            return "\(text.split(separator: " ").last.map(String.init) ?? "?")-bit"
        }
        guard text.hasPrefix("Unsupported JPEG process: SOF type 0x") else { return nil }
        switch text.suffix(2).lowercased() {
        case "c3", "cb": return "lossless"
        case "c5", "c6", "c7", "cd", "ce", "cf": return "hierarchical"
        default: return "SOF type 0x\(text.suffix(2))"
        }
    }

    /// The beginnings of libjpeg's warnings (JWRN_*), but for the end of the file, handled apart.
    private static let warnings = [
        "Corrupt JPEG data:", "Warning: unknown JFIF", "Unknown Adobe color transform", "Inconsistent progression sequence",
        "Invalid SOS parameters for sequential JPEG", "Application transferred too many scanlines"
    ]

}

/// libpng through its simplified API, which converts every PNG colour type to RGBA. It is given only
/// the chunks a picture needs, each checked first (PNGChunks).
enum PNG {
    /// The `eXIf` chunk's orientation, description and artist, as a JPEG's EXIF; none when the file
    /// has none (or its chunks are not sound: the decode then says why).
    static func exif(_ raw: UnsafeRawBufferPointer) -> EXIFInfo {
        guard let walk = try? PNGChunks.walk(raw, copying: false), let exif = walk.exif else { return EXIFInfo() }
        return exif.withUnsafeBytes { EXIF.readIFD0($0) }
    }

    /// The common kinds by photorepl's own reader (libdeflate's inflate, scaled as the rows are
    /// unfiltered; an interlaced one from its first passes), scaled down by the largest whole factor
    /// that still covers `target` (the stored shape); any other at full size through libpng. Turned
    /// upright by `orientation` (the `eXIf` chunk's), the source saying so.
    static func decode(_ raw: UnsafeRawBufferPointer, size: PixelSize, orientation: Orientation, atLeast target: PixelSize)
        throws(ImageFailure) -> Pixels
    {
        guard let data = try PNGChunks.imageData(raw) else { return try decodeByLibpng(raw, size: size).oriented(orientation) }
        let factor = size.wholeFactor(covering: target)
        var width: Int32 = 0, height: Int32 = 0, grid: Int32 = 0
        photorepl_png_scaled_size(Int32(size.width), Int32(size.height), data.isInterlaced ? 1 : 0, Int32(factor), &width, &height, &grid)
        let scaled = PixelSize(width: Int(width), height: Int(height))
        let result: Result<Pixels, ImageFailure> = data.idat.withUnsafeBytes { idat in
            do throws(ImageFailure) {
                return .success(
                    try decodeInto(scaled) {
                        _ = photorepl_png_decode(
                            base(idat), idat.count, Int32(size.width), Int32(size.height), Int32(data.channels),
                            Int32(data.depth), data.isInterlaced ? 1 : 0, Int32(factor), &$0)
                    })
            } catch {
                return .failure(error)
            }
        }
        var pixels = try result.get().oriented(orientation)
        if grid > 1 {
            let passes = grid == 8 ? "first Adam7 pass" : "first \(grid == 4 ? 3 : 5) Adam7 passes"
            let gridSize = PixelSize(width: (size.width + Int(grid) - 1) / Int(grid), height: (size.height + Int(grid) - 1) / Int(grid))
            pixels.source = .preview(
                kind: passes, size: orientation.uprightSize(of: gridSize), photo: orientation.uprightSize(of: size),
                decoded: PixelSize(width: pixels.width, height: pixels.height))
        }
        return pixels
    }

    static func decodeByLibpng(_ raw: UnsafeRawBufferPointer, size: PixelSize) throws(ImageFailure) -> Pixels {
        let walk = try PNGChunks.walk(raw)
        let result: Result<Pixels, ImageFailure> = walk.essential.withUnsafeBytes { essential in
            do throws(ImageFailure) { return .success(try decodeEssential(essential, size: size)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// libpng's simplified API, in a child process: the picture whole (4 bytes a pixel) and libpng's
    /// rows.
    private static func decodeEssential(_ raw: UnsafeRawBufferPointer, size: PixelSize) throws(ImageFailure) -> Pixels {
        var request = photorepl_isolated_request()
        request.decoder = Int32(PHOTOREPL_ISOLATED_LIBPNG)
        request.width = Int32(size.width)
        request.height = Int32(size.height)
        request.memory = IsolatedDecoding.memory(size, bytesPerPixel: 4, more: size.width * 16 + (16 << 20))
        try IsolatedDecoding.checkBudget(request.memory, "this kind of PNG is decoded whole, and its \(size) image")
        return try IsolatedDecoding.decode(request, library: "libpng", bytes: raw, size: size)
    }
}
