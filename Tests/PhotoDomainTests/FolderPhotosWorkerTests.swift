import CPNG
import CTurboJPEG
import Foundation
import Imaging
import Testing
@testable import PhotoDomain
#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Test files

/// Small image files built in memory: JPEG by TurboJPEG, PNG by libpng, EXIF by hand.
enum TestImage {
    /// An RGB JPEG of `width`×`height`, each pixel from `pixel(x, y)`; 4:4:4, so colours stay where they are.
    static func jpeg(width: Int, height: Int, quality: Int = 90, pixel: (Int, Int) -> (UInt8, UInt8, UInt8) = gradient) -> [UInt8] {
        var rgb = [UInt8]()
        rgb.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = pixel(x, y)
                rgb += [r, g, b]
            }
        }
        let handle = tjInitCompress()!
        defer { tjDestroy(handle) }
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = rgb.withUnsafeBufferPointer {
            tjCompress2(
                handle, $0.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue),
                &buffer, &size, Int32(TJSAMP_444.rawValue), Int32(quality), 0)
        }
        precondition(status == 0 && buffer != nil, "tjCompress2 failed")
        defer { tjFree(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    /// An RGBA PNG of `width`×`height`, every pixel `colour`.
    static func png(width: Int, height: Int, colour: (UInt8, UInt8, UInt8, UInt8) = (40, 170, 60, 255)) -> [UInt8] {
        png(width: width, height: height) { _, _ in colour }
    }

    /// An RGBA PNG of `width`×`height`, each pixel from `pixel(x, y)`.
    static func png(width: Int, height: Int, pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        var rgba = [UInt8]()
        rgba.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b, a) = pixel(x, y)
                rgba += [r, g, b, a]
            }
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // PNG_FORMAT_RGBA is a macro Swift cannot import
        var size = 0
        precondition(png_image_write_to_memory(&image, nil, &size, 0, rgba, 0, nil) != 0, "png_image_write_to_memory failed")
        var out = [UInt8](repeating: 0, count: size)
        precondition(png_image_write_to_memory(&image, &out, &size, 0, rgba, 0, nil) != 0, "png_image_write_to_memory failed")
        return Array(out.prefix(size))
    }

    static func gradient(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        (UInt8(truncatingIfNeeded: x * 3), UInt8(truncatingIfNeeded: y * 5), UInt8(truncatingIfNeeded: (x ^ y) * 7))
    }

    /// `jpeg` with an Exif APP1 inserted right after SOI: IFD0 (little-endian) with the tags given.
    static func withEXIF(
        _ jpeg: [UInt8], orientation: UInt16? = nil, description: String? = nil, artist: String? = nil,
        dateTime: String? = nil
    ) -> [UInt8] {
        precondition(jpeg.starts(with: [0xFF, 0xD8]), "not a JPEG")
        // IFD0 entries in tag order: ImageDescription 0x010E, Orientation 0x0112, DateTime 0x0132,
        // Artist 0x013B.
        var entries: [(tag: UInt16, type: UInt16, count: UInt32, value: [UInt8])] = []
        if let description { entries.append((0x010E, 2, 0, Array(description.utf8) + [0])) }
        if let orientation { entries.append((0x0112, 3, 1, le16(orientation) + [0, 0])) }
        if let dateTime { entries.append((0x0132, 2, 0, Array(dateTime.utf8) + [0])) }
        if let artist { entries.append((0x013B, 2, 0, Array(artist.utf8) + [0])) }
        let dataStart = 8 + 2 + 12 * entries.count + 4
        var tiff: [UInt8] = [0x49, 0x49] + le16(42) + le32(8) + le16(UInt16(entries.count))
        var data: [UInt8] = []
        for entry in entries {
            tiff += le16(entry.tag) + le16(entry.type)
            if entry.type == 3 {
                tiff += le32(entry.count) + entry.value
            } else if entry.value.count <= 4 {
                tiff += le32(UInt32(entry.value.count)) + entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
            } else {
                tiff += le32(UInt32(entry.value.count)) + le32(UInt32(dataStart + data.count))
                data += entry.value
            }
        }
        tiff += le32(0) + data  // no IFD1
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let app1: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(jpeg[0..<2]) + app1 + Array(jpeg[2...])
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
}

/// A fresh folder under /tmp for one test, removed with everything in it when the test ends. Paths
/// are handled as bytes, so that names which are not UTF-8 can be made.
final class TemporaryFolder: @unchecked Sendable {
    let path: String

    /// - Parameter base: the folder it is made in (/dev/shm: on another file system than /tmp).
    init(under base: String = "/tmp") throws {
        var template = Array((base + "/photorepl-folder-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw PhotosWorkerError("mkdtemp: \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
    }

    deinit {
        // rm works on bytes: names that are not UTF-8, FIFOs and link loops included.
        let rm = Process()
        rm.executableURL = URL(fileURLWithPath: "/bin/rm")
        rm.arguments = ["-rf", path]
        try? rm.run()
        rm.waitUntilExit()
    }

    func bytes(_ relative: String) -> [UInt8] { Array(path.utf8) + [UInt8(ascii: "/")] + Array(relative.utf8) }

    /// Writes `contents` at `relative` (raw path bytes after the folder), making the folders above it.
    func write(_ relative: [UInt8], _ contents: [UInt8]) throws {
        let parts = relative.split(separator: UInt8(ascii: "/"))
        var directory = Array(path.utf8)
        for part in parts.dropLast() {
            directory += [UInt8(ascii: "/")] + part
            if Self.call(directory, { mkdir($0, 0o755) }) != 0 && errno != EEXIST { throw failure("mkdir", directory) }
        }
        let full = Array(path.utf8) + [UInt8(ascii: "/")] + relative
        let fd = Self.call(full) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        guard fd >= 0 else { throw failure("open", full) }
        defer { close(fd) }
        var written = 0
        while written < contents.count {
            let n = contents.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, contents.count - written) }
            guard n > 0 else { throw failure("write", full) }
            written += n
        }
    }

    func write(_ relative: String, _ contents: [UInt8]) throws { try write(Array(relative.utf8), contents) }

    func symlink(_ target: String, at relative: String) throws {
        guard Self.call(bytes(relative), { Glibc.symlink(target, $0) }) == 0 else { throw failure("symlink", bytes(relative)) }
    }

    func mkfifo(_ relative: String) throws {
        guard Self.call(bytes(relative), { Glibc.mkfifo($0, 0o644) }) == 0 else { throw failure("mkfifo", bytes(relative)) }
    }

    func remove(_ relative: String) throws {
        guard Self.call(bytes(relative), { unlink($0) }) == 0 else { throw failure("unlink", bytes(relative)) }
    }

    func chmod(_ relative: String, _ mode: mode_t) throws {
        guard Self.call(bytes(relative), { Glibc.chmod($0, mode) }) == 0 else { throw failure("chmod", bytes(relative)) }
    }

    private func failure(_ call: String, _ path: [UInt8]) -> PhotosWorkerError {
        PhotosWorkerError("\(call) \(String(decoding: path, as: UTF8.self)): \(String(cString: strerror(errno)))")
    }

    private static func call<R>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        (path + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) } }
    }
}

/// RGBA of the pixel at (x, y).
private func rgba(_ pixels: Pixels, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
    let i = 4 * (y * pixels.width + x)
    return (Int(pixels.rgba[i]), Int(pixels.rgba[i + 1]), Int(pixels.rgba[i + 2]), Int(pixels.rgba[i + 3]))
}

private func isRed(_ p: (r: Int, g: Int, b: Int, a: Int)) -> Bool { p.r > 150 && p.g < 80 && p.b < 80 }
private func isBlue(_ p: (r: Int, g: Int, b: Int, a: Int)) -> Bool { p.r < 80 && p.g < 80 && p.b > 150 }

