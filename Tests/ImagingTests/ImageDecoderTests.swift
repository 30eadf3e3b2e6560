import CPNG
import CTurboJPEG
import CZlib
import Testing
@testable import Imaging

/// Real JPEG and PNG files, made in the test with the same libraries the decoder reads them with.
enum ImageFiles {
    /// A JPEG (4:2:0, the given quality; baseline, or progressive by libjpeg's standard script: the DC
    /// scan first) of `pixels`, by TurboJPEG's compressor.
    static func jpeg(_ pixels: Pixels, quality: Int32 = 90, progressive: Bool = false, subsampling: TJSAMP = TJSAMP_420) -> [UInt8] {
        guard let handle = tjInitCompress() else { fatalError("tjInitCompress failed") }
        defer { tjDestroy(handle) }
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = pixels.rgba.withUnsafeBufferPointer { p in
            tjCompress2(
                handle, p.baseAddress, Int32(pixels.width), 0, Int32(pixels.height), Int32(TJPF_RGBA.rawValue),
                &buffer, &size, Int32(subsampling.rawValue), quality, progressive ? TJFLAG_PROGRESSIVE : 0)
        }
        precondition(status == 0 && buffer != nil, "tjCompress2 failed")
        defer { tjFree(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    /// An 8-bit RGBA PNG of `pixels`, by libpng's simplified write API.
    static func png(_ pixels: Pixels) -> [UInt8] {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(pixels.width)
        image.height = UInt32(pixels.height)
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // PNG_FORMAT_RGBA
        var size = 0
        let sized = pixels.rgba.withUnsafeBytes { png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, 0, nil) }
        precondition(sized != 0 && size > 0, "png_image_write_to_memory could not size the file")
        var out = [UInt8](repeating: 0, count: size)
        let written = out.withUnsafeMutableBytes { o in
            pixels.rgba.withUnsafeBytes { png_image_write_to_memory(&image, o.baseAddress, &size, 0, $0.baseAddress, 0, nil) }
        }
        precondition(written != 0, "png_image_write_to_memory failed")
        png_image_free(&image)
        return Array(out[..<size])
    }

    /// `width`×`height` of one colour.
    static func flat(_ width: Int, _ height: Int, _ colour: [UInt8]) -> Pixels {
        Pixels(width: width, height: height, rgba: Array([[UInt8]](repeating: colour, count: width * height).joined()))
    }

    /// Deterministic noise (xorshift), opaque or with noisy alpha: it does not compress, so most of
    /// a file is image data, not header.
    static func noise(_ width: Int, _ height: Int, alpha: Bool = false, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> Pixels {
        var state = seed
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for i in rgba.indices {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            rgba[i] = UInt8(truncatingIfNeeded: state >> 24)
            if !alpha, i % 4 == 3 { rgba[i] = 255 }
        }
        return Pixels(width: width, height: height, rgba: rgba)
    }

    /// Where the first chunk of `type` starts (its length field), in a PNG file.
    static func pngChunk(_ type: String, in file: [UInt8]) -> (offset: Int, length: Int)? {
        var i = 8
        while i + 8 <= file.count {
            let length = Int(file[i]) << 24 | Int(file[i + 1]) << 16 | Int(file[i + 2]) << 8 | Int(file[i + 3])
            if Array(file[(i + 4)..<(i + 8)]) == Array(type.utf8) { return (i, length) }
            i += 12 + length
        }
        return nil
    }

    /// The PNG with its IHDR claiming `width`×`height`, the chunk's CRC fixed (zlib's crc32).
    static func png(_ file: [UInt8], claiming width: UInt32, _ height: UInt32) -> [UInt8] {
        guard let (offset, length) = pngChunk("IHDR", in: file), length == 13 else { fatalError("no IHDR") }
        var out = file
        for (k, value) in [width, height].enumerated() {
            for b in 0..<4 { out[offset + 8 + 4 * k + b] = UInt8(truncatingIfNeeded: value >> (24 - 8 * b)) }
        }
        let crc = out[(offset + 4)..<(offset + 8 + 13)].withContiguousStorageIfAvailable { p in
            crc32(0, p.baseAddress, UInt32(p.count))
        }!
        for b in 0..<4 { out[offset + 8 + 13 + b] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * b)) }
        return out
    }

    /// The JPEG with its SOF0 claiming `width`×`height`.
    static func jpeg(_ file: [UInt8], claiming width: Int, _ height: Int) -> [UInt8] {
        guard let sof = (2..<(file.count - 1)).first(where: { file[$0] == 0xFF && file[$0 + 1] == 0xC0 }) else { fatalError("no SOF0") }
        var out = file
        // FF C0, length (2), precision (1), height (2), width (2).
        out[sof + 5] = UInt8(height >> 8)
        out[sof + 6] = UInt8(height & 0xFF)
        out[sof + 7] = UInt8(width >> 8)
        out[sof + 8] = UInt8(width & 0xFF)
        return out
    }

    /// The JPEG with an EXIF APP1 holding orientation `value` right after its SOI.
    static func jpeg(_ file: [UInt8], orientation value: Int) -> [UInt8] {
        let app1 = EXIFFixture.segment(0xE1, EXIFFixture.exif(EXIFFixture.tiff([.short(0x0112, UInt16(value))], bigEndian: value % 2 == 0)))
        return Array(file[..<2]) + app1 + Array(file[2...])
    }
}

/// The decoder's failure, or nil when `body` did not throw.
private func failure<T>(_ body: () throws -> T) -> ImageFailure? {
    do {
        _ = try body()
        return nil
    } catch let error as ImageFailure {
        return error
    } catch {
        Issue.record("not an ImageFailure: \(error)")
        return nil
    }
}

private func pixel(_ p: Pixels, _ x: Int, _ y: Int) -> [Int] {
    let i = (y * p.width + x) * 4
    return p.rgba[i..<(i + 4)].map(Int.init)
}

private func near(_ a: [Int], _ b: [Int], within tolerance: Int) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

@Suite struct ImageDecoderTests {
    static let big = PixelSize(width: 10_000, height: 10_000)

