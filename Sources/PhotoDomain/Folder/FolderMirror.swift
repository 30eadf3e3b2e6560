import Networking
import SafeFiles
import SystemCalls

/// A copy of a photo folder for a transcript's check to act on: `move` and its undo change the
/// copy, never the transcript's own photos. Folders, files (their times kept, for a recording's
/// listing to match) and links as they are (a link's text, not what it points at); other special
/// files are left out.
public enum FolderMirror {
    /// The most a check copies: a transcript's folder is a few photos.
    static let byteLimit = 256 << 20
    static let fileLimit = 10_000

    /// Copies the folder at `root` to `target` (not there yet); the words of why not, when not
    /// (then nothing of it is left).
    public static func copy(_ root: String, to target: String) -> String? {
        var budget = (bytes: byteLimit, files: fileLimit)
        if let problem = copyFolder(root, to: target, budget: &budget) {
            remove(target)
            return problem
        }
        return nil
    }

    private static func copyFolder(_ source: String, to target: String, budget: inout (bytes: Int, files: Int)) -> String? {
        guard let directory = opendir(source) else { return "cannot read \(source): \(String(cString: strerror(errno)))" }
        defer { closedir(directory) }
        var info = stat()
        guard stat(source, &info) == 0, mkdir(target, info.st_mode & 0o777 | 0o700) == 0 else {
            return "cannot make a copy of \(source): \(String(cString: strerror(errno)))"
        }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        for name in names.sorted() {
            let from = source + "/" + name, to = target + "/" + name
            guard lstat(from, &info) == 0 else { continue }
            budget.files -= 1
            guard budget.files >= 0 else { return "its folder holds more than \(fileLimit) files" }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                if let problem = copyFolder(from, to: to, budget: &budget) { return problem }
            case S_IFLNK:
                var text = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let count = readlink(from, &text, Int(PATH_MAX))
                guard count >= 0 else { continue }
                text[count] = 0
                guard symlink(text, to) == 0 else { return "cannot copy the link \(from): \(String(cString: strerror(errno)))" }
            case S_IFREG:
                budget.bytes -= Int(info.st_size)
                guard budget.bytes >= 0 else { return "its folder holds more than \(byteLimit >> 20) MB" }
                if let problem = copyFile(from, to: to, mode: info.st_mode & 0o777, times: [info.accessTime, info.modificationTime]) {
                    return problem
                }
            case S_IFIFO:
                mkfifo(to, info.st_mode & 0o777)
            default:
                continue  // a device or a socket: no photo
            }
        }
        return nil
    }

    private static func copyFile(_ from: String, to: String, mode: mode_t, times: [timespec]) -> String? {
        do throws(FileBytes.Failure) {
            let fd = try FileBytes.openRegular(path: Array(from.utf8))
            defer { close(fd) }
            let copy = try FileBytes.startReplacing(to, mode: mode, replacing: false)
            do throws(FileBytes.Failure) { try FileBytes.copy(from: fd, to: copy) } catch {
                copy.discard()
                throw error
            }
            var times = times
            futimens(copy.fd, &times)
            try FileBytes.finish(copy, replacing: false, flushing: false)
            return nil
        } catch {
            return "cannot copy \(from): \(error.message)"
        }
    }

    /// Removes the folder at `path` and everything in it, never through a link.
    static func remove(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            unlink(path)
            return
        }
        if let directory = opendir(path) {
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(directory)
            for name in names { remove(path + "/" + name) }
        }
        rmdir(path)
    }
}
