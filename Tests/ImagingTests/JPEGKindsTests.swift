import CTurboJPEG
import Testing
@testable import Imaging

/// CMYK and YCCK (Adobe) JPEGs, valid photos, were "corrupt JPEG"; 12-bit, lossless and
/// hierarchical ones too, where the truth is that they are not supported.
@Suite struct JPEGKindsTests {
    /// A YCCK JPEG of `width`×`height` pixels of one CMYK colour (Adobe's inverted form), by TurboJPEG.
    static func ycck(_ cmyk: [UInt8], width: Int = 16, height: Int = 16) -> [UInt8] {
        guard let handle = tjInitCompress() else { fatalError("tjInitCompress failed") }
        defer { tjDestroy(handle) }
        let pixels = (0..<(width * height)).flatMap { _ in cmyk }
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = pixels.withUnsafeBufferPointer { p in
            tjCompress2(
                handle, p.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_CMYK.rawValue),
                &buffer, &size, Int32(TJSAMP_444.rawValue), 95, 0)
        }
        precondition(status == 0 && buffer != nil, "tjCompress2 failed")
        defer { tjFree(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    @Test(
        arguments: [
            ([255, 0, 255, 255], [255, 0, 255]),  // no cyan, full magenta, no yellow, no black: magenta
            ([255, 255, 255, 255], [255, 255, 255]),  // no ink: white
            ([255, 255, 255, 0], [0, 0, 0]),  // full black
            ([0, 255, 255, 255], [0, 255, 255])  // full cyan
        ] as [([UInt8], [UInt8])])
    func aYCCKJPEGIsShownInItsColours(cmyk: [UInt8], rgb: [UInt8]) throws {
        let file = Self.ycck(cmyk)
        let pixels = try ImageDecoder.decode(file, fitting: PixelSize(width: 16, height: 16))
        #expect(pixels.width == 16 && pixels.height == 16)
        let centre = (8 * 16 + 8) * 4
        for channel in 0..<3 {
            #expect(
                abs(Int(pixels.rgba[centre + channel]) - Int(rgb[channel])) <= 6,
                "channel \(channel): \(pixels.rgba[centre..<(centre + 4)])")
        }
        #expect(pixels.rgba[centre + 3] == 255)
    }

    /// A baseline JPEG with its frame header patched: precision 12, or another SOF marker.
    static func patched(_ change: (inout [UInt8], Int) -> Void) -> [UInt8] {
        var file = ImageFiles.jpeg(ImageFiles.noise(16, 16))
        let sof = (2..<(file.count - 1)).first { file[$0] == 0xFF && file[$0 + 1] == 0xC0 }!
        change(&file, sof)
        return file
    }

    @Test(
        arguments: [
            (0xC3, "lossless"), (0xCB, "lossless"), (0xC5, "hierarchical"), (0xC7, "hierarchical"), (0xCF, "hierarchical")
        ] as [(UInt8, String)])
    func losslessAndHierarchicalJPEGsAreUnsupportedNotCorrupt(marker: UInt8, kind: String) {
        let file = Self.patched { file, sof in file[sof + 1] = marker }
        #expect(throws: ImageFailure("unsupported JPEG (\(kind)): photorepl shows 8-bit baseline and progressive JPEGs")) {
            try ImageDecoder.decode(file, fitting: PixelSize(width: 16, height: 16))
        }
    }

    /// A 3.5 KB progressive JPEG claiming 100 MP took 311 MB (its decoder keeps every
    /// coefficient). Progressive JPEGs are held to 40 MP; baseline ones keep the 100 MP limit.
    @Test func aProgressiveJPEGClaimingTooManyPixelsIsRefusedOnItsHeader() throws {
        guard let handle = tjInitCompress() else { fatalError("tjInitCompress failed") }
        defer { tjDestroy(handle) }
        let pixels = ImageFiles.noise(16, 16)
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = pixels.rgba.withUnsafeBufferPointer { p in
            tjCompress2(
                handle, p.baseAddress, 16, 0, 16, Int32(TJPF_RGBA.rawValue), &buffer, &size, Int32(TJSAMP_420.rawValue), 90,
                TJFLAG_PROGRESSIVE)
        }
        precondition(status == 0 && buffer != nil)
        var progressive = Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
        tjFree(buffer)
        let sof = try #require((2..<(progressive.count - 1)).first { progressive[$0] == 0xFF && progressive[$0 + 1] == 0xC2 })
        progressive[sof + 5] = 0x27
        progressive[sof + 6] = 0x10  // height 10000
        progressive[sof + 7] = 0x27
        progressive[sof + 8] = 0x10  // width 10000
        #expect(
            throws: ImageFailure(
                "the image is too large: 10000×10000 pixels (at most 40 megapixels for a progressive JPEG)", isTooLarge: true)
        ) {
            try ImageDecoder.header(of: progressive)
        }
        let baseline = ImageFiles.jpeg(ImageFiles.jpeg(ImageFiles.noise(16, 16)), claiming: 10_000, 10_000)
        #expect(try ImageDecoder.header(of: baseline).storedSize == PixelSize(width: 10_000, height: 10_000))
        #expect(progressive.withUnsafeBytes { JPEGSegments.isProgressive($0) })
        #expect(!baseline.withUnsafeBytes { JPEGSegments.isProgressive($0) })
    }

    @Test func aTwelveBitJPEGIsUnsupportedNotCorrupt() {
        let file = Self.patched { file, sof in file[sof + 4] = 12 }
        #expect(throws: ImageFailure("unsupported JPEG (12-bit): photorepl shows 8-bit baseline and progressive JPEGs")) {
            try ImageDecoder.decode(file, fitting: PixelSize(width: 16, height: 16))
        }
    }
}
