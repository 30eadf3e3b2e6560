import Testing
@testable import REPLEngine

/// A root scene for engine tests: counts, echoes its arguments, opens children, and logs its lifecycle.
@MainActor
final class RootScene: SceneView {
    static let sceneName = "root"
    static var log: [String] = []
    var value = 0
    unowned let navigator: any Navigator
    unowned let effects: any SceneEffects
    let console: Console

    init(_ context: SceneContext) {
        navigator = context.navigator
        effects = context.effects
        console = context.console
    }

    var title: String { "app" }
    func sceneDidLoad() { Self.log.append("root did load") }
    func sceneWillAppear() { Self.log.append("root will appear") }
    func stateFields() -> [StateField] { [StateField("value", .int(value))] }

    static let commands: [Command<RootScene>] = [
        Command("page", arguments: [Argument("WHERE")], summary: "pages", repetition: .whenFirstArgument(in: ["next", "prev"])) { _, _ in },
        Command("inc", summary: "adds one", repetition: .always) { scene, _ in
            scene.value += 1
            scene.console.writeLine("value: \(scene.value)")
        },
        Command("echo", arguments: [Argument("A"), Argument("B", optional: true)], summary: "prints its arguments") { scene, arguments in
            scene.console.writeLine(arguments.map { "[\($0)]" }.joined())
        },
        Command("say", arguments: [Argument("TEXT")], summary: "prints TEXT as it is") { scene, arguments in
            scene.console.writeLine(arguments[0])
        },
        Command(
            "words", arguments: [Argument("WORD", completion: .words(["hello", "world"]), repeated: true)],
            summary: "prints its words, however many"
        ) { scene, arguments in
            scene.console.writeLine(arguments.joined(separator: "+"))
        },
        Command("fail", summary: "always fails") { _, _ in
            throw CommandError("it failed")
        },
        Command("child", summary: "pushes a child") { scene, _ in
            try scene.navigator.push(scene.navigator.instantiate(ChildScene.self))
        },
        Command("sheet", summary: "presents a child as a sheet") { scene, _ in
            try scene.navigator.present(scene.navigator.instantiate(ChildScene.self))
        },
        Command("later", summary: "prints 'later' as an effect awaited before the command ends") { scene, _ in
            scene.console.writeLine("now")
            scene.effects.finishBeforeCommandEnds { [console = scene.console] in console.writeLine("later") }
        },
        Command("later-then-fail", summary: "schedules an effect, then fails") { scene, _ in
            scene.effects.finishBeforeCommandEnds { [console = scene.console] in console.writeLine("never") }
            throw CommandError("failed after scheduling")
        },
        // A failure as a value: what a View does with the message its presenter worded, thrown back
        // through the scene that loads.
        Command("refuse", summary: "pushes a scene whose loading fails") { scene, _ in
            try scene.navigator.push(scene.navigator.instantiate(RefusingScene.self))
        },
        Command("refuse-later", summary: "an effect reports a failure; the effect after it never runs") { scene, _ in
            scene.effects.finishBeforeCommandEnds { [console = scene.console] in
                console.writeLine("waited")
                throw CommandError("refused while waiting")
            }
            scene.effects.finishBeforeCommandEnds { [console = scene.console] in console.writeLine("never") }
        }
    ]

}

@MainActor
final class ChildScene: SceneView {
    static let sceneName = "child"
    unowned let navigator: any Navigator
    init(_ context: SceneContext) { navigator = context.navigator }
    var title: String { "child" }
    func sceneDidLoad() { RootScene.log.append("child did load") }
    func stateFields() -> [StateField] { [StateField("depth", .int(1))] }

    static let commands: [Command<ChildScene>] = [
        Command("ping", summary: "pong") { _, _ in RootScene.log.append("ping") }
    ]
}

/// A scene whose loading schedules work, writes a line, then fails: as a View whose presenter
/// worded a failure when the scene appeared.
@MainActor
final class RefusingScene: SceneView {
    static let sceneName = "refusing"
    init(_ context: SceneContext) {
        effects = context.effects
        console = context.console
    }
    unowned let effects: any SceneEffects
    let console: Console
    var title: String { "refusing" }
    func sceneDidLoad() throws(CommandError) {
        effects.finishBeforeCommandEnds { [console] in console.writeLine("never") }
        console.writeLine("before")
        throw CommandError("refused")
    }
    static let commands: [Command<RefusingScene>] = []
}