    // MARK: Sniffing

    @Test func formatsAreToldApartByContent() throws {
        let jpeg = ImageFiles.jpeg(ImageFiles.flat(16, 8, [10, 200, 30, 255]))
        let png = ImageFiles.png(ImageFiles.flat(16, 8, [10, 200, 30, 255]))
        #expect(jpeg.withUnsafeBytes { ImageFormat.sniff($0) } == .jpeg)
        #expect(png.withUnsafeBytes { ImageFormat.sniff($0) } == .png)
        // Nothing but the bytes goes in: whatever the file was called, these are a JPEG and a PNG.
        let jpegHeader = try ImageDecoder.header(of: jpeg)
        #expect(jpegHeader.format == .jpeg && jpegHeader.storedSize == PixelSize(width: 16, height: 8))
        let pngHeader = try ImageDecoder.header(of: png)
        #expect(pngHeader == ImageHeader(format: .png, storedSize: PixelSize(width: 16, height: 8), exif: EXIFInfo()))
        let decoded = try ImageDecoder.decode(jpeg, fitting: Self.big)
        #expect(decoded.width == 16 && decoded.height == 8)
        #expect(near(pixel(decoded, 7, 3), [10, 200, 30, 255], within: 6))

        let text = Array("JFIF? no, just a text file named photo.jpg\n".utf8)
        #expect(text.withUnsafeBytes { ImageFormat.sniff($0) } == nil)
        #expect(
            failure { try ImageDecoder.header(of: text) }
                == ImageFailure("not a JPEG, PNG, WebP, GIF, HEIC, AVIF, JPEG XL, TIFF or camera RAW image"))
        #expect(
            failure { try ImageDecoder.decode(text, fitting: Self.big) }
                == ImageFailure("not a JPEG, PNG, WebP, GIF, HEIC, AVIF, JPEG XL, TIFF or camera RAW image"))
        #expect(failure { try ImageDecoder.decode([], fitting: Self.big) } == ImageFailure("the file is empty"))
        #expect(failure { try ImageDecoder.header(of: []) } == ImageFailure("the file is empty"))
        // Almost a signature is no signature.
        for almost: [UInt8] in [[0xFF], [0xFF, 0xD8], [0xFF, 0xD9, 0xFF], Array(png[..<7]), [0x89] + Array("PNG\r\n\u{1A}\r".utf8)] {
            #expect(almost.withUnsafeBytes { ImageFormat.sniff($0) } == nil)
            #expect(
                failure { try ImageDecoder.decode(almost, fitting: Self.big) }
                    == ImageFailure("not a JPEG, PNG, WebP, GIF, HEIC, AVIF, JPEG XL, TIFF or camera RAW image"))
        }
    }

    // MARK: DCT scaling

    @Test func scaleIsTheSmallestThatCoversTheTarget() {
        let camera = PixelSize(width: 4000, height: 3000)
        func scale(_ w: Int, _ h: Int, of size: PixelSize = camera) -> [Int] {
            let s = JPEG.scale(for: size, atLeast: PixelSize(width: w, height: h))
            return [s.num, s.denom]
        }
        #expect(scale(640, 480) == [1, 4])  // 1000×750; 1/8 would be 500×375
        #expect(scale(480, 360) == [1, 8])  // 500×375
        #expect(scale(500, 375) == [1, 8])  // exactly 1/8
        #expect(scale(501, 375) == [1, 4])  // one pixel more than 1/8 gives
        #expect(scale(4000, 3000) == [1, 1])
        #expect(scale(1500, 1125) == [3, 8])  // libjpeg-turbo's in-between scales are used too
        // Never above 1, however large the target.
        #expect(scale(8000, 6000) == [1, 1])
        #expect(scale(100_000, 1) == [1, 1])
        // Rounded up: 1/8 of 4001 is 500.125, which covers 501.
        #expect(scale(501, 1, of: PixelSize(width: 4001, height: 8)) == [1, 8])
    }

    @Test func decodingScalesToTheBox() throws {
        let file = ImageFiles.jpeg(ImageFiles.flat(1600, 1200, [90, 140, 200, 255]))
        let small = try ImageDecoder.decode(file, fitting: PixelSize(width: 200, height: 200))
        #expect(PixelSize(width: small.width, height: small.height) == PixelSize(width: 200, height: 150))
        let medium = try ImageDecoder.decode(file, fitting: PixelSize(width: 400, height: 400))
        #expect(PixelSize(width: medium.width, height: medium.height) == PixelSize(width: 400, height: 300))
        let full = try ImageDecoder.decode(file, fitting: PixelSize(width: 5000, height: 5000))
        #expect(PixelSize(width: full.width, height: full.height) == PixelSize(width: 1600, height: 1200))
        for picture in [small, medium, full] {
            #expect(near(pixel(picture, picture.width / 2, picture.height / 2), [90, 140, 200, 255], within: 6))
        }
        // PNG is scaled as its rows are unfiltered, by the largest whole factor that covers the box:
        // 10 here, 30×10.
        let png = ImageFiles.png(ImageFiles.flat(300, 100, [1, 2, 3, 255]))
        let decoded = try ImageDecoder.decode(png, fitting: PixelSize(width: 30, height: 30))
        #expect(decoded.width == 30 && decoded.height == 10 && decoded.rgba == ImageFiles.flat(30, 10, [1, 2, 3, 255]).rgba)
    }

    // MARK: EXIF orientation

    static let red: [Int] = [255, 0, 0, 255], blue: [Int] = [0, 0, 255, 255]
    static let green: [Int] = [0, 255, 0, 255], white: [Int] = [255, 255, 255, 255]

    /// 64×32 stored: red top-left, blue top-right, green bottom-left, white bottom-right. The
    /// quadrants are 32×16, whole 16×16 MCUs, so only a pixel or two at their edges is blurred.
    static func quadrants() -> Pixels {
        var rgba: [UInt8] = []
        for y in 0..<32 {
            for x in 0..<64 {
                let colour = y < 16 ? (x < 32 ? red : blue) : (x < 32 ? green : white)
                rgba += colour.map { UInt8($0) }
            }
        }
        return Pixels(width: 64, height: 32, rgba: rgba)
    }

    /// The stored pixel shown at upright (x, y), from the EXIF definition (w×h stored).
    static func storedPoint(_ orientation: Int, x: Int, y: Int, w: Int, h: Int) -> (Int, Int) {
        switch orientation {
        case 1: (x, y)
        case 2: (w - 1 - x, y)
        case 3: (w - 1 - x, h - 1 - y)
        case 4: (x, h - 1 - y)
        case 5: (y, x)
        case 6: (y, h - 1 - x)
        case 7: (w - 1 - y, h - 1 - x)
        default: (w - 1 - y, x)
        }
    }

    @Test(arguments: 1...8) func orientationIsApplied(value: Int) throws {
        let plainFile = ImageFiles.jpeg(Self.quadrants())
        let file = ImageFiles.jpeg(plainFile, orientation: value)
        let header = try ImageDecoder.header(of: file)
        #expect(header.exif.orientation.rawValue == value)
        #expect(header.storedSize == PixelSize(width: 64, height: 32))
        let upright = value >= 5 ? PixelSize(width: 32, height: 64) : PixelSize(width: 64, height: 32)
        #expect(header.uprightSize == upright)

        let decoded = try ImageDecoder.decode(file, fitting: Self.big)
        #expect(PixelSize(width: decoded.width, height: decoded.height) == upright)
        // The same scan decoded without EXIF, then turned: the very same pixels.
        let plain = try ImageDecoder.decode(plainFile, fitting: Self.big)
        #expect(PixelSize(width: plain.width, height: plain.height) == PixelSize(width: 64, height: 32))
        let expected = plain.oriented(Orientation(rawValue: value)!)
        #expect(decoded == expected)
        // And the colours where the definition puts them, away from the quadrants' edges.
        for y in stride(from: 4, to: upright.height, by: 8) {
            for x in stride(from: 4, to: upright.width, by: 8) {
                let (sx, sy) = Self.storedPoint(value, x: x, y: y, w: 64, h: 32)
                let colour = sy < 16 ? (sx < 32 ? Self.red : Self.blue) : (sx < 32 ? Self.green : Self.white)
                #expect(near(pixel(decoded, x, y), colour, within: 12), "orientation \(value) at (\(x), \(y))")
                #expect(near(pixel(decoded, x, y), pixel(expected, x, y), within: 3))
            }
        }
    }

    /// With orientation 6 the box is upright, so the stored picture is decoded to the turned box.
    @Test func scalingAsksForTheStoredShapeOfATurnedPicture() throws {
        let file = ImageFiles.jpeg(ImageFiles.jpeg(ImageFiles.flat(1600, 1200, [200, 100, 50, 255])), orientation: 6)
        let decoded = try ImageDecoder.decode(file, fitting: PixelSize(width: 150, height: 400))
        // Upright 1200×1600 fitted in 150×400 is 150×200: 1/8 of the stored 1600×1200 is 200×150.
        #expect(PixelSize(width: decoded.width, height: decoded.height) == PixelSize(width: 150, height: 200))
    }

    // MARK: Limits

    @Test func limitsAreCheckedOnTheHeader() throws {
        let png = ImageFiles.png(ImageFiles.noise(8, 8))
        let jpeg = ImageFiles.jpeg(ImageFiles.noise(16, 16))
        let hugePNG = ImageFiles.png(png, claiming: 20_000, 20_000)
        let hugeJPEG = ImageFiles.jpeg(jpeg, claiming: 20_000, 20_000)
        // The patched files are still well-formed headers: only the size is wrong.
        #expect(hugePNG.withUnsafeBytes { try? PNGChunks.size($0) } == PixelSize(width: 20_000, height: 20_000))
        #expect(hugeJPEG.withUnsafeBytes { try? JPEG.size($0) } == PixelSize(width: 20_000, height: 20_000))
        let tooLarge = "the image is too large: 20000×20000 pixels (at most 100 megapixels and 30000 a side)"
        for file in [hugePNG, hugeJPEG] {
            #expect(failure { try ImageDecoder.header(of: file) } == ImageFailure(tooLarge, isTooLarge: true))
            #expect(
                failure { try ImageDecoder.decode(file, fitting: PixelSize(width: 100, height: 100)) }
                    == ImageFailure(tooLarge, isTooLarge: true))
        }
        // One side too long, however few pixels in all.
        for file in [
            ImageFiles.png(png, claiming: 30_001, 1), ImageFiles.jpeg(jpeg, claiming: 30_001, 1),
            ImageFiles.png(png, claiming: 1, 30_001)
        ] {
            let reason = failure { try ImageDecoder.decode(file, fitting: PixelSize(width: 100, height: 100)) }?.reason ?? ""
            #expect(reason.contains("too large"), "\(reason)")
        }
        // At the limit is allowed (the header; the pixels are not there to decode).
        #expect(try ImageDecoder.header(of: ImageFiles.png(png, claiming: 30_000, 1)).storedSize == PixelSize(width: 30_000, height: 1))
        #expect(
            try ImageDecoder.header(of: ImageFiles.jpeg(jpeg, claiming: 10_000, 10_000)).storedSize
                == PixelSize(width: 10_000, height: 10_000))
    }

    @Test func smallerLimitsRefuseANormalPicture() throws {
        let png = ImageFiles.png(ImageFiles.noise(64, 32))
        let jpeg = ImageFiles.jpeg(ImageFiles.noise(64, 32))
        var limits = ImageLimits()
        #expect(limits.maxPixels == 100_000_000 && limits.maxSide == 30_000)
        limits.maxPixels = 2_047
        for file in [png, jpeg] {
            let reason = failure { try ImageDecoder.decode(file, fitting: Self.big, limits: limits) }?.reason ?? ""
            #expect(reason.hasPrefix("the image is too large: 64×32 pixels"), "\(reason)")
        }
        limits.maxPixels = 2_048  // exactly 64×32
        #expect(try ImageDecoder.decode(png, fitting: Self.big, limits: limits) == ImageFiles.noise(64, 32))
        limits.maxSide = 63
        for file in [png, jpeg] {
            #expect(failure { try ImageDecoder.header(of: file, limits: limits) }?.reason.contains("too large") == true)
        }
        limits.maxSide = 64
        #expect(try ImageDecoder.header(of: jpeg, limits: limits).storedSize == PixelSize(width: 64, height: 32))
    }

    // MARK: Corrupt and truncated files

    @Test func aJPEGCutInHalfIsTruncated() throws {
        let file = ImageFiles.jpeg(ImageFiles.noise(128, 128))
        let cut = Array(file[..<(file.count / 2)])
        // The header is whole: the size is known, the pixels are not.
        #expect(try ImageDecoder.header(of: cut).storedSize == PixelSize(width: 128, height: 128))
        let reason = failure { try ImageDecoder.decode(cut, fitting: Self.big) }?.reason ?? ""
        #expect(reason.contains("truncated"), "\(reason)")
        #expect(try ImageDecoder.decode(file, fitting: Self.big).width == 128)
    }

    @Test func garbageAfterTheSOIIsACorruptJPEG() {
        var state: UInt64 = 12345
        let garbage = (0..<500).map { _ -> UInt8 in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        for file: [UInt8] in [
            [0xFF, 0xD8, 0xFF] + garbage, [0xFF, 0xD8, 0xFF, 0xE0] + Array("hello, world".utf8),
            [0xFF, 0xD8, 0xFF, 0xD9], [0xFF, 0xD8, 0xFF]
        ] {
            let reason = failure { try ImageDecoder.decode(file, fitting: Self.big) }?.reason ?? ""
            #expect(reason.hasPrefix("corrupt JPEG: "), "\(reason)")
        }
    }

    @Test func aPNGCutInItsImageDataFails() throws {
        let picture = ImageFiles.noise(64, 64, alpha: true)
        let file = ImageFiles.png(picture)
        #expect(try ImageDecoder.decode(file, fitting: Self.big) == picture)  // lossless, alpha and all
        let (offset, length) = try #require(ImageFiles.pngChunk("IDAT", in: file))
        #expect(length > 1000)
        let cut = Array(file[..<(offset + 8 + length / 2)])
        #expect(try ImageDecoder.header(of: cut).storedSize == PixelSize(width: 64, height: 64))
        let reason = failure { try ImageDecoder.decode(cut, fitting: Self.big) }?.reason ?? ""
        #expect(reason.hasPrefix("the PNG file is truncated") || reason.hasPrefix("corrupt PNG"), "\(reason)")
        // Garbage after the signature.
        let garbage = Array(file[..<8]) + Array("not a chunk at all, just text".utf8)
        #expect(failure { try ImageDecoder.decode(garbage, fitting: Self.big) }?.reason.hasPrefix("corrupt PNG: ") == true)
    }

    /// Cut anywhere: a failure, never a trap, and never a half picture passed off as whole.
    @Test func everyPrefixOfAJPEGIsSafe() throws {
        let file = ImageFiles.jpeg(ImageFiles.noise(24, 16))
        let whole = try ImageDecoder.decode(file, fitting: Self.big)
        #expect(whole.width == 24 && whole.height == 16)
        let sos = try #require((2..<(file.count - 1)).first { file[$0] == 0xFF && file[$0 + 1] == 0xDA })
        let scan = sos + 2 + (Int(file[sos + 2]) << 8 | Int(file[sos + 3]))
        var decoded = 0
        for length in 0..<file.count {
            do throws(ImageFailure) {
                let pixels = try ImageDecoder.decode(Array(file[..<length]), fitting: Self.big)
                #expect(pixels == whole, "prefix of \(length) of \(file.count) bytes")
                decoded += 1
            } catch {
                #expect(!error.reason.isEmpty)
                // Cut anywhere after the scan header: short of data, not corrupt.
                if length >= scan { #expect(error.reason.hasPrefix("the JPEG file is truncated"), "\(length): \(error.reason)") }
                if length < 3 {
                    #expect(
                        error.reason
                            == (length == 0
                                ? "the file is empty" : "not a JPEG, PNG, WebP, GIF, HEIC, AVIF, JPEG XL, TIFF or camera RAW image"))
                }
            }
        }
        #expect(decoded == 0)
    }

    /// libjpeg warns about bytes between segments and decodes the picture: so must we.
    @Test func strayBytesBetweenSegmentsAreOnlyAWarning() throws {
        let plain = ImageFiles.jpeg(Self.quadrants())
        let app0End = 4 + (Int(plain[4]) << 8 | Int(plain[5]))
        #expect(Array(plain[2..<4]) == [0xFF, 0xE0])
        let stray = Array(plain[..<app0End]) + [0x00, 0x00, 0x00] + Array(plain[app0End...])
        #expect(try ImageDecoder.header(of: stray).storedSize == PixelSize(width: 64, height: 32))
        #expect(try ImageDecoder.decode(stray, fitting: Self.big) == ImageDecoder.decode(plain, fitting: Self.big))
        // A fatal error after that warning is still an error (TurboJPEG calls the whole call a warning).
        let sos = try #require((2..<(stray.count - 1)).first { stray[$0] == 0xFF && stray[$0 + 1] == 0xDA })
        for cut in [sos + 5, sos + 7] {
            let reason = failure { try ImageDecoder.decode(Array(stray[..<cut]), fitting: Self.big) }?.reason ?? ""
            #expect(reason.hasPrefix("corrupt JPEG: ") || reason.hasPrefix("the JPEG file is truncated"), "\(cut): \(reason)")
        }
    }

    @Test func everyPrefixOfAPNGIsSafe() {
        let picture = ImageFiles.noise(12, 10, alpha: true)
        let file = ImageFiles.png(picture)
        for length in 0...file.count {
            do throws(ImageFailure) {
                let pixels = try ImageDecoder.decode(Array(file[..<length]), fitting: Self.big)
                // libpng needs the whole image data: anything it returns is the whole picture.
                #expect(pixels == picture, "prefix of \(length) of \(file.count) bytes")
            } catch {
                #expect(!error.reason.isEmpty)
            }
        }
        #expect(failure { try ImageDecoder.decode(file, fitting: Self.big) } == nil)
    }

    // MARK: Resampling

    static func picture(_ width: Int, _ pixels: [[UInt8]]) -> Pixels {
        Pixels(width: width, height: pixels.count / width, rgba: pixels.flatMap { $0 })
    }

    @Test func resamplingAveragesExactly() {
        // 4×2 to 2×1: each output pixel is the rounded mean of a 2×2 block.
        let source = Self.picture(
            4,
            [
                [0, 0, 0, 255], [100, 50, 10, 255], [10, 20, 30, 255], [200, 200, 200, 255],
                [200, 150, 21, 255], [40, 40, 40, 255], [30, 40, 50, 255], [0, 0, 0, 255]
            ])
        // (0+100+200+40)/4 = 85, (0+50+150+40)/4 = 60, (0+10+21+40)/4 = 17.75 → 18;
        // (10+200+30+0)/4 = 60, (20+200+40+0)/4 = 65, (30+200+50+0)/4 = 70.
        #expect(source.resampled(to: PixelSize(width: 2, height: 1)) == Self.picture(2, [[85, 60, 18, 255], [60, 65, 70, 255]]))
        // 3×1 to 2×1: each output pixel covers one and a half: the middle pixel is half in each.
        // (2×9 + 10)/3 = 9.3, (2×9 + 20)/3 = 12.7, (2×9 + 30)/3 = 16; (10 + 2×20)/3 = 16.7, (20 + 2×40)/3 = 33.3, (30 + 2×61)/3 = 50.7.
        let three = Self.picture(3, [[9, 9, 9, 255], [10, 20, 30, 255], [20, 40, 61, 255]])
        #expect(three.resampled(to: PixelSize(width: 2, height: 1)) == Self.picture(2, [[9, 13, 16, 255], [17, 33, 51, 255]]))
        // All of it to one pixel.
        #expect(source.resampled(to: PixelSize(width: 1, height: 1)) == Self.picture(1, [[73, 63, 44, 255]]))
        // The same size is the same picture.
        #expect(source.resampled(to: PixelSize(width: 4, height: 2)) == source)
    }

    /// A picture made smaller stays where it was: its pixels' centres map to the source's (a box
    /// filter on whole pixels shifted it by up to half a source pixel up and left, and kitty's
    /// pictures sat off by a quarter to half a pixel against a standard resampler).
    @Test func resamplingIsCentredOnPixelCentres() {
        // One bright column at x = 600 of 1680 (a dune's crest): at 691 columns its weight's centre
        // is at (600.5) × 691 / 1680 − 0.5 = 246.3.
        var rgba = [UInt8](repeating: 0, count: 1680 * 4)
        for x in 0..<1680 { rgba[x * 4 + 3] = 255 }
        rgba[600 * 4] = 255
        let column = Pixels(width: 1680, height: 1, rgba: rgba).resampled(to: PixelSize(width: 691, height: 1))
        var mass = 0.0, moment = 0.0
        for x in 0..<691 {
            mass += Double(column.rgba[x * 4])
            moment += Double(column.rgba[x * 4]) * Double(x)
        }
        #expect(abs(moment / mass - (600.5 * 691 / 1680 - 0.5)) < 0.05, "centre at \(moment / mass)")
        #expect(abs(mass - 255 * 691 / 1680) < 2, "the column's light is kept: \(mass)")
    }

    /// Against an exact box filter in floating point (Pillow's BOX), on a picture of fine detail at
    /// ratios that are no whole numbers: a mean difference under half a level.
    @Test func resamplingMatchesAnExactBoxFilter() {
        let width = 317, height = 211
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                rgba[i] = UInt8((x * 7 + y * 3) % 256)
                rgba[i + 1] = UInt8(((x / 3 + y / 5) % 2) * 255)
                rgba[i + 2] = UInt8((x * y) % 251)
            }
        }
        let source = Pixels(width: width, height: height, rgba: rgba)
        for size in [PixelSize(width: 130, height: 87), PixelSize(width: 211, height: 199), PixelSize(width: 33, height: 10)] {
            let ours = source.resampled(to: size)
            var total = 0.0
            for oy in 0..<size.height {
                let y0 = Double(oy) * Double(height) / Double(size.height), y1 = Double(oy + 1) * Double(height) / Double(size.height)
                for ox in 0..<size.width {
                    let x0 = Double(ox) * Double(width) / Double(size.width), x1 = Double(ox + 1) * Double(width) / Double(size.width)
                    var sums = [0.0, 0.0, 0.0], area = 0.0
                    for y in Int(y0)..<min(height, Int(y1.rounded(.up))) {
                        let wy = min(y1, Double(y + 1)) - max(y0, Double(y))
                        for x in Int(x0)..<min(width, Int(x1.rounded(.up))) {
                            let w = (min(x1, Double(x + 1)) - max(x0, Double(x))) * wy
                            for c in 0..<3 { sums[c] += w * Double(rgba[(y * width + x) * 4 + c]) }
                            area += w
                        }
                    }
                    for c in 0..<3 { total += abs(sums[c] / area - Double(ours.rgba[(oy * size.width + ox) * 4 + c])) }
                }
            }
            let mean = total / Double(size.width * size.height * 3)
            #expect(mean < 0.5, "\(size.width)×\(size.height): mean difference \(mean)")
        }
    }

    @Test func resamplingWeighsColoursByAlpha() {
        // A transparent pixel's colour does not count; the alpha is the plain mean.
        let half = Self.picture(2, [[255, 0, 0, 255], [0, 0, 255, 0]])
        #expect(half.resampled(to: PixelSize(width: 1, height: 1)) == Self.picture(1, [[255, 0, 0, 128]]))
        // Red at 255 and blue at 85: three parts red to one part blue.
        let weighted = Self.picture(2, [[255, 0, 0, 255], [0, 0, 255, 85]])
        #expect(weighted.resampled(to: PixelSize(width: 1, height: 1)) == Self.picture(1, [[191, 0, 64, 170]]))
        // Nothing opaque: all zero.
        let clear = Self.picture(2, [[255, 255, 255, 0], [10, 20, 30, 0]])
        #expect(clear.resampled(to: PixelSize(width: 1, height: 1)) == Self.picture(1, [[0, 0, 0, 0]]))
    }

    @Test func resamplingEnlargesByWhatEachPixelCovers() {
        let source = Self.picture(2, [[1, 2, 3, 255], [200, 100, 50, 128]])
        let a: [UInt8] = [1, 2, 3, 255], b: [UInt8] = [200, 100, 50, 128]
        #expect(source.resampled(to: PixelSize(width: 4, height: 2)) == Self.picture(4, [a, a, b, b, a, a, b, b]))
        // The middle of three covers half of each, colours weighted by alpha: (255 + 200×128)/383 = 67.5, (510 + 100×128)/383 = 34.8.
        #expect(source.resampled(to: PixelSize(width: 3, height: 1)) == Self.picture(3, [a, [68, 35, 19, 192], b]))
        // A size of zero is taken as one.
        #expect(source.resampled(to: PixelSize(width: 0, height: 0)).width == 1)
    }
}
