import SystemCalls
import REPLEngine

/// The first line of a recording or a transcript, `# NAME: OPTIONS`: the options a replay needs to
/// print what the session printed. `run` applies a script's, `test` a transcript's, each under what is
/// typed on its command line. A path in it is relative to the file it is in when it lies in that
/// file's folder (so the two move together), else absolute.
enum ReplayHeader {
    /// The launcher's own option a recording's header may carry: a recorded session replays past the
    /// commands that failed in it, as they failed then.
    static let keepGoing = "--keep-going"
    /// A transcript's header's word for its check: the folder the session ran in, relative to the
    /// transcript's (what its commands wrote, `record x.txt`, named paths from there).
    static let workingFolder = "--in"
    /// A transcript's header's word for its check: the script the session was recording to from its
    /// start (`--record FILE`), as typed, so that `record` and `record stop` say what they said.
    static let recording = "--recording"
    /// A transcript's header's word for its check: a folder the session's scripts were allowed to
    /// write in (repeated), written when the rules of replayed scripts refused a write, so that the
    /// check holds its commands to the same rules.
    static let scriptWrites = "--script-writes"

    /// The launcher's words at the start of a header (they come before the app's options), and the
    /// words after them.
    struct LauncherWords: Equatable {
        var keepGoing = false
        var workingFolder: String?
        var recording: String?
        var scriptWrites: [String] = []
        var rest: [String] = []
    }

    static func launcherWords(_ arguments: [String]) -> LauncherWords {
        var words = LauncherWords()
        var i = 0
        while i < arguments.count {
            switch arguments[i] {
            case keepGoing:
                words.keepGoing = true
                i += 1
            case workingFolder where i + 1 < arguments.count:
                words.workingFolder = arguments[i + 1]
                i += 2
            case recording where i + 1 < arguments.count:
                words.recording = arguments[i + 1]
                i += 2
            case scriptWrites where i + 1 < arguments.count:
                words.scriptWrites.append(arguments[i + 1])
                i += 2
            default:
                words.rest = Array(arguments[i...])
                return words
            }
        }
        return words
    }

    /// The header's line for the file at `path`: `# NAME: WORDS`, the options as typed, each value
    /// quoted as the tokenizer reads it back. Throws when a value cannot be written on one line (a
    /// line break in a folder's name would end the header and start a command).
    static func line(
        appName: String, launcherWords: [String] = [], options: [AppOption.Given], declared: [AppOption],
        forFileAt path: String
    ) throws(CommandError) -> String {
        var words = launcherWords
        for option in options {
            words.append(option.name)
            guard var value = option.value else { continue }
            if declared.first(where: { $0.name == option.name })?.isPath == true {
                value = FilePaths.written(value, inFileAt: path)
            }
            // Checked as written: a path made absolute takes in the current folder's name too.
            if !isOneLine(value) {
                throw CommandError(
                    "\(option.name)'s value holds a line break or a control character, which a header's one line cannot hold: rename it, or give a link to it"
                )
            }
            words.append(Tokenizer.quoted(value))
        }
        return TranscriptSuite.SessionHeader.prefix(for: appName) + (words.isEmpty ? "" : " " + words.joined(separator: " "))
    }

    /// The options a header gives, each relative path joined to the header's folder (as written kept
    /// in `asWritten`), and whether it asks to keep going past failed commands.
    static func options(of header: TranscriptSuite.SessionHeader, declared: [AppOption]) throws(LaunchCommand.UsageError) -> (
        options: [AppOption.Given], keepGoing: Bool
    ) {
        // Read as a flag among the app's options: a value that happens to be the word stays a value.
        let launcher = launcherWords(header.arguments)
        let read = try LaunchCommand.parseOptions(launcher.rest, options: declared + [AppOption(flag: Self.keepGoing, help: "")])
        let asksToKeepGoing = launcher.keepGoing || read.contains { $0.name == Self.keepGoing }
        let given = read.filter { $0.name != Self.keepGoing }
        // Only what a recording writes: a header someone sent could otherwise set what no replay
        // needs, a minute-long delay or a cache written where they chose.
        if let unwritten = given.first(where: { option in declared.first { $0.name == option.name }?.changesOutput != true }) {
            throw LaunchCommand.UsageError(
                "\(unwritten.name) is not taken from a header (a recording never writes it): type it on the command line instead")
        }
        let resolved = given.map { option -> AppOption.Given in
            guard let value = option.value, !value.isEmpty, !value.hasPrefix("/"),
                declared.first(where: { $0.name == option.name })?.isPath == true
            else { return option }
            return AppOption.Given(name: option.name, value: header.directory + "/" + value, asWritten: value)
        }
        return (resolved, asksToKeepGoing)
    }

    /// Whether `text` has no control character (a line break would end a header's line, and start a
    /// line the replay reads as a command).
    static func isOneLine(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{2029}" }
    }
}

/// Paths as a header writes them.
enum FilePaths {
    /// `path` as a header of the file at `file` names it: relative to the file's folder when it lies
    /// there or below (`photos`, `.`), else absolute. Both are made absolute first, by the words, so
    /// that a link in the folder keeps its name; a path that goes up (`link/../photos`) is resolved
    /// as the system resolves it, through its links.
    static func written(_ path: String, inFileAt file: String) -> String {
        let target = path.split(separator: "/").contains("..") ? resolved(path) ?? absolute(path) : absolute(path)
        let slash = file.lastIndex(of: "/")
        let folder = absolute(slash.map { String(file[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? ".")
        if target == folder { return "." }
        let prefix = folder == "/" ? "/" : folder + "/"
        guard target.hasPrefix(prefix) else { return target }
        let relative = String(target.dropFirst(prefix.count))
        // A name starting with '-' would read as an option, one with '~' as a home folder to a shell.
        return relative.hasPrefix("-") || relative.hasPrefix("~") ? "./" + relative : relative
    }

    /// `target` from `folder`, both absolute: `..` for each of the folder's own parts, then the
    /// target's (`/a/b/c` from `/a/d` is `../b/c`); `.` when they are one.
    static func relative(_ target: String, from folder: String) -> String {
        let to = absolute(target).split(separator: "/"), from = absolute(folder).split(separator: "/")
        var common = 0
        while common < to.count, common < from.count, to[common] == from[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// The folder a file at `path` is in.
    static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
    }

    /// `path` from the root, `.` and `..` taken away by the words.
    static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : currentDirectory() + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `path` with its links followed, when it exists.
    private static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    static func currentDirectory() -> String {
        guard let cwd = getcwd(nil, 0) else { return "/" }
        defer { free(cwd) }
        return String(cString: cwd)
    }
}