/// The error a fetch throws, as a PhotosWorkerError (nil when it throws nothing or something else).
private func fetchError(_ worker: FolderPhotosWorker, count: Int) async -> PhotosWorkerError? {
    do {
        _ = try await worker.fetch(count: count)
        return nil
    } catch {
        return error as? PhotosWorkerError
    }
}

/// The failure `pixels` throws (nil when it returns pixels or throws something else).
private func pictureFailure(_ worker: FolderPhotosWorker, _ photo: Photo, _ box: PixelSize = PixelSize(width: 100, height: 100)) async
    -> PictureFailure?
{
    do {
        _ = try await worker.pixels(for: photo, fitting: box)
        return nil
    } catch {
        return error as? PictureFailure
    }
}

// MARK: - The walk and the fetch

@Suite struct FolderPhotosWorkerTests {
    let folder: TemporaryFolder
    var root: String { folder.path }

    init() throws { folder = try TemporaryFolder() }

    /// An empty file and a link to /dev/zero (which would never end if read whole): neither is a
    /// photo, and the walk does not hang on the device.
    @Test(.timeLimit(.minutes(1))) func anEmptyFileAndALinkToADeviceAreSkipped() async throws {
        try folder.write("photo.png", TestImage.png(width: 2, height: 2))
        try folder.write("empty.jpg", [])
        try folder.symlink("/dev/zero", at: "zero.jpg")
        let scan = try PhotoFolder(root: root).scan()
        #expect(scan.entries.map { String(decoding: $0.relativePath, as: UTF8.self) } == ["photo.png"])
        #expect(scan.skipped == ["not an image": 1, "not a regular file": 1])
    }

