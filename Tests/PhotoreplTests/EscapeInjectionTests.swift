import Foundation
import Testing

/// Text from a folder (file names, EXIF fields) never reaches the terminal raw: every sink shows it
/// through the one sanitizer. (The server's strings and a cassette's are pinned by Examples/hostile.t.)
struct EscapeInjectionTests {
    /// Bytes that would act on a terminal: ESC, BEL, C1 CSI (U+009B), CR, BS.
    static func hasRawControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { [0x1B, 0x07, 0x9B, 0x0D, 0x08].contains($0.value) }
    }

    @Test func hostileFileNamesAndEXIFTextAreShownSanitized() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // sunset.jpg's EXIF description, "Sunset over the bay", replaced by as many hostile bytes: an OSC 52
        // clipboard write, BEL, C1 CSI, CR, BS, NUL.
        var jpeg = try Data(contentsOf: Binary.packageRoot.appendingPathComponent("Examples/photos/sunset.jpg"))
        let plain = Data("Sunset over the bay".utf8)
        let hostile = Data([
            0x1B, 0x5D, 0x35, 0x32, 0x3B, 0x63, 0x3B, 0x41, 0x41, 0x41, 0x41, 0x07, 0xC2, 0x9B, 0x32, 0x4A, 0x0D, 0x08, 0x00
        ])
        let range = try #require(jpeg.range(of: plain))
        jpeg.replaceSubrange(range, with: hostile)
        // A file name with an escape sequence and a newline (a forged prompt line).
        let name = "evil\u{1B}[2J\nphotos> quit.jpg"
        try jpeg.write(to: folder.appendingPathComponent(name))

        let script = try Binary.script("count 1\nfetch\nopen 1\nstate\nstate --json\n")
        let result = try Binary.run(["run", "--folder", folder.path, "--preview", "ascii", "--preview-size", "20x6", script])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!Self.hasRawControls(result.stdout), "\(result.stdout)")
        #expect(!result.stdout.contains("\nphotos> quit"), "no forged prompt line")
        #expect(result.stdout.contains(#"  id           evil\x1B[2J\x0Aphotos> quit.jpg"#), "\(result.stdout)")
        #expect(result.stdout.contains("  description  ^[]52;c;AAAA^G<U+009B>2J"), "\(result.stdout)")
        // The JSON keeps the id as text, escaped the JSON way.
        #expect(result.stdout.contains(#""photos":["evil\\x1B[2J\\x0Aphotos> quit.jpg"]"#), "\(result.stdout)")
    }
}

/// Permission denied, as a user who cannot read some files (root reads everything, so the test runs
/// photorepl as nobody, with setpriv).
struct PermissionTests {
    @Test(.enabled(if: getuid() == 0 && FileManager.default.fileExists(atPath: "/usr/bin/setpriv"), "needs root and setpriv"))
    func unreadableFilesAreSkippedAndCounted() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-perm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = try Data(contentsOf: Binary.packageRoot.appendingPathComponent("Examples/photos/sunset.jpg"))
        try photo.write(to: folder.appendingPathComponent("readable.jpg"))
        try photo.write(to: folder.appendingPathComponent("secret.jpg"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("locked"), withIntermediateDirectories: true)
        try photo.write(to: folder.appendingPathComponent("locked/inside.jpg"))
        chmod(folder.appendingPathComponent("secret.jpg").path, 0o000)
        chmod(folder.appendingPathComponent("locked").path, 0o000)
        chmod(folder.path, 0o755)
        let script = URL(fileURLWithPath: try Binary.script("count 5\nfetch\n"))
        let result = try Binary.run(
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", Binary.executable.path,
                "run", "--folder", folder.path, script.path
            ],
            environment: ["HOME": "/nonexistent"], launcher: "/usr/bin/setpriv")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("Found 1 photo in \(folder.path) (2 files skipped: 1 unreadable, 1 unreadable folder)."),
            "\(result.stdout)")
        #expect(result.stdout.contains("The folder has only 1 photo, not 5: all of them are shown."))
    }
}
