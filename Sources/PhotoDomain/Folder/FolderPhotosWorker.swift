import Imaging
import Networking
import SystemCalls
import Synchronization

/// `--source folder`: random photos from a folder of the user's image files, drawn with the
/// seeded generator exactly like the embedded catalog, and their pictures decoded from the files.
/// Each fetch walks the folder again (it may have changed) but reads the headers of the drawn
/// photos only.
public actor FolderPhotosWorker: PhotosWorker, PhotoPicturesWorker {
    let folder: PhotoFolder
    /// The folder as the user named it, in messages.
    let shownName: String
    private var generator: SeededGenerator
    /// Photo ids (paths made valid UTF-8) → the file's real path bytes, to open names that are not,
    /// and the file found there. Keyed by the id's bytes: Swift's `String` compares canonically, and
    /// `café.jpg` in NFC and in NFD are two files (whose ids differ in bytes).
    let paths = Mutex<[[UInt8]: PhotoFolder.Entry]>([:])
    let limits: ImageLimits
    /// The desktop's thumbnail cache, read and written; nil when it is off (`--no-cache`).
    private let thumbnails: ThumbnailCache?
    /// The folder's absolute path, as thumbnails name photos (by their URIs).
    let absoluteRoot: [UInt8]
    /// The feed as its first page listed it (photos newest first, and the scan's note).
    private var feedList: (photos: [Photo], notes: [String])?
    /// The last search's results, for its next pages.
    private var searchList: (query: PhotoQuery, photos: [Photo])?
    /// The folder as a viewer lists it: photos known by their names, none opened.
    private let namedFolder: PhotoFolder
    /// The photos' metadata kept for next time (`sort`, `filter`); nil: none kept.
    let index: PhotoIndex?
    /// Where the metadata is read.
    let metadataReader: MetadataReader
    /// What the metadata's reading has to say once a session (the reader is not installed).
    let metadataNotes = Mutex<Set<String>>([])
    /// Photos listed by name only, with what their headers said once read (by id's bytes).
    private var describedPhotos: [[UInt8]: Photo] = [:]
    /// The file each described photo was read from: another file under its name since (a photo
    /// moved away, another put there) is described afresh.
    private var describedFiles: [[UInt8]: PhotoFolder.FoundFile] = [:]
    /// Where long walks are reported, if anywhere.
    let walkProgress: WorkProgress?
    /// Where `save` writes what it is asked to write at a path (a transcript's check: a folder of its
    /// own); nil: at the path.
    let writePlace: (@Sendable (String) -> String)?
    /// Whether judgements are refused, every file kept as it is (`--read-only`).
    let readOnly: Bool
    /// The sidecars this session changed, oldest first: what `undo` takes back.
    var undoHistory = UndoHistory()
    /// Where a transcript's check keeps the sidecars it writes (its folder of its own), by their
    /// paths beside their photos; nil: beside them.
    let sidecarPlace: (@Sendable ([UInt8]) -> [UInt8])?
    /// Why `move` is refused (nil: it is not).
    let movesRefused: String?
    /// The folder `root` is a copy of (a transcript's check), where the Trash is looked for.
    let copyOf: String?
    /// The photos marked in this session (`mark`), by their ids' bytes.
    var marked: Set<[UInt8]> = []
    /// How many times photos moved in this session (`movesMade`).
    var moveCount = 0
    /// The judgement of each sidecar this session wrote, with the bytes written: a sidecar that
    /// still holds them is not read again.
    var writtenJudgements: [[UInt8]: (bytes: [UInt8], judgement: Judgement)] = [:]
    /// The sidecars written at `sidecarPlace`, by their paths beside their photos: a walk of the
    /// folder does not see them.
    var placedSidecars: Set<[UInt8]> = []
    /// How much of a file is read for its header: JPEG's EXIF may take 64 KB before the frame header.
    static let headerBytes = 256 << 10
    /// Files larger than this are not decoded (the pixel limits would refuse most of them anyway).
    static let maxFileBytes = 256 << 20

    /// - Parameter shownAs: how messages name the folder, when not as `root`.
    /// - Parameter thumbnails: the thumbnail cache to read and write, if any.
    /// - Parameter openedPhoto: the name in the folder of the photo a user opened photorepl on: the
    ///   folders inside are then not walked (and the photo is listed even if its name is hidden).
    /// - Parameter index: where the photos' metadata is kept for next time (nil: nowhere).
    /// - Parameter metadataReader: where it is read (exiv2 in `photorepl-metadata`).
    /// - Parameter writePlace: where `save` writes a file asked for at a path (nil: there).
    /// - Parameter readOnly: whether judgements are refused, every file kept as it is.
    /// - Parameter sidecarPlace: where the sidecars written are kept instead of beside their photos.
    /// - Parameter movesRefused: why `move` is refused, when it is (a transcript's check that could
    ///   not copy its folder to act on).
    /// - Parameter copyOf: the folder `root` is a copy of (a transcript's check acts on one): the
    ///   thumbnail cache names the photos by their paths there.
    public init(
        root: String, shownAs: String? = nil, seed: UInt64 = EmbeddedPhotosWorker.defaultSeed, limits: ImageLimits = .init(),
        thumbnails: ThumbnailCache? = nil, openedPhoto: String? = nil, progress: WorkProgress? = nil, index: PhotoIndex? = nil,
        metadataReader: MetadataReader = .shared, writePlace: (@Sendable (String) -> String)? = nil, readOnly: Bool = false,
        sidecarPlace: (@Sendable ([UInt8]) -> [UInt8])? = nil, movesRefused: String? = nil, copyOf: String? = nil
    ) {
        self.sidecarPlace = sidecarPlace
        self.movesRefused = movesRefused
        self.copyOf = copyOf
        self.readOnly = readOnly
        self.walkProgress = progress
        self.writePlace = writePlace
        self.index = index
        self.metadataReader = metadataReader
        // A photo opened by name is browsed among its neighbours, as image viewers do: that folder's
        // files only (a photo in ~ does not walk all of ~).
        folder = PhotoFolder(
            root: root, shownAs: shownAs, excluding: thumbnails?.root, descends: openedPhoto == nil,
            alsoListing: openedPhoto.map { Array($0.utf8) })
        namedFolder = PhotoFolder(
            root: root, shownAs: shownAs, excluding: thumbnails?.root, descends: openedPhoto == nil,
            alsoListing: openedPhoto.map { Array($0.utf8) }, knowsByName: true)
        shownName = shownAs ?? root
        generator = SeededGenerator(seed: seed)
        self.limits = limits
        self.thumbnails = thumbnails
        absoluteRoot = PhotoFolder.absolutePath(Array((copyOf ?? root).utf8))
    }

    public func fetchRandomPhotos(count: Int) async throws -> [Photo] {
        try await fetch(count: count).photos
    }

    public func fetch(count: Int) async throws -> FetchedPhotos {
        guard count >= 1, count <= 30 else {
            throw PhotosWorkerError("a random fetch takes 1…30 photos, not \(count)")
        }
        let scan = try walk()
        try Task.checkCancellation()
        var notes = [foundNote(scan)]
        guard !scan.entries.isEmpty else { throw noPhotos(scan) }
        let drawn = min(count, scan.entries.count)
        if drawn < count {
            notes.append("The folder has only \(drawn) photo\(drawn == 1 ? "" : "s"), not \(count): all of them are shown.")
        }
        var photos: [Photo] = []
        var known: [[UInt8]: PhotoFolder.Entry] = [:]
        for index in generator.distinctIndices(drawn, of: scan.entries.count) {
            try Task.checkCancellation()
            let entry = scan.entries[index]
            let id = PhotoFolder.displayID(entry.relativePath)
            known[Array(id.utf8)] = entry
            photos.append(photo(id: id, entry: entry))
        }
        paths.withLock { $0.merge(known) { $1 } }
        return FetchedPhotos(photos: photos, notes: notes)
    }

    /// The folder walked, its progress reported (`Walking ~/Pictures: 41,288 files`).
    private func walk(_ folder: PhotoFolder? = nil) throws(PhotosWorkerError) -> PhotoFolder.Scan {
        let folder = folder ?? self.folder
        guard let progress = walkProgress else { return try folder.scan() }
        let work = progress.begin("Walking \(shownName)", unit: "files")
        defer { progress.end(work) }
        return try folder.scan { progress.advance(work, to: $0) }
    }

    /// The folder's listing now, for a recording's header or to compare with one: a walk of its own
    /// (the session's last one may be old), its progress reported.
    public nonisolated func listing() throws(PhotosWorkerError) -> FolderListing {
        guard let progress = walkProgress else { return FolderListing(try folder.scan()) }
        let work = progress.begin("Walking \(shownName)", unit: "files")
        defer { progress.end(work) }
        return FolderListing(try folder.scan { progress.advance(work, to: $0) })
    }

    /// `Found 8 photos in ~/Pictures (3 files skipped: …).`; "in the current folder" for `.` (not
    /// "in ..").
    private func foundNote(_ scan: PhotoFolder.Scan) -> String {
        let place = shownName == "." || shownName == "./" ? "the current folder" : shownName
        return "Found \(scan.entries.count.grouped) photo\(scan.entries.count == 1 ? "" : "s") in \(place)"
            + (scan.skippedSummary.map { " (\($0))" } ?? "") + "."
    }

    /// Why a folder without photos shows nothing, and what to do.
    private func noPhotos(_ scan: PhotoFolder.Scan) -> PhotosWorkerError {
        PhotosWorkerError(
            "no photos (JPEG, PNG, WebP, GIF, HEIC, AVIF, JPEG XL, TIFF or camera RAW) in \(shownName)"
                + (scan.skippedSummary.map { " (\($0))" } ?? "")
                + ": put some there, or choose another folder with --folder DIR")
    }

    /// A photo of a walk, with what its header says beyond the photo's fields.
    struct Described {
        var photo: Photo
        var exif: EXIFInfo
        var entry: PhotoFolder.Entry
    }

    /// A fresh walk of the folder with every photo's header read, in path order (Ctrl-C stops it):
    /// what a photographer's photos, the feed and a search choose from. Each photo is known to the
    /// worker afterwards, for its picture and `save`.
    private func describedWalk() throws -> (scan: PhotoFolder.Scan, photos: [Described]) {
        let scan = try walk()
        var photos: [Described] = []
        var known: [[UInt8]: PhotoFolder.Entry] = [:]
        let progress = walkProgress
        let work = progress?.begin("Reading the photos' headers", unit: "photos", total: scan.entries.count)
        defer { if let work { progress?.end(work) } }
        for (i, entry) in scan.entries.enumerated() {
            try Task.checkCancellation()
            if let work, i % 16 == 0 { progress?.advance(work, to: i) }
            let (photo, exif) = described(id: PhotoFolder.displayID(entry.relativePath), entry: entry)
            known[Array(photo.id.utf8)] = entry
            photos.append(Described(photo: photo, exif: exif, entry: entry))
        }
        paths.withLock { $0.merge(known) { $1 } }
        return (scan, photos)
    }

    /// A photo's fields from its header: id = relative path; description = EXIF ImageDescription
    /// (none without one: the id names the file already); author = EXIF Artist (an empty name
    /// without one); the size as shown (after orientation).
    private func photo(id: String, entry: PhotoFolder.Entry) -> Photo {
        described(id: id, entry: entry).photo
    }

    /// The photo, and what its header says beyond it (its date, for the feed). An animation's
    /// frames are counted only with `countsFrames` (the detail shows the count; a list does not, and
    /// counting a GIF's reads it whole: `count 30`, `fetch` on 60 MB GIFs read 1.9 GB).
    private func described(id: String, entry: PhotoFolder.Entry, countsFrames: Bool = false) -> (photo: Photo, exif: EXIFInfo) {
        let full = Array(folder.root.utf8) + [UInt8(ascii: "/")] + entry.relativePath
        var size = PixelSize(width: 0, height: 0)
        var exif = EXIFInfo()
        // The fields show what the header says, however large: the limits apply when decoding.
        var frameCount: Int?
        if let header = Self.header(of: full, limits: .unlimited) {
            size = header.uprightSize
            exif = header.exif
            if countsFrames { frameCount = Self.frameCount(of: full, format: header.format) }
        }
        var photo = Photo(
            id: id, width: size.width, height: size.height, color: nil, blurHash: nil,
            description: exif.imageDescription, altDescription: nil, likes: nil,
            user: Photo.User(id: "", username: "", name: exif.artist ?? ""),
            urls: Photo.URLs(raw: id, full: id, regular: id, small: id, thumb: id),
            camera: exif.make == nil && exif.model == nil ? nil : Photo.Camera(make: exif.make, model: exif.model)
        )
        photo.frameCount = frameCount
        return (photo, exif)
    }

    /// The most of a file read to count an animation's frames: a GIF's frames run to its end.
    static let animationScanBytes = 64 << 20

    /// How many frames the file at `path` holds when it is an animation (AnimationScan), read only
    /// for the formats that can be one: a PNG's acTL is before its image data, in its first bytes;
    /// a WebP says in its first 30 bytes whether it is animated; an AVIF names the sequence brand
    /// in its first box, and its track is read from its first bytes when they hold it (avifenc
    /// writes it before the media data), else from the whole file; a GIF is read whole.
    static func frameCount(of path: [UInt8], format: ImageFormat) -> Int? {
        let start: [UInt8]
        switch format {
        case .png, .webp, .avif:
            guard case .success(let bytes) = PhotoFolder.readFile(path, limit: 64 << 10) else { return nil }
            start = bytes
        case .gif:
            start = []
        default:
            return nil
        }
        // An APNG's frames are counted in the whole file (its acTL, in the first bytes, only claims).
        if format == .png, (AnimationScan.apngClaim(start) ?? 0) < 2 { return nil }
        if format == .webp, !AnimationScan.isAnimatedWebP(start) { return nil }
        if format == .avif {
            guard AnimationScan.isAVIFSequence(start) else { return nil }
            if let count = AnimationScan.frameCount(of: start) { return count }
            if start.count < 64 << 10 { return nil }
        }
        guard case .success(let whole) = PhotoFolder.readFile(path, limit: animationScanBytes) else { return nil }
        return AnimationScan.frameCount(of: whole)
    }

    // MARK: - Pictures

    /// A file's header, from its first bytes (more of them when its segments before the frame header
    /// are large, as an ICC profile or XMP data can be); nil when it has none that reads. A feed or a
    /// search reads every photo's header: 64 KB hold a JPEG's (its EXIF segment is at most that, and
    /// a frame header found means every segment before it was read whole); other formats may keep
    /// their EXIF further on, and are read as far as before.
    static func header(of path: [UInt8], limits: ImageLimits) -> ImageHeader? {
        for limit in [64 << 10, headerBytes, 16 << 20] {
            guard case .success(let bytes) = PhotoFolder.readFile(path, limit: limit) else { return nil }
            let wholeFile = bytes.count < limit
            if let header = try? ImageDecoder.header(of: bytes, limits: limits), wholeFile || limit > 64 << 10 || header.format == .jpeg {
                return header
            }
            if wholeFile { return nil }
        }
        return nil
    }

    /// The picture from the cheapest source that covers `box`: a thumbnail in the cache, else the
    /// file (its embedded preview, its first scans, or its image; see `ImageDecoder`). A photo
    /// larger than its thumbnail then leaves one in the cache for next time, made after the picture
    /// is shown (see `ThumbnailCache.make`).
    /// The file's identity and version (device, inode, size, time to the nanosecond): a photo
    /// replaced under its name, or rewritten, is another picture. Nil when it is not there.
    public nonisolated func version(of photo: Photo) -> String? {
        guard let relative = paths.withLock({ $0[Array(photo.id.utf8)]?.relativePath }) else { return nil }
        let full = Array(folder.root.utf8) + [UInt8(ascii: "/")] + relative
        var info = stat()
        let found = (full + [0]).withUnsafeBufferPointer { path in
            path.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &info) == 0 }
        }
        guard found else { return nil }
        return "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.modificationTime.tv_sec).\(info.modificationTime.tv_nsec)"
    }

    public nonisolated func pixels(for photo: Photo, fitting box: PixelSize) async throws -> Pixels {
        guard let relative = paths.withLock({ $0[Array(photo.id.utf8)]?.relativePath }) else {
            throw PictureFailure("the photo is not from this folder")
        }
        let full = Array(folder.root.utf8) + [UInt8(ascii: "/")] + relative
        // A photo listed by name only: its size from its header (the thumbnail cache asks for it).
        let size =
            photo.width > 0 && photo.height > 0
            ? PixelSize(width: photo.width, height: photo.height)
            : thumbnails == nil ? nil : Self.header(of: full, limits: .unlimited)?.uprightSize
        guard let thumbnails, let size, size.width > 0, size.height > 0,
            let original = Self.original(absolutePath: absoluteRoot + [UInt8(ascii: "/")] + relative, at: full, size: size)
        else { return try decode(try readFile(full), fitting: box) }
        let shown = original.size.fitted(in: box)
        let needed = PixelSize(width: min(shown.width, original.size.width), height: min(shown.height, original.size.height))
        if let cached = thumbnails.thumbnail(of: original, covering: needed) { return cached }
        let bytes = try readFile(full)
        let pixels: Pixels
        do {
            pixels = try decode(bytes, fitting: box)
        } catch let failure as PictureFailure where failure.isUndecodable && !thumbnails.hasFailure(of: original) {
            try? thumbnails.storeFailure(of: original)
            throw failure
        }
        // A photo no larger than the thumbnail would be is as cheap to read as one.
        guard let size = ThumbnailCache.Size.covering(needed),
            original.size.width > size.rawValue || original.size.height > size.rawValue
        else { return pixels }
        var read = original
        // The photo as it was read, if it changed since it was listed.
        if let photoSize = pixels.source.photoSize { read.size = photoSize }
        let square = PixelSize(width: size.rawValue, height: size.rawValue)
        let thumbnail = read.size.fitted(in: square)
        if pixels.width >= thumbnail.width && pixels.height >= thumbnail.height {
            thumbnails.make(read, in: size, decodes: false, holding: pixels.byteCount) { pixels }
        } else {
            // The bytes read for the picture (the file may have changed since its time was taken),
            // decoded again for the thumbnail's square.
            let limits = self.limits
            thumbnails.make(read, in: size, holding: bytes.count) { try PictureDecoding.decode(bytes, fitting: square, limits: limits) }
        }
        return pixels
    }

    /// The photo file as the thumbnail cache knows it, its time taken before it is read (a change
    /// while it is read makes the thumbnail stale, never wrong); nil when it cannot be read.
    static func original(absolutePath: [UInt8], at path: [UInt8], size: PixelSize) -> ThumbnailCache.Original? {
        var info = stat()
        guard PhotoFolder.withPath(path, { stat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return ThumbnailCache.Original(
            uri: ThumbnailCache.uri(ofAbsolutePath: absolutePath), modified: Int(info.modificationTime.tv_sec),
            bytes: Int(info.st_size), size: size)
    }

    /// The file's bytes, its header's limits checked first: a file claiming too many pixels is
    /// refused before it is read whole.
    nonisolated func readFile(_ full: [UInt8]) throws -> [UInt8] {
        if case .success(let start) = PhotoFolder.readFile(full, limit: Self.headerBytes) {
            do {
                _ = try ImageDecoder.header(of: start, limits: limits)
            } catch let failure where failure.isTooLarge {
                throw PictureFailure(failure.reason)
            } catch {
                // Read whole below: the header may lie past the first bytes, or the decode will say why.
            }
        }
        try Task.checkCancellation()
        switch PhotoFolder.readFile(full, limit: Self.maxFileBytes, whole: true) {
        case .success(let read): return read
        case .failure(let failure): throw failure
        }
    }

    private nonisolated func decode(_ bytes: [UInt8], fitting box: PixelSize) throws -> Pixels {
        try Task.checkCancellation()
        return try PictureDecoding.decode(bytes, fitting: box, limits: limits)
    }

    /// Waits for the thumbnails still being made (the session waits before it ends).
    public nonisolated func finishThumbnails() async {
        await thumbnails?.finishWriting()
    }
}

extension FolderPhotosWorker: PhotographersWorker {
    /// The folder's photos whose EXIF Artist is the photographer's name (for `unknown`: those with no
    /// Artist), in path order. This reads the header of every photo in the folder; Ctrl-C stops it.
    /// The profile is the name and how many photos the folder holds by them: a folder knows no more.
    public func photographer(_ user: Photo.User, limit: Int) async throws -> PhotographerPhotos {
        let theirs = try describedWalk().photos.map(\.photo).filter { $0.user.name == user.name }
        return PhotographerPhotos(
            profile: Photo.User(id: "", username: "", name: user.name, totalPhotos: theirs.count),
            photos: Array(theirs.prefix(max(0, limit))))
    }
}

extension FolderPhotosWorker: PhotoSavingWorker {
    /// A copy of the photo's file (by default under its own name, in the current directory).
    public nonisolated func save(_ photo: Photo, to path: String?, replacing: Bool) async throws -> SavedPhoto {
        guard let entry = paths.withLock({ $0[Array(photo.id.utf8)] }) else { throw PhotosWorkerError("the photo is not from this folder") }
        let relative = entry.relativePath
        let full = Array(folder.root.utf8) + [UInt8(ascii: "/")] + relative
        let fd = try Self.openToSave(full, found: entry.file, root: folder.root)
        defer { close(fd) }
        let name = PhotoFolder.displayID(relative.split(separator: UInt8(ascii: "/")).last.map(Array.init) ?? [])
        let fileExtension = name.split(separator: ".").count > 1 ? String(name.split(separator: ".").last!) : "jpg"
        let target = path ?? PhotoFiles.defaultName(for: name, fileExtension: fileExtension)
        return try await PhotoFiles.write(to: writePlace?(target) ?? target, shownAs: target, replacing: replacing) { file in
            do throws(FileBytes.Failure) {
                try FileBytes.copy(from: fd, to: file)
            } catch {
                throw PhotosWorkerError("cannot read the photo's file: \(error.message) (nothing was written)")
            }
            try Task.checkCancellation()
        }
    }

    /// The photo's file, open, and checked to be the file the scan found (device, inode, size): its
    /// bytes are copied from this one descriptor. A file put at the path since (a link to
    /// /etc/shadow, say) is copied only when it is still inside the folder and still an image; else
    /// nothing is written.
    static func openToSave(_ full: [UInt8], found: PhotoFolder.FoundFile, root: String) throws -> Int32 {
        let fd: Int32
        do { fd = try FileBytes.openRegular(path: full) } catch {
            throw PhotosWorkerError("cannot read the photo's file: \(error.message) (nothing was written)")
        }
        var kept = false
        defer { if !kept { close(fd) } }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw PhotosWorkerError("the photo's file is no longer a regular file (nothing was written)")
        }
        if PhotoFolder.FoundFile(info) != found {
            let replaced = "the photo's file was replaced since it was listed"
            guard let real = realpath(PhotoFolder.withPath(full) { String(cString: $0) }, nil),
                let realRoot = realpath(root, nil)
            else { throw PhotosWorkerError("\(replaced), and cannot be checked (nothing was written)") }
            let (inside, rootPath) = (String(cString: real), String(cString: realRoot))
            free(real)
            free(realRoot)
            guard inside.hasPrefix(rootPath == "/" ? "/" : rootPath + "/") else {
                throw PhotosWorkerError(
                    "\(replaced) by a link out of the folder (nothing was written): type 'fetch' to list the folder again")
            }
            var start = [UInt8](repeating: 0, count: 16)
            let n = start.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 16, 0) }
            guard n > 0, start.prefix(n).withUnsafeBytes({ ImageFormat.sniff($0) }) != nil else {
                throw PhotosWorkerError("\(replaced), and is no longer an image (nothing was written)")
            }
        }
        kept = true
        return fd
    }
}

