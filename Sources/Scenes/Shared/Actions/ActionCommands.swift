import PhotoDomain
import REPLEngine

/// A scene that acts on the photos it shows: the collection on its list (after its filters), the
/// detail on its photo. The commands below call it once they have checked what was typed.
@MainActor
protocol ActingView: AnyObject {
    /// Lists the files of the photos shown, or of the marked ones.
    func listPaths(_ request: PhotoPaths.Request) async
    /// Copies the photos shown, or the marked ones, into a folder.
    func copyPhotos(_ request: PhotoCopying.Request) async
}

/// The actions on a folder's photos as files, the same in every scene that acts: `shown` says what
/// they act on, in their summaries ("the list's photos", "the photo").
@MainActor
enum ActionCommands {
    /// The commands' names.
    static let names: Set<String> = ["paths", "copy"]

    static func commands<View: ActingView>(actingOn shown: String) -> [Command<View>] {
        [
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
                await view.listPaths(try pathsRequest(arguments))
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
                await view.copyPhotos(try copyRequest(arguments))
            }
        ]
    }

    /// What `copy` was asked: its DIR and options, each checked.
    static func copyRequest(_ arguments: Arguments) throws -> PhotoCopying.Request {
        var folder: String?
        var request = PhotoCopying.Request(folder: "")
        for word in arguments {
            switch word {
            case "--yes": request.yes = true
            case "--dry-run": request.dryRun = true
            case "--marked": request.marked = true
            case "--suffix": request.suffixing = true
            case "--pairs": request.pairs = true
            case _ where word.hasPrefix("-"):
                throw CommandError(
                    "copy takes DIR, --yes, --dry-run, --marked, --suffix and --pairs, not '\(TerminalText.truncate(word, toWidth: 40))' (type e.g. 'copy ~/share', or 'copy ./\(TerminalText.truncate(word, toWidth: 40))' for a folder of that name)",
                    kind: .usage)
            case _ where folder != nil:
                throw CommandError("copy copies into one DIR, not two (type e.g. 'copy ~/share')", kind: .usage)
            default: folder = word
            }
        }
        guard let folder, !folder.isEmpty else { throw CommandError("copy takes a folder (type e.g. 'copy ~/share')", kind: .usage) }
        request.folder = folder
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
