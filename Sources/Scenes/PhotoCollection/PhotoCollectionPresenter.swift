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
            photos: photos.withUnsafeBufferPointer { photos in photos.indices.map { Self.displayed(photos[$0], at: $0) } },
            currentRow: response.page,
            pageControl: Self.pageControl(page: response.page, of: photos.count)
        ))
    }

    public func presentNothingToFetch() {
        view?.displayNotice(.init(message: "Nothing to fetch: the count is 0. Type 'count +' or 'count N' first."))
    }

    public func presentPage(_ response: PhotoCollection.Page.Response) {
        view?.displayPage(.init(
            picture: ScenePicture.presenting(response.picture),
            photo: Self.displayed(response.photo, at: response.page),
            pageControl: Self.pageControl(page: response.page, of: response.pageCount)
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

    static func displayed(_ photo: Photo, at row: Int) -> PhotoCollection.DisplayedPhoto {
        .init(
            position: String(row + 1),
            id: photo.id,
            description: PhotoFormatting.caption(photo),
            author: PhotoFormatting.author(photo),
            likes: PhotoFormatting.likes(photo.likes)
        )
    }

    /// `○ ● ○ ○ ○  2/5`: like UIPageControl, the current page's dot is filled.
    static func pageControl(page: Int, of pages: Int) -> PhotoCollection.PageControl {
        var text = [UInt8]()
        text.reserveCapacity(pages * 4 + 12)
        for i in 0..<pages {
            if i > 0 { text.append(0x20) }
            text.append(contentsOf: i == page ? filledDot : emptyDot)
        }
        text.append(contentsOf: "  \(page + 1)/\(pages)".utf8)
        return .init(numberOfPages: pages, currentPage: page, text: String(decoding: text, as: UTF8.self))
    }

    private static let filledDot = Array("●".utf8)
    private static let emptyDot = Array("○".utf8)
}