@MainActor
@Suite(.serialized) struct EngineTests {
    let output = OutputSink.memory()
    let engine: Engine

    init() {
        RootScene.log = []
        engine = Engine(console: Console(output: output, diagnostics: .memory()))
        engine.register(SceneModule(RootScene.self) { RootScene($0) })
        engine.register(SceneModule(ChildScene.self) { ChildScene($0) })
        engine.register(SceneModule(RefusingScene.self) { RefusingScene($0) })
        engine.start(root: RootScene.self)
    }

    func run(_ line: String) async -> Engine.Outcome {
        let outcome = await engine.execute(line)
        engine.console.flush()
        return outcome
    }

    /// An app's opening commands run as if typed, only the last one's output shown (an
    /// effect's too); the first that fails stops them.
    @Test func openingShowsOnlyTheLastCommandsOutput() async {
        output.clear()
        engine.opening = ["inc", "later", "inc", "echo last"]
        #expect(await engine.runOpening() == .done)
        engine.console.flush()
        #expect(output.text == "[last]\n")
        #expect((engine.scenes.first as? RootScene)?.value == 2)
        engine.opening = ["fail", "echo never"]
        #expect(await engine.runOpening() == .failed(CommandError("it failed")))
        engine.console.flush()
        #expect(output.text == "[last]\n")
        _ = await run("inc")
        #expect(output.text == "[last]\nvalue: 3\n", "output is written again afterwards")
    }

