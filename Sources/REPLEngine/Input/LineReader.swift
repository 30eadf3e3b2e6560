#if canImport(Glibc)
import Glibc
#endif

/// One line of input and where it came from.
public struct SourceLine: Equatable, Sendable {
    /// 1-based line number in its file.
    public let number: Int
    /// The line without its line end (LF or CRLF).
    public let text: String
}

/// Where a script's lines come from: a file (`LineReader`) or, in tests, an array.
public protocol LineSource {
    /// The next line, or nil at the end of the input.
    mutating func next() throws(LineReader.Failure) -> SourceLine?
}

/// Reads lines from a file descriptor in chunks, so a script of any length is streamed, never held
/// whole in memory. LF and CRLF line ends and a missing final newline are accepted; bytes that are
/// not UTF-8 become U+FFFD, so binary input cannot crash anything.
public struct LineReader: LineSource {
    /// A file that cannot be opened or read.
    public struct Failure: Error, Equatable {
        /// Why, as the C library says it: "No such file or directory".
        public let message: String
    }

    private let fd: Int32
    private let ownsDescriptor: Bool
    private var chunk: [UInt8]
    private var start = 0
    private var end = 0
    private var atEnd = false
    private var lineNumber = 0

    /// Reads `fd`; it is closed by `close()` only if `owns` is true.
    public init(fd: Int32, owns: Bool = false) {
        self.fd = fd
        self.ownsDescriptor = owns
        self.chunk = [UInt8](repeating: 0, count: 1 << 16)
    }

    /// Opens a file for reading; fails with a message such as "No such file or directory".
    public static func open(path: String) throws(Failure) -> LineReader {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw Failure(message: String(cString: strerror(errno))) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            Glibc.close(fd)
            throw Failure(message: "Is a directory")
        }
        return LineReader(fd: fd, owns: true)
    }

    /// Closes the file, if this reader opened it.
    public func close() {
        if ownsDescriptor { Glibc.close(fd) }
    }

    /// The next line, or nil at the end of the input.
    public mutating func next() throws(Failure) -> SourceLine? {
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
                    pending.append(contentsOf: chunk[start..<newline])
                    if pending.last == 0x0D { pending.removeLast() }
                    text = String(decoding: pending, as: UTF8.self)
                }
                start = newline + 1
                lineNumber += 1
                return SourceLine(number: lineNumber, text: text)
            }
            pending.append(contentsOf: chunk[start..<end])
            start = 0
            end = 0
            let more = atEnd ? false : try fill()
            if !more {
                atEnd = true
                guard !pending.isEmpty else { return nil }
                if pending.last == 0x0D { pending.removeLast() }
                lineNumber += 1
                return SourceLine(number: lineNumber, text: String(decoding: pending, as: UTF8.self))
            }
        }
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
}
