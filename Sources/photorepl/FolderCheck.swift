#if canImport(Glibc)
import Glibc
#endif

/// Whether a path names a folder photorepl can browse, and if not, what to type instead.
enum FolderCheck {
    /// Nil for a folder that can be read; else why not, in words that say what to do.
    static func problem(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT || errno == ENOTDIR
                ? "there is no such folder (type e.g. --folder ~/Pictures)"
                : "cannot be read: \(String(cString: strerror(errno)))"
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            let parent = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
            return "it is a file, not a folder: give the folder it is in (--folder \(parent))"
        }
        guard access(path, R_OK | X_OK) == 0 else {
            return "cannot be read: \(String(cString: strerror(errno)))"
        }
        return nil
    }

    /// Why a path that should name a photo does not: what to type instead.
    static func photoProblem(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT || errno == ENOTDIR
                ? "there is no such file (type e.g. --open ~/Pictures/photo.jpg)"
                : "cannot be read: \(String(cString: strerror(errno)))"
        }
        if info.st_mode & S_IFMT == S_IFDIR { return "it is a folder: type --folder \(path) to browse it" }
        guard access(path, R_OK) == 0 else { return "cannot be read: \(String(cString: strerror(errno)))" }
        return "it is not a photo photorepl can show (JPEG, PNG, WebP, GIF, HEIC, AVIF, JPEG XL, TIFF or camera RAW)"
    }

    /// Whether `path` lies in `folder` or below it, links followed (a path not there yet is placed by
    /// the nearest folder above it that is).
    static func isInside(_ path: String, folder: String) -> Bool {
        guard let inside = resolved(path), let outer = resolved(folder) else { return false }
        return inside == outer || inside.hasPrefix(outer == "/" ? "/" : outer + "/")
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
}
