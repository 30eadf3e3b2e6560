import Foundation
import Imaging
import Testing
@testable import PhotoDomain
#if canImport(Glibc)
    import Glibc
#endif

/// The thumbnail cache the desktop shares (freedesktop.org's Thumbnail Managing Standard).
@Suite struct ThumbnailCacheTests {
    let folder: TemporaryFolder
    let cache: ThumbnailCache

    init() throws {
        folder = try TemporaryFolder()
        cache = ThumbnailCache(root: folder.path + "/cache/thumbnails", program: "photorepl-test", writesInBackground: false)
    }

    static let photo = ThumbnailCache.Original(
        uri: "file:///home/jens/photos/me.png", modified: 1_700_000_000, bytes: 12_345,
        size: PixelSize(width: 1200, height: 800))

    static func picture(_ width: Int, _ height: Int) -> Pixels {
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for i in stride(from: 0, to: rgba.count, by: 4) {
            let x = i / 4 % width, y = i / 4 / width
            rgba[i] = UInt8(x * 255 / max(1, width - 1))
            rgba[i + 1] = UInt8(y * 255 / max(1, height - 1))
            rgba[i + 2] = 90
        }
        return Pixels(width: width, height: height, rgba: rgba)
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    /// A URI as GLib writes it, and the name the standard gives it.
    @Test func photosAreNamedByTheMD5OfTheirURI() {
        #expect(ThumbnailCache.uri(ofAbsolutePath: Array("/home/jens/photos/me.png".utf8)) == "file:///home/jens/photos/me.png")
        #expect(ThumbnailCache.fileName(uri: "file:///home/jens/photos/me.png") == "c6ee772d9e49320e97ec29a7eb5b1697.png")
        #expect(
            ThumbnailCache.uri(ofAbsolutePath: Array("/tmp/a b/café#1;[x]%.jpg".utf8)) == "file:///tmp/a%20b/caf%C3%A9%231%3B%5Bx%5D%25.jpg"
        )
        #expect(ThumbnailCache.uri(ofAbsolutePath: Array("/p/!$&'()*+,-.:=@_~".utf8)) == "file:///p/!$&'()*+,-.:=@_~")
        // A name that is not UTF-8 is its bytes.
        #expect(ThumbnailCache.uri(ofAbsolutePath: [0x2F, 0x61, 0xFF]) == "file:///a%FF")
    }

    @Test func theCacheIsWhereTheStandardPutsIt() {
        #expect(ThumbnailCache.standardRoot { ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a"][$0] } == "/x/cache/thumbnails")
        // Not absolute: ignored, as the XDG Base Directory Specification says.
        #expect(ThumbnailCache.standardRoot { ["XDG_CACHE_HOME": "cache", "HOME": "/home/a"][$0] } == "/home/a/.cache/thumbnails")
        #expect(ThumbnailCache.standardRoot { _ in nil } == nil)
    }

    @Test(arguments: [
        (PixelSize(width: 100, height: 50), ThumbnailCache.Size.normal), (PixelSize(width: 128, height: 128), .normal),
        (PixelSize(width: 129, height: 20), .large), (PixelSize(width: 300, height: 512), .xLarge),
        (PixelSize(width: 1024, height: 9), .xxLarge)
    ])
    func theSmallestSizeThatHoldsThePictureIsUsed(picture: PixelSize, size: ThumbnailCache.Size) {
        #expect(ThumbnailCache.Size.covering(picture) == size)
        #expect(ThumbnailCache.Size.covering(PixelSize(width: 1025, height: 10)) == nil)
    }

