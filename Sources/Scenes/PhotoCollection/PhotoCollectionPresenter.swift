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
}

/// Turns Responses into display-ready ViewModels: all of the collection's wording lives here.
public final class PhotoCollectionPresenter: PhotoCollectionPresentationLogic {
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
        case .fetched: headline = "Fetched \(photos.count) photo\(photos.count == 1 ? "" : "s")."
        case .listed: headline = "\(photos.count) photo\(photos.count == 1 ? "" : "s"):"
        case .moved(let from, let to): headline = "Moved photo \(from + 1) to position \(to + 1)."
        case .unchanged(let at): headline = "Photo \(at + 1) stays at position \(at + 1)."
        }
        view?.displayPhotos(.init(
            notes: response.notes,
            headline: headline,
            // Borrowed in place: a Photo holds a dozen strings, and copying one retains each of them.
            photos: photos.withUnsafeBufferPointer { photos in photos.indices.map { DisplayedPhoto.presenting(photos[$0], at: $0, withAuthor: true) } },
            currentRow: response.page,
            pageControl: PageControl(page: response.page, of: photos.count)
        ))
    }

    public func presentNothingToFetch() {
        view?.displayNotice(.init(message: "Nothing to fetch: the count is 0. Type 'count +' or 'count N' first."))
    }

    public func presentPage(_ response: PhotoCollection.Page.Response) {
        view?.displayPage(.init(
            picture: ScenePicture.presenting(response.picture),
            photo: DisplayedPhoto.presenting(response.photo, at: response.page, withAuthor: true),
            pageControl: PageControl(page: response.page, of: response.pageCount)
        ))
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
        }
        view?.displayFailure(.init(message: message))
    }
}
