/// The REPL engine: hosts registered scene modules on a navigation stack, runs typed lines (it finds
/// the command a line names in the top scene or among the global ones, runs it, and awaits what it
/// scheduled), and reports what cannot be run. Its parts: `SceneNavigator` (the registry and the
/// stack: what routers drive), `EffectQueue` (work a command awaits), `SessionRecording` (`record`)
/// and `ReplayRules` (what a replayed script may write); finding commands, help and state, and
/// scripts are in the files beside this one.
@MainActor
public final class Engine {
    /// How running one line ended.
    public enum Outcome: Equatable, Sendable {
        /// It ran (or the line was blank).
        case done
        /// It could not be carried out; the error says what to type instead.
        case failed(CommandError)
        /// It ran, and asked to end the session (`quit`).
        case quit
    }

    /// Where every scene and the engine write their output.
    public let console: Console
    /// The scene types registered and the stack they are shown on.
    let sceneNavigator: SceneNavigator
    /// Work scenes started during the command being run, awaited before it ends (`SceneEffects`).
    let effects = EffectQueue()
    /// Questions commands ask before they act, answered by the next line typed (`SceneQuestions`).
    let questions = QuestionDesk()
    /// Where a replayed script may write, and where a check's writes go.
    package let replay = ReplayRules()
    /// `record FILE`.
    package let recording: SessionRecording
    private var quitRequested = false
    /// How deeply `execute` calls are nested (a `run FILE` runs its lines through `execute` too).
    var depth = 0
    /// Scripts run from scripts, at most this deep.
    static let maxScriptDepth = 8
    /// Lines `runUntilItWaits` left to finish: the innermost last (a `run FILE` starts its lines
    /// while its own is unfinished).
    private var started: [(line: String, name: String, rest: @MainActor () async throws -> Void)] = []
    lazy var globals = CommandTable(GlobalCommands.all.map { $0.erased() })

    /// Commands run before the first prompt, as if typed, with only the last one's output shown
    /// (a photo viewer's `viewer photo.jpg`: the folder fetched, then the photo opened). Set by the
    /// app when it makes the session; the launcher runs them with `runOpening()`, before any
    /// recording starts (a replay makes the same session, which opens the same way).
    public var opening: [String] = []

    /// Run before each prompt of an interactive session: the app may tidy the terminal (pictures a
    /// smaller window would lay over its text). Scripts never call it.
    package var beforePrompt: (@MainActor () -> Void)?

    /// The command a key runs at once on an empty line, as if typed and entered (a digit's `rate 4`),
    /// asked with the key each time it is pressed there; nil: the key is typed as usual (no command
    /// starts with a digit, so a digit key never hides one).
    public var commandForKeyOnEmptyLine: (@MainActor (Character) -> String?)?

    /// Run when the window changes size at the prompt, after `beforePrompt`: the app may redraw or
    /// clear what the terminal re-wrapped (GNU screen's pictures).
    package var resizedAtPrompt: (@MainActor () -> Void)?

    /// Run when Ctrl-C is pressed at the prompt, where no command runs to be cancelled: the app may
    /// stop what the terminal does by itself (an animation kitty plays).
    package var interruptedAtPrompt: (@MainActor () -> Void)?

    /// An engine writing to `console`, with no scenes yet: `register` them, then `start` the root.
    public init(console: Console) {
        self.console = console
        sceneNavigator = SceneNavigator(console: console, effects: effects, questions: questions)
        recording = SessionRecording(replay: replay)
        questions.replaysScript = { [replay] in replay.replaysScript }
    }

    /// What routers drive: pushes, pops, presents and dismisses scenes (a host or a test pushing a
    /// scene outside a command uses it, then `finishPendingEffects()`).
    public var navigator: any Navigator { sceneNavigator }

    /// Registers a scene type; the composition root does this once per scene.
    public func register(_ module: SceneModule) {
        sceneNavigator.register(module)
    }

    /// Makes the root scene and shows it.
    /// A root never registered is said on standard error (no command runs to fail), and the engine
    /// stays without scenes: its global commands still run.
    public func start<Root: SceneView>(root: Root.Type) {
        precondition(sceneNavigator.stack.entries.isEmpty, "the engine has started already")
        do {
            try sceneNavigator.showRoot(sceneNavigator.instantiate(root))
        } catch {
            console.writeDiagnostic("error: \(error.message)")
        }
    }

