import Foundation
import Testing
@testable import Imaging

/// WebP, GIF, HEIC and AVIF files were skipped as "not an image". The files are
/// Tests/Fixtures/formats (Scripts/make-test-photos --format-cases, from the JPEGs and PNGs of
/// Examples/photos), each decoded here and compared with what it was made from.
@Suite struct OtherFormatsTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/formats")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    static func pixel(_ pixels: Pixels, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * pixels.width + x) * 4
        return Array(pixels.rgba[i..<i + 4])
    }

    /// The mean of each channel over the picture: pictures of the same photo agree within a few levels.
    static func mean(_ pixels: Pixels) -> [Double] {
        var sums = [0.0, 0.0, 0.0]
        for i in stride(from: 0, to: pixels.rgba.count, by: 4) {
            for c in 0..<3 { sums[c] += Double(pixels.rgba[i + c]) }
        }
        return sums.map { $0 / Double(pixels.width * pixels.height) }
    }

    static func close(_ a: [Double], _ b: [Double], within tolerance: Double) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test(arguments: [
        ("sunset.jpg", ImageFormat.jpeg), ("leaf.png", .png), ("sunset.webp", .webp), ("leaf-lossless.webp", .webp),
        ("animated.webp", .webp), ("leaf.gif", .gif), ("interlaced.gif", .gif), ("sunset.heic", .heic),
        ("sunset.avif", .avif), ("rotated.avif", .avif)
    ])
    func filesAreKnownByTheirContent(name: String, format: ImageFormat) throws {
        let bytes = try Self.bytes(name)
        #expect(bytes.prefix(ImageFormat.sniffedBytes).withUnsafeBytes(ImageFormat.sniff) == format)
    }

    @Test func brandsAndSignaturesThatAreNotImages() {
        func sniff(_ text: String) -> ImageFormat? { Array(text.utf8).withUnsafeBytes(ImageFormat.sniff) }
        #expect(sniff("RIFF\0\0\0\0WAVEfmt ") == nil)  // a RIFF that is not WebP
        #expect(sniff("GIF90a") == nil)
        #expect(sniff("\0\0\0\u{18}ftypisom\0\0\0\0isommp41") == nil)  // an MP4 video
        #expect(sniff("\0\0\0\u{18}ftypmif1\0\0\0\0mif1heic") == .heic)  // the codec among the compatible brands
        #expect(sniff("\0\0\0\u{18}ftypmif1\0\0\0\0mif1avif") == .avif)
        #expect(sniff("RIFF") == nil && sniff("") == nil)
    }

    @Test func headersGiveTheUprightSizeAndTheEXIFText() throws {
        func header(_ name: String) throws -> ImageHeader { try ImageDecoder.header(of: try Self.bytes(name)) }
        // The WebP keeps the JPEG's EXIF chunk: orientation 6 turns 240×160 upright.
        let rotated = try header("rotated.webp")
        #expect(rotated.storedSize == PixelSize(width: 240, height: 160) && rotated.exif.orientation == .right)
        #expect(rotated.uprightSize == PixelSize(width: 160, height: 240))
        #expect(rotated.exif.imageDescription == "Rotated by EXIF (orientation 6)")
        let sunset = try header("sunset.webp")
        #expect(sunset.uprightSize == PixelSize(width: 320, height: 200) && sunset.exif.artist == "Ada Lovelace")
        #expect(try header("leaf.gif").uprightSize == PixelSize(width: 200, height: 200))
        #expect(try header("animated.webp").uprightSize == PixelSize(width: 200, height: 200))
        // HEIF: the size as libheif gives it (its irot applied: avifenc turned EXIF orientation 6 into
        // one), the EXIF's text kept and its orientation never applied a second time.
        let heic = try header("sunset.heic")
        #expect(heic.format == .heic && heic.uprightSize == PixelSize(width: 320, height: 200))
        #expect(heic.exif == EXIFInfo(orientation: .up, imageDescription: "Sunset over the bay", artist: "Ada Lovelace"))
        let avif = try header("rotated.avif")
        #expect(avif.format == .avif && avif.uprightSize == PixelSize(width: 160, height: 240) && avif.exif.orientation == .up)
    }

    /// Each format's pixels are the photo it was made from: the same mean colour as the JPEG's, at
    /// the size asked for (WebP scales while decoding), upright.
    @Test func picturesAreThePhotosTheyWereMadeFrom() throws {
        let box = PixelSize(width: 80, height: 80)
        let jpeg = Self.mean(try ImageDecoder.decode(try Self.bytes("sunset.jpg"), fitting: PixelSize(width: 320, height: 200)))
        let webp = try ImageDecoder.decode(try Self.bytes("sunset.webp"), fitting: box)
        #expect(webp.width == 80 && webp.height == 50, "scaled while decoding: \(webp.width)×\(webp.height)")
        #expect(Self.close(Self.mean(webp), jpeg, within: 6), "\(Self.mean(webp)) against \(jpeg)")
        // HEIF is scaled from libheif's RGB, a GIF while its rows are read: by 4 here, 80×50.
        for (name, size) in [
            ("sunset.heic", PixelSize(width: 80, height: 50)), ("sunset.avif", PixelSize(width: 80, height: 50)),
            ("plain.gif", PixelSize(width: 80, height: 50))
        ] {
            let pixels = try ImageDecoder.decode(try Self.bytes(name), fitting: box)
            #expect(pixels.width == size.width && pixels.height == size.height, "\(name): \(pixels.width)×\(pixels.height)")
            #expect(Self.close(Self.mean(pixels), jpeg, within: 6), "\(name): \(Self.mean(pixels)) against \(jpeg)")
        }
        // Upright: the rotated photo is taller than wide in every format that carries its orientation.
        for name in ["rotated.webp", "rotated.avif"] {
            let pixels = try ImageDecoder.decode(try Self.bytes(name), fitting: PixelSize(width: 500, height: 500))
            #expect(pixels.width == 160 && pixels.height == 240, "\(name): \(pixels.width)×\(pixels.height)")
        }
    }

    @Test func transparencyIsKept() throws {
        let png = try ImageDecoder.decode(try Self.bytes("leaf.png"), fitting: PixelSize(width: 200, height: 200))
        for name in ["leaf.gif", "leaf-lossless.webp"] {
            let pixels = try ImageDecoder.decode(try Self.bytes(name), fitting: PixelSize(width: 200, height: 200))
            #expect(pixels.width == 200 && pixels.height == 200)
            #expect(Self.pixel(pixels, 0, 0)[3] == 0, "\(name): the corner is transparent")
            #expect(Self.pixel(pixels, 100, 100)[3] == 255, "\(name): the middle is not")
            // The lossless WebP is the PNG, pixel for pixel where opaque.
            if name.hasSuffix(".webp") { #expect(Self.pixel(pixels, 100, 100) == Self.pixel(png, 100, 100)) }
        }
    }

    /// Only the first frame: a 100×60 patch at (20, 30) of a 320×200 canvas; the second frame, which
    /// covers the canvas, is never read.
    /// Scaled while decoding, a GIF's blocks keep its transparency: a block half covered is half
    /// opaque, in the colour of its opaque pixels (not darkened by the transparent ones).
    @Test func aScaledGIFKeepsItsTransparency() throws {
        let full = try ImageDecoder.decode(try Self.bytes("frames.gif"), fitting: PixelSize(width: 320, height: 200))
        let scaled = try ImageDecoder.decode(try Self.bytes("frames.gif"), fitting: PixelSize(width: 80, height: 50))
        #expect(scaled.width == 80 && scaled.height == 50)
        // The patch spans x 20…119, y 30…89: block (5, 7) is rows 28…31, half of them covered.
        #expect(Self.pixel(scaled, 5, 7)[3] == 128, "\(Self.pixel(scaled, 5, 7))")
        #expect(Self.pixel(scaled, 10, 10)[3] == 255 && Self.pixel(scaled, 0, 0)[3] == 0)
        let colour = Self.pixel(scaled, 5, 7), below = Self.pixel(full, 21, 31)
        #expect((0..<3).allSatisfy { abs(Int(colour[$0]) - Int(below[$0])) < 40 }, "\(colour) against \(below)")
    }

    @Test func aGIFShowsItsFirstFrameWhereItLies() throws {
        let pixels = try ImageDecoder.decode(try Self.bytes("frames.gif"), fitting: PixelSize(width: 320, height: 200))
        #expect(pixels.width == 320 && pixels.height == 200)
        #expect(Self.pixel(pixels, 70, 60)[3] == 255)
        #expect(Self.pixel(pixels, 19, 60)[3] == 0 && Self.pixel(pixels, 120, 60)[3] == 0)
        #expect(Self.pixel(pixels, 70, 29)[3] == 0 && Self.pixel(pixels, 70, 90)[3] == 0)
        #expect(Self.pixel(pixels, 300, 180)[3] == 0, "the second frame is not drawn")
    }

    /// An interlaced GIF stores its rows out of order (every 8th, then the 4th, 2nd and odd ones):
    /// put back in order, it is the plain GIF of the same photo.
    @Test func anInterlacedGIFIsTheSameAsAPlainOne() throws {
        let interlaced = try ImageDecoder.decode(try Self.bytes("interlaced.gif"), fitting: PixelSize(width: 320, height: 200))
        let plain = try ImageDecoder.decode(try Self.bytes("plain.gif"), fitting: PixelSize(width: 320, height: 200))
        #expect(interlaced.width == plain.width && interlaced.height == plain.height)
        // Row by row: rows out of place would differ by far more than the palettes' rounding.
        var worst = 0.0
        for y in 0..<plain.height {
            var difference = 0
            for x in 0..<plain.width {
                let a = Self.pixel(interlaced, x, y), b = Self.pixel(plain, x, y)
                difference += (0..<3).map { abs(Int(a[$0]) - Int(b[$0])) }.reduce(0, +)
            }
            worst = max(worst, Double(difference) / Double(plain.width * 3))
        }
        #expect(worst < 4, "the worst row differs by \(worst) levels on average")
    }

    @Test func anAnimatedWebPShowsItsFirstFrame() throws {
        let pixels = try ImageDecoder.decode(try Self.bytes("animated.webp"), fitting: PixelSize(width: 200, height: 200))
        #expect(pixels.width == 200 && pixels.height == 200)
        // The first frame is the leaf (transparent corner); the second, the sunset, is opaque.
        #expect(Self.pixel(pixels, 0, 0)[3] == 0 && Self.pixel(pixels, 100, 100)[3] == 255)
    }

    /// A header claiming more pixels than the limits is refused before the decoder allocates anything.
    @Test func headersClaimingTooMuchAreRefused() throws {
        var gif = try Self.bytes("leaf.gif")
        gif[6] = 0xFF
        gif[7] = 0xFF
        gif[8] = 0xFF
        gif[9] = 0xFF  // 65535×65535
        #expect(
            throws: ImageFailure("the image is too large: 65535×65535 pixels (at most 100 megapixels and 30000 a side)", isTooLarge: true)
        ) {
            try ImageDecoder.decode(gif, fitting: PixelSize(width: 80, height: 80))
        }
        // A lossless WebP's size: after the VP8L signature byte, 14 bits of width − 1, 14 of height − 1.
        var webp = try Self.bytes("leaf-lossless.webp")
        #expect(Array(webp[12..<16]) == Array("VP8L".utf8) && webp[20] == 0x2F)
        let bits = UInt32(webp[21]) | UInt32(webp[22]) << 8 | UInt32(webp[23]) << 16 | UInt32(webp[24]) << 24
        let claimed = (bits & ~0x0FFF_FFFF) | 16382 | 16382 << 14  // 16383×16383, the alpha and version bits kept
        webp.replaceSubrange(21..<25, with: (0..<4).map { UInt8(truncatingIfNeeded: claimed >> (8 * $0)) })
        #expect(
            throws: ImageFailure("the image is too large: 16383×16383 pixels (at most 100 megapixels and 30000 a side)", isTooLarge: true)
        ) {
            try ImageDecoder.decode(webp, fitting: PixelSize(width: 80, height: 80))
        }
        var limits = ImageLimits()
        limits.maxPixels = 10_000
        #expect(throws: ImageFailure("the image is too large: 320×200 pixels (at most 0 megapixels and 30000 a side)", isTooLarge: true)) {
            try ImageDecoder.decode(try Self.bytes("sunset.heic"), fitting: PixelSize(width: 80, height: 80), limits: limits)
        }
    }

    /// Found by the `formats` fuzz target: 1,211 bytes of AVIF whose primary item is an overlay
    /// claiming a 24948×25956 canvas (its `ispe` says 160×240). libheif 1.15 allocated 4 GB and
    /// crashed; the canvas is now read from the file and checked before libheif decodes anything.
    @Test func anOverlayClaimingAHugeCanvasIsRefusedBeforeDecoding() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.deletingLastPathComponent().appendingPathComponent("found/overlay-bomb.avif")))
        // Its `ispe` says 160×240; the header (read when the folder is listed) refuses it already.
        #expect(
            throws: ImageFailure("the image is too large: 24948×25956 pixels (at most 100 megapixels and 30000 a side)", isTooLarge: true)
        ) {
            try ImageDecoder.header(of: bytes)
        }
        #expect(
            throws: ImageFailure("the image is too large: 24948×25956 pixels (at most 100 megapixels and 30000 a side)", isTooLarge: true)
        ) {
            try ImageDecoder.decode(bytes, fitting: PixelSize(width: 80, height: 80))
        }
        // The descriptions' layouts: a grid's rows and columns, an overlay's fill colour, then the size
        // in 16 or 32 bits.
        #expect(HEIFBoxes.canvas(of: [0, 0, 1, 2, 0x01, 0x40, 0x00, 0xC8], type: "grid") == PixelSize(width: 320, height: 200))
        #expect(HEIFBoxes.canvas(of: [0, 1, 1, 2, 0, 0, 0x01, 0x40, 0, 0, 0x00, 0xC8], type: "grid") == PixelSize(width: 320, height: 200))
        #expect(
            HEIFBoxes.canvas(of: [0, 0] + [UInt8](repeating: 0, count: 8) + [0x01, 0x40, 0x00, 0xC8], type: "iovl")
                == PixelSize(width: 320, height: 200))
        #expect(HEIFBoxes.canvas(of: [0, 1, 1], type: "grid") == nil)
    }

    /// `bytes` with every `ispe` (an image's stated size), or only the one numbered `only` (from 0),
    /// saying `size`.
    static func stating(_ size: PixelSize, in bytes: [UInt8], only: Int? = nil) -> [UInt8] {
        var bytes = bytes
        var at = 0, number = 0
        while let found = bytes[at...].firstRange(of: Array("ispe".utf8)) {
            let field = found.upperBound + 4  // after the full box's version and flags
            if only == nil || only == number {
                bytes.replaceSubrange(
                    field..<field + 8,
                    with: [size.width, size.height].flatMap { value in
                        (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
                    })
            }
            at = field + 8
            number += 1
        }
        return bytes
    }

    /// A 23 KB HEIC whose `ispe` said 100×100 while its HEVC stream was 10000×10000 was
    /// decoded at full size (650 MB) before anything refused it. The stream's own headers (HEVC's
    /// sequence parameter set, AV1's sequence header) are read and checked before libheif decodes.
    @Test func aStreamLargerThanItsImageSaysIsRefusedBeforeDecoding() throws {
        let heic = Self.stating(PixelSize(width: 32, height: 20), in: try Self.bytes("sunset.heic"))
        #expect(throws: ImageFailure("corrupt HEIC: its HEVC stream is 320×200 pixels, though the file says 32×20")) {
            try ImageDecoder.header(of: heic)
        }
        let avif = Self.stating(PixelSize(width: 32, height: 20), in: try Self.bytes("sunset.avif"))
        #expect(throws: ImageFailure("corrupt AVIF: its AV1 stream is 320×200 pixels, though the file says 32×20")) {
            try ImageDecoder.header(of: avif)
        }
        // A thumbnail's stream is checked as the primary image's is.
        let lyingThumbnail = Self.stating(PixelSize(width: 16, height: 10), in: try Self.bytes("sunset-thumbnail.heic"), only: 1)
        #expect(throws: ImageFailure("corrupt HEIC: its HEVC stream is 160×104 pixels, though the file says 16×10")) {
            try ImageDecoder.header(of: lyingThumbnail)
        }
        // HEVC codes whole blocks (160×100 is coded 160×104): a stream up to 64 pixels larger than
        // its `ispe` is fine.
        let padded = Self.stating(PixelSize(width: 320 - 64, height: 200 - 64), in: try Self.bytes("sunset.heic"))
        #expect(try ImageDecoder.header(of: padded).storedSize == PixelSize(width: 256, height: 136))
    }

    /// The sizes are read wherever a decoder finds them: in the configuration, or in band with the
    /// image's data; a parameter set that cannot be read is refused rather than guessed at.
    @Test func streamSizesAreReadInTheConfigurationAndInBand() throws {
        #expect(CodedSize.hevc(configuration: Self.hvcC) == [PixelSize(width: 320, height: 200)])
        // The same parameter set in the data, after its 4-byte length: found there.
        let sps = Self.sequenceParameterSet
        let inBand = [0, 0, 0, UInt8(sps.count)] + sps
        #expect(CodedSize.hevc(data: inBand, lengthSize: 4) == [PixelSize(width: 320, height: 200)])
        #expect(CodedSize.hevc(data: [0, 0, 0, 4] + Array(sps.prefix(4)), lengthSize: 4) == [nil])
        // sunset.avif's sequence header is in its av1C and again in its data.
        let avif = try Self.bytes("sunset.avif")
        let (configuration, data): ([UInt8], [UInt8]) = avif.withUnsafeBytes { raw in
            let reader = HEIFBoxes.Reader(raw)
            let meta = reader.box("meta", in: 0..<raw.count, isFull: true)!
            let config = reader.properties(of: 1, in: meta).first { $0.type == "av1C" }!
            return (Array(raw[config.contents].dropFirst(4)), reader.itemData(of: 1, in: meta) ?? [])
        }
        let sizes: [PixelSize?] = CodedSize.av1(obus: configuration) + CodedSize.av1(obus: data)
        #expect(!sizes.isEmpty && sizes.allSatisfy { $0 == PixelSize(width: 320, height: 200) }, "\(sizes)")
    }

    /// A box: its size, its type, its contents (a full box's version and flags are the caller's).
    static func box(_ type: String, _ contents: [UInt8]) -> [UInt8] {
        bigEndian(8 + contents.count, 4) + Array(type.utf8) + contents
    }

    static func bigEndian(_ value: Int, _ bytes: Int) -> [UInt8] {
        (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// A HEIF file of `items` HEVC images of 64×64 (the first primary), their `iloc` as given.
    static func heif(items: Int, iloc: [UInt8]) -> [UInt8] {
        let infe = (1...items).flatMap { box("infe", [2, 0, 0, 0] + bigEndian($0, 2) + [0, 0] + Array("hvc1".utf8) + [0]) }
        let ispe = box("ispe", [0, 0, 0, 0] + bigEndian(64, 4) + bigEndian(64, 4))
        let ipma = box("ipma", [0, 0, 0, 0] + bigEndian(items, 4) + (1...items).flatMap { bigEndian($0, 2) + [1, 0x81] })
        let meta = box(
            "meta",
            [0, 0, 0, 0] + box("pitm", [0, 0, 0, 0, 0, 1]) + box("iinf", [0, 0, 0, 0] + bigEndian(items, 2) + infe)
                + box("iprp", box("ipco", ispe) + ipma) + box("iloc", iloc))
        return box("ftyp", Array("heic\0\0\0\0mif1heic".utf8)) + meta
    }

    /// Found while reading the item locations once for every image: `iloc` with fields of zero
    /// bytes (65,535 items of 65,535 extents would be four billion turns reading nothing), and
    /// images whose data are the same bytes (each read again: a file's size times its items).
    @Test func itemLocationsThatWouldTakeForeverAreRefused() throws {
        // Version 1, offsets, lengths and bases of zero bytes; 65,535 items of 65,535 extents.
        let record = Self.bigEndian(1, 2) + [0, 0, 0, 0] + Self.bigEndian(65535, 2)
        let endless = Self.heif(
            items: 1, iloc: [1, 0, 0, 0, 0x00, 0x00] + Self.bigEndian(65535, 2) + Array([[UInt8]](repeating: record, count: 3).joined()))
        endless.withUnsafeBytes { raw in
            let reader = HEIFBoxes.Reader(raw)
            let meta = reader.box("meta", in: 0..<raw.count, isFull: true)!
            #expect(reader.locations(in: meta) == nil)
        }
        #expect(throws: ImageFailure("corrupt HEIC: where its images' data are cannot be read")) {
            try endless.withUnsafeBytes { try HEIFBoxes.check($0, limits: ImageLimits(), format: .heic) }
        }
        // Three images, each the whole file (offset 0, length 0: to the end).
        // After an item's id: its construction method, data reference, one extent of offset 0 and length 0.
        let whole = Self.bigEndian(0, 2) + Self.bigEndian(0, 2) + Self.bigEndian(1, 2) + Self.bigEndian(0, 4) + Self.bigEndian(0, 4)
        let shared = Self.heif(
            items: 3, iloc: [1, 0, 0, 0, 0x44, 0x00] + Self.bigEndian(3, 2) + (1...3).flatMap { Self.bigEndian($0, 2) + whole })
        #expect(throws: ImageFailure("corrupt HEIC: its images' data overlap")) {
            try shared.withUnsafeBytes { try HEIFBoxes.check($0, limits: ImageLimits(), format: .heic) }
        }
        // One such image is a file like any other: its data read once.
        let single = Self.heif(items: 1, iloc: [1, 0, 0, 0, 0x44, 0x00] + Self.bigEndian(1, 2) + Self.bigEndian(1, 2) + whole)
        try single.withUnsafeBytes { try HEIFBoxes.check($0, limits: ImageLimits(), format: .heic) }
    }

    /// Found in review: an eight-byte extent length of all ones read as -1 made a range that traps;
    /// sizes of 2^32 a side (an SPS can say so) overflowed the area's product, even for the folder
    /// listing's unlimited header; an association with a property `ipco` does not have went unchecked.
    @Test func fieldsThatDoNotFitAreRefusedNotTrapped() throws {
        // Version 1, offsets and lengths of 8 bytes, one item of one extent: offset 0, length -1.
        let negative = Self.heif(
            items: 1,
            iloc: [1, 0, 0, 0, 0x88, 0x00] + Self.bigEndian(1, 2) + Self.bigEndian(1, 2)
                + [0, 0, 0, 0] + Self.bigEndian(1, 2) + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8))
        #expect(throws: ImageFailure("corrupt HEIC: where its images' data are cannot be read")) {
            try negative.withUnsafeBytes { try HEIFBoxes.check($0, limits: ImageLimits(), format: .heic) }
        }
        #expect(throws: ImageFailure.self) { try ImageLimits.unlimited.check(PixelSize(width: 1 << 32, height: 1 << 32)) }
        // Item 1 associated with property 5 of an ipco that has one.
        var dangling = Self.heif(
            items: 1,
            iloc: [1, 0, 0, 0, 0x44, 0x00] + Self.bigEndian(1, 2) + Self.bigEndian(1, 2)
                + Self.bigEndian(0, 2) + Self.bigEndian(0, 2) + Self.bigEndian(1, 2) + Self.bigEndian(0, 4) + Self.bigEndian(0, 4))
        let association = try #require(dangling.firstRange(of: [0x00, 0x01, 0x01, 0x81]))
        dangling[association.upperBound - 1] = 0x85
        #expect(throws: ImageFailure("corrupt HEIC: its items and properties cannot all be read")) {
            try dangling.withUnsafeBytes { try HEIFBoxes.check($0, limits: ImageLimits(), format: .heic) }
        }
    }

    /// Found in review: images other than the primary (a grid's tiles, thumbnails) are decoded
    /// whenever it is, so each is held to what a HEIF image may be decoded at; the primary's own size
    /// is judged when it is decoded (when a thumbnail may stand for it).
    @Test func otherImagesAreHeldToTheHEIFCap() throws {
        let bytes = try Self.bytes("sunset-thumbnail.heic")
        var limits = ImageLimits()
        limits.maxHEIFPixels = 10_000  // below the thumbnail's 160×104 and the photo's 320×200
        let failure = #expect(throws: ImageFailure.self) {
            try bytes.withUnsafeBytes { try HEIFBoxes.check($0, limits: limits, format: .heic) }
        }
        #expect(failure?.isTooLarge == true && failure?.reason.contains("160×104") == true, "\(failure?.reason ?? "")")
        limits.maxHEIFPixels = 20_000  // the thumbnail within it, the photo not: checked when decoded
        try bytes.withUnsafeBytes { try HEIFBoxes.check($0, limits: limits, format: .heic) }
    }

    /// sunset.heic's `hvcC` and the sequence parameter set inside it.
    static let hvcC: [UInt8] = {
        let bytes = try! OtherFormatsTests.bytes("sunset.heic")
        return bytes.withUnsafeBytes { raw in
            let reader = HEIFBoxes.Reader(raw)
            let meta = reader.box("meta", in: 0..<raw.count, isFull: true)!
            return Array(raw[reader.properties(of: 1, in: meta).first { $0.type == "hvcC" }!.contents])
        }
    }()
    static let sequenceParameterSet: [UInt8] = {
        var at = 23
        for _ in 0..<Int(hvcC[22]) {
            let type = hvcC[at] & 0x3F, count = Int(hvcC[at + 1]) << 8 | Int(hvcC[at + 2])
            at += 3
            for _ in 0..<count {
                let length = Int(hvcC[at]) << 8 | Int(hvcC[at + 1])
                if type == 33 { return Array(hvcC[at + 2..<at + 2 + length]) }
                at += 2 + length
            }
        }
        return []
    }()

    /// A genuine 23 KB 10000×10000 HEIC took 651 MB to show 385×385 pixels. A HEIC's or
    /// AVIF's image is decoded at full size only up to its own cap; a phone's thumbnail that covers
    /// the picture is decoded instead, whatever the photo's size.
    @Test func aHEIFIsShownFromItsThumbnailWhenItCoversThePicture() throws {
        let bytes = try Self.bytes("sunset-thumbnail.heic")
        let small = try ImageDecoder.decode(bytes, fitting: PixelSize(width: 100, height: 100))
        #expect(
            small.source
                == .preview(
                    kind: "HEIF thumbnail", size: PixelSize(width: 160, height: 100),
                    photo: PixelSize(width: 320, height: 200), decoded: PixelSize(width: 160, height: 100)))
        let large = try ImageDecoder.decode(bytes, fitting: PixelSize(width: 200, height: 200))
        #expect(
            large.source == .file(format: "HEIC", stored: PixelSize(width: 320, height: 200), decoded: PixelSize(width: 320, height: 200)))
        #expect(Self.close(Self.mean(small), Self.mean(large), within: 6), "\(Self.mean(small)) \(Self.mean(large))")

        var limits = ImageLimits()
        limits.maxHEIFPixels = 60_000  // below the photo's 64,000
        #expect(try ImageDecoder.decode(bytes, fitting: PixelSize(width: 100, height: 100), limits: limits).width == 160)
        // Too large to decode, and no thumbnail covers the picture: the largest thumbnail, not nothing.
        let smaller = try ImageDecoder.decode(bytes, fitting: PixelSize(width: 200, height: 200), limits: limits)
        #expect(
            smaller.source
                == .preview(
                    kind: "HEIF thumbnail", size: PixelSize(width: 160, height: 100),
                    photo: PixelSize(width: 320, height: 200), decoded: PixelSize(width: 160, height: 100)))
        #expect(
            throws: ImageFailure(
                "the image is too large: 320×200 pixels (at most 0 megapixels for a HEIC that is neither a grid of tiles nor has a thumbnail)",
                isTooLarge: true)
        ) {
            try ImageDecoder.decode(try Self.bytes("sunset.heic"), fitting: PixelSize(width: 40, height: 40), limits: limits)
        }
    }

    /// A 985-byte HEIC whose thumbnail was a `grid` claiming a 30000×30000 canvas was
    /// decoded by libheif at that canvas (only its `ispe` was checked): SIGSEGV at 2.1 GB. Every
    /// derived image's canvas is checked now, against the limits and against its `ispe`.
    /// grid-thumbnail.heic (Scripts/make-test-photos: heif-enc 1.15, `-t 80`, of a 160×100 sunset):
    /// a thumbnail of 80×50 that is a `grid` of one tile, as heif-enc writes images under 64 pixels.
    @Test func aThumbnailThatIsAGridIsCheckedBeforeDecoding() throws {
        let bytes = try Self.bytes("grid-thumbnail.heic")
        // The grid's description: version, flags (16-bit sizes), one row, one column, 80×50.
        let description = try #require(bytes.firstRange(of: [0, 0, 0, 0, 0x00, 0x50, 0x00, 0x32] as [UInt8]))
        func canvas(_ width: Int, _ height: Int) -> [UInt8] {
            var edited = bytes
            edited.replaceSubrange(
                description.lowerBound + 4..<description.upperBound, with: Self.bigEndian(width, 2) + Self.bigEndian(height, 2))
            return edited
        }
        // As written, the grid is a thumbnail like another: it covers a 60×60 box.
        let small = try ImageDecoder.decode(bytes, fitting: PixelSize(width: 60, height: 60))
        #expect(
            small.source
                == .preview(
                    kind: "HEIF thumbnail", size: PixelSize(width: 80, height: 50),
                    photo: PixelSize(width: 160, height: 100), decoded: PixelSize(width: 80, height: 50)), "\(small.source)")
        // 30000×30000: refused by the header, before libheif decodes anything (it crashed).
        let bomb = canvas(30000, 30000)
        let tooLarge = ImageFailure("the image is too large: 30000×30000 pixels (at most 50 megapixels and 30000 a side)", isTooLarge: true)
        try #require(throws: tooLarge) { try bomb.withUnsafeBytes { try HEIFBoxes.check($0, limits: ImageLimits(), format: .heic) } }
        #expect(throws: tooLarge) { try ImageDecoder.decode(bomb, fitting: PixelSize(width: 60, height: 60)) }
        // Within the limits but larger than the 80×50 it says it is: refused too.
        #expect(throws: ImageFailure("corrupt HEIC: its grid image is 4000×2500 pixels, though the file says 80×50")) {
            try ImageDecoder.header(of: canvas(4000, 2500))
        }
    }

    /// A thumbnail is picked only when decoding it decodes what `check` held to a thumbnail's size:
    /// a grid whose tile is the primary image (or an `iden` or overlay of it) would decode the whole
    /// photo, at the photo's size, to show a thumbnail.
    @Test func aThumbnailThatDecodesThePhotoIsNotPicked() throws {
        let bytes = try Self.bytes("grid-thumbnail.heic")
        #expect(bytes.withUnsafeBytes(HEIFBoxes.thumbnails) == [PixelSize(width: 80, height: 50)])
        // `dimg` from the grid (item 4) to its tile (item 3), made the primary (item 1).
        var edited = bytes
        let reference = try #require(bytes.firstRange(of: Array("dimg".utf8) + [0, 4, 0, 1, 0, 3]))
        edited[reference.upperBound - 1] = 1
        #expect(edited.withUnsafeBytes(HEIFBoxes.thumbnails) == [nil])
        let pixels = try ImageDecoder.decode(edited, fitting: PixelSize(width: 60, height: 60))
        #expect(
            pixels.source == .file(format: "HEIC", stored: PixelSize(width: 160, height: 100), decoded: PixelSize(width: 80, height: 50)),
            "\(pixels.source)")
        // sunset-thumbnail.heic's thumbnail is a coded image: picked.
        #expect(try Self.bytes("sunset-thumbnail.heic").withUnsafeBytes(HEIFBoxes.thumbnails) == [PixelSize(width: 160, height: 100)])
    }

    /// Found in review: an item whose data are in `idat` walked all of
    /// meta's boxes again to find it; 16,384 such items in a meta of 4,096 boxes.
    @Test func itemsInIdatAreLocatedInLinearTime() throws {
        // iloc version 1, no offset, length or base fields; 16,384 items of construction method 1, no extents.
        let items = 16_384
        let iloc = Self.box(
            "iloc",
            [1, 0, 0, 0, 0x00, 0x00] + Self.bigEndian(items, 2)
                + (1...items).flatMap { Self.bigEndian($0, 2) + Self.bigEndian(1, 2) + Self.bigEndian(0, 2) + Self.bigEndian(0, 2) })
        let filler = Array([[UInt8]](repeating: Self.box("free", []), count: 4_000).joined())
        let meta = Self.box("meta", [0, 0, 0, 0] + filler + iloc + Self.box("idat", [1, 2, 3]))
        let file = Self.box("ftyp", Array("heic\0\0\0\0mif1heic".utf8)) + meta
        // Every item found (142 s in a debug build before; the time is not a test's to assert).
        let located = file.withUnsafeBytes { raw in
            let reader = HEIFBoxes.Reader(raw)
            return reader.locations(in: reader.box("meta", in: 0..<raw.count, isFull: true)!)
        }
        #expect(located?.count == items)
    }

    /// A file cut anywhere is one line saying so, never a crash (each cut of each file, every 97 bytes).
    @Test(arguments: ["sunset.webp", "leaf-lossless.webp", "animated.webp", "leaf.gif", "interlaced.gif", "sunset.heic", "sunset.avif"])
    func truncatedFilesFailWithOneLine(name: String) throws {
        let bytes = try Self.bytes(name)
        for cut in stride(from: 1, to: bytes.count, by: 97) {
            do {
                _ = try ImageDecoder.decode(Array(bytes.prefix(cut)), fitting: PixelSize(width: 80, height: 80))
            } catch {
                #expect(!error.reason.isEmpty && !error.reason.contains("\n"), "\(name) cut at \(cut)")
            }
        }
        let half = Array(bytes.prefix(bytes.count / 2))
        let failure = #expect(throws: ImageFailure.self) { try ImageDecoder.decode(half, fitting: PixelSize(width: 80, height: 80)) }
        let expected = name.hasSuffix(".webp") ? ["WebP"] : name.hasSuffix(".gif") ? ["corrupt GIF"] : ["corrupt HEIC", "corrupt AVIF"]
        #expect(expected.contains { failure?.reason.contains($0) == true }, "\(name): \(failure?.reason ?? "")")
    }
}