    @Test func nestedPhotosAreFoundAndTheirIdsAreRelativePaths() async throws {
        try folder.write("a/b/c.jpg", TestImage.jpeg(width: 16, height: 8))
        try folder.write("top.png", TestImage.png(width: 4, height: 4))
        let fetched = try await FolderPhotosWorker(root: root).fetch(count: 2)
        #expect(fetched.photos.map(\.id).sorted() == ["a/b/c.jpg", "top.png"])
        #expect(fetched.notes == ["Found 2 photos in \(root)."])
        let scan = try PhotoFolder(root: root).scan()
        #expect(scan.entries.map(\.relativePath) == [Array("a/b/c.jpg".utf8), Array("top.png".utf8)])
        #expect(scan.entries.map(\.format) == [.jpeg, .png])
        #expect(
            scan.entries.map(\.file.size) == [
                Int64(TestImage.jpeg(width: 16, height: 8).count), Int64(TestImage.png(width: 4, height: 4).count)
            ])
        #expect(scan.skipped.isEmpty && scan.skippedSummary == nil)
    }

    /// A photo whose path is longer than PATH_MAX (folders nested with long names) was
    /// passed over in silence; it is counted among the skipped, with the reason.
    @Test func pathsLongerThanPathMaxAreCountedWithTheReason() throws {
        try folder.write("near.jpg", TestImage.jpeg(width: 4, height: 4))
        // 22 folders of 200-byte names (made relative to each other: no path that long can be given).
        let name = String(repeating: "d", count: 200)
        var fd = open(root, O_RDONLY | O_DIRECTORY)
        for _ in 0..<22 {
            #expect(mkdirat(fd, name, 0o755) == 0)
            let next = openat(fd, name, O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
        }
        let jpeg = TestImage.jpeg(width: 4, height: 4)
        let file = openat(fd, "deep.jpg", O_WRONLY | O_CREAT, 0o644)
        #expect(jpeg.withUnsafeBytes { write(file, $0.baseAddress, $0.count) } == jpeg.count)
        close(file)
        close(fd)
        let scan = try PhotoFolder(root: root).scan()
        #expect(scan.entries.count == 1 && scan.entries.first?.relativePath == Array("near.jpg".utf8))
        #expect(scan.skipped == ["path longer than 4096 bytes": 1], "\(scan.skipped)")
    }

    /// In one folder, a file whose path is too long between two that are not: each of the others
    /// keeps its own format and size (the files listed as regular are sniffed ahead, and the one
    /// passed over must not shift the answers of those after it).
    @Test func aFilePassedOverForItsPathLeavesTheOthersTheirOwnAnswers() throws {
        // Folders nested until the folder's path is 3,900 bytes: "a.jpg" and "c.jpg" fit in 4,096,
        // a 250-byte name does not.
        var fd = open(root, O_RDONLY | O_DIRECTORY)
        var relative = ""
        while root.utf8.count + relative.utf8.count < 3_900 {
            let name = String(repeating: "d", count: min(200, 3_900 - root.utf8.count - relative.utf8.count - 1))
            #expect(mkdirat(fd, name, 0o755) == 0)
            let next = openat(fd, name, O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
            relative += "/" + name
        }
        func put(_ name: String, _ bytes: [UInt8]) {
            let file = openat(fd, name, O_WRONLY | O_CREAT, 0o644)
            #expect(bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) } == bytes.count)
            close(file)
        }
        let small = TestImage.jpeg(width: 4, height: 4), large = TestImage.jpeg(width: 64, height: 48)
        put("a.jpg", small)
        put("b" + String(repeating: "x", count: 249), Array("not a photo".utf8))
        put("c.jpg", large)
        close(fd)
        let scan = try PhotoFolder(root: root).scan()
        let found = scan.entries.map { (String(decoding: $0.relativePath, as: UTF8.self), $0.file.size) }
        #expect(found.map(\.0) == [String(relative.dropFirst()) + "/a.jpg", String(relative.dropFirst()) + "/c.jpg"])
        #expect(found.map(\.1) == [Int64(small.count), Int64(large.count)])
        #expect(scan.skipped == ["path longer than 4096 bytes": 1], "\(scan.skipped)")
    }

    /// `café.jpg` in NFC (320×240) and in NFD (1×1) were one photo: the row said 320 × 240,
    /// but the picture and the bytes saved were the other file's (the table was keyed by `String`).
    @Test func namesEqualUnderUnicodeAreTwoPhotos() async throws {
        let nfc = TestImage.jpeg(width: 320, height: 240), nfd = TestImage.jpeg(width: 1, height: 1)
        try folder.write("caf\u{E9}.jpg", nfc)
        try folder.write(Array("cafe".utf8) + [0xCC, 0x81] + Array(".jpg".utf8), nfd)
        let worker = FolderPhotosWorker(root: root)
        let photos = try await worker.fetch(count: 2).photos
        #expect(photos.count == 2)
        let out = try TemporaryFolder()
        for photo in photos {
            let pixels = try await worker.pixels(for: photo, fitting: PixelSize(width: 400, height: 400))
            #expect(PixelSize(width: pixels.width, height: pixels.height) == PixelSize(width: photo.width, height: photo.height))
            let saved = try await worker.save(photo, to: out.path + "/\(photo.width).jpg", replacing: false)
            #expect(FileManager.default.contents(atPath: saved.path).map(Array.init) == (photo.width == 320 ? nfc : nfd))
        }
    }

    /// `open 1`, the file replaced by another picture of another size, `fetch`, `open 1`:
    /// the fields said the new size and the old picture was drawn (pictures were kept in memory by
    /// the photo's id alone). They are kept by the file's identity too: device, inode, size, time.
    @Test func aReplacedPhotoIsNotDrawnAsItWas() async throws {
        try folder.write("a.png", TestImage.png(width: 40, height: 20, colour: (200, 30, 30, 255)))
        let worker = FolderPhotosWorker(root: root)
        let caching = CachingPicturesWorker(worker)
        let box = PixelSize(width: 400, height: 400)
        let before = try #require(try await worker.fetch(count: 1).photos.first)
        let old = try await caching.pixels(for: before, fitting: box)
        #expect(PixelSize(width: old.width, height: old.height) == PixelSize(width: 40, height: 20))
        let version = try #require(caching.version(of: before))
        // Replaced: a new file (another inode) of another size and colour, renamed over the old one.
        try folder.write("b.tmp", TestImage.png(width: 30, height: 30, colour: (20, 40, 220, 255)))
        rename(folder.path + "/b.tmp", folder.path + "/a.png")
        let after = try #require(try await worker.fetch(count: 1).photos.first)
        #expect(caching.version(of: after) != version)
        let new = try await caching.pixels(for: after, fitting: box)
        #expect(PixelSize(width: new.width, height: new.height) == PixelSize(width: 30, height: 30))
        #expect(Array(new.rgba.prefix(3)) == [20, 40, 220])
        // The old picture is not kept beside it.
        #expect(await caching.usage.pictures == 1)
        // Unchanged: the same version, from memory.
        #expect(caching.version(of: after) == caching.version(of: after))
    }

    /// After `fetch`, `a.jpg` replaced by a link to /etc/shadow: `save` copied the link's
    /// target. Now it copies only the file the scan found, or one still inside the folder and still an
    /// image; else it fails and writes nothing.
    @Test func saveCopiesOnlyTheFileThatWasFoundOrAnImageStillInTheFolder() async throws {
        let secret = try TemporaryFolder()
        try secret.write("shadow", Array("root:secret\n".utf8))
        try folder.write("a.jpg", TestImage.jpeg(width: 8, height: 8))
        try folder.write("b.png", TestImage.png(width: 3, height: 3))
        try folder.write("notes.txt", Array("not a photo".utf8))
        let worker = FolderPhotosWorker(root: root)
        let photo = try #require(try await worker.fetch(count: 2).photos.first { $0.id == "a.jpg" })
        let out = try TemporaryFolder()
        func save(_ name: String) async -> String? {
            do {
                _ = try await worker.save(photo, to: out.path + "/" + name, replacing: false)
                return nil
            } catch { return "\(error)" }
        }
        unlink(folder.bytes("a.jpg").map { CChar(bitPattern: $0) } + [0])
        try folder.symlink(secret.path + "/shadow", at: "a.jpg")
        #expect(
            await save("1.jpg")
                == "the photo's file was replaced since it was listed by a link out of the folder (nothing was written): type 'fetch' to list the folder again"
        )
        unlink(folder.bytes("a.jpg").map { CChar(bitPattern: $0) } + [0])
        try folder.symlink("notes.txt", at: "a.jpg")
        #expect(await save("2.jpg") == "the photo's file was replaced since it was listed, and is no longer an image (nothing was written)")
        unlink(folder.bytes("a.jpg").map { CChar(bitPattern: $0) } + [0])
        try folder.symlink("b.png", at: "a.jpg")
        #expect(await save("3.jpg") == nil, "another image inside the folder is copied")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["3.jpg"])
        #expect(FileManager.default.contents(atPath: out.path + "/3.jpg").map(Array.init) == TestImage.png(width: 3, height: 3))
    }

    /// Every kind of entry that is not a photo, in one folder: hidden ones are not counted at all, the
    /// rest by reason; the FIFO is never opened (opening it would block the walk for good).
    @Test(.timeLimit(.minutes(1))) func whatIsNotAPhotoIsSkippedAndCountedByReason() async throws {
        let photo = TestImage.jpeg(width: 16, height: 8)
        try folder.write("a/b/c.jpg", photo)
        try folder.write("one.jpg", photo)
        try folder.write(".hidden.jpg", photo)
        try folder.write(".hidden-folder/inside.jpg", photo)
        try folder.write("notes.txt", Array("not a photo\n".utf8))
        try folder.write("fake.jpg", Array("this is not a JPEG\n".utf8))
        try folder.mkfifo("pipe.jpg")
        try folder.symlink("..", at: "a/up")  // a folder link back to the root: a loop
        try folder.symlink("self", at: "self")  // a link to itself: ELOOP
        try folder.symlink("nowhere.jpg", at: "dangling.jpg")
        try folder.symlink("one.jpg", at: "link.jpg")  // a link to a photo is a photo

        let scan = try PhotoFolder(root: root).scan()
        #expect(scan.entries.map { String(decoding: $0.relativePath, as: UTF8.self) } == ["a/b/c.jpg", "link.jpg", "one.jpg"])
        #expect(scan.skipped == ["not an image": 2, "not a regular file": 1, "symbolic link loop": 2, "dangling link": 1])
        #expect(scan.skippedSummary == "6 files skipped: 1 dangling link, 1 not a regular file, 2 not an image, 2 symbolic link loop")

        let worker = FolderPhotosWorker(root: root)
        let fetched = try await worker.fetch(count: 3)
        #expect(
            fetched.notes == [
                "Found 3 photos in \(root) (6 files skipped: 1 dangling link, 1 not a regular file, 2 not an image, 2 symbolic link loop)."
            ])
        #expect(fetched.photos.map(\.id).sorted() == ["a/b/c.jpg", "link.jpg", "one.jpg"])
        let link = try #require(fetched.photos.first { $0.id == "link.jpg" })
        #expect((link.width, link.height) == (16, 8))
        let pixels = try await worker.pixels(for: link, fitting: PixelSize(width: 100, height: 100))
        #expect((pixels.width, pixels.height) == (16, 8))
    }

    @Test func oneSkippedFileIsSingular() async throws {
        try folder.write("only.png", TestImage.png(width: 2, height: 2))
        try folder.write("readme.txt", Array("hello".utf8))
        let fetched = try await FolderPhotosWorker(root: root).fetch(count: 1)
        #expect(fetched.notes == ["Found 1 photo in \(root) (1 file skipped: 1 not an image)."])
    }

    /// The walk goes 32 folders down and no further; what is deeper is counted, not lost silently.
    @Test func foldersNestedTooDeepAreCounted() throws {
        let deepest = (1...32).map { "d\($0)" }.joined(separator: "/")
        try folder.write(deepest + "/deep.png", TestImage.png(width: 2, height: 2))
        try folder.write(deepest + "/d33/deeper.png", TestImage.png(width: 2, height: 2))
        let scan = try PhotoFolder(root: root).scan()
        #expect(scan.entries.map { String(decoding: $0.relativePath, as: UTF8.self) } == [deepest + "/deep.png"])
        #expect(scan.skipped == ["folder nested too deep": 1])
    }

    /// A folder reached twice (a link to it and the folder itself) is walked once, and which of the two
    /// names it is walked under must not depend on the order readdir happens to give.
    @Test func aFolderReachedTwiceIsWalkedOnceUnderTheSameNameEverywhere() throws {
        try folder.write("z/photo.png", TestImage.png(width: 2, height: 2))
        try folder.symlink("z", at: "a")
        try folder.write("m/photo.png", TestImage.png(width: 2, height: 2))
        try folder.symlink("m", at: "y")
        let scan = try PhotoFolder(root: root).scan()
        // Walked in name order: "a" before "z", "m" before "y".
        #expect(scan.entries.map { String(decoding: $0.relativePath, as: UTF8.self) } == ["a/photo.png", "m/photo.png"])
        #expect(scan.skippedCount == 2)
    }

    @Test func theSameSeedDrawsTheSamePhotosWhateverOrderTheFilesWereMadeIn() async throws {
        let other = try TemporaryFolder()
        let names = (0..<10).map { "photo\($0).png" }
        for name in names { try folder.write(name, TestImage.png(width: 2, height: 2)) }
        for name in names.reversed() { try other.write(name, TestImage.png(width: 2, height: 2)) }

        let first = try await FolderPhotosWorker(root: root, seed: 7).fetch(count: 4).photos.map(\.id)
        let again = try await FolderPhotosWorker(root: root, seed: 7).fetch(count: 4).photos.map(\.id)
        let elsewhere = try await FolderPhotosWorker(root: other.path, seed: 7).fetch(count: 4).photos.map(\.id)
        #expect(first == again)
        #expect(first == elsewhere)
        #expect(Set(first).count == 4 && Set(first).isSubset(of: names))
        // Exactly the embedded catalog's draw: the generator's indices into the sorted names.
        var generator = SeededGenerator(seed: 7)
        #expect(first == generator.distinctIndices(4, of: 10).map { names[$0] })

        let all7 = try await FolderPhotosWorker(root: root, seed: 7).fetch(count: 10).photos.map(\.id)
        let all8 = try await FolderPhotosWorker(root: root, seed: 8).fetch(count: 10).photos.map(\.id)
        #expect(Set(all7) == Set(names) && Set(all8) == Set(names))
        #expect(all7 != all8)

        // One worker draws afresh on each fetch, like the embedded catalog.
        let worker = FolderPhotosWorker(root: root, seed: 7)
        let one = try await worker.fetch(count: 4).photos.map(\.id)
        let two = try await worker.fetch(count: 4).photos.map(\.id)
        #expect(one == first && two != one)
    }

    @Test func fewerPhotosThanAskedForGivesThemAllWithANote() async throws {
        try folder.write("a.png", TestImage.png(width: 2, height: 2))
        try folder.write("b.jpg", TestImage.jpeg(width: 8, height: 8))
        let fetched = try await FolderPhotosWorker(root: root).fetch(count: 5)
        #expect(fetched.photos.map(\.id).sorted() == ["a.png", "b.jpg"])
        #expect(fetched.notes == ["Found 2 photos in \(root).", "The folder has only 2 photos, not 5: all of them are shown."])
        #expect(try await FolderPhotosWorker(root: root).fetchRandomPhotos(count: 30).count == 2)

        try folder.remove("b.jpg")
        let one = try await FolderPhotosWorker(root: root).fetch(count: 3)
        #expect(one.notes == ["Found 1 photo in \(root).", "The folder has only 1 photo, not 3: all of them are shown."])
    }

    @Test func theFolderIsNamedAsItWasGiven() async throws {
        try folder.write("a.png", TestImage.png(width: 2, height: 2))
        let fetched = try await FolderPhotosWorker(root: root, shownAs: "photos").fetch(count: 1)
        #expect(fetched.notes == ["Found 1 photo in photos."])
        // In every message: a transcript's output must not depend on where the folder really is.
        try folder.write("empty/notes.txt", Array("text".utf8))
        #expect(
            await fetchError(FolderPhotosWorker(root: root + "/empty", shownAs: "empty"), count: 1)
                == PhotosWorkerError(
                    "no photos (JPEG, PNG, WebP, GIF, HEIC, AVIF, JPEG XL, TIFF or camera RAW) in empty (1 file skipped: 1 not an image): put some there, or choose another folder with --folder DIR"
                ))
        #expect(
            await fetchError(FolderPhotosWorker(root: root + "/missing", shownAs: "missing"), count: 1)
                == PhotosWorkerError("cannot read the folder missing: No such file or directory"))
        #expect(
            await fetchError(FolderPhotosWorker(root: root + "/a.png", shownAs: "a.png"), count: 1)
                == PhotosWorkerError("a.png is not a folder (give --folder DIR)"))
    }

    @Test func aFolderWithNoPhotosIsAnError() async throws {
        #expect(
            await fetchError(FolderPhotosWorker(root: root), count: 3)
                == PhotosWorkerError(
                    "no photos (JPEG, PNG, WebP, GIF, HEIC, AVIF, JPEG XL, TIFF or camera RAW) in \(root): put some there, or choose another folder with --folder DIR"
                ))
        try folder.write("notes.txt", Array("text".utf8))
        try folder.write(".hidden.png", TestImage.png(width: 2, height: 2))
        try folder.write("empty.jpg", [])
        #expect(
            await fetchError(FolderPhotosWorker(root: root), count: 3)
                == PhotosWorkerError(
                    "no photos (JPEG, PNG, WebP, GIF, HEIC, AVIF, JPEG XL, TIFF or camera RAW) in \(root) (2 files skipped: 2 not an image): put some there, or choose another folder with --folder DIR"
                ))
    }

    @Test func aMissingFolderOrAFileIsAnErrorNamingIt() async throws {
        #expect(
            await fetchError(FolderPhotosWorker(root: root + "/missing"), count: 1)
                == PhotosWorkerError("cannot read the folder \(root)/missing: No such file or directory"))
        try folder.write("photo.png", TestImage.png(width: 2, height: 2))
        #expect(
            await fetchError(FolderPhotosWorker(root: root + "/photo.png"), count: 1)
                == PhotosWorkerError("\(root)/photo.png is not a folder (give --folder DIR)"))
    }

    @Test func countsUnsplashWouldRefuseAreRefused() async throws {
        try folder.write("photo.png", TestImage.png(width: 2, height: 2))
        let worker = FolderPhotosWorker(root: root)
        #expect(await fetchError(worker, count: 0) == PhotosWorkerError("a random fetch takes 1…30 photos, not 0"))
        #expect(await fetchError(worker, count: 31) == PhotosWorkerError("a random fetch takes 1…30 photos, not 31"))
    }

    @Test func fieldsComeFromEXIFElseTheFileName() async throws {
        // Stored 40×20, orientation 6: shown 20×40.
        try folder.write(
            "exif.jpg",
            TestImage.withEXIF(
                TestImage.jpeg(width: 40, height: 20), orientation: 6,
                description: "Harbour at dawn", artist: "Ada Lovelace"))
        try folder.write("nested/plain.jpg", TestImage.jpeg(width: 30, height: 10))
        try folder.write("only-artist.jpg", TestImage.withEXIF(TestImage.jpeg(width: 8, height: 8), artist: "Jo"))
        try folder.write("leaf.png", TestImage.png(width: 12, height: 7))
        let photos = try await FolderPhotosWorker(root: root).fetch(count: 4).photos
        let byId = Dictionary(uniqueKeysWithValues: photos.map { ($0.id, $0) })

        #expect(
            byId["exif.jpg"]
                == Photo(
                    id: "exif.jpg", width: 20, height: 40, color: nil, blurHash: nil, description: "Harbour at dawn",
                    altDescription: nil, likes: nil, user: .init(id: "", username: "", name: "Ada Lovelace"),
                    urls: .init(raw: "exif.jpg", full: "exif.jpg", regular: "exif.jpg", small: "exif.jpg", thumb: "exif.jpg")
                ))
        let plain = try #require(byId["nested/plain.jpg"])
        #expect((plain.width, plain.height) == (30, 10))
        #expect(plain.description == nil && plain.user.name == "" && plain.likes == nil, "the id names the file: no description repeats it")
        let artist = try #require(byId["only-artist.jpg"])
        #expect(artist.description == nil && artist.user.name == "Jo")
        let leaf = try #require(byId["leaf.png"])
        #expect((leaf.width, leaf.height) == (12, 7))
        #expect(leaf.description == nil && leaf.user.name == "")
    }

    /// `photorepl FOLDER` lists the folder whole as a viewer does: by the names' extensions,
    /// no file opened (a text file named .jpg is listed; a FIFO named .jpg is not read, nor waited
    /// on), in path order, each photo's fields read only when it is described.
    @Test func aListingByNameOpensNoFile() async throws {
        try folder.write("b.jpg", TestImage.withEXIF(TestImage.jpeg(width: 40, height: 20), description: "Harbour", artist: "Ada"))
        try folder.write("a.PNG", TestImage.png(width: 12, height: 7))
        try folder.write("c.jpg", Array("not a photo at all".utf8))
        try folder.write("notes.txt", Array("hello".utf8))
        try folder.write("sub/d.heic", Array("x".utf8))
        // Every extension of a format photorepl reads, in any case (a camera's CR3 too).
        for name in ["e.CR3", "f.jxl", "g.dng", "h.tiff", "i.webp", "j.avif", "k.JPEG"] {
            try folder.write("sub/kinds/\(name)", Array("x".utf8))
        }
        #expect(mkfifo(root + "/pipe.jpg", 0o600) == 0)
        let worker = FolderPhotosWorker(root: root)
        let listed = try await worker.listing(sortedBy: .name)
        #expect(
            listed.photos.map(\.id) == [
                "a.PNG", "b.jpg", "c.jpg", "sub/d.heic", "sub/kinds/e.CR3", "sub/kinds/f.jxl", "sub/kinds/g.dng",
                "sub/kinds/h.tiff", "sub/kinds/i.webp", "sub/kinds/j.avif", "sub/kinds/k.JPEG"
            ])
        #expect(listed.notes == ["Found 11 photos in \(root) (2 files skipped: 1 not a regular file, 1 not named as a photo)."])
        #expect(listed.photos.allSatisfy { $0.width == 0 && $0.height == 0 && $0.description == nil && $0.user.name.isEmpty })
        let described = await worker.described(listed.photos[1])
        #expect((described.width, described.height) == (40, 20) && described.description == "Harbour" && described.user.name == "Ada")
        // Described once; a photo that is not the folder's comes back as it is.
        #expect(await worker.described(listed.photos[1]) == described)
        let stranger = FolderPhotosWorker.nameOnly("elsewhere.jpg")
        #expect(await worker.described(stranger) == stranger)
        // Its picture is drawn from a name-only photo too.
        let pixels = try await worker.pixels(for: listed.photos[0], fitting: PixelSize(width: 100, height: 100))
        #expect((pixels.width, pixels.height) == (12, 7))
        await #expect(throws: (any Error).self) {
            try await worker.pixels(for: listed.photos[2], fitting: PixelSize(width: 100, height: 100))
        }
    }

    /// Counts are grouped as the progress line groups them ("Found 1,200 photos", not "1200").
    @Test func aListingsCountIsGrouped() async throws {
        for i in 0..<1_200 { try folder.write("p\(i).jpg", []) }
        let listed = try await FolderPhotosWorker(root: root).listing(sortedBy: .name)
        #expect(listed.notes == ["Found 1,200 photos in \(root)."])
    }

    /// By size, the largest first, files of one size by name; the folder of a photo opened by name
    /// is listed without the folders inside, the photo even if its name is hidden.
    @Test func aListingBySizeAndTheFolderOfAPhotoOpened() async throws {
        try folder.write("small.jpg", [UInt8](repeating: 1, count: 10))
        try folder.write("big.jpg", [UInt8](repeating: 1, count: 300))
        try folder.write("mid-b.jpg", [UInt8](repeating: 1, count: 100))
        try folder.write("mid-a.jpg", [UInt8](repeating: 1, count: 100))
        try folder.write(".hidden.jpg", [UInt8](repeating: 1, count: 5))
        try folder.write("sub/deep.jpg", [UInt8](repeating: 1, count: 1000))
        let bySize = try await FolderPhotosWorker(root: root).listing(sortedBy: .size)
        #expect(bySize.photos.map(\.id) == ["sub/deep.jpg", "big.jpg", "mid-a.jpg", "mid-b.jpg", "small.jpg"])
        let opened = try await FolderPhotosWorker(root: root, openedPhoto: ".hidden.jpg").listing(sortedBy: .name)
        #expect(opened.photos.map(\.id) == [".hidden.jpg", "big.jpg", "mid-a.jpg", "mid-b.jpg", "small.jpg"])
    }

    /// By when taken, the oldest first: the metadata's date, else the file's time; what was read is
    /// kept in the photo index, under each file's version, and taken from there next time.
    @Test func aListingByTakenKeepsWhatItReadInTheIndex() async throws {
        let jpeg = TestImage.jpeg(width: 16, height: 16)
        try folder.write("a.jpg", TestImage.withEXIF(jpeg, dateTime: "2024:01:02 03:04:05"))
        try folder.write("b.jpg", TestImage.withEXIF(jpeg, dateTime: "2019:06:01 12:00:00"))
        try folder.write("c.png", TestImage.png(width: 8, height: 8))
        var times = [timespec(tv_sec: 1_600_000_000, tv_nsec: 0), timespec(tv_sec: 1_600_000_000, tv_nsec: 0)]  // 2020
        #expect(utimensat(AT_FDCWD, root + "/c.png", &times, 0) == 0)
        let cache = try TemporaryFolder()
        let indexPath = cache.path + "/photorepl/index.sqlite"
        let first = try await FolderPhotosWorker(root: root, index: PhotoIndex(path: indexPath)).listing(sortedBy: .taken)
        #expect(first.photos.map(\.id) == ["b.jpg", "c.png", "a.jpg"])
        #expect(first.photos.map { $0.facts?.metadata.taken } == ["2019:06:01 12:00:00", nil, "2024:01:02 03:04:05"])
        // A second session takes the metadata from the index: with no reader at all, nothing is
        // missing (a read would have said the reader is not there).
        let noReader = MetadataReader(program: nil)
        let again = try await FolderPhotosWorker(root: root, index: PhotoIndex(path: indexPath), metadataReader: noReader).listing(
            sortedBy: .taken)
        #expect(again.photos.map(\.id) == ["b.jpg", "c.png", "a.jpg"])
        #expect(again.notes == ["Found 3 photos in \(root)."])
        // A photo shown in the detail (one file of the folder) prunes none of the others' rows: a
        // third session still reads no file.
        let shownOne = FolderPhotosWorker(root: root, index: PhotoIndex(path: indexPath), metadataReader: noReader)
        let byName = try await shownOne.listing(sortedBy: .name)
        _ = await shownOne.described(byName.photos[0])
        let afterDetail = try await FolderPhotosWorker(root: root, index: PhotoIndex(path: indexPath), metadataReader: noReader).listing(
            sortedBy: .taken)
        #expect(afterDetail.notes == ["Found 3 photos in \(root)."], "the index lost rows to a detail: \(afterDetail.notes)")
        // b.jpg rewritten in place to say 2030, its size and modification time put back (`touch -r`):
        // its change time moved, so it is read again (the date kept, 2019, would be a lie).
        let later = TestImage.withEXIF(jpeg, dateTime: "2030:06:01 12:00:00")
        var before = stat()
        #expect(stat(root + "/b.jpg", &before) == 0 && later.count == Int(before.st_size))
        try folder.write("b.jpg", later)
        var keptTimes = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, root + "/b.jpg", &keptTimes, 0) == 0)
        let second = try await FolderPhotosWorker(root: root, index: PhotoIndex(path: indexPath), metadataReader: noReader).listing(
            sortedBy: .taken)
        #expect(second.photos.map(\.id) == ["c.png", "a.jpg", "b.jpg"], "read again")
        // Only that photo was read: the note says the reader is missing (its date came from
        // photorepl's own reader).
        #expect(second.notes.contains { $0.hasPrefix("Metadata beyond dates and cameras is not read:") })
        // An index that is not one is set aside, said, and made afresh.
        #expect(FileManager.default.createFile(atPath: indexPath, contents: Data("garbage\n1:2:3\tx\n".utf8)))
        let third = try await FolderPhotosWorker(root: root, index: PhotoIndex(path: indexPath)).listing(sortedBy: .taken)
        #expect(third.photos.map(\.id) == ["c.png", "a.jpg", "b.jpg"])
        #expect(third.notes.contains { $0.contains("set aside") }, "\(third.notes)")
    }

    /// A name that is not UTF-8 is still a photo: its id shows the byte as `\xFF`, and the file is opened
    /// by its real bytes.
    @Test func aNameThatIsNotUTF8IsListedAndItsPixelsDecode() async throws {
        let name: [UInt8] = [0x62, 0x61, 0x64, 0xFF] + Array("name.jpg".utf8)  // "bad\xFFname.jpg"
        try folder.write(name, TestImage.jpeg(width: 24, height: 12))
        let worker = FolderPhotosWorker(root: root)
        let photos = try await worker.fetch(count: 1).photos
        #expect(photos.map(\.id) == [#"bad\xFFname.jpg"#])
        #expect(photos.first?.description == nil)
        #expect((photos.first?.width, photos.first?.height) == (24, 12))
        let pixels = try await worker.pixels(for: photos[0], fitting: PixelSize(width: 100, height: 100))
        #expect((pixels.width, pixels.height) == (24, 12))
    }

    /// Two names that differ only in bytes that are not UTF-8: their ids differ (each byte shown as
    /// `\xNN`), and each opens its own file.
    @Test func twoNamesThatReadTheSameKeepDistinctIds() async throws {
        try folder.write([0x62, 0xFE] + Array(".png".utf8), TestImage.png(width: 3, height: 3))
        try folder.write([0x62, 0xFF] + Array(".png".utf8), TestImage.png(width: 5, height: 5))
        let worker = FolderPhotosWorker(root: root)
        let photos = try await worker.fetch(count: 2).photos
        #expect(Set(photos.map(\.id)).count == 2)
        #expect(Set(photos.map(\.id)) == [#"b\xFE.png"#, #"b\xFF.png"#])
        for photo in photos {
            let pixels = try await worker.pixels(for: photo, fitting: PixelSize(width: 100, height: 100))
            #expect((pixels.width, pixels.height) == (photo.width, photo.height))
        }
        #expect(Set(photos.map(\.width)) == [3, 5])
    }

    // MARK: Pixels

    @Test func aJPEGsPixelsAreDecodedUprightAndScaledDownWhileDecoding() async throws {
        // Stored 40×20 with its left half red and right half blue; orientation 6 turns it clockwise, so
        // upright it is 20×40 with the red half on top.
        let turned = TestImage.jpeg(width: 40, height: 20) { x, _ in x < 20 ? (255, 0, 0) : (0, 0, 255) }
        try folder.write("turned.jpg", TestImage.withEXIF(turned, orientation: 6))
        try folder.write("big.jpg", TestImage.jpeg(width: 1600, height: 1200, quality: 75))
        try folder.write("big.png", TestImage.png(width: 1600, height: 1200))
        let worker = FolderPhotosWorker(root: root)
        let photos = Dictionary(uniqueKeysWithValues: try await worker.fetch(count: 3).photos.map { ($0.id, $0) })

        let upright = try await worker.pixels(for: try #require(photos["turned.jpg"]), fitting: PixelSize(width: 100, height: 100))
        #expect((upright.width, upright.height) == (20, 40))
        #expect(isRed(rgba(upright, 10, 5)) && isRed(rgba(upright, 10, 15)))
        #expect(isBlue(rgba(upright, 10, 25)) && isBlue(rgba(upright, 10, 35)))

        // 1600×1200 in 200×200 needs 200×150: the DCT's 1/8 scale gives exactly that.
        let box = PixelSize(width: 200, height: 200)
        let jpeg = try await worker.pixels(for: try #require(photos["big.jpg"]), fitting: box)
        #expect(jpeg.width <= 400 && (jpeg.width, jpeg.height) == (200, 150))
        // A PNG decodes at full size and is then scaled down to what the box needs.
        let png = try await worker.pixels(for: try #require(photos["big.png"]), fitting: box)
        #expect((png.width, png.height) == (200, 150))
        #expect(rgba(png, 100, 75) == (40, 170, 60, 255))
    }

    @Test func aPhotoFromElsewhereHasNoPixels() async throws {
        try folder.write("a.png", TestImage.png(width: 2, height: 2))
        let worker = FolderPhotosWorker(root: root)
        var photo = try await worker.fetch(count: 1).photos[0]
        photo.id = "b.png"
        #expect(await pictureFailure(worker, photo) == PictureFailure("the photo is not from this folder"))
    }

    @Test func aFileThatVanishedAfterTheFetchIsAPictureFailure() async throws {
        try folder.write("gone.jpg", TestImage.jpeg(width: 8, height: 8))
        let worker = FolderPhotosWorker(root: root)
        let photo = try await worker.fetch(count: 1).photos[0]
        try folder.remove("gone.jpg")
        #expect(await pictureFailure(worker, photo) == PictureFailure("cannot open: No such file or directory"))
    }

    /// Replaced by a FIFO with no writer: opening it to read would block for good; the worker opens
    /// without blocking and refuses it.
    @Test(.timeLimit(.minutes(1))) func aFileReplacedByAFIFOIsRefusedWithoutBlocking() async throws {
        try folder.write("pipe.jpg", TestImage.jpeg(width: 8, height: 8))
        let worker = FolderPhotosWorker(root: root)
        let photo = try await worker.fetch(count: 1).photos[0]
        try folder.remove("pipe.jpg")
        try folder.mkfifo("pipe.jpg")
        #expect(await pictureFailure(worker, photo) == PictureFailure("not a regular file"))
    }

    @Test func aCorruptOrTruncatedFileIsListedAndItsPixelsFailInOneLine() async throws {
        // JPEG by its first bytes, nothing after them a decoder can read.
        try folder.write("corrupt.jpg", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("garbage, not a JPEG at all".utf8))
        let whole = TestImage.jpeg(width: 320, height: 240, quality: 95)
        try folder.write("cut.jpg", Array(whole.prefix(whole.count / 2)))
        let png = TestImage.png(width: 64, height: 64) { x, y in
            let (r, g, b) = TestImage.gradient(x, y)
            return (r, g, b, 255)
        }
        try folder.write("cut.png", Array(png.prefix(png.count / 2)))
        try folder.write("good.png", TestImage.png(width: 2, height: 2))
        let worker = FolderPhotosWorker(root: root)
        let fetched = try await worker.fetch(count: 4)
        #expect(fetched.notes == ["Found 4 photos in \(root)."])
        let photos = Dictionary(uniqueKeysWithValues: fetched.photos.map { ($0.id, $0) })

        let corrupt = try #require(photos["corrupt.jpg"])
        #expect((corrupt.width, corrupt.height) == (0, 0))
        let corruptFailure = try #require(await pictureFailure(worker, corrupt))
        #expect(corruptFailure.reason.hasPrefix("corrupt JPEG: "))
        #expect(!corruptFailure.reason.contains("\n"))

        // The header is whole: the size is known; the pixels are not all there.
        let cut = try #require(photos["cut.jpg"])
        #expect((cut.width, cut.height) == (320, 240))
        let cutFailure = try #require(await pictureFailure(worker, cut))
        #expect(cutFailure.reason.hasPrefix("the JPEG file is truncated ("))
        #expect(!cutFailure.reason.contains("\n"))

        let cutPNG = try #require(photos["cut.png"])
        #expect((cutPNG.width, cutPNG.height) == (64, 64))
        let pngFailure = try #require(await pictureFailure(worker, cutPNG))
        #expect(pngFailure.reason.hasPrefix("the PNG file is truncated ("))
        #expect(!pngFailure.reason.contains("\n"))

        #expect(try await worker.pixels(for: try #require(photos["good.png"]), fitting: PixelSize(width: 10, height: 10)).width == 2)
    }

    // Root reads every file whatever its mode (tests run as root here and on CI): these run only as
    // another user.
    @Test(.enabled(if: getuid() != 0, "root can read files whose mode says no one can"))
    func unreadableFilesAndFoldersAreCounted() async throws {
        try folder.write("ok.png", TestImage.png(width: 2, height: 2))
        try folder.write("locked.png", TestImage.png(width: 2, height: 2))
        try folder.write("closed/inside.png", TestImage.png(width: 2, height: 2))
        try folder.chmod("locked.png", 0)
        try folder.chmod("closed", 0)
        defer { try? folder.chmod("closed", 0o755) }
        let scan = try PhotoFolder(root: root).scan()
        #expect(scan.entries.map(\.relativePath) == [Array("ok.png".utf8)])
        #expect(scan.skipped == ["unreadable": 1, "unreadable folder": 1])
    }

    @Test(.enabled(if: getuid() != 0, "root can read files whose mode says no one can"))
    func aFileMadeUnreadableAfterTheFetchIsAPictureFailure() async throws {
        try folder.write("photo.png", TestImage.png(width: 2, height: 2))
        let worker = FolderPhotosWorker(root: root)
        let photo = try await worker.fetch(count: 1).photos[0]
        try folder.chmod("photo.png", 0)
        #expect(await pictureFailure(worker, photo) == PictureFailure("unreadable"))
    }

    /// The generated folder the examples use: what it holds is known, file by file.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/cjpeg"), "make-test-photos needs cjpeg"))
    func theGeneratedTestPhotos() async throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts/make-test-photos")
        let process = Process()
        process.executableURL = script
        process.arguments = [root + "/photos"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)

        let worker = FolderPhotosWorker(root: root + "/photos", shownAs: "photos")
        let fetched = try await worker.fetch(count: 10)
        #expect(
            fetched.notes == [
                "Found 4 photos in photos (2 files skipped: 2 not an image).",
                "The folder has only 4 photos, not 10: all of them are shown."
            ])
        let photos = Dictionary(uniqueKeysWithValues: fetched.photos.map { ($0.id, $0) })
        #expect(photos.keys.sorted() == ["nested/deeper/leaf.png", "nested/gray.png", "rotated.jpg", "sunset.jpg"])
        let sunset = try #require(photos["sunset.jpg"])
        #expect((sunset.width, sunset.height, sunset.description, sunset.user.name) == (320, 200, "Sunset over the bay", "Ada Lovelace"))
        let rotated = try #require(photos["rotated.jpg"])
        #expect(
            (rotated.width, rotated.height, rotated.description, rotated.user.name) == (160, 240, "Rotated by EXIF (orientation 6)", ""))
        let gray = try #require(photos["nested/gray.png"])
        #expect((gray.width, gray.height, gray.description) == (64, 48, nil))
        // Upright: the arrow's red square is at the top left.
        let pixels = try await worker.pixels(for: rotated, fitting: PixelSize(width: 160, height: 240))
        #expect((pixels.width, pixels.height) == (160, 240))
        #expect(isRed(rgba(pixels, 25, 25)))
        #expect(!isRed(rgba(pixels, 160 - 25, 25)) && !isRed(rgba(pixels, 25, 240 - 25)))

        // The folder committed in Examples/ is exactly what the script makes (the golden transcripts
        // of Examples/folder.t depend on its bytes).
        let examples = script.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/photos").path
        for file in ["sunset.jpg", "rotated.jpg", "nested/deeper/leaf.png", "nested/gray.png", "notes.txt", "fake.jpg", ".hidden.jpg"] {
            let made = FileManager.default.contents(atPath: root + "/photos/" + file)
            #expect(made != nil && made == FileManager.default.contents(atPath: examples + "/" + file), "\(file)")
        }
    }
}

