import SystemCalls

/// The desktop's Trash, as the freedesktop.org Trash specification places it: a file on the home's
/// file system goes to `$XDG_DATA_HOME/Trash` (`~/.local/share/Trash`); one elsewhere to its mount
/// point's `.Trash/$UID` when `.Trash` is a folder with the sticky bit and no link, else to
/// `.Trash-$UID`. Each file trashed is `files/NAME`, and `info/NAME.trashinfo` says where it was and
/// when, so that a desktop's trash lists and restores it.
public struct Trash: Sendable, Equatable {
    /// The Trash folder (holding `files` and `info`).
    public var base: String
    /// The mount point it serves, for a Trash that is not the home's (its `Path=` lines are relative
    /// to it); nil for the home's (absolute `Path=`).
    public var topdir: String?

    public var files: String { base + "/files" }
    public var info: String { base + "/info" }

    /// The Trash a file on the disk of `path` goes to. `dataHome` is `$XDG_DATA_HOME` (else
    /// `$HOME/.local/share`); `mountPoint` finds the disk's mount point (the tests' stand-in names
    /// a folder of their own, where they may plant a `.Trash`).
    public static func forFile(
        at path: String, home: String?, dataHome: String?, mountPoint: (String) -> String = Trash.mountPoint(of:)
    ) -> Trash? {
        let data = dataHome.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home.map { $0 + "/.local/share" }
        var file = stat()
        guard stat(path, &file) == 0 else { return nil }
        if let data, let device = deviceOfNearest(data), device == file.st_dev { return Trash(base: data + "/Trash", topdir: nil) }
        let top = mountPoint(path)
        var info = stat()
        let shared = top == "/" ? "/.Trash" : top + "/.Trash"
        // A shared .Trash only when it is a folder, sticky, and no link (anyone could plant one).
        if lstat(shared, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, (info.st_mode & S_ISVTX) != 0 {
            return Trash(base: shared + "/\(getuid())", topdir: top)
        }
        return Trash(base: (top == "/" ? "" : top) + "/.Trash-\(getuid())", topdir: top)
    }

    /// Makes the Trash's folders where missing, for its owner only.
    func make() throws {
        for folder in [base, files, info] {
            var info = stat()
            if lstat(folder, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else {
                    throw PhotosWorkerError("\(folder) is not a folder (a link, or a file): the Trash is not used through it")
                }
                continue
            }
            if folder == base { try Self.makeParents(of: base) }
            guard mkdir(folder, 0o700) == 0 || errno == EEXIST else {
                throw PhotosWorkerError("cannot make the Trash's folder \(folder): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// `[Trash Info]`, `Path=` (percent-encoded as a URI's path; relative to the mount point for a
    /// Trash on another disk than the home's) and `DeletionDate=` in local time, as the
    /// specification writes them.
    public func infoText(for original: String, at time: time_t) -> String {
        var path = original
        if let topdir, topdir != "/", original.hasPrefix(topdir + "/") { path = String(original.dropFirst(topdir.count + 1)) }
        if topdir == "/", original.hasPrefix("/") { path = String(original.dropFirst()) }
        var local = tm()
        var now = time
        localtime_r(&now, &local)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let date =
            "\(local.tm_year + 1900)-\(two(local.tm_mon + 1))-\(two(local.tm_mday))T\(two(local.tm_hour)):\(two(local.tm_min)):\(two(local.tm_sec))"
        return "[Trash Info]\nPath=\(Self.percentEncoded(path))\nDeletionDate=\(date)\n"
    }

    /// A path as a URI's: bytes other than unreserved ones and `/` as `%XX`.
    static func percentEncoded(_ path: String) -> String {
        var text = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                text.append(Character(UnicodeScalar(byte)))
            default:
                let hex = Array("0123456789ABCDEF")
                text += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
            }
        }
        return text
    }

    /// The device of `path`, or of the nearest folder above it that is there.
    private static func deviceOfNearest(_ path: String) -> dev_t? {
        var info = stat()
        var current = path
        while stat(current, &info) != 0 {
            guard let slash = current.lastIndex(of: "/"), current != "/" else { return nil }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
        return info.st_dev
    }

    /// The mount point of the disk `path` is on: the highest folder above it on the same device.
    public static func mountPoint(of path: String) -> String {
        var info = stat()
        guard let resolved = realpath(path, nil) else { return "/" }
        var current = String(cString: resolved)
        free(resolved)
        guard stat(current, &info) == 0 else { return "/" }
        let device = info.st_dev
        while current != "/" {
            let parent = current.lastIndex(of: "/").map { $0 == current.startIndex ? "/" : String(current[..<$0]) } ?? "/"
            guard stat(parent, &info) == 0, info.st_dev == device else { return current }
            current = parent
        }
        return "/"
    }

    private static func makeParents(of path: String) throws {
        var current = ""
        for part in path.split(separator: "/").dropLast() {
            current += "/" + part
            var info = stat()
            if stat(current, &info) == 0 { continue }
            guard mkdir(current, 0o700) == 0 || errno == EEXIST else {
                throw PhotosWorkerError("cannot make \(current) for the Trash: \(String(cString: strerror(errno)))")
            }
        }
    }
}
