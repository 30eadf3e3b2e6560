import Foundation
import REPLEngine
import Testing
@testable import REPLLauncher

/// A scene to launch: `inc` counts, `fail` fails.
@MainActor
final class CounterScene: SceneView {
    static let sceneName = "counter"
    var value = 0
    let console: Console
    init(_ context: SceneContext) { console = context.console }
    var title: String { "demo" }
    func sceneDidLoad() { console.writeLine("ready") }
    func stateFields() -> [StateField] { [StateField("value", .int(value))] }

    static let commands: [Command<CounterScene>] = [
        Command("inc", summary: "adds one") { scene, _ in
            scene.value += 1
            scene.console.writeLine("value: \(scene.value)")
        },
        Command("fail", summary: "always fails") { _, _ in throw CommandError("it failed") }
    ]
}

/// The launcher's runs for a small app, with its output captured: transcripts, messages, exit codes.
@MainActor
@Suite(.serialized) struct LauncherTests {
    let output = OutputSink.memory()
    let errors = OutputSink.memory()
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("launcher-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// An app without options; `failure` makes its sessions fail to start, `outputFailures` is what it
    /// reports it could not write.
    func app(failure: SessionSetupFailure? = nil, outputFailures: [String] = [], opening: [String] = []) -> REPLApp<Void> {
        var app = REPLApp(name: "demo", version: "1.2", summary: "A demo.") { setup throws(SessionSetupFailure) in
            if let failure { throw failure }
            let engine = Engine(console: setup.console)
            engine.register(SceneModule(CounterScene.self) { CounterScene($0) })
            engine.start(root: CounterScene.self)
            engine.opening = opening
            return AppSession(engine: engine, outputFailures: { outputFailures })
        }
        app.standardOutput = output
        app.standardError = errors
        app.wantsColour = false
        app.isOnCI = false
        app.configPath = nil
        app.outputIsTerminal = false
        app.catchesSignals = false
        return app
    }

    /// An app's opening commands run before a script's, only the last one's output shown;
    /// one that fails stops the run (exit 1) before the script's commands, which would run on what
    /// was not opened.
    @Test func openingCommandsRunFirstAndAFailureStopsTheScript() async throws {
        let script = try file("s.txt", "inc\n")
        #expect(await app(opening: ["inc", "inc"]).run(arguments: ["run", script]) == 0)
        #expect(output.text == "ready\nvalue: 2\ndemo> inc\nvalue: 3\n", "\(output.text)")
        output.clear()
        #expect(await app(opening: ["inc", "fail"]).run(arguments: ["run", script]) == 1)
        #expect(output.text == "ready\nerror: it failed\n", "\(output.text)")
    }

    func file(_ name: String, _ text: String) throws -> String {
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aScriptPrintsItsTranscript() async throws {
        let script = try file("a.txt", "inc\n# a comment\ninc\nstate --json\n")
        #expect(await app().run(arguments: ["run", script]) == 0)
        #expect(
            output.text == "ready\ndemo> inc\nvalue: 1\ndemo> inc\nvalue: 2\ndemo> state --json\n{\"stack\":[\"counter\"],\"value\":2}\n")
        #expect(errors.text.isEmpty)
    }

    @Test func aFailedCommandStopsTheRunWithExit1UnlessKeepGoing() async throws {
        let script = try file("a.txt", "inc\nfail\ninc\n")
        #expect(await app().run(arguments: ["run", script]) == 1)
        #expect(output.text == "ready\ndemo> inc\nvalue: 1\ndemo> fail\nerror: it failed\n")
        #expect(errors.text == "\(script):2: error: it failed\n")
        output.clear()
        errors.clear()
        #expect(await app().run(arguments: ["run", "--keep-going", script]) == 1)
        #expect(output.text.hasSuffix("demo> inc\nvalue: 2\n"))
        #expect(errors.text == "\(script):2: error: it failed\ndemo: 1 command failed\n")
    }

    @Test func anUnreadableScriptIsExit66BeforeAnythingRuns() async throws {
        let script = try file("a.txt", "inc\n")
        #expect(await app().run(arguments: ["run", script, folder + "/missing.txt"]) == 66)
        #expect(output.text.isEmpty)
        #expect(errors.text == "demo: cannot read \(folder)/missing.txt: No such file or directory\n")
    }

    @Test func aHeaderAsksForOptionsThatAnAppWithoutOptionsRefuses() async throws {
        let plain = try file("plain.txt", "# demo:\ninc\n")
        #expect(await app().run(arguments: ["run", plain]) == 0)
        let asking = try file("asking.txt", "# demo: --seed 7\ninc\n")
        #expect(await app().run(arguments: ["run", asking]) == 64)
        #expect(errors.text == "demo: \(asking):1: '# demo: --seed 7' asks for options, and demo takes none: remove them\n")
    }

    @Test func aRecordingReplaysTheSessionAndSaysHow() async throws {
        let script = try file("a.txt", "inc\ninc\n")
        let record = folder + "/r.txt", transcript = folder + "/t.t"
        #expect(await app().run(arguments: ["run", "--record", record, "--transcript", transcript, script]) == 0)
        #expect(
            try String(contentsOfFile: record, encoding: .utf8)
                == "# demo: --keep-going\n# Recorded by demo 1.2: 'demo run \(record)' replays it.\ninc\ninc\n")
        #expect(try String(contentsOfFile: transcript, encoding: .utf8) == output.text)
        let attributes = try FileManager.default.attributesOfItem(atPath: record)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func outputsThatCannotBeWrittenAreExit73() async throws {
        let script = try file("a.txt", "inc\n")
        #expect(await app().run(arguments: ["run", "--transcript", "/dev/full", script]) == 73)
        #expect(errors.text == "demo: cannot write /dev/full: it is not a regular file (a character device)\n")
        errors.clear()
        #expect(await app().run(arguments: ["run", "--record", folder + "/no/such/folder.txt", script]) == 73)
        #expect(errors.text == "demo: cannot record to \(folder)/no/such/folder.txt: No such file or directory\n")
        errors.clear()
        #expect(await app(outputFailures: ["cannot write the log: disk full"]).run(arguments: ["run", script]) == 73)
        #expect(errors.text == "demo: cannot write the log: disk full\n")
    }

    @Test func aSessionThatCannotStartSaysWhyWithItsExitCode() async throws {
        let script = try file("a.txt", "inc\n")
        let failing = app(failure: SessionSetupFailure(message: "no key: set DEMO_KEY", exitCode: 64))
        #expect(await failing.run(arguments: ["run", script]) == 64)
        #expect(errors.text == "demo: no key: set DEMO_KEY\n")
        #expect(output.text.isEmpty)
    }

    @Test func transcriptsPassFailAndCannotBeRead() async throws {
        let good = try file("good.t", "ready\ndemo> inc\nvalue: 1\n")
        let bad = try file("bad.t", "ready\ndemo> inc\nvalue: 2\n")
        #expect(await app().run(arguments: ["test", good]) == 0)
        #expect(output.text == "PASS \(good)\n1 passed, 0 failed\n")
        output.clear()
        #expect(await app().run(arguments: ["test", folder]) == 1)
        #expect(output.text.hasPrefix("FAIL \(folder)/bad.t\n\(folder)/bad.t:2: the output of 'demo> inc' differs\n"))
        #expect(output.text.hasSuffix("PASS \(folder)/good.t\n1 passed, 1 failed\n"))
        output.clear()
        #expect(await app().run(arguments: ["test", "--update", bad]) == 0)
        #expect(output.text.hasSuffix("UPDATED \(bad)\n0 passed, 0 failed, 1 updated\n"))
        #expect(try String(contentsOfFile: bad, encoding: .utf8) == "ready\ndemo> inc\nvalue: 1\n")
        #expect(await app().run(arguments: ["test", folder + "/missing.t"]) == 66)
        #expect(errors.text == "demo: cannot read \(folder)/missing.t: No such file or directory\n")
    }

    @Test func helpVersionAndUsageErrors() async {
        #expect(await app().run(arguments: ["--version"]) == 0)
        #expect(output.text == "demo 1.2\n")
        output.clear()
        #expect(await app().run(arguments: ["--help"]) == 0)
        #expect(output.text.hasPrefix("A demo.\n\nUSAGE: demo [--record FILE] [--transcript FILE]\n"))
        #expect(await app().run(arguments: ["frobnicate"]) == 64)
        #expect(
            errors.text
                == "demo: unknown command 'frobnicate': to run a script, type 'demo run frobnicate' (usage: demo [--record FILE] [--transcript FILE])\n"
        )
    }

