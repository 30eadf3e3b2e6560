import PhotoDomain
import REPLEngine

/// What a judgement and its undo say, in every scene that judges.
enum JudgementWording {
    /// `IMG_5D.jpg rated 5 ★★★★★: written to IMG_5D.jpg.xmp (a new sidecar)`; a failure says what
    /// was typed and why; nil `result`: Ctrl-C stopped it before anything was written.
    static func judged(_ result: Result<Judged, PhotosWorkerError>?, _ change: JudgementChange) -> (message: String, failed: Bool) {
        switch result {
        case .success(let judged)?:
            let metadata = judged.photo.facts?.metadata ?? PhotoMetadata()
            let what: String
            switch change {
            case .rate(let stars): what = stars == 0 ? "rated 0 (no stars)" : "rated \(stars) \(PhotoMetadataFormatting.stars(stars) ?? "")"
            case .reject: what = "rejected ✗"
            case .label(let label): what = label.map { "labelled \($0.xmpWord)" } ?? "label removed"
            case .addKeywords, .removeKeywords:
                what = metadata.keywords.isEmpty ? "no keywords" : "keywords " + PhotoMetadataFormatting.keywordList(metadata.keywords)
            }
            let place =
                judged.changed
                ? "written to \(judged.sidecar)\(judged.created ? " (a new sidecar)" : "")" : "\(judged.sidecar) already said so"
            return (TerminalText.singleLine("\(judged.photo.id) \(what): \(place)"), false)
        case .failure(let failure)?:
            return ("\(change.command) failed: \(failure.message)", true)
        case nil:
            return ("interrupted: \(change.command) was cancelled and changed nothing", true)
        }
    }

    /// `undid 'rate 3' on harbour.jpg: harbour.jpg.xmp removed (photorepl had made it)`; a copy's
    /// undo: `undid 'copy share --yes': 2 copied files removed from share`.
    static func undone(_ result: Result<Undone?, PhotosWorkerError>) -> (message: String, failed: Bool) {
        switch result {
        case .success(let undone?):
            if let copies = undone.removedCopies {
                let gone = copies.goneAlready == 0 ? "" : " (\(copies.goneAlready) gone already)"
                let removed = copies.count == 1 ? "1 copied file" : "\(copies.count) copied files"
                return (TerminalText.singleLine("undid '\(undone.command)': \(removed) removed from \(copies.folder)\(gone)"), false)
            }
            if let moved = undone.movedBack {
                let files = moved.count == 1 ? "1 file" : "\(moved.count) files"
                // A rename's files have no folder they were moved to: they take their names back.
                let back = moved.folder.isEmpty ? "renamed back" : "moved back from \(moved.folder)"
                return (TerminalText.singleLine("undid '\(undone.command)': \(files) \(back)"), false)
            }
            let how = undone.removed ? "\(undone.sidecar) removed (photorepl had made it)" : "\(undone.sidecar) is as it was"
            return (TerminalText.singleLine("undid '\(undone.command)' on \(undone.photoID): \(how)"), false)
        case .success(nil):
            return ("Nothing to undo: no photo was judged, copied, moved, renamed or trashed in this session.", false)
        case .failure(let failure):
            return ("undo failed: \(failure.message)", true)
        }
    }

    /// Judging refused where the photos are not a folder's files.
    static let notAFile =
        "only a folder's photos are judged (their sidecars keep it): start photorepl on a folder, e.g. 'photorepl ~/Pictures'"
}

extension PhotoJudgingWorker {
    /// `judge` as the scenes present it: the judgement, or why not; nil when Ctrl-C stopped it.
    func judgement(of photo: Photo, _ change: JudgementChange, sharedToo: Bool) async -> Result<Judged, PhotosWorkerError>? {
        do {
            return .success(try await judge(photo, change, sharedToo: sharedToo))
        } catch let failure as PhotosWorkerError {
            return .failure(failure)
        } catch {
            return Task.isCancelled ? nil : .failure(PhotosWorkerError("\(error)"))
        }
    }
}
