import Foundation
@testable import Imaging
import PhotoDomain
import Testing

/// TIFF containers built by hand, as cameras lay them out: header, the JPEGs, then the IFDs.
enum TIFFContainerFile {
    /// An IFD entry: a value in the value field, or the offset of `jpeg` N's bytes (`.jpeg(N)`), its
    /// length (`.jpegLength(N)`), or IFD N's offset (`.ifd(N)`).
    enum Value {
        case number(UInt32)
        case jpeg(Int)
        case jpegLength(Int)
        case ifd(Int)
    }
    struct Entry {
        var tag: UInt16
        var type: UInt16 = 4
        var count: UInt32 = 1
        var value: Value
    }
    struct IFD {
        var entries: [Entry]
        /// The IFD after it in the chain, if any.
        var next: Int?
    }

    /// The file: `magic` (8 bytes with the IFD0 offset left 0), then `extra` (CR2's "CR\x02\0"…),
    /// the JPEGs, the IFDs, little-endian.
    static func make(magic: [UInt8] = [0x49, 0x49, 0x2A, 0x00], extra: [UInt8] = [], jpegs: [[UInt8]], ifds: [IFD]) -> [UInt8] {
        var file = magic + [0, 0, 0, 0] + extra
        var jpegAt: [Int] = []
        for jpeg in jpegs {
            jpegAt.append(file.count)
            file += jpeg
        }
        if file.count % 2 == 1 { file.append(0) }
        var ifdAt: [Int] = []
        var at = file.count
        for ifd in ifds {
            ifdAt.append(at)
            at += 2 + ifd.entries.count * 12 + 4
        }
        func u16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)] }
        for ifd in ifds {
            file += u16(UInt16(ifd.entries.count))
            for entry in ifd.entries {
                let value: UInt32 =
                    switch entry.value {
                    case .number(let n): n
                    case .jpeg(let k): UInt32(jpegAt[k])
                    case .jpegLength(let k): UInt32(jpegs[k].count)
                    case .ifd(let k): UInt32(ifdAt[k])
                    }
                let field = entry.type == 3 ? u16(UInt16(value)) + [0, 0] : u32(value)
                file += u16(entry.tag) + u16(entry.type) + u32(entry.count) + field
            }
            file += u32(ifd.next.map { UInt32(ifdAt[$0]) } ?? 0)
        }
        file.replaceSubrange(4..<8, with: u32(UInt32(ifdAt[0])))
        return file
    }

    static func size(_ width: Int, _ height: Int) -> [Entry] {
        [Entry(tag: 0x0100, value: .number(UInt32(width))), Entry(tag: 0x0101, value: .number(UInt32(height)))]
    }

    /// One strip of a JPEG-compressed image: JPEG N.
    static func strip(_ k: Int, compression: UInt32 = 7) -> [Entry] {
        [
            Entry(tag: 0x0103, type: 3, value: .number(compression)), Entry(tag: 0x0111, value: .jpeg(k)),
            Entry(tag: 0x0117, value: .jpegLength(k))
        ]
    }

    static func interchange(_ k: Int) -> [Entry] {
        [Entry(tag: 0x0201, value: .jpeg(k)), Entry(tag: 0x0202, value: .jpegLength(k))]
    }
}

/// Camera RAW files and TIFFs shown from the JPEG previews inside them, the smallest that
/// covers the box, never from the sensor data.
@Suite struct CameraRawTests {
    typealias File = TIFFContainerFile

    /// A DNG as cameras write one: IFD0 a small preview, then the raw (lossless, not a JPEG
    /// libjpeg-turbo decodes) and a larger preview, chained after it.
    static let chainedDNG: [UInt8] = File.make(
        jpegs: [TestImage.jpeg(width: 160, height: 107), Array("not the sensor data".utf8), TestImage.jpeg(width: 1024, height: 683)],
        ifds: [
            File.IFD(
                entries: File.size(160, 107) + File.strip(0) + [File.Entry(tag: 0xC612, type: 1, count: 4, value: .number(0x0000_0401))],
                next: 1),
            File.IFD(entries: File.size(6000, 4000) + File.strip(1), next: 2),
            File.IFD(entries: File.size(1024, 683) + File.strip(2))
        ])

    static func decode(_ bytes: [UInt8], fitting box: PixelSize) throws -> Pixels {
        try ImageDecoder.decode(bytes, fitting: box)
    }

