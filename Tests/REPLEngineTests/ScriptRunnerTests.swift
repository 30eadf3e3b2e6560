import Foundation
import Testing
@testable import REPLEngine

/// Lines from an array: the fake line source.
struct ArraySource: LineSource {
    var lines: [String]
    var number = 0

    init(_ lines: [String]) { self.lines = lines }

    mutating func next() -> SourceLine? {
        guard number < lines.count else { return nil }
        number += 1
        return SourceLine(number: number, text: lines[number - 1])
    }
}

@MainActor
@Suite(.serialized) struct ScriptRunnerTests {
    let output = OutputSink.memory()
    let diagnostics = OutputSink.memory()
    let engine: Engine

    init() {
        engine = Engine(console: Console(output: output, diagnostics: diagnostics))
        engine.register(SceneModule(RootScene.self) { RootScene($0) })
        engine.register(SceneModule(ChildScene.self) { ChildScene($0) })
        engine.start(root: RootScene.self)
    }

    func run(_ lines: [String], keepGoing: Bool = false) async throws -> (goOn: Bool, runner: ScriptRunner) {
        let runner = ScriptRunner(engine: engine, keepGoing: keepGoing)
        var source = ArraySource(lines)
        let goOn = try await runner.run(&source, name: "demo.txt")
        engine.console.flush()
        return (goOn, runner)
    }

    @Test func echoesEachCommandAfterItsPromptAndSkipsComments() async throws {
        let (goOn, runner) = try await run(["# a comment", "", "  inc  ", "\t# another", "child", "ping"])
        #expect(goOn)
        #expect(runner.failureCount == 0)
        #expect(output.text == "app> inc\nvalue: 1\napp> child\napp/child> ping\n")
        #expect(diagnostics.text.isEmpty)
    }

    @Test func stopsAtTheFirstError() async throws {
        let (goOn, runner) = try await run(["inc", "fail", "inc"])
        #expect(!goOn)
        #expect(runner.failureCount == 1)
        #expect(output.text == "app> inc\nvalue: 1\napp> fail\nerror: it failed\n")
        #expect(diagnostics.text == "demo.txt:2: error: it failed\n")
    }

    @Test func keepGoingRunsEverythingAndCountsFailures() async throws {
        let (goOn, runner) = try await run(["fail", "nope", "inc"], keepGoing: true)
        #expect(goOn)
        #expect(runner.failureCount == 2)
        #expect(output.text.hasSuffix("app> inc\nvalue: 1\n"))
        #expect(
            diagnostics.text == """
                demo.txt:1: error: it failed
                demo.txt:2: error: unknown command 'nope' (type 'help' for the commands here)

                """)
    }

    @Test func quitStopsReading() async throws {
        let (goOn, runner) = try await run(["quit", "inc"])
        #expect(!goOn)
        #expect(runner.didQuit)
        #expect(output.text == "app> quit\n")
    }

    @Test func aByteOrderMarkIsNotPartOfTheFirstCommand() {
        #expect(ScriptRunner.command(in: SourceLine(number: 1, text: "\u{FEFF}inc")) == "inc")
        #expect(ScriptRunner.command(in: SourceLine(number: 1, text: "  # note")) == "")
        #expect(ScriptRunner.command(in: SourceLine(number: 2, text: "\u{FEFF}inc")) == "\u{FEFF}inc")
        #expect(ScriptRunner.command(in: SourceLine(number: 3, text: "\t open  2 \t")) == "open  2")
        #expect(ScriptRunner.command(in: SourceLine(number: 4, text: " \t ")) == "")
        #expect(ScriptRunner.command(in: SourceLine(number: 5, text: "é")) == "é")
    }
}

/// A scene whose command waits, and notes what had been written out when it did.
@MainActor
final class WaitingScene: SceneView {
    static let sceneName = "waiting"
    /// The sink the engine writes to, and what it held when `wait` waited.
    static var sink: OutputSink?
    static var writtenAtWait: String?
    let console: Console
    unowned let effects: any SceneEffects
    init(_ context: SceneContext) {
        console = context.console
        effects = context.effects
    }
    var title: String { "w" }

    static let commands: [Command<WaitingScene>] = [
        Command("say", arguments: [Argument("TEXT")], summary: "prints TEXT") { scene, arguments in
            scene.console.writeLine(arguments[0])
        },
        // Work the command waits for, as a worker's is: scheduled, and awaited before it ends.
        Command("wait", summary: "waits, then prints") { scene, _ in
            scene.effects.finishBeforeCommandEnds { [console = scene.console] in
                WaitingScene.writtenAtWait = WaitingScene.sink?.text
                console.writeLine("waited")
            }
        }
    ]
}

@MainActor
@Suite(.serialized) struct ScriptRunnerStreamingTests {
    /// What commands printed is written out before a command waits (before, a script's output was
    /// held until 64 KB or the end, on a terminal as in a pipe); commands that do not wait are
    /// written in batches.
    @Test func outputIsWrittenBeforeACommandWaits() async throws {
        let output = OutputSink.memory()
        WaitingScene.sink = output
        let engine = Engine(console: Console(output: output, diagnostics: .memory()))
        engine.register(SceneModule(WaitingScene.self) { WaitingScene($0) })
        engine.start(root: WaitingScene.self)
        let runner = ScriptRunner(engine: engine, keepGoing: false)
        var source = ArraySource(["say one", "say two", "wait", "say three"])
        #expect(try await runner.run(&source, name: "s.txt"))
        #expect(WaitingScene.writtenAtWait == "w> say one\none\nw> say two\ntwo\nw> wait\n")
        engine.console.flush()
        #expect(output.text == "w> say one\none\nw> say two\ntwo\nw> wait\nwaited\nw> say three\nthree\n")
    }

    /// The console's position before a command, and a cut back to it, as a run interrupted in a
    /// command does: the transcript's file loses what the command wrote, written out or not.
    @Test func aTranscriptIsCutBackToWhereACommandBegan() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID().uuidString).t").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let console = Console(output: .memory(), diagnostics: .memory())
        try console.startTranscript(at: path)
        console.writeLine("kept")
        console.flush()
        let position = console.position
        console.writeLine("written, then cut")
        console.flush()
        console.writeLine("buffered, then cut")
        console.cut(to: position)
        console.writeLine("after")
        #expect(console.finishTranscript(firstLine: "# app: --seed 3") == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "# app: --seed 3\nkept\nafter\n")
    }

    /// A session writes the commands before `record FILE` into the recording, which its replay needs
    /// to reach where the recording began.
    @Test func recordWritesTheCommandsBeforeIt() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = OutputSink.memory()
        let engine = Engine(console: Console(output: output, diagnostics: .memory()))
        engine.register(SceneModule(WaitingScene.self) { WaitingScene($0) })
        engine.start(root: WaitingScene.self)
        engine.recording.header = { _ in "# app: --keep-going" }
        _ = await engine.execute("say one")
        _ = await engine.execute("nope")
        _ = await engine.execute("record \(path)")
        _ = await engine.execute("say two")
        _ = await engine.execute("record stop")
        engine.console.flush()
        #expect(
            output.text.contains(
                "Recording to \(path), with the 2 commands before it (its replay needs them); type 'record stop' to end.\n"))
        #expect(
            try String(contentsOfFile: path, encoding: .utf8) == """
                # app: --keep-going
                # The commands before 'record', which bring the replay to where the recording started:
                say one
                nope
                # The recording started here.
                say two

                """)
    }
}
