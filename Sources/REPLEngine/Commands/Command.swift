/// What a command's argument is, for usage lines, arity checks and Tab completion.
public struct Argument: Sendable {
    /// What Tab offers for an argument.
    public enum Completion: Sendable, Equatable {
        /// Nothing: Tab beeps.
        case none
        /// A fixed set of words, e.g. `+` and `-`.
        case words([String])
        /// 1-based positions that the scene knows at the time (photos, pages, to-dos): the scene's
        /// `positions(for:)` says which.
        case positions
        /// File names.
        case files
        /// The names of the commands available here.
        case commands
        /// Options and their values, among free words (`search forest --orientation landscape`): a
        /// word that starts with `-` completes to the options' names, the word after an option to
        /// its values, any other word to nothing.
        case options([String: [String]])
    }

    /// What may be typed for an argument: the engine checks it before the command runs, and says
    /// what to type instead, in the same words for every scene.
    public enum Kind: Sendable, Equatable {
        /// Any word.
        case text
        /// A whole number (of any length: one past 64 bits reads as `Int.max` or `Int.min`, see
        /// `Arguments.number(at:)`). `naming` is what the number stands for, in the message for a word
        /// that is not one: "'two' is not a page: type a whole number, e.g. 'page 1'" ("an" before a
        /// vowel: "is not an amount").
        case number(naming: String)
        /// One of these words: "layout takes list or grid, not 'x' (type e.g. 'layout grid')".
        case choice([String])
    }

    /// Shown in usage lines: `count [+|-|N]`.
    public let name: String
    /// What may be typed for it.
    public let kind: Kind
    /// Whether the command runs without it; optional arguments come after the required ones.
    public let isOptional: Bool
    /// What Tab completes here.
    public let completion: Completion
    /// Whether this argument takes every word left on the line (`add buy some milk`): only the last
    /// argument may. The command receives the words one by one; usage shows `TEXT…`.
    public let isRepeated: Bool
    /// Whether the word names a file the command writes (`save PATH`): a replayed script may write
    /// it only where its person allows, and never over a file that is there (`ScriptWrites`).
    public let writesFile: Bool
    /// Whether the word names a folder the command writes new files into (`copy DIR`): a replayed
    /// script may name it only where its person allows (`ScriptWrites`).
    public let writesInto: Bool

    /// - Parameters:
    ///   - name: the placeholder shown in usage, e.g. `N` or `FILE`.
    ///   - optional: whether it may be left out.
    ///   - completion: what Tab offers for it.
    ///   - repeated: whether it takes every remaining word (the last argument only).
    ///   - writesFile: whether it names a file the command writes (a word starting with `-` is an
    ///     option, not the file).
    ///   - writesInto: whether it names a folder the command writes new files into (a whole
    ///     number is taken for no folder: `./4` names one).
    public init(
        _ name: String, optional: Bool = false, completion: Completion = .none, repeated: Bool = false, writesFile: Bool = false,
        writesInto: Bool = false
    ) {
        self.init(
            name, kind: .text, optional: optional, completion: completion, repeated: repeated, writesFile: writesFile,
            writesInto: writesInto)
    }

    private init(
        _ name: String, kind: Kind, optional: Bool, completion: Completion, repeated: Bool, writesFile: Bool = false,
        writesInto: Bool = false
    ) {
        self.name = name
        self.kind = kind
        self.isOptional = optional
        self.completion = completion
        self.isRepeated = repeated
        self.writesFile = writesFile
        self.writesInto = writesInto
    }

    /// A whole number, read with `Arguments.number(at:)`; a word that is not one is refused before
    /// the command runs.
    /// - Parameters:
    ///   - name: the placeholder shown in usage, e.g. `N`.
    ///   - naming: what the number stands for, in the refusal: `page` gives "'two' is not a page".
    ///   - optional: whether it may be left out.
    ///   - completion: what Tab offers (`.positions` for the positions the scene shows).
    public static func number(_ name: String, naming: String, optional: Bool = false, completion: Completion = .none) -> Argument {
        Argument(name, kind: .number(naming: naming), optional: optional, completion: completion, repeated: false)
    }

    /// One of `words`, which Tab completes; another word is refused before the command runs.
    /// - Parameters:
    ///   - name: the placeholder shown in usage, e.g. `MODE`.
    ///   - words: the words it takes, in the order the refusal lists them.
    ///   - optional: whether it may be left out.
    public static func choice(_ name: String, _ words: [String], optional: Bool = false) -> Argument {
        precondition(!words.isEmpty, "a choice of no words")
        return Argument(name, kind: .choice(words), optional: optional, completion: .words(words), repeated: false)
    }