    @Test func aDNGIsShownFromTheSmallestPreviewThatCoversTheBox() throws {
        let header = try ImageDecoder.header(of: Self.chainedDNG)
        #expect(header.format == .cameraRaw)
        #expect(header.storedSize == PixelSize(width: 6000, height: 4000), "the sensor's size is the photo's")
        let small = try Self.decode(Self.chainedDNG, fitting: PixelSize(width: 100, height: 100))
        #expect(
            small.source
                == .preview(
                    kind: "DNG JPEG preview", size: PixelSize(width: 160, height: 107), photo: PixelSize(width: 6000, height: 4000),
                    decoded: PixelSize(width: small.width, height: small.height)), "\(small.source)")
        let large = try Self.decode(Self.chainedDNG, fitting: PixelSize(width: 600, height: 600))
        #expect(large.source.description.hasPrefix("the DNG JPEG preview (1024×683) inside the 6000×4000 photo"), "\(large.source)")
        // Nothing covers a box larger than the largest preview: that one, and the source says so.
        let huge = try Self.decode(Self.chainedDNG, fitting: PixelSize(width: 3000, height: 3000))
        #expect(huge.source.description.hasPrefix("the DNG largest JPEG preview, smaller than the box, (1024×683)"), "\(huge.source)")
    }

    @Test func subIFDsAreWalked() throws {
        // The SubIFDs tag with one offset (IFD1); IFD2 chained after IFD1.
        var file = File.make(
            jpegs: [TestImage.jpeg(width: 160, height: 107), Array("raw".utf8), TestImage.jpeg(width: 1024, height: 683)],
            ifds: [
                File.IFD(entries: File.size(160, 107) + File.strip(0) + [File.Entry(tag: 0x014A, value: .ifd(1))]),
                File.IFD(entries: File.size(6000, 4000) + File.strip(1), next: 2),
                File.IFD(entries: File.size(1024, 683) + File.strip(2))
            ])
        #expect(try ImageDecoder.header(of: file).storedSize == PixelSize(width: 6000, height: 4000))
        let pixels = try Self.decode(file, fitting: PixelSize(width: 600, height: 600))
        #expect(pixels.source.description.contains("(1024×683)"), "\(pixels.source)")
        // A loop of IFDs (IFD2 back to IFD0) ends the walk; nothing hangs.
        file = File.make(
            jpegs: [TestImage.jpeg(width: 160, height: 107)],
            ifds: [File.IFD(entries: File.size(160, 107) + File.strip(0), next: 1), File.IFD(entries: File.size(6000, 4000), next: 0)])
        #expect(try Self.decode(file, fitting: PixelSize(width: 50, height: 50)).width > 0)
    }

    @Test func aCR2TurnedByItsOrientationIsShownUpright() throws {
        let file = File.make(
            extra: [0x43, 0x52, 0x02, 0x00, 0, 0, 0, 0],
            jpegs: [TestImage.jpeg(width: 1536, height: 1024)],
            ifds: [
                File.IFD(
                    entries: File.size(6000, 4000) + File.strip(0, compression: 6) + [File.Entry(tag: 0x0112, type: 3, value: .number(6))])
            ])
        let header = try ImageDecoder.header(of: file)
        #expect(header.format == .cameraRaw && header.uprightSize == PixelSize(width: 4000, height: 6000))
        let pixels = try Self.decode(file, fitting: PixelSize(width: 100, height: 100))
        #expect(pixels.height > pixels.width, "upright: \(pixels.width)×\(pixels.height)")
        #expect(pixels.source.description.hasPrefix("the CR2 JPEG preview (1024×1536) inside the 4000×6000 photo"), "\(pixels.source)")
    }

    @Test func orfAndRW2HaveMagicOfTheirOwn() throws {
        let orf = File.make(
            magic: [0x49, 0x49, 0x52, 0x4F], jpegs: [TestImage.jpeg(width: 320, height: 240)],
            ifds: [File.IFD(entries: File.size(4000, 3000) + File.interchange(0))])
        #expect(orf.withUnsafeBytes { ImageFormat.sniff($0) } == .cameraRaw)
        #expect(
            try Self.decode(orf, fitting: PixelSize(width: 80, height: 80)).source.description.hasPrefix("the ORF JPEG preview (320×240)"))
        let rw2 = File.make(
            magic: [0x49, 0x49, 0x55, 0x00], jpegs: [TestImage.jpeg(width: 400, height: 300)],
            ifds: [File.IFD(entries: File.size(4000, 3000) + [File.Entry(tag: 0x002E, type: 7, count: 0, value: .jpeg(0))])])
        // (count: the JPEG's length, set here: the builder writes counts as given.)
        var fixed = rw2
        let jpegLength = UInt32(TestImage.jpeg(width: 400, height: 300).count)
        if let entry = Self.entry(0x002E, in: fixed) {
            fixed.replaceSubrange(entry + 4..<entry + 8, with: withUnsafeBytes(of: jpegLength.littleEndian, Array.init))
        }
        #expect(
            try Self.decode(fixed, fitting: PixelSize(width: 80, height: 80)).source.description.hasPrefix("the RW2 JPEG preview (400×300)")
        )
    }

    /// A TIFF of pixels (a scanner's: uncompressed RGB, 8 bits a sample, one strip) is decoded by
    /// libtiff, turned by its orientation; one whose strip is cut short says so.
    /// An ISO base media box, sizes big-endian.
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let size = UInt32(8 + payload.count)
        return [UInt8(size >> 24), UInt8((size >> 16) & 0xFF), UInt8((size >> 8) & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8) + payload
    }

    /// A CR3 as Canon lays one out: ftyp `crx `; moov holding Canon's uuid box with CMT1 (IFD0 as a
    /// TIFF) and THMB (a 160×107 thumbnail); a uuid box of its own holding PRVW (a 640×427 preview);
    /// mdat (the sensor data).
    static func cr3(orientation: UInt32 = 8) -> [UInt8] {
        let ifd0 = File.make(
            jpegs: [], ifds: [File.IFD(entries: File.size(6000, 4000) + [File.Entry(tag: 0x0112, type: 3, value: .number(orientation))])])
        let thumbnail = TestImage.jpeg(width: 160, height: 107), preview = TestImage.jpeg(width: 640, height: 427)
        func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        let thmb = box("THMB", [0, 0, 0, 0] + be16(160) + be16(107) + be32(thumbnail.count) + [0, 1, 0, 0] + thumbnail)
        let prvw = box("PRVW", [0, 0, 0, 0] + be16(1) + be16(640) + be16(427) + be16(1) + be32(preview.count) + preview)
        return box("ftyp", Array("crx ".utf8) + [0, 0, 0, 1] + Array("crx isom".utf8))
            + box(
                "moov",
                box(
                    "uuid",
                    [0x85, 0xC0, 0xB6, 0x87, 0x82, 0x0F, 0x11, 0xE0, 0x81, 0x11, 0xF4, 0xCE, 0x46, 0x2B, 0x6A, 0x48]
                        + box("CMT1", ifd0) + thmb))
            + box(
                "uuid",
                [0xEA, 0xF4, 0x2B, 0x5E, 0x1C, 0x98, 0x4B, 0x88, 0xB9, 0xFB, 0xB7, 0xDC, 0x40, 0x6E, 0x4D, 0x16] + [0, 0, 0, 0, 0, 0, 0, 1]
                    + prvw)
            + box("mdat", Array(repeating: 0x5A, count: 4000))
    }

    @Test func aCR3IsShownFromItsThumbnailOrItsPreview() throws {
        let file = Self.cr3()
        let header = try ImageDecoder.header(of: file)
        #expect(header.format == .cameraRaw && header.storedSize == PixelSize(width: 6000, height: 4000))
        #expect(header.uprightSize == PixelSize(width: 4000, height: 6000), "orientation 8 from CMT1")
        let small = try Self.decode(file, fitting: PixelSize(width: 100, height: 100))
        #expect(small.source.description.hasPrefix("the CR3 JPEG preview (107×160) inside the 4000×6000 photo"), "\(small.source)")
        #expect(small.height > small.width)
        let large = try Self.decode(file, fitting: PixelSize(width: 400, height: 400))
        #expect(large.source.description.hasPrefix("the CR3 JPEG preview (427×640)"), "\(large.source)")
        // Cut anywhere, or a byte changed in its boxes: an error or pixels, never a trap.
        for length in stride(from: 0, to: file.count, by: 211) {
            _ = try? Self.decode(Array(file.prefix(length)), fitting: PixelSize(width: 50, height: 50))
        }
        for i in 0..<160 {
            var bad = file
            bad[i] ^= 0xFF
            _ = try? Self.decode(bad, fitting: PixelSize(width: 50, height: 50))
        }
    }

    @Test func aTIFFOfPixelsIsDecodedByLibtiff() throws {
        // 4×2 pixels: the top row red, the bottom row blue.
        let rgb: [UInt8] =
            Array([[UInt8]](repeating: [255, 0, 0], count: 4).joined()) + Array([[UInt8]](repeating: [0, 0, 255], count: 4).joined())
        func tiff(orientation: UInt32, strip: [UInt8]) -> [UInt8] {
            File.make(
                jpegs: [strip],
                ifds: [
                    File.IFD(
                        entries: File.size(4, 2) + [
                            File.Entry(tag: 0x0102, type: 3, count: 1, value: .number(8)),  // 8 bits (one value for all)
                            File.Entry(tag: 0x0103, type: 3, value: .number(1)),  // no compression
                            File.Entry(tag: 0x0106, type: 3, value: .number(2)),  // RGB
                            File.Entry(tag: 0x0111, value: .jpeg(0)),
                            File.Entry(tag: 0x0112, type: 3, value: .number(orientation)),
                            File.Entry(tag: 0x0115, type: 3, value: .number(3)),  // 3 samples a pixel
                            File.Entry(tag: 0x0116, value: .number(2)),  // 2 rows a strip
                            File.Entry(tag: 0x0117, value: .jpegLength(0))
                        ])
                ])
        }
        let upright = try Self.decode(tiff(orientation: 1, strip: rgb), fitting: PixelSize(width: 10, height: 10))
        #expect(upright.width == 4 && upright.height == 2)
        #expect(Array(upright.rgba[0..<4]) == [255, 0, 0, 255] && Array(upright.rgba[16..<20]) == [0, 0, 255, 255], "\(upright.rgba)")
        #expect(upright.source == .file(format: "TIFF", stored: PixelSize(width: 4, height: 2), decoded: PixelSize(width: 4, height: 2)))
        // Orientation 6: shown turned a quarter clockwise, 2×4, the red row on the right.
        let turned = try Self.decode(tiff(orientation: 6, strip: rgb), fitting: PixelSize(width: 10, height: 10))
        #expect(turned.width == 2 && turned.height == 4)
        #expect(Array(turned.rgba[4..<8]) == [255, 0, 0, 255] && Array(turned.rgba[0..<4]) == [0, 0, 255, 255], "\(turned.rgba)")
        #expect(try ImageDecoder.header(of: tiff(orientation: 1, strip: rgb)).format == .tiff)
        // A strip that claims fewer bytes than its rows need: libtiff reads on into the file's next
        // bytes (never past its end): pixels of the declared size, or an error in words.
        let cut = tiff(orientation: 1, strip: Array(rgb.prefix(5)))
        if let pixels = try? Self.decode(cut, fitting: PixelSize(width: 10, height: 10)) {
            #expect(pixels.width == 4 && pixels.height == 2)
        }
        // Cut off by the end of the file: an error that says so.
        let file = tiff(orientation: 1, strip: rgb)
        let truncated = Array(file.prefix(14))
        #expect(throws: ImageFailure.self) { try Self.decode(truncated, fitting: PixelSize(width: 10, height: 10)) }
    }

    /// A folder lists camera RAW files and TIFFs as photos, with their size and EXIF from the IFDs,
    /// and draws them from their previews.
    @Test func aFolderShowsItsRAWFiles() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("raw-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data(Self.chainedDNG).write(to: URL(fileURLWithPath: root + "/IMG_0001.dng"))
        let worker = FolderPhotosWorker(root: root)
        let fetched = try await worker.fetch(count: 1)
        #expect(fetched.notes == ["Found 1 photo in \(root)."])
        let photo = try #require(fetched.photos.first)
        #expect(photo.id == "IMG_0001.dng" && photo.width == 6000 && photo.height == 4000)
        let pixels = try await worker.pixels(for: photo, fitting: PixelSize(width: 120, height: 80))
        #expect(pixels.source.description.hasPrefix("the DNG JPEG preview (160×107) inside the 6000×4000 photo"), "\(pixels.source)")
    }

    /// Tests/Fixtures/formats/camera-sensor.dng (Scripts/make-test-photos): a 256×160 sunset as a
    /// camera's Bayer sensor data that libraw decodes, and one 64×40 JPEG preview.
    static func sensorDNG() throws -> [UInt8] { try fixture("camera-sensor.dng") }

    static func fixture(_ name: String) throws -> [UInt8] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "Fixtures/formats")
        return [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// A 12.5 MB DNG whose sizes lie was demosaicked whole by libraw (1.69 GB). Its
    /// sensor here claims 12000×8000 (the file padded to the byte a pixel that libraw checks for):
    /// the decode would need more than the budget for pictures, and is refused before a child is
    /// started; the photo is shown from its preview. (libraw was run on it before, and said the
    /// data were cut short, after allocating for 96 megapixels.)
    @Test func aSensorLargerThanTheBudgetIsNotDecoded() throws {
        var file = try Self.sensorDNG()
        func put(_ value: UInt32, at offset: Int) { for i in 0..<4 { file[offset + 8 + i] = UInt8(value >> (8 * UInt32(i)) & 0xFF) } }
        // The sensor's IFD (a SubIFD of IFD0): its ImageWidth and ImageLength entries.
        let offsets = (Self.entry(0x0100, in: file, ifdHolding: 256), Self.entry(0x0101, in: file, ifdHolding: 256))
        guard let width = offsets.0, let height = offsets.1 else {
            Issue.record("the fixture's sensor IFD was not found")
            return
        }
        put(12_000, at: width)
        put(8_000, at: height)
        file += [UInt8](repeating: 0, count: 12_000 * 8_000 / 8 - file.count + 1)
        #expect(try ImageDecoder.header(of: file).storedSize == PixelSize(width: 12_000, height: 8_000))
        let header = try ImageDecoder.header(of: file)
        let sensor: Result<Pixels, ImageFailure> = file.withUnsafeBytes { raw in
            do throws(ImageFailure) {
                return .success(
                    try TIFFContainer.decodeSensorData(
                        raw, kind: "DNG", header: header, fitting: PixelSize(width: 200, height: 200), limits: ImageLimits()))
            } catch {
                return .failure(error)
            }
        }
        guard case .failure(let failure) = sensor else {
            Issue.record("the sensor was decoded")
            return
        }
        #expect(failure.isTooLarge && failure.reason.hasPrefix("its 12000×8000 sensor would take"), "\(failure.reason)")
        let shown = try Self.decode(file, fitting: PixelSize(width: 200, height: 200))
        #expect(shown.source.description.hasPrefix("the DNG largest JPEG preview, smaller than the box, (64×40)"), "\(shown.source)")
    }

    /// The offset of the entry of `tag` in the IFD whose ImageWidth is `width` (little-endian files).
    static func entry(_ tag: UInt16, in file: [UInt8], ifdHolding width: UInt32) -> Int? {
        func u16(_ at: Int) -> Int { Int(file[at]) | Int(file[at + 1]) << 8 }
        func u32(_ at: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(file[at + $1]) << (8 * UInt32($1)) } }
        for ifd in stride(from: 8, to: file.count - 2, by: 2) {
            let count = u16(ifd)
            guard count > 0, count < 64, ifd + 2 + count * 12 <= file.count else { continue }
            let entries = (0..<count).map { ifd + 2 + $0 * 12 }
            guard entries.contains(where: { u16($0) == 0x0100 && u32($0 + 8) == width }),
                entries.allSatisfy({ u16($0 + 2) >= 1 && u16($0 + 2) <= 12 })
            else { continue }
            return entries.first { u16($0) == Int(tag) }
        }
        return nil
    }

    /// A RAW whose previews do not cover the box is decoded from its sensor data by
    /// libraw (at half size when that covers it), and `show --why` says so; its EXIF (the date
    /// too) is read from the RAW.
    @Test func aRAWWhosePreviewsAreTooSmallIsDrawnFromItsSensorData() throws {
        let file = try Self.sensorDNG()
        let header = try ImageDecoder.header(of: file)
        #expect(header.storedSize == PixelSize(width: 256, height: 160))
        #expect(header.exif.imageDescription == "A RAW drawn from its sensor data" && header.exif.dateTaken == "2024:05:01 18:30:00")
        let small = try Self.decode(file, fitting: PixelSize(width: 60, height: 60))
        #expect(small.source.description.hasPrefix("the DNG JPEG preview (64×40)"), "\(small.source)")
        let half = try Self.decode(file, fitting: PixelSize(width: 120, height: 120))
        #expect(
            half.source == .sensorData(kind: "DNG", photo: PixelSize(width: 256, height: 160), decoded: PixelSize(width: 128, height: 80)))
        #expect(
            half.source.description
                == "the DNG sensor data (256×160), demosaicked by libraw at 128×80: no JPEG preview inside covers the box")
        let full = try Self.decode(file, fitting: PixelSize(width: 250, height: 250))
        #expect(full.width == 256 && full.height == 160, "\(full.width)×\(full.height)")
        // The sunset is there: a yellow sun in the middle, a sky redder than the dark blue sea below.
        for pixels in [half, full] {
            func at(_ x: Int, _ y: Int) -> [UInt8] {
                let i = ((y * pixels.height / 160) * pixels.width + x * pixels.width / 256) * 4
                return Array(pixels.rgba[i..<i + 3])
            }
            let sun = at(128, 80), sky = at(20, 20), sea = at(20, 150)
            #expect(sun[0] > 200 && sun[1] > 170 && Int(sun[2]) + 40 < Int(sun[0]), "sun \(sun)")
            #expect(sky[0] > sky[2] && sea[2] > sea[0], "sky \(sky), sea \(sea)")
        }
    }

    /// A RAW libraw cannot read (a camera it does not know; here, sensor "data" that is text) is
    /// shown from its largest preview, which says it is smaller than the box; with no preview at
    /// all, the one line says both.
    @Test func whenLibrawCannotReadTheSensorTheLargestPreviewIsShown() throws {
        let large = try Self.decode(Self.chainedDNG, fitting: PixelSize(width: 3000, height: 3000))
        #expect(large.source.description.hasPrefix("the DNG largest JPEG preview, smaller than the box, (1024×683)"), "\(large.source)")
        let noPreview = File.make(
            jpegs: [Array("not the sensor data".utf8)],
            ifds: [
                File.IFD(
                    entries: File.size(6000, 4000) + File.strip(0) + [
                        File.Entry(tag: 0xC612, type: 1, count: 4, value: .number(0x0000_0401))
                    ])
            ])
        #expect(throws: ImageFailure.self) { try Self.decode(noPreview, fitting: PixelSize(width: 50, height: 50)) }
        do {
            _ = try Self.decode(noPreview, fitting: PixelSize(width: 50, height: 50))
        } catch let failure as ImageFailure {
            #expect(
                failure.reason.hasPrefix(
                    "no JPEG preview photorepl can decode inside this DNG file, and libraw could not decode its sensor data: "),
                "\(failure.reason)")
        }
        // Sensor data cut short, or too small to be a sensor's (a 22 KB CR2 claiming 4000×3000, which
        // libraw "decoded" to black): the preview, not zeros.
        // The sensor's strip moved to 1,000 bytes before the end: its rows run past it.
        var sensor = try Self.sensorDNG()
        let stripOffsets: [UInt8] = [0x11, 0x01, 4, 0, 1, 0, 0, 0]  // tag 0x0111, LONG, count 1 (little-endian)
        let entries = (0..<sensor.count - 12).filter { Array(sensor[$0..<$0 + 8]) == stripOffsets }
        try #require(entries.count == 2, "the preview's and the sensor's StripOffsets")
        let late = UInt32(sensor.count - 1000)
        for k in 0..<4 { sensor[entries[1] + 8 + k] = UInt8(truncatingIfNeeded: late >> (8 * k)) }
        let cut = try Self.decode(sensor, fitting: PixelSize(width: 120, height: 120))
        #expect(cut.source.description.hasPrefix("the DNG largest JPEG preview, smaller than the box, (64×40)"), "\(cut.source)")
        let cr2 = try Self.decode(try Self.fixture("camera.cr2"), fitting: PixelSize(width: 2000, height: 2000))
        #expect(cr2.source.description.hasPrefix("the CR2 largest JPEG preview, smaller than the box, (640×480)"), "\(cr2.source)")
        // Cut anywhere, the sensor DNG gives a picture or one line, never a trap.
        let file = try Self.sensorDNG()
        for length in stride(from: 0, to: file.count, by: 4099) {
            if let pixels = try? Self.decode(Array(file.prefix(length)), fitting: PixelSize(width: 120, height: 120)) {
                #expect(pixels.width > 0)
            }
        }
    }

    @Test func hostileContainersEndCleanly() {
        let good = Self.chainedDNG
        // Every prefix, and every byte changed in the first 200: an error or pixels, never a trap.
        for length in stride(from: 0, to: good.count, by: 97) {
            _ = try? Self.decode(Array(good.prefix(length)), fitting: PixelSize(width: 50, height: 50))
        }
        for i in 0..<200 {
            var bad = good
            bad[i] ^= 0xFF
            _ = try? Self.decode(bad, fitting: PixelSize(width: 50, height: 50))
        }
    }

    /// A 372 KB TIFF of 31 IFDs, each listing SubIFDs 1,000 times (16 offsets each, all
    /// IFD0's), took 13–15 s: every offset was queued and taken with `Array.removeFirst()`, which
    /// moves all the rest. The walk reads a tag once an IFD and takes offsets by an index: the file
    /// reads about as fast as one of the same IFDs holding 1,000 different tags each.
    @Test func aTIFFListingSubIFDsThousandsOfTimesIsReadAtOnce() throws {
        // IFD0 is at 8 + 64: the list of 16 offsets comes first.
        let list = Array([[UInt8]](repeating: [72, 0, 0, 0], count: 16).joined())
        func tiff(_ entries: [File.Entry]) -> [UInt8] {
            File.make(jpegs: [list], ifds: (0..<31).map { File.IFD(entries: File.size(600, 400) + entries, next: $0 < 30 ? $0 + 1 : nil) })
        }
        let file = tiff([File.Entry](repeating: File.Entry(tag: 0x014A, count: 16, value: .jpeg(0)), count: 998))
        let plain = tiff((0..<998).map { File.Entry(tag: UInt16(0x8000 + $0), count: 16, value: .jpeg(0)) })
        try #require(Array(file[4..<8]) == [72, 0, 0, 0] && file.count > 370_000 && plain.count == file.count)
        // Speed is Scripts/bench-hostile's to measure ("TIFF 31 IFDs x 998 SubIFDs tags"); here, what
        // the walk finds: the same as in the file of different tags.
        #expect(try ImageDecoder.header(of: plain).storedSize == PixelSize(width: 600, height: 400))
        #expect(try ImageDecoder.header(of: file).storedSize == PixelSize(width: 600, height: 400))
        // No page to decode (no strips): one line, as soon.
        #expect(throws: ImageFailure.self) { try Self.decode(file, fitting: PixelSize(width: 80, height: 80)) }
    }

    /// A RW2 listing the same JpgFromRaw 31,936 times (998 in each of 32 IFDs) took 29–38 s,
    /// the JPEG's header read again for each (that tag skipped the check for a JPEG listed twice).
    /// Here the JPEG holds 4,000 quantization tables before its frame: each read takes a while.
    /// Each tag is read once an IFD, and each JPEG once however many IFDs point to it.
    @Test func aRW2ListingItsJPEGThousandsOfTimesIsReadAtOnce() throws {
        let original = TestImage.jpeg(width: 400, height: 300)
        let table: [UInt8] = [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        let jpeg = Array(original.prefix(2)) + Array([[UInt8]](repeating: table, count: 4_000).joined()) + original.dropFirst(2)
        let jpgFromRaw = [File.Entry](repeating: File.Entry(tag: 0x002E, type: 7, count: UInt32(jpeg.count), value: .jpeg(0)), count: 998)
        let file = File.make(
            magic: [0x49, 0x49, 0x55, 0x00], jpegs: [jpeg],
            ifds: (0..<32).map { File.IFD(entries: File.size(4000, 3000) + jpgFromRaw, next: $0 < 31 ? $0 + 1 : nil) })
        // The JPEG listed once (its header read once): the time is Scripts/bench-hostile's to measure.
        #expect(file.withUnsafeBytes { TIFFContainer.read($0)?.jpegs.count } == 1)
        let pixels = try Self.decode(file, fitting: PixelSize(width: 80, height: 80))
        #expect(pixels.source.description.hasPrefix("the RW2 JPEG preview (400×300)"), "\(pixels.source)")
    }

    /// `jpeg` as a JPEG-compressed TIFF writes it: the strip without its quantization and Huffman
    /// tables, and the tables (SOI, DQT and DHT segments, EOI) for the JPEGTables tag.
    static func splitTables(_ jpeg: [UInt8]) -> (tables: [UInt8], strip: [UInt8]) {
        var tables: [UInt8] = [0xFF, 0xD8], strip: [UInt8] = [0xFF, 0xD8]
        var at = 2
        while at + 4 <= jpeg.count, jpeg[at] == 0xFF, jpeg[at + 1] != 0xDA {
            let end = at + 2 + (Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3]))
            if jpeg[at + 1] == 0xDB || jpeg[at + 1] == 0xC4 { tables += jpeg[at..<end] } else { strip += jpeg[at..<end] }
            at = end
        }
        return (tables + [0xFF, 0xD9], strip + jpeg[at...])
    }

    /// A JPEG-compressed TIFF of one strip whose tables are in JPEGTables (tag 347), as
    /// ImageMagick and Pillow write one, was refused ("Quantization table 0x00 was not defined"):
    /// the tables are put back after the strip's SOI before TurboJPEG reads it. jpeg-tables.tif is
    /// ImageMagick's (`convert sunset.jpg -resize 160x100! -quality 60 -compress jpeg`).
    @Test func aJPEGCompressedTIFFWithItsTablesApartIsShown() throws {
        let (tables, strip) = Self.splitTables(TestImage.jpeg(width: 64, height: 40))
        let file = File.make(
            jpegs: [strip, tables],
            ifds: [
                File.IFD(
                    entries: File.size(64, 40) + File.strip(0) + [
                        File.Entry(tag: 0x0106, type: 3, value: .number(2)),
                        File.Entry(tag: 0x015B, type: 7, count: UInt32(tables.count), value: .jpeg(1))
                    ])
            ])
        let built = try Self.decode(file, fitting: PixelSize(width: 32, height: 32))
        #expect(
            built.source == .file(format: "TIFF", stored: PixelSize(width: 64, height: 40), decoded: PixelSize(width: 32, height: 20)),
            "\(built.source)")
        let imageMagick = try Self.fixture("jpeg-tables.tif")
        let pixels = try Self.decode(imageMagick, fitting: PixelSize(width: 160, height: 160))
        #expect(
            pixels.source == .file(format: "TIFF", stored: PixelSize(width: 160, height: 100), decoded: PixelSize(width: 160, height: 100)),
            "\(pixels.source)")
        // The sunset's colours, as the JPEG it was made from: a sky redder than the sea below it.
        func at(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels.rgba[(y * 160 + x) * 4..<(y * 160 + x) * 4 + 3]) }
        let original = try ImageDecoder.decode(try Self.fixture("sunset.jpg"), fitting: PixelSize(width: 160, height: 100))
        func originalAt(_ x: Int, _ y: Int) -> [UInt8] { Array(original.rgba[(y * 160 + x) * 4..<(y * 160 + x) * 4 + 3]) }
        for (x, y) in [(10, 10), (80, 50), (10, 90)] {
            #expect(
                zip(at(x, y), originalAt(x, y)).allSatisfy { abs(Int($0) - Int($1)) < 24 },
                "(\(x), \(y)): \(at(x, y)) against \(originalAt(x, y))")
        }
    }

    /// A TIFF's 60×40 JPEG thumbnail in IFD1 was drawn instead of its 600×400 page. A TIFF
    /// is its page; a thumbnail stands for it only when it covers the box with the page's shape.
    @Test func aTIFFShowsItsPageNotItsThumbnail() throws {
        let page = (0..<600 * 400 * 3).map { $0 % 3 == 0 ? UInt8(200) : 60 }
        let file = File.make(
            jpegs: [page, TestImage.jpeg(width: 60, height: 40)],
            ifds: [
                File.IFD(
                    entries: File.size(600, 400) + [
                        File.Entry(tag: 0x0102, type: 3, count: 1, value: .number(8)),
                        File.Entry(tag: 0x0103, type: 3, value: .number(1)),
                        File.Entry(tag: 0x0106, type: 3, value: .number(2)),
                        File.Entry(tag: 0x0111, value: .jpeg(0)),
                        File.Entry(tag: 0x0115, type: 3, value: .number(3)),
                        File.Entry(tag: 0x0116, value: .number(400)),
                        File.Entry(tag: 0x0117, value: .jpegLength(0))
                    ], next: 1),
                File.IFD(entries: File.size(60, 40) + File.strip(1))
            ])
        #expect(try ImageDecoder.header(of: file).format == .tiff)
        let large = try Self.decode(file, fitting: PixelSize(width: 80, height: 80))
        // The page, scaled as libtiff's rows come by the largest factor that covers 80×53 (7: 86×58).
        #expect(
            large.source == .file(format: "TIFF", stored: PixelSize(width: 600, height: 400), decoded: PixelSize(width: 86, height: 58)),
            "\(large.source)")
        #expect(Array(large.rgba[0..<4]) == [200, 60, 60, 255])
        let small = try Self.decode(file, fitting: PixelSize(width: 50, height: 50))
        #expect(small.source.description.hasPrefix("the TIFF JPEG preview (60×40) inside the 600×400 photo"), "\(small.source)")
    }

    /// Where the entry with `tag` is in a little-endian container built here (IFD0 only).
    static func entry(_ tag: UInt16, in file: [UInt8]) -> Int? {
        let ifd = Int(file[4]) | Int(file[5]) << 8 | Int(file[6]) << 16 | Int(file[7]) << 24
        let count = Int(file[ifd]) | Int(file[ifd + 1]) << 8
        for k in 0..<count {
            let at = ifd + 2 + k * 12
            if (UInt16(file[at]) | UInt16(file[at + 1]) << 8) == tag { return at }
        }
        return nil
    }
}
