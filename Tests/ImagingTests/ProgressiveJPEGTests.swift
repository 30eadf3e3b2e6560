import Testing
@testable import Imaging

/// Issue 20, the preview ladder's third rung: a progressive JPEG shown small is drawn from its first
/// scans (libjpeg's buffered-image mode), and reads a fraction of the file.
@Suite struct ProgressiveJPEGTests {
    /// A photo-like picture: smooth colour gradients and a few hard edges, with a little grain (a
    /// picture of noise alone would be grey at 1/8 scale whatever was decoded).
    static let scene: Pixels = {
        let width = 640, height = 480
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        let grain = ImageFiles.noise(width, height)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let inSquare = (200..<420).contains(x) && (120..<300).contains(y)
                // At most 240 before the grain (at most 7): nothing wraps around.
                rgba[i] = UInt8(inSquare ? 230 : x * 240 / width) + grain.rgba[i] / 32
                rgba[i + 1] = UInt8(inSquare ? 40 : y * 240 / height) + grain.rgba[i + 1] / 32
                rgba[i + 2] = UInt8(inSquare ? 60 : 240 - x * 200 / width) + grain.rgba[i + 2] / 32
            }
        }
        return Pixels(width: width, height: height, rgba: rgba)
    }()

    static let progressive = ImageFiles.jpeg(scene, quality: 92, progressive: true)

    /// The mean difference of two pictures of one size, per channel value.
    static func meanDifference(_ a: Pixels, _ b: Pixels) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var total = 0
        for i in a.rgba.indices where i % 4 != 3 { total += abs(Int(a.rgba[i]) - Int(b.rgba[i])) }
        return Double(total) / Double(a.width * a.height * 3)
    }

    /// At 1/8 scale the DC scan is all that is read: a small part of the file, and the same picture
    /// as TurboJPEG's full decode at that scale, but for the colour's gradients within 16 pixels.
    @Test func aSmallPictureIsDrawnFromTheDCScanAlone() throws {
        let pixels = try ImageDecoder.decode(Self.progressive, fitting: PixelSize(width: 80, height: 60))
        guard case let .firstScans(scans, bytes, fileBytes, photo, decoded) = pixels.source else {
            Issue.record("drawn from \(pixels.source)")
            return
        }
        #expect(scans == 1 && fileBytes == Self.progressive.count && photo == PixelSize(width: 640, height: 480))
        #expect(decoded == PixelSize(width: 80, height: 60) && pixels.width == 80)
        // 11 % of this small file (its tables are a large part); 3 % of an 18-megapixel photo.
        #expect(bytes * 5 < fileBytes, "read \(bytes) of \(fileBytes) bytes")
        let full = try Self.progressive.withUnsafeBytes { try JPEG.decode($0, size: photo, atLeast: decoded) }
        // The full decode is 0.5 levels from the photo itself (averaged down), the first scan 2.5: its
        // colour is one value per 16 × 16 pixels where the full decode's has a gradient.
        let photoItself = Self.scene.resampled(to: decoded)
        #expect(Self.meanDifference(pixels, photoItself) < 3.5, "mean difference \(Self.meanDifference(pixels, photoItself))")
        #expect(Self.meanDifference(pixels, full) < 3.5, "mean difference \(Self.meanDifference(pixels, full))")
        #expect(pixels.source.description.hasPrefix("the first scan of the progressive JPEG (640×480), "))
    }

    /// A larger picture waits for the scans that bring its detail (the first AC scans at 1/4 scale)
    /// and is still the same picture.
    @Test func aLargerPictureReadsTheScansItsDetailNeeds() throws {
        let pixels = try ImageDecoder.decode(Self.progressive, fitting: PixelSize(width: 160, height: 120))
        guard case let .firstScans(scans, bytes, fileBytes, _, decoded) = pixels.source else {
            Issue.record("drawn from \(pixels.source)")
            return
        }
        #expect(scans > 1 && bytes < fileBytes && decoded == PixelSize(width: 160, height: 120))
        let full = try Self.progressive.withUnsafeBytes { try JPEG.decode($0, size: PixelSize(width: 640, height: 480), atLeast: decoded) }
        #expect(Self.meanDifference(pixels, full) < 4, "mean difference \(Self.meanDifference(pixels, full))")
    }

    /// Full size, a baseline file, a file cut short: the full decode, as before.
    @Test func otherwiseTheFullDecodeDrawsIt() throws {
        let fullSize = try ImageDecoder.decode(Self.progressive, fitting: PixelSize(width: 640, height: 480))
        #expect(fullSize.source.description == "the JPEG itself, 640×480")
        let baseline = try ImageDecoder.decode(ImageFiles.jpeg(Self.scene), fitting: PixelSize(width: 80, height: 60))
        #expect(baseline.source.description == "the JPEG itself (640×480), decoded at 80×60")
        let cut = Array(Self.progressive.prefix(Self.progressive.count * 2 / 3))
        #expect(throws: ImageFailure.self) { try ImageDecoder.decode(cut, fitting: PixelSize(width: 80, height: 60)) }
    }

    /// The EXIF orientation turns it upright, as it does every other source.
    @Test func itIsTurnedUpright() throws {
        let turned = ImageFiles.jpeg(Self.progressive, orientation: 6)
        let pixels = try ImageDecoder.decode(turned, fitting: PixelSize(width: 60, height: 80))
        #expect(pixels.width == 60 && pixels.height == 80)
        guard case .firstScans = pixels.source else {
            Issue.record("drawn from \(pixels.source)")
            return
        }
        let upright = try ImageDecoder.decode(Self.progressive, fitting: PixelSize(width: 80, height: 60))
        // Orientation 6 turns the stored picture clockwise: its bottom-left pixel is now the top-left.
        let stored = (59 * 80) * 4, shown = 0
        #expect(Array(pixels.rgba[shown..<shown + 3]) == Array(upright.rgba[stored..<stored + 3]))
    }
}
