import Foundation
import Testing

/// `photorepl run` as a user runs it: transcripts, exit codes, hostile input.
@Suite struct RunTests {
    /// Every example script, replayed, prints exactly its transcript (Examples/NAME.t).
    @Test(
        arguments: try! FileManager.default.contentsOfDirectory(atPath: Binary.packageRoot.appendingPathComponent("Examples").path)
            .filter { $0.hasSuffix(".txt") }.sorted())
    func examplesReplayToTheirTranscripts(script: String) throws {
        var expected = try String(
            contentsOf: Binary.packageRoot.appendingPathComponent("Examples/\(script.dropLast(4)).t"), encoding: .utf8)
        // A transcript's options header is not output: `run` reads the same header from the script.
        if expected.hasPrefix("# photorepl:") { expected = String(expected.drop { $0 != "\n" }.dropFirst()) }
        // Run on a copy of Examples: a script writes what it writes (the sidecars of a shoot culled)
        // beside the photos it runs on, and the examples must stay as they are.
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-examples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(
            at: Binary.packageRoot.appendingPathComponent("Examples"), to: copy.appendingPathComponent("Examples"))
        let result = try Binary.run(["run", "--keep-going", "Examples/\(script)"], directory: copy)
        #expect(result.stdout == expected)
        #expect(result.status == (result.stderr.isEmpty ? 0 : 1))
    }

    @Test func theSameScriptTwiceIsByteIdenticalAndTheSeedChangesThePhotos() throws {
        let first = try Binary.run(["run", "Examples/demo.txt"])
        let second = try Binary.run(["run", "Examples/demo.txt"])
        #expect(first.status == 0 && first.stdout == second.stdout && !first.stdout.isEmpty)
        let reseeded = try Binary.run(["run", "--seed", "7", "Examples/demo.txt"])
        #expect(reseeded.status == 0)
        #expect(reseeded.stdout != first.stdout)
        let ids = { (text: String) in text.split(separator: "\n").first { $0.hasPrefix("{\"stack\"") } }
        #expect(ids(reseeded.stdout) != ids(first.stdout))
    }