    /// The options of the apps below: where counting starts, and a name for tests (hidden).
    struct Counting: Sendable {
        var start = 0
        var debugName: String?
    }

    static let countingOptions = AppOptions(
        defaults: Counting(),
        [
            .value(
                "--start", \.start, valueName: "N", help: "Where counting starts (default: 0).", changesOutput: true,
                parse: { Int($0) }, invalid: { "--start takes a whole number, not '\($0)' (type e.g. --start 3)" }),
            .text("--debug-name", \.debugName, valueName: "NAME", help: "For tests.", isHidden: true)
        ])

    /// An app with options that `main()` runs: the launcher reads them anywhere on the command line,
    /// the app turns them into its options, and a mistake in them is a usage error.
    func countingApp(seen: @escaping @MainActor (Int) -> Void = { _ in }) -> REPLApp<Counting> {
        var app = REPLApp(name: "opts", version: "2", summary: "Counts from a start.", options: Self.countingOptions) {
            options, setup throws(SessionSetupFailure) in
            seen(options.start)
            let engine = Engine(console: setup.console)
            engine.register(SceneModule(CounterScene.self) { CounterScene($0) })
            engine.start(root: CounterScene.self)
            return AppSession(engine: engine)
        }
        app.standardOutput = output
        app.standardError = errors
        app.wantsColour = false
        app.isOnCI = false
        app.configPath = nil
        app.outputIsTerminal = false
        app.catchesSignals = false
        return app
    }

