import Foundation
import Testing
@testable import PhotoDomain

/// exiftool (Debian's libimage-exiftool-perl) run on `arguments`: what it printed.
func exiftool(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "exiftool \(arguments) failed")
    return text
}

let hasExiftool = FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool")

/// What exiv2, in photorepl-metadata, reads in files whose metadata exiftool wrote: the fields of
/// the three cameras' kinds of photos, and the lens a maker's notes name.
@Suite(.enabled(if: hasExiftool, "needs exiftool (libimage-exiftool-perl)")) struct PhotoMetadataTests {
    let folder: TemporaryFolder
    var root: String { folder.path }

    init() throws {
        folder = try TemporaryFolder()
    }

    func metadata(_ path: String) throws -> PhotoMetadata {
        let tags = try MetadataReader.shared.tags(of: Array(path.utf8)).get()
        return PhotoMetadata(tags: tags)
    }

    /// A camera's JPEG with every field the detail shows: each read, typed.
    @Test func aCameraJPEGWithEveryField() throws {
        let path = root + "/canon.jpg"
        try Data(TestImage.jpeg(width: 40, height: 30)).write(to: URL(fileURLWithPath: path))
        _ = try exiftool([
            "-q", "-overwrite_original", "-Make=Canon", "-Model=Canon EOS R5", "-DateTimeOriginal=2024:06:01 12:30:00",
            "-OffsetTimeOriginal=+02:00", "-FNumber=2.8", "-ExposureTime=1/250", "-ISO=400", "-FocalLength=50",
            "-FocalLengthIn35mmFormat=75", "-LensModel=RF50mm F1.2 L USM", "-EXIF:Flash#=1", "-GPSLatitude=44.85048", "-GPSLatitudeRef=N",
            "-GPSLongitude=34.976647", "-GPSLongitudeRef=E", "-GPSAltitude=29.1", "-GPSAltitudeRef#=0", "-XMP:Rating=4", "-XMP:Label=Red",
            "-XMP:Subject=beach", "-XMP:Subject=sea, salt", "-Artist=Ada Lovelace", "-ImageDescription=Harbour at dawn", path
        ])
        let read = try metadata(path)
        #expect(read.taken == "2024:06:01 12:30:00" && read.offset == "+02:00")
        #expect(read.make == "Canon" && read.model == "Canon EOS R5" && read.camera == "Canon EOS R5")
        #expect(read.lens == "RF50mm F1.2 L USM")
        #expect(read.aperture == 2.8 && read.shutter == 1.0 / 250 && read.iso == 400)
        #expect(read.focalLength == 50 && read.focalLength35 == 75)
        #expect(read.flash == 1 && read.flashFired == true)
        #expect(abs((read.latitude ?? 0) - 44.85048) < 1e-5 && abs((read.longitude ?? 0) - 34.976647) < 1e-5)
        #expect(abs((read.altitude ?? 0) - 29.1) < 1e-9)
        #expect(read.rating == 4 && read.label == "Red")
        // A keyword holding a comma is one keyword in XMP: its items are read one by one, not the
        // bag's value, which exiv2 joins by commas.
        #expect(read.keywords == ["beach", "sea, salt"])
        #expect(read.artist == "Ada Lovelace" && read.description == "Harbour at dawn")
    }

    /// A phone's HEIC (the iPhone's kind of tags), the south and west of the world, below the sea.
    @Test func aPhonesHEIC() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/formats/sunset.heic")
        let path = root + "/IMG_0001.HEIC"
        try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
        _ = try exiftool([
            "-q", "-overwrite_original", "-Make=Apple", "-Model=iPhone 13 Pro", "-DateTimeOriginal=2023:02:21 14:33:08",
            "-OffsetTimeOriginal=+03:00", "-LensModel=iPhone 13 Pro back dual wide camera 5.7mm f/1.5", "-FNumber=1.5",
            "-ExposureTime=1/121", "-ISO=125", "-FocalLength=5.7", "-FocalLengthIn35mmFormat=26", "-GPSLatitude=33.8688",
            "-GPSLatitudeRef=S", "-GPSLongitude=70.5", "-GPSLongitudeRef=W", "-GPSAltitude=12", "-GPSAltitudeRef#=1", path
        ])
        let read = try metadata(path)
        #expect(read.taken == "2023:02:21 14:33:08" && read.offset == "+03:00")
        #expect(read.camera == "Apple iPhone 13 Pro")
        #expect(read.lens == "iPhone 13 Pro back dual wide camera 5.7mm f/1.5")
        #expect(read.aperture == 1.5 && read.iso == 125 && read.focalLength35 == 26)
        #expect(abs((read.shutter ?? 0) - 1.0 / 121) < 1e-9)
        #expect(abs((read.focalLength ?? 0) - 5.7) < 1e-9)
        #expect(abs((read.latitude ?? 0) + 33.8688) < 1e-5 && abs((read.longitude ?? 0) + 70.5) < 1e-5)
        #expect(read.altitude == -12)
    }

    /// A TIFF (the kind a scanner or an editor writes), from ImageMagick; a camera's negative offset.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/convert"), "needs ImageMagick"))
    func aTIFF() throws {
        let path = root + "/scan.tif"
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        convert.arguments = ["-size", "16x12", "xc:red", path]
        try convert.run()
        convert.waitUntilExit()
        _ = try exiftool([
            "-q", "-overwrite_original", "-Make=SONY", "-Model=ILCE-7SM3", "-DateTimeOriginal=2020:09:14 11:09:34",
            "-OffsetTimeOriginal=-05:00", "-LensModel=FE 24-70mm F2.8 GM", "-FNumber=3.2", "-ExposureTime=1/200", "-ISO=80",
            "-FocalLength=48", path
        ])
        let read = try metadata(path)
        #expect(read.camera == "SONY ILCE-7SM3" && read.lens == "FE 24-70mm F2.8 GM")
        #expect(read.taken == "2020:09:14 11:09:34" && read.offset == "-05:00")
        #expect(read.aperture == 3.2 && read.shutter == 1.0 / 200 && read.iso == 80 && read.focalLength == 48)
        #expect(read.latitude == nil && read.rating == nil && read.keywords.isEmpty)
    }

    /// An older camera names its lens only in its maker's notes, which exiftool cannot write: a
    /// Canon block built here byte by byte (CameraSettings, LensType 1) gives the lens exiftool reads.
    @Test func aLensNamedOnlyInTheMakersNotes() throws {
        let path = root + "/IMG_5D.jpg"
        try Data(Self.canonJPEG(lensType: 1)).write(to: URL(fileURLWithPath: path))
        let exiftoolSays = try exiftool(["-s3", "-LensType", path]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(exiftoolSays == "Canon EF 50mm f/1.8")
        let read = try metadata(path)
        #expect(read.lens == exiftoolSays)
        #expect(read.camera == "Canon EOS 5D")
    }

    /// A file exiv2 cannot read is a failure in its words, not a crash; nothing is made up.
    @Test func aFileThatIsNoPhotoIsAFailure() throws {
        let path = root + "/not.jpg"
        try Data("plain text, not a photo".utf8).write(to: URL(fileURLWithPath: path))
        let result = MetadataReader.shared.tags(of: Array(path.utf8))
        guard case .failure(let failure) = result else {
            Issue.record("read \(result)")
            return
        }
        #expect(!failure.readerMissing && !failure.message.isEmpty)
        // The reader answers the next file as before.
        try Data(TestImage.jpeg(width: 8, height: 8)).write(to: URL(fileURLWithPath: root + "/plain.jpg"))
        #expect(try MetadataReader.shared.tags(of: Array((root + "/plain.jpg").utf8)).get().contains { $0.key == "!mime" })
    }

    /// A JPEG whose only metadata is a Canon maker note naming `lensType`: IFD0 with Make, Model and
    /// the Exif IFD's pointer; the Exif IFD with MakerNote; the note an IFD holding CameraSettings
    /// (46 SHORTs, LensType at index 22, the focal lengths at 23 and 24).
    static func canonJPEG(lensType: UInt16) -> [UInt8] {
        func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        /// An IFD at `offset` (from the TIFF header) of `entries`, values over 4 bytes after it.
        func ifd(_ entries: [(tag: UInt16, type: UInt16, count: Int, value: [UInt8])], at offset: Int) -> [UInt8] {
            var bytes = le16(UInt16(entries.count)), data: [UInt8] = []
            let dataStart = offset + 2 + 12 * entries.count + 4
            for entry in entries {
                bytes += le16(entry.tag) + le16(entry.type) + le32(entry.count)
                if entry.value.count <= 4 {
                    bytes += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
                } else {
                    bytes += le32(dataStart + data.count)
                    data += entry.value
                }
            }
            return bytes + le32(0) + data
        }
        var settings = [UInt16](repeating: 0, count: 46)
        settings[0] = 92
        (settings[22], settings[23], settings[24], settings[25]) = (lensType, 50, 50, 1)
        let make = Array("Canon".utf8) + [0], model = Array("Canon EOS 5D".utf8) + [0]
        let exifOffset = 8 + 2 + 12 * 3 + 4 + make.count + model.count
        let noteOffset = exifOffset + 2 + 12 + 4
        let note = ifd([(0x0001, 3, 46, settings.flatMap(le16))], at: noteOffset)
        let exif = ifd([(0x927C, 7, note.count, note)], at: exifOffset)
        let ifd0 = ifd([(0x010F, 2, make.count, make), (0x0110, 2, model.count, model), (0x8769, 4, 1, le32(exifOffset))], at: 8)
        let tiff = [0x49, 0x49] + le16(42) + le32(8) + ifd0 + exif
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let app1: [UInt8] = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        let jpeg = TestImage.jpeg(width: 16, height: 16)
        return Array(jpeg[0..<2]) + app1 + Array(jpeg[2...])
    }
}