extension FolderPhotosWorker: PhotoFeedWorker, PhotoSearchWorker {
    public nonisolated var feedName: String { "the folder's photos, newest first" }

    /// The folder's photos newest first: by EXIF DateTimeOriginal (else DateTime), else the file's
    /// modification time (UTC), then by path. Page 1 walks the folder and reads every header; the
    /// pages after it are cut from that same list, so that photos added meanwhile do not shift them.
    public func feedPage(_ page: Int, perPage: Int) async throws -> PhotoPage {
        if page == 1 || feedList == nil {
            let (scan, walked) = try describedWalk()
            guard !walked.isEmpty else { throw noPhotos(scan) }
            // The walk is in path order, and the sort stable: photos of one date stay in path order.
            let dated = walked.map {
                (
                    $0.photo,
                    $0.exif.dateTaken ?? Self.modificationDate(Array(folder.root.utf8) + [UInt8(ascii: "/")] + $0.entry.relativePath)
                )
            }
            feedList = (dated.sorted { $0.1 > $1.1 }.map(\.0), [foundNote(scan)])
        }
        let (photos, notes) = feedList ?? ([], [])
        return PhotoPage.slice(photos, page: page, perPage: perPage, notes: page == 1 ? notes : [])
    }

    /// The file's modification time as EXIF writes dates (in UTC), or the earliest date when it has none.
    static func modificationDate(_ path: [UInt8]) -> String {
        var info = stat()
        guard PhotoFolder.withPath(path, { stat($0, &info) }) == 0 else { return "0000:00:00 00:00:00" }
        var seconds = info.modificationTime.tv_sec
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return "0000:00:00 00:00:00" }
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let year = String(parts.tm_year + 1900)
        return
            "\(String(repeating: "0", count: max(0, 4 - year.count)))\(year):\(two(parts.tm_mon + 1)):\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    /// The folder's photos whose path or EXIF description, artist or camera hold every word of the query,
    /// in path order (the scan's). The whole folder is walked and every header read for page 1; the
    /// pages after it come from that list. A folder's photos have no dominant colour to filter by.
    public func search(_ query: PhotoQuery, page: Int, perPage: Int) async throws -> PhotoPage {
        if let color = query.color {
            throw PhotosWorkerError(
                "a folder's photos carry no colour to search by, so --color \(color) cannot be applied: search without --color")
        }
        if page == 1 || searchList?.query != query {
            let found = try describedWalk().photos.filter {
                query.matchesOrientation(width: $0.photo.width, height: $0.photo.height)
                    && query.matchesText([$0.photo.id, $0.exif.imageDescription, $0.exif.artist, $0.exif.make, $0.exif.model])
            }
            searchList = (query, found.map(\.photo))
        }
        return PhotoPage.slice(searchList?.photos ?? [], page: page, perPage: perPage)
    }
}

