import SystemCalls
import SafeFiles

/// Files in and out, with the failures said in words: what a folder's photos, cassettes and `save`
/// need. Paths are bytes where a name need not be valid UTF-8 (a folder's files).
package enum FileBytes {
    package struct Failure: Error, Equatable, Sendable {
        package let message: String
        /// The target exists and was not to be replaced.
        package var exists = false
        /// The system's errno, where the system said no (EACCES: permission denied).
        package var code: Int32?
        /// The file is larger than the limit.
        package var tooLarge = false
        package init(_ message: String, exists: Bool = false, code: Int32? = nil, tooLarge: Bool = false) {
            self.message = message
            self.exists = exists
            self.code = code
            self.tooLarge = tooLarge
        }
    }

    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// A regular file's bytes, no more than `limit` of them: with `whole`, a larger file is refused;
    /// without, its first `limit` bytes. Opened without blocking and checked once open, so a FIFO or
    /// a device (which could block or never end) is refused, even one put there since it was listed.
    package static func read(path: [UInt8], limit: Int, whole: Bool = true) throws(Failure) -> [UInt8] {
        let fd = try openRegular(path: path)
        defer { close(fd) }
        return try read(descriptor: fd, limit: limit, whole: whole)
    }

    /// Opens a file for reading without blocking; the caller checks what it is (`read(descriptor:)`
    /// refuses anything but a regular file) and closes it.
    package static func openRegular(path: [UInt8]) throws(Failure) -> Int32 {
        let fd = (path + [0]).withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        }
        guard fd >= 0 else { throw Failure(errorText(), code: errno) }
        return fd
    }

    /// What `read(path:)` reads, from a descriptor already open (which stays open).
    package static func read(descriptor fd: Int32, limit: Int, whole: Bool = true) throws(Failure) -> [UInt8] {
        var info = stat()
        return try read(descriptor: fd, limit: limit, whole: whole, status: &info)
    }

    /// The same, and the file's status as `fstat` gave it (its identity and size, for a caller that
    /// keeps them: one system call fewer than asking again).
    package static func read(descriptor fd: Int32, limit: Int, whole: Bool = true, status info: inout stat) throws(Failure) -> [UInt8] {
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw Failure("not a regular file") }
        if whole, Int(info.st_size) > limit {
            throw Failure("it is too large (\(Int(info.st_size) >> 20) MB; at most \(limit >> 20) MB)", tooLarge: true)
        }
        let wanted = min(limit, max(0, Int(info.st_size)))
        // Not zeroed first: a camera-size file is megabytes, and every byte is about to be written.
        var failure: Failure?
        let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
            var count = 0
            while count < wanted {
                let n = LibC.read(fd, buffer.baseAddress! + count, wanted - count)
                if n < 0 && errno == EINTR { continue }
                if n < 0 {
                    failure = Failure(errorText(), code: errno)
                    break
                }
                if n == 0 { break }  // it shrank since fstat
                count += n
            }
            initialized = count
        }
        if let failure { throw failure }
        return bytes
    }

    /// A regular file's bytes; a file larger than `limit` is refused.
    package static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        try read(path: Array(path.utf8), limit: limit)
    }

    package static func makeFolder(_ path: String) throws(Failure) {
        if mkdir(path, 0o700) != 0 && errno != EEXIST { throw Failure(errorText()) }
    }

    /// A folder and those above it, each made 0700 where missing (as `mkdir -p`).
    package static func makeFolders(_ path: String) throws(Failure) {
        var made = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            made += "/" + part
            try makeFolder(made)
        }
    }

    /// Writes `bytes` to a new temporary file beside `path`, flushes it to disk, then renames it to
    /// `path` (or, when not `replacing`, links it there, which fails if `path` exists): a full disk,
    /// a signal or any other failure leaves no half-written file, and never a replaced one
    /// (SafeFiles' ReplacingFile). A link is never written through here: a photo saved or a cassette
    /// recorded replaces only a file.
    /// `flushing: false` for files that can be made again (see `ReplacingFile.commit`).
    package static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t, replacing: Bool, flushing: Bool = true)
        throws(Failure)
    {
        let file = try startReplacing(path, mode: mode, replacing: replacing)
        file.write(bytes)
        try finish(file, replacing: replacing, flushing: flushing)
    }

    /// A file to write `path` through, whole or not at all (see `writeAtomically`); `finish` puts
    /// it in place, and dropping it unfinished leaves `path` as it was.
    package static func startReplacing(_ path: String, mode: mode_t, replacing: Bool) throws(Failure) -> ReplacingFile {
        var target = stat()
        if lstat(path, &target) == 0 {
            // Only a file is replaced: never a device (/dev/full), a folder, a FIFO or a link's target.
            guard (target.st_mode & S_IFMT) == S_IFREG else { throw Failure("it is not a regular file") }
            if !replacing { throw Failure("it exists", exists: true) }
        }
        do throws(ReplacingFile.Failure) {
            return try ReplacingFile(path: path, mode: mode, replacing: replacing)
        } catch {
            throw Failure(error.reason, exists: error.exists)
        }
    }

    /// Puts what was written in place (see `ReplacingFile.commit`).
    package static func finish(_ file: ReplacingFile, replacing: Bool, flushing: Bool = true) throws(Failure) {
        do throws(ReplacingFile.Failure) {
            try file.commit(replacing: replacing, flushing: flushing)
        } catch {
            throw Failure(error.reason, exists: error.exists)
        }
    }

    /// Copies the regular file open as `fd`, from its start to the size it has now, to `file`, in
    /// the kernel or a megabyte at a time: a photo of any size in little memory. Throws when reading fails or the
    /// file ends early; a write that fails is `file.failure`.
    package static func copy(from fd: Int32, to file: ReplacingFile) throws(Failure) {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw Failure("not a regular file") }
        let size = Int(info.st_size)
        let chunk = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        // In the kernel first, eight megabytes a call (cp's way: no copy through user memory);
        // where it cannot copy between these files, a megabyte at a time through a buffer. A
        // cancelled task (Ctrl-C, a run's SIGTERM) stops it between two calls, and the caller,
        // seeing the task cancelled, writes nothing.
        var inKernel = true
        while offset < size && !Task.isCancelled {
            if inKernel {
                guard let n = file.copyInKernel(from: fd, at: offset, count: min(8 * chunk, size - offset), first: offset == 0) else {
                    inKernel = false
                    continue
                }
                if n < 0 { return }
                if n == 0 { throw Failure("it shrank while it was copied") }
                offset += n
                continue
            }
            let n = pread(fd, buffer.baseAddress, min(chunk, size - offset), off_t(offset))
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw Failure(errorText(), code: errno) }
            if n == 0 { throw Failure("it shrank while it was copied") }
            guard file.write(UnsafeRawBufferPointer(rebasing: buffer[..<n])) else { return }
            offset += n
        }
    }

    /// Whether `path` lies in `folder` or below it, links followed (a path not there yet is placed by
    /// the nearest folder above it that is): where a transcript's check may read and write.
    package static func isInside(_ path: String, folder: String) -> Bool {
        guard let inside = resolved(path), let outer = resolved(folder) else { return false }
        return inside == outer || inside.hasPrefix(outer == "/" ? "/" : outer + "/")
    }

    /// Whether `path` lies in `folder` or below it as written, its links not followed: both made
    /// absolute from the working folder, `.` and `..` taken away. (A folder of the user's own
    /// reached through a link is inside; a path that climbs out with `..` or starts at the root
    /// elsewhere is not.)
    package static func isWrittenInside(_ path: String, folder: String) -> Bool {
        func components(_ path: String) -> [Substring]? {
            var current = ""
            if !path.hasPrefix("/") {
                guard let cwd = getcwd(nil, 0) else { return nil }
                current = String(cString: cwd)
                free(cwd)
            }
            var parts: [Substring] = []
            for part in (current + "/" + path).split(separator: "/") where part != "." {
                if part == ".." {
                    guard !parts.isEmpty else { return nil }
                    parts.removeLast()
                } else {
                    parts.append(part)
                }
            }
            return parts
        }
        guard let inside = components(path), let outer = components(folder) else { return false }
        return inside.count >= outer.count && Array(inside.prefix(outer.count)) == outer
    }

    /// `path` from the root with its links followed, as far as it exists; the rest as written.
    private static func resolved(_ path: String) -> String? {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        guard let slash = path.lastIndex(of: "/") else { return resolved(".").map { $0 + "/" + path } }
        let parent = slash == path.startIndex ? "/" : String(path[..<slash])
        let name = path[path.index(after: slash)...]
        guard name != "..", name != "." else { return nil }
        return resolved(parent).map { ($0 == "/" ? "" : $0) + "/" + name }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