    /// Which lines an empty line repeats, decided in the scene on top; `help` says so.
    @Test func anEmptyLineRepeatsOnlyWhatTheCommandDeclares() async {
        #expect(engine.repeatsOnEmptyLine("inc"))
        #expect(engine.repeatsOnEmptyLine("page next") && engine.repeatsOnEmptyLine("page prev"))
        #expect(!engine.repeatsOnEmptyLine("page 3") && !engine.repeatsOnEmptyLine("page"))
        #expect(!engine.repeatsOnEmptyLine("say hi") && !engine.repeatsOnEmptyLine("") && !engine.repeatsOnEmptyLine("nosuch"))
        #expect(!engine.repeatsOnEmptyLine("say \"unterminated"))
        _ = await run("help")
        #expect(
            output.text.contains("At the prompt, an empty line repeats page next, page prev, inc (the last one typed).\n"), "\(output.text)"
        )
        _ = await run("child")
        #expect(!engine.repeatsOnEmptyLine("inc"))
    }

    @Test func dispatchesToTheTopScene() async {
        #expect(await run("inc") == .done)
        #expect(await run("inc") == .done)
        #expect(output.text == "value: 1\nvalue: 2\n")
        #expect(RootScene.log == ["root did load"])
    }

    @Test func passesQuotedArguments() async {
        #expect(await run(#"echo "a b" 'c'"#) == .done)
        #expect(output.text == "[a b][c]\n")
        #expect(
            await run(#"echo "open"#) == .failed(CommandError(#"missing closing ": close the quote, or escape it as \""#, kind: .usage)))
    }

    @Test func checksTheNumberOfArguments() async {
        #expect(await run("echo") == .failed(CommandError("'echo' needs A (usage: echo A [B])", kind: .usage)))
        #expect(await run("echo 1 2 3") == .failed(CommandError("'echo' takes at most 2 arguments (usage: echo A [B])", kind: .usage)))
        #expect(await run("inc 1") == .failed(CommandError("'inc' takes no arguments (usage: inc)", kind: .usage)))
    }

    @Test func aRepeatedArgumentTakesEveryWordLeft() async {
        #expect(await run("words buy some milk") == .done)
        #expect(await run(#"words "one word""#) == .done)
        #expect(output.text == "buy+some+milk\none word\n")
        #expect(await run("words") == .failed(CommandError("'words' needs WORD (usage: words WORD…)", kind: .usage)))
        #expect(engine.complete("words hello w") == Completion(insertion: "orld ", choices: []))
        #expect(engine.complete("words a b ") == Completion(insertion: "", choices: ["hello", "world"]))
    }

    @Test func unknownCommandsGetASuggestion() async {
        #expect(
            await run("icn")
                == .failed(
                    CommandError("unknown command 'icn': did you mean 'inc'? (type 'help' for the commands here)", kind: .unknownCommand)))
        #expect(
            await run("zzzz") == .failed(CommandError("unknown command 'zzzz' (type 'help' for the commands here)", kind: .unknownCommand)))
        #expect(
            await run("ping")
                == .failed(
                    CommandError("'ping' works in the child scene, not in root (type 'help' for the commands here)", kind: .unknownCommand))
        )
        #expect(await run("") == .done)
        #expect(output.text.isEmpty)
    }

    @Test func commandErrorsAreReturned() async {
        #expect(await run("fail") == .failed(CommandError("it failed")))
    }

    @Test func pushAndPopDriveTheStackAndTheLifecycle() async {
        #expect(engine.prompt == "app> ")
        #expect(await run("child") == .done)
        #expect(engine.stackNames == ["root", "child"])
        #expect(engine.prompt == "app/child> ")
        #expect(
            await run("inc")
                == .failed(
                    CommandError("'inc' works in the root scene, not in child (type 'help' for the commands here)", kind: .unknownCommand)))
        #expect(await run("ping") == .done)
        #expect(await run("back") == .done)
        #expect(engine.stackNames == ["root"])
        #expect(RootScene.log == ["root did load", "child did load", "ping", "root will appear"])
    }

    @Test func sheetsAreDismissedByBack() async {
        #expect(await run("sheet") == .done)
        #expect(engine.sceneNavigator.stack.top?.presentation == .sheet)
        #expect(await run("back") == .done)
        #expect(engine.stackNames == ["root"])
    }

    @Test func backAtTheRootSaysSo() async {
        #expect(await run("back") == .done)
        #expect(output.text == "Already at the root scene (root): nothing to go back to.\n")
    }

    @Test func stateShowsTheStackAndEveryDataStore() async {
        _ = await run("inc")
        _ = await run("child")
        output.clear()
        #expect(await run("state --json") == .done)
        #expect(output.text == #"{"stack":["root","child"],"value":1,"depth":1}"# + "\n")
        output.clear()
        _ = await run("state")
        #expect(output.text == "stack: root > child\nroot:\n  value: 1\nchild:\n  depth: 1\n")
        #expect(await run("state --yaml") == .failed(CommandError("'state' takes only --json, not '--yaml' (usage: state [--json])")))
    }

    @Test func helpListsSceneAndGlobalCommands() async {
        _ = await run("help")
        let lines = output.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "root commands:")
        #expect(lines.contains("  inc               adds one"))
        #expect(
            lines.contains(
                "  record FILE|stop  write the commands from now on to a script FILE (replay it with run); 'record stop' ends it"))
        #expect(lines.contains("global commands:"))
        #expect(lines.contains { $0.hasPrefix("  quit, exit  ") })
        output.clear()
        _ = await run("help echo")
        #expect(output.text == "usage: echo A [B]\n  prints its arguments\nexample: echo\n")
        output.clear()
        _ = await run("echo --help")
        #expect(output.text == "usage: echo A [B]\n  prints its arguments\nexample: echo\n")
        #expect(
            await run("help ecoh")
                == .failed(
                    CommandError("unknown command 'ecoh': did you mean 'echo'? (type 'help' for the commands here)", kind: .unknownCommand))
        )
    }

    @Test func aCommandThatNeverWaitsEndsInStart() async {
        #expect(engine.runUntilItWaits("inc") == .done)
        #expect(engine.runUntilItWaits("fail") == .failed(CommandError("it failed")))
        #expect(engine.runUntilItWaits("nope") != nil)
        engine.console.flush()
        #expect(output.text == "value: 1\n")
    }

    @Test func effectsOfACommandThatNeverWaitsRunBeforeItEnds() async {
        #expect(engine.runUntilItWaits("later") == nil)
        #expect(await engine.finishRunning() == .done)
        #expect(await run("inc") == .done)
        #expect(output.text == "now\nlater\nvalue: 1\n")
    }

    @Test func aFailedCommandDropsTheEffectsItScheduled() async {
        #expect(engine.runUntilItWaits("later-then-fail") == .failed(CommandError("failed after scheduling")))
        #expect(await run("later") == .done)
        #expect(output.text == "now\nlater\n")
    }

    @Test func aFailureASceneThrowsAsItLoadsFailsTheCommandAndDropsItsEffects() async {
        #expect(engine.runUntilItWaits("refuse") == .failed(CommandError("refused")))
        #expect(engine.sceneNavigator.stack.names == ["root", "refusing"], "the scene stays shown, as it was pushed")
        #expect(await run("back") == .done)
        #expect(await run("inc") == .done)  // the dropped effect never runs
        engine.console.flush()
        #expect(output.text == "before\nvalue: 1\n")
    }

    @Test func aFailureReportedByAnEffectFailsTheCommandAndDropsTheRest() async {
        #expect(engine.runUntilItWaits("refuse-later") == nil)
        #expect(await engine.finishRunning() == .failed(CommandError("refused while waiting")))
        #expect(await run("inc") == .done, "the failure was the last command's alone")
        engine.console.flush()
        #expect(output.text == "waited\nvalue: 1\n")
    }

    @Test func aFailureOfWorkScheduledOutsideACommandIsSaidAndIsNotTheNextOnes() async {
        let diagnostics = OutputSink.memory()
        let engine = Engine(console: Console(output: output, diagnostics: diagnostics))
        engine.register(SceneModule(RootScene.self) { RootScene($0) })
        engine.start(root: RootScene.self)
        engine.effects.finishBeforeCommandEnds { throw CommandError("as a scene loaded") }
        engine.effects.finishBeforeCommandEnds { [console = engine.console] in console.writeLine("never") }
        await engine.finishPendingEffects()
        engine.console.flush()
        #expect(diagnostics.text == "error: as a scene loaded\n")
        #expect(await engine.execute("inc") == .done)
        engine.console.flush()
        #expect(output.text == "value: 1\n")
    }

    @Test func quitEndsTheSession() async {
        #expect(await run("quit") == .quit)
        #expect(await run("exit") == .quit)
    }
}

