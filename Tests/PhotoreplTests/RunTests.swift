import Foundation
import Testing

/// `photorepl run` as a user runs it: transcripts, exit codes, hostile input.
@Suite struct RunTests {
    /// Every example script, replayed, prints exactly its transcript (Examples/NAME.t).
    @Test(arguments: try! FileManager.default.contentsOfDirectory(atPath: Binary.packageRoot.appendingPathComponent("Examples").path)
        .filter { $0.hasSuffix(".txt") }.sorted())
    func examplesReplayToTheirTranscripts(script: String) throws {
        var expected = try String(contentsOf: Binary.packageRoot.appendingPathComponent("Examples/\(script.dropLast(4)).t"), encoding: .utf8)
        // A transcript's options header is not output: `run` reads the same header from the script.
        if expected.hasPrefix("# photorepl:") { expected = String(expected.drop { $0 != "\n" }.dropFirst()) }
        let result = try Binary.run(["run", "--keep-going", "Examples/\(script)"])
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
        #expect(result.stdout == "count: 0\nphotos> count 2\ncount: 2\nphotos> fech\nerror: unknown command 'fech': did you mean 'fetch'? (type 'help' for the commands here)\n")
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

    @Test func badUsageExits64() throws {
        for arguments in [["run"], ["run", "--seed", "x", "a.txt"], ["--source", "flickr"], ["--bogus"], ["frobnicate"]] {
            let result = try Binary.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.contains("Error:") || result.stderr.contains("error:"), "\(arguments)")
        }
    }

    @Test func helpAndVersion() throws {
        let help = try Binary.run(["--help"])
        #expect(help.status == 0 && help.stdout.contains("USAGE: photorepl") && help.stdout.contains("run"))
        let version = try Binary.run(["--version"])
        #expect(version.status == 0 && version.stdout == "0.1.0\n")
    }

    @Test func severalFilesRunInOneSession() throws {
        let a = try Binary.script("count 3\n", name: "a.txt")
        let b = try Binary.script("count +\nstate --json\n", name: "b.txt")
        let result = try Binary.run(["run", a, b])
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("count: 4\nphotos> state --json\n{\"stack\":[\"collection\"],\"count\":4,\"photos\":[],\"page\":0,\"source\":\"embedded\"}\n"))
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
        #expect(piped.stdout.hasSuffix("\"page\":1,\"source\":\"embedded\"}\n"))
        let dash = try Binary.run(["run", "-"], stdin: Data("fech\n".utf8))
        #expect(dash.status == 1 && dash.stderr.hasPrefix("<stdin>:1: error: unknown command 'fech'"))
    }

    @Test func countingUpAndDownStaysWithinTheLimits() throws {
        let up = try Binary.run(["run", try Binary.script(String(repeating: "count +\n", count: 31) + "fetch\nstate --json\n")])
        #expect(up.status == 0)
        #expect(up.stdout.contains("count: 30 (the maximum)\n"))
        #expect(up.stdout.contains("Fetched 30 photos."))
        let down = try Binary.run(["run", try Binary.script("count -\nfetch\n")])
        #expect(down.stdout == "count: 0\nphotos> count -\ncount: 0 (the minimum)\nphotos> fetch\nNothing to fetch: the count is 0. Type 'count +' or 'count N' first.\n")
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
        let failing = try Binary.run(["run", try Binary.script("run \(try Binary.script("count 1\nfech\ncount 2\n", name: "inner.txt"))\n")])
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("photos> fech\nerror: unknown command 'fech'"))
        #expect(!failing.stdout.contains("count: 2"))
        #expect(failing.stdout.contains("inner.txt:2 failed, so the rest of"))
    }

    @Test func anEmptyScriptRunsNothing() throws {
        let result = try Binary.run(["run", try Binary.script("")])
        #expect(result.status == 0 && result.stdout == "count: 0\n" && result.stderr.isEmpty)
    }

    @Test func aTenMegabyteLineIsAnErrorNotACrash() throws {
        let long = String(repeating: "x", count: 10 << 20)
        let result = try Binary.run(["run", try Binary.script("count 1\n\(long)\ncount 2\n")])
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix(":2: error: unknown command 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (type 'help' for the commands here)\n"))
        #expect(!result.stdout.contains("count: 2"))
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
