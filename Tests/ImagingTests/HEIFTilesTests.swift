import Foundation
import Testing
@testable import Imaging

/// A real 200-megapixel Galaxy S24 Ultra HEIC (12240×16320, a grid of 512×512 tiles) was
/// never shown ("at most 100 megapixels"), and libheif decodes a grid whole (1.3 GB for it). A grid
/// too large to decode whole is now decoded a tile at a time into the scaled picture. The fixtures
/// are Scripts/make-heif's: a 2×2 grid of 512×512 tiles on a 1000×900 canvas (red, green, blue,
/// white), and the same turned a quarter anticlockwise by its `irot`.
@Suite struct HEIFTilesTests {
    static func decodeBoth(_ name: String, box: PixelSize) throws -> (whole: Pixels, tiles: Pixels) {
        let bytes = try OtherFormatsTests.bytes(name)
        let whole = try ImageDecoder.decode(bytes, fitting: box)
        let header = try ImageDecoder.header(of: bytes)
        let tiles = try bytes.withUnsafeBytes { raw throws(ImageFailure) -> Pixels in
            guard let grid = HEIFTiles(raw) else { throw ImageFailure("not a grid") }
            return try grid.decode(format: .heic, atLeast: header.uprightSize.fitted(in: box))
        }
        return (whole, tiles)
    }

    // And mirrored by `imir` (libheif 1.15's meaning: 0 swaps top and bottom, 1 left and right),
    // after a turn too.
    @Test(arguments: [
        "grid-tiles.heic", "grid-tiles-turned.heic", "grid-tiles-imir0.heic", "grid-tiles-imir1.heic", "grid-tiles-irot1-imir0.heic"
    ])
    func aGridDecodedATileAtATimeIsTheGridLibheifDecodesWhole(name: String) throws {
        let (whole, tiles) = try Self.decodeBoth(name, box: PixelSize(width: 100, height: 100))
        #expect(
            whole.width == tiles.width && whole.height == tiles.height,
            "\(whole.width)x\(whole.height) against \(tiles.width)x\(tiles.height)")
        guard whole.rgba.count == tiles.rgba.count else { return }
        let largest = zip(whole.rgba, tiles.rgba).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 1, "\(name): pixels differ by up to \(largest)")
        guard case let .tiles(format, count, tile, photo, _) = tiles.source else {
            Issue.record("drawn from \(tiles.source)")
            return
        }
        #expect(format == "HEIC" && count == 4 && tile == PixelSize(width: 512, height: 512))
        #expect(
            photo
                == (name.contains("irot1") || name.contains("turned")
                    ? PixelSize(width: 900, height: 1000) : PixelSize(width: 1000, height: 900)))
    }

    @Test func theTilesArePlacedAndTheCanvasCut() throws {
        let (_, tiles) = try Self.decodeBoth("grid-tiles.heic", box: PixelSize(width: 100, height: 90))
        // 1000×900 by a factor of 10: 100×90; the tiles' corners at 0…51 and 51…99 (512 / 10).
        #expect(tiles.width == 100 && tiles.height == 90)
        func near(_ x: Int, _ y: Int, _ colour: [Int]) -> Bool {
            let pixel = OtherFormatsTests.pixel(tiles, x, y).prefix(3).map(Int.init)
            return zip(pixel, colour).allSatisfy { abs($0 - $1) <= 24 }
        }
        #expect(
            near(10, 10, [255, 0, 0]) && near(90, 10, [0, 255, 0]) && near(10, 80, [0, 0, 255]) && near(90, 80, [255, 255, 255]),
            "\(OtherFormatsTests.pixel(tiles, 10, 10)) \(OtherFormatsTests.pixel(tiles, 90, 10)) \(OtherFormatsTests.pixel(tiles, 10, 80)) \(OtherFormatsTests.pixel(tiles, 90, 80))"
        )
    }

    @Test func aGridTooLargeToDecodeWholeIsDrawnFromItsTiles() throws {
        let bytes = try OtherFormatsTests.bytes("grid-tiles.heic")
        var limits = ImageLimits()
        limits.maxHEIFPixels = 500_000  // the 900,000-pixel canvas is then too large to decode whole
        let pixels = try ImageDecoder.decode(bytes, fitting: PixelSize(width: 200, height: 200), limits: limits)
        #expect(
            pixels.source.description
                == "the HEIC itself (1000×900), its 4 tiles of 512×512 decoded one at a time at 200×180: no thumbnail inside covers the box"
        )
    }

    @Test func irotAndImirAreAnEXIFOrientation() {
        // Property 1 an irot of `angle`, property 2 an imir of `axis`, listed in the order given.
        func orientation(_ listed: [(type: String, value: Int)]) -> Orientation {
            HEIFTiles.orientation(Array(1...listed.count), listed.map(\.type)) { listed[$0 - 1].value }
        }
        #expect(orientation([("ispe", 0)]) == .up)
        #expect(orientation([("irot", 1)]) == .left)
        #expect(orientation([("irot", 2)]) == .down)
        #expect(orientation([("irot", 3)]) == .right)
        // imir 1 mirrors left–right, 0 top–bottom (libheif 1.15's reading).
        #expect(orientation([("imir", 1)]) == .upMirrored)
        #expect(orientation([("imir", 0)]) == .downMirrored)
        #expect(orientation([("irot", 1), ("imir", 1)]) == .rightMirrored)
        #expect(orientation([("irot", 3), ("imir", 1)]) == .leftMirrored)
        // A mirror, then a turn: the turn goes the other way round.
        #expect(orientation([("imir", 1), ("irot", 1)]) == .leftMirrored)
    }
}

/// A Canon .hif (4240×2832 HEVC, with 1616×1080 and 320×212 JPEG-coded thumbnails) was
/// decoded whole at 80×40 cells (1.0 s, 172 MB) where its small thumbnail covered the box: libheif
/// 1.15 does not list JPEG-coded thumbnails. They are rungs of the ladder like HEVC ones. The
/// fixture is Scripts/make-heif's: 640×426, its left half red and right half blue, with JPEG
/// thumbnails of 320×213 and 160×106.
@Suite struct HEIFJPEGThumbnailTests {
    @Test func theSmallestJPEGThumbnailThatCoversTheBoxIsDrawn() throws {
        let bytes = try OtherFormatsTests.bytes("jpeg-thumbnails.hif")
        let small = try ImageDecoder.decode(bytes, fitting: PixelSize(width: 150, height: 150))
        #expect(small.source.description.hasPrefix("the HEIF JPEG thumbnail (160×106) inside the 640×426 photo"), "\(small.source)")
        let pixel = OtherFormatsTests.pixel(small, 10, small.height / 2),
            right = OtherFormatsTests.pixel(small, small.width - 10, small.height / 2)
        #expect(pixel[0] > 200 && pixel[2] < 60 && right[2] > 200 && right[0] < 60, "\(pixel) \(right)")
        let larger = try ImageDecoder.decode(bytes, fitting: PixelSize(width: 300, height: 300))
        #expect(larger.source.description.hasPrefix("the HEIF JPEG thumbnail (320×213) inside the 640×426 photo"), "\(larger.source)")
        // Larger than both: the HEVC image itself.
        let whole = try ImageDecoder.decode(bytes, fitting: PixelSize(width: 600, height: 600))
        #expect(
            whole.source == .file(format: "HEIC", stored: PixelSize(width: 640, height: 426), decoded: PixelSize(width: 640, height: 426)),
            "\(whole.source)")
    }
}
