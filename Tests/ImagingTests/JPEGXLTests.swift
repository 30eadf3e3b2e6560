import Testing
@testable import Imaging

/// JPEG XL was "not an image". The files are cjxl's (Scripts/make-test-photos
/// --format-cases): sunset.jxl (the JPEG losslessly recompressed, its EXIF in a compressed box),
/// rotated.jxl (orientation 6 in the codestream) and leaf-lossless.jxl (a bare codestream with
/// transparency).
@Suite struct JPEGXLTests {
    typealias Files = OtherFormatsTests

    @Test func bothFormsAreKnownByTheirContent() throws {
        for name in ["sunset.jxl", "rotated.jxl", "leaf-lossless.jxl"] {
            #expect(try Files.bytes(name).prefix(ImageFormat.sniffedBytes).withUnsafeBytes(ImageFormat.sniff) == .jpegXL, "\(name)")
        }
        // The bare codestream starts FF 0A; the container with its signature box.
        #expect(try Files.bytes("leaf-lossless.jxl").prefix(2) == [0xFF, 0x0A])
        #expect(try Files.bytes("sunset.jxl").prefix(12) == [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A])
        // A JPEG (FF D8) is not one, nor a signature box cut short.
        #expect(([0xFF, 0xD8, 0xFF] as [UInt8]).withUnsafeBytes(ImageFormat.sniff) == .jpeg)
        #expect(([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C] as [UInt8]).withUnsafeBytes(ImageFormat.sniff) == nil)
    }

    @Test func theHeaderGivesTheUprightSizeAndTheCompressedEXIFsText() throws {
        let sunset = try ImageDecoder.header(of: try Files.bytes("sunset.jxl"))
        #expect(sunset.format == .jpegXL && sunset.uprightSize == PixelSize(width: 320, height: 200))
        #expect(sunset.exif.imageDescription == "Sunset over the bay" && sunset.exif.artist == "Ada Lovelace")
        // libjxl turns the picture itself: the size is upright, the EXIF's orientation is not applied again.
        let rotated = try ImageDecoder.header(of: try Files.bytes("rotated.jxl"))
        #expect(rotated.uprightSize == PixelSize(width: 160, height: 240) && rotated.exif.orientation == .up)
        #expect(rotated.exif.imageDescription == "Rotated by EXIF (orientation 6)")
        let leaf = try ImageDecoder.header(of: try Files.bytes("leaf-lossless.jxl"))
        #expect(leaf.uprightSize == PixelSize(width: 200, height: 200) && leaf.exif == EXIFInfo())
        // The limits apply to what the header claims.
        var limits = ImageLimits()
        limits.maxPixels = 10_000
        #expect(throws: ImageFailure.self) { try ImageDecoder.header(of: try Files.bytes("sunset.jxl"), limits: limits) }
    }

    @Test func picturesAreThePhotosTheyWereMadeFromScaledAndUpright() throws {
        let jpeg = Files.mean(try ImageDecoder.decode(try Files.bytes("sunset.jpg"), fitting: PixelSize(width: 320, height: 200)))
        // Scaled by the largest whole factor that covers the box: 4 for 80×50.
        let sunset = try ImageDecoder.decode(try Files.bytes("sunset.jxl"), fitting: PixelSize(width: 80, height: 80))
        #expect(sunset.width == 80 && sunset.height == 50, "\(sunset.width)×\(sunset.height)")
        #expect(Files.close(Files.mean(sunset), jpeg, within: 4), "\(Files.mean(sunset)) against \(jpeg)")
        #expect(
            sunset.source == .file(format: "JPEG XL", stored: PixelSize(width: 320, height: 200), decoded: PixelSize(width: 80, height: 50))
        )
        let whole = try ImageDecoder.decode(try Files.bytes("sunset.jxl"), fitting: PixelSize(width: 500, height: 500))
        #expect(whole.width == 320 && whole.height == 200)
        #expect(Files.close(Files.mean(whole), jpeg, within: 2), "\(Files.mean(whole)) against \(jpeg)")
        // Upright: taller than wide, as the JPEG it was made from shows.
        let rotated = try ImageDecoder.decode(try Files.bytes("rotated.jxl"), fitting: PixelSize(width: 500, height: 500))
        let rotatedJPEG = try ImageDecoder.decode(try Files.bytes("rotated.webp"), fitting: PixelSize(width: 500, height: 500))
        #expect(rotated.width == 160 && rotated.height == 240)
        #expect(Files.close(Files.mean(rotated), Files.mean(rotatedJPEG), within: 6))
        // Transparency kept: the leaf's corners are transparent, its middle opaque, as in the PNG.
        let leaf = try ImageDecoder.decode(try Files.bytes("leaf-lossless.jxl"), fitting: PixelSize(width: 200, height: 200))
        let png = try ImageDecoder.decode(try Files.bytes("leaf.png"), fitting: PixelSize(width: 200, height: 200))
        #expect(leaf.rgba == png.rgba, "a lossless JPEG XL of the PNG is the PNG, pixel for pixel")
    }

    /// Cut anywhere, or with bytes flipped, a JPEG XL gives one line saying so, never a crash.
    @Test func aCutOrCorruptFileSaysSo() throws {
        let file = try Files.bytes("sunset.jxl")
        var reasons: Set<String> = []
        for length in stride(from: 0, to: file.count, by: 97) {
            do {
                _ = try ImageDecoder.decode(Array(file[..<length]), fitting: PixelSize(width: 80, height: 80))
                Issue.record("a prefix of \(length) bytes decoded")
            } catch {
                reasons.insert(error.reason)
            }
        }
        #expect(reasons.contains("the JPEG XL file is truncated"), "\(reasons)")
        #expect(reasons.allSatisfy { !$0.isEmpty && !$0.contains("\n") })
        var flipped = file
        for i in stride(from: 600, to: file.count, by: 50) { flipped[i] ^= 0xFF }
        if let pixels = try? ImageDecoder.decode(flipped, fitting: PixelSize(width: 80, height: 80)) {
            #expect(pixels.width == 80)  // a flipped coefficient may still decode: then at the size asked for
        }
    }
}