    /// A header's options apply under the command line's (what is typed wins), and a
    /// recording writes the options that change the output, and `--keep-going`, in a header `run`
    /// applies.
    @Test func aHeaderAppliesUnderTheCommandLineAndARecordingWritesOne() async throws {
        var seen: [Int] = []
        let app = countingApp { seen.append($0) }
        let script = try file("a.txt", "# opts: --start 5\ninc\n")
        let record = folder + "/r.txt"
        #expect(await app.scripts([script], keepGoing: false, SessionOutputs(record: record)) == 0)
        #expect(await app.run(arguments: ["run", "--start", "9", script]) == 0)
        #expect(seen == [5, 9])
        #expect(
            try String(contentsOfFile: record, encoding: .utf8) == """
                # opts: --keep-going --start 5
                # Recorded by opts 2: 'opts run \(record)' replays it.
                inc

                """)
        let transcript = try file("a.t", "# opts: x\nready\n")
        #expect(await app.transcripts([transcript], update: false) == 66)
        #expect(
            errors.text == "opts: \(transcript):1: the options in '# opts: x' are not valid: 'x' is not an option: only options go here\n")
    }

    @Test func anAppsOptionsReachItsSessionsFromAnywhereOnTheCommandLine() async throws {
        var seen: [Int] = []
        let app = countingApp { seen.append($0) }
        let script = try file("a.txt", "inc\n")
        #expect(await app.run(arguments: ["--start", "5", "run", script]) == 0)
        #expect(await app.run(arguments: ["run", script, "--start=6"]) == 0)
        #expect(await app.run(arguments: ["run", "--debug-name", "x", script]) == 0)
        let transcript = try file("a.t", "ready\ndemo> inc\nvalue: 1\n")
        #expect(await app.run(arguments: ["test", "--start", "7", transcript]) == 0)
        #expect(seen == [5, 6, 0, 7])
        #expect(errors.text.isEmpty)
    }

    @Test func anAppsOptionMistakesAreUsageErrorsWithTheCommandsUsage() async throws {
        let script = try file("a.txt", "inc\n")
        #expect(await countingApp().run(arguments: ["run", "--start", "x", script]) == 64)
        #expect(
            errors.text
                == "opts: --start takes a whole number, not 'x' (type e.g. --start 3) (usage: opts run [OPTIONS] [--keep-going] [--allow-writes DIR] [--record FILE] [--transcript FILE] FILE…)\n"
        )
        errors.clear()
        #expect(await countingApp().run(arguments: ["--start"]) == 64)
        #expect(errors.text == "opts: --start needs a value: type --start N (usage: opts [OPTIONS] [--record FILE] [--transcript FILE])\n")
        errors.clear()
        #expect(await countingApp().run(arguments: ["test", "a.t", "--stop", "1"]) == 64)
        #expect(errors.text == "opts: unknown option '--stop' (usage: opts test [OPTIONS] [--update] FILE|FOLDER…)\n")
        #expect(output.text.isEmpty)
    }

    @Test func anAppsHelpListsItsOptionsAndItsVersionIsItsOwn() async {
        #expect(await countingApp().run(arguments: ["--help", "--start", "x"]) == 0)
        #expect(output.text.hasPrefix("Counts from a start.\n\nUSAGE: opts [OPTIONS] [--record FILE] [--transcript FILE]\n"))
        #expect(output.text.contains("OPTIONS:\n  --start N           Where counting starts (default: 0).\n  --allow-writes DIR"))
        #expect(!output.text.contains("--debug-name"))
        output.clear()
        #expect(await countingApp().run(arguments: ["--version"]) == 0)
        #expect(output.text == "opts 2\n")
        #expect(errors.text.isEmpty)
    }
}