    @Test func anErrorStopsTheRunWithExit1AndFileAndLine() throws {
        let path = try Binary.script("count 2\n\n# comment\nfech\nfetch\n")
        let result = try Binary.run(["run", path])
        #expect(result.status == 1)
        #expect(result.stderr == "\(path):4: error: unknown command 'fech': did you mean 'fetch'? (type 'help' for the commands here)\n")
        #expect(
            result.stdout
                == "count: 0\nphotos> count 2\ncount: 2\nphotos> fech\nerror: unknown command 'fech': did you mean 'fetch'? (type 'help' for the commands here)\n"
        )
    }

    @Test func keepGoingRunsOnAndStillExits1() throws {
        let path = try Binary.script("count 99\ncount 2\nfetch\n")
        let result = try Binary.run(["run", "--keep-going", path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("Fetched 2 photos."))
        #expect(result.stderr == "\(path):1: error: count must be within 0…30, not 99 (type e.g. 'count 5')\nphotorepl: 1 command failed\n")
    }

    @Test func unreadableFilesExit66BeforeAnythingRuns() throws {
        let missing = try Binary.run(["run", "Examples/demo.txt", "no-such-script.txt"])
        #expect(missing.status == 66)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr == "photorepl: cannot read no-such-script.txt: No such file or directory\n")
        let directory = try Binary.run(["run", "Examples"])
        #expect(directory.status == 66)
        #expect(directory.stderr == "photorepl: cannot read Examples: Is a directory\n")
    }

    static let usage = "(usage: photorepl [OPTIONS] [DIR|PHOTO] [--record FILE] [--transcript FILE])"
    static let runUsage = "(usage: photorepl run [OPTIONS] [--keep-going] [--allow-writes DIR] [--record FILE] [--transcript FILE] FILE…)"
    static let testUsage = "(usage: photorepl test [OPTIONS] [--update] FILE|FOLDER…)"

    /// Each mistake on the command line: exit 64 before anything runs, and a message that says what to
    /// type instead, with the command's usage.
    @Test(arguments: [
        (["run"], "give at least one script file, e.g. photorepl run session.txt \(runUsage)"),
        (["test"], "give transcripts or folders, e.g. photorepl test Examples \(testUsage)"),
        (["--bogus"], "unknown option '--bogus' \(usage)"),
        (["run", "Examples/demo.txt", "--bogus=1"], "unknown option '--bogus' \(runUsage)"),
        (["frobnicate"], "unknown command 'frobnicate': to run a script, type 'photorepl run frobnicate' \(usage)"),
        (["run", "--seed", "x", "Examples/demo.txt"], "--seed takes a whole number, not 'x' (type e.g. --seed 7) \(runUsage)"),
        (["run", "Examples/demo.txt", "--seed=-1"], "--seed takes a whole number, not '-1' (type e.g. --seed 7) \(runUsage)"),
        (["--source", "flickr"], "--source takes embedded, folder or unsplash, not 'flickr' \(usage)"),
        (
            ["test", "--preview", "pictures", "Examples"],
            "--preview takes auto, symbols, sixel, kitty, iterm, ascii or none, not 'pictures' \(testUsage)"
        ),
        (
            ["run", "--preview-size", "80by40", "Examples/demo.txt"],
            "--preview-size takes COLSxROWS within 1x1…1000x500, e.g. 80x40, not '80by40' \(runUsage)"
        ),
        (
            ["run", "--preview-size=0x10", "Examples/demo.txt"],
            "--preview-size takes COLSxROWS within 1x1…1000x500, e.g. 80x40, not '0x10' \(runUsage)"
        ),
        // A size past the limits did not say what they are.
        (
            ["run", "--preview-size=1000x1000", "Examples/demo.txt"],
            "--preview-size takes COLSxROWS within 1x1…1000x500, e.g. 80x40, not '1000x1000' \(runUsage)"
        ),
        (
            ["run", "--timeout", "soon", "Examples/demo.txt"],
            "--timeout takes 1…3600 seconds, not 'soon' (type e.g. --timeout 30) \(runUsage)"
        ),
        (["run", "--timeout", "0", "Examples/demo.txt"], "--timeout takes 1…3600 seconds, not 0 (type e.g. --timeout 30) \(runUsage)"),
        (
            ["run", "--timeout", "3601", "Examples/demo.txt"],
            "--timeout takes 1…3600 seconds, not 3601 (type e.g. --timeout 30) \(runUsage)"
        ),
        (["--fetch-delay", "1.5"], "--fetch-delay takes 0…60000 milliseconds, not '1.5' (type e.g. --fetch-delay 500) \(usage)"),
        (["run", "Examples/demo.txt", "--seed"], "--seed needs a value: type --seed SEED \(runUsage)"),
        (
            ["run", "--source", "embedded", "--folder", "Examples/photos", "Examples/demo.txt"],
            "--folder needs the folder source: drop --source embedded, or use --source folder \(runUsage)"
        ),
        (
            ["run", "--cassette", "c.json", "Examples/demo.txt"],
            "--cassette records and replays a network source: add --source unsplash \(runUsage)"
        ),
        (["run", "--update", "Examples/demo.txt"], "--update is an option of 'photorepl test' \(runUsage)"),
        (["test", "--record", "r.txt", "Examples"], "--record is not an option of 'photorepl test' \(testUsage)")
    ])
    func badUsageExits64WithWhatToTypeInstead(arguments: [String], message: String) throws {
        let result = try Binary.run(arguments, stdin: Data("count 1\n".utf8))
        #expect(result.status == 64)
        #expect(result.stderr == "photorepl: \(message)\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func optionsAreReadAnywhereInBothForms() throws {
        let seven = try Binary.run(["run", "--seed", "7", "Examples/demo.txt"])
        #expect(seven.status == 0)
        #expect(try Binary.run(["--seed=7", "run", "Examples/demo.txt"]).stdout == seven.stdout)
        #expect(try Binary.run(["run", "Examples/demo.txt", "--seed", "7"]).stdout == seven.stdout)
    }

    @Test func aScriptHeadersOptionsThatAreNotValidSayWhy() throws {
        let script = try Binary.script("# photorepl: --preview pictures\ncount 1\n")
        let result = try Binary.run(["run", script])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        // The message named the script's folder, not the script and its line.
        #expect(
            result.stderr
                == "photorepl: \(script):1: the options in '# photorepl: --preview pictures' are not valid: --preview takes auto, symbols, sixel, kitty, iterm, ascii or none, not 'pictures'\n"
        )
        let positional = try Binary.run(["run", try Binary.script("# photorepl: --seed 7 demo.txt\ncount 1\n")])
        #expect(positional.status == 64)
        #expect(
            positional.stderr.hasSuffix(
                ": the options in '# photorepl: --seed 7 demo.txt' are not valid: 'demo.txt' is not an option: only options go here\n"))
        let launcherOption = try Binary.run(["run", try Binary.script("# photorepl: --record r.txt\ncount 1\n")])
        #expect(launcherOption.status == 64)
        #expect(
            launcherOption.stderr.hasSuffix(": the options in '# photorepl: --record r.txt' are not valid: unknown option '--record'\n"))
        // An unterminated quote showed Swift's debug text, `unterminatedQuote("'")`.
        let quoted = try Binary.script("# photorepl: --folder 'my photos\ncount 1\n")
        let unterminated = try Binary.run(["run", quoted])
        #expect(unterminated.status == 64)
        #expect(
            unterminated.stderr
                == "photorepl: \(quoted):1: the options after '# photorepl:' are not a valid command line: missing closing ': close the quote, or escape it as \\'\n"
        )
        let test = try Binary.run(["test", quoted])
        #expect(
            test.stderr.contains("\(quoted):1: the options after '# photorepl:' are not a valid command line: missing closing '"),
            "\(test.stderr)")
    }

    @Test func helpAndVersion() throws {
        let help = try Binary.run(["--help"])
        #expect(help.status == 0)
        #expect(
            help.stdout.hasPrefix(
                "A scriptable REPL for Clean Swift scenes: browse photos in a terminal.\n\nUSAGE: photorepl [OPTIONS] [DIR|PHOTO] [--record FILE] [--transcript FILE]\n       photorepl run [OPTIONS]"
            ))
        for option in [
            "--source SOURCE", "--folder DIR", "--seed SEED", "--preview MODE", "--preview-size COLSxROWS", "--cassette FILE",
            "--timeout SECONDS", "--fetch-delay MILLISECONDS", "--record FILE", "--transcript FILE"
        ] {
            #expect(help.stdout.contains("\n  \(option) ") || help.stdout.contains("\n  \(option)\n"), "\(option)")
        }
        #expect(
            help.stdout.contains("\n  --seed SEED         The seed of the random picks: the same seed, the same photos (default: 2024).\n"))
        #expect(!help.stdout.contains("--folder-shown-as"))
        let run = try Binary.run(["help", "run"])
        #expect(
            run.status == 0 && run.stdout.contains("USAGE: photorepl run [OPTIONS] [--keep-going]")
                && run.stdout.contains("\n  --preview MODE "))
        let test = try Binary.run(["test", "--help"])
        #expect(
            test.status == 0 && test.stdout.contains("USAGE: photorepl test [OPTIONS] [--update]")
                && test.stdout.contains("\n  --seed SEED "))
        let version = try Binary.run(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("photorepl 0.2.0 (commit "))
    }

    @Test func severalFilesRunInOneSession() throws {
        let a = try Binary.script("count 3\n", name: "a.txt")
        let b = try Binary.script("count +\nstate --json\n", name: "b.txt")
        let result = try Binary.run(["run", a, b])
        #expect(result.status == 0)
        #expect(
            result.stdout.hasSuffix(
                "count: 4\nphotos> state --json\n{\"stack\":[\"collection\"],\"count\":4,\"photos\":[],\"page\":0,\"source\":\"embedded\",\"layout\":\"list\"}\n"
            ))
    }

    @Test func quitEndsTheRunSuccessfully() throws {
        let result = try Binary.run(["run", try Binary.script("count 1\nquit\ncount 5\n")])
        #expect(result.status == 0)
        #expect(result.stdout == "count: 0\nphotos> count 1\ncount: 1\nphotos> quit\n")
    }

    @Test func standardInputIsAScriptToo() throws {
        let piped = try Binary.run([], stdin: Data("count 2\r\nfetch\nstate --json".utf8))
        #expect(piped.status == 0)
        #expect(piped.stdout.hasPrefix("count: 0\nphotos> count 2\ncount: 2\nphotos> fetch\nFetched 2 photos.\n"))
        #expect(piped.stdout.hasSuffix("\"page\":1,\"source\":\"embedded\",\"layout\":\"list\"}\n"))
        let dash = try Binary.run(["run", "-"], stdin: Data("fech\n".utf8))
        #expect(dash.status == 1 && dash.stderr.hasPrefix("<stdin>:1: error: unknown command 'fech'"))
    }

    @Test func countingUpAndDownStaysWithinTheLimits() throws {
        let up = try Binary.run(["run", try Binary.script(String(repeating: "count +\n", count: 31) + "fetch\nstate --json\n")])
        #expect(up.status == 0)
        #expect(up.stdout.contains("count: 30 (the maximum)\n"))
        #expect(up.stdout.contains("Fetched 30 photos."))
        let down = try Binary.run(["run", try Binary.script("count -\nfetch\n")])
        #expect(
            down.stdout
                == "count: 0\nphotos> count -\ncount: 0 (the minimum)\nphotos> fetch\nNothing to fetch: the count is 0. Type 'count +' or 'count N' first.\n"
        )
    }

    @Test func fetchingFiveShowsFiveDistinctPhotos() throws {
        let result = try Binary.run(["run", try Binary.script("count 5\nfetch\nstate --json\n")])
        let json = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        let state = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        let photos = state["photos"] as! [String]
        #expect(Set(photos).count == 5)
        #expect(state["stack"] as? [String] == ["collection"])
        #expect(state["count"] as? Int == 5 && state["page"] as? Int == 1)
        #expect(result.stdout.contains("● ○ ○ ○ ○  1/5\n"))
    }

    @Test func scriptRunsDoNotTouchTheHistory() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("home-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let environment = ["HOME": home, "XDG_STATE_HOME": ""]
        #expect(try Binary.run(["run", "Examples/demo.txt"], environment: environment).status == 0)
        #expect(try Binary.run([], stdin: Data("count 2\nquit\n".utf8), environment: environment).status == 0)
        #expect(!FileManager.default.fileExists(atPath: home + "/.local"))
    }

    @Test func runInsideASessionRunsAScriptsCommandsInIt() throws {
        let demo = try String(contentsOf: Binary.packageRoot.appendingPathComponent("Examples/demo.t"), encoding: .utf8)
        let result = try Binary.run(["run", try Binary.script("run Examples/demo.txt\nstate --json\n")])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("count: 0\nphotos> run Examples/demo.txt\n" + demo.dropFirst("count: 0\n".count)))
        let loop = try Binary.script("count +\n", name: "loop.txt")
        try "count +\nrun \(loop)\n".write(toFile: loop, atomically: true, encoding: .utf8)
        let looping = try Binary.run(["run", loop])
        #expect(looping.status == 1)
        #expect(looping.stdout.contains("error: scripts run each other more than 8 deep: is one running itself?"))
        let failing = try Binary.run(["run", try Binary.script("run \(try Binary.script("count 1\nfech\ncount 2\n", name: "inner.txt"))\n")]
        )
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("photos> fech\nerror: unknown command 'fech'"))
        #expect(!failing.stdout.contains("count: 2"))
        #expect(failing.stdout.contains("inner.txt:2 failed, so the rest of"))
    }

    @Test func anEmptyScriptRunsNothing() throws {
        let result = try Binary.run(["run", try Binary.script("")])
        #expect(result.status == 0 && result.stdout == "count: 0\n" && result.stderr.isEmpty)
    }

    /// A line with no end grew until the memory ran out (/dev/zero: 4 GB, then an abort).
    @Test func aLineOverAMegabyteStopsTheRunWithFileAndLine() throws {
        let long = String(repeating: "x", count: 10 << 20)
        let path = try Binary.script("count 1\n\(long)\ncount 2\n")
        let result = try Binary.run(["run", path])
        #expect(result.status == 66)
        #expect(result.stderr == "\(path):2: error: the line is longer than 1 MB: is this a script? (commands are one short line each)\n")
        #expect(result.stdout == "count: 0\nphotos> count 1\ncount: 1\n")
        let endless = try Binary.run(["run", "-"], stdin: Data(repeating: 0, count: 3 << 20))
        #expect(endless.status == 66)
        #expect(endless.stderr == "<stdin>:1: error: the line is longer than 1 MB: is this a script? (commands are one short line each)\n")
    }

    /// `run` of a FIFO with no writer waited for good (only SIGKILL ended it, the history
    /// lost), and `run /dev/zero` read until the memory ran out.
    @Test func fifosAndDevicesAreRefusedAtOnceWithWhatToTypeInstead() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-fifo-\(UUID().uuidString)").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let direct = try Binary.run(["run", fifo])
        #expect(direct.status == 66)
        #expect(
            direct.stderr
                == "photorepl: cannot read \(fifo): it is not a regular file (a FIFO): a pipe is read from standard input, as '-'\n")
        let device = try Binary.run(["test", "/dev/zero"])
        #expect(device.status == 66)
        #expect(device.stderr.contains("cannot read /dev/zero: it is not a regular file (a character device)"))
        let inside = try Binary.run(["run", try Binary.script("run \(fifo)\ncount 2\n")])
        #expect(inside.status == 1)
        #expect(
            inside.stdout.contains(
                "error: cannot read \(fifo): it is not a regular file (a FIFO): a pipe is read from standard input, as '-'\n"))
    }

    @Test func binaryGarbageIsSanitizedAndDoesNotCrash() throws {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes += Array("\ncount 3\n\u{1B}[31mred\n".utf8)
        let result = try Binary.run(["run", "--keep-going", try Binary.script(Data(bytes))])
        #expect(result.status == 1)
        #expect(!result.stdout.utf8.contains(0x1B) && !result.stderr.utf8.contains(0x1B))
        #expect(result.stdout.contains("photos> count 3\ncount: 3\n"))
        #expect(result.stdout.contains("photos> ^[[31mred\nerror: unknown command '^[[31mred'"))
    }
}