    /// Why `word` cannot be typed for this argument of `command`, or nil when it can.
    func problem(with word: String, in command: String, example: String) -> CommandError? {
        switch kind {
        case .text:
            return nil
        case .number(let what):
            guard WholeNumber.saturated(word) == nil else { return nil }
            let article = what.first.map { "aeiouAEIOU".contains($0) } == true ? "an" : "a"
            return CommandError(
                "'\(TerminalText.truncate(word, toWidth: 40))' is not \(article) \(what): type a whole number, e.g. '\(command) 1'",
                kind: .usage)
        case .choice(let words):
            guard !words.contains(word) else { return nil }
            let listed = words.count == 1 ? words[0] : words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
            return CommandError(
                "\(command) takes \(listed), not '\(TerminalText.truncate(word, toWidth: 40))' (type e.g. '\(example)')", kind: .usage)
        }
    }
}

/// Whether an empty line typed at the prompt of an interactive session runs a command again, as
/// gdb repeats `next`: for the commands that page, so that browsing is Enter, Enter, Enter. Scripts
/// and transcripts never repeat (an empty line there is nothing).
public enum Repetition: Sendable, Equatable {
    /// An empty line does nothing after this command.
    case never
    /// An empty line runs this command again, as typed.
    case always
    /// Only when its first argument is one of these: `grid next`, not `grid 3`.
    case whenFirstArgument(in: [String])

    func applies(to arguments: [String]) -> Bool {
        switch self {
        case .never: false
        case .always: true
        case .whenFirstArgument(let words): arguments.first.map(words.contains) ?? false
        }
    }
}

/// A command a scene (or the engine) offers: its declaration and what runs it.
@MainActor
public struct Command<Target: AnyObject> {
    /// What is typed: `open`.
    public var name: String { declaration.name }
    /// Other names that run it (`exit` for `quit`); `help` lists them.
    public var aliases: [String] { declaration.aliases }
    /// Its arguments in order; the engine checks how many were typed before the command runs.
    public var arguments: [Argument] { declaration.arguments }
    /// One line for `help`.
    public var summary: String { declaration.summary }
    /// A typical use for `help COMMAND`.
    public var example: String { declaration.example }
    /// Whether an empty line runs it again in an interactive session.
    public var repetition: Repetition { declaration.repetition }
    var body: Body { declaration.body }

    /// The command's parts in one object: the engine hands the command it found to the one that
    /// runs it on every line, and copying a reference is one retain where copying the parts is six.
    private final class Declaration {
        let name: String
        let aliases: [String]
        let arguments: [Argument]
        let summary: String
        let example: String
        let repetition: Repetition
        let body: Body
        /// Counted once: the engine checks every line's words against them.
        let requiredCount: Int
        let maximumCount: Int?
        /// Whether an argument is a number or a choice, whose words the engine checks one by one
        /// (most commands have none, and a line of theirs is not looked at twice).
        let hasCheckedArguments: Bool
        /// Whether an argument names a file (Tab completes it as one), and whether one names a file
        /// written: counted once, as the engine asks on every line.
        let namesFiles: Bool
        let writesFiles: Bool

        init(name: String, aliases: [String], arguments: [Argument], summary: String, example: String, repetition: Repetition, body: Body) {
            self.name = name
            self.aliases = aliases
            self.arguments = arguments
            self.summary = summary
            self.example = example
            self.repetition = repetition
            self.body = body
            requiredCount = arguments.count(where: { !$0.isOptional })
            maximumCount = arguments.last?.isRepeated == true ? nil : arguments.count
            hasCheckedArguments = arguments.contains { $0.kind != .text }
            namesFiles = arguments.contains { $0.completion == .files }
            writesFiles = arguments.contains { $0.writesFile || $0.writesInto }
        }
    }

    private let declaration: Declaration

    /// What runs a command: a synchronous body runs to its end at once (most commands; the engine
    /// then awaits nothing unless it scheduled `SceneEffects`); an asynchronous one is awaited, and
    /// Ctrl-C cancels it.
    enum Body {
        case immediate(@MainActor (Target, Arguments) throws -> Void)
        case suspending(@MainActor (Target, Arguments) async throws -> Void)
    }

    /// Declares a command.
    /// - Parameters:
    ///   - name: what is typed.
    ///   - aliases: other names for it.
    ///   - arguments: its arguments, required ones first.
    ///   - summary: one line for `help`.
    ///   - example: a typical use for `help COMMAND` (default: the name alone).
    ///   - repetition: whether an empty line runs it again in an interactive session (`next`).
    ///   - run: what it does, on the scene (`Target`) on top, with the words typed after its name
    ///     (already checked against `arguments`: their number, numbers and choices): usually it turns
    ///     them into a Request for the interactor. Throw a `CommandError` that says what to type
    ///     instead when the words make no request; a request that cannot be carried out comes back
    ///     through the presenter, and the View throws it back here as a `CommandError`.
    public init(
        _ name: String, aliases: [String] = [], arguments: [Argument] = [], summary: String, example: String? = nil,
        repetition: Repetition = .never, run: @escaping @MainActor (Target, Arguments) throws -> Void
    ) {
        self.init(
            name, aliases: aliases, arguments: arguments, summary: summary, example: example, repetition: repetition, body: .immediate(run))
    }

