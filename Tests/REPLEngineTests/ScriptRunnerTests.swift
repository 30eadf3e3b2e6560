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
        #expect(diagnostics.text == """
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
