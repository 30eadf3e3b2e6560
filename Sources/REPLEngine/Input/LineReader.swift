import SystemCalls

/// One line of input and where it came from.
package struct SourceLine: Equatable, Sendable {
    /// 1-based line number in its file.
    package let number: Int
    /// The line without its line end (LF or CRLF).
    package let text: String
}

/// Where a script's lines come from: a file (`LineReader`) or, in tests, an array.
package protocol LineSource {
    /// The next line, or nil at the end of the input.
    mutating func next() throws(LineReader.Failure) -> SourceLine?
}

/// Reads lines from a file descriptor in chunks, so a script of any length is streamed, never held
/// whole in memory. LF and CRLF line ends and a missing final newline are accepted; bytes that are
/// not UTF-8 become U+FFFD, so binary input cannot crash anything; a line longer than
/// `maximumLineLength` is an error, so an endless one (/dev/zero) cannot use up the memory.
package struct LineReader: LineSource {
    /// A file that cannot be opened or read, or a line too long.
    package struct Failure: Error, Equatable {
        /// Why, as the C library says it: "No such file or directory".
        package let message: String
        /// The 1-based line the failure is in, when it is one line's (too long).
        package var line: Int?
        /// Whether a signal stopped the wait for input (`stopsAtSignals`), rather than the input failing.
        package var isInterruption = false

        /// A failure saying `message`, in `line` when it is one line's, or an interruption.
        package init(message: String, line: Int? = nil, isInterruption: Bool = false) {
            self.message = message
            self.line = line
            self.isInterruption = isInterruption
        }

        /// `FILE:LINE: MESSAGE` for a line's failure, else `cannot read FILE: MESSAGE`.
        package func described(reading path: String) -> String {
            if let line { return "\(path):\(line): \(message)" }
            return "cannot read \(path): \(message)"
        }
    }

    /// 1 MiB: no command is near it, and a script's line is read whole before it runs.
    package static let maximumLineLength = 1 << 20

    private let fd: Int32
    private let ownsDescriptor: Bool
    /// Run before each read of the input, which may wait (for a pipe's writer, a terminal's user, the
    /// disk): a script's run writes out what it printed so far, so nothing is held back while it waits.
    package var beforeReading: (() -> Void)?
    /// When set, a wait on input that is not a regular file (a pipe, a terminal) also watches this
    /// descriptor, and ends with an interruption when `signalArrived` says one came.
    package var signalDescriptor: Int32?
    /// Whether a signal came, asked when `signalDescriptor` becomes readable.
    package var signalArrived: () -> Bool = { false }
    private var chunk: [UInt8]
    private var start = 0
    private var end = 0
    private var atEnd = false
    private var lineNumber = 0

    /// Reads `fd`; it is closed by `close()` only if `owns` is true.
    package init(fd: Int32, owns: Bool = false) {
        self.fd = fd
        self.ownsDescriptor = owns
        self.chunk = [UInt8](repeating: 0, count: 1 << 16)
    }

    /// Opens a regular file for reading; fails with a message such as "No such file or directory".
    /// Opened without blocking and checked once open: a FIFO with no writer (whose open or read
    /// would wait for good, deaf to Ctrl-C) or a device (/dev/zero never ends) is refused, even one
    /// swapped in after a check by name. Standard input (`-`) is how a pipe is read.
    package static func open(path: String) throws(Failure) -> LineReader {
        let fd = LibC.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 { throw Failure(message: String(cString: strerror(errno))) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let message = String(cString: strerror(errno))
            LibC.close(fd)
            throw Failure(message: message)
        }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else {
            LibC.close(fd)
            throw Failure(
                message: kind == S_IFDIR
                    ? "Is a directory" : "it is not a regular file (\(Self.kindName(kind))): a pipe is read from standard input, as '-'")
        }
        // A regular file never blocks; reads go back to blocking so EAGAIN needs no handling.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return LineReader(fd: fd, owns: true)
    }

    static func kindName(_ kind: mode_t) -> String {
        switch kind {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a file"
        }
    }

    /// The file descriptor read from.
    package var descriptor: Int32 { fd }

    /// Closes the file, if this reader opened it.
    package func close() {
        if ownsDescriptor { LibC.close(fd) }
    }

    /// A line read ahead by `peek()`, which `next()` returns first.
    private var peeked: SourceLine??

    /// The next line, read and kept for `next()` to return (a script's first line, for its options).
    package mutating func peek() throws(Failure) -> SourceLine? {
        if let peeked { return peeked }
        let line = try next()
        peeked = .some(line)
        return line
    }

    /// The next line, or nil at the end of the input.
    package mutating func next() throws(Failure) -> SourceLine? {
        if let line = peeked {
            peeked = nil
            return line
        }
        var pending: [UInt8] = []  // a line longer than what is buffered
        while true {
            if let newline = firstNewline() {
                var lineEnd = newline
                let text: String
                if pending.isEmpty {
                    if lineEnd > start, chunk[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                    text = chunk.withUnsafeBufferPointer {
                        String(decoding: UnsafeBufferPointer(rebasing: $0[start..<lineEnd]), as: UTF8.self)
                    }
                } else {
                    try append(chunk[start..<newline], to: &pending)
                    if pending.last == 0x0D { pending.removeLast() }
                    try checkLength(of: pending)
                    text = String(decoding: pending, as: UTF8.self)
                }
                start = newline + 1
                lineNumber += 1
                return SourceLine(number: lineNumber, text: text)
            }
            try append(chunk[start..<end], to: &pending)
            start = 0
            end = 0
            let more = atEnd ? false : try fill()
            if !more {
                atEnd = true
                guard !pending.isEmpty else { return nil }
                if pending.last == 0x0D { pending.removeLast() }
                try checkLength(of: pending)
                lineNumber += 1
                return SourceLine(number: lineNumber, text: String(decoding: pending, as: UTF8.self))
            }
        }
    }

    /// Adds the next part of a long line, unless the line would pass the limit (a CR before its
    /// LF, not part of the line, may take it one byte past).
    private func append(_ part: ArraySlice<UInt8>, to pending: inout [UInt8]) throws(Failure) {
        guard pending.count + part.count <= Self.maximumLineLength + 1 else { throw tooLong() }
        pending.append(contentsOf: part)
    }

    private func checkLength(of line: [UInt8]) throws(Failure) {
        if line.count > Self.maximumLineLength { throw tooLong() }
    }

    private func tooLong() -> Failure {
        Failure(
            message: "the line is longer than \(Self.maximumLineLength >> 20) MB: is this a script? (commands are one short line each)",
            line: lineNumber + 1)
    }

    private func firstNewline() -> Int? {
        chunk.withUnsafeBufferPointer { buffer in
            guard start < end else { return nil }
            guard let found = memchr(buffer.baseAddress! + start, 0x0A, end - start) else { return nil }
            return buffer.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Reads the next chunk; false at the end of the input.
    private mutating func fill() throws(Failure) -> Bool {
        beforeReading?()
        if let signalDescriptor { try waitForInput(watching: signalDescriptor) }
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n > 0 {
                start = 0
                end = n
                return true
            }
            if n == 0 { return false }
            if errno == EINTR { continue }
            throw Failure(message: String(cString: strerror(errno)))
        }
    }

    /// Waits until the input can be read without blocking, or throws an interruption once a signal
    /// came. A regular file never blocks; a pipe or a terminal may for good, deaf to a signal whose
    /// handler restarts the read. Polled in short steps too: the byte a signal writes may be taken by
    /// another watcher of the same descriptor.
    private func waitForInput(watching signals: Int32) throws(Failure) {
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { return }
        while true {
            if signalArrived() { throw Failure(message: "interrupted", isInterruption: true) }
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
            let n = poll(&fds, 2, 200)
            if n < 0 && errno != EINTR { return }
            if n > 0 && fds[0].revents != 0 { return }
        }
    }
}
