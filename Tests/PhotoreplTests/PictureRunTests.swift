import Foundation
import Testing

/// Pictures in scripts and golden transcripts: `--preview ascii` is plain, stable text.
struct PictureRunTests {
    /// The transcript a script's run must print: its `.t` file without the options header.
    private func expected(_ name: String) throws -> String {
        let text = try String(contentsOf: Binary.packageRoot.appendingPathComponent("Examples/\(name).t"), encoding: .utf8)
        #expect(text.hasPrefix("# photorepl: "))
        return String(text.drop { $0 != "\n" }.dropFirst())
    }

    @Test(arguments: ["pictures", "folder"])
    func scriptsWithAnOptionsHeaderPrintTheirTranscriptByteForByteEveryRun(name: String) throws {
        let first = try Binary.run(["run", "Examples/\(name).txt"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == (try expected(name)))
        let second = try Binary.run(["run", "Examples/\(name).txt"])
        #expect(second.stdout == first.stdout)
        // ASCII pictures: printable characters and newlines only, no escape sequence at all.
        #expect(!first.stdout.unicodeScalars.contains { $0.value == 0x1B })
    }

    @Test func theOptionsOnTheCommandLineGiveTheSameRun() throws {
        let script = try String(contentsOf: Binary.packageRoot.appendingPathComponent("Examples/folder.txt"), encoding: .utf8)
        let withoutHeader = try Binary.script(String(script.drop { $0 != "\n" }.dropFirst()))
        let result = try Binary.run(["run", "--folder", "Examples/photos", "--preview", "ascii", "--preview-size", "40x12", withoutHeader])
        #expect(result.stdout == (try expected("folder")).replacingOccurrences(of: "photos in photos", with: "photos in Examples/photos"))
    }

    @Test func autoDrawsNothingWhenOutputIsNotATerminal() throws {
        let script = try Binary.script("count 2\nfetch\nnext\nopen 1\n")
        let result = try Binary.run(["run", "--folder", "Examples/photos", script])
        #expect(result.status == 0)
        #expect(result.stdout.contains("○ ●  2/2\nphotos> open 1\nPhoto 1 of 2\n"), "\(result.stdout)")
    }

    @Test func aPictureThatCannotBeShownSaysWhyAndTheSceneGoesOn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-broken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A JPEG cut short: its header reads, its pixels do not.
        let whole = try Data(contentsOf: Binary.packageRoot.appendingPathComponent("Examples/photos/sunset.jpg"))
        try whole.prefix(whole.count / 2).write(to: folder.appendingPathComponent("cut.jpg"))
        let script = try Binary.script("count 1\nfetch\nopen 1\nstate --json\n")
        let result = try Binary.run(["run", "--folder", folder.path, "--preview", "ascii", "--preview-size", "20x6", script])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("photos> open 1\n(picture not shown: the JPEG file is truncated"), "\(result.stdout)")
        #expect(result.stdout.contains("Photo 1 of 1\n  id           cut.jpg\n"), "\(result.stdout)")
        #expect(result.stdout.contains(#"{"stack":["collection","detail"]"#))
    }

    @Test func badPictureOptionsAreUsageErrors() throws {
        let usage = "(usage: photorepl run [OPTIONS] [--keep-going] [--allow-writes DIR] [--record FILE] [--transcript FILE] FILE…)"
        let size = try Binary.run(["run", "--preview-size", "80by40", "Examples/demo.txt"])
        #expect(size.status == 64)
        #expect(size.stderr == "photorepl: --preview-size takes COLSxROWS within 1x1…1000x500, e.g. 80x40, not '80by40' \(usage)\n")
        let mode = try Binary.run(["run", "--preview", "pictures", "Examples/demo.txt"])
        #expect(mode.status == 64)
        #expect(mode.stderr == "photorepl: --preview takes auto, symbols, sixel, kitty, iterm, ascii or none, not 'pictures' \(usage)\n")
        let both = try Binary.run(["run", "--source", "embedded", "--folder", "Examples/photos", "Examples/demo.txt"])
        #expect(both.status == 64)
        #expect(both.stderr == "photorepl: --folder needs the folder source: drop --source embedded, or use --source folder \(usage)\n")
    }
}