/// The metadata reader's process: a crash, a hang or a missing program is a failure of that file,
/// said in one line, and the next file is read by a fresh process.
@Suite struct MetadataReaderProcessTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// A stand-in reader: a shell script doing `body`. Written by `cp`, in a process of its own:
    /// a file this process had open for writing could be held open a moment by a child another
    /// test forks meanwhile, and could not be run then (ETXTBSY).
    func reader(_ body: String) throws -> String {
        let path = folder.path + "/reader.sh"
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path + ".text"))
        let copy = try Process.run(URL(fileURLWithPath: "/bin/cp"), arguments: [path + ".text", path])
        copy.waitUntilExit()
        #expect(copy.terminationStatus == 0)
        #expect(chmod(path, 0o755) == 0)
        return path
    }

    @Test func aReaderThatCrashesFailsThatFileOnly() throws {
        let crashing = MetadataReader(program: try reader("kill -SEGV $$"))
        for _ in 0..<2 {
            guard case .failure(let failure) = crashing.tags(of: Array("/x.jpg".utf8)) else {
                Issue.record("no failure")
                return
            }
            #expect(failure.message == "exiv2 crashed reading it (signal 11), and was started afresh")
            #expect(!failure.readerMissing)
        }
    }

    @Test func aReaderThatHangsIsStoppedAtItsDeadline() throws {
        let hanging = MetadataReader(program: try reader("exec sleep 60"), deadline: .milliseconds(300))
        let started = ContinuousClock.now
        guard case .failure(let failure) = hanging.tags(of: Array("/x.jpg".utf8)) else {
            Issue.record("no failure")
            return
        }
        #expect(failure.message == "exiv2 took too long reading it, and was stopped")
        // Well before the hang would have ended.
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    /// Ctrl-C while a file hangs the reader: the listing that reads it ends at once (a tenth of a
    /// second), not at the deadline, and keeps nothing it did not read.
    @Test func ctrlCEndsAReadingThatHangs() async throws {
        let photos = try TemporaryFolder()
        for name in ["a.jpg", "b.jpg"] {
            try Data(TestImage.jpeg(width: 8, height: 8)).write(to: URL(fileURLWithPath: photos.path + "/" + name))
        }
        let hanging = MetadataReader(program: try reader("exec sleep 60"), deadline: .seconds(30))
        let index = PhotoIndex(path: folder.path + "/index.sqlite")
        let worker = FolderPhotosWorker(root: photos.path, index: index, metadataReader: hanging)
        let listing = Task { try await worker.listing(sortedBy: .taken) }
        try await Task.sleep(for: .milliseconds(300))
        let cancelled = ContinuousClock.now
        listing.cancel()
        await #expect(throws: CancellationError.self) { try await listing.value }
        #expect(ContinuousClock.now - cancelled < .seconds(5), "ended by Ctrl-C, not by the 30 s deadline")
        // Neither photo was read: neither is kept.
        let keys = try ["a.jpg", "b.jpg"].map { name in
            var info = stat()
            try #require(stat(photos.path + "/" + name, &info) == 0)
            return PhotoIndex.Key(info)
        }
        #expect(index.lookup(keys).isEmpty)
    }

    @Test func aMissingReaderSaysHowToGetIt() throws {
        let none = MetadataReader(program: nil)
        guard case .failure(let failure) = none.tags(of: Array("/x.jpg".utf8)) else {
            Issue.record("no failure")
            return
        }
        #expect(failure.readerMissing && failure.message.contains("install photorepl again"))
        let gone = MetadataReader(program: folder.path + "/no-such-reader")
        guard case .failure(let spawn) = gone.tags(of: Array("/x.jpg".utf8)) else {
            Issue.record("no failure")
            return
        }
        #expect(spawn.readerMissing)
    }

    /// What the reader escapes comes back as it was; a line that is not three fields is skipped.
    @Test func theAnswersEscapesAreUndone() {
        let answer = Array("Exif.Image.Artist\tAda\\tL\\\\ove\\nlace\\x07\tAda\n!mime\timage/jpeg\t\nbroken line\n".utf8)
        let tags = try? MetadataReader.tags(in: answer).get()
        #expect(
            tags == [
                MetadataTag(key: "Exif.Image.Artist", value: "Ada\tL\\ove\nlace\u{07}", printed: "Ada"),
                MetadataTag(key: "!mime", value: "image/jpeg", printed: "")
            ])
        let failed = MetadataReader.tags(in: Array("!error\tno such file\t\n".utf8))
        #expect(failed == .failure(.init(message: "no such file", readerMissing: false)))
    }
}

