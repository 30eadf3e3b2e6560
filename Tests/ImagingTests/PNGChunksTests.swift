import CZlib
import Testing
@testable import Imaging

/// libpng read every chunk before IDAT whole, at its claimed length (a 44-byte PNG with a
/// tEXt claiming 0x7fffffff bytes allocated 2 GB); its size came from libpng, so a file with more than
/// 16 MB of chunks before IDAT showed 0 × 0; a PNG's eXIf chunk was ignored.
@Suite struct PNGChunksTests {
    /// A chunk as the PNG specification lays it out: length, type, data, CRC of type and data.
    static func chunk(_ type: String, _ data: [UInt8], claiming length: UInt32? = nil) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
        let size = length ?? UInt32(data.count)
        return (0..<4).map { UInt8(truncatingIfNeeded: size >> (24 - 8 * $0)) } + body
            + (0..<4).map { UInt8(truncatingIfNeeded: crc >> (24 - 8 * $0)) }
    }

    /// `file` with `chunks` put just after its IHDR.
    static func png(_ file: [UInt8], inserting chunks: [UInt8]) -> [UInt8] {
        let afterHeader = 8 + 12 + 13
        return Array(file[..<afterHeader]) + chunks + Array(file[afterHeader...])
    }

    let small = ImageFiles.png(ImageFiles.noise(6, 4))

    @Test func aChunkClaimingTwoGigabytesIsNeverReadWhole() throws {
        // The signature, IHDR, and the first bytes of a tEXt that claims 0x7fffffff: 44 bytes.
        let file = Array(small[..<33]) + Self.chunk("tEXt", Array("Comm".utf8), claiming: 0x7FFF_FFFF).prefix(11)
        #expect(file.count == 44)
        #expect(try ImageDecoder.header(of: file).storedSize == PixelSize(width: 6, height: 4))
        #expect(throws: ImageFailure("the PNG file is truncated (a tEXt chunk claims 2147483647 bytes, 3 remain)")) {
            try ImageDecoder.decode(file, fitting: PixelSize(width: 10, height: 10))
        }
        // Even a full IDAT after it: the claimed length runs past the end, so the walk stops there.
        let claimed = Self.png(small, inserting: Self.chunk("zTXt", [], claiming: 0x7FFF_FFFF))
        #expect(throws: ImageFailure.self) { try ImageDecoder.decode(claimed, fitting: PixelSize(width: 10, height: 10)) }
        let critical = Self.png(small, inserting: Self.chunk("PLTE", [], claiming: 0x7FFF_FFF0))
        #expect(throws: ImageFailure("the PNG file is truncated (a PLTE chunk claims 2147483632 bytes, \(critical.count - 33 - 8) remain)"))
        {
            try ImageDecoder.decode(critical, fitting: PixelSize(width: 10, height: 10))
        }
    }

    @Test func ancillaryChunksAreSkippedAndTheSizeComesFromIHDR() throws {
        // 20 MB of text before IDAT: the picture decodes the same, and its first 64 bytes say its size.
        let text = Self.chunk("tEXt", Array("Comment\0".utf8) + [UInt8](repeating: 0x41, count: 20 << 20))
        let file = Self.png(small, inserting: text + Self.chunk("iTXt", Array("x\0\0\0\0\0".utf8)))
        #expect(try ImageDecoder.header(of: Array(file.prefix(64))).storedSize == PixelSize(width: 6, height: 4))
        #expect(
            try ImageDecoder.decode(file, fitting: PixelSize(width: 6, height: 4))
                == ImageDecoder.decode(small, fitting: PixelSize(width: 6, height: 4)))
        let walk = try file.withUnsafeBytes { try PNGChunks.walk($0) }
        #expect(walk.essential == small, "the text chunks are not copied for libpng")
    }

    @Test func anEXIfChunkTurnsThePictureAndNamesIt() throws {
        let tiff = EXIFFixture.tiff([.short(0x0112, 6), .text(0x010E, "Harbour"), .text(0x013B, "Mina")], bigEndian: true)
        let file = Self.png(small, inserting: Self.chunk("eXIf", tiff))
        let header = try ImageDecoder.header(of: file)
        #expect(header.exif.orientation.rawValue == 6)
        #expect(header.exif.imageDescription == "Harbour" && header.exif.artist == "Mina")
        #expect(header.uprightSize == PixelSize(width: 4, height: 6))
        let decoded = try ImageDecoder.decode(file, fitting: PixelSize(width: 10, height: 10))
        #expect(PixelSize(width: decoded.width, height: decoded.height) == PixelSize(width: 4, height: 6))
    }

    @Test func aFileThatDoesNotStartWithItsHeaderIsCorrupt() {
        var file = small
        file[12] = UInt8(ascii: "X")  // IHDR → XHDR
        #expect(throws: ImageFailure("corrupt PNG: it does not start with its header chunk (IHDR)")) { try ImageDecoder.header(of: file) }
        #expect(throws: ImageFailure("the PNG file is truncated (it ends before its header)")) {
            try ImageDecoder.header(of: Array(small.prefix(20)))
        }
    }
}

/// An APNG's frame count is the frames it holds, at most what its acTL claims: 2 frames under a
/// count of 4,000,000,000 said "animated, 4000000000 frames".
@Suite struct APNGFrameCountTests {
    /// three-frames.png with its acTL's count replaced (its CRC made again).
    static func claiming(_ count: UInt32) throws -> [UInt8] {
        var bytes = try OtherFormatsTests.bytes("three-frames.png")
        let acTL = Array("acTL".utf8)
        let at = try #require((0..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == acTL })
        for k in 0..<4 { bytes[at + 4 + k] = UInt8((count >> (24 - 8 * UInt32(k))) & 0xFF) }
        let crc = bytes[at..<at + 12].withUnsafeBufferPointer { crc32(0, $0.baseAddress, 12) }
        for k in 0..<4 { bytes[at + 12 + k] = UInt8((UInt32(crc) >> (24 - 8 * UInt32(k))) & 0xFF) }
        return bytes
    }

    @Test func theFramesPresentAreCountedNotTheClaim() throws {
        #expect(AnimationScan.frameCount(of: try OtherFormatsTests.bytes("three-frames.png")) == 3)
        #expect(AnimationScan.apngClaim(try Self.claiming(4_000_000_000)) == 4_000_000_000)
        #expect(AnimationScan.frameCount(of: try Self.claiming(4_000_000_000)) == 3, "three fcTL chunks are there")
        #expect(AnimationScan.frameCount(of: try Self.claiming(2)) == 2, "at most what acTL says")
        #expect(AnimationScan.frameCount(of: try Self.claiming(1)) == nil, "one frame is a still picture")
        // Cut after its second frame's control: two frames began in it.
        let whole = try OtherFormatsTests.bytes("three-frames.png")
        let fcTL = Array("fcTL".utf8)
        let starts = (0..<whole.count - 4).filter { Array(whole[$0..<$0 + 4]) == fcTL }
        #expect(starts.count == 3)
        #expect(AnimationScan.frameCount(of: Array(whole[..<(starts[2] - 4)])) == 2)
    }
}
