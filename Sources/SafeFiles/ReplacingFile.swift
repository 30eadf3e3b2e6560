import CTemporaryFiles
import SystemCalls

/// A file written whole or not at all: the bytes go to a new temporary file beside the target, and
/// the target is replaced by a rename only once every byte was written and flushed to disk. Until
/// then the old file stays as it was (a script being read keeps its bytes, however the writing ends).
///
/// - The temporary file has an unpredictable name and is created exclusively (`O_EXCL`), so nobody
///   can plant a link at its name to make the app write elsewhere.
/// - A target that is a symbolic link is updated where the link points; the link stays (unless
///   `followingLinks` is false: then it is refused).
/// - A target that exists keeps its permissions; a new one gets `mode` less the umask.
/// - Only a regular file is replaced: never a FIFO (whose open would block), a device or a folder.
/// - Every write is checked, and the first failure is kept (`failure`), naming the target.
/// - A signal that ends the process removes the temporary file (CTemporaryFiles).
public final class ReplacingFile {
    public struct Failure: Error, Equatable, Sendable {
        /// The path as given.
        public let path: String
        /// Why, without the path: "No space left on device".
        public let reason: String
        /// The target exists and was not to be replaced.
        public var exists = false
        /// What went wrong, naming the file: "cannot write t.t: No space left on device".
        public var message: String { "cannot write \(path): \(reason)" }

        public init(_ path: String, _ reason: String, exists: Bool = false) {
            self.path = path
            self.reason = reason
            self.exists = exists
        }
    }

    /// The path as given.
    public let path: String
    /// Where the rename goes: `path`, or where it links to.
    public let target: String
    private let temporary: String
    /// Open for writing until `commit` or `discard`.
    public private(set) var fd: Int32
    private var slot: Int32
    /// The first write that failed, if any: later writes are not tried.
    public private(set) var failure: Failure?

    /// Starts writing `path`. `replacing: false` refuses, at `commit`, a target that exists by then.
    /// `followingLinks: false` refuses a target that is a symbolic link, and the rename then
    /// replaces whatever is at `path` (a link swapped in since is replaced, its target untouched).
    public init(path: String, mode: mode_t, replacing: Bool = true, followingLinks: Bool = true) throws(Failure) {
        self.path = path
        var target = path
        var existing = stat()
        var keptMode: mode_t?
        if lstat(path, &existing) == 0 {
            if (existing.st_mode & S_IFMT) == S_IFLNK, !followingLinks {
                throw Failure(path, "it is a symbolic link, and nothing is written through one")
            }
            if (existing.st_mode & S_IFMT) == S_IFLNK {
                // Where the link points now; a link to nothing is written through, as a shell's > does.
                if let resolved = realpath(path, nil) {
                    target = String(cString: resolved)
                    free(resolved)
                } else {
                    throw Failure(path, "it is a symbolic link to a file that does not exist")
                }
                guard stat(target, &existing) == 0 else { throw Failure(path, "\(Self.errorText())") }
            }
            guard (existing.st_mode & S_IFMT) == S_IFREG else {
                throw Failure(path, "it is not a regular file (\(Self.kind(existing.st_mode)))")
            }
            if !replacing { throw Failure(path, "it exists", exists: true) }
            keptMode = existing.st_mode & 0o7777
        }
        self.target = target
        let folder = target.lastIndex(of: "/").map { String(target[..<$0]) } ?? "."
        let name = target.lastIndex(of: "/").map { String(target[target.index(after: $0)...]) } ?? target
        // A hidden name in the same folder (a rename never crosses file systems), random and exclusive.
        // The name is registered for removal by a signal before the file exists, not after: a signal
        // between the two would leave the file behind (a test that stopped the process the moment the
        // file appeared found it there). A signal before the open removes nothing, the name being
        // new and random; a name that turns out taken is forgotten at once.
        var opened: (fd: Int32, path: String, slot: Int32)?
        for _ in 0..<16 {
            let candidate = (folder.isEmpty ? "" : folder + "/") + ".\(name.prefix(100)).\(Self.randomSuffix())"
            let slot = temporary_files_remember(candidate)
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 {
                opened = (fd, candidate, slot)
                break
            }
            let code = errno
            temporary_files_forget(slot)
            if code != EEXIST { throw Failure(path, "\(String(cString: strerror(code)))") }
        }
        guard let opened else { throw Failure(path, "no temporary name was free beside it") }
        fd = opened.fd
        temporary = opened.path
        slot = opened.slot
        // The target's mode, or the mode asked for as open(2) would apply the umask.
        fchmod(fd, keptMode ?? (mode & ~Self.umaskValue()))
    }

