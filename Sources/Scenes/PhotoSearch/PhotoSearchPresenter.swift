import PhotoDomain
import REPLEngine

@MainActor
public protocol PhotoSearchPresentationLogic: AnyObject {
    func presentResults(_ response: PhotoSearch.Results.Response)
    func presentSearchFailure(_ response: PhotoSearch.SearchFailure.Response)
    func presentPage(_ response: PhotoSearch.Page.Response)
    func presentMore(_ response: PhotoSearch.More.Response)
    func presentSheet(_ response: ContactSheet.Response)
    func presentSelection()
    func presentFailure(_ response: PhotoSearch.Failure.Response)
}

/// All of the results scene's wording.
public final class PhotoSearchPresenter: PhotoSearchPresentationLogic {
    /// Not owned: the view owns the interactor that owns this presenter.
    weak var view: PhotoSearchDisplayLogic?

    public init() {}

    public func presentResults(_ response: PhotoSearch.Results.Response) {
        let photos = response.photos
        let what = Self.describe(response.query)
        let headline: String
        if photos.isEmpty {
            headline = "No photos found for \(what)."
        } else if let total = response.total, total > photos.count {
            headline = "Found \(PhotoFormatting.grouped(total)) photos for \(what); \(photos.count) loaded:"
        } else {
            headline = "Found \(photos.count) photo\(photos.count == 1 ? "" : "s") for \(what)\(response.hasMore ? ", more to load" : ""):"
        }
        var control = photos.isEmpty ? nil : PageControl(page: response.page, of: photos.count)
        control?.hasMore = response.hasMore
        view?.displayResults(.init(
            notes: response.notes,
            headline: headline,
            photos: photos.indices.map { DisplayedPhoto.presenting(photos[$0], at: $0, withAuthor: true) },
            currentRow: photos.isEmpty ? nil : response.page,
            pageControl: control
        ))
    }

    public func presentSearchFailure(_ response: PhotoSearch.SearchFailure.Response) {
        let what = Self.describe(response.query)
        let message = switch response.reason {
        case .interrupted: "Interrupted: the search for \(what) was not done. Type 'show' to try again, or 'back'."
        case .failed(let reason): "Cannot search for \(what): \(reason). Type 'show' to try again, or 'back'."
        }
        view?.displaySearchFailure(.init(message: message))
    }

    public func presentPage(_ response: PhotoSearch.Page.Response) {
        var control = PageControl(page: response.page, of: response.pageCount)
        control.hasMore = response.hasMore
        view?.displayPage(.init(
            picture: ScenePicture.presenting(response.picture),
            photo: DisplayedPhoto.presenting(response.photo, at: response.page, withAuthor: true),
            pageControl: control
        ))
    }

    public func presentMore(_ response: PhotoSearch.More.Response) {
        var line = "Loaded \(response.added == 0 ? "no results not listed already" : "\(response.added) more result\(response.added == 1 ? "" : "s")")"
        line += " (\(response.photoCount)\(response.total.map { " of \(PhotoFormatting.grouped($0))" } ?? "") loaded\(response.hasMore ? "" : "; that is all of them"))."
        view?.displayMore(.init(lines: [line] + response.notes, hasMore: response.hasMore))
    }

    public func presentSheet(_ response: ContactSheet.Response) {
        view?.displaySheet(ContactSheet.presenting(response))
    }

    public func presentSelection() {
        view?.displaySelectedPhoto()
    }

    public func presentFailure(_ response: PhotoSearch.Failure.Response) {
        let message: String
        switch response.problem {
        case .noResults(let command):
            message = "there are no results to \(command == "open" ? "open" : "page through"): type 'back' and search for other words"
        case .pageOutOfRange(let requested, let pageCount):
            message = "there is no page \(requested): pages are 1…\(pageCount) (type e.g. 'page \(pageCount)')"
        case .positionOutOfRange(let requested, let photoCount):
            message = "there is no result \(requested): positions are 1…\(photoCount) (type e.g. 'open \(photoCount)')"
        case .nothingMore(let photoCount):
            message = "there are no more results: all \(photoCount) are listed (type 'page 1' for the first)"
        case .loadMoreFailed(let reason, let kept):
            message = "cannot load more results: \(PhotoFormatting.reason(reason)) (the \(kept) loaded are kept; type 'next' or 'grid next' to try again)"
        case .sheet(.noPhotos):
            message = "there are no results to lay out: type 'back' and search for other words"
        case .sheet(let problem):
            message = ContactSheet.message(problem)
        }
        view?.displayFailure(.init(message: message))
    }

    /// `"misty forest"`, with the filters: `"forest" (landscape, green)`.
    static func describe(_ query: PhotoQuery) -> String {
        let filters = [query.orientation?.rawValue, query.color].compactMap { $0 }
        return "\"\(TerminalText.singleLine(query.text))\"" + (filters.isEmpty ? "" : " (\(filters.joined(separator: ", ")))")
    }
}
