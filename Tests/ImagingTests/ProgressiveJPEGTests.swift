import CImageFormats
import CTurboJPEG
import Foundation
import Testing
@testable import Imaging
#if canImport(Glibc)
    import Glibc
#endif

/// The preview ladder's third rung: a progressive JPEG shown small is drawn from its first
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

    /// Full size, a baseline file: the full decode, as before.
    @Test func otherwiseTheFullDecodeDrawsIt() throws {
        let fullSize = try ImageDecoder.decode(Self.progressive, fitting: PixelSize(width: 640, height: 480))
        #expect(fullSize.source.description == "the JPEG itself, 640×480")
        let baseline = try ImageDecoder.decode(ImageFiles.jpeg(Self.scene), fitting: PixelSize(width: 80, height: 60))
        #expect(baseline.source.description == "the JPEG itself (640×480), decoded at 80×60")
    }

    /// A file cut short after its DC scan was refused as truncated, though a small picture
    /// reads only that scan. Now the scans it holds whole draw the pictures they can; a picture that
    /// needs more is refused as truncated, and so is a file cut inside its first scan.
    @Test func aFileCutShortShowsTheScansItHoldsWhole() throws {
        let full = try ImageDecoder.decode(Self.progressive, fitting: PixelSize(width: 80, height: 60))
        guard case let .firstScans(_, dcBytes, _, _, _) = full.source else {
            Issue.record("drawn from \(full.source)")
            return
        }
        // Cut halfway through the file: the DC scan is whole, the last scans are not.
        let cut = Array(Self.progressive.prefix(Self.progressive.count / 2))
        #expect(cut.count > dcBytes)
        let small = try ImageDecoder.decode(cut, fitting: PixelSize(width: 80, height: 60))
        #expect(small.rgba == full.rgba, "drawn from \(small.source)")
        // libjpeg's reader (the DC reader's fallback) draws the same picture from the cut file.
        let libjpeg = try cut.withUnsafeBytes { raw in
            try decodeInto(PixelSize(width: 80, height: 60)) { out in
                var scans: Int32 = 0, bytes = 0
                _ = photorepl_jpeg_first_scans(base(raw), raw.count, 1, &out, &scans, &bytes)
            }
        }
        #expect(DCReaderTests.largestDifference(libjpeg, small) <= 1)
        #expect(throws: ImageFailure.self) { try ImageDecoder.decode(cut, fitting: PixelSize(width: 640, height: 480)) }
        // Cut inside the DC scan: no whole scan to draw from, refused as the full decode refuses it.
        let early = Array(Self.progressive.prefix(dcBytes - 40))
        let failure = #expect(throws: ImageFailure.self) { try ImageDecoder.decode(early, fitting: PixelSize(width: 80, height: 60)) }
        #expect(failure?.reason.hasPrefix("the JPEG file is truncated") == true, "\(failure?.reason ?? "")")
        // Bytes after the EOI (a motion photo's video) change nothing.
        let motion = Self.progressive + [UInt8](repeating: 0x42, count: 5000)
        #expect(try ImageDecoder.decode(motion, fitting: PixelSize(width: 80, height: 60)).rgba == full.rgba)
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

/// The DC reader (jpeg_dc.c) against libjpeg's buffered-image mode at 1/8 scale: the same picture
/// (within a level of rounding), for each kind of progressive file there is.
@Suite struct DCReaderTests {
    /// Both readers on `file`: (ours, libjpeg's), or nil for ours when it declined the file.
    static func both(_ file: [UInt8]) throws -> (ours: Pixels?, libjpeg: Pixels) {
        let header = try ImageDecoder.header(of: file)
        let size = PixelSize(width: (header.storedSize.width + 7) / 8, height: (header.storedSize.height + 7) / 8)
        var scans: Int32 = 0
        var bytes = 0
        let ours = try? file.withUnsafeBytes { raw in
            try decodeInto(size) { photorepl_jpeg_dc_preview(base(raw), raw.count, &$0, &scans, &bytes) }
        }
        let theirs = try file.withUnsafeBytes { raw in
            try decodeInto(size) { photorepl_jpeg_first_scans(base(raw), raw.count, 1, &$0, &scans, &bytes) }
        }
        return (ours, theirs)
    }

    static func largestDifference(_ a: Pixels, _ b: Pixels) -> Int {
        zip(a.rgba, b.rgba).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// TurboJPEG's progressive files in each subsampling, grey included.
    @Test(arguments: [TJSAMP_444, TJSAMP_422, TJSAMP_420, TJSAMP_440, TJSAMP_411, TJSAMP_GRAY])
    func eachSubsamplingIsTheSamePicture(subsampling: TJSAMP) throws {
        let file = ImageFiles.jpeg(ProgressiveJPEGTests.scene, quality: 92, progressive: true, subsampling: subsampling)
        let (ours, theirs) = try Self.both(file)
        let picture = try #require(ours, "declined")
        #expect(Self.largestDifference(picture, theirs) <= 1)
    }

    /// Restart markers, DC scans one component at a time, successive approximation, odd sizes:
    /// jpegtran's doing (Debian libjpeg-turbo-progs), as cameras' and editors' files have them.
    @Test(arguments: [
        ["-restart", "1"], ["-restart", "3B"], ["-scans", "separate"], ["-scans", "refined"]
    ])
    func jpegtransKindsAreTheSamePicture(options: [String]) throws {
        let source = ImageFiles.jpeg(ProgressiveJPEGTests.scene.resampled(to: PixelSize(width: 333, height: 221)), quality: 90)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-dc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.jpg"), output = folder.appendingPathComponent("out.jpg")
        try Data(source).write(to: input)
        var arguments = options
        if options.first == "-scans" {
            // Each component's DC alone (so the picture needs all three scans), then refinements.
            let script =
                options[1] == "separate"
                ? "0: 0 0 0 1;\n1: 0 0 0 1;\n2: 0 0 0 1;\n0: 1 63 0 0;\n1: 1 63 0 0;\n2: 1 63 0 0;\n0: 0 0 1 0;\n1: 0 0 1 0;\n2: 0 0 1 0;\n"
                : "0 1 2: 0 0 0 2;\n0: 1 63 0 0;\n0 1 2: 0 0 2 1;\n1: 1 63 0 0;\n2: 1 63 0 0;\n0 1 2: 0 0 1 0;\n"
            let scans = folder.appendingPathComponent("scans.txt")
            try script.write(to: scans, atomically: true, encoding: .utf8)
            arguments = ["-scans", scans.path]
        } else {
            arguments.append("-progressive")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["jpegtran"] + arguments + ["-outfile", output.path, input.path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "jpegtran (Debian libjpeg-turbo-progs) is needed")
        let file = [UInt8](try Data(contentsOf: output))
        if options == ["-restart", "1"] {
            // Restart markers out of their turn: left to libjpeg.
            var swapped = file
            let markers = (2..<file.count - 1).filter { file[$0] == 0xFF && (0xD0...0xD7).contains(file[$0 + 1]) }
            #expect(markers.count > 8)
            swapped[markers[0] + 1] = 0xD1
            swapped[markers[1] + 1] = 0xD0
            var out = photorepl_decoded()
            var scans: Int32 = 0
            var bytes = 0
            #expect(swapped.withUnsafeBytes { photorepl_jpeg_dc_preview(base($0), $0.count, &out, &scans, &bytes) } == 1)
        }
        let (ours, theirs) = try Self.both(file)
        let picture = try #require(ours, "declined")
        // Al > 0 in the first DC scan: both lack the same low bits.
        #expect(Self.largestDifference(picture, theirs) <= 1, "\(options)")
        #expect((picture.width, picture.height) == (42, 28))
    }

    /// Files it leaves to libjpeg: baseline, cut before the DC values, a scan of a component the
    /// frame does not have.
    @Test func whatItDeclinesIsLeftToLibjpeg() throws {
        let progressive = ProgressiveJPEGTests.progressive
        var scans: Int32 = 0
        var bytes = 0
        func declines(_ file: [UInt8]) -> Bool {
            var out = photorepl_decoded()
            let status = file.withUnsafeBytes { photorepl_jpeg_dc_preview(base($0), $0.count, &out, &scans, &bytes) }
            if let pixels = out.rgba { free(pixels) }
            return status == 1 && out.rgba == nil
        }
        #expect(declines(ImageFiles.jpeg(ProgressiveJPEGTests.scene)))
        let sos = try #require((2..<progressive.count - 1).first { progressive[$0] == 0xFF && progressive[$0 + 1] == 0xDA })
        #expect(declines(Array(progressive.prefix(sos + 20))))
        var unknown = progressive
        unknown[sos + 5] = 0x77  // the scan's first component id
        #expect(declines(unknown))
        // Bytes between two segments (libjpeg warns of them): before the first scan's header.
        #expect(declines(Array(progressive[..<sos]) + [0x00, 0x00] + Array(progressive[sos...])))
        // Extra bytes at the end of the DC scan's data, before the next marker.
        let dataStart = sos + 2 + (Int(progressive[sos + 2]) << 8 | Int(progressive[sos + 3]))
        let nextMarker = try #require((dataStart..<progressive.count - 1).first { progressive[$0] == 0xFF && progressive[$0 + 1] != 0x00 })
        #expect(declines(Array(progressive[..<nextMarker]) + [0x12, 0x34, 0x56] + Array(progressive[nextMarker...])))
        #expect(!declines(progressive))
    }
}