/// Mistakes in putting scenes together are errors of the command that meets them, never a trap: an
/// unregistered scene stopped the whole process (signal 4), and the test run with it.
@MainActor
@Suite struct SceneMistakesTests {
    /// An engine whose root opens ChildScene, which it never registered.
    func engine(output: OutputSink, diagnostics: OutputSink = .memory()) -> Engine {
        let engine = Engine(console: Console(output: output, diagnostics: diagnostics))
        engine.register(SceneModule(RootScene.self) { RootScene($0) })
        engine.start(root: RootScene.self)
        return engine
    }

    @Test(arguments: ["child", "sheet"])
    func anUnregisteredSceneFailsTheCommand(command: String) async {
        let engine = engine(output: .memory())
        let outcome = await engine.execute(command)
        #expect(
            outcome
                == .failed(
                    CommandError(
                        "the scene ChildScene is not registered with the engine: register its module (engine.register(…)) before it is shown"
                    )))
        #expect(engine.sceneNavigator.stack.names == ["root"], "the stack is left as it was")
        #expect(await engine.execute("inc") == .done, "the session goes on")
    }

    @Test func goingBackOrClosingWhereNothingIsOnTopFailsTheCommand() {
        let engine = engine(output: .memory())
        #expect(throws: CommandError("cannot go back: there is no pushed scene on top to remove (the top is root (root))")) {
            try engine.navigator.pop()
        }
        #expect(throws: CommandError("cannot close the sheet: there is no sheet scene on top to remove (the top is root (root))")) {
            try engine.navigator.dismiss()
        }
        #expect(engine.sceneNavigator.stack.names == ["root"])
    }

    @Test func anUnregisteredRootIsSaidAndTheGlobalCommandsStillRun() async {
        let diagnostics = OutputSink.memory()
        let engine = Engine(console: Console(output: .memory(), diagnostics: diagnostics))
        engine.start(root: RootScene.self)
        #expect(
            diagnostics.text
                == "error: the scene RootScene is not registered with the engine: register its module (engine.register(…)) before it is shown\n"
        )
        #expect(engine.sceneNavigator.stack.names.isEmpty)
        let output = OutputSink.memory()
        let empty = Engine(console: Console(output: output, diagnostics: .memory()))
        #expect(await empty.execute("help") == .done)
        empty.console.flush()
        #expect(
            output.text.hasPrefix(
                "no scene is shown: the app started none (engine.start(root:)), so only the global commands run\nglobal commands:\n"),
            "\(output.text)")
    }
}
