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

    /// Shown in usage lines: `count [+|-|N]`.
    public let name: String
    /// Whether the command runs without it; optional arguments come after the required ones.
    public let isOptional: Bool
    /// What Tab completes here.
    public let completion: Completion
    /// Whether this argument takes every word left on the line (`add buy some milk`): only the last
    /// argument may. The command receives the words one by one; usage shows `TEXT…`.
    public let isRepeated: Bool

    /// - Parameters:
    ///   - name: the placeholder shown in usage, e.g. `N` or `FILE`.
    ///   - optional: whether it may be left out.
    ///   - completion: what Tab offers for it.
    ///   - repeated: whether it takes every remaining word (the last argument only).
    public init(_ name: String, optional: Bool = false, completion: Completion = .none, repeated: Bool = false) {
        self.name = name
        self.isOptional = optional
        self.completion = completion
        self.isRepeated = repeated
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
        }
    }

    private let declaration: Declaration

    /// What runs a command. A scene's command has one kind of body: it runs to its end at once, and
    /// work it must wait for (the network, a picture to decode) is scheduled as `SceneEffects`, which
    /// the engine awaits before the command ends. Only the engine's own `run FILE` suspends: it runs
    /// other commands, each with its own effects.
    enum Body {
        case immediate(@MainActor (Target, [String]) throws -> Void)
        case suspending(@MainActor (Target, [String]) async throws -> Void)
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
    ///     (already checked against `arguments` for their number): usually it turns them into a
    ///     Request for the interactor. Throw a `CommandError` that says what to type instead when the
    ///     words make no request (`open x`); a request that cannot be carried out comes back through
    ///     the presenter, and the View says so with `Console.fail`.
    public init(
        _ name: String, aliases: [String] = [], arguments: [Argument] = [], summary: String, example: String? = nil,
        repetition: Repetition = .never, run: @escaping @MainActor (Target, [String]) throws -> Void
    ) {
        self.init(name, aliases: aliases, arguments: arguments, summary: summary, example: example, repetition: repetition, body: .immediate(run))
    }

    /// The engine's `run FILE`, which waits for the commands it runs.
    init(
        _ name: String, arguments: [Argument], summary: String, example: String,
        runSuspending run: @escaping @MainActor (Target, [String]) async throws -> Void
    ) {
        self.init(name, aliases: [], arguments: arguments, summary: summary, example: example, repetition: .never, body: .suspending(run))
    }

    init(_ name: String, aliases: [String], arguments: [Argument], summary: String, example: String?, repetition: Repetition, body: Body) {
        precondition(!arguments.dropLast().contains { $0.isRepeated }, "only the last argument of \(name) may be repeated")
        declaration = Declaration(name: name, aliases: aliases, arguments: arguments, summary: summary, example: example ?? name,
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
        return Command<AnyObject>(name, aliases: aliases, arguments: arguments, summary: summary, example: example, repetition: repetition, body: erasedBody)
    }

}

/// What is left of a command that had to wait: awaited before the command ends.
typealias CommandRest = @MainActor () async throws -> Void

/// A command that could not be carried out as typed. The message says what to type instead.
public struct CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Shown after `error: `, in the transcript and on standard error.
    public let message: String
    /// An error with its message: what went wrong and what to type instead.
    public init(_ message: String) { self.message = message }
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
