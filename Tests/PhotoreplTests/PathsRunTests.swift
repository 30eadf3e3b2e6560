import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// `paths`, as a person pipes it to another program: the list `xargs` and `xargs -0` read back is the
/// files' names byte for byte, whatever they hold (blanks, quotes, a backslash, a newline, an escape,
/// bytes that are no UTF-8).
@Suite struct PathsRunTests {
    let parent: String
    /// The photos' names, as bytes, in the order a listing by name shows them.
    static let names: [[UInt8]] = [
        Array("a b.jpg".utf8), Array("back\\slash.jpg".utf8), Array("esc\u{1B}[31m.jpg".utf8), Array("it's \"quoted\".jpg".utf8),
        Array("new\nline.jpg".utf8), Array("plain.jpg".utf8), Array("tab\there.jpg".utf8), Array("x".utf8) + [0xFF] + Array(".jpg".utf8)
    ]

    init() throws {
        parent = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-paths-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: parent + "/shoot", withIntermediateDirectories: true)
        let photo = try [UInt8](Data(contentsOf: Binary.packageRoot.appendingPathComponent("Examples/photos/sunset.jpg")))
        for name in Self.names {
            let fd = (Array((parent + "/shoot/").utf8) + name + [0]).withUnsafeBufferPointer {
                $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
            }
            #expect(fd >= 0)
            _ = photo.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
            close(fd)
        }
    }

    func paths(_ lines: [String], options: [String] = []) throws -> Binary.Result {
        let script = try Binary.script(lines.joined(separator: "\n") + "\n", name: "paths-\(UUID().uuidString).txt")
        return try Binary.run(
            ["run", "--folder", "shoot", "--browse", "--preview", "none"] + options + [script], directory: URL(fileURLWithPath: parent))
    }

    /// What `xargs` (with `xargsOptions`) reads from `file`: each argument it makes, NUL-ended.
    func readBack(_ file: String, _ xargsOptions: String) throws -> [[UInt8]] {
        let back = parent + "/back-\(UUID().uuidString)"
        let shell = try Binary.runProgram("/bin/sh", ["-c", "xargs \(xargsOptions) -a '\(parent)/\(file)' printf '%s\\0' > '\(back)'"])
        #expect(shell.status == 0, "\(shell.stderr)")
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: back))).split(separator: 0, omittingEmptySubsequences: false).dropLast()
            .map(Array.init)
    }

    @Test func xargsReadsBackEveryNameAsItIs() throws {
        let result = try paths(["paths", "paths list.txt", "paths -0 nul.txt"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("8 paths written to list.txt (one a line, quoted as xargs reads them: xargs -a list.txt)"))
        #expect(result.stdout.contains("8 paths written to nul.txt (each ended by a NUL, for xargs -0 -a nul.txt)"))
        let expected = Self.names.map { Array("shoot/".utf8) + $0 }
        #expect(try readBack("list.txt", "") == expected)
        #expect(try readBack("nul.txt", "-0") == expected)
        // Printed into a pipe, the list is the file's, byte for byte.
        let list = try String(decoding: Data(contentsOf: URL(fileURLWithPath: parent + "/list.txt")), as: UTF8.self)
        #expect(result.stdout.contains("photos> paths\n" + list + "photos> paths list.txt"), "\(result.stdout)")
        #expect(
            list.contains("'shoot/it'\\''s \"quoted\".jpg'\n") && list.contains("'shoot/new'\\\n'line.jpg'\n")
                && list.contains("shoot/plain.jpg\n"))
    }

    /// The selection: the list after its filters, the detail's photo, the marked photos (by name);
    /// none marked is said, and no file is written.
    @Test func theSelectionIsWhatIsShownOrMarked() throws {
        let result = try paths(
            [
                "paths --marked none.txt", "mark 6 1", "filter name plain*", "paths", "open 1", "paths", "paths --marked -0 marked.txt"
            ], options: ["--keep-going"])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "no photo is marked, so there is no path to list ('mark N' marks the list's photos, 'mark' the one shown)"))
        #expect(!FileManager.default.fileExists(atPath: parent + "/none.txt"))
        #expect(result.stdout.contains("photos> paths\nshoot/plain.jpg\nphotos> open 1"), "\(result.stdout)")
        #expect(result.stdout.contains("photos/detail 1> paths\nshoot/plain.jpg\nphotos/detail 1>"), "\(result.stdout)")
        #expect(try readBack("marked.txt", "-0") == [Array("shoot/a b.jpg".utf8), Array("shoot/plain.jpg".utf8)])
    }

    /// A replayed script replaces no file, and says what to type; the file stays as it was.
    @Test func anExistingFileIsNotReplacedByAScript() throws {
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: parent + "/list.txt"))
        let result = try paths(["paths list.txt"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("paths list.txt: a replayed script replaces no file, and list.txt is there"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: parent + "/list.txt")) == Data("mine\n".utf8))
    }
}
