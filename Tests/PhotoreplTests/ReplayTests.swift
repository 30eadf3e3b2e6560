import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// Sessions that replay as recorded. A recording and a transcript carry what they ran on;
/// `run` and `test` apply it from anywhere; a replay on a folder that changed says so; a check has no
/// effect outside; `run` writes each command's output when it ends and keeps it at a signal.
@Suite(.serialized) struct ReplayTests {
    /// A folder holding a copy of Examples/photos (`photos`), for a session to record on.
    static func workFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(
            atPath: Binary.packageRoot.appendingPathComponent("Examples/photos").path, toPath: folder.file("photos"))
        return folder
    }

    static let session = "count 3\nfetch\nopen 2\nmove 1\nback\nfecth\nstate --json\n"

    /// Recorded on a folder from inside it (`photorepl photos`), then replayed and checked from the
    /// filesystem's root: the same transcript, byte for byte, with nothing typed again. Before,
    /// `run` replayed on the embedded catalog and `test` failed on every command.
    @Test func aSessionRecordedOnAFolderReplaysAndChecksFromAnywhere() throws {
        let folder = try Self.workFolder()
        let recorded = try Binary.run(
            ["photos", "--seed", "3", "--record", "s.txt", "--transcript", "s.t"],
            stdin: Data(Self.session.utf8), directory: folder.url)
        // Standard input is a script: the typo stops it, as it stops any script.
        #expect(recorded.status == 1)
        let script = try String(contentsOfFile: folder.file("s.txt"), encoding: .utf8)
        let words = script.prefix { $0 != "\n" }.split(separator: " ")
        let listing = try #require(words.firstIndex(of: "--listing").map { words[$0 + 1] })
        #expect(
            script.hasPrefix(
                "# photorepl: --keep-going --folder photos --seed 3 --browse --listing \(listing)\n# Recorded by \(Binary.version): 'photorepl run s.txt' replays it.\ncount 3\nfetch\n"
            ), "\(script)")
        let transcript = try String(contentsOfFile: folder.file("s.t"), encoding: .utf8)
        #expect(transcript == "# photorepl: --folder photos --seed 3 --browse --listing \(listing)\n" + recorded.stdout)
        #expect(recorded.stdout.contains("Found 4 photos in photos"))

        let root = URL(fileURLWithPath: "/")
        let replay = try Binary.run(["run", folder.file("s.txt")], directory: root)
        #expect(replay.stdout == recorded.stdout)
        #expect(replay.status == 1, "the session's typo fails in the replay too, which goes on past it")
        let checked = try Binary.run(["test", folder.file("s.t")], directory: root)
        #expect(checked.status == 0, "\(checked.stdout)")
        // Standard input's first line is a header too: `photorepl < s.txt` replays it as `run` does.
        let piped = try Binary.run([], stdin: try Data(contentsOf: URL(fileURLWithPath: folder.file("s.txt"))), directory: folder.url)
        #expect(piped.stdout == recorded.stdout)
        // Options typed win over the header's.
        let otherSeed = try Binary.run(["run", "--seed", "4", folder.file("s.txt")], directory: root)
        #expect(otherSeed.stdout != recorded.stdout && otherSeed.stdout.contains("Found 4 photos in photos"))
    }

    /// A photo added since the recording: the replay says so, in one line before the first output
    /// that differs (the walk's), instead of differing silently.
    @Test func aReplayOnAFolderThatChangedSaysSo() throws {
        let folder = try Self.workFolder()
        _ = try Binary.run(["photos", "--record", "s.txt"], stdin: Data("count 2\nfetch\n".utf8), directory: folder.url)
        let same = try Binary.run(["run", "s.txt"], directory: folder.url)
        #expect(!same.stdout.contains("not as it was recorded"))
        // A photo opened by name: its folder's listing is kept too.
        _ = try Binary.run(
            ["photos/sunset.jpg", "--preview", "none", "--record", "o.txt", "--transcript", "o.t"], stdin: Data("state --json\n".utf8),
            directory: folder.url)
        try FileManager.default.copyItem(atPath: folder.file("photos/sunset.jpg"), toPath: folder.file("photos/added.jpg"))
        let changed = try Binary.run(["run", "s.txt"], directory: folder.url)
        #expect(
            changed.stdout.hasPrefix(
                """
                photos is not as it was recorded (4 photos then, 5 now): what follows may differ from the recording.
                Found 6 photos in photos
                """), "\(changed.stdout)")
        let opened = try Binary.run(["run", "o.txt"], directory: folder.url)
        // (A photo opened by name is browsed among its folder's own files: 2, not those of the folders in it.)
        #expect(opened.stdout.hasPrefix("photos is not as it was recorded (2 photos then, 3 now)"), "\(opened.stdout)")
        let checked = try Binary.run(["test", "o.t"], directory: folder.url)
        #expect(
            checked.status == 1 && checked.stdout.contains("+  1 | photos is not as it was recorded (2 photos then, 3 now)"),
            "\(checked.stdout)")
        // The same count, another photo: said too.
        try FileManager.default.removeItem(atPath: folder.file("photos/sunset.jpg"))
        let renamed = try Binary.run(["run", "s.txt"], directory: folder.url)
        #expect(
            renamed.stdout.hasPrefix(
                "photos is not as it was recorded (4 photos then and now, but not all the same ones, or not the same size)"))
    }

    /// A path typed absolute, with the recording beside it: written relative to the recording (the
    /// pair moves together), and the folder named in messages as it was typed.
    @Test func pathsAreWrittenRelativeToTheFileAndNamedAsTyped() throws {
        let folder = try Self.workFolder()
        let recorded = try Binary.run(
            [folder.file("photos"), "--record", folder.file("s.txt"), "--transcript", folder.file("s.t")],
            stdin: Data("count 1\nfetch\n".utf8))
        let header = try String(contentsOfFile: folder.file("s.t"), encoding: .utf8).prefix { $0 != "\n" }
        #expect(
            header.hasPrefix("# photorepl: --folder photos --folder-shown-as \(folder.file("photos")) --browse --listing "), "\(header)")
        let moved = try TemporaryFolder()
        for name in ["photos", "s.txt", "s.t"] { try FileManager.default.moveItem(atPath: folder.file(name), toPath: moved.file(name)) }
        #expect(try Binary.run(["run", moved.file("s.txt")]).stdout == recorded.stdout)
        #expect(try Binary.run(["test", moved.file("s.t")]).status == 0)
        // A folder's name that a header's one line cannot hold is refused before anything is written.
        let odd = folder.file("new\nline")
        try FileManager.default.createDirectory(atPath: odd, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: moved.file("photos/sunset.jpg"), toPath: odd + "/sunset.jpg")
        let refused = try Binary.run([odd, "--record", folder.file("n.txt")], stdin: Data("count 1\n".utf8))
        #expect(refused.status == 73)
        #expect(refused.stderr.contains("cannot record to \(folder.file("n.txt")): --folder's value holds a line break"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("n.txt")))
    }

    /// `test` replays a transcript with no effect outside: `record` and `save` write into a folder of
    /// the check's own (removed after it) and still say what they said; a thumbnail cache outside the
    /// transcript's folder is read, not written; a network source needs a cassette, never recorded.
    @Test func aTranscriptsCheckWritesNothingOutside() throws {
        let folder = try Self.workFolder()
        let script =
            "count 2\nfetch\nrecord r.txt\nopen 1\nsave saved.jpg\nsave saved.jpg\nsave nowhere/saved.jpg\nsave photos\nrecord stop\n"
        try script.write(toFile: folder.file("w.txt"), atomically: true, encoding: .utf8)
        _ = try Binary.run(["run", "--keep-going", "--folder", "photos", "--transcript", "w.t", "w.txt"], directory: folder.url)
        for written in ["r.txt", "saved.jpg"] { try FileManager.default.removeItem(atPath: folder.file(written)) }
        let before = folder.allFiles().map(\.0)
        // A check a signal ended left its folder: the next one removes it (its process is gone).
        // One of the name folders had before 0.2.0 too.
        for leftover in [folder.file("repl-replay-2147483000-abcdef"), folder.file("photorepl-replay-2147483002-abcdef")] {
            try FileManager.default.createDirectory(atPath: leftover + "/inside", withIntermediateDirectories: true)
        }
        let checked = try Binary.run(["test", "w.t"], environment: ["TMPDIR": folder.path], directory: folder.url)
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(folder.allFiles().map(\.0) == before, "nothing written, nothing left in TMPDIR")
        #expect(!FileManager.default.fileExists(atPath: folder.file("repl-replay-2147483000-abcdef")))
        #expect(!FileManager.default.fileExists(atPath: folder.file("photorepl-replay-2147483002-abcdef")))
        let transcript = try String(contentsOfFile: folder.file("w.t"), encoding: .utf8)
        // A script replaces no file: the second save is refused, and the check refuses it too (its
        // header says which folders the script could write in).
        #expect(
            transcript.contains("Saved photo 1 to saved.jpg")
                && transcript.contains("error: save saved.jpg: a replayed script replaces no file, and saved.jpg is there"),
            "\(transcript)")
        #expect(transcript.hasPrefix("# photorepl: --script-writes . --folder photos"), "\(transcript)")
        // What failed for its place fails so in the check too (a missing folder, a folder in the way).
        #expect(transcript.contains("cannot write nowhere/saved.jpg: No such file or directory"), "\(transcript)")
        #expect(
            transcript.contains(
                "photos/detail 1> save photos\nerror: save photos: a replayed script replaces no file, and photos is there"),
            "\(transcript)")

        // A thumbnail cache a header names is written by the check inside the transcript's folder
        // only: outside it, it is read and left as it was.
        // (Examples/thumbnails' photos: one is large enough to be given a thumbnail.)
        let outside = try TemporaryFolder()
        try FileManager.default.copyItem(
            atPath: Binary.packageRoot.appendingPathComponent("Examples/thumbnails/photos").path, toPath: folder.file("large"))
        for (name, cache) in [("inside.t", "cache"), ("outside.t", outside.path)] {
            let text =
                "# photorepl: --folder large --preview ascii --preview-size 24x8 --thumbnails \(cache)\ncount: 0\nphotos> count 2\ncount: 2\nphotos> fetch\n...\nphotos> open 1\n...\nphotos/detail 1> back\n...\nphotos> open 2\n...\n"
            try text.write(toFile: folder.file(name), atomically: true, encoding: .utf8)
            let result = try Binary.run(["test", name], directory: folder.url)
            #expect(result.status == 0, "\(result.stdout)")
        }
        #expect(folder.allFiles().contains { $0.0.hasPrefix("cache/") && $0.0.hasSuffix(".png") }, "the check writes a cache in its folder")
        #expect(outside.allFiles().isEmpty, "\(outside.allFiles().map(\.0))")

        // A network source in a check: a cassette to replay, or an error; never the network.
        try "# photorepl: --source unsplash\ncount: 0\n".write(toFile: folder.file("n.t"), atomically: true, encoding: .utf8)
        let network = try Binary.run(
            ["test", "n.t"], environment: ["UNSPLASH_ACCESS_KEY": "key", "UNSPLASH_API_URL": "http://127.0.0.1:9"], directory: folder.url)
        #expect(network.status == 66)
        #expect(network.stderr.contains("a transcript's check never goes to the network"), "\(network.stderr)")
        try "# photorepl: --source unsplash --cassette new.json\ncount: 0\n".write(
            toFile: folder.file("m.t"), atomically: true, encoding: .utf8)
        let missing = try Binary.run(["test", "m.t"], environment: ["UNSPLASH_ACCESS_KEY": "key", "CI": ""], directory: folder.url)
        #expect(missing.status == 66)
        #expect(!FileManager.default.fileExists(atPath: folder.file("new.json")))
        // It says why, in the words of a check (it blamed CI, which was not set).
        #expect(
            missing.stderr.hasSuffix(
                "new.json: there is no such cassette, and a transcript's check never records one (it never goes to the network): record it first with 'photorepl --source unsplash --cassette FILE'\n"
            ), "\(missing.stderr)")
        // A transcript someone sent, naming a cassette outside its folder: refused before
        // anything is read or written there (a missing one was to be recorded there with the key).
        let elsewhere = try TemporaryFolder()
        try FileManager.default.copyItem(
            atPath: Binary.packageRoot.appendingPathComponent("Examples/unsplash.cassette.json").path, toPath: elsewhere.file("c.json"))
        for (name, cassette) in [
            ("o.t", elsewhere.file("c.json")), ("p.t", elsewhere.file("new.json")),
            ("q.t", "../" + (elsewhere.url.lastPathComponent) + "/c.json")
        ] {
            try "# photorepl: --source unsplash --cassette \(cassette)\ncount: 0\n".write(
                toFile: folder.file(name), atomically: true, encoding: .utf8)
            let outside = try Binary.run(["test", name], environment: ["UNSPLASH_ACCESS_KEY": "key", "CI": ""], directory: folder.url)
            #expect(outside.status == 66, "\(name): \(outside.stderr)")
            #expect(
                outside.stderr.contains("a transcript's check replays only a cassette in the transcript's folder"),
                "\(name): \(outside.stderr)")
            #expect(outside.stderr.components(separatedBy: "\n").count == 2, "one line: \(outside.stderr)")
        }
        #expect(elsewhere.allFiles().map(\.0) == ["c.json"], "nothing written outside: \(elsewhere.allFiles().map(\.0))")
        // A folder of the user's linked into the transcript's is inside it as written: its cassette
        // replays (Scripts/check-docs links the checkout's Examples so).
        try FileManager.default.copyItem(
            atPath: Binary.packageRoot.appendingPathComponent("Examples/unsplash.cassette.bodies").path,
            toPath: elsewhere.file("unsplash.cassette.bodies"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("linked"), withDestinationPath: elsewhere.path)
        let linkedCassette = try String(
            contentsOfFile: Binary.packageRoot.appendingPathComponent("Examples/unsplash.t").path, encoding: .utf8)
        #expect(linkedCassette.hasPrefix("# photorepl: "), "Examples/unsplash.t starts with its options")
        try "# photorepl: --source unsplash --cassette linked/c.json\ncount: 0\n".write(
            toFile: folder.file("l.t"), atomically: true, encoding: .utf8)
        let linked = try Binary.run(["test", "l.t"], environment: ["CI": ""], directory: folder.url)
        #expect(linked.status == 0, "\(linked.stdout)\(linked.stderr)")
    }

    /// `run` writes what each command printed before a command waits: the commands before a slow
    /// fetch are in the pipe while it waits (before, all of it came at the end).
    @Test func runWritesEachCommandsOutputBeforeAWait() throws {
        let script = try Binary.script("count 3\nstate --json\nfetch\n")
        let (process, output, _) = try Self.start(["run", "--fetch-delay", "4000", script])
        defer { process.terminate() }
        let early = Self.read(output, until: "photos> fetch\n", seconds: 3)
        #expect(
            early.hasSuffix(
                "{\"stack\":[\"collection\"],\"count\":3,\"photos\":[],\"page\":0,\"source\":\"embedded\",\"layout\":\"list\"}\nphotos> fetch\n"
            ), "\(early)")
        #expect(process.isRunning, "the fetch still waits")
    }

    /// SIGINT, SIGTERM and SIGHUP during `run`: the command in flight is cancelled, what finished is
    /// written, the `--transcript` ends whole at the last finished command, standard error says
    /// where, and the run exits 130 (before, it died with nothing written).
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalDuringRunKeepsWhatFinished(signal: Int32) throws {
        let folder = try TemporaryFolder()
        let script = folder.file("demo.txt")
        try "count 3\nstate\nfetch\nstate\n".write(toFile: script, atomically: true, encoding: .utf8)
        let (process, output, errors) = try Self.start(["run", "--fetch-delay", "5000", "--transcript", folder.file("t.t"), script])
        let early = Self.read(output, until: "photos> fetch\n", seconds: 10)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 130)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said == "photorepl: interrupted at \(script):3: fetch\n")
        let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(rest.isEmpty, "the cancelled fetch printed nothing more: \(rest)")
        let transcript = try String(contentsOfFile: folder.file("t.t"), encoding: .utf8)
        #expect(early == transcript + "photos> fetch\n", "the transcript ends whole, before the fetch: \(transcript)")
        #expect(transcript.hasSuffix("  layout: list\n"))
    }

    /// A signal while a picture is decoded: the decode cannot stop at once, and the detail, told it
    /// was interrupted, would print "(picture not shown: interrupted)" and its fields; none of that is
    /// kept, in the transcript nor on standard output, since a replay would not print it.
    @Test func aSignalDuringADecodeKeepsNothingOfTheCommand() throws {
        let photos = try #require(SignalDuringWorkTests.slowPhotoFolder)
        let folder = try TemporaryFolder()
        let script = folder.file("s.txt")
        try "count 1\nfetch\nopen 1\nstate\n".write(toFile: script, atomically: true, encoding: .utf8)
        let (process, output, errors) = try Self.start([
            "run", "--no-cache", "--folder", photos, "--preview", "ascii", "--preview-size", "80x40",
            "--transcript", folder.file("t.t"), script
        ])
        let early = Self.read(output, until: "photos> open 1\n", seconds: 10)
        usleep(50_000)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 130)
        #expect(
            String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                == "photorepl: interrupted at \(script):3: open 1\n")
        #expect(output.fileHandleForReading.readDataToEndOfFile().isEmpty)
        let transcript = try String(contentsOfFile: folder.file("t.t"), encoding: .utf8)
        let header = transcript.prefix { $0 != "\n" }
        #expect(header.hasPrefix("# photorepl: --folder \(photos) --preview ascii --preview-size 80x40 --listing 1:"))
        #expect(early == transcript.dropFirst(header.count + 1) + "photos> open 1\n")
        #expect(!transcript.contains("picture not shown"))
    }

    /// With standard output and standard error one pipe (`2>&1 | less`), a script's error is printed
    /// once, in its transcript; before, `FILE:LINE: error: …` repeated it.
    @Test func anErrorIsPrintedOnceWhenBothStreamsAreOnePipe() throws {
        let script = try Binary.script("count 99\ncount 2\n")
        let shell = try Binary.runProgram("/bin/sh", ["-c", "\"$0\" run --keep-going \"$1\" 2>&1 | cat", Binary.executable.path, script])
        #expect(
            shell.stdout
                == "count: 0\nphotos> count 99\nerror: count must be within 0…30, not 99 (type e.g. 'count 5')\nphotos> count 2\ncount: 2\nphotorepl: 1 command failed\n"
        )
    }

    /// Ctrl-C in a terminal during a slow walk: the progress line and the `^C` are erased, and the
    /// line says where the run stopped.
    @Test func ctrlCInATerminalErasesTheProgressLine() throws {
        let folder = try TemporaryFolder()
        // A walk that takes seconds: 120,000 empty files (in memory where there is a tmpfs).
        let big = SignalDuringWorkTests.bigFolder
        try "count 1\nstate\nfetch\nstate\n".write(toFile: folder.file("walk.txt"), atomically: true, encoding: .utf8)
        let terminal = try Terminal(["run", "--folder", big, folder.file("walk.txt")], width: 120)
        #expect(try terminal.wait(for: "Walking"))
        try terminal.press("C-c")
        #expect(try terminal.exitStatus() == 130)
        let screen = try terminal.screen()
        #expect(screen.contains("photos> fetch\nphotorepl: interrupted at \(folder.file("walk.txt")):3: fetch\nEXIT=130"), "\(screen)")
        #expect(!screen.contains("Walking") && !screen.contains("^C"), "\(screen)")
    }

    // MARK: - Helpers

    /// photorepl started with its output and errors in pipes.
    static func start(_ arguments: [String]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = Binary.executable
        process.arguments = arguments
        process.currentDirectoryURL = Binary.packageRoot
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, output, errors)
    }

    /// What the pipe gave until `text` ended it, or `seconds` passed.
    static func read(_ pipe: Pipe, until text: String, seconds: Double) -> String {
        let fd = pipe.fileHandleForReading.fileDescriptor
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = Glibc.read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            received += buffer.prefix(n)
            if String(decoding: received, as: UTF8.self).hasSuffix(text) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }
}

