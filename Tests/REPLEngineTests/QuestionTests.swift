import Foundation
import Testing
@testable import REPLEngine

/// A scene whose `drop` asks first, as photorepl's `copy` does: `drop --yes` acts at once.
@MainActor
final class AskingScene: SceneView {
    static let sceneName = "asking"
    static var dropped = 0
    let console: Console
    unowned let questions: any SceneQuestions

    init(_ context: SceneContext) {
        console = context.console
        questions = context.questions
    }

    var title: String { "ask" }
    func stateFields() -> [StateField] { [] }

    static let commands: [Command<AskingScene>] = [
        Command("drop", arguments: [Argument("--yes", optional: true)], summary: "drops, after asking") { scene, arguments in
            if arguments.first == "--yes" {
                dropped += 1
                scene.console.writeLine("dropped")
            } else if !scene.questions.confirm("Drop it?", thenRun: "drop --yes") {
                throw CommandError("drop only with --yes here")
            }
        },
        Command("say", arguments: [Argument("TEXT")], summary: "prints TEXT") { scene, arguments in
            scene.console.writeLine(arguments[0])
        }
    ]
}

@MainActor
@Suite(.serialized) struct QuestionTests {
    let output = OutputSink.memory()
    let engine: Engine
    let recordingPath = FileManager.default.temporaryDirectory.appendingPathComponent("asked-\(UUID().uuidString).txt").path

    init() {
        AskingScene.dropped = 0
        engine = Engine(console: Console(output: output, diagnostics: .memory()))
        engine.register(SceneModule(AskingScene.self) { AskingScene($0) })
        engine.start(root: AskingScene.self)
    }

    func run(_ line: String) async -> Engine.Outcome {
        let outcome = await engine.execute(line)
        engine.console.flush()
        return outcome
    }

    /// The commands recorded from `record` on, without its header and comments.
    func recorded() async throws -> [String] {
        _ = await run("record stop")
        defer { try? FileManager.default.removeItem(atPath: recordingPath) }
        return try String(contentsOfFile: recordingPath, encoding: .utf8).split(separator: "\n").map(String.init).filter {
            !$0.hasPrefix("#")
        }
    }

    /// A yes runs the line the command gave, and the recording keeps that line, not the question's
    /// command nor its answer: its replay acts without asking.
    @Test func aYesRunsTheCommandsLineAndTheRecordingKeepsIt() async throws {
        engine.questions.personAnswers = true
        _ = await run("record \(recordingPath)")
        #expect(await run("drop") == .done)
        #expect(engine.prompt == "Drop it? [y/N] ")
        #expect(AskingScene.dropped == 0)
        #expect(await run("  YES ") == .done)
        #expect(AskingScene.dropped == 1)
        #expect(engine.prompt == "ask> ")
        #expect(output.text.hasSuffix("dropped\n"))
        #expect(try await recorded() == ["drop --yes"])
    }

    /// Anything but y or yes cancels, says so, and is not run as a command: the line after it is.
    @Test(arguments: ["n", "", "say hello", "yess"])
    func anythingElseCancels(answer: String) async throws {
        engine.questions.personAnswers = true
        _ = await run("record \(recordingPath)")
        _ = await run("drop")
        #expect(await run(answer) == .done)
        #expect(AskingScene.dropped == 0)
        #expect(output.text.hasSuffix("Cancelled: nothing was done (drop --yes not run).\n"))
        #expect(engine.prompt == "ask> ")
        #expect(await run("say after") == .done)
        #expect(output.text.hasSuffix("after\n"))
        #expect(try await recorded() == ["say after"])
    }

    /// Where no one answers (a script, a pipe), nothing is asked: the command says what to add.
    @Test func noOneToAnswerAsksNothing() async {
        #expect(await run("drop") == .failed(CommandError("drop only with --yes here")))
        #expect(engine.prompt == "ask> ")
        engine.questions.personAnswers = true
        engine.replay.replaysScript = true
        #expect(await run("drop") == .failed(CommandError("drop only with --yes here")))
        #expect(engine.prompt == "ask> ")
        #expect(AskingScene.dropped == 0)
    }

    @Test func yesIsYOrYesInAnyCase() {
        for answer in ["y", "Y", "yes", "YeS", " y\t"] { #expect(QuestionDesk.isYes(answer), "\(answer)") }
        for answer in ["", "n", "no", "yes please", "ye", "oui"] { #expect(!QuestionDesk.isYes(answer), "\(answer)") }
    }
}
