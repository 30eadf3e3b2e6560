import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// `trash`: the photos shown and their sidecars moved into the freedesktop.org Trash, with notes a
/// desktop reads: trash-cli (another reader of the specification) lists them and restores them, and
/// `undo` takes them back itself.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/trash-list"), "needs trash-cli"))
final class TrashRunTests {
    let parent: String
    var home: String { parent + "/home" }
    var trash: String { home + "/.local/share/Trash" }
    var environment: [String: String] { ["HOME": home, "XDG_DATA_HOME": home + "/.local/share"] }

    init() throws {
        parent = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-trash-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: parent + "/shoot", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let jpeg = try Data(contentsOf: Binary.packageRoot.appendingPathComponent("Examples/photos/sunset.jpg"))
        for name in ["a b.jpg", "keep.jpg"] { try jpeg.write(to: URL(fileURLWithPath: parent + "/shoot/" + name)) }
        try Data("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>\n".utf8).write(to: URL(fileURLWithPath: parent + "/shoot/a b.jpg.xmp"))
    }

    deinit { try? FileManager.default.removeItem(atPath: parent) }

    func names(_ folder: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

    func run(_ lines: [String]) throws -> Binary.Result {
        let script = try Binary.script(lines.joined(separator: "\n") + "\n", name: "trash-\(UUID().uuidString).txt")
        return try Binary.run(
            ["run", "--keep-going", "--folder", "shoot", "--browse", "--preview", "none", "--no-cache", script], environment: environment,
            directory: URL(fileURLWithPath: parent))
    }

    func trashCLI(_ program: String, stdin: String? = nil, _ arguments: [String] = []) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + program)
        process.arguments = arguments
        process.environment = environment.merging(["PATH": "/usr/bin:/bin"]) { a, _ in a }
        process.currentDirectoryURL = URL(fileURLWithPath: parent)
        let output = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    /// A photo with a blank in its name and its sidecar go to the home's Trash, each with a note
    /// (its path percent-encoded); trash-cli lists both where they were and restores the photo.
    @Test func theTrashIsOneADesktopReadsAndRestores() throws {
        let result = try run(["filter name 'a b.jpg'", "trash", "trash --dry-run", "trash --yes"])
        #expect(
            result.stderr.contains(
                "Move 1 photo and 1 sidecar (6.8 KB) to the Trash (~/.local/share/Trash) only with --yes here, where no one is asked (type 'trash --yes'"
            ),
            "\(result.stderr)")
        #expect(result.stdout.contains("  a b.jpg → ~/.local/share/Trash/files/a b.jpg\n"), "\(result.stdout)")
        #expect(
            result.stdout.contains("Moved 1 photo and 1 sidecar (6.8 KB) to the Trash (~/.local/share/Trash) ('undo' moves them back).\n"))
        #expect(names(parent + "/shoot") == ["keep.jpg"])
        #expect(names(trash + "/files") == ["a b.jpg", "a b.jpg.xmp"])
        #expect(names(trash + "/info") == ["a b.jpg.trashinfo", "a b.jpg.xmp.trashinfo"])
        let note = try String(contentsOfFile: trash + "/info/a b.jpg.trashinfo", encoding: .utf8)
        #expect(note.hasPrefix("[Trash Info]\nPath=\(parent)/shoot/a%20b.jpg\nDeletionDate=20"), "\(note)")

        let listed = try trashCLI("trash-list")
        #expect(listed.contains(" \(parent)/shoot/a b.jpg\n") && listed.contains(" \(parent)/shoot/a b.jpg.xmp\n"), "\(listed)")
        // trash-restore lists what was trashed from the folder it is given, newest first, and
        // restores the one numbered.
        let asked = try trashCLI("trash-restore", stdin: "0\n", [parent + "/shoot/a b.jpg.xmp"])
        #expect(asked.contains("a b.jpg.xmp"), "\(asked)")
        #expect(names(parent + "/shoot") == ["a b.jpg.xmp", "keep.jpg"], "restored by trash-cli")
        #expect(names(trash + "/info") == ["a b.jpg.trashinfo"])
    }

    /// `undo` moves the photo and its sidecar back from the Trash and removes their notes; a file at
    /// the photo's old name keeps them in the Trash, for another `undo` once it is gone.
    @Test func undoTakesThemOutOfTheTrash() throws {
        let result = try run(["filter name 'a b.jpg'", "trash --yes", "undo", "trash --yes"])
        #expect(
            result.stdout.contains("undid 'trash --yes': 2 files moved back from the Trash (~/.local/share/Trash)\n"), "\(result.stdout)")
        #expect(names(trash + "/files") == ["a b.jpg", "a b.jpg.xmp"], "trashed again after the undo")
        try Data("new".utf8).write(to: URL(fileURLWithPath: parent + "/shoot/a b.jpg"))
        let blocked = try run(["undo"])
        #expect(blocked.stdout.contains("Nothing to undo"), "a new session has nothing of the old one's to undo: \(blocked.stdout)")
        #expect(names(trash + "/files") == ["a b.jpg", "a b.jpg.xmp"])
    }
}