/// An attacker's transcript and header: `run FILE` in a check reads only the transcript's folder (a
/// planted `run /proc/self/environ` printed the API key), and a header's numbers keep to their range
/// (`--fetch-delay 4294967295` made a replay wait 49.7 days a fetch).
@Suite struct PlantedReplaysTests {
    @Test func aCheckRunsNoScriptOutsideTheTranscriptsFolder() throws {
        let folder = try TemporaryFolder()
        try "count: 0\nphotos> run /proc/self/environ\nwhat it printed\n".write(
            toFile: folder.file("environ.t"), atomically: true, encoding: .utf8)
        let result = try Binary.run(
            ["test", "environ.t"], environment: ["UNSPLASH_ACCESS_KEY": "planted-secret-key-42"], directory: folder.url)
        #expect(result.status == 1)
        #expect(!result.stdout.contains("planted-secret-key-42") && !result.stderr.contains("planted-secret-key-42"), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "error: cannot run /proc/self/environ: a transcript's check reads scripts only in the transcript's folder"),
            "\(result.stdout)")
        // Through a link in the folder, the same.
        try FileManager.default.createSymbolicLink(atPath: folder.file("innocent.txt"), withDestinationPath: "/proc/self/environ")
        try "count: 0\nphotos> run innocent.txt\nwhat it printed\n".write(toFile: folder.file("link.t"), atomically: true, encoding: .utf8)
        let linked = try Binary.run(
            ["test", "link.t"], environment: ["UNSPLASH_ACCESS_KEY": "planted-secret-key-42"], directory: folder.url)
        #expect(
            !linked.stdout.contains("planted-secret-key-42") && linked.stdout.contains("reads scripts only in the transcript's folder"),
            "\(linked.stdout)")
        // A script beside the transcript runs, as it did in the session.
        try "count 2\n".write(toFile: folder.file("mine.txt"), atomically: true, encoding: .utf8)
        try "count: 0\nphotos> run mine.txt\nphotos> count 2\ncount: 2\n".write(
            toFile: folder.file("mine.t"), atomically: true, encoding: .utf8)
        let mine = try Binary.run(["test", folder.file("mine.t")])
        #expect(mine.status == 0, "\(mine.stdout)")
    }

    /// The key is in no output, whatever reads it: a script run by `run` that runs
    /// /proc/self/environ printed it on the terminal, in its errors on standard error and in
    /// `--transcript`, cut to 40 columns its start; a check of a transcript that runs a `.env`
    /// beside it printed it in the diff. Each is `[UNSPLASH_ACCESS_KEY]` now.
    @Test func theKeyIsInNoOutput() throws {
        let key = "planted-secret-key-42abcdef"
        let folder = try TemporaryFolder()
        // A file that holds the key where a line starts (a project's .env), then the environment.
        try "UNSPLASH_ACCESS_KEY=\(key)\n".write(toFile: folder.file(".env"), atomically: true, encoding: .utf8)
        try "count 1\nrun .env\nrun /proc/self/environ\n".write(toFile: folder.file("planted.txt"), atomically: true, encoding: .utf8)
        let transcript = folder.file("session.t")
        for arguments in [["run", "--keep-going", "--transcript", transcript, "planted.txt"], ["--no-config"]] {
            let stdin = arguments.count == 1 ? FileManager.default.contents(atPath: folder.file("planted.txt")) : nil
            let result = try Binary.run(arguments, stdin: stdin, environment: ["UNSPLASH_ACCESS_KEY": key], directory: folder.url)
            #expect(result.status == 1, "\(arguments): \(result.stdout) \(result.stderr)")
            #expect(
                !result.stdout.contains(key) && !result.stderr.contains(key) && !result.stdout.contains(key.prefix(12)),
                "\(arguments): \(result.stdout)")
            #expect(result.stdout.contains("UNSPLASH_ACCESS_KEY=[UNSPLASH_ACCESS_KEY]"), "\(arguments): \(result.stdout)")
            #expect(
                result.stdout.contains("error: unknown command 'UNSPLASH_ACCESS_KEY=[UNSPLASH_ACCESS_KE…'"),
                "\(arguments): \(result.stdout)")
        }
        let recorded = try String(contentsOfFile: transcript, encoding: .utf8)
        #expect(!recorded.contains(key) && recorded.contains("[UNSPLASH_ACCESS_KEY]"), "\(recorded)")
        // A check's diff: the script beside the transcript is read (as it was in the session).
        try "count: 0\nphotos> run .env\nwhat it printed\n".write(toFile: folder.file("env.t"), atomically: true, encoding: .utf8)
        let checked = try Binary.run(["test", "env.t"], environment: ["UNSPLASH_ACCESS_KEY": key], directory: folder.url)
        #expect(
            checked.status == 1 && checked.stdout.contains("| photos> UNSPLASH_ACCESS_KEY=[UNSPLASH_ACCESS_KEY]\n"), "\(checked.stdout)")
        #expect(!checked.stdout.contains(key) && !checked.stderr.contains(key), "\(checked.stdout)")
        // Without the key in the environment, the same text is shown as it is.
        let plain = try Binary.run(["test", "env.t"], environment: ["UNSPLASH_ACCESS_KEY": ""], directory: folder.url)
        #expect(plain.stdout.contains("UNSPLASH_ACCESS_KEY=\(key)"), "\(plain.stdout)")
    }

    /// A planted script replaces no file and writes nowhere but where its person allows: the current
    /// folder and its own (`record ~/.bashrc` then a command replaced the shell's start-up file).
    @Test func aPlantedScriptReplacesNoFileAndWritesOnlyWhereAllowed() throws {
        let home = try TemporaryFolder(), work = try TemporaryFolder(), elsewhere = try TemporaryFolder()
        let bashrc = home.file(".bashrc")
        try "echo the user's own\n".write(toFile: bashrc, atomically: true, encoding: .utf8)
        try "record \(bashrc)\ncount 1\nrecord stop\n".write(toFile: elsewhere.file("planted.txt"), atomically: true, encoding: .utf8)
        for arguments in [["run", elsewhere.file("planted.txt")], ["--no-config"]] {
            let stdin = arguments.count == 1 ? FileManager.default.contents(atPath: elsewhere.file("planted.txt")) : nil
            let result = try Binary.run(arguments, stdin: stdin, directory: work.url)
            #expect(result.status == 1, "\(arguments): \(result.stdout)")
            #expect(result.stdout.contains("error: cannot record to \(bashrc): a replayed script"), "\(result.stdout)")
            #expect(try String(contentsOfFile: bashrc, encoding: .utf8) == "echo the user's own\n", "\(arguments)")
        }
        // --force in a script replaces nothing; a new file in the current folder or the script's is fine.
        try "x".write(toFile: work.file("taken.jpg"), atomically: true, encoding: .utf8)
        let script =
            "count 1\nfetch\nopen 1\nsave \(work.file("taken.jpg")) --force\nsave new.jpg\nsave \(elsewhere.file("beside.jpg"))\nsave \(home.file("away.jpg"))\n"
        try script.write(toFile: elsewhere.file("saves.txt"), atomically: true, encoding: .utf8)
        let saves = try Binary.run(
            [
                "run", "--keep-going", "--folder", Binary.packageRoot.appendingPathComponent("Examples/photos").path,
                elsewhere.file("saves.txt")
            ],
            directory: work.url)
        #expect(
            saves.stdout.contains("error: save --force replaces a file, which a replayed script may not do (type it at the prompt)"),
            "\(saves.stdout)")
        #expect(try String(contentsOfFile: work.file("taken.jpg"), encoding: .utf8) == "x")
        #expect(FileManager.default.fileExists(atPath: work.file("new.jpg")), "the current folder")
        #expect(FileManager.default.fileExists(atPath: elsewhere.file("beside.jpg")), "the script's own folder")
        #expect(!FileManager.default.fileExists(atPath: home.file("away.jpg")), "elsewhere")
        #expect(saves.stdout.contains("a replayed script writes only in the current folder and its own"), "\(saves.stdout)")
        // --allow-writes widens it, and still replaces nothing.
        let allowed = try Binary.run(
            [
                "run", "--keep-going", "--allow-writes", home.path, "--folder",
                Binary.packageRoot.appendingPathComponent("Examples/photos").path,
                elsewhere.file("saves.txt")
            ], directory: work.url)
        #expect(FileManager.default.fileExists(atPath: home.file("away.jpg")), "\(allowed.stdout)")
        #expect(try String(contentsOfFile: bashrc, encoding: .utf8) == "echo the user's own\n")
    }

    /// A folder planted in a shared $TMPDIR under the name of a dead check's leftovers, swapped for a
    /// link to the victim's folder while `photorepl test` clears it: the victim's files stay (the
    /// clean-up read the folder's names, then removed each by its path, through the link:
    /// `victim/important.txt` deleted on the first try).
    @Test func aPlantedLeftoverFolderCannotSteerTheCleanUp() throws {
        let shared = try TemporaryFolder(), victim = try TemporaryFolder()
        for n in 1...5 { try "keep \(n)".write(toFile: victim.file("important-\(n).txt"), atomically: true, encoding: .utf8) }
        let planted = shared.file("repl-replay-2147483001-planted")
        // Many names, so that removing them leaves time to swap; the victim's names among them.
        let plant =
            "mkdir -p \(Terminal.quote(planted))/sub && cd \(Terminal.quote(planted)) && seq -f 'n%g' 1 20001 | xargs touch && "
            + "touch important-1.txt important-2.txt important-3.txt important-4.txt important-5.txt sub/a"
        #expect(try Terminal.runWithStatus("/bin/sh", ["-c", plant]).status == 0)
        // The swap, again and again, while the checks run: the planted folder, then a link to the victim.
        let swapping =
            "cd \(Terminal.quote(shared.path)) || exit 0; end=$(( $(date +%s) + 10 )); while [ $(date +%s) -lt $end ]; do "
            + "mv repl-replay-2147483001-planted real 2>/dev/null && ln -s \(Terminal.quote(victim.path)) repl-replay-2147483001-planted; "
            + "rm -f repl-replay-2147483001-planted; mv real repl-replay-2147483001-planted 2>/dev/null; done"
        let swapper = Process()
        swapper.executableURL = URL(fileURLWithPath: "/bin/sh")
        swapper.arguments = ["-c", swapping]
        try swapper.run()
        defer { swapper.terminate() }
        let transcript = try Binary.script("count: 0\nphotos> count 1\ncount: 1\n", name: "one.t")
        for _ in 0..<3 {
            let result = try Binary.run(["test", transcript], environment: ["TMPDIR": shared.path])
            #expect(result.status == 0, "\(result.stdout)")
            // Plant it again for the next try, if it was cleared.
            _ = try Terminal.runWithStatus("/bin/sh", ["-c", "[ -e \(Terminal.quote(planted)) ] || (\(plant))"])
        }
        swapper.terminate()
        swapper.waitUntilExit()
        for n in 1...5 {
            #expect(
                (try? String(contentsOfFile: victim.file("important-\(n).txt"), encoding: .utf8)) == "keep \(n)", "the victim's files stay")
        }
        // A leftover's name on a link is no leftover: left alone, never followed.
        try? FileManager.default.removeItem(atPath: planted)
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: victim.path)
        _ = try Binary.run(["test", transcript], environment: ["TMPDIR": shared.path])
        #expect(FileManager.default.fileExists(atPath: victim.file("important-1.txt")))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: planted)) == victim.path)
    }

    /// A header gives only what a recording writes; a number typed keeps to its range.
    @Test func aHeaderGivesOnlyWhatRecordingsWrite() throws {
        for (option, value) in [("--fetch-delay", "4294967295"), ("--timeout", "3600"), ("--no-animation", nil), ("--no-cache", nil)] {
            let script = try Binary.script("# photorepl: \(option)\(value.map { " " + $0 } ?? "")\ncount 1\nfetch\n")
            let result = try Binary.run(["run", script])
            #expect(result.status == 64, "\(option): \(result.stderr)")
            #expect(
                result.stderr.contains(
                    "\(option) is not taken from a header (a recording never writes it): type it on the command line instead"),
                "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let script = try Binary.script("count 1\n")
        let typed = try Binary.run(["run", "--fetch-delay", "4294967295", script])
        #expect(
            typed.status == 64 && typed.stderr.contains("--fetch-delay takes 0…60000 milliseconds, not '4294967295'"), "\(typed.stderr)")
    }

    /// A header's cassette is only replayed outside a check too: recorded, it sent the user's key to
    /// the API and created the file where the header said (`~/.config/autostart/planted.desktop`).
    @Test func aHeadersCassetteIsOnlyReplayed() throws {
        let home = try TemporaryFolder(), elsewhere = try TemporaryFolder()
        let planted = home.file("autostart-planted.desktop")
        let script = elsewhere.file("planted.txt")
        try "# photorepl: --source unsplash --cassette \(planted)\ncount 1\nfetch\n".write(
            toFile: script, atomically: true, encoding: .utf8)
        // Nothing listens there: a recording would keep the refused connection in the file.
        let environment = ["UNSPLASH_ACCESS_KEY": "planted-secret-key-42", "UNSPLASH_API_URL": "http://127.0.0.1:9/", "CI": ""]
        for arguments in [["run", script], ["--no-config"]] {
            let stdin = arguments.count == 1 ? FileManager.default.contents(atPath: script) : nil
            let result = try Binary.run(arguments, stdin: stdin, environment: environment, directory: elsewhere.url)
            #expect(result.status == 66, "\(arguments): \(result.stdout) \(result.stderr)")
            #expect(
                result.stderr.contains(
                    "there is no such cassette, and one a script's header names is only replayed, never recorded: to record it, type --cassette"
                ), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: planted), "\(arguments)")
        }
        // Typed by the person, it records (the refused connection).
        let typed = try Binary.run(
            ["run", "--keep-going", "--cassette", planted, script], environment: environment, directory: elsewhere.url)
        #expect(FileManager.default.fileExists(atPath: planted), "\(typed.stdout) \(typed.stderr)")
        // And a header's cassette that exists replays, with no key.
        let replay = elsewhere.file("replay.txt")
        let cassette = Binary.packageRoot.appendingPathComponent("Examples/unsplash.cassette.json").path
        try "# photorepl: --source unsplash --cassette \(cassette)\ncount 3\nfetch\n".write(
            toFile: replay, atomically: true, encoding: .utf8)
        let replayed = try Binary.run(["run", replay], environment: ["UNSPLASH_API_URL": "http://127.0.0.1:9/"])
        #expect(replayed.status == 0 && replayed.stdout.contains("Fetched 3 photos"), "\(replayed.stdout) \(replayed.stderr)")
    }

    /// A header's thumbnail cache is written only in the script's folder or the current one: a
    /// planted header wrote thumbnails wherever it named.
    @Test func aHeadersThumbnailCacheIsWrittenOnlyNearby() throws {
        let away = try TemporaryFolder(), scripts = try TemporaryFolder(), work = try TemporaryFolder()
        let photos = Binary.packageRoot.appendingPathComponent("Examples/thumbnails/photos").path
        for (cache, written) in [(away.file("cache"), false), (scripts.file("cache"), true)] {
            let script = scripts.file("thumbs.txt")
            try "# photorepl: --folder \(photos) --thumbnails \(cache) --preview ascii\ncount 2\nfetch\nopen 1\nback\nopen 2\n".write(
                toFile: script, atomically: true, encoding: .utf8)
            let result = try Binary.run(["run", script], directory: work.url)
            #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
            let made = (FileManager.default.enumerator(atPath: cache)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".png") }
            #expect(made.isEmpty != written, "\(cache): \(made)")
        }
    }
}
