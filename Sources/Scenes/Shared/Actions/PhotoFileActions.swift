import PhotoDomain
import REPLEngine

/// `copy DIR`: the photos shown (the list after its filters, or the detail's photo), or the marked
/// ones, copied with their sidecars into a folder; said first (a question at the prompt, `--yes`
/// in a script, `--dry-run` for the plan alone), never over a file, undone by `undo`.
enum PhotoCopying {
    struct Request: Equatable, Sendable {
        /// The folder as typed.
        var folder: String
        /// `--yes`: copied without a question.
        var yes = false
        /// `--dry-run`: the plan said, nothing copied.
        var dryRun = false
        /// `--marked`: the photos marked in this session, not those shown.
        var marked = false
        /// `--suffix`: a name taken gets `-1`, `-2`, … instead of refusing the copy.
        var suffixing = false
        /// `--pairs`: a RAW+JPEG pair's other half goes with each photo.
        var pairs = false

        /// The line that copies without asking, as a yes runs it and a recording keeps it.
        var confirmedLine: String {
            (["copy", Tokenizer.quoted(folder), "--yes"] + (marked ? ["--marked"] : []) + (suffixing ? ["--suffix"] : [])
                + (pairs ? ["--pairs"] : [])).joined(
                    separator: " ")
        }
    }

    enum Response: Sendable {
        /// Nothing to copy: no photo shown, or none marked (`marked`).
        case nothingSelected(marked: Bool)
        /// The copy cannot be made (a name taken, no such folder): nothing copied.
        case refused(PhotosWorkerError)
        /// `--dry-run`: what would be copied.
        case planned(CopyPlan)
        /// The copies would not fit where they go: nothing copied.
        case outgrowsDisk(CopyPlan)
        /// Asked at the prompt: the next line answers.
        case asked
        /// No one to ask (a script): `--yes` is wanted.
        case needsYes(CopyPlan, line: String)
        case copied(CopyPlan, Copied)
    }

    /// What an interactor answers `request` with, `shown` being the photos it shows.
    @MainActor
    static func response(
        to request: Request, shown: [Photo], acting: PhotoActingWorker, copying: PhotoCopyingWorker, questions: (any SceneQuestions)?
    ) async -> Response {
        let ids = request.marked ? await acting.markedFiles().map(\.photoID) : shown.map(\.id)
        guard !ids.isEmpty else { return .nothingSelected(marked: request.marked) }
        let plan: CopyPlan
        do {
            plan = try await copying.planCopy(of: ids, to: request.folder, suffixing: request.suffixing, pairs: request.pairs)
        } catch let failure as PhotosWorkerError {
            return .refused(failure)
        } catch {
            return .refused(PhotosWorkerError("\(error)"))
        }
        if request.dryRun { return .planned(plan) }
        if plan.outgrowsDisk { return .outgrowsDisk(plan) }
        if !request.yes {
            return questions?.confirm(question(plan), thenRun: request.confirmedLine) == true
                ? .asked : .needsYes(plan, line: request.confirmedLine)
        }
        return .copied(plan, await copying.copy(plan, command: request.confirmedLine))
    }

    /// `Copy 2 photos and 1 sidecar (13 KB) to share?`
    static func question(_ plan: CopyPlan) -> String {
        TerminalText.singleLine("Copy \(what(plan)) to \(plan.folder)\(plan.makesFolder ? " (a new folder)" : "")?")
    }

    /// `2 photos and 1 sidecar (13 KB)`
    static func what(_ plan: CopyPlan) -> String {
        let photos = plan.photoCount == 1 ? "1 photo" : "\(PhotoFormatting.grouped(plan.photoCount)) photos"
        let sidecars =
            plan.sidecarCount == 0 ? "" : " and \(plan.sidecarCount) sidecar\(plan.sidecarCount == 1 ? "" : "s")"
        return photos + sidecars + " (\(PhotoMetadataFormatting.fileSize(Int64(plan.byteCount))))"
    }

    /// `42 MB to copy, and the disk of out has 10 MB free`
    static func tooBig(_ plan: CopyPlan) -> String {
        let free = PhotoMetadataFormatting.fileSize(Int64(plan.freeBytes ?? 0))
        return "\(PhotoMetadataFormatting.fileSize(Int64(plan.byteCount))) to copy, and the disk of \(plan.folder) has \(free) free"
    }

    /// What the view writes: lines, or a failure.
    struct ViewModel: Equatable, Sendable {
        var lines: [String]
        var failure: String?
    }

    static func viewModel(_ response: Response) -> ViewModel {
        switch response {
        case .nothingSelected(let marked):
            return ViewModel(
                lines: [],
                failure: marked
                    ? "no photo is marked, so there is nothing to copy ('mark N' marks the list's photos, 'mark' the one shown)"
                    : "no photo is shown, so there is nothing to copy (type 'fetch' to list the photos)")
        case .refused(let failure):
            return ViewModel(lines: [], failure: "copy refused: \(failure.message)")
        case .asked:
            return ViewModel(lines: [])
        case .outgrowsDisk(let plan):
            return ViewModel(
                lines: [],
                failure: TerminalText.singleLine(
                    "copy refused: " + tooBig(plan) + ": nothing copied (free some space, or copy fewer photos)"))
        case .needsYes(let plan, let line):
            return ViewModel(
                lines: [],
                failure:
                    "\(question(plan).dropLast()) only with --yes here, where no one is asked (type '\(line)'; --dry-run shows what it copies)"
            )
        case .planned(let plan):
            let lines = plan.files.map { "  " + TerminalText.singleLine("\($0.shownSource) → \($0.shownTarget)") }
            return ViewModel(
                lines: [TerminalText.singleLine("Would copy \(what(plan)) to \(plan.folder)\(plan.makesFolder ? " (a new folder)" : ""):")]
                    + lines + (plan.outgrowsDisk ? [TerminalText.singleLine("It would be refused: " + tooBig(plan) + ".")] : [])
                    + ["Nothing was copied (--dry-run)."])
        case .copied(let plan, let copied):
            guard let stopped = copied.stopped else {
                return ViewModel(lines: [TerminalText.singleLine("Copied \(what(plan)) to \(plan.folder) ('undo' removes the copies).")])
            }
            let made = copied.files.count
            return ViewModel(
                lines: [],
                failure: TerminalText.singleLine(
                    "copy stopped after \(made) of \(plan.files.count) files (\(stopped))"
                        + (made == 0 ? ": nothing was copied" : ": the \(made) copied stay ('undo' removes them)")))
        }
    }
}

extension Console {
    /// Writes what `copy` made: its lines, then its failure.
    @MainActor
    func show(_ copying: PhotoCopying.ViewModel) {
        for line in copying.lines { writeLine(line) }
        if let failure = copying.failure { fail(failure) }
    }
}