/// The values as exiv2 writes them, read into typed fields; what is not a value is nil.
@Suite struct PhotoMetadataParsingTests {
    @Test func rationalsDatesAndPlaces() {
        #expect(PhotoMetadata.rational("14/5") == 2.8 && PhotoMetadata.rational("1/0") == nil && PhotoMetadata.rational("x") == nil)
        #expect(PhotoMetadata.rational("2.5") == 2.5 && PhotoMetadata.rational("1/250 0/1") == 0.004)
        #expect(PhotoMetadata.exifDate("2023:02:21 14:33:08") == "2023:02:21 14:33:08")
        #expect(PhotoMetadata.exifDate("2023-02-21T14:33:08+03:00") == "2023:02:21 14:33:08")
        #expect(PhotoMetadata.exifDate("0000:00:00 00:00:00") == nil && PhotoMetadata.exifDate("2023:13:01 00:00:00") == nil)
        #expect(PhotoMetadata.exifDate("    :  :     :  :  ") == nil)
        #expect(PhotoMetadata.validOffset("+03:00") == "+03:00" && PhotoMetadata.validOffset("3:00") == nil)
        #expect(PhotoMetadata.degrees("44/1 51/1 216/125", negative: false, limit: 90).map { abs($0 - 44.85048) < 1e-5 } == true)
        #expect(PhotoMetadata.degrees("95/1 0/1 0/1", negative: false, limit: 90) == nil)
        #expect(PhotoMetadata.degrees("10/1 0/0 0/1", negative: true, limit: 90) == nil)
        #expect(PhotoMetadata.withoutLanguage("lang=\"x-default\" Sunset") == "Sunset")
    }

