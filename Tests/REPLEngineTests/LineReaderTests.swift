import Foundation
import Testing
@testable import REPLEngine

@Suite struct LineReaderTests {
    /// Writes `bytes` to a temporary file and reads every line back.
    func lines(of bytes: [UInt8]) throws -> [SourceLine] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("linereader-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var reader = try LineReader.open(path: url.path)
        defer { reader.close() }
        var lines: [SourceLine] = []
        while let line = try reader.next() { lines.append(line) }
        return lines
    }

    @Test func lfCrlfAndAMissingFinalNewline() throws {
        let read = try lines(of: Array("a\r\nb\n\nc".utf8))
        #expect(read == [.init(number: 1, text: "a"), .init(number: 2, text: "b"), .init(number: 3, text: ""), .init(number: 4, text: "c")])
    }

    @Test func emptyInputHasNoLines() throws {
        #expect(try lines(of: []).isEmpty)
        #expect(try lines(of: Array("\n".utf8)) == [.init(number: 1, text: "")])
    }

    @Test func invalidUTF8BecomesReplacementCharacters() throws {
        let read = try lines(of: [0x66, 0xFF, 0xFE, 0x0A, 0xC3, 0xA9])
        #expect(read.map(\.text) == ["f\u{FFFD}\u{FFFD}", "é"])
    }

    @Test func linesLongerThanTheBufferAreWhole() throws {
        let long = String(repeating: "x", count: 200_000)
        let read = try lines(of: Array("\(long)\r\nshort\n\(long)".utf8))
        #expect(read.map(\.text.count) == [200_000, 5, 200_000])
        #expect(read.map(\.number) == [1, 2, 3])
    }

    @Test func aCRLFSplitAcrossChunksIsStillOneLineEnd() throws {
        let first = String(repeating: "y", count: (1 << 16) - 1)
        let read = try lines(of: Array("\(first)\r\nz".utf8))
        #expect(read.map(\.text) == [first, "z"])
    }

    @Test func unreadablePathsFailWithTheReason() {
        #expect(throws: LineReader.Failure(message: "No such file or directory")) {
            try LineReader.open(path: "/nonexistent/photorepl-script.txt")
        }
        #expect(throws: LineReader.Failure(message: "Is a directory")) {
            try LineReader.open(path: NSTemporaryDirectory())
        }
    }

    /// A file with no line end grew without limit (/dev/zero to 4 GB, then an abort).
    @Test func aLineOverTheLimitIsAnErrorWithItsNumber() throws {
        let limit = LineReader.maximumLineLength
        let whole = String(repeating: "x", count: limit)
        #expect(try lines(of: Array("a\n\(whole)\r\nb".utf8)).map(\.text.count) == [1, limit, 1])
        let tooLong = LineReader.Failure(
            message: "the line is longer than 1 MB: is this a script? (commands are one short line each)", line: 2)
        #expect(throws: tooLong) { try lines(of: Array("a\n\(whole)x\nb".utf8)) }
        #expect(throws: tooLong) { try lines(of: Array("a\n\(whole)x".utf8)) }
        #expect(
            tooLong.described(reading: "s.txt")
                == "s.txt:2: the line is longer than 1 MB: is this a script? (commands are one short line each)")
    }

    /// `run` of a FIFO with no writer waited for good, deaf to Ctrl-C; /dev/zero never ends.
    @Test func fifosAndDevicesAreRefusedAtOnce() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("linereader-fifo-\(UUID().uuidString)").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        #expect(throws: LineReader.Failure(message: "it is not a regular file (a FIFO): a pipe is read from standard input, as '-'")) {
            try LineReader.open(path: fifo)
        }
        #expect(
            throws: LineReader.Failure(message: "it is not a regular file (a character device): a pipe is read from standard input, as '-'")
        ) {
            try LineReader.open(path: "/dev/zero")
        }
    }
}