    /// The prompt: where you are, e.g. `photos/detail 2> `.
    public var prompt: String {
        // A question a command asked is the prompt until the next line answers it.
        if let pending = questions.pending { return pending.question + " [y/N] " }
        var text = ""
        forEachPromptPiece(title: { text += $0 }, separator: { text += $0.description })
        return text
    }

    /// Writes the prompt to the console piece by piece (a script's transcript shows it before each
    /// command), without making a string of it first.
    func writePrompt() {
        forEachPromptPiece(title: { console.write($0) }, separator: { console.write(literal: $0) })
    }

    /// The prompt's pieces in order: the titles, "/" between them, "> " at the end. The titles come
    /// from scenes and are written as any text is; the separators are the engine's own literals.
    private func forEachPromptPiece(title: (String) -> Void, separator: (StaticString) -> Void) {
        for (i, entry) in sceneNavigator.stack.entries.enumerated() {
            if i > 0 { separator("/") }
            title(entry.scene.title)
        }
        separator("> ")
    }

    /// Scene names from the root to the top.
    public var stackNames: [String] { sceneNavigator.stack.names }

    /// The scenes from the root to the top (for hosts and tests that look inside).
    public var scenes: [any SceneView] { sceneNavigator.stack.entries.map(\.scene) }

    func requestQuit() { quitRequested = true }

    // MARK: - Running a line

    /// Runs one typed line to the end, with all of its effects.
    public func execute(_ line: String) async -> Outcome {
        // The line typed after a command's question answers it: a yes runs the line it acts by.
        if depth == 0, let pending = questions.takePending() {
            guard QuestionDesk.isYes(line) else {
                console.writeLine(QuestionDesk.cancelled(pending))
                return .done
            }
            return await execute(pending.line)
        }
        if let outcome = runUntilItWaits(line) { return outcome }
        return await finishRunning()
    }

    /// Runs `line` as far as it goes without waiting, and returns how it ended: a command that
    /// never waits and schedules no effects (most of them) runs to its end here, with no
    /// asynchronous call. Returns nil when it has more to do: then `finishRunning()` must be awaited
    /// before anything else runs. `execute` is the two together (scripts run a million instant
    /// commands a second this way).
    package func runUntilItWaits(_ line: String) -> Outcome? {
        // A secret in a line read (a script made of /proc/self/environ) is gone before any error,
        // cut to a width, could print a piece of it.
        let line = Secrets.scrubbed(line)
        let words: [String]
        do {
            words = try Tokenizer.words(line)
        } catch {
            return .failed(CommandError(error.description, kind: .usage))
        }
        guard let name = words.first else { return .done }
        depth += 1
        do {
            guard let rest = try begin(words) else { return ended(line, name, nil) }
            started.append((line, name, rest))
            return nil
        } catch {
            return ended(line, name, error)
        }
    }

    /// Runs the rest of the line `runUntilItWaits` began, and returns how it ended.
    package func finishRunning() async -> Outcome {
        guard let (line, name, rest) = started.popLast() else {
            preconditionFailure("finishRunning() without a line that runUntilItWaits(_:) left unfinished")
        }
        do {
            try await rest()
            return ended(line, name, nil)
        } catch {
            return ended(line, name, error)
        }
    }

    /// How running `line` ended, with `error` if it failed; records it, and leaves its depth.
    private func ended(_ line: String, _ name: String, _ error: (any Error)?) -> Outcome {
        let asked = depth == 1 && questions.askedDuringCommand
        defer {
            depth -= 1
            recording.isRecordCommand = false
            if depth == 0 { questions.askedDuringCommand = false }
        }
        let outcome: Outcome
        switch error {
        case nil:
            outcome = quitRequested ? .quit : .done
        case let error as CommandError where Task.isCancelled:
            // Ctrl-C, reported by the command in its own words (an interrupted sheet): kept only as
            // a comment too, since a replay would run it to the end.
            if depth == 1 { recording.commandInterrupted(line) }
            return .failed(CommandError(error.message, kind: .interrupted))
        case let error as CommandError:
            outcome = .failed(error)
        case is CancellationError:
            // Nothing changed; a replay would run it to the end, so it is kept only as a comment.
            if depth == 1 { recording.commandInterrupted(line) }
            return .failed(CommandError("interrupted: \(name) was cancelled and changed nothing", kind: .interrupted))
        case let error?:
            outcome = .failed(CommandError("\(name) failed: \(error)"))
        }
        // Only what was typed at the top: the commands of a `run FILE` replay from FILE. A recording
        // that could not be written ends, and this command with it.
        // A command that asked a question is not recorded: the line a yes runs is, with what it took.
        if depth == 1, !recording.isRecordCommand, !asked, let failure = recording.commandRan(line) { return .failed(failure) }
        return outcome
    }

