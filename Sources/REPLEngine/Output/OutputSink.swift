import SystemCalls

/// Where bytes finally go: a file descriptor, or memory (for tests).
package final class OutputSink {
    private let fd: Int32?
    /// Whether what is written is kept in `captured` (a memory sink), rather than dropped.
    private let keeps: Bool
    /// Everything written, when this sink is memory.
    package private(set) var captured: [UInt8] = []
    /// Why a write failed (errno), other than a reader gone away: a full disk, an I/O error. Later
    /// writes are not tried.
    package private(set) var writeError: Int32?

    private init(fd: Int32?, keeps: Bool = true) {
        self.fd = fd
        self.keeps = keeps
    }

    /// Writes to `fd`, which the caller keeps open (and closes).
    package static func fileDescriptor(_ fd: Int32) -> OutputSink { OutputSink(fd: fd) }
    /// Keeps what is written in `captured`.
    package static func memory() -> OutputSink { OutputSink(fd: nil) }
    /// Drops what is written (a transcript's check compares the transcript's copy, not the pictures'
    /// bytes that go to the terminal).
    package static func discarding() -> OutputSink { OutputSink(fd: nil, keeps: false) }
    /// File descriptor 1.
    package static var standardOutput: OutputSink { .fileDescriptor(1) }
    /// File descriptor 2.
    package static var standardError: OutputSink { .fileDescriptor(2) }

    /// The captured bytes as text.
    package var text: String { String(decoding: captured, as: UTF8.self) }

    /// Forgets what a memory sink captured.
    package func clear() { captured.removeAll() }

    /// Writes all of `bytes`, or records why it could not (`writeError`).
    package func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    /// Writes all of `bytes`, or records why it could not (`writeError`), each secret in them
    /// written as its name (`Secrets`).
    package func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let scrubbed = Secrets.scrubbed(bytes) { return scrubbed.withUnsafeBufferPointer { writeAsGiven($0) } }
        writeAsGiven(bytes)
    }

    private func writeAsGiven(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let fd else {
            if keeps { captured.append(contentsOf: bytes) }
            return
        }
        guard writeError == nil else { return }
        guard let start = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let n = LibC.write(fd, start + offset, bytes.count - offset)
            if n > 0 {
                offset += n
                continue
            }
            if n < 0 && errno == EINTR { continue }
            // EPIPE or a closed descriptor: nobody is reading any more, which is no error.
            if n < 0 && errno != EPIPE && errno != EBADF { writeError = errno }
            if n == 0 { writeError = ENOSPC }
            return
        }
    }

    /// The write error in words, if any.
    package var writeErrorText: String? { writeError.map { String(cString: strerror($0)) } }
}
