import PhotoDomain
import REPLEngine

/// `copy DIR` and `move DIR`: the photos shown (the list after its filters, or the detail's photo),
/// or the marked ones, copied or moved with their sidecars into a folder; said first (a question at
/// the prompt, `--yes` in a script, `--dry-run` for the plan alone), never over a file, undone by
/// `undo`.
enum PhotoFileActions {
    struct Request: Equatable, Sendable {
        var action: FileAction = .copy
        /// The folder as typed.
        var folder: String
        /// `--yes`: done without a question.
        var yes = false
        /// `--dry-run`: the plan said, nothing done.
        var dryRun = false
        /// `--marked`: the photos marked in this session, not those shown.
        var marked = false
        /// `--suffix`: a name taken gets `-1`, `-2`, … instead of refusing it all.
        var suffixing = false
        /// `--pairs`: a RAW+JPEG pair's other half goes with each photo.
        var pairs = false

        /// The line that acts without asking, as a yes runs it and a recording keeps it.
        var confirmedLine: String {
            ([action.verb] + (action == .trash ? [] : [Tokenizer.quoted(folder)]) + ["--yes"] + (marked ? ["--marked"] : [])
                + (suffixing ? ["--suffix"] : [])
                + (pairs ? ["--pairs"] : [])).joined(
                    separator: " ")
        }
    }

    enum Response: Sendable {
        /// Nothing to act on: no photo shown, or none marked (`marked`).
        case nothingSelected(FileAction, marked: Bool)
        /// It cannot be done (a name taken, no such folder): nothing done.
        case refused(FileAction, PhotosWorkerError)
        /// `--dry-run`: what would be done.
        case planned(FilePlan)
        /// The files would not fit where they go: nothing done.
        case outgrowsDisk(FilePlan)
        /// Asked at the prompt: the next line answers.
        case asked
        /// No one to ask (a script): `--yes` is wanted.
        case needsYes(FilePlan, line: String)
        case done(FilePlan, FileOutcome)
    }

    /// What an interactor answers `request` with, `shown` being the photos it shows.
    @MainActor
    static func response(
        to request: Request, shown: [Photo], acting: any PhotoFileWorker,
        questions: (any SceneQuestions)?
    ) async -> Response {
        let ids = request.marked ? await acting.markedFiles().map(\.photoID) : shown.map(\.id)
        guard !ids.isEmpty else { return .nothingSelected(request.action, marked: request.marked) }
        let plan: FilePlan
        do {
            plan =
                switch request.action {
                case .copy: try await acting.planCopy(of: ids, to: request.folder, suffixing: request.suffixing, pairs: request.pairs)
                case .move: try await acting.planMove(of: ids, to: request.folder, suffixing: request.suffixing, pairs: request.pairs)
                case .trash: try await acting.planTrash(of: ids, pairs: request.pairs)
                case .rename: try await acting.planRename(of: ids, pattern: request.folder, suffixing: request.suffixing)
                }
        } catch let failure as PhotosWorkerError {
            return .refused(request.action, failure)
        } catch {
            return .refused(request.action, PhotosWorkerError("\(error)"))
        }
        if request.dryRun { return .planned(plan) }
        if plan.outgrowsDisk { return .outgrowsDisk(plan) }
        if !request.yes {
            return questions?.confirm(question(plan), thenRun: request.confirmedLine) == true
                ? .asked : .needsYes(plan, line: request.confirmedLine)
        }
        switch request.action {
        case .copy: return .done(plan, await acting.copy(plan, command: request.confirmedLine))
        case .move: return .done(plan, await acting.move(plan, command: request.confirmedLine))
        case .trash: return .done(plan, await acting.trash(plan, command: request.confirmedLine))
        case .rename: return .done(plan, await acting.rename(plan, command: request.confirmedLine))
        }
    }

    /// `Copy 2 photos and 1 sidecar (13 KB) to share?`
    static func question(_ plan: FilePlan) -> String {
        TerminalText.singleLine(
            "\(plan.action.capitalizedVerb) \(what(plan)) \(to(plan))\(newFolder(plan))?")
    }

    /// `to share`; a rename's `by {name}-{n}`.
    static func to(_ plan: FilePlan) -> String {
        plan.action == .rename ? "by \(plan.folder)" : "to \(plan.folder)"
    }

    /// ` (a new folder)` when the plan makes its folder (not the Trash's, which is the desktop's).
    static func newFolder(_ plan: FilePlan) -> String {
        plan.makesFolder && plan.trash == nil ? " (a new folder)" : ""
    }