/// How a folder's file names become ids: readable, one-to-one, and safe on a line of their own.
@Suite struct DisplayIDTests {
    @Test func validUTF8IsKeptAndTheRestIsEscaped() {
        #expect(PhotoFolder.displayID(Array("한글/é 🌲.jpg".utf8)) == "한글/é 🌲.jpg")
        #expect(PhotoFolder.displayID([0x61, 0xFF, 0x62]) == #"a\xFFb"#)
        // A newline or an escape in a name would split a row or forge a prompt line in a transcript.
        #expect(PhotoFolder.displayID(Array("x\nphotos> quit.jpg".utf8)) == #"x\x0Aphotos> quit.jpg"#)
        #expect(PhotoFolder.displayID([0x1B, 0x5B, 0x32, 0x4A]) == #"\x1B[2J"#)
        #expect(PhotoFolder.displayID(Array("tab\there".utf8)) == #"tab\x09here"#)
        #expect(PhotoFolder.displayID([0x7F]) == #"\x7F"#)
        // A backslash is doubled, so that an escape never reads like a real name.
        #expect(PhotoFolder.displayID(Array(#"a\xFFb"#.utf8)) == #"a\\xFFb"#)
        // Overlong forms, surrogates, code points above U+10FFFF and cut sequences are not UTF-8.
        #expect(PhotoFolder.displayID([0xC0, 0xAF]) == #"\xC0\xAF"#)
        #expect(PhotoFolder.displayID([0xED, 0xA0, 0x80]) == #"\xED\xA0\x80"#)
        #expect(PhotoFolder.displayID([0xF4, 0x90, 0x80, 0x80]) == #"\xF4\x90\x80\x80"#)
        #expect(PhotoFolder.displayID([0xE2, 0x82]) == #"\xE2\x82"#)
    }

