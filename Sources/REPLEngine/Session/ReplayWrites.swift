#if canImport(Glibc)
import Glibc
#endif

/// Where a transcript's check (`APP test`) writes what its commands write: a folder of its own, made
/// for one check and removed after it. A replay has no effect outside it: `record x.txt` or `save
/// photo.jpg` in a transcript writes there, under a name made from the path asked, and says what it
/// said when it ran (its messages name the path asked).
public final class ReplayWrites: Sendable {
    /// The folder, made with `mkdtemp` (only its owner may enter it).
    public let folder: String

    /// A new, empty folder under `$TMPDIR` (else /tmp); nil when none can be made.
    public init?() {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array((base + "/photorepl-replay-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
        folder = String(cString: made)
    }

    /// Where a file asked for at `path` is written instead: in the folder, named by the path made
    /// absolute (its characters other than letters, digits, `.`, `-` and `_` as `_`, and a hash of it
    /// so that two paths never share a name), ending with the path's own file name.
    public func place(for path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : Self.currentDirectory() + "/" + path
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in absolute.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        let name = absolute.split(separator: "/").last.map(String.init) ?? "file"
        let safe = String(name.unicodeScalars.prefix(80).map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || ".-_".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        })
        let hex = String(hash, radix: 16)
        return folder + "/" + String(repeating: "0", count: 16 - hex.count) + hex + "-" + safe
    }

    /// Removes the folder and what the check wrote in it.
    public func remove() {
        Self.removeTree(folder)
    }

    private static func currentDirectory() -> String {
        guard let cwd = getcwd(nil, 0) else { return "." }
        defer { free(cwd) }
        return String(cString: cwd)
    }

    /// Removes `path` and, for a folder, everything in it (links are removed, never followed).
    private static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) == S_IFDIR, let dir = opendir(path) {
            var names: [String] = []
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(dir)
            for name in names { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
