/// The REPL engine: hosts registered scene modules on a navigation stack, dispatches typed lines to
/// the top scene or to a global command, and reports what cannot be run.
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
    private var modules: [ObjectIdentifier: SceneModule] = [:]
    private var moduleOrder: [SceneModule] = []
    var stack = NavigationStack()
    private var quitRequested = false
    private var recorder: SessionRecorder?
    /// How deeply `execute` calls are nested (a `run FILE` runs its lines through `execute` too).
    private var depth = 0
    /// Scripts run from scripts, at most this deep.
    static let maxScriptDepth = 8
    /// The first lines of a recorded script, given its path: the options its replay needs and how to
    /// replay it (the launcher's `# APP: OPTIONS`). Throws when they cannot be written (a value that
    /// a header's one line cannot hold): then nothing is recorded.
    package var recordingHeader: (String) throws(CommandError) -> String = { _ in "# a recorded session: replay it with run" }
    /// The commands run at the top so far (not the app's opening ones), which `record FILE` writes
    /// before it: its replay needs them to reach where the recording started. At most
    /// `historyLimit` are kept; past it, they are counted.
    private var commandHistory: [String] = []
    private var commandsNotKept = 0
    /// Set by `record` as it runs: it is not itself recorded, nor kept (a flag, where comparing every
    /// command's name would cost each of a million commands).
    var isRecordCommand = false
    static let historyLimit = 10_000
    /// Where a replayed script's commands may write (`ScriptWrites`); nil: anywhere. Set by the
    /// launcher; `run FILE` allows the script's own folder too.
    package var scriptWrites: ScriptWrites?
    /// Whether the commands run now come from a script (`APP run`, `APP < FILE`, `run FILE`), not
    /// typed at the prompt: `scriptWrites` holds them then.
    package var replaysScript = false

    /// Why a replayed script may not write `path` (nil: it may, or no script is replayed, or a
    /// transcript's check writes into its own folder).
    func scriptWriteProblem(_ path: String) -> String? {
        guard replaysScript, replayWrites == nil || checksScriptWrites, let scriptWrites else { return nil }
        let writes = replayWrites
        // In a check, a file the check wrote in its own folder is there too.
        let problem = scriptWrites.problem(writing: path, from: writes?.workingFolder, alsoThere: { writes?.wrote($0) ?? false })
        if problem != nil { scriptWriteRefusals += 1 }
        return problem
    }

    /// How many writes the rules of replayed scripts refused: a transcript of the session says so
    /// in its header, for its check to hold its commands to the same rules.
    package private(set) var scriptWriteRefusals = 0
    /// Whether a transcript's check holds its commands to the rules of replayed scripts (its
    /// session was one, and they refused writes).
    package var checksScriptWrites = false

    /// How the app's scripts' headers begin (`# photorepl:`), set by the launcher: `run FILE` in a
    /// session says that a header's options do not apply there.
    package var scriptHeaderPrefix: String?
    /// Whether `record` ran in this session: its transcript's check must know whether the session
    /// was recording from its start, as `record` says so.
    package internal(set) var ranRecordCommand = false
    /// Whether a command was given a file's name (an argument Tab completes as files): its
    /// transcript's check must resolve the name from the folder the session ran in.
    package private(set) var namedFiles = false
    /// When set (a transcript's check), files the session's commands write go there instead, under
    /// names made from the paths asked: a replay has no effect outside it.
    package var replayWrites: ReplayWrites?
    /// Work scenes started during the command being run, awaited before it ends (`SceneEffects`).
    private var pendingEffects: [@MainActor () async -> Void] = []
    private lazy var globals = CommandTable(GlobalCommands.all.map { $0.erased() })

    /// An engine writing to `console`, with no scenes yet: `register` them, then `start` the root.
    public init(console: Console) {
        self.console = console
    }

    /// Registers a scene type; the composition root does this once per scene.
    public func register(_ module: SceneModule) {
        precondition(modules[module.type] == nil, "scene \(module.name) registered twice")
        for command in module.commands.all where GlobalCommands.reserved.contains(command.name) {
            preconditionFailure("scene \(module.name) cannot define the global command \(command.name)")
        }
        modules[module.type] = module
        moduleOrder.append(module)
    }

    /// Makes the root scene and shows it.
    /// A root never registered is said on standard error (no command runs to fail), and the engine
    /// stays without scenes: its global commands still run.
    public func start<Root: SceneView>(root: Root.Type) {
        precondition(stack.entries.isEmpty, "the engine has started already")
        guard let scene = instantiate(root) else {
            if let failure = console.takeFailure() { console.writeDiagnostic("error: \(failure.message)") }
            return
        }
        show(scene, as: .root)
    }

    /// Run before each prompt of an interactive session: the app may tidy the terminal (pictures a
    /// smaller window would lay over its text). Scripts never call it.
    package var beforePrompt: (@MainActor () -> Void)?

    /// Run when the window changes size at the prompt, after `beforePrompt`: the app may redraw or
    /// clear what the terminal re-wrapped (GNU screen's pictures).
    package var resizedAtPrompt: (@MainActor () -> Void)?

    /// Run when Ctrl-C is pressed at the prompt, where no command runs to be cancelled: the app may
    /// stop what the terminal does by itself (an animation kitty plays).
    package var interruptedAtPrompt: (@MainActor () -> Void)?

    /// The prompt: where you are, e.g. `photos/detail 2> `.
    public var prompt: String {
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
        for (i, entry) in stack.entries.enumerated() {
            if i > 0 { separator("/") }
            title(entry.scene.title)
        }
        separator("> ")
    }

    /// Scene names from the root to the top.
    public var stackNames: [String] { stack.names }

    /// The scenes from the root to the top (for hosts and tests that look inside).
    public var scenes: [any SceneView] { stack.entries.map(\.scene) }

    /// Commands run before the first prompt, as if typed, with only the last one's output shown
    /// (photorepl's `photorepl photo.jpg`: the folder fetched, then the photo opened). Set by the
    /// app when it makes the session; the launcher runs them with `runOpening()`, before any
    /// recording starts (a replay makes the same session, which opens the same way).
    public var opening: [String] = []

    /// Runs the work the root scene scheduled as it loaded, then `opening`: every command's output
    /// but the last one's is dropped. Stops at the first that fails, and returns how it ended.
    public func runOpening() async -> Outcome {
        // Work the root scheduled as it loaded ends before anything is typed, in its place.
        await finishPendingEffects()
        for (i, line) in opening.enumerated() {
            let isLast = i == opening.count - 1
            console.flush()
            console.dropsOutput = !isLast
            let outcome = await execute(line)
            if !isLast { console.flush() }
            console.dropsOutput = false
            // A replay opens the same way by itself: `record` does not write these.
            commandHistory.removeAll()
            if outcome != .done { return outcome }
        }
        return .done
    }

    /// Runs one typed line to the end, with all of its effects.
    public func execute(_ line: String) async -> Outcome {
        if let outcome = start(line) { return outcome }
        return await finishStarted()
    }

    /// Runs `line` as far as it goes without waiting, and returns how it ended: a command that
    /// never waits and schedules no effects (most of them) runs to its end here, with no
    /// asynchronous call. Returns nil when it has more to do: then `finishStarted()` must be awaited
    /// before anything else runs. `execute` is the two together (scripts run a million instant
    /// commands a second this way).
    package func start(_ line: String) -> Outcome? {
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

    /// Runs the rest of the line `start` began, and returns how it ended.
    package func finishStarted() async -> Outcome {
        guard let (line, name, rest) = started.popLast() else {
            preconditionFailure("finishStarted() without a line that start(_:) left unfinished")
        }
        do {
            try await rest()
            return ended(line, name, nil)
        } catch {
            return ended(line, name, error)
        }
    }

    /// Lines `start` left to finish: the innermost last (a `run FILE` starts its lines while its
    /// own is unfinished).
    private var started: [(line: String, name: String, rest: @MainActor () async throws -> Void)] = []

    /// How running `line` ended, with `error` if it failed; records it, and leaves its depth.
    private func ended(_ line: String, _ name: String, _ error: (any Error)?) -> Outcome {
        defer {
            depth -= 1
            isRecordCommand = false
        }
        let outcome: Outcome
        switch error {
        case nil:
            outcome = quitRequested ? .quit : .done
        case let error as CommandError where Task.isCancelled:
            // Ctrl-C, reported by the command in its own words (an interrupted sheet): kept only as
            // a comment too, since a replay would run it to the end.
            if depth == 1 { recorder?.record("# interrupted: \(line)") }
            return .failed(CommandError(error.message, kind: .interrupted))
        case let error as CommandError:
            outcome = .failed(error)
        case is CancellationError:
            // Nothing changed; a replay would run it to the end, so it is kept only as a comment.
            if depth == 1 { recorder?.record("# interrupted: \(line)") }
            return .failed(CommandError("interrupted: \(name) was cancelled and changed nothing", kind: .interrupted))
        case let error?:
            outcome = .failed(CommandError("\(name) failed: \(error)"))
        }
        // Only what was typed at the top: the commands of a `run FILE` replay from FILE.
        if depth == 1, !isRecordCommand {
            // Kept as typed: made a script's line only when a recording writes it.
            if commandHistory.count < Self.historyLimit { commandHistory.append(line) } else { commandsNotKept += 1 }
            if let recorder, !recorder.record(ScriptRunner.command(in: SourceLine(number: 0, text: line))) {
                // A write that failed (a full disk) ends the recording at once, and this command with it.
                stopRecording()
                return .failed(
                    CommandError(
                        "\(recordingFailures.last ?? "cannot write \(recorder.path)"): the recording stopped, and nothing was put at \(recorder.path)"
                    ))
            }
        }
        return outcome
    }

    // MARK: - Scripts and recording

    /// Runs a script's commands in this session, as `run` would print them, up to its first error.
    func runScript(_ path: String) async throws {
        guard depth <= Self.maxScriptDepth else {
            throw CommandError("scripts run each other more than \(Self.maxScriptDepth) deep: is one running itself?")
        }
        if let problem = replayWrites?.readProblem(path) {
            throw CommandError("cannot run \(TerminalText.truncate(TerminalText.oneLine(path), toWidth: 60)): \(problem)")
        }
        var reader: LineReader
        do {
            reader = try LineReader.open(path: replayWrites?.read(path) ?? path)
        } catch {
            throw CommandError(error.described(reading: path))
        }
        defer { reader.close() }
        // Its commands are a script's: held to where scripts may write, its own folder allowed.
        let wasReplaying = replaysScript, allowedBefore = scriptWrites
        replaysScript = true
        scriptWrites?.allow(path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? ".")
        defer {
            replaysScript = wasReplaying
            scriptWrites = allowedBefore
        }
        let runner = ScriptRunner(engine: self, keepGoing: false, reportsDiagnostics: false)
        runner.ignoredHeaderPrefix = scriptHeaderPrefix
        do {
            _ = try await runner.run(&reader, name: path)
        } catch {
            throw CommandError(error.described(reading: path))
        }
        if runner.didQuit { requestQuit() }
        if let line = runner.firstFailureLine {
            throw CommandError("\(path):\(line) failed, so the rest of \(path) did not run")
        }
    }

    /// Starts writing every command run from now on to a script at `path`, after the header and the
    /// commands run before (which its replay needs, to reach where the recording started). Returns
    /// how many of those were written, or nil when they were too many to keep.
    @discardableResult
    package func startRecording(to path: String) throws(CommandError) -> Int? {
        if let recorder {
            throw CommandError("already recording to \(recorder.path): type 'record stop' first", kind: .usage)
        }
        if let problem = scriptWriteProblem(path) { throw CommandError("cannot record to \(path): \(problem)") }
        var header: String
        do throws(CommandError) {
            header = try recordingHeader(path)
        } catch {
            throw CommandError("cannot record to \(path): \(error.message)")
        }
        if commandsNotKept > 0 {
            header +=
                "\n# The \(commandHistory.count + commandsNotKept) commands before 'record' were too many to keep: this replays from a new session."
        } else if !commandHistory.isEmpty {
            header +=
                "\n# The commands before 'record', which bring the replay to where the recording started:\n"
                + commandHistory.map { ScriptRunner.command(in: SourceLine(number: 0, text: $0)) }.joined(separator: "\n")
                + "\n# The recording started here."
        }
        recorder = try SessionRecorder(path: path, header: header, writingAt: replayWrites?.place(for: path))
        return commandsNotKept > 0 ? nil : commandHistory.count
    }

    /// Stops recording and puts the script in place; returns its path, or nil when nothing was being
    /// recorded. A script that could not be written is in `recordingFailures`, and the file that was
    /// at its path stays as it was.
    @discardableResult
    package func stopRecording() -> String? {
        guard let recorder else { return nil }
        self.recorder = nil
        if let failure = recorder.finish() { recordingFailures.append(failure) }
        return recorder.path
    }

    /// Recordings that could not be written to the end (a full disk), in words; the session reports
    /// them and ends with exit 73.
    package private(set) var recordingFailures: [String] = []

    // MARK: - Finding commands

    /// The command `word` names here, and what it runs on: the top scene's commands come first.
    func resolve(_ word: String) -> (Command<AnyObject>, AnyObject)? {
        if let top = stack.top, let command = top.commands[word] {
            return (command, top.scene)
        }
        if let command = globals[word] {
            return (command, self)
        }
        return nil
    }

    /// The command `word` names in the nearest scene below the top one that has it, when the top
    /// scene runs it there (`SceneView.commandsRunBelow`) and does not have it itself.
    func runBelow(_ word: String) -> (Command<AnyObject>, AnyObject)? {
        guard let top = stack.top, top.module.commandsRunBelow.contains(word), top.commands[word] == nil else { return nil }
        for entry in stack.entries.dropLast().reversed() {
            if let command = entry.commands[word] { return (command, entry.scene) }
        }
        return nil
    }

    /// The commands available now, as `help` lists them: the top scene's, then the global ones it
    /// does not replace.
    var availableCommands: (scene: [Command<AnyObject>], global: [Command<AnyObject>]) {
        var scene = stack.top?.module.commands.all ?? []
        if let order = stack.top?.scene.helpOrder, !order.isEmpty {
            scene = order.compactMap { name in scene.first { $0.name == name } } + scene.filter { !order.contains($0.name) }
        }
        let global = globals.all.filter { g in !scene.contains { $0.name == g.name } }
        return (scene, global)
    }

    /// Every command's name and alias, of every registered scene and the global ones, each once,
    /// in the order `help` lists them.
    package var everyCommandName: [String] {
        var seen = Set<String>()
        return (moduleOrder.flatMap { $0.commands.all.flatMap { [$0.name] + $0.aliases } } + globals.all.flatMap { [$0.name] + $0.aliases })
            .filter { seen.insert($0).inserted }
    }

    /// Every command the session knows, scene by scene in the order the scenes were registered,
    /// then the global ones (scene "global"): what `help` lists in each scene, for a reference of
    /// them all (a manual page).
    package var commandReference: [(scene: String, commands: [(usage: String, summary: String)])] {
        func entries(_ commands: [Command<AnyObject>]) -> [(usage: String, summary: String)] {
            commands.map { command in
                (command.aliases.isEmpty ? command.usage : ([command.usage] + command.aliases).joined(separator: ", "), command.summary)
            }
        }
        return moduleOrder.map { ($0.name, entries($0.commands.all)) } + [("global", entries(globals.all))]
    }

    /// Whether an empty line typed after `line` would run it again: its command, in the scene on top
    /// now, repeats (`next`, `grid next`). Asked before the line runs, which may change the scene.
    package func repeatsOnEmptyLine(_ line: String) -> Bool {
        guard let words = try? Tokenizer.words(line), let name = words.first, let (command, _) = resolve(name) ?? runBelow(name) else {
            return false
        }
        return command.repetition.applies(to: Array(words.dropFirst()))
    }

    /// Every name that can be typed now, aliases included.
    package var commandNames: [String] {
        let (scene, global) = availableCommands
        return (scene + global).flatMap { [$0.name] + $0.aliases } + commandsRunBelowNames
    }

    /// The names the top scene runs in a scene below, in the order it declares them.
    private var commandsRunBelowNames: [String] {
        stack.top?.module.commandsRunBelow.filter { runBelow($0) != nil } ?? []
    }

    private func unknownCommand(_ word: String) -> CommandError {
        let shown = TerminalText.truncate(word, toWidth: 40)
        // A command of another scene is not a typo: say where it belongs.
        let elsewhere = moduleOrder.filter { $0.command(named: word) != nil }.map(\.name)
        if !elsewhere.isEmpty {
            let here = stack.top?.module.name ?? "this scene"
            let scenes = elsewhere.count == 1 ? "the \(elsewhere[0]) scene" : "the \(elsewhere.joined(separator: " and ")) scenes"
            return CommandError("'\(shown)' works in \(scenes), not in \(here) (type 'help' for the commands here)", kind: .unknownCommand)
        }
        if let suggestion = Suggestion.closest(to: word, among: commandNames) ?? Suggestion.synonym(of: word, among: commandNames) {
            return CommandError(
                "unknown command '\(shown)': did you mean '\(suggestion)'? (type 'help' for the commands here)", kind: .unknownCommand)
        }
        return CommandError("unknown command '\(shown)' (type 'help' for the commands here)", kind: .unknownCommand)
    }

    private func arityProblem(_ command: Command<AnyObject>, _ count: Int) -> CommandError? {
        let declared = command.arguments.count
        if count <= command.maximumCount ?? .max && count >= command.requiredCount { return nil }
        let usage = "usage: \(command.usage)"
        if count < command.requiredCount {
            let missing = command.arguments[count].name  // required arguments come first
            return CommandError("'\(command.name)' needs \(missing) (\(usage))", kind: .usage)
        }
        if declared == 0 {
            return CommandError("'\(command.name)' takes no arguments (\(usage))", kind: .usage)
        }
        return CommandError("'\(command.name)' takes at most \(declared) argument\(declared == 1 ? "" : "s") (\(usage))", kind: .usage)
    }

    // MARK: - Global commands' effects

    func requestQuit() { quitRequested = true }

    func goBack() {
        if stack.isAtRoot {
            console.writeLine("Already at the root scene (\(stack.top?.module.name ?? "none")): nothing to go back to.")
            return
        }
        if stack.top?.presentation == .sheet { dismiss() } else { pop() }
    }

    func printHelp(for command: Command<AnyObject>) {
        console.writeLine("usage: \(command.usage)", style: .bold)
        console.writeWrappedLine("  \(command.summary)", indent: 2)
        if !command.aliases.isEmpty { console.writeLine("  also: \(command.aliases.joined(separator: ", "))") }
        console.writeLine("example: \(command.example)")
    }

    func printHelp() {
        let (scene, global) = availableCommands
        let width = (scene + global).map { TerminalText.width($0.usage) }.max() ?? 0
        func list(_ title: String, _ commands: [Command<AnyObject>]) {
            console.writeLine(title, style: .bold)
            for command in commands {
                var usage = command.usage
                if !command.aliases.isEmpty { usage = ([command.name] + command.aliases).joined(separator: ", ") }
                // On a terminal, a summary wider than the window goes on under itself, not under the usage.
                console.writeWrappedLine("  \(TerminalText.pad(usage, toWidth: width))  \(command.summary)", indent: width + 4)
            }
        }
        if let top = stack.top {
            list("\(top.module.name) commands:", scene)
            if scene.isEmpty { console.writeLine("  (none)") }
        } else {
            // An engine never started on a root (it had an empty heading here).
            console.writeLine("no scene is shown: the app started none (engine.start(root:)), so only the global commands run", style: .dim)
        }
        let below = commandsRunBelowNames
        if !below.isEmpty {
            console.writeWrappedLine("  Also \(below.joined(separator: ", ")): back to the list, and run there.", indent: 2)
        }
        list("global commands:", global)
        console.writeWrappedLine("Type 'help COMMAND' or 'COMMAND --help' for one command's usage and an example.", indent: 2, style: .dim)
        let repeating = scene.flatMap { command -> [String] in
            switch command.repetition {
            case .never: []
            case .always: [command.name]
            case .whenFirstArgument(let words): words.map { "\(command.name) \($0)" }
            }
        }
        if !repeating.isEmpty {
            console.writeWrappedLine(
                "At the prompt, an empty line repeats \(repeating.joined(separator: ", ")) (the last one typed).", indent: 2, style: .dim)
        }
        let names = Set(scene.map(\.name))
        if names.contains("next") && names.contains("prev") {
            console.writeWrappedLine(
                "On an empty line, PageDown, Right and Space run 'next'; PageUp, Left and Backspace 'prev'.", indent: 2, style: .dim)
        }
    }

    /// `APP help COMMAND` at the shell: the usage of a command of any scene, the one on top first,
    /// then the registered scenes in order (naming the scene it belongs to), then the global ones.
    /// Throws with a "did you mean" when no scene has it.
    package func printHelp(forCommandOfAnyScene word: String) throws(CommandError) {
        if let (command, _) = resolve(word) ?? runBelow(word) {
            printHelp(for: command)
            return
        }
        if let module = moduleOrder.first(where: { $0.command(named: word) != nil }), let command = module.command(named: word) {
            console.writeLine("(a command of the \(module.name) scene)", style: .dim)
            printHelp(for: command)
            return
        }
        let shown = TerminalText.truncate(word, toWidth: 40)
        if let suggestion = Suggestion.closest(to: word, among: everyCommandName) {
            throw CommandError("no scene has a command '\(shown)': did you mean '\(suggestion)'?", kind: .unknownCommand)
        }
        throw CommandError("no scene has a command '\(shown)'", kind: .unknownCommand)
    }

    func helpTopic(_ word: String) throws {
        if let (command, _) = resolve(word) ?? runBelow(word) {
            printHelp(for: command)
            return
        }
        throw unknownCommand(word)
    }

    /// What `state --json` prints: the stack and every scene's DataStore fields, on one line.
    package func stateJSON() -> String {
        var writer = JSONWriter()
        writer.field("stack", .strings(stack.names))
        for entry in stack.entries {
            for field in entry.scene.stateFields() { writer.field(field.key, field.value) }
        }
        return writer.finish()
    }

    func printState(json: Bool) {
        if json {
            console.writeLine(stateJSON())
            return
        }
        console.writeLine("stack: \(stack.names.joined(separator: " > "))")
        for entry in stack.entries {
            let fields = entry.scene.stateFields()
            guard !fields.isEmpty else { continue }
            console.writeLine("\(entry.module.name):")
            for field in fields {
                console.writeLine("  \(field.key): \(Self.describe(field.value))")
            }
        }
    }

    private static func describe(_ value: StateField.Value) -> String {
        switch value {
        case .int(let n): String(n)
        case .string(let s): TerminalText.oneLine(s)
        // Each quoted as it is typed when it holds a blank (a file name), so that the list reads back.
        case .strings(let list): list.isEmpty ? "(none)" : list.map { Tokenizer.quoted(TerminalText.oneLine($0)) }.joined(separator: " ")
        case .bool(let flag): flag ? "yes" : "no"
        case .object(let fields): fields.map { "\($0.key) \(describe($0.value))" }.joined(separator: ", ")
        case .list(let values): values.isEmpty ? "(none)" : values.map(describe).joined(separator: "; ")
        case .null: "(none)"
        }
    }

    // MARK: - Showing scenes

    private func show(_ scene: any SceneView, as presentation: NavigationStack.Presentation) {
        guard let module = modules[ObjectIdentifier(type(of: scene))] else {
            return console.fail(Self.notRegistered(type(of: scene)))
        }
        stack.append(.init(scene: scene, module: module, presentation: presentation))
        scene.sceneDidLoad()
    }
}

