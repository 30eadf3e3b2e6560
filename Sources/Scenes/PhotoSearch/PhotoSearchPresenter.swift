import PhotoDomain
import REPLEngine

@MainActor
protocol PhotoSearchPresentationLogic: PhotoListPresentationLogic {
    func presentResults(_ response: PhotoSearch.Results.Response)
    func presentSearchFailure(_ response: PhotoSearch.SearchFailure.Response)
    func presentNoResults(_ response: PhotoSearch.NoResults.Response)
}

/// The results scene's own wording; its list's is `wording`.
final class PhotoSearchPresenter: PhotoSearchPresentationLogic, PhotoListPresenting {
    /// Not owned: the view owns the interactor that owns this presenter.
    weak var view: PhotoSearchDisplayLogic?
    var listView: PhotoListDisplayLogic? { view }
    var listWording: PhotoList.Wording { Self.wording }

    init() {}

    /// How the results' list speaks of them.
    static let wording = PhotoList.Wording(
        noun: "result", withAuthor: true,
        nothingTo: { "there are no results to \($0): type 'back' and search for other words" },
        nothingToPage: "No results to page through: type 'back'.",
        noMore: "there are no more results",
        loaded: { more in
            var line =
                "Loaded \(more.added == 0 ? "no results not listed already" : "\(more.added) more result\(more.added == 1 ? "" : "s")")"
            line +=
                " (\(more.photoCount)\(more.total.map { " of \(PhotoFormatting.grouped($0))" } ?? "") loaded\(more.hasMore ? "" : "; that is all of them"))."
            return line
        })

    func presentResults(_ response: PhotoSearch.Results.Response) {
        let photos = response.rows.photos
        let what = Self.describe(response.query)
        let headline: String
        if photos.isEmpty {
            headline = "No photos found for \(what)."
        } else if let total = response.total, total > photos.count {
            headline = "Found \(PhotoFormatting.grouped(total)) photos for \(what); \(photos.count) loaded:"
        } else {
            headline =
                "Found \(photos.count) photo\(photos.count == 1 ? "" : "s") for \(what)\(response.rows.hasMore ? ", more to load" : ""):"
        }
        view?.displayResults(
            .init(
                notes: response.notes, headline: headline,
                rows: PhotoList.rows(response.rows, withAuthor: Self.wording.withAuthor)))
    }

    func presentNoResults(_ response: PhotoSearch.NoResults.Response) {
        let what = Self.describe(response.query)
        let message =
            response.kept.map { "No photos found for \(what): the results for \(Self.describe($0)) stay." }
            ?? "No photos found for \(what): back to the collection."
        view?.displayNoResults(.init(message: message, goesBack: response.kept == nil))
    }

    func presentSearchFailure(_ response: PhotoSearch.SearchFailure.Response) {
        let what = Self.describe(response.query)
        let message =
            switch response.reason {
            case .interrupted: "Interrupted: the search for \(what) was not done. Type 'show' to try again, or 'back'."
            case .failed(let reason): "Cannot search for \(what): \(reason). Type 'show' to try again, or 'back'."
            }
        view?.displaySearchFailure(.init(message: message))
    }

    /// `"misty forest"`, with the filters: `"forest" (landscape, green)`.
    static func describe(_ query: PhotoQuery) -> String {
        let filters = [query.orientation?.rawValue, query.color].compactMap { $0 }
        return "\"\(TerminalText.singleLine(query.text))\"" + (filters.isEmpty ? "" : " (\(filters.joined(separator: ", ")))")
    }
}
