import PhotoDomain
import REPLEngine

/// A scene that acts on the photos it shows: the collection on its list (after its filters), the
/// detail on its photo. The commands below call it once they have checked what was typed.
@MainActor
protocol ActingView: AnyObject {
    /// Lists the files of the photos shown, or of the marked ones.
    func listPaths(_ request: PhotoPaths.Request) async throws(CommandError)
    /// Copies or moves the photos shown, or the marked ones, into a folder.
    func actOnFiles(_ request: PhotoFileActions.Request) async throws(CommandError)
}

/// The actions on a folder's photos as files, the same in every scene that acts: `shown` says what
/// they act on, in their summaries ("the list's photos", "the photo").
@MainActor
enum ActionCommands {
    /// The commands' names.
    static let names: Set<String> = ["paths", "copy", "move", "rename", "trash"]

    /// `move`'s arguments, summary and example, also for the detail's `move`, where a whole number
    /// is a position instead.
    static let moveArguments = [
        Argument("DIR", completion: .files, writesInto: true), Argument("--yes", optional: true), Argument("--dry-run", optional: true),
        Argument("--marked", optional: true), Argument("--suffix", optional: true), Argument("--pairs", optional: true)
    ]
    static func moveSummary(_ shown: String) -> String {
        "move \(shown)'s photos (--marked: the marked ones) with their sidecars (--pairs: and a RAW+JPEG pair's other half) into DIR, never over a file (--suffix: NAME-1.EXT); asks first, --yes does not, --dry-run only says what; 'undo' moves them back"
    }

    /// - Parameter moving: whether `move DIR` is among them (the detail has its own `move`).
    static func commands<View: ActingView>(actingOn shown: String, moving: Bool = true) -> [Command<View>] {
        var commands: [Command<View>] = [
            Command(
                "paths",
                arguments: [
                    Argument("FILE", optional: true, completion: .files, writesFile: true), Argument("-0", optional: true),
                    Argument("--marked", optional: true), Argument("--force", optional: true)
                ],
                summary:
                    "print the paths of \(shown)'s files, one a line as xargs reads them (-0: NUL-separated; --marked: the marked photos'), or write them to FILE",
                example: "paths picks.txt"
            ) { view, arguments in
                try await view.listPaths(try pathsRequest(arguments))
            },
            Command(
                "copy",
                arguments: [
                    Argument("DIR", completion: .files, writesInto: true), Argument("--yes", optional: true),
                    Argument("--dry-run", optional: true),
                    Argument("--marked", optional: true), Argument("--suffix", optional: true), Argument("--pairs", optional: true)
                ],
                summary:
                    "copy \(shown)'s photos (--marked: the marked ones) with their sidecars (--pairs: and a RAW+JPEG pair's other half) into DIR, never over a file (--suffix: NAME-1.EXT); asks first, --yes does not, --dry-run only says what; 'undo' removes the copies",
                example: "copy ~/share"
            ) { view, arguments in
                try await view.actOnFiles(try fileRequest(.copy, arguments))
            }
        ]
        commands.append(
            Command(
                "rename",
                arguments: [
                    Argument("PATTERN"), Argument("--yes", optional: true), Argument("--dry-run", optional: true),
                    Argument("--marked", optional: true), Argument("--suffix", optional: true)
                ],
                summary:
                    "rename \(shown)'s photos (--marked: the marked ones) and their sidecars by PATTERN: {taken:%Y-%m-%d} (strftime's fields), {camera}, {name}, {ext}, {n} or {n:03} (1, 2, … in the list's order), {rating}; '/' makes folders; '.{ext}' ends it unless it names {ext}; a name taken refuses it all, or gets -1, -2 with --suffix; asks first, --yes does not, --dry-run only says what; 'undo' renames them back",
                example: "rename {taken:%Y-%m-%d}_{n:03}"
            ) { view, arguments in
                try await view.actOnFiles(try renameRequest(arguments))
            })
        commands.append(
            Command(
                "trash",
                arguments: [
                    Argument("--yes", optional: true), Argument("--dry-run", optional: true), Argument("--marked", optional: true),
                    Argument("--pairs", optional: true)
                ],
                summary:
                    "move \(shown)'s photos (--marked: the marked ones) with their sidecars (--pairs: and a RAW+JPEG pair's other half) to the desktop's Trash, which restores them; asks first, --yes does not, --dry-run only says what; 'undo' moves them back",
                example: "trash --dry-run"
            ) { view, arguments in
                try await view.actOnFiles(try trashRequest(arguments))
            })
        if moving {
            commands.append(
                Command("move", arguments: moveArguments, summary: moveSummary(shown), example: "move ~/rejects") { view, arguments in
                    try await view.actOnFiles(try fileRequest(.move, arguments))
                })
        }
        return commands
    }