    /// Written whole, 0600 in 0700 folders, with the keys the standard asks for; read back.
    @Test func aThumbnailIsWrittenAsTheStandardSaysAndReadBack() throws {
        try cache.store(Self.picture(600, 400), of: Self.photo, in: .large)
        let path = cache.path(of: Self.photo, in: .large)
        #expect(path == folder.path + "/cache/thumbnails/large/c6ee772d9e49320e97ec29a7eb5b1697.png")
        #expect(
            mode(path) == 0o600 && mode(folder.path + "/cache/thumbnails/large") == 0o700
                && mode(folder.path + "/cache/thumbnails") == 0o700)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let text = PNGFile.text(bytes)
        #expect(
            text == [
                "Thumb::URI": "file:///home/jens/photos/me.png", "Thumb::MTime": "1700000000", "Thumb::Size": "12345",
                "Thumb::Image::Width": "1200", "Thumb::Image::Height": "800", "Software": "photorepl"
            ])
        let thumbnail = try #require(cache.thumbnail(of: Self.photo, covering: PixelSize(width: 200, height: 133)))
        #expect((thumbnail.width, thumbnail.height) == (256, 171))
        #expect(thumbnail == Self.picture(600, 400).resampled(to: PixelSize(width: 256, height: 171)))
        #expect(thumbnail.source.description == "the large thumbnail (256×171) in the thumbnail cache, made by photorepl")
        // Nothing but the thumbnail is left in its folder.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path + "/cache/thumbnails/large") == [
                "c6ee772d9e49320e97ec29a7eb5b1697.png"
            ])
    }

    /// A larger size's thumbnail serves a smaller box; a smaller one never serves a larger box.
    @Test func onlyAThumbnailThatCoversTheBoxIsShown() throws {
        try cache.store(Self.picture(1200, 800), of: Self.photo, in: .xLarge)
        #expect(cache.thumbnail(of: Self.photo, covering: PixelSize(width: 100, height: 67))?.width == 512)
        #expect(cache.thumbnail(of: Self.photo, covering: PixelSize(width: 600, height: 400)) == nil)
    }

    /// The photo changed (another modification time), another photo has the name, the file is not a
    /// PNG or is cut short, the thumbnail has another shape: never shown.
    @Test func aStaleOrCorruptThumbnailIsNeverShown() throws {
        let box = PixelSize(width: 200, height: 133)
        try cache.store(Self.picture(600, 400), of: Self.photo, in: .large)
        var changed = Self.photo
        changed.modified += 1
        #expect(cache.thumbnail(of: changed, covering: box) == nil)
        var other = Self.photo
        other.uri = "file:///home/jens/photos/other.png"
        // Its own name holds nothing; planted at this photo's name, its URI does not match.
        try cache.store(Self.picture(600, 400), of: other, in: .large)
        try FileManager.default.removeItem(atPath: cache.path(of: Self.photo, in: .large))
        try FileManager.default.copyItem(atPath: cache.path(of: other, in: .large), toPath: cache.path(of: Self.photo, in: .large))
        #expect(cache.thumbnail(of: Self.photo, covering: box) == nil)
        // Cut short, and not a PNG at all.
        try cache.store(Self.picture(600, 400), of: Self.photo, in: .large)
        let path = cache.path(of: Self.photo, in: .large)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
        #expect(cache.thumbnail(of: Self.photo, covering: box) == nil)
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: path))
        #expect(cache.thumbnail(of: Self.photo, covering: box) == nil)
        // Of another shape (a square thumbnail for a 3:2 photo).
        var square = Self.photo
        square.size = PixelSize(width: 800, height: 800)
        try cache.store(Self.picture(800, 800), of: square, in: .large)
        #expect(cache.thumbnail(of: Self.photo, covering: box) == nil)
        // Of a file of another size, with the same time (copied with its time kept: cp -p, rsync).
        try cache.store(Self.picture(600, 400), of: Self.photo, in: .large)
        var copied = Self.photo
        copied.bytes += 1
        #expect(cache.thumbnail(of: copied, covering: box) == nil)
        // A thumbnail written again replaces the stale one.
        try cache.store(Self.picture(600, 400), of: Self.photo, in: .large)
        #expect(cache.thumbnail(of: Self.photo, covering: box) != nil)
    }

    /// A cached thumbnail is judged by its header before a pixel of it is inflated. One
    /// larger than its folder's size (`large/` holds at most 256 pixels a side), however right its
    /// URI, time and shape, is not read: twenty planted 4096×4095 PNGs were each inflated (seconds a
    /// sheet) before being refused.
    @Test func aThumbnailLargerThanItsFolderIsNotRead() throws {
        let box = PixelSize(width: 200, height: 133)
        let planted = try PNGFile.encode(
            Self.picture(600, 400),
            text: [
                ("Thumb::URI", Self.photo.uri), ("Thumb::MTime", String(Self.photo.modified)), ("Software", "someone else")
            ])
        try cache.store(Self.picture(600, 400), of: Self.photo, in: .normal)  // the folders
        for size in [ThumbnailCache.Size.large, .normal] {
            try FileManager.default.createDirectory(
                atPath: folder.path + "/cache/thumbnails/" + size.folder, withIntermediateDirectories: true)
            chmod(folder.path + "/cache/thumbnails/" + size.folder, 0o700)
            try Data(planted).write(to: URL(fileURLWithPath: cache.path(of: Self.photo, in: size)))
        }
        #expect(cache.thumbnail(of: Self.photo, covering: box) == nil)
        #expect(cache.thumbnail(of: Self.photo, covering: PixelSize(width: 100, height: 66)) == nil)
        // The same picture at its folder's size is read.
        try cache.store(Self.picture(600, 400), of: Self.photo, in: .large)
        let read = try #require(cache.thumbnail(of: Self.photo, covering: box))
        #expect(PixelSize(width: read.width, height: read.height) == PixelSize(width: 256, height: 171))
    }

    /// One another program made (GNOME's): read, and said so.
    @Test func aThumbnailTheDesktopMadeIsRead() throws {
        let png = try PNGFile.encode(
            Self.picture(256, 171),
            text: [
                ("Thumb::URI", Self.photo.uri), ("Thumb::MTime", "1700000000"), ("Software", "GNOME::ThumbnailFactory")
            ])
        try FileManager.default.createDirectory(atPath: folder.path + "/cache/thumbnails/large", withIntermediateDirectories: true)
        try Data(png).write(to: URL(fileURLWithPath: cache.path(of: Self.photo, in: .large)))
        let thumbnail = try #require(cache.thumbnail(of: Self.photo, covering: PixelSize(width: 256, height: 170)))
        #expect(thumbnail.source.description == "the large thumbnail (256×171) in the thumbnail cache, made by GNOME::ThumbnailFactory")
    }

    /// A link (or a folder) where the thumbnail goes is not written through.
    @Test func aLinkAtTheThumbnailsNameIsNotWrittenThrough() throws {
        try FileManager.default.createDirectory(atPath: folder.path + "/cache/thumbnails/large", withIntermediateDirectories: true)
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: folder.path + "/victim"))
        try FileManager.default.createSymbolicLink(
            atPath: cache.path(of: Self.photo, in: .large), withDestinationPath: folder.path + "/victim")
        #expect(throws: (any Error).self) { try cache.store(Self.picture(600, 400), of: Self.photo, in: .large) }
        #expect(try String(contentsOfFile: folder.path + "/victim", encoding: .utf8) == "precious\n")
    }

    /// Nothing is written outside the cache. A size folder (or `fail/`) that is a link to
    /// another folder, a folder open to others, or one that belongs to another user is not written
    /// into (a shared `--thumbnails` folder let another user choose where thumbnails went).
    @Test func aFolderOfTheCacheThatIsNotPrivateIsNotWrittenInto() throws {
        let root = folder.path + "/cache/thumbnails"
        try cache.store(Self.picture(600, 400), of: Self.photo, in: .normal)  // makes the root, 0700
        let elsewhere = folder.path + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        chmod(elsewhere, 0o700)
        // large/ a link to another folder; fail/ too.
        try FileManager.default.createSymbolicLink(atPath: root + "/large", withDestinationPath: elsewhere)
        #expect(throws: (any Error).self) { try cache.store(Self.picture(600, 400), of: Self.photo, in: .large) }
        try FileManager.default.createSymbolicLink(atPath: root + "/fail", withDestinationPath: elsewhere)
        #expect(throws: (any Error).self) { try cache.storeFailure(of: Self.photo) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
        // x-large/ open to others: not written into, whoever made it so.
        mkdir(root + "/x-large", 0o755)
        chmod(root + "/x-large", 0o755)
        #expect(throws: (any Error).self) { try cache.store(Self.picture(600, 400), of: Self.photo, in: .xLarge) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/x-large").isEmpty)
        // The cache's own folder shared with everyone (a --thumbnails folder in /tmp): nothing at all.
        chmod(root, 0o1777)
        #expect(throws: (any Error).self) { try cache.store(Self.picture(600, 400), of: Self.photo, in: .normal) }
        chmod(root, 0o700)
        try cache.store(Self.picture(600, 400), of: Self.photo, in: .normal)
        // Another user's folder (only root can make one here).
        if geteuid() == 0 {
            mkdir(root + "/xx-large", 0o700)
            chown(root + "/xx-large", 65534, 65534)
            #expect(throws: (any Error).self) { try cache.store(Self.picture(600, 400), of: Self.photo, in: .xxLarge) }
        }
        // The cache put where its user wanted it, through a link of theirs: written there.
        let linked = ThumbnailCache(root: folder.path + "/linked", program: "photorepl-test", writesInBackground: false)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/linked", withDestinationPath: root)
        try linked.store(Self.picture(300, 200), of: Self.photo, in: .normal)
    }

    /// A photo that cannot be decoded is recorded in fail/PROGRAM/, for this version of it only.
    @Test func aFailureIsRecordedForThisVersionOfThePhoto() throws {
        #expect(!cache.hasFailure(of: Self.photo))
        try cache.storeFailure(of: Self.photo)
        #expect(cache.hasFailure(of: Self.photo))
        #expect(
            FileManager.default.fileExists(
                atPath: folder.path + "/cache/thumbnails/fail/photorepl-test/c6ee772d9e49320e97ec29a7eb5b1697.png"))
        var changed = Self.photo
        changed.modified += 60
        #expect(!cache.hasFailure(of: changed))
    }

    /// The PNG photorepl writes is one libpng reads, with the same pixels and the text in order.
    @Test func thePNGWrittenIsTheSamePicture() throws {
        let picture = Self.picture(37, 23)
        let png = try PNGFile.encode(picture, text: [("Thumb::URI", "file:///a"), ("Software", "photorepl")])
        #expect(try ImageDecoder.decode(png, fitting: PixelSize(width: 37, height: 23)) == picture)
        #expect(PNGFile.text(png) == ["Thumb::URI": "file:///a", "Software": "photorepl"])
        // A chunk claiming more bytes than the file holds ends the reading.
        var cut = png
        cut[8 + 25 + 3] = 0xFF
        #expect(PNGFile.text(cut).isEmpty)
    }
}

