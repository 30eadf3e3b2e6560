#if canImport(Glibc)
import Glibc
#endif

/// Whole files in and out, with the failures said in words: what cassettes and `save` need.
public enum FileBytes {
    public struct Failure: Error, Equatable, Sendable {
        public let message: String
        /// The target exists and was not to be replaced.
        public var exists = false
        public init(_ message: String, exists: Bool = false) {
            self.message = message
            self.exists = exists
        }
    }

    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// A regular file's bytes, at most `limit` of them.
    public static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(errorText()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw Failure("not a regular file") }
        guard Int(info.st_size) <= limit else { throw Failure("it is larger than \(limit >> 20) MB") }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw Failure(errorText()) }
            if n == 0 { break }
            count += n
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    public static func makeFolder(_ path: String) throws(Failure) {
        if mkdir(path, 0o700) != 0 && errno != EEXIST { throw Failure(errorText()) }
    }

    /// Writes `bytes` to a new temporary file beside `path`, flushes it to disk, then renames it to
    /// `path` (or, when not `replacing`, links it there, which fails if `path` exists): a full disk
    /// or any other failure leaves no half-written file, and never a replaced one.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t, replacing: Bool) throws(Failure) {
        var target = stat()
        if lstat(path, &target) == 0 {
            // Only a file is replaced: never a device (/dev/full), a folder, a FIFO or a link's target.
            guard (target.st_mode & S_IFMT) == S_IFREG else { throw Failure("it is not a regular file") }
            if !replacing { throw Failure("it exists", exists: true) }
        }
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        var template = Array((folder + "/.photorepl-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Failure(errorText()) }
        let temporary = String(cString: template)
        var failure: Failure?
        // As open(2) would have it: the umask applies (mkstemp made the file 0600).
        let mask = umask(0)
        umask(mask)
        fchmod(fd, mode & ~mask)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { failure = Failure(errorText()); break }
            offset += n
        }
        if failure == nil && fsync(fd) != 0 { failure = Failure(errorText()) }
        if close(fd) != 0 && failure == nil { failure = Failure(errorText()) }
        if failure == nil {
            if replacing {
                if rename(temporary, path) != 0 { failure = Failure(errorText()) }
            } else if link(temporary, path) != 0 {
                if errno == EEXIST {
                    failure = Failure("it exists", exists: true)
                } else if errno == EPERM || errno == EOPNOTSUPP || errno == ENOSYS {
                    // No hard links here (vfat, some network file systems): a check, then a rename.
                    if exists(path) {
                        failure = Failure("it exists", exists: true)
                    } else if rename(temporary, path) != 0 {
                        failure = Failure(errorText())
                    } else {
                        return
                    }
                } else {
                    failure = Failure(errorText())
                }
            }
        }
        if failure != nil || !replacing { unlink(temporary) }
        if let failure { throw failure }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
