import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// Culling a folder from a script, as a person does: what photorepl says, what lands in the
/// sidecars (read back by exiftool), what `filter` then finds, and the sessions that must write
/// nothing (a read-only mount, `--read-only`).
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "needs exiftool")) struct CullingRunTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-cull-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["sunset.jpg", "rotated.jpg"] {
            try FileManager.default.copyItem(
                atPath: Binary.packageRoot.appendingPathComponent("Examples/photos/\(name)").path, toPath: folder + "/" + name)
        }
    }

    func files() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder).sorted() }

    func cull(_ lines: [String], options: [String] = []) throws -> Binary.Result {
        let script = try Binary.script(lines.joined(separator: "\n") + "\n", name: "cull-\(UUID().uuidString).txt")
        return try Binary.run(["run", "--folder", folder, "--browse", "--preview", "none"] + options + [script])
    }

    @Test func aShootCulledThenFilteredToItsBest() throws {
        let result = try cull([
            "open 2", "rate 5", "label red", "keyword add dusk 'trips|2024'", "prev", "reject", "undo", "rate 2", "back",
            "filter rating >=4"
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("sunset.jpg rated 5 ★★★★★: written to sunset.jpg.xmp (a new sidecar)"))
        #expect(result.stdout.contains("sunset.jpg labelled Red: written to sunset.jpg.xmp"))
        #expect(result.stdout.contains("sunset.jpg keywords dusk, trips, 2024: written to sunset.jpg.xmp"))
        #expect(result.stdout.contains("undid 'reject' on rotated.jpg: rotated.jpg.xmp removed (photorepl had made it)"))
        #expect(try files() == ["rotated.jpg", "rotated.jpg.xmp", "sunset.jpg", "sunset.jpg.xmp"])
        let read = try Binary.runProgram(
            "/usr/bin/exiftool",
            ["-s3", "-sep", ";", "-XMP:Rating", "-XMP:Label", "-XMP:Subject", "-XMP:HierarchicalSubject", folder + "/sunset.jpg.xmp"])
        #expect(read.stdout == "5\nRed\ndusk;trips;2024\ntrips|2024\n")
        // The filter finds the one rated 4 or more, by its sidecar; the rating is its column.
        let filtered = result.stdout.components(separatedBy: "filter rating >=4").last ?? ""
        #expect(filtered.contains("sunset.jpg") && !filtered.contains("rotated.jpg"), "\(filtered)")
    }

    /// Marks are the session's: set from the list and the detail, listed by `filter marked`, no
    /// file written for them.
    @Test func marksAreTheSessionsAndFilterFindsThem() throws {
        let before = try files()
        let result = try cull(
            ["mark 1", "mark 1", "mark 7", "open 2", "mark", "unmark", "mark", "back", "filter marked", "unmark all"],
            options: ["--keep-going"])
        #expect(result.status == 1, "'mark 7' fails: \(result.stderr)")
        #expect(result.stdout.contains("1 photo marked: 1 photo is marked ('filter marked' lists them)."))
        #expect(result.stdout.contains("1 photo marked already: 1 photo is marked"))
        #expect(result.stderr.contains("mark takes positions 1…2 or 'all', not '7'"))
        #expect(result.stdout.contains("sunset.jpg marked: 2 photos are marked"))
        #expect(result.stdout.contains("sunset.jpg unmarked: 1 photo is marked"))
        let listed = result.stdout.components(separatedBy: "photos> filter marked").last ?? ""
        #expect(listed.contains("2 of 2 photos: marked"), "\(listed)")
        #expect(result.stdout.contains("2 photos unmarked: 0 photos are marked"))
        #expect(try files() == before, "marks write nothing")
    }

    /// On a read-only mount the judgement fails, saying so, the script stops there, and nothing is
    /// written (tests run as root, where mode bits stop nothing: a mount of its own, read-only).
    @Test(.enabled(if: getuid() == 0 && FileManager.default.fileExists(atPath: "/usr/bin/unshare"), "needs root and unshare"))
    func aReadOnlyMountIsNeverHalfWritten() throws {
        let before = try files()
        let script = try Binary.script("open 1\nrate 4\nlabel red\n", name: "cull-\(UUID().uuidString).txt")
        let command =
            "mount --bind '\(folder)' '\(folder)' && mount -o remount,ro,bind '\(folder)' && exec '\(Binary.executable.path)' run --folder '\(folder)' --browse --preview none '\(script)'"
        let result = try Binary.run(["-c", command], launcher: "/usr/bin/unshare", launcherArguments: ["-m", "/bin/sh"])
        #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
        #expect(
            result.stderr.contains("rate 4 failed: cannot write") && result.stderr.contains("Read-only file system"), "\(result.stderr)")
        #expect(!result.stdout.contains("label red"), "the script stopped at the failure")
        #expect(try files() == before)
    }

    /// `--advance` shows the next photo after a rating, a reject and a label, not after a keyword;
    /// the last photo stays shown after its label; a rating out of range is refused in words.
    @Test func advanceShowsTheNextPhotoAfterEachJudgement() throws {
        let result = try cull(["open 1", "keyword add dusk", "rate 3", "label red", "rate 9"], options: ["--advance", "--keep-going"])
        #expect(result.status == 1, "'rate 9' fails: \(result.stderr)")
        let shown = result.stdout.components(separatedBy: "\n").filter {
            $0.hasPrefix("Photo ") || $0.contains(" rated ") || $0.contains(" labelled ") || $0.contains(" keywords ")
        }
        #expect(
            shown == [
                "Photo 1 of 2", "rotated.jpg keywords dusk: written to rotated.jpg.xmp (a new sidecar)",
                "rotated.jpg rated 3 ★★★☆☆: written to rotated.jpg.xmp", "Photo 2 of 2",
                "sunset.jpg labelled Red: written to sunset.jpg.xmp (a new sidecar)"
            ], "\(result.stdout)")
        #expect(result.stderr.contains("a rating is 0…5 stars, not 9"))
    }

    /// `label` takes a colour in any case, as labels are read; `undo` names a keyword of two words
    /// as it was typed.
    @Test func aLabelInAnyCaseAndAnUndoAsTyped() throws {
        let result = try cull(
            ["open 1", "label RED", "label Green", "keyword add 'new york'", "undo", "label crimson"], options: ["--keep-going"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("rotated.jpg labelled Red: written to rotated.jpg.xmp (a new sidecar)"), "\(result.stdout)")
        #expect(result.stdout.contains("rotated.jpg labelled Green: written to rotated.jpg.xmp"))
        #expect(result.stdout.contains("undid 'keyword add 'new york'' on rotated.jpg: rotated.jpg.xmp is as it was"), "\(result.stdout)")
        #expect(result.stderr.contains("label takes red, yellow, green, blue, purple or none, not 'crimson' (type e.g. 'label red')"))
    }

    /// `--read-only` refuses every judgement, in words that say how to judge; nothing is written.
    @Test func readOnlyWritesNothing() throws {
        let before = try files()
        let result = try cull(["open 1", "rate 4"], options: ["--read-only"])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("photorepl is read-only (--read-only, or read-only in the preferences): nothing is written"),
            "\(result.stderr)")
        #expect(try files() == before)
    }
}