    /// Declares a command whose body waits: for a worker (the network, a file, a timer), or for an
    /// interactor's `async` method. The engine awaits it before the next command, so output stays in
    /// order and a script replays the same; Ctrl-C cancels the task it runs in (the body sees
    /// `Task.isCancelled`, and a cancelled `await` throws `CancellationError`, reported as
    /// "interrupted: NAME was cancelled and changed nothing"). A closure with an `await` in it is
    /// this kind; one without is the synchronous kind.
    /// - Parameters: as for the synchronous kind; `run` may suspend.
    public init(
        _ name: String, aliases: [String] = [], arguments: [Argument] = [], summary: String, example: String? = nil,
        repetition: Repetition = .never, run: @escaping @MainActor (Target, Arguments) async throws -> Void
    ) {
        self.init(
            name, aliases: aliases, arguments: arguments, summary: summary, example: example, repetition: repetition, body: .suspending(run)
        )
    }

    init(_ name: String, aliases: [String], arguments: [Argument], summary: String, example: String?, repetition: Repetition, body: Body) {
        precondition(!arguments.dropLast().contains { $0.isRepeated }, "only the last argument of \(name) may be repeated")
        declaration = Declaration(
            name: name, aliases: aliases, arguments: arguments, summary: summary, example: example ?? name,
            repetition: repetition, body: body)
    }

    /// `count [+|-|N]`, `add TEXT…`
    public var usage: String {
        var text = name
        for argument in arguments {
            let shown = argument.isRepeated ? argument.name + "…" : argument.name
            text += argument.isOptional ? " [\(shown)]" : " \(shown)"
        }
        return text
    }

    /// Whether its words are checked against numbers and choices before it runs.
    var hasCheckedArguments: Bool { declaration.hasCheckedArguments }
    /// Whether an argument names a file.
    var namesFiles: Bool { declaration.namesFiles }
    /// Whether an argument names a file the command writes.
    var writesFiles: Bool { declaration.writesFiles }

    /// How many words it needs at least.
    var requiredCount: Int { declaration.requiredCount }

    /// How many words it takes at most; nil when its last argument takes every remaining word.
    var maximumCount: Int? { declaration.maximumCount }

    /// The argument that the word at `index` (0-based, after the name) fills, if any.
    func argument(at index: Int) -> Argument? {
        if index < arguments.count { return arguments[index] }
        return arguments.last.flatMap { $0.isRepeated ? $0 : nil }
    }

    /// The same command for a target that is known only as AnyObject.
    func erased() -> Command<AnyObject> {
        let erasedBody: Command<AnyObject>.Body
        switch body {
        case .immediate(let run): erasedBody = .immediate { try run(unsafeDowncast($0, to: Target.self), $1) }
        case .suspending(let run): erasedBody = .suspending { try await run(unsafeDowncast($0, to: Target.self), $1) }
        }
        return Command<AnyObject>(
            name, aliases: aliases, arguments: arguments, summary: summary, example: example, repetition: repetition, body: erasedBody)
    }

}

/// What is left of a command that had to wait: awaited before the command ends.
typealias CommandRest = @MainActor () async throws -> Void

/// A command that could not be carried out as typed: the one error the engine's API throws and
/// reports (`Engine.Outcome.failed`). The message says what to type instead; the kind says what went
/// wrong, for a caller that handles one kind differently (a test, a host).
public struct CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// No command of that name here (`fech`).
        case unknownCommand
        /// The line does not fit the command: too many or too few words, a word where a number or
        /// one of a choice goes, an unclosed quote.
        case usage
        /// The command understood the line and could not carry it out (no page 9, a file that
        /// cannot be written): what scenes throw and report.
        case refused
        /// Ctrl-C (or a signal) cancelled it.
        case interrupted
    }

    /// Shown after `error: `, in the transcript and on standard error.
    public let message: String
    /// What went wrong.
    public let kind: Kind
    /// An error with its message, what went wrong and what to type instead, and its kind.
    public init(_ message: String, kind: Kind = .refused) {
        self.message = message
        self.kind = kind
    }
    /// The message.
    public var description: String { message }
}

/// Commands in the order they were declared (for help and lookup). A linear search over a handful of
/// small-string names beats hashing the word for every line run.
@MainActor
final class CommandTable {
    let all: [Command<AnyObject>]
    /// Every name and alias, with the index in `all` of the command it names: the search compares
    /// strings only, without copying a command (and retaining its fields) for each one it passes.
    private let names: [(name: String, index: Int)]

    init(_ commands: [Command<AnyObject>]) {
        all = commands
        names = commands.indices.flatMap { i in ([commands[i].name] + commands[i].aliases).map { (name: $0, index: i) } }
    }

    subscript(word: String) -> Command<AnyObject>? {
        for entry in names where entry.name == word { return all[entry.index] }
        return nil
    }
}