/// The folder's pictures through the cache: a second session reads what the first made, and a photo
/// that changed is decoded again.
@Suite struct FolderThumbnailTests {
    @Test func aSecondSessionReadsTheThumbnailAndAChangedPhotoIsNotServedStale() async throws {
        let folder = try TemporaryFolder(), elsewhere = try TemporaryFolder()
        try folder.write(Array("photo.jpg".utf8), TestImage.jpeg(width: 1200, height: 800))
        let root = elsewhere.path + "/thumbnails"
        let box = PixelSize(width: 300, height: 300)
        func session() async throws -> (FolderPhotosWorker, Photo) {
            let worker = FolderPhotosWorker(root: folder.path + "/./", thumbnails: ThumbnailCache(root: root, program: "photorepl-test"))
            let photo = try #require(try await worker.fetch(count: 1).photos.first)
            return (worker, photo)
        }
        let (first, photo) = try await session()
        let decoded = try await first.pixels(for: photo, fitting: box)
        #expect(decoded.source.description == "the JPEG itself (1200×800), decoded at 300×200")
        await first.finishThumbnails()
        let cache = ThumbnailCache(root: root, program: "photorepl-test")
        let original = try #require(
            FolderPhotosWorker.original(
                absolutePath: Array((folder.path + "/photo.jpg").utf8),
                at: folder.bytes("photo.jpg"), size: PixelSize(width: 1200, height: 800)))
        #expect(original.uri == "file://" + folder.path + "/photo.jpg")
        #expect(FileManager.default.fileExists(atPath: cache.path(of: original, in: .xLarge)))

