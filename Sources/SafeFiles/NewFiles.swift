import CTemporaryFiles
import SystemCalls

/// New small files (a Trash's notes), each written whole, never over another file or through a link,
/// and flushed to the disk together: the writeback of all of them is started first, so that their
/// fsyncs wait on one commit of the file system's journal instead of one each (one each made a
/// thousand notes take 1.8 s on this machine's ext4).
public enum NewFiles {
    /// Why the file at `index` is not written: `errno`, `EEXIST` when a file was there already.
    public struct Failure: Error, Equatable {
        public let index: Int
        public let errno: Int32
    }

    /// Writes `files` in order and flushes them; returns how many are written and flushed (the
    /// first ones), and why the next one is not. A file written but not flushed is removed.
    public static func make(_ files: [(path: String, bytes: [UInt8])]) -> (written: Int, failure: Failure?) {
        var opened: [Int32] = []
        var failure: Failure?
        for (index, file) in files.enumerated() {
            let fd = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard fd >= 0 else {
                failure = Failure(index: index, errno: errno)
                break
            }
            if let error = writeAll(file.bytes, to: fd) {
                close(fd)
                unlink(file.path)
                failure = Failure(index: index, errno: error)
                break
            }
            _ = temporary_files_start_writeback(fd)
            opened.append(fd)
        }
        var written = opened.count
        for (index, fd) in opened.enumerated() {
            if index < written, fsync(fd) != 0 {
                failure = Failure(index: index, errno: errno)
                written = index
            }
            close(fd)
        }
        for index in written..<opened.count { unlink(files[index].path) }
        return (written, failure)
    }

    /// nil, or the errno of the write that failed (`ENOSPC` for one that wrote nothing).
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return n < 0 ? errno : ENOSPC }
            offset += n
        }
        return nil
    }
}
