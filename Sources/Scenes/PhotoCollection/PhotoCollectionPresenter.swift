import PhotoDomain
import REPLEngine

@MainActor
protocol PhotoCollectionPresentationLogic: AnyObject {
    func presentCount(_ response: PhotoCollection.Count.Response)
    func presentMarked(_ response: PhotoCollection.Mark.Response)
    func presentJudged(_ response: PhotoCollection.Judge.Response) throws(CommandError)
    func presentPaths(_ response: PhotoPaths.Response) throws(CommandError)
    func presentFileAction(_ response: PhotoFileActions.Response) throws(CommandError)
    func presentUndone(_ response: PhotoCollection.Undo.Response) throws(CommandError)
    func presentPhotos(_ response: PhotoCollection.Photos.Response)
    func presentNothingToFetch()
    func presentFilters(_ response: PhotoCollection.Filter.Response)
    func presentFailure(_ response: PhotoCollection.Failure.Response) throws(CommandError)
    func presentSearch() throws(CommandError)
    func presentPage(_ response: PhotoList.Page.Response)
    func presentMore(_ response: PhotoList.More.Response)
    func presentSheet(_ response: ContactSheet.Response)
    func presentSelection() throws(CommandError)
    func presentListFailure(_ response: PhotoList.Failure.Response) throws(CommandError)
}

/// Turns Responses into display-ready ViewModels: the collection's own wording lives here, its
/// list's in `wording(feedName:)`.
final class PhotoCollectionPresenter: PhotoCollectionPresentationLogic {
    /// Not owned: the view owns the interactor that owns this presenter.
    weak var view: PhotoCollectionDisplayLogic?
    let listWording: PhotoList.Wording
    /// Whether the photos are a folder's files: a move then changes the list only, and a photo
    /// that stays where it was is not worth a line.
    let photosAreFiles: Bool

    /// - Parameter feedName: the feed the collection pages through, if any.
    init(feedName: String? = nil, photosAreFiles: Bool = false) {
        listWording = Self.wording(feedName: feedName)
        self.photosAreFiles = photosAreFiles
    }

    /// How the collection's list speaks of its photos; `feedName`: the feed paged through, if any.
    static func wording(feedName: String?) -> PhotoList.Wording {
        PhotoList.Wording(
            noun: "photo", withAuthor: true,
            nothingTo: { verb in
                verb == "lay out"
                    ? "there are no photos to lay out: type 'fetch' first" : "there are no photos to \(verb) yet: type 'fetch' first"
            },
            nothingToPage: "No photos yet: type 'fetch' first.",
            noMore: "there are no more photos to load",
            loaded: { more in
                var message = "Loaded page \(more.pagesLoaded) of \(feedName ?? "the feed"): "
                message += more.added == 0 ? "no photos not listed already" : "\(more.added) more photo\(more.added == 1 ? "" : "s")"
                message += " (\(more.photoCount) in all\(more.hasMore ? "" : "; that is the last page"))."
                return message
            })
    }

    func presentCount(_ response: PhotoCollection.Count.Response) {
        var text = "count: \(response.count)"
        switch response.limit {
        case .minimum: text += " (the minimum)"
        case .maximum: text += " (the maximum)"
        case nil: break
        }
        view?.displayCount(.init(count: text))
    }

    func presentPhotos(_ response: PhotoCollection.Photos.Response) {
        let photos = response.rows.photos
        guard !photos.isEmpty else {
            // A list emptied by moving its photos away says what is left to see.
            if response.event == .filtered {
                let through = response.filters.isEmpty ? "" : " through the filters ('filter clear' shows every photo)"
                view?.displayNotice(.init(message: "No photos are left in this list\(through)."))
                return
            }
            view?.displayNotice(.init(message: "No photos yet: type 'fetch' to get some (set how many with 'count N')."))
            return
        }
        let headline: String?
        // A folder's photos are files: a move reorders this list, not the folder.
        let inThisList = photosAreFiles ? " (in this list only: no file is changed)" : ""
        switch response.event {
        case .fetched:
            headline =
                response.feedName.map {
                    "Fetched page 1 of \($0): \(photos.count) photo\(photos.count == 1 ? "" : "s")\(response.rows.hasMore ? ", more to come" : "")."
                }
                ?? "Fetched \(photos.count) photo\(photos.count == 1 ? "" : "s")."
        case .listed: headline = "\(photos.count) photo\(photos.count == 1 ? "" : "s"):"
        case .moved(let from, let to): headline = "Moved photo \(from + 1) to position \(to + 1)\(inThisList)."
        case .movedSeveral(let moves):
            headline =
                "Moved " + moves.map { "photo \($0.from + 1) to position \($0.to + 1)" }.joined(separator: ", then ") + "\(inThisList)."
        // The sample app's words for a photo not moved; a viewer's list just shows itself again.
        case .unchanged(let at): headline = photosAreFiles ? nil : "Photo \(at + 1) stays at position \(at + 1)."
        case .sorted(let order): headline = Self.sortedHeadline(order)
        // With filters, their line says what is shown; without, that all is.
        case .filtered:
            headline =
                response.filters.isEmpty
                ? "No filters: all \(photos.count.grouped) photo\(photos.count == 1 ? " is" : "s are") listed." : nil
        }
        // By name the names are the column; by anything else, a column of it.
        let column = response.order == .name ? nil : response.order
        view?.displayPhotos(
            .init(
                notes: response.notes, headline: headline, filterLine: Self.filterLine(response),
                rows: PhotoList.rows(response.rows, withAuthor: true, sortedBy: column)))
    }

