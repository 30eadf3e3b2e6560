import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// `copy DIR` as scripts run it: `--yes` wanted where no one is asked, the folders a replayed
/// script may write held to, and photorepl killed (SIGKILL, which nothing catches) or interrupted
/// (Ctrl-C's SIGINT) at moments spread over copies of 42 MB: every photo stays whole where it was, and
/// every file under a copy's name is its photo's every byte.
@Suite final class CopyRunTests {
    let parent: String
    /// The photos by name: a real JPEG, then bytes of their own (a camera file's size, each unlike
    /// the others).
    let photos: [String: Data]

    init() throws {
        parent = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-copy-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: parent + "/shoot", withIntermediateDirectories: true)
        let jpeg = try Data(contentsOf: Binary.packageRoot.appendingPathComponent("Examples/photos/sunset.jpg"))
        var photos: [String: Data] = [:]
        let random = try #require(FileHandle(forReadingAtPath: "/dev/urandom"))
        defer { try? random.close() }
        for index in 1...10 {
            var bytes = jpeg
            bytes.append(random.readData(ofLength: 4 << 20))
            let name = String(format: "IMG_%04d.jpg", index)
            try bytes.write(to: URL(fileURLWithPath: parent + "/shoot/" + name))
            photos[name] = bytes
        }
        self.photos = photos
    }

    deinit { try? FileManager.default.removeItem(atPath: parent) }

    func run(_ lines: [String]) throws -> Binary.Result {
        let script = try Binary.script(lines.joined(separator: "\n") + "\n", name: "copy-\(UUID().uuidString).txt")
        return try Binary.run(
            ["run", "--keep-going", "--folder", "shoot", "--browse", "--preview", "none", "--no-cache", script],
            directory: URL(fileURLWithPath: parent))
    }

    func names(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: parent + "/" + folder)) ?? []).sorted()
    }

    @Test func aScriptCopiesOnlyWithYesAndOnlyWhereItMayWrite() throws {
        let result = try run([
            "copy picks", "copy picks --dry-run", "copy ../elsewhere --yes", "copy no/such/folder --yes", "copy picks --yes", "undo",
            "copy picks/ --yes"
        ])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "error: Copy 10 photos (42 MB) to picks (a new folder) only with --yes here, where no one is asked (type 'copy picks --yes'; --dry-run shows what it copies)"
            ), "\(result.stderr)")
        #expect(result.stdout.contains("Would copy 10 photos (42 MB) to picks (a new folder):\n  IMG_0001.jpg → picks/IMG_0001.jpg\n"))
        #expect(result.stderr.contains("error: copy ../elsewhere: a replayed script writes only in the current folder and its own"))
        #expect(!FileManager.default.fileExists(atPath: (parent as NSString).deletingLastPathComponent + "/elsewhere"))
        #expect(result.stderr.contains("error: copy no/such/folder: a replayed script writes only into a folder that is there"))
        #expect(result.stdout.contains("undid 'copy picks --yes': 10 copied files removed from picks"))
        #expect(names("picks") == photos.keys.sorted())
        for (name, bytes) in photos { #expect(FileManager.default.contents(atPath: parent + "/picks/" + name) == bytes, "\(name)") }
    }

    /// At the prompt, as a person answers: the question is the prompt; Ctrl-C cancels it, `y`
    /// copies; in the detail, where a digit rates, a digit answers it instead (no rating); the
    /// recording keeps only the lines a yes ran.
    @Test func aPersonIsAskedFirst() throws {
        let recording = parent + "/session.txt"
        let terminal = try Terminal([parent + "/shoot", "--preview", "none", "--record", recording], width: 140, height: 40)
        #expect(try terminal.waitForPrompt(), "\(terminal.shown)")
        func asked(_ question: String, times: Int) throws -> Bool {
            try terminal.wait { $0.components(separatedBy: question).count == times + 1 }
        }
        // The pane drops the blank after the question.
        let question = "Copy 10 photos (42 MB) to \(parent)/picks (a new folder)? [y/N]"
        try terminal.enter("copy \(parent)/picks")
        #expect(try asked(question, times: 1), "\(terminal.shown)")
        try terminal.press("C-c")
        // The line it would have run, cut to 60 columns: the folder's path is long.
        #expect(try terminal.wait(for: "Cancelled: nothing was done (copy \(parent.prefix(20))"), "\(terminal.shown)")
        try terminal.enter("copy \(parent)/picks")
        #expect(try asked(question, times: 2), "\(terminal.shown)")
        try terminal.enter("y")
        #expect(try terminal.wait(for: "Copied 10 photos (42 MB) to \(parent)/picks ('undo' removes the copies)."), "\(terminal.shown)")
        #expect(names("picks") == photos.keys.sorted())

        try terminal.enter("open 1")
        #expect(try terminal.waitForPrompt("photos/detail 1>"), "\(terminal.shown)")
        let one = "Copy 1 photo (4.2 MB) to \(parent)/one (a new folder)? [y/N]"
        try terminal.enter("copy \(parent)/one")
        #expect(try asked(one, times: 1), "\(terminal.shown)")
        try terminal.type("3")
        try terminal.press("Enter")
        #expect(try terminal.wait { $0.components(separatedBy: "Cancelled: nothing was done").count == 3 }, "\(terminal.shown)")
        #expect(try terminal.screen().contains(one + " 3\n"), "the digit typed as the answer, not run: \(terminal.shown)")
        try terminal.enter("quit")
        #expect(try terminal.wait { _ in (try? terminal.exitStatus()) != nil })
        #expect(names("shoot") == photos.keys.sorted(), "the digit rated nothing: no sidecar")
        #expect(!FileManager.default.fileExists(atPath: parent + "/one"))
        let recorded = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(recorded == ["copy \(parent)/picks --yes", "open 1", "quit"], "\(recorded)")
    }

    /// Killed or interrupted anywhere in twelve copies of the shoot: each photo whole where it was, each
    /// copy made whole or not under its name; a kill leaves at most the hidden temporary file of the
    /// copy it stopped, Ctrl-C not even that.
    @Test(arguments: [SIGKILL, SIGINT])
    func aSignalAnywhereLosesNoPhotoAndLeavesNoPartialCopy(signal: Int32) throws {
        let folders = (1...12).map { "c\($0)" }
        let script = try Binary.script(folders.map { "copy \($0) --yes" }.joined(separator: "\n") + "\n", name: "copies.txt")
        let arguments = ["run", "--folder", "shoot", "--browse", "--preview", "none", "--no-cache", script]
        // How long the whole run takes here (the copies are in the kernel, a few hundred
        // milliseconds): the signals are spread over it, from start-up to the last copy.
        let started = Date()
        #expect(try Binary.run(arguments, directory: URL(fileURLWithPath: parent)).status == 0)
        let whole = Date().timeIntervalSince(started)
        for folder in folders { try FileManager.default.removeItem(atPath: parent + "/" + folder) }
        var copiedCounts: Set<Int> = []
        var generator = SystemRandomNumberGenerator()
        let rounds = 12
        for round in 0..<rounds {
            let at = UInt32(whole * 1e6 * Double(round + 1) / Double(rounds + 1))
            try Binary.runSignalled(
                arguments, directory: URL(fileURLWithPath: parent), within: at...(at + 5_000), signal: signal, using: &generator)
            for (name, bytes) in photos {
                #expect(FileManager.default.contents(atPath: parent + "/shoot/" + name) == bytes, "\(name) is whole where it was")
            }
            #expect(names("shoot").count == photos.count, "nothing left beside the photos: \(names("shoot"))")
            var copied = 0
            for folder in folders {
                let inside = names(folder)
                let hidden = inside.filter { $0.hasPrefix(".") }
                #expect(hidden.count <= (signal == SIGKILL ? 1 : 0), "a temporary file at most, of the copy killed: \(hidden)")
                for name in inside where !name.hasPrefix(".") {
                    #expect(
                        FileManager.default.contents(atPath: parent + "/" + folder + "/" + name) == photos[name],
                        "\(folder)/\(name) is whole")
                    copied += 1
                }
                try? FileManager.default.removeItem(atPath: parent + "/" + folder)
            }
            copiedCounts.insert(copied)
        }
        #expect(copiedCounts.count > 1, "signals came at different points of the copies: \(copiedCounts.sorted())")
    }
}