extension FolderPhotosWorker: PhotoListingWorker, PhotoDescribingWorker {
    /// The folder's photos whole, as a viewer lists them, in the request's order and through its
    /// filters. By name or size without filters, known by their names (no file opened); otherwise
    /// by their metadata, from the index or read on every core, its progress reported.
    public func listing(_ request: ListingRequest) async throws -> FetchedPhotos {
        let scan = try walk(namedFolder)
        try Task.checkCancellation()
        guard !scan.entries.isEmpty else { throw noPhotos(scan) }
        let needsMetadata = request.order.needsMetadata || request.filters.contains { $0.needsMetadata }
        // The scan is in path order, and each sort stable: photos that tie stay in path order.
        var listed: [(entry: PhotoFolder.Entry, facts: PhotoFacts?)]
        if needsMetadata {
            let facts = try await facts(of: scan.entries, wholeWalk: true)
            listed = zip(scan.entries, facts).map { ($0, $1) }
            // What the sidecars say (a rating given here, in darktable, in Lightroom) over the files' own.
            let root = Array(folder.root.utf8) + [UInt8(ascii: "/")]
            let sidecars = scan.sidecars.union(placedSidecars.compactMap { $0.starts(with: root) ? Array($0[root.count...]) : nil })
            if !sidecars.isEmpty {
                for i in listed.indices where Self.hasSidecar(listed[i].entry, in: sidecars) {
                    guard let judgement = try? judgement(of: listed[i].entry).get().judgement else { continue }
                    let metadata = listed[i].facts?.metadata ?? PhotoMetadata()
                    listed[i].facts?.metadata = judgement.over(metadata)
                }
            }
        } else {
            // No file opened, but what this session read of a photo (opened in the detail, judged
            // there) is shown again: a rating given a moment ago stays in the list.
            listed = scan.entries.map { entry in
                let key = Array(PhotoFolder.displayID(entry.relativePath).utf8)
                return (entry, describedFiles[key] == entry.file ? describedPhotos[key]?.facts : nil)
            }
        }
        if !request.filters.isEmpty {
            let marked = self.marked
            listed = listed.filter { photo in
                let facts = photo.facts ?? PhotoFacts(photo.entry)
                return request.filters.allSatisfy { filter in
                    filter.isMarks ? marked.contains(Array(PhotoFolder.displayID(photo.entry.relativePath).utf8)) : filter.matches(facts)
                }
            }
        }
        let root = Array(folder.root.utf8) + [UInt8(ascii: "/")]
        listed = PhotoSorting.sorted(listed, by: request.order) { Self.modificationDate(root + $0.entry.relativePath) }
        var known: [[UInt8]: PhotoFolder.Entry] = [:]
        known.reserveCapacity(listed.count)
        let photos = listed.map { photo in
            let id = PhotoFolder.displayID(photo.entry.relativePath)
            known[Array(id.utf8)] = photo.entry
            var shown = Self.nameOnly(id)
            shown.facts = photo.facts ?? PhotoFacts(photo.entry)
            return shown
        }
        paths.withLock { $0.merge(known) { $1 } }
        let notes =
            [foundNote(scan)]
            + metadataNotes.withLock { notes in
                defer { notes.removeAll() }
                return notes.sorted()
            } + (index?.takeNotes() ?? [])
        return FetchedPhotos(photos: photos, notes: notes, totalCount: request.filters.isEmpty ? nil : scan.entries.count)
    }

