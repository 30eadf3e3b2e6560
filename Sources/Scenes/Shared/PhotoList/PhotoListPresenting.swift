import PhotoDomain
import REPLEngine

/// What the interactor of a scene that lists photos tells its presenter of the list.
@MainActor
protocol PhotoListPresentationLogic: AnyObject {
    func presentPage(_ response: PhotoList.Page.Response)
    func presentMore(_ response: PhotoList.More.Response)
    func presentSheet(_ response: ContactSheet.Response)
    func presentSelection()
    func presentListFailure(_ response: PhotoList.Failure.Response)
}

/// The presenter of a scene that lists photos: with this protocol's extension, it words the list's
/// responses in the scene's words (`listWording`) for its View.
@MainActor
protocol PhotoListPresenting: PhotoListPresentationLogic {
    /// How the scene speaks of its photos ("result", "there are no photos to open yet: …").
    var listWording: PhotoList.Wording { get }
    /// The scene's View, in its part of a list's.
    var listView: PhotoListDisplayLogic? { get }
}

extension PhotoListPresenting {
    func presentPage(_ response: PhotoList.Page.Response) {
        var control = PageControl(page: response.page, of: response.pageCount)
        control.hasMore = response.hasMore
        listView?.displayPage(
            .init(
                picture: ScenePicture.presenting(response.picture),
                photo: DisplayedPhoto.presenting(response.photo, at: response.page, withAuthor: listWording.withAuthor),
                pageControl: control
            ))
    }

    func presentMore(_ response: PhotoList.More.Response) {
        var control = PageControl(page: response.page, of: response.photoCount)
        control.hasMore = response.hasMore
        listView?.displayMore(.init(lines: [listWording.loaded(response)] + response.notes, pageControl: control))
    }

    func presentSheet(_ response: ContactSheet.Response) {
        listView?.displaySheet(ContactSheet.presenting(response))
    }

    func presentSelection() {
        listView?.displaySelectedPhoto()
    }

    func presentListFailure(_ response: PhotoList.Failure.Response) {
        listView?.displayListFailure(.init(message: PhotoList.message(response.problem, wording: listWording)))
    }
}

extension PhotoList {
    /// At most this many rows are listed at once: a folder of 10,000 photos lists the block of 30
    /// the current page is in (rows 31…60 for page 45), the page control saying where it is.
    static let rowsListed = 30

    /// The rows and page control a scene lists below its headline: the block of `rowsListed` rows
    /// the current page is in.
    static func rows(_ response: Rows.Response, withAuthor: Bool) -> Rows.ViewModel {
        let photos = response.photos
        var control = photos.isEmpty ? nil : PageControl(page: response.page, of: photos.count)
        control?.hasMore = response.hasMore
        let first = photos.count <= rowsListed ? 0 : min(max(0, response.page), photos.count - 1) / rowsListed * rowsListed
        let listed = first..<min(photos.count, first + rowsListed)
        return Rows.ViewModel(
            photos: listed.map { DisplayedPhoto.presenting(photos[$0], at: $0, withAuthor: withAuthor) },
            currentRow: photos.isEmpty ? nil : response.page - first,
            pageControl: control
        )
    }

    /// What cannot be done with the list, in the words of the scene that lists it.
    static func message(_ problem: Failure.Problem, wording: Wording) -> String {
        let noun = wording.noun
        switch problem {
        case .noPhotos(let command):
            return wording.nothingTo(command == "open" ? "open" : "page through")
        case .pageOutOfRange(let requested, let pageCount):
            return "there is no page \(requested): pages are 1…\(pageCount) (type e.g. 'page \(pageCount)')"
        case .positionOutOfRange(let requested, let photoCount):
            return "there is no \(noun) \(requested): positions are 1…\(photoCount) (type e.g. 'open \(photoCount)')"
        case .noPhotoNamed(let name, let suggestion?):
            return
                "no \(noun) listed is named '\(name)': did you mean '\(suggestion)'? (type e.g. 'open 1' or 'open \(Tokenizer.quoted(suggestion))')"
        case .noPhotoNamed(let name, nil):
            return "'\(name)' is neither a \(noun)'s position nor the name of one listed: type e.g. 'open 1'"
        case .severalPhotosNamed(let name, let named, let more):
            let list = named.map { "'\($0)'" }.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
            return
                "'\(name)' names \(named.count + more) \(noun)s: \(list) (type more of the path, e.g. 'open \(Tokenizer.quoted(named[0]))')"
        case .nothingMore(let photoCount):
            return "\(wording.noMore): all \(photoCount) are listed (type 'page 1' for the first)"
        case .loadMoreFailed(let reason, let kept):
            return
                "cannot load more \(noun)s: \(PhotoFormatting.reason(reason)) (the \(kept) loaded are kept; type 'next' or 'grid next' to try again)"
        case .sheet(.noPhotos):
            return wording.nothingTo("lay out")
        case .sheet(let problem):
            return ContactSheet.message(problem)
        }
    }
}