    /// `12 of 5,237 photos: taken 2024-06, camera iphone`; nil without filters.
    static func filterLine(_ response: PhotoCollection.Photos.Response) -> String? {
        guard !response.filters.isEmpty else { return nil }
        let shown = response.rows.photos.count, total = response.totalCount ?? shown
        let noun = total == 1 ? "photo" : "photos"
        return "\(shown.grouped) of \(total.grouped) \(noun): "
            + response.filters.map { TerminalText.oneLine($0.description) }.joined(separator: ", ")
    }

    /// `Sorted by name (other orders: taken, size, camera, iso, focal, rating).`
    static func sortedHeadline(_ order: PhotoOrder) -> String {
        let others = PhotoOrder.allCases.filter { $0 != order }.map(\.rawValue).joined(separator: ", ")
        let how =
            switch order {
            case .name: "by name"
            case .taken: "by when taken, oldest first"
            case .size: "by size, largest first"
            case .camera: "by camera, A–Z"
            case .iso: "by ISO, highest first"
            case .focal: "by focal length, longest first"
            case .rating: "by rating, highest first"
            }
        return "Sorted \(how) (other orders: \(others))."
    }

    func presentJudged(_ response: PhotoCollection.Judge.Response) throws(CommandError) {
        let (message, failed) = JudgementWording.judged(response.result, response.change)
        failed ? try view?.displayFailure(.init(message: message)) : view?.displayNotice(.init(message: message))
    }

    func presentPaths(_ response: PhotoPaths.Response) throws(CommandError) {
        try view?.displayPaths(PhotoPaths.viewModel(response))
    }

    func presentFileAction(_ response: PhotoFileActions.Response) throws(CommandError) {
        try view?.displayFileAction(PhotoFileActions.viewModel(response))
    }

    func presentUndone(_ response: PhotoCollection.Undo.Response) throws(CommandError) {
        let (message, failed) = JudgementWording.undone(response.result)
        failed ? try view?.displayFailure(.init(message: message)) : view?.displayNotice(.init(message: message))
    }

    func presentMarked(_ response: PhotoCollection.Mark.Response) {
        func photos(_ count: Int) -> String { count == 1 ? "1 photo" : "\(PhotoFormatting.grouped(count)) photos" }
        let done = response.marking ? "marked" : "unmarked"
        let already = response.asked - response.changed
        let unchanged = "\(photos(already)) \(response.marking ? "marked already" : "not marked")"
        var message = response.changed == 0 ? unchanged : "\(photos(response.changed)) \(done)"
        if response.changed > 0, already > 0 { message += " (\(unchanged))" }
        message += ": \(photos(response.marked)) \(response.marked == 1 ? "is" : "are") marked ('filter marked' lists them)."
        view?.displayNotice(.init(message: message))
    }

    func presentFilters(_ response: PhotoCollection.Filter.Response) {
        var lines: [String] = []
        if let nothing = response.matchedNothing {
            lines.append(
                "No photo matches \(TerminalText.oneLine(nothing.description)): the filter was not added, and the list is as it was.")
        }
        if response.filters.isEmpty {
            if response.matchedNothing == nil {
                lines.append(
                    "No filters: every photo is listed. Type 'filter KEY VALUE', KEY one of \(PhotoFilter.keys.joined(separator: ", ")) "
                        + "(e.g. 'filter taken 2024-06', 'filter iso >=800'; 'help filter').")
            }
        } else {
            lines.append("Filters (all must hold; 'filter clear' removes them):")
            lines += response.filters.map { "  " + TerminalText.oneLine($0.description) }
        }
        view?.displayFilters(.init(lines: lines))
    }

    func presentNothingToFetch() {
        view?.displayNotice(.init(message: "Nothing to fetch: the count is 0. Type 'count +' or 'count N' first."))
    }

    func presentSearch() throws(CommandError) {
        try view?.displaySearch()
    }

    func presentFailure(_ response: PhotoCollection.Failure.Response) throws(CommandError) {
        let message =
            switch response.problem {
            case .countOutOfRange(let value):
                "count must be within 0…\(PhotoCollectionInteractor.maxCount), not \(value) (type e.g. 'count 5')"
            case .fetchFailed(let reason, let kept):
                // Only photos that were shown can be kept: with none, say what to do instead.
                "fetch failed: \(reason) (\(kept > 0 ? "the photos shown before are kept" : "nothing was fetched: type 'fetch' to try again"))"
            case .fetchInterrupted: "interrupted: fetch was cancelled and changed nothing"
            case .notListedWhole(let command):
                "\(command) works on a folder listed whole: start photorepl on one (photorepl ~/Pictures, or photorepl photo.jpg); here 'count N' and 'fetch' choose photos"
            case .nothingToJudge(let command):
                "no photo is listed to \(command): type 'fetch' to list some, or 'filter clear' after a filter that matched none"
            case .sortFailed(let reason, let kept):
                "cannot list the folder: \(reason) (\(kept > 0 ? "the photos shown before are kept" : "type 'sort' to try again"))"
            case .sortInterrupted: "interrupted: sort was cancelled and changed nothing"
            }
        try view?.displayFailure(.init(message: message))
    }

    // MARK: - The list

    func presentPage(_ response: PhotoList.Page.Response) {
        view?.displayPage(PhotoList.page(response, wording: listWording))
    }

    func presentMore(_ response: PhotoList.More.Response) {
        view?.displayMore(PhotoList.more(response, wording: listWording))
    }

    func presentSheet(_ response: ContactSheet.Response) {
        view?.displaySheet(ContactSheet.presenting(response))
    }

    func presentSelection() throws(CommandError) {
        try view?.displaySelectedPhoto()
    }

    func presentListFailure(_ response: PhotoList.Failure.Response) throws(CommandError) {
        try view?.displayListFailure(PhotoList.failure(response, wording: listWording))
    }
}