    /// `2 photos and 1 sidecar (13 KB)`
    static func what(_ plan: FilePlan) -> String {
        let photos = plan.photoCount == 1 ? "1 photo" : "\(PhotoFormatting.grouped(plan.photoCount)) photos"
        let sidecars =
            plan.sidecarCount == 0 ? "" : " and \(plan.sidecarCount) sidecar\(plan.sidecarCount == 1 ? "" : "s")"
        return photos + sidecars + " (\(PhotoMetadataFormatting.fileSize(Int64(plan.byteCount))))"
    }

    /// `42 MB to copy, and the disk of out has 10 MB free`
    static func tooBig(_ plan: FilePlan) -> String {
        let free = PhotoMetadataFormatting.fileSize(Int64(plan.freeBytes ?? 0))
        return
            "\(PhotoMetadataFormatting.fileSize(Int64(plan.bytesWritten))) to \(plan.action == .copy ? "copy" : "write there"), and the disk of \(plan.folder) has \(free) free"
    }

    /// What the view writes: lines, or a failure.
    struct ViewModel: Equatable, Sendable {
        var lines: [String]
        var failure: String?
    }

    static func viewModel(_ response: Response) -> ViewModel {
        switch response {
        case .nothingSelected(let action, let marked):
            return ViewModel(
                lines: [],
                failure: marked
                    ? "no photo is marked, so there is nothing to \(action.verb) ('mark N' marks the list's photos, 'mark' the one shown)"
                    : "no photo is shown, so there is nothing to \(action.verb) (type 'fetch' to list the photos)")
        case .refused(let action, let failure):
            return ViewModel(lines: [], failure: "\(action.verb) refused: \(failure.message)")
        case .asked:
            return ViewModel(lines: [])
        case .outgrowsDisk(let plan):
            return ViewModel(
                lines: [],
                failure: TerminalText.singleLine(
                    "\(plan.action.verb) refused: " + tooBig(plan)
                        + ": nothing \(plan.action.past) (free some space, or \(plan.action.verb) fewer photos)"))
        case .needsYes(let plan, let line):
            return ViewModel(
                lines: [],
                failure:
                    "\(question(plan).dropLast()) only with --yes here, where no one is asked (type '\(line)'; --dry-run shows what it \(plan.action == .copy ? "copies" : "moves"))"
            )
        case .planned(let plan):
            let lines = plan.files.map { "  " + TerminalText.singleLine("\($0.shownSource) → \($0.shownTarget)") }
            return ViewModel(
                lines: [
                    TerminalText.singleLine(
                        "Would \(plan.action.verbBeforeTo) \(what(plan)) \(to(plan))\(newFolder(plan)):")
                ]
                    + lines + (plan.outgrowsDisk ? [TerminalText.singleLine("It would be refused: " + tooBig(plan) + ".")] : [])
                    + ["Nothing was \(plan.action.past) (--dry-run)."])
        case .done(let plan, let outcome):
            let past = plan.action.past
            guard let stopped = outcome.stopped else {
                let them = plan.photoCount == 1 && plan.sidecarCount == 0 ? "it" : "them"
                let undo =
                    plan.action == .copy
                    ? "'undo' removes the copies" : plan.action == .rename ? "'undo' renames \(them) back" : "'undo' moves \(them) back"
                return ViewModel(lines: [
                    TerminalText.singleLine("\(plan.action.capitalizedPast) \(what(plan)) \(to(plan)) (\(undo)).")
                ])
            }
            let made = outcome.files.count
            let undo =
                plan.action == .copy
                ? "stay ('undo' removes them)"
                : plan.action == .rename
                    ? "keep their new names ('undo' renames them back)" : "stay where they went ('undo' moves them back)"
            return ViewModel(
                lines: [],
                failure: TerminalText.singleLine(
                    "\(plan.action.verb) stopped after \(made) of \(plan.files.count) files (\(stopped))"
                        + (made == 0 ? ": nothing was \(past)" : ": the \(made) \(past) \(undo)")))
        }
    }
}

extension Console {
    /// Writes what `copy` or `move` did: its lines, then its failure.
    @MainActor
    func show(_ copying: PhotoFileActions.ViewModel) throws(CommandError) {
        for line in copying.lines { writeLine(line) }
        if let failure = copying.failure { throw CommandError(failure) }
    }
}
