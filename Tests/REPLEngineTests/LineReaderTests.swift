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
}