extension Engine {
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
        if !namedFiles, command.namesFiles, arguments.indices.contains(where: { command.argument(at: $0)?.completion == .files }) {
            namedFiles = true
        }
        if replaysScript, command.writesFiles, let problem = replayedWriteProblem(command, arguments) { throw problem }
        if command.hasCheckedArguments {
            for (index, word) in arguments.enumerated() {
                if let problem = command.argument(at: index)?.problem(with: word, in: command.name, example: command.example) {
                    throw problem
                }
            }
        }
        // A failure a View reported outside any command (as the root scene loaded) is not this one's.
        _ = console.takeFailure()
        switch command.body {
        case .immediate(let run):
            do {
                try run(target, arguments)
                try throwFailure()
            } catch {
                pendingEffects.removeAll()
                throw error
            }
            return rest(then: nil)
        case .suspending(let run):
            return rest(then: {
                try await run(target, arguments)
                try self.throwFailure()
            })
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
                let before = stack.entries.count
                if let rest = try begin(["back"]) { try await rest() }
                // A `back` that did not leave (it refused) would loop for ever.
                guard stack.entries.count < before else { break }
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

    /// Why a replayed script's command may not write what it names: a file elsewhere or one that is
    /// there, or `--force`, which replaces (nil: it may).
    private func replayedWriteProblem(_ command: Command<AnyObject>, _ arguments: Arguments) -> CommandError? {
        guard replayWrites == nil || checksScriptWrites, scriptWrites != nil else { return nil }
        if arguments.contains("--force") {
            scriptWriteRefusals += 1
            return CommandError("\(command.name) --force replaces a file, which a replayed script may not do (type it at the prompt)")
        }
        var position = 0
        for word in arguments where !word.hasPrefix("-") {
            defer { position += 1 }
            guard command.argument(at: position)?.writesFile == true, let problem = scriptWriteProblem(word) else { continue }
            return CommandError("\(command.name) \(TerminalText.truncate(TerminalText.oneLine(word), toWidth: 60)): \(problem)")
        }
        return nil
    }

    /// The failure a View reported with `Console.fail`, thrown as the command's error.
    private func throwFailure() throws(CommandError) {
        if let failure = console.takeFailure() { throw failure }
    }

    /// What is left of a command once it ran as far as it could: `waiting` (nil when it did not have
    /// to wait), then the effects it scheduled; nil when there is nothing left at all. A failure ends
    /// it: the effects still pending are dropped.
    private func rest(then waiting: CommandRest?) -> CommandRest? {
        if waiting == nil && pendingEffects.isEmpty { return nil }
        return {
            do {
                try await waiting?()
                try await self.finishEffects()
            } catch {
                self.pendingEffects.removeAll()
                throw error
            }
        }
    }

    /// Runs the effects one after the other; throws the failure one of them reported.
    private func finishEffects() async throws(CommandError) {
        while !pendingEffects.isEmpty {
            await pendingEffects.removeFirst()()
            try throwFailure()
        }
    }

    /// How many pieces of work scenes scheduled (`SceneEffects`) are waiting to run: none after a
    /// command, which awaits its own; work scheduled outside one (as the root scene loaded) waits
    /// for `finishPendingEffects()`.
    package var pendingEffectCount: Int { pendingEffects.count }

    /// Runs the work scenes scheduled (`SceneEffects`) to its end. Commands do this by themselves; a
    /// host (or a test) that pushes a scene outside a command calls it.
    public func finishPendingEffects() async {
        do {
            try await finishEffects()
        } catch {
            // Outside a command there is no command to fail: a failure ends the work, as in one.
            pendingEffects.removeAll()
        }
    }
}

extension Engine: SceneEffects {
    /// Schedules `work` to be awaited before the command being run ends.
    public func finishBeforeCommandEnds(_ work: @escaping @MainActor () async -> Void) {
        pendingEffects.append(work)
    }
}

extension Engine: Navigator {
    /// Makes a scene of a registered type with the module's `make`; nil, the command being run
    /// failing with the reason, for a type never registered (it stopped the whole process, and a
    /// test run with it).
    public func instantiate<View: SceneView>(_ view: View.Type) -> View? {
        guard let module = modules[ObjectIdentifier(view)] else {
            console.fail(Self.notRegistered(view))
            return nil
        }
        let made = module.make(SceneContext(navigator: self, effects: self, console: console))
        guard let scene = made as? View else {
            console.fail("the module registered for \(view) made a \(type(of: made)), not a \(view)")
            return nil
        }
        return scene
    }

    static func notRegistered(_ view: Any.Type) -> String {
        "the scene \(view) is not registered with the engine: register its module (engine.register(…)) before it is shown"
    }

    /// Pushes `scene` on the stack; it loads (`sceneDidLoad`).
    public func push(_ scene: any SceneView) { show(scene, as: .pushed) }

    /// Presents `scene` as a sheet over the top one; it loads.
    public func present(_ scene: any SceneView) { show(scene, as: .sheet) }

    /// Pops the pushed scene on top; the one below appears again (`sceneWillAppear`).
    public func pop() {
        if let problem = stack.removeTop(.pushed) { return console.fail("cannot go back: \(problem)") }
        stack.top?.scene.sceneWillAppear()
    }

    /// Dismisses the sheet on top; the one below appears again.
    public func dismiss() {
        if let problem = stack.removeTop(.sheet) { return console.fail("cannot close the sheet: \(problem)") }
        stack.top?.scene.sceneWillAppear()
    }
}