    /// What `copy` or `move` was asked: its DIR and options, each checked. A move's DIR of digits
    /// alone is refused: `move 4` is the detail's move to a position, and `./4` names such a folder.
    static func fileRequest(_ action: FileAction, _ arguments: Arguments) throws -> PhotoFileActions.Request {
        let verb = action.verb
        var folder: String?
        var request = PhotoFileActions.Request(action: action, folder: "")
        for word in arguments {
            switch word {
            case _ where request.takes(word, of: ["--yes", "--dry-run", "--marked", "--suffix", "--pairs"]): continue
            case _ where word.hasPrefix("-"):
                throw CommandError(
                    "\(verb) takes DIR, --yes, --dry-run, --marked, --suffix and --pairs, not '\(TerminalText.truncate(word, toWidth: 40))' (type e.g. '\(verb) ~/share', or '\(verb) ./\(TerminalText.truncate(word, toWidth: 40))' for a folder of that name)",
                    kind: .usage)
            case _ where folder != nil:
                throw CommandError("\(verb) puts photos into one DIR, not two (type e.g. '\(verb) ~/share')", kind: .usage)
            default: folder = word
            }
        }
        guard let folder, !folder.isEmpty else { throw CommandError("\(verb) takes a folder (type e.g. '\(verb) ~/share')", kind: .usage) }
        if action == .move, folder.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            throw CommandError(
                "move \(folder) moves a photo to position \(folder), in the photo's detail (type 'open N' first); to move photos into a folder named \(folder), type 'move ./\(folder)'",
                kind: .usage)
        }
        request.folder = folder
        return request
    }

    /// What `rename` was asked: its PATTERN and options, each checked.
    static func renameRequest(_ arguments: Arguments) throws -> PhotoFileActions.Request {
        var request = PhotoFileActions.Request(action: .rename, folder: "")
        var pattern: String?
        for word in arguments {
            switch word {
            case _ where request.takes(word, of: ["--yes", "--dry-run", "--marked", "--suffix"]): continue
            case _ where word.hasPrefix("--"):
                throw CommandError(
                    "rename takes PATTERN, --yes, --dry-run, --marked and --suffix, not '\(TerminalText.truncate(word, toWidth: 40))' (type e.g. 'rename {taken:%Y-%m-%d}_{n:03}')",
                    kind: .usage)
            case _ where pattern != nil:
                throw CommandError("rename takes one PATTERN (quote one with blanks: 'rename \"{camera} {n}\"')", kind: .usage)
            default: pattern = word
            }
        }
        guard let pattern, !pattern.isEmpty else {
            throw CommandError("rename takes a PATTERN (type e.g. 'rename {taken:%Y-%m-%d}_{n:03}')", kind: .usage)
        }
        request.folder = pattern
        return request
    }

    /// What `trash` was asked: its options, each checked.
    static func trashRequest(_ arguments: Arguments) throws -> PhotoFileActions.Request {
        var request = PhotoFileActions.Request(action: .trash, folder: "")
        for word in arguments {
            switch word {
            case _ where request.takes(word, of: ["--yes", "--dry-run", "--marked", "--pairs"]): continue
            default:
                throw CommandError(
                    "trash takes --yes, --dry-run, --marked and --pairs, not '\(TerminalText.truncate(word, toWidth: 40))' (type e.g. 'trash --dry-run'; 'filter' chooses what it trashes)",
                    kind: .usage)
            }
        }
        return request
    }

    /// What `paths` was asked: its FILE and options, each checked.
    static func pathsRequest(_ arguments: Arguments) throws -> PhotoPaths.Request {
        var request = PhotoPaths.Request()
        for word in arguments {
            switch word {
            case "-0": request.separatedByNUL = true
            case "--marked": request.marked = true
            case "--force": request.replacing = true
            case _ where word.hasPrefix("-"):
                throw CommandError(
                    "paths takes FILE, -0, --marked and --force, not '\(TerminalText.truncate(word, toWidth: 40))' (type e.g. 'paths picks.txt', or 'paths ./\(TerminalText.truncate(word, toWidth: 40))' for a file of that name)",
                    kind: .usage)
            case _ where request.file != nil:
                throw CommandError("paths writes one FILE, not two (type e.g. 'paths picks.txt')", kind: .usage)
            default: request.file = word
            }
        }
        if request.replacing, request.file == nil {
            throw CommandError("--force replaces the FILE paths writes: type e.g. 'paths picks.txt --force'", kind: .usage)
        }
        return request
    }
}

extension PhotoFileActions.Request {
    /// Whether `word` is one of `options` (those the action takes), set in the request if so.
    mutating func takes(_ word: String, of options: Set<String>) -> Bool {
        guard options.contains(word) else { return false }
        switch word {
        case "--yes": yes = true
        case "--dry-run": dryRun = true
        case "--marked": marked = true
        case "--suffix": suffixing = true
        case "--pairs": pairs = true
        default: return false
        }
        return true
    }
}
