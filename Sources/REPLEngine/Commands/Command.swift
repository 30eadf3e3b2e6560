/// What a command's argument is, for usage lines, arity checks and Tab completion.
public struct Argument: Sendable {
    public enum Completion: Sendable, Equatable {
        case none
        /// A fixed set of words, e.g. `+` and `-`.
        case words([String])
        /// 1-based positions that the scene knows at the time (photos, pages).
        case positions
        /// File names.
        case files
        /// The names of the commands available here.
        case commands
    }

    /// Shown in usage lines: `count [+|-|N]`.
    public let name: String
    public let isOptional: Bool
    public let completion: Completion

    public init(_ name: String, optional: Bool = false, completion: Completion = .none) {
        self.name = name
        self.isOptional = optional
        self.completion = completion
    }
}

/// A command a scene (or the engine) offers: its declaration and what runs it.
@MainActor
public struct Command<Target: AnyObject> {
    public let name: String
    public let aliases: [String]
    public let arguments: [Argument]
    /// One line for `help`.
    public let summary: String
    /// A typical use for `help COMMAND`.
    public let example: String
    let run: @MainActor (Target, [String]) async throws -> Void

    public init(
        _ name: String, aliases: [String] = [], arguments: [Argument] = [], summary: String, example: String? = nil,
        run: @escaping @MainActor (Target, [String]) async throws -> Void
    ) {
        self.name = name
        self.aliases = aliases
        self.arguments = arguments
        self.summary = summary
        self.example = example ?? name
        self.run = run
    }

    /// `count [+|-|N]`
    public var usage: String {
        var text = name
        for argument in arguments {
            text += argument.isOptional ? " [\(argument.name)]" : " \(argument.name)"
        }
        return text
    }

    var requiredCount: Int { arguments.count(where: { !$0.isOptional }) }

    /// The same command for a target that is known only as AnyObject.
    func erased() -> Command<AnyObject> {
        let run = self.run
        return Command<AnyObject>(name, aliases: aliases, arguments: arguments, summary: summary, example: example) {
            try await run(unsafeDowncast($0, to: Target.self), $1)
        }
    }

    func matches(_ word: String) -> Bool { name == word || aliases.contains(word) }
}

/// A command that could not be carried out as typed. The message says what to type instead.
public struct CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Commands in the order they were declared (for help and lookup). A linear search over a handful of
/// small-string names beats hashing the word for every line run.
@MainActor
final class CommandTable {
    let all: [Command<AnyObject>]

    init(_ commands: [Command<AnyObject>]) {
        all = commands
    }

    subscript(word: String) -> Command<AnyObject>? {
        for command in all where command.matches(word) { return command }
        return nil
    }
}
