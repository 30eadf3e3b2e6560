import PhotoDomain
import REPLEngine

@MainActor
public protocol PhotoListPresentationLogic: AnyObject {
    func presentPage(_ response: PhotoList.Page.Response)
    func presentMore(_ response: PhotoList.More.Response)
    func presentSheet(_ response: ContactSheet.Response)
    func presentSelection()
    func presentFailure(_ response: PhotoList.Failure.Response)
}

/// The list's wording, in the words of the scene that lists the photos (`PhotoList.Wording`).
public final class PhotoListPresenter: PhotoListPresentationLogic {
    /// Not owned: the view owns the interactor that owns this presenter.
    weak var view: PhotoListDisplayLogic?
    let wording: PhotoList.Wording

    public init(wording: PhotoList.Wording) {
        self.wording = wording
    }

    /// The rows and page control a scene lists below its headline.
    static func rows(_ response: PhotoList.Rows.Response, withAuthor: Bool) -> PhotoList.Rows.ViewModel {
        let photos = response.photos
        var control = photos.isEmpty ? nil : PageControl(page: response.page, of: photos.count)
        control?.hasMore = response.hasMore
        return PhotoList.Rows.ViewModel(
            photos: photos.indices.map { DisplayedPhoto.presenting(photos[$0], at: $0, withAuthor: withAuthor) },
            currentRow: photos.isEmpty ? nil : response.page,
            pageControl: control
        )
    }

    public func presentPage(_ response: PhotoList.Page.Response) {
        var control = PageControl(page: response.page, of: response.pageCount)
        control.hasMore = response.hasMore
        view?.displayPage(.init(
            picture: ScenePicture.presenting(response.picture),
            photo: DisplayedPhoto.presenting(response.photo, at: response.page, withAuthor: wording.withAuthor),
            pageControl: control
        ))
    }

    public func presentMore(_ response: PhotoList.More.Response) {
        var control = PageControl(page: response.page, of: response.photoCount)
        control.hasMore = response.hasMore
        view?.displayMore(.init(lines: [wording.loaded(response)] + response.notes, pageControl: control))
    }

    public func presentSheet(_ response: ContactSheet.Response) {
        view?.displaySheet(ContactSheet.presenting(response))
    }

    public func presentSelection() {
        view?.displaySelectedPhoto()
    }

    public func presentFailure(_ response: PhotoList.Failure.Response) {
        let noun = wording.noun
        let message: String
        switch response.problem {
        case .noPhotos(let command):
            message = wording.nothingTo(command == "open" ? "open" : "page through")
        case .pageOutOfRange(let requested, let pageCount):
            message = "there is no page \(requested): pages are 1…\(pageCount) (type e.g. 'page \(pageCount)')"
        case .positionOutOfRange(let requested, let photoCount):
            message = "there is no \(noun) \(requested): positions are 1…\(photoCount) (type e.g. 'open \(photoCount)')"
        case .nothingMore(let photoCount):
            message = "\(wording.noMore): all \(photoCount) are listed (type 'page 1' for the first)"
        case .loadMoreFailed(let reason, let kept):
            message = "cannot load more \(noun)s: \(PhotoFormatting.reason(reason)) (the \(kept) loaded are kept; type 'next' or 'grid next' to try again)"
        case .sheet(.noPhotos):
            message = wording.nothingTo("lay out")
        case .sheet(let problem):
            message = ContactSheet.message(problem)
        }
        view?.displayFailure(.init(message: message))
    }
}
