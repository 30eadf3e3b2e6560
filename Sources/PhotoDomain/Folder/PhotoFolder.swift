import Imaging
#if canImport(Glibc)
import Glibc
#endif

/// A folder of the user's own photos, found by walking it: JPEG and PNG files by content, hidden
/// entries left out, nothing but regular files ever opened (a FIFO or a device would block or never
/// end). What cannot be used is counted by reason, for the user.
public struct PhotoFolder: Sendable {
    /// One image file: its path relative to the folder, as bytes (a name need not be valid UTF-8).
    public struct Entry: Sendable, Equatable {
        public var relativePath: [UInt8]
        public var format: ImageFormat
    }

    public struct Scan: Sendable, Equatable {
        public var entries: [Entry] = []
        /// Reason → how many files were skipped for it.
        public var skipped: [String: Int] = [:]

        public var skippedCount: Int { skipped.values.reduce(0, +) }

        /// `3 files skipped: 1 dangling link, 2 not an image`
        public var skippedSummary: String? {
            guard skippedCount > 0 else { return nil }
            let reasons = skipped.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            return "\(skippedCount) file\(skippedCount == 1 ? "" : "s") skipped: \(reasons)"
        }
    }

    /// Bounds on what a walk will do, whatever the folder holds.
    static let maxDepth = 32
    static let maxEntries = 200_000

    public let root: String
    /// The folder as messages name it.
    public let shownName: String

    public init(root: String, shownAs: String? = nil) {
        self.root = root
        self.shownName = shownAs ?? root
    }

    /// Walks the folder. Throws when the folder itself cannot be read.
    public func scan() throws(PhotosWorkerError) -> Scan {
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
        var visited: Set<FileID> = [FileID(info)]
        walk(Array(root.utf8), relative: [], depth: 0, visited: &visited, into: &scan)
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

    private func walk(_ directory: [UInt8], relative: [UInt8], depth: Int, visited: inout Set<FileID>, into scan: inout Scan) {
        guard let dir = Self.withPath(directory, { opendir($0) }) else {
            scan.skipped["unreadable folder", default: 0] += 1
            return
        }
        defer { closedir(dir) }
        var names: [[UInt8]] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            // Hidden entries (and . and ..) are not the user's photos.
            if name.first == UInt8(ascii: ".") { continue }
            names.append(name)
        }
        // In name order, not readdir's: a folder reached under two names (a link to it) is walked under
        // the same one on every file system, and the entry cap cuts at the same place.
        names.sort { $0.lexicographicallyPrecedes($1) }
        for name in names {
            guard scan.entries.count + scan.skippedCount < Self.maxEntries else {
                scan.skipped["beyond the first \(Self.maxEntries) files", default: 0] += 1
                return
            }
            let path = directory + [UInt8(ascii: "/")] + name
            let relativePath = relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name
            var link = stat()
            guard Self.withPath(path, { lstat($0, &link) }) == 0 else { continue }  // gone since readdir
            var info = link
            if (link.st_mode & S_IFMT) == S_IFLNK {
                guard Self.withPath(path, { stat($0, &info) }) == 0 else {
                    scan.skipped[errno == ELOOP ? "symbolic link loop" : "dangling link", default: 0] += 1
                    continue
                }
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                guard visited.insert(FileID(info)).inserted else {
                    scan.skipped["symbolic link loop", default: 0] += 1
                    continue
                }
                guard depth < Self.maxDepth else {
                    scan.skipped["folder nested too deep", default: 0] += 1
                    continue
                }
                walk(path, relative: relativePath, depth: depth + 1, visited: &visited, into: &scan)
            case S_IFREG:
                switch Self.sniff(path) {
                case .success(let format): scan.entries.append(Entry(relativePath: relativePath, format: format))
                case .failure(let reason): scan.skipped[reason.reason, default: 0] += 1
                }
            default:
                scan.skipped["not a regular file", default: 0] += 1
            }
        }
    }

    /// The format a regular file's first bytes say it has.
    static func sniff(_ path: [UInt8]) -> Result<ImageFormat, PictureFailure> {
        switch readFile(path, limit: 8) {
        case .failure(let failure): return .failure(failure)
        case .success(let bytes):
            guard let format = bytes.withUnsafeBytes(ImageFormat.sniff) else { return .failure(PictureFailure("not an image")) }
            return .success(format)
        }
    }

    /// At most `limit` bytes from the start of a regular file. Opened without blocking and checked
    /// again once open: the file may have been replaced by a FIFO since the folder was read.
    /// With `whole`, a file larger than `limit` is refused rather than read in part.
    static func readFile(_ path: [UInt8], limit: Int, whole: Bool = false) -> Result<[UInt8], PictureFailure> {
        let fd = withPath(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else {
            return .failure(PictureFailure(errno == EACCES ? "unreadable" : "cannot open: \(String(cString: strerror(errno)))"))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .failure(PictureFailure("not a regular file")) }
        if whole, Int(info.st_size) > limit {
            return .failure(PictureFailure("the file is too large (\(Int(info.st_size) >> 20) MB; at most \(limit >> 20) MB)"))
        }
        let wanted = min(limit, max(0, Int(info.st_size)))
        // Not zeroed first: a camera-size file is megabytes, and every byte is about to be written.
        var failure: PictureFailure?
        let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
            var count = 0
            while count < wanted {
                let n = read(fd, buffer.baseAddress! + count, wanted - count)
                if n < 0 && errno == EINTR { continue }
                if n < 0 {
                    failure = PictureFailure(errno == EACCES ? "unreadable" : "cannot read: \(String(cString: strerror(errno)))")
                    break
                }
                if n == 0 { break }  // it shrank since fstat
                count += n
            }
            initialized = count
        }
        if let failure { return .failure(failure) }
        return .success(bytes)
    }

    static func withPath<R>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        (path + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) } }
    }
}