    /// The process's umask, read without changing it: `umask(0)` then `umask(mask)` would leave it
    /// at 0 for good when two threads did it at once (thumbnails are written on several). Linux says
    /// it in /proc/self/status (since 4.7); else (no /proc: macOS) `umaskAtFirstUse`.
    static func umaskValue() -> mode_t {
        guard let file = fopen("/proc/self/status", "re") else { return umaskAtFirstUse }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.hasPrefix("Umask:") else { continue }
            return mode_t(text.dropFirst(6).trimmingPrefix { $0 == " " || $0 == "\t" }.prefix { $0.isNumber }, radix: 8) ?? 0o022
        }
        return 0o022
    }

    /// The umask where /proc cannot say it: read once (a static is initialised once, whatever the
    /// threads), by setting the common 022 and setting it back at once; a file another thread makes
    /// in that instant gets 022, the usual mask, rather than none.
    private static let umaskAtFirstUse: mode_t = {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()

    deinit { discard() }

    /// Writes all of `bytes`; false (and `failure` set) when they could not be written.
    @discardableResult
    public func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil, fd >= 0 else { return false }
        var offset = 0
        while offset < bytes.count {
            let n = LibC.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                failure = Failure(path, "\(n == 0 ? "nothing was written" : Self.errorText())")
                return false
            }
            offset += n
        }
        return true
    }

    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { write($0) } }

    /// Copies up to `count` bytes of the file open as `source`, from `offset`, after what was
    /// written, in the kernel: the bytes copied (0: the source ended), or nil when the kernel cannot
    /// copy between these files (write them instead); a failure to write is `failure`, and -1.
    /// - Parameter first: whether nothing was copied in the kernel yet: then any failure, or
    ///   nothing copied, is the kernel's way of saying it cannot (EPERM under some containers'
    ///   seccomp, EIO on CIFS, 0 on FUSE and /proc-like files), and nil; read and write then say
    ///   what is really wrong, if anything.
    public func copyInKernel(from source: Int32, at offset: Int, count: Int, first: Bool) -> Int? {
        guard failure == nil, fd >= 0 else { return -1 }
        while true {
            let n = temporary_files_copy_range(source, Int64(offset), fd, UInt(count))
            if n > 0 { return n }
            if n < 0 && errno == EINTR { continue }
            if first { return nil }
            if n == 0 { return 0 }
            switch errno {
            case ENOSYS, EXDEV, EINVAL, EOPNOTSUPP, EBADF: return nil
            default:
                failure = Failure(path, Self.errorText())
                return -1
            }
        }
    }

    /// Flushes the file to disk and puts it in place of the target (or, when not replacing, at the
    /// target only if nothing is there). On any failure the target is as it was and nothing is left.
    /// `flushing: false` leaves the flush to the system: for what can be made again if a crash loses
    /// it (a thumbnail), where waiting for the disk would cost more than the file is worth.
    public func commit(replacing: Bool = true, flushing: Bool = true) throws(Failure) {
        guard fd >= 0 else { throw failure ?? Failure(path, "it was already written") }
        if failure == nil && flushing && fsync(fd) != 0 { failure = Failure(path, "\(Self.errorText())") }
        if close(fd) != 0 && failure == nil { failure = Failure(path, "\(Self.errorText())") }
        fd = -1
        if failure == nil {
            if replacing {
                if rename(temporary, target) != 0 { failure = Failure(path, "\(Self.errorText())") }
            } else if link(temporary, target) != 0 {
                if errno == EEXIST {
                    failure = Failure(path, "it exists", exists: true)
                } else if errno == EPERM || errno == EOPNOTSUPP || errno == ENOSYS {
                    // No hard links here (vfat, exFAT, some network file systems): a rename that
                    // never replaces, or where the system has none, a check, then a rename.
                    var info = stat()
                    if temporary_files_rename_noreplace(temporary, target) == 0 {
                        forget()
                        return
                    } else if errno == EEXIST {
                        failure = Failure(path, "it exists", exists: true)
                    } else if errno != EINVAL && errno != ENOSYS {
                        failure = Failure(path, "\(Self.errorText())")
                    } else if lstat(target, &info) == 0 {
                        failure = Failure(path, "it exists", exists: true)
                    } else if rename(temporary, target) != 0 {
                        failure = Failure(path, "\(Self.errorText())")
                    } else {
                        forget()
                        return
                    }
                } else {
                    failure = Failure(path, "\(Self.errorText())")
                }
            } else {
                unlink(temporary)
            }
        }
        if failure != nil { unlink(temporary) }
        forget()
        if let failure { throw failure }
    }

    /// Writes what this file holds so far into `other` (to put a line before it: `other` is begun
    /// with the line, then gets these bytes, and is committed in this one's place). False when they
    /// could not all be read or written (`other.failure` says why for a write).
    public func copyContents(to other: ReplacingFile) -> Bool {
        guard fd >= 0, failure == nil else { return false }
        let source = open(temporary, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard source >= 0 else { return false }
        defer { close(source) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(source, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return false }
            if n == 0 { return true }
            guard chunk.withUnsafeBytes({ other.write(UnsafeRawBufferPointer(rebasing: $0.prefix(n))) }) else { return false }
        }
    }

    /// Cuts what was written back to its first `count` bytes; the next write goes after them.
    @discardableResult
    public func truncate(to count: Int) -> Bool {
        guard fd >= 0 else { return false }
        return ftruncate(fd, off_t(count)) == 0 && lseek(fd, off_t(count), SEEK_SET) == off_t(count)
    }

    /// Stops writing and removes the temporary file; the target is as it was.
    public func discard() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
        unlink(temporary)
        forget()
    }

    private func forget() {
        temporary_files_forget(slot)
        slot = -1
    }

    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a file"
        }
    }

    /// Twelve letters and digits from two random 64-bit numbers, six from each (36⁶ < 2⁶⁴): each
    /// `next()` is a getrandom system call, and a shoot culled writes a file a judgement.
    private static func randomSuffix() -> String {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
        var bits = (generator.next(), generator.next())
        return String(
            decoding: (0..<12).map { index in
                let word = index < 6 ? bits.0 : bits.1
                let letter = alphabet[Int(word % UInt64(alphabet.count))]
                if index < 6 { bits.0 /= UInt64(alphabet.count) } else { bits.1 /= UInt64(alphabet.count) }
                return letter
            }, as: UTF8.self)
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}