        let (second, again) = try await session()
        let cached = try await second.pixels(for: again, fitting: box)
        #expect(cached.source.description == "the x-large thumbnail (512×341) in the thumbnail cache, made by photorepl")

        // Another picture in the file, with another time: decoded, and its thumbnail made anew.
        try folder.write(Array("photo.jpg".utf8), TestImage.jpeg(width: 1200, height: 800) { _, _ in (200, 30, 30) })
        var times = [timespec(tv_sec: 1_600_000_000, tv_nsec: 0), timespec(tv_sec: 1_600_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, folder.path + "/photo.jpg", &times, 0) == 0)
        let (third, changed) = try await session()
        let fresh = try await third.pixels(for: changed, fitting: box)
        #expect(fresh.source.description == "the JPEG itself (1200×800), decoded at 300×200")
        #expect(fresh.rgba[0] > 150 && fresh.rgba[1] < 80)
        await third.finishThumbnails()
        let (fourth, last) = try await session()
        let remade = try await fourth.pixels(for: last, fitting: box)
        #expect(remade.source.description == "the x-large thumbnail (512×341) in the thumbnail cache, made by photorepl")
        #expect(remade.rgba[0] > 150 && remade.rgba[1] < 80)
    }

    /// A thumbnail cache inside the folder is not a folder of photos.
    @Test func theCacheInsideTheFolderIsPassedOver() async throws {
        let folder = try TemporaryFolder()
        try folder.write(Array("photo.jpg".utf8), TestImage.jpeg(width: 1200, height: 800))
        let worker = FolderPhotosWorker(
            root: folder.path, thumbnails: ThumbnailCache(root: folder.path + "/thumbs", program: "photorepl-test"))
        let photo = try #require(try await worker.fetch(count: 1).photos.first)
        _ = try await worker.pixels(for: photo, fitting: PixelSize(width: 300, height: 300))
        await worker.finishThumbnails()
        #expect(FileManager.default.fileExists(atPath: folder.path + "/thumbs/x-large"))
        let fetched = try await worker.fetch(count: 5)
        #expect(fetched.photos.map(\.id) == ["photo.jpg"])
        #expect(fetched.notes.first == "Found 1 photo in \(folder.path).")
    }

    /// Paths are named as the desktop names them: absolute, `.` and `..` tidied, links kept.
    @Test func folderPathsAreMadeAbsoluteAndTidy() {
        #expect(PhotoFolder.absolutePath(Array("/a/./b//c/../d/".utf8)) == Array("/a/b/d".utf8))
        #expect(PhotoFolder.absolutePath(Array("/../..".utf8)) == Array("/".utf8))
        let cwd = FileManager.default.currentDirectoryPath
        #expect(PhotoFolder.absolutePath(Array("x/y".utf8)) == Array((cwd == "/" ? "/x/y" : cwd + "/x/y").utf8))
    }
}