    @Test func differentNamesNeverShareAnId() {
        var seen: [String: [UInt8]] = [:]
        var generator = SeededGenerator(seed: 9)
        for _ in 0..<20_000 {
            let name = (0..<(1 + generator.next(below: 6))).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let id = PhotoFolder.displayID(name)
            if let other = seen[id] { #expect(other == name, "\(other) and \(name) both read \(id)") }
            seen[id] = name
        }
    }
}

/// The folder as a feed (newest first) and searched (path order).
@Suite struct FolderFeedAndSearchTests {
    /// Sets a file's modification time to `seconds` since 1970.
    private func touch(_ folder: TemporaryFolder, _ name: String, _ seconds: Int) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, folder.path + "/" + name, &times, 0) == 0)
    }

    @Test func theFeedIsNewestFirstByEXIFDateElseByTheFilesTime() async throws {
        let folder = try TemporaryFolder()
        let jpeg = TestImage.jpeg(width: 40, height: 30)
        try folder.write("a-2020.jpg", TestImage.withEXIF(jpeg, dateTime: "2020:05:01 10:00:00"))
        try folder.write("b-mtime-2023.jpg", jpeg)
        try folder.write("c-mtime-2019.png", TestImage.png(width: 30, height: 40))
        try folder.write("d-2024.jpg", TestImage.withEXIF(jpeg, description: "Lake at dawn", dateTime: "2024:01:02 03:04:05"))
        // An unknown date, as cameras write it: the file's time counts instead.
        try folder.write("e-zero-date-2022.jpg", TestImage.withEXIF(jpeg, dateTime: "0000:00:00 00:00:00"))
        touch(folder, "a-2020.jpg", 1_900_000_000)  // 2030: the EXIF date wins over it
        touch(folder, "b-mtime-2023.jpg", 1_690_000_000)
        touch(folder, "c-mtime-2019.png", 1_560_000_000)
        touch(folder, "d-2024.jpg", 1_000_000_000)
        touch(folder, "e-zero-date-2022.jpg", 1_660_000_000)
        let worker = FolderPhotosWorker(root: folder.path)
        let first = try await worker.feedPage(1, perPage: 2)
        #expect(first.photos.map(\.id) == ["d-2024.jpg", "b-mtime-2023.jpg"] && first.hasNext && first.total == 5)
        #expect(first.notes == ["Found 5 photos in \(folder.path)."])
        // A photo added after page 1 does not shift the pages after it.
        try folder.write("f-new.jpg", jpeg)
        let second = try await worker.feedPage(2, perPage: 2)
        #expect(second.photos.map(\.id) == ["e-zero-date-2022.jpg", "a-2020.jpg"] && second.hasNext && second.notes.isEmpty)
        let third = try await worker.feedPage(3, perPage: 2)
        #expect(third.photos.map(\.id) == ["c-mtime-2019.png"] && !third.hasNext)
        // Its pictures can be drawn: the feed's photos are known to the worker.
        _ = try await worker.pixels(for: third.photos[0], fitting: PixelSize(width: 10, height: 10))
        #expect(FolderPhotosWorker.modificationDate(Array((folder.path + "/c-mtime-2019.png").utf8)) == "2019:06:08 13:20:00")
    }

    @Test func searchLooksInPathsDescriptionsAndArtistsInPathOrder() async throws {
        let folder = try TemporaryFolder()
        let wide = TestImage.jpeg(width: 40, height: 30), tall = TestImage.jpeg(width: 30, height: 40)
        try folder.write("trips/Oslo harbour.jpg", wide)
        try folder.write("b.jpg", TestImage.withEXIF(tall, description: "Harbour at night"))
        try folder.write("c.jpg", TestImage.withEXIF(wide, artist: "Ada Harbour"))
        try folder.write("d.jpg", wide)
        let worker = FolderPhotosWorker(root: folder.path)
        let all = try await worker.search(PhotoQuery(text: "HARBOUR"), page: 1, perPage: 10)
        #expect(all.photos.map(\.id) == ["b.jpg", "c.jpg", "trips/Oslo harbour.jpg"] && !all.hasNext)
        let wideOnes = try await worker.search(PhotoQuery(text: "harbour", orientation: .landscape), page: 1, perPage: 1)
        #expect(wideOnes.photos.map(\.id) == ["c.jpg"] && wideOnes.hasNext && wideOnes.total == 2)
        #expect(
            try await worker.search(PhotoQuery(text: "harbour", orientation: .landscape), page: 2, perPage: 1).photos.map(\.id) == [
                "trips/Oslo harbour.jpg"
            ])
        await #expect(
            throws: PhotosWorkerError(
                "a folder's photos carry no colour to search by, so --color red cannot be applied: search without --color")
        ) {
            try await worker.search(PhotoQuery(text: "harbour", color: "red"), page: 1, perPage: 10)
        }
    }

    /// The walk's sniffing of a file the folder listed as regular, by its name in the open folder: a
    /// photo and its status; not an image; and nil (look again, as any entry) for a name that is a
    /// link now (never followed), a FIFO (never blocked on), or gone. Many at once give the same
    /// answers in the same order as one at a time.
    @Test func filesListedAsRegularAreSniffedByNameInTheirFolder() throws {
        let folder = try TemporaryFolder()
        let jpeg = TestImage.jpeg(width: 40, height: 30)
        try folder.write("photo.jpg", jpeg)
        try folder.write("notes.txt", Array("not a photo".utf8))
        try folder.symlink("photo.jpg", at: "link.jpg")
        try folder.mkfifo("pipe.jpg")
        let directory = try #require(opendir(folder.path))
        defer { closedir(directory) }
        let fd = dirfd(directory)
        func sniffed(_ name: String) -> (Result<ImageFormat, PictureFailure>?, stat) {
            var info = stat()
            return (PhotoFolder.sniff(Array(name.utf8), in: fd, status: &info), info)
        }
        let (photo, info) = sniffed("photo.jpg")
        #expect(photo == .success(.jpeg) && Int(info.st_size) == jpeg.count)
        #expect(sniffed("notes.txt").0 == .failure(PictureFailure("not an image")))
        #expect(sniffed("link.jpg").0 == nil)
        #expect(sniffed("pipe.jpg").0 == nil)
        #expect(sniffed("gone.jpg").0 == nil)
        let names = (0..<40).map { ["photo.jpg", "notes.txt", "link.jpg", "pipe.jpg", "gone.jpg"][$0 % 5] }.map { Array($0.utf8) }
        let many = PhotoFolder.sniff(names, in: fd)
        #expect(many.map(\.result) == names.map { sniffed(String(decoding: $0, as: UTF8.self)).0 })
        #expect(many[0].status.st_ino == info.st_ino && many[5].status.st_size == info.st_size)
    }

    /// A camera RAW's Make and Model (its IFD0) are the photo's camera, and what `search` finds it by.
    @Test func aRAWsCameraIsReadAndSearchedFor() async throws {
        let folder = try TemporaryFolder()
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/formats")
        for name in ["camera.nef", "camera.cr2", "sunset.jpg"] {
            try folder.write(name, [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name))))
        }
        let worker = FolderPhotosWorker(root: folder.path)
        let photos = try await worker.fetch(count: 3).photos
        let cameras = Dictionary(uniqueKeysWithValues: photos.map { ($0.id, $0.camera) })
        #expect(cameras["camera.nef"] == Photo.Camera(make: "NIKON CORPORATION", model: "NIKON D850"))
        #expect(cameras["camera.cr2"] == Photo.Camera(make: "Canon", model: "Canon EOS 5D Mark IV"))
        #expect(cameras["sunset.jpg"] == .some(nil), "a JPEG whose EXIF names no camera has none")
        #expect(try await worker.search(PhotoQuery(text: "nikon d850"), page: 1, perPage: 10).photos.map(\.id) == ["camera.nef"])
        #expect(try await worker.search(PhotoQuery(text: "canon eos"), page: 1, perPage: 10).photos.map(\.id) == ["camera.cr2"])
    }
}

