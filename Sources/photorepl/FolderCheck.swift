import Networking
import PhotoDomain
import SystemCalls
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

    /// What to type for a path that is not there: the nearest folder above it that is, to look in
    /// (`/home/ada/Pictures` missing: "/home/ada is there: type e.g. 'photorepl /home/ada'").
    static func nearestFolder(of path: String) -> String {
        var folder = path
        while true {
            guard let slash = folder.dropLast(folder.hasSuffix("/") ? 1 : 0).lastIndex(of: "/") else {
                folder = "."
                break
            }
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
            if problem(folder) == nil || folder == "/" { break }
        }
        guard problem(folder) == nil, folder != "/" else {
            return "give a folder of photos or a photo that is there, e.g. 'photorepl ~/Pictures'"
        }
        let shown = TerminalText.oneLine(folder)
        return folder == "."
            ? "the current folder is there: type e.g. 'photorepl .'" : "\(shown) is there: type e.g. 'photorepl \(Tokenizer.quoted(shown))'"
    }

    /// What a regular file that is there but no photo photorepl shows is ("an SVG drawing", "not a
    /// photo"), from its first bytes; nil for a photo, a text file (a script, perhaps), or what is
    /// not a regular file. A FIFO or a device is never opened (it could block).
    static func notAPhoto(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, !PhotoFolder.isPhoto(path),
            let head = try? FileBytes.read(path: Array(path.utf8), limit: 4096, whole: false)
        else { return nil }
        let text = String(decoding: head, as: UTF8.self)
        if text.contains("<svg") || path.lowercased().hasSuffix(".svg") || path.lowercased().hasSuffix(".svgz") {
            return "it is an SVG drawing, which photorepl does not show"
        }
        // NUL bytes or bytes that are no UTF-8 (but for a character cut at the end of what was
        // read): not a script either.
        let scalars = head.count == 4096 ? Array(text.unicodeScalars.dropLast()) : Array(text.unicodeScalars)
        if head.contains(0) || scalars.contains("\u{FFFD}") { return "it is neither a photo photorepl shows nor a script" }
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
