import PhotoDomain
import REPLEngine

@MainActor
public protocol PhotoCollectionPresentationLogic: AnyObject {
    func presentCount(_ response: PhotoCollection.Count.Response)
    func presentPhotos(_ response: PhotoCollection.Photos.Response)
    func presentNothingToFetch()
    func presentPage(_ response: PhotoCollection.Page.Response)
    func presentSelection(_ response: PhotoCollection.Selection.Response)
    func presentFailure(_ response: PhotoCollection.Failure.Response)
    func presentMore(_ response: PhotoCollection.More.Response)
    func presentSheet(_ response: ContactSheet.Response)
    func presentSearch()
}

/// Turns Responses into display-ready ViewModels: all of the collection's wording lives here.
public final class PhotoCollectionPresenter: PhotoCollectionPresentationLogic {
    /// Not owned: the view owns the interactor that owns this presenter.
    weak var view: PhotoCollectionDisplayLogic?

    public init() {}

    public func presentCount(_ response: PhotoCollection.Count.Response) {
        var text = "count: \(response.count)"
        switch response.limit {
        case .minimum: text += " (the minimum)"
        case .maximum: text += " (the maximum)"
        case nil: break
        }
        view?.displayCount(.init(count: text))
    }

    public func presentPhotos(_ response: PhotoCollection.Photos.Response) {
        let photos = response.photos
        guard !photos.isEmpty else {
            view?.displayNotice(.init(message: "No photos yet: type 'fetch' to get some (set how many with 'count N')."))
            return
        }
        let headline: String
        switch response.event {
        case .fetched:
            headline = response.feed.map { "Fetched page 1 of \($0.name): \(photos.count) photo\(photos.count == 1 ? "" : "s")\($0.hasMore ? ", more to come" : "")." }
                ?? "Fetched \(photos.count) photo\(photos.count == 1 ? "" : "s")."
        case .listed: headline = "\(photos.count) photo\(photos.count == 1 ? "" : "s"):"
        case .moved(let from, let to): headline = "Moved photo \(from + 1) to position \(to + 1)."
        case .unchanged(let at): headline = "Photo \(at + 1) stays at position \(at + 1)."
        }
        view?.displayPhotos(.init(
            notes: response.notes,
            headline: headline,
            photos: photos.indices.map { DisplayedPhoto.presenting(photos[$0], at: $0, withAuthor: true) },
            currentRow: response.page,
            pageControl: pageControl(page: response.page, of: photos.count, hasMore: response.feed?.hasMore ?? false)
        ))
    }

    private func pageControl(page: Int, of pages: Int, hasMore: Bool) -> PageControl {
        var control = PageControl(page: page, of: pages)
        control.hasMore = hasMore
        return control
    }

    public func presentNothingToFetch() {
        view?.displayNotice(.init(message: "Nothing to fetch: the count is 0. Type 'count +' or 'count N' first."))
    }

    public func presentPage(_ response: PhotoCollection.Page.Response) {
        view?.displayPage(.init(
            picture: ScenePicture.presenting(response.picture),
            photo: DisplayedPhoto.presenting(response.photo, at: response.page, withAuthor: true),
            pageControl: pageControl(page: response.page, of: response.pageCount, hasMore: response.hasMore)
        ))
    }

    public func presentMore(_ response: PhotoCollection.More.Response) {
        let added = response.added
        var message = "Loaded page \(response.feed.pages) of \(response.feed.name): "
        message += added == 0 ? "no photos not listed already" : "\(added) more photo\(added == 1 ? "" : "s")"
        message += " (\(response.photoCount) in all\(response.feed.hasMore ? "" : "; that is the last page"))."
        view?.displayMore(.init(lines: [message] + response.notes, hasMore: response.feed.hasMore))
    }

    public func presentSheet(_ response: ContactSheet.Response) {
        view?.displaySheet(ContactSheet.presenting(response))
    }

    public func presentSearch() {
        view?.displaySearch()
    }

    public func presentSelection(_ response: PhotoCollection.Selection.Response) {
        view?.displaySelectedPhoto(.init())
    }

    public func presentFailure(_ response: PhotoCollection.Failure.Response) {
        let message: String
        switch response.problem {
        case .countOutOfRange(let value):
            message = "count must be within 0…\(PhotoCollectionInteractor.maxCount), not \(value) (type e.g. 'count 5')"
        case .noPhotos(let command):
            message = "there are no photos to \(command == "open" ? "open" : "page through") yet: type 'fetch' first"
        case .pageOutOfRange(let requested, let pageCount):
            message = "there is no page \(requested): pages are 1…\(pageCount) (type e.g. 'page \(pageCount)')"
        case .positionOutOfRange(let requested, let photoCount):
            message = "there is no photo \(requested): positions are 1…\(photoCount) (type e.g. 'open \(photoCount)')"
        case .fetchFailed(let reason):
            message = "fetch failed: \(reason) (the photos shown before are kept)"
        case .nothingMore(let photoCount):
            message = "there are no more photos to load: all \(photoCount) are listed (type 'page 1' for the first)"
        case .loadMoreFailed(let reason, let kept):
            message = "cannot load more photos: \(PhotoFormatting.reason(reason)) (the \(kept) loaded are kept; type 'next' or 'grid next' to try again)"
        case .sheet(let problem):
            message = ContactSheet.message(problem)
        }
        view?.displayFailure(.init(message: message))
    }
}