/// Animated files say how many frames they hold, counted from their structure (the detail's
/// "animated, 3 frames"): an AVIF sequence from its colour track, read in its first bytes.
@Suite struct FolderAnimationCountTests {
    @Test func anAVIFSequencesFramesAreCountedAndAStillAVIFHasNone() async throws {
        let folder = try TemporaryFolder()
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/formats")
        for name in ["three-frames.avif", "three-frames-alpha.avif", "sunset.avif", "three-frames.gif"] {
            try folder.write(name, [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name))))
        }
        let worker = FolderPhotosWorker(root: folder.path)
        let listed = try await worker.fetch(count: 4).photos
        // A list counts no frames (a GIF's count reads it whole); the detail's description does.
        #expect(listed.allSatisfy { $0.frameCount == nil }, "\(listed.map(\.frameCount))")
        var photos: [Photo] = []
        for photo in listed { photos.append(await worker.described(photo)) }
        let counts = Dictionary(uniqueKeysWithValues: photos.map { ($0.id, $0.frameCount) })
        let expected: [String: Int?] = [
            "three-frames.avif": 3, "three-frames-alpha.avif": 3, "sunset.avif": Int?.none, "three-frames.gif": 3
        ]
        #expect(counts == expected)
    }
}

/// The dates file, read back whatever it holds (a 64-bit device or inode number
/// above Int.max trapped the reader, at every start).
/// The older sessions' dates file, as the photo index reads it to carry it over.
@Suite struct PhotoDatesFileTests {
    @Test func numbersOfSixtyFourBitsAndNegativeTimesReadBackAndOverflowsAreSkipped() throws {
        let text = """
            photorepl dates 2
            18446744073709551615:9223372036854775808:12:-5.7:8.9:20000\t2024:01:02 03:04:05
            99999999999999999999999:1:1:1.1:1.1:20000\t2025:01:01 00:00:00
            1:2:3:4.5:6.7:20000\t-
            1:2:3:4.5:6.7:20000\tnot a date
            x
            """
        let dates = PhotoDates.parse(Array((text + "\n").utf8))
        let big = PhotoDates.Key(
            device: .max, inode: 9_223_372_036_854_775_808, size: 12, seconds: -5, nanoseconds: 7, changed: 8, changedNanoseconds: 9)
        #expect(dates[big] == PhotoDates.Entry(date: "2024:01:02 03:04:05", day: 20_000))
        // The line after "-" for the same file's key is skipped (not a date): the first stays.
        #expect(dates[Self.key(2)] == PhotoDates.Entry(date: nil, day: 20_000))
        #expect(dates.count == 2, "the overflowing line and the lines that are not dates are skipped")
        // Written and read back, the same.
        #expect(PhotoDates.parse(Array(PhotoDates.text(of: dates).utf8)) == dates)
        #expect(PhotoDates.parse(Array("photorepl dates 1\n1:2:3:4.5:20000\t-\n".utf8)).isEmpty, "the first format is not read")
    }

    static func key(_ inode: UInt64) -> PhotoDates.Key {
        PhotoDates.Key(device: 1, inode: inode, size: 3, seconds: 4, nanoseconds: 5, changed: 6, changedNanoseconds: 7)
    }
}
