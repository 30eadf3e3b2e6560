import Imaging
import Networking
import SystemCalls

/// A folder of the user's own photos, found by walking it: image files by content, hidden
/// entries left out, nothing but regular files ever opened (a FIFO or a device would block or never
/// end). What cannot be used is counted by reason, for the user.
public struct PhotoFolder: Sendable {
    /// One image file: its path relative to the folder, as bytes (a name need not be valid UTF-8).
    public struct Entry: Sendable, Equatable {
        public var relativePath: [UInt8]
        public var format: ImageFormat
        /// The file found: what `save` checks it still is before copying it.
        public var file: FoundFile
    }

    /// A file as the scan found it (links followed): its device, inode and size.
    public struct FoundFile: Sendable, Equatable, Hashable {
        public var device: UInt64
        public var inode: UInt64
        public var size: Int64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
        }

        init(device: UInt64, inode: UInt64, size: Int64) {
            (self.device, self.inode, self.size) = (device, inode, size)
        }
    }

    public struct Scan: Sendable, Equatable {
        public var entries: [Entry] = []
        /// The XMP sidecars found (`IMG_0001.CR2.xmp`, `IMG_0001.xmp`), by their paths in the folder:
        /// read over their photos' own metadata, and not counted as skipped.
        public var sidecars: Set<[UInt8]> = []
        /// Reason → how many files were skipped for it.
        public var skipped: [String: Int] = [:]

        public var skippedCount: Int { skipped.values.reduce(0, +) }

        /// `3 files skipped: 1 dangling link, 2 not an image`
        public var skippedSummary: String? {
            guard skippedCount > 0 else { return nil }
            let reasons = skipped.sorted { $0.key < $1.key }.map { "\($0.value.grouped) \($0.key)" }.joined(separator: ", ")
            return "\(skippedCount.grouped) file\(skippedCount == 1 ? "" : "s") skipped: \(reasons)"
        }
    }

    /// Bounds on what a walk will do, whatever the folder holds.
    static let maxDepth = 32
    static let maxEntries = 200_000

    public let root: String
    /// The folder as messages name it.
    public let shownName: String
    /// A folder inside it that holds no photos of the user's (the thumbnail cache, when it is there).
    public let excluded: String?
    /// Whether the folders inside are walked too (a folder source's), or only this one's files (the
    /// folder of a photo opened by name, as image viewers list its neighbours).
    public let descends: Bool
    /// A name in this folder that is listed even though it starts with a dot (the photo opened).
    public let alsoListing: [UInt8]?
    /// Whether files are known as photos by their names' extensions (`.jpg`, `.heic`, …), none of
    /// them opened: a viewer's listing, where only the photos shown are read. Else by their first
    /// bytes, each file opened.
    public let knowsByName: Bool

    public init(
        root: String, shownAs: String? = nil, excluding excluded: String? = nil, descends: Bool = true, alsoListing: [UInt8]? = nil,
        knowsByName: Bool = false
    ) {
        self.root = root
        self.shownName = shownAs ?? root
        self.excluded = excluded
        self.descends = descends
        self.alsoListing = alsoListing
        self.knowsByName = knowsByName
    }

    /// The extensions (lower case) a listing by name takes for photos, and the format each names.
    static let photoExtensions: [String: ImageFormat] = {
        var formats: [String: ImageFormat] = [:]
        for (names, format) in [
            (["jpg", "jpeg", "jpe", "jfif"], ImageFormat.jpeg), (["png"], .png), (["webp"], .webp), (["gif"], .gif),
            (["heic", "heif", "hif"], .heic), (["avif"], .avif), (["jxl"], .jpegXL),
            (["tif", "tiff", "dng", "nef", "nrw", "arw", "pef"], .tiff), (["cr2", "cr3", "orf", "rw2"], .cameraRaw)
        ] {
            for name in names { formats[name] = format }
        }
        return formats
    }()

    /// The format a file's name says it has (its extension, in any case), or nil.
    public static func format(named name: some BidirectionalCollection<UInt8>) -> ImageFormat? {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return nil }
        let suffix = name[name.index(after: dot)...]
        guard !suffix.isEmpty, suffix.count <= 5 else { return nil }
        return photoExtensions[String(decoding: suffix, as: UTF8.self).lowercased()]
    }

    /// Why a file named so is left out of a listing by name.
    static let notNamedAsPhoto = "not named as a photo"

    /// Walks the folder. Throws when the folder itself cannot be read.
    /// - Parameter walked: told how many files were walked so far, now and then (progress).
    public func scan(walked: ((Int) -> Void)? = nil) throws(PhotosWorkerError) -> Scan {
        var info = stat()
        guard stat(root, &info) == 0 else {
            throw PhotosWorkerError("cannot read the folder \(shownName): \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw PhotosWorkerError("\(shownName) is not a folder (give --folder DIR)") }
        guard let probe = opendir(root) else {
            throw PhotosWorkerError("cannot read the folder \(shownName): \(String(cString: strerror(errno)))")
        }
        closedir(probe)
        var scan = Scan()
        let walkedFiles = walked
        var walked: Set<FileID> = [FileID(info)]
        // Thumbnails are not photos: the cache's folder is passed over as if walked already (quietly).
        var cache = stat()
        let quiet = excluded.flatMap { stat($0, &cache) == 0 && (cache.st_mode & S_IFMT) == S_IFDIR ? FileID(cache) : nil }
        if let quiet { walked.insert(quiet) }
        walk(Array(root.utf8), relative: [], ancestors: [FileID(info)], walked: &walked, quiet: quiet, into: &scan, progress: walkedFiles)
        // readdir's order differs between file systems: sorted, the same seed draws the same photos.
        scan.entries.sort { $0.relativePath.lexicographicallyPrecedes($1.relativePath) }
        return scan
    }

    /// A directory's identity, to notice a symbolic link that leads back into the walk.
    struct FileID: Hashable {
        var device: UInt
        var inode: UInt
        init(_ info: stat) {
            device = UInt(info.st_dev)
            inode = UInt(info.st_ino)
        }
    }

    /// Walks `directory`. `ancestors` are the folders above it (a link back to one is a loop);
    /// `walked`, every folder walked so far (a second link to one is walked once). Stops early when
    /// the task is cancelled (Ctrl-C): the caller checks.
    private func walk(
        _ directory: [UInt8], relative: [UInt8], ancestors: [FileID], walked: inout Set<FileID>, quiet: FileID?, into scan: inout Scan,
        progress: ((Int) -> Void)?
    ) {
        guard let dir = Self.withPath(directory, { opendir($0) }) else {
            scan.skipped["unreadable folder", default: 0] += 1
            return
        }
        defer { closedir(dir) }
        let folder = dirfd(dir)
        let names = listedNames(relative: relative) { readdir(dir) }
        var ahead = SniffedAhead(names: names, folder: folder)
        for (index, (name, type)) in names.enumerated() {
            if Task.isCancelled { return }
            guard scan.entries.count + scan.skippedCount < Self.maxEntries else {
                scan.skipped["beyond the first \(Self.maxEntries) files", default: 0] += 1
                return
            }
            let path = directory + [UInt8(ascii: "/")] + name
            let relativePath = relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name
            // A path the system cannot take (over PATH_MAX) is counted, not passed over in silence.
            guard path.count < Int(PATH_MAX) else {
                scan.skipped["path longer than \(PATH_MAX) bytes", default: 0] += 1
                continue
            }
            // A file the folder lists as regular is opened by its name in the folder, not followed if
            // it became a link since: four system calls on names looked up in one folder, where the
            // path's lstat, open, fstat, read and close were five, each walking the whole path.
            // A sidecar is its photo's, not a photo skipped: noted, for its judgement to be read.
            if type != UInt8(DT_DIR), Self.isSidecarName(name) {
                scan.sidecars.insert(relativePath)
                continue
            }
            if type == UInt8(DT_REG), knowsByName {
                let opened = relative.isEmpty && name == alsoListing
                if addByName(name, path: path, relativePath: relativePath, opened: opened, in: folder, into: &scan, progress: progress) {
                    continue
                }
                // Replaced by a link or gone since the folder was read: as any other entry.
            } else if type == UInt8(DT_REG) {
                if ahead.add(at: index, relativePath: relativePath, into: &scan, progress: progress) { continue }
                // Replaced by a link or gone since the folder was read: as any other entry.
            }
            visit(
                path, name: name, relative: relative, relativePath: relativePath, ancestors: ancestors, walked: &walked, quiet: quiet,
                into: &scan, progress: progress)
        }
    }

    /// The names a folder lists (`next` reads its entries), hidden ones left out, in name order, not
    /// readdir's: a folder reached under two names (a link to it) is walked under the same one on
    /// every file system, and the entry cap cuts at the same place.
    private func listedNames(relative: [UInt8], _ next: () -> UnsafeMutablePointer<dirent>?) -> [(name: [UInt8], type: UInt8)] {
        var names: [(name: [UInt8], type: UInt8)] = []
        while let entry = next() {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            // Hidden entries (and . and ..) are not the user's photos, but for one opened by name.
            if name.first == UInt8(ascii: "."), !(relative.isEmpty && name == alsoListing) { continue }
            names.append((name, entry.pointee.d_type))
        }
        names.sort { $0.name.lexicographicallyPrecedes($1.name) }
        return names
    }

    /// A file the folder lists as regular, in a listing by name: added or skipped, and true; false
    /// when it is no longer a regular file there. `opened`: it is the photo opened by name.
    private func addByName(
        _ name: [UInt8], path: [UInt8], relativePath: [UInt8], opened: Bool, in folder: Int32, into scan: inout Scan,
        progress: ((Int) -> Void)?
    ) -> Bool {
        if let progress, (scan.entries.count + scan.skippedCount) % 256 == 0 { progress(scan.entries.count + scan.skippedCount) }
        // The photo opened by name is one whatever it is named (`IMG_1234`): its bytes say.
        let sniffed = opened ? (try? Self.sniff(path).get()) : nil
        guard let format = Self.format(named: name) ?? sniffed else {
            scan.skipped[Self.notNamedAsPhoto, default: 0] += 1
            return true
        }
        // Its identity and size (`save` checks them, `sort size` orders by them), from the
        // folder's own entry: not opened, not followed if it became a link since.
        var info = stat()
        if Self.withPath(name, { fstatat(folder, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0, (info.st_mode & S_IFMT) == S_IFREG {
            scan.entries.append(Entry(relativePath: relativePath, format: format, file: FoundFile(info)))
            return true
        }
        return false
    }

    /// The files a folder lists as regular, sniffed ahead, a batch at a time, two at once: `regular`
    /// are their places in `names`, `ordinal` each name's place in `regular`, and `batch` what was
    /// found of `regular[batchStart...]`. A name passed over (its path too long) leaves its result
    /// unread: each result is found by its file's ordinal, never by counting.
    private struct SniffedAhead {
        let names: [(name: [UInt8], type: UInt8)]
        let folder: Int32
        let regular: [Int]
        let ordinal: [Int]
        var batch: [Sniffed] = []
        var batchStart = 0

        init(names: [(name: [UInt8], type: UInt8)], folder: Int32) {
            self.names = names
            self.folder = folder
            regular = names.indices.filter { names[$0].type == UInt8(DT_REG) }
            var ordinal = [Int](repeating: -1, count: names.count)
            for (k, index) in regular.enumerated() { ordinal[index] = k }
            self.ordinal = ordinal
        }

        /// The regular file `names[index]`, sniffed: added or skipped, and true; false when it is no
        /// longer a file there.
        mutating func add(at index: Int, relativePath: [UInt8], into scan: inout Scan, progress: ((Int) -> Void)?) -> Bool {
            if let progress, (scan.entries.count + scan.skippedCount) % 64 == 0 { progress(scan.entries.count + scan.skippedCount) }
            let k = ordinal[index]
            if k < batchStart || k >= batchStart + batch.count {
                // No further than the entry cap: the files past it are not opened.
                let room = PhotoFolder.maxEntries - scan.entries.count - scan.skippedCount
                batchStart = k
                batch = PhotoFolder.sniff(
                    regular[k..<min(regular.count, k + min(PhotoFolder.sniffBatch, room))].map { names[$0].name }, in: folder)
            }
            let found = batch[k - batchStart]
            guard let result = found.result else { return false }
            switch result {
            case .success(let format):
                scan.entries.append(Entry(relativePath: relativePath, format: format, file: FoundFile(found.status)))
            case .failure(let reason): scan.skipped[reason.reason, default: 0] += 1
            }
            return true
        }
    }

    /// An entry looked at by its path (links followed): a folder walked, a file sniffed, anything
    /// else counted as skipped.
    private func visit(
        _ path: [UInt8], name: [UInt8], relative: [UInt8], relativePath: [UInt8], ancestors: [FileID], walked: inout Set<FileID>,
        quiet: FileID?, into scan: inout Scan, progress: ((Int) -> Void)?
    ) {
        var link = stat()
        guard Self.withPath(path, { lstat($0, &link) }) == 0 else {
            if errno == ENAMETOOLONG { scan.skipped["path longer than \(PATH_MAX) bytes", default: 0] += 1 }
            return  // else gone since readdir
        }
        var info = link
        if (link.st_mode & S_IFMT) == S_IFLNK {
            guard Self.withPath(path, { stat($0, &info) }) == 0 else {
                scan.skipped[errno == ELOOP ? "symbolic link loop" : "dangling link", default: 0] += 1
                return
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            guard descends else { return }
            let id = FileID(info)
            guard !ancestors.contains(id) else {
                scan.skipped["symbolic link loop", default: 0] += 1
                return
            }
            guard walked.insert(id).inserted else {
                if id != quiet { scan.skipped["folder already walked under another name", default: 0] += 1 }
                return
            }
            guard ancestors.count <= Self.maxDepth else {
                scan.skipped["folder nested too deep", default: 0] += 1
                return
            }
            walk(path, relative: relativePath, ancestors: ancestors + [id], walked: &walked, quiet: quiet, into: &scan, progress: progress)
        case S_IFREG:
            if let progress, (scan.entries.count + scan.skippedCount) % 64 == 0 { progress(scan.entries.count + scan.skippedCount) }
            if Self.isSidecarName(name) {
                scan.sidecars.insert(relativePath)
                return
            }
            if knowsByName {
                let opened = relative.isEmpty && name == alsoListing ? (try? Self.sniff(path).get()) : nil
                if let format = Self.format(named: name) ?? opened {
                    scan.entries.append(Entry(relativePath: relativePath, format: format, file: FoundFile(info)))
                } else {
                    scan.skipped[Self.notNamedAsPhoto, default: 0] += 1
                }
                return
            }
            switch Self.sniff(path) {
            case .success(let format): scan.entries.append(Entry(relativePath: relativePath, format: format, file: FoundFile(info)))
            case .failure(let reason): scan.skipped[reason.reason, default: 0] += 1
            }
        default:
            scan.skipped["not a regular file", default: 0] += 1
        }
    }

    /// A path as photorepl shows it and names the photo: UTF-8 as it is, but every byte that is not
    /// valid UTF-8 and every C0 control character (a newline in a name would split a row, or forge a
    /// prompt line in a transcript) written as `\xNN`, and a backslash as `\\`. Two different names
    /// never give the same id, and the same name always gives the same one.
    public static func displayID(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        var i = 0
        func escape(_ byte: UInt8) {
            let hex = Array("0123456789ABCDEF".utf8)
            out += [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
        }
        while i < bytes.count {
            let byte = bytes[i]
            if byte < 0x20 || byte == 0x7F {
                escape(byte)
                i += 1
            } else if byte == UInt8(ascii: "\\") {
                out += [byte, byte]
                i += 1
            } else if byte < 0x80 {
                out.append(byte)
                i += 1
            } else if let length = validSequenceLength(bytes, at: i) {
                out += bytes[i..<(i + length)]
                i += length
            } else {
                escape(byte)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The length of the well-formed UTF-8 sequence at `i` (RFC 3629: no overlong forms, no
    /// surrogates, nothing above U+10FFFF), or nil.
    static func validSequenceLength(_ bytes: [UInt8], at i: Int) -> Int? {
        let lead = bytes[i]
        let (length, low, high): (Int, UInt8, UInt8) =
            switch lead {
            case 0xC2...0xDF: (2, 0x80, 0xBF)
            case 0xE0: (3, 0xA0, 0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80, 0xBF)
            case 0xED: (3, 0x80, 0x9F)
            case 0xF0: (4, 0x90, 0xBF)
            case 0xF1...0xF3: (4, 0x80, 0xBF)
            case 0xF4: (4, 0x80, 0x8F)
            default: (0, 0, 0)
            }
        guard length > 0, i + length <= bytes.count, (low...high).contains(bytes[i + 1]) else { return nil }
        for k in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[i + k]) { return nil }
        return length
    }

    /// Whether the file at `path` is one the folder source shows: a regular file whose first bytes
    /// are an image's (`photorepl photo.jpg` opens it; a script is not one).
    /// Whether a file's name is an XMP sidecar's (`.xmp`, in any case).
    static func isSidecarName(_ name: [UInt8]) -> Bool {
        guard name.count > 4 else { return false }
        return name.suffix(4).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }.elementsEqual(".xmp".utf8)
    }

    public static func isPhoto(_ path: String) -> Bool {
        if case .success = sniff(Array(path.utf8)) { return true }
        return false
    }

    /// The format a regular file's first bytes say it has.
    static func sniff(_ path: [UInt8]) -> Result<ImageFormat, PictureFailure> {
        switch readFile(path, limit: ImageFormat.sniffedBytes) {
        case .failure(let failure): return .failure(failure)
        case .success(let bytes):
            guard let format = bytes.withUnsafeBytes(ImageFormat.sniff) else { return .failure(PictureFailure("not an image")) }
            return .success(format)
        }
    }

    /// What sniffing a file found: its format, or why it is not a photo, or nil when it is no longer
    /// a file (see `sniff(_:in:status:)`); and its status.
    struct Sniffed {
        var result: Result<ImageFormat, PictureFailure>?
        var status: stat
    }

    /// Files sniffed at once: enough to keep two threads busy, few enough that the progress line
    /// moves and a cancelled walk stops soon (a batch is a third of a millisecond here, more on a
    /// network file system).
    static let sniffBatch = 64

    /// The files `names` of the open folder `folder` sniffed, in order: two threads at a time when
    /// there are more than a few (a walk's time is the system calls, which run in parallel).
    static func sniff(_ names: [[UInt8]], in folder: Int32) -> [Sniffed] {
        let empty = Sniffed(result: nil, status: stat())
        guard names.count >= 16 else {
            return names.map { name in
                var found = empty
                found.result = sniff(name, in: folder, status: &found.status)
                return found
            }
        }
        return .madeConcurrently(count: names.count, threads: 2) { index in
            var found = empty
            found.result = sniff(names[index], in: folder, status: &found.status)
            return found
        }
    }

    /// The format of the file `name` in the open folder `folder`, and its status, or nil when it is
    /// no longer a file there (a link now, which is not followed, or gone): the caller then looks
    /// again. Opened without blocking and checked once open, as `FileBytes.read` does.
    static func sniff(_ name: [UInt8], in folder: Int32, status info: inout stat) -> Result<ImageFormat, PictureFailure>? {
        let fd = withPath(name) { openat(folder, $0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW) }
        guard fd >= 0 else {
            if errno == ELOOP || errno == ENOENT { return nil }
            return .failure(failure(FileBytes.Failure("", code: errno)))
        }
        defer { close(fd) }
        do {
            let bytes = try FileBytes.read(descriptor: fd, limit: ImageFormat.sniffedBytes, whole: false, status: &info)
            guard let format = bytes.withUnsafeBytes(ImageFormat.sniff) else { return .failure(PictureFailure("not an image")) }
            return .success(format)
        } catch {
            // Not a regular file since the folder was read (a FIFO, say): the lstat that follows says so.
            if (info.st_mode & S_IFMT) != S_IFREG { return nil }
            return .failure(failure(error))
        }
    }

    /// At most `limit` bytes from the start of a regular file (see `FileBytes.read`), with the
    /// failure in the folder's words.
    static func readFile(_ path: [UInt8], limit: Int, whole: Bool = false) -> Result<[UInt8], PictureFailure> {
        do {
            return .success(try FileBytes.read(path: path, limit: limit, whole: whole))
        } catch {
            return .failure(failure(error))
        }
    }

    /// A file that could not be read, in the folder's words.
    private static func failure(_ error: FileBytes.Failure) -> PictureFailure {
        if error.code == EACCES { return PictureFailure("unreadable") }
        if error.tooLarge { return PictureFailure("the file" + error.message.dropFirst("it".count)) }
        if let code = error.code { return PictureFailure("cannot open: \(String(cString: strerror(code)))") }
        return PictureFailure(error.message)
    }

    /// `path` made absolute (from the working directory) and tidied as GLib tidies a path it makes
    /// into a URI: empty and `.` parts dropped, `..` taking away the part before it. Symbolic links
    /// are kept, as the desktop keeps them when it names a file's thumbnail.
    static func absolutePath(_ path: [UInt8]) -> [UInt8] {
        var full = path
        if path.first != UInt8(ascii: "/"), let cwd = getcwd(nil, 0) {
            full =
                Array(UnsafeBufferPointer(start: UnsafeRawPointer(cwd).assumingMemoryBound(to: UInt8.self), count: strlen(cwd))) + [
                    UInt8(ascii: "/")
                ] + path
            free(cwd)
        }
        var parts: [ArraySlice<UInt8>] = []
        for part in full.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if part.elementsEqual([UInt8(ascii: ".")]) { continue }
            if part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return parts.isEmpty ? [UInt8(ascii: "/")] : parts.flatMap { [UInt8(ascii: "/")] + $0 }
    }

    static func withPath<R>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        (path + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) } }
    }
}
