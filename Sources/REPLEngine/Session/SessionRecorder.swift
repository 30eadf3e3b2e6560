#if canImport(Glibc)
import Glibc
#endif

/// Writes the commands of a session to a script as they run, one line each, straight to the file:
/// a session that ends abruptly keeps what it recorded.
final class SessionRecorder {
    let path: String
    private let sink: OutputSink
    private let fd: Int32

    init(path: String, header: String) throws(CommandError) {
        // 0600: a recording holds what the user typed, as the history does.
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw CommandError("cannot record to \(path): \(String(cString: strerror(errno)))")
        }
        self.path = path
        sink = .fileDescriptor(fd)
        sink.write(Array((header + "\n").utf8))
    }

    func record(_ line: String) {
        sink.write(Array((line + "\n").utf8))
    }

    /// Why the script could not be written to the end (a full disk), if it could not.
    var failure: String? { sink.writeErrorText.map { "cannot write \(path): \($0)" } }

    func close() {
        Glibc.close(fd)
    }
}