    /// A photo known by its name only: its fields are read from its header when it is shown.
    static func nameOnly(_ id: String) -> Photo {
        Photo(
            id: id, width: 0, height: 0, color: nil, blurHash: nil, description: nil, altDescription: nil, likes: nil,
            user: Photo.User(id: "", username: "", name: ""), urls: Photo.URLs(raw: id, full: id, regular: id, small: id, thumb: id))
    }

    /// Every tag exiv2 reads in the photo's file, for `info`.
    public func allTags(of photo: Photo) async -> Result<[MetadataTag], MetadataReader.Failure> {
        guard let entry = paths.withLock({ $0[Array(photo.id.utf8)] }) else {
            return .failure(.init(message: "\(photo.id) is not a file of \(shownName)", readerMissing: false))
        }
        let path = Array(folder.root.utf8) + [UInt8(ascii: "/")] + entry.relativePath
        let reader = metadataReader
        return await Task.detached { reader.tags(of: path, detail: .everything) }.value
    }

    /// Whether the walk found a sidecar of `entry` (`NAME.EXT.xmp`, `NAME.xmp`, `NAME.XMP`).
    static func hasSidecar(_ entry: PhotoFolder.Entry, in sidecars: Set<[UInt8]>) -> Bool {
        let path = entry.relativePath
        if sidecars.contains(path + Array(".xmp".utf8)) { return true }
        guard let dot = XMPSidecar.extensionDot(path) else { return false }
        return sidecars.contains(Array(path[..<dot]) + Array(".xmp".utf8)) || sidecars.contains(Array(path[..<dot]) + Array(".XMP".utf8))
    }

