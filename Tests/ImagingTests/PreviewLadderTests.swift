import Foundation
import Testing
@testable import Imaging

/// The cheapest source that covers the picture's box wins. camera.jpg (Scripts/make-test-photos
/// --formats) is a 1200×900 JPEG holding an EXIF thumbnail (160×120) and an MPF preview (640×480).
@Suite struct PreviewLadderTests {
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: OtherFormatsTests.folder.appendingPathComponent(name)))
    }

    @Test func theCamerasPreviewsAreFound() throws {
        let camera = try Self.bytes("camera.jpg")
        let previews = camera.withUnsafeBytes { EmbeddedPreview.find(inJPEG: $0) }
        #expect(previews.map(\.kind) == [.exifThumbnail, .mpfPreview])
        let sizes = try previews.map { preview in try camera[preview.range].withUnsafeBytes { try JPEG.size($0) } }
        #expect(sizes == [PixelSize(width: 160, height: 120), PixelSize(width: 640, height: 480)])
        // A JPEG without any (cjpeg's) has none.
        #expect(try Self.bytes("sunset.jpg").withUnsafeBytes { EmbeddedPreview.find(inJPEG: $0) }.isEmpty)
    }

    /// Each box gets the smallest source that covers it: the thumbnail, the preview, or the photo.
    @Test(arguments: [
        (PixelSize(width: 100, height: 75), "the EXIF thumbnail (160×120) inside the 1200×900 photo, decoded at 100×75"),
        (PixelSize(width: 400, height: 300), "the MPF preview (640×480) inside the 1200×900 photo, decoded at 400×300"),
        (PixelSize(width: 1000, height: 750), "the JPEG itself (1200×900), decoded at 1050×788")  // libjpeg-turbo scales by eighths
    ])
    func theCheapestSourceThatCoversTheBoxWins(box: PixelSize, source: String) throws {
        let pixels = try ImageDecoder.decode(try Self.bytes("camera.jpg"), fitting: box)
        #expect(pixels.source.description == source)
        #expect(pixels.width >= box.width && pixels.height >= box.height)
    }

    /// The previews are the photo: the same mean colour as the photo's own pixels.
    @Test func aPreviewShowsThePhoto() throws {
        let camera = try Self.bytes("camera.jpg")
        let photo = try ImageDecoder.decode(camera, fitting: PixelSize(width: 1200, height: 900))
        for box in [PixelSize(width: 100, height: 75), PixelSize(width: 400, height: 300)] {
            let preview = try ImageDecoder.decode(camera, fitting: box)
            #expect(OtherFormatsTests.close(OtherFormatsTests.mean(preview), OtherFormatsTests.mean(photo), within: 4))
        }
    }

    /// Every limit of a file applies to a preview inside one. camera-progressive-preview.jpg's
    /// MPF preview is a progressive 640×480 JPEG: shown under the usual cap, passed over (for the
    /// photo itself, baseline, scaled) when the cap on progressive JPEGs is below its 307,200 pixels.
    /// (A baseline photo whose MPF preview was a 9990×9990 progressive JPEG took 607 MB.)
    @Test func aPreviewMeetsTheLimitsOfAFile() throws {
        let camera = try Self.bytes("camera-progressive-preview.jpg")
        let box = PixelSize(width: 400, height: 300)
        let usual = try ImageDecoder.decode(camera, fitting: box)
        #expect(usual.source.description == "the MPF preview (640×480) inside the 1200×900 photo, decoded at 400×300")
        var limits = ImageLimits()
        limits.maxProgressivePixels = 300_000
        let capped = try ImageDecoder.decode(camera, fitting: box, limits: limits)
        #expect(capped.source.description == "the JPEG itself (1200×900), decoded at 450×338")
        // The same preview as a file of its own is refused by the same cap.
        let previews = camera.withUnsafeBytes { EmbeddedPreview.find(inJPEG: $0) }
        let preview = Array(camera[try #require(previews.last).range])
        #expect(throws: ImageFailure.self) { try ImageDecoder.header(of: preview, limits: limits) }
    }

    /// A preview listed past the end of the file (cut there) is never read: the photo itself is decoded.
    @Test func aPreviewPastTheEndIsNotRead() throws {
        let camera = try Self.bytes("camera.jpg")
        let previews = camera.withUnsafeBytes { EmbeddedPreview.find(inJPEG: $0) }
        let cut = Array(camera.prefix(try #require(previews.last).range.lowerBound + 100))
        #expect(cut.withUnsafeBytes { EmbeddedPreview.find(inJPEG: $0) }.map(\.kind) == [.exifThumbnail])
        let pixels = try ImageDecoder.decode(cut, fitting: PixelSize(width: 400, height: 300))
        #expect(pixels.source.description == "the JPEG itself (1200×900), decoded at 450×338")
    }

    /// A thumbnail whose shape is not the photo's (160×120 for a 3:2 photo: black bars) is passed over.
    @Test func aThumbnailOfAnotherShapeIsPassedOver() throws {
        var camera = try Self.bytes("camera.jpg")
        // The photo's SOF says 1200×900; claim 1350×900 (3:2) instead, keeping the previews 4:3.
        let sof = try #require((0..<camera.count - 9).first { camera[$0] == 0xFF && camera[$0 + 1] == 0xC0 && $0 > 1000 })
        camera[sof + 7] = UInt8(1350 >> 8)
        camera[sof + 8] = UInt8(1350 & 0xFF)
        let header = try ImageDecoder.header(of: camera)
        #expect(header.storedSize == PixelSize(width: 1350, height: 900))
        let previewed = camera.withUnsafeBytes {
            JPEG.preview($0, header: header, covering: PixelSize(width: 100, height: 67), limits: ImageLimits())
        }
        #expect(previewed == nil)
    }
}
