import PhotoreplPlatform
import REPLEngine

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
            return "it is a file, not a folder: give the folder it is in (--folder \(TerminalText.oneLine(parent)))"
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
        if info.st_mode & S_IFMT == S_IFDIR { return "it is a folder: type --folder \(TerminalText.oneLine(path)) to browse it" }
        guard access(path, R_OK) == 0 else { return "cannot be read: \(String(cString: strerror(errno)))" }
        return "it is not a photo photorepl can show (JPEG, PNG, WebP, GIF, HEIC, AVIF, JPEG XL, TIFF or camera RAW)"
    }
}