    @Test func aCamerasMakerIsNotSaidTwice() {
        #expect(PhotoMetadata.cameraName(make: "NIKON CORPORATION", model: "NIKON D850") == "NIKON D850")
        #expect(PhotoMetadata.cameraName(make: "Apple", model: "iPhone 13 Pro") == "Apple iPhone 13 Pro")
        #expect(PhotoMetadata.cameraName(make: "LG", model: "LGM-V300K") == "LG LGM-V300K")
        #expect(PhotoMetadata.cameraName(make: "", model: "") == nil && PhotoMetadata.cameraName(make: "Leica", model: "") == "Leica")
    }

    /// A photo where only one of latitude and longitude reads has no place; a rating out of XMP's
    /// range is none.
    @Test func halfAPlaceIsNoPlace() {
        let tags = [
            MetadataTag(key: "Exif.GPSInfo.GPSLatitude", value: "44/1 0/1 0/1", printed: ""),
            MetadataTag(key: "Xmp.xmp.Rating", value: "9", printed: "")
        ]
        let read = PhotoMetadata(tags: tags)
        #expect(read.latitude == nil && read.longitude == nil && read.rating == nil)
        #expect(PhotoMetadata(tags: [MetadataTag(key: "Xmp.xmp.Rating", value: "-1", printed: "")]).rating == -1)
    }
}
