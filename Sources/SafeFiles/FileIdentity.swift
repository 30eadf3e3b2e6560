import SystemCalls

/// Which file a path or an open descriptor is: its device and inode, so that two names of one file
/// (a link, `./s.txt` and `s.txt`, standard input redirected from it) are known to be one.
public struct FileIdentity: Equatable, Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64

    /// The file open at `fd`, or nil when it cannot be asked.
    public static func of(descriptor fd: Int32) -> FileIdentity? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// The file at `path`, links followed (a write through the link would reach it), or nil when
    /// there is none.
    public static func of(path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Where a file that does not exist yet would be created: its folder resolved, then its name,
    /// so that `out.txt` and `./sub/../out.txt` are one place.
    public static func place(of path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let resolved = realpath(folder, nil) else { return path }
        defer { free(resolved) }
        let base = String(cString: resolved)
        return (base == "/" ? "" : base) + "/" + name
    }
}