    /// A photo judged: as the detail shows it from now on, when it was shown before (else its
    /// header is still to be read).
    func updateDescribed(_ photo: Photo) {
        let key = Array(photo.id.utf8)
        if describedPhotos[key] != nil { describedPhotos[key] = photo }
    }

    /// A photo whose sidecar changed behind the detail's back (`undo`): read again when shown.
    func forgetDescribed(_ id: String) {
        describedPhotos[Array(id.utf8)] = nil
    }

    /// A photo as the detail shows it: what its header says (its size, description, artist,
    /// camera; a photo listed by name has none yet) and its frames when it is an animation, read
    /// once; a photo not of this folder as it is.
    public func described(_ photo: Photo) async -> Photo {
        let key = Array(photo.id.utf8)
        guard let entry = paths.withLock({ $0[key] }) else { return photo }
        if let known = describedPhotos[key], describedFiles[key] == entry.file { return known }
        var found = photo
        if photo.width == 0, photo.height == 0 {
            found = described(id: photo.id, entry: entry, countsFrames: true).photo
        } else {
            let full = Array(folder.root.utf8) + [UInt8(ascii: "/")] + entry.relativePath
            found.frameCount = Self.header(of: full, limits: .unlimited).flatMap { Self.frameCount(of: full, format: $0.format) }
        }
        // When, where and how it was taken: as listed, else from the index or the file.
        found.facts = photo.facts
        if found.facts?.metadataRead != true { found.facts = try? await facts(of: [entry], wholeWalk: false).first }
        if let judgement = try? judgement(of: entry).get().judgement {
            let metadata = found.facts?.metadata ?? PhotoMetadata()
            found.facts?.metadata = judgement.over(metadata)
        }
        describedPhotos[key] = found
        describedFiles[key] = entry.file
        return found
    }
}