    /// Runs the command `words` name as far as it goes without waiting; returns what is left to
    /// await (the rest of a command that waits, or the effects it scheduled), or nil when it is done.
    func begin(_ words: [String]) throws -> CommandRest? {
        guard let name = words.first else { return nil }
        let arguments = Arguments(words.count == 1 ? [] : Array(words[1...]))
        guard let (command, target) = resolve(name) else {
            guard let (below, _) = runBelow(name) else { throw unknownCommand(name) }
            if arguments.contains("--help") || arguments.contains("-h") {
                printHelp(for: below)
                return nil
            }
            if let problem = arityProblem(below, arguments.count) { throw problem }
            return { try await self.runInSceneBelow(words) }
        }
        if arguments.contains("--help") || arguments.contains("-h") {
            printHelp(for: command)
            return nil
        }
        if let problem = arityProblem(command, arguments.count) { throw problem }
        if !replay.namedFiles, command.namesFiles, arguments.indices.contains(where: { command.argument(at: $0)?.completion == .files }) {
            replay.namedFiles = true
        }
        if replay.replaysScript, command.writesFiles, let problem = replay.writeProblem(command, arguments) { throw problem }
        if command.hasCheckedArguments {
            for (index, word) in arguments.enumerated() {
                if let problem = command.argument(at: index)?.problem(with: word, in: command.name, example: command.example) {
                    throw problem
                }
            }
        }
        switch command.body {
        case .immediate(let run):
            do {
                try run(target, arguments)
            } catch {
                effects.dropAll()
                throw error
            }
            return rest(then: nil)
        case .suspending(let run):
            return rest(then: { try await run(target, arguments) })
        }
    }

    /// Leaves the scenes above the one that has the command `words` name, each with its own `back`
    /// (what they print as they go, a list shown again, is dropped: the command's output follows),
    /// then runs it there.
    private func runInSceneBelow(_ words: [String]) async throws {
        let name = words[0]
        console.flush()
        console.dropsOutput = true
        do {
            while resolve(name) == nil, runBelow(name) != nil {
                let before = sceneNavigator.stack.entries.count
                if let rest = try begin(["back"]) { try await rest() }
                // A `back` that did not leave (it refused) would loop for ever.
                guard sceneNavigator.stack.entries.count < before else { break }
            }
        } catch {
            console.flush()
            console.dropsOutput = false
            throw error
        }
        console.flush()
        console.dropsOutput = false
        guard resolve(name) != nil else { throw unknownCommand(name) }
        if let rest = try begin(words) { try await rest() }
    }

    /// What is left of a command once it ran as far as it could: `waiting` (nil when it did not have
    /// to wait), then the effects it scheduled; nil when there is nothing left at all. A failure ends
    /// it: the effects still pending are dropped.
    private func rest(then waiting: CommandRest?) -> CommandRest? {
        if waiting == nil && effects.isEmpty { return nil }
        return {
            do {
                try await waiting?()
                try await self.effects.runAll()
            } catch {
                self.effects.dropAll()
                throw error
            }
        }
    }

    /// How many pieces of work scenes scheduled (`SceneEffects`) are waiting to run: none after a
    /// command, which awaits its own; work scheduled outside one (as the root scene loaded) waits
    /// for `finishPendingEffects()`.
    package var pendingEffectCount: Int { effects.count }

    /// Runs the work scenes scheduled (`SceneEffects`) to its end. Commands do this by themselves; a
    /// host (or a test) that pushes a scene outside a command calls it.
    public func finishPendingEffects() async {
        // Outside a command there is no command to fail: a failure ends the work, as in one, and
        // is said on standard error, as a root that cannot be shown is.
        do {
            try await effects.runAll()
        } catch {
            console.writeDiagnostic("error: \((error as? CommandError)?.message ?? "\(error)")")
        }
    }
}
