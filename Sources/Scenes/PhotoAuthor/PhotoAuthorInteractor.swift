import Imaging
import PhotoDomain
import REPLEngine

@MainActor
public protocol PhotoAuthorBusinessLogic: AnyObject {
    /// Asks the source for the photographer and their photos, and shows them (when the scene loads;
    /// on `show` after a failed load). Ctrl-C or a failure leaves the scene empty, saying why.
    func loadPhotographer(_ request: PhotoAuthor.Show.Request) async
    /// Shows the photographer again, or loads them when that has not worked yet.
    func showPhotographer(_ request: PhotoAuthor.Show.Request) async
    /// Moves the page control and shows the page (with a picture to decode, by an effect the
    /// command awaits).
    func changeToPage(_ request: PhotoAuthor.Page.Request)
    func selectPhoto(_ request: PhotoAuthor.Selection.Request)
    /// Lays the photographer's photos out as a contact sheet.
    func showSheet(_ request: ContactSheet.Request) async
}

/// What the photographer scene keeps: the detail scene's router hands it the photographer.
@MainActor
public protocol PhotoAuthorDataStore: AnyObject {
    /// The photographer as the photo named them; the profile replaces it once loaded.
    var user: Photo.User? { get set }
    var photos: [Photo] { get }
    /// 0-based position of the photo to open.
    var index: Int? { get }
    /// 0-based current page.
    var page: Int { get }
    /// The 0-based contact sheet shown last.
    var sheet: Int? { get }
}

public final class PhotoAuthorInteractor: PhotoAuthorBusinessLogic, PhotoAuthorDataStore {
    /// How many of the photographer's photos are asked for: one request's worth on Unsplash.
    public static let photoLimit = 10

    var presenter: PhotoAuthorPresentationLogic?
    /// Where a picture's decode is scheduled: the engine awaits it before the command ends. Not
    /// owned: the engine outlives its scenes.
    weak var effects: (any SceneEffects)?
    private let worker: PhotographersWorker
    private let pictures: PhotoPicturesWorker?

    public var user: Photo.User?
    public private(set) var photos: [Photo] = []
    public private(set) var index: Int?
    public private(set) var page = 0
    public private(set) var sheet: Int?
    private var loaded = false

    public init(worker: PhotographersWorker, pictures: PhotoPicturesWorker? = nil) {
        self.worker = worker
        self.pictures = pictures
    }

    public func loadPhotographer(_ request: PhotoAuthor.Show.Request) async {
        guard let user else { return }
        let found: PhotographerPhotos
        do {
            found = try await worker.photographer(user, limit: Self.photoLimit)
            try Task.checkCancellation()
        } catch {
            presenter?.presentLoadFailure(.init(user: user, reason: LoadingFailure(error)))
            return
        }
        self.user = found.profile
        photos = found.photos
        page = 0
        loaded = true
        presenter?.presentPhotographer(.init(profile: found.profile, photos: photos, page: page))
    }

    public func showPhotographer(_ request: PhotoAuthor.Show.Request) async {
        guard loaded, let user else { return await loadPhotographer(request) }
        presenter?.presentPhotographer(.init(profile: user, photos: photos, page: page))
    }

    public func changeToPage(_ request: PhotoAuthor.Page.Request) {
        guard !photos.isEmpty else {
            presenter?.presentFailure(.init(problem: .noPhotos(command: "page")))
            return
        }
        guard photos.indices.contains(request.page) else {
            presenter?.presentFailure(.init(problem: .pageOutOfRange(requested: request.typed ?? "\(TypedNumber.position(ofRow: request.page))", pageCount: photos.count)))
            return
        }
        page = request.page
        let photo = photos[page], shown = page
        guard let box = request.pictureBox, let pictures, let effects else {
            presenter?.presentPage(.init(page: shown, photo: photo, pageCount: photos.count, picture: nil))
            return
        }
        effects.finishBeforeCommandEnds { [self] in
            let picture = await PictureLoading.load(pictures, photo, box: box)
            presenter?.presentPage(.init(page: shown, photo: photo, pageCount: photos.count, picture: picture))
        }
    }

    public func selectPhoto(_ request: PhotoAuthor.Selection.Request) {
        guard !photos.isEmpty else {
            presenter?.presentFailure(.init(problem: .noPhotos(command: "open")))
            return
        }
        guard photos.indices.contains(request.row) else {
            presenter?.presentFailure(.init(problem: .positionOutOfRange(requested: request.typed ?? "\(TypedNumber.position(ofRow: request.row))", photoCount: photos.count)))
            return
        }
        index = request.row
        page = request.row
        presenter?.presentSelection()
    }

    public func showSheet(_ request: ContactSheet.Request) async {
        switch await ContactSheet.show(request, shown: sheet, current: page, photos: { photos }, hasMore: { false },
                                       loadMore: { false }, pictures: pictures) {
        case nil:
            break
        case .failure(let problem)?:
            presenter?.presentFailure(.init(problem: .sheet(problem)))
        case .success(let response)?:
            sheet = response.sheet
            presenter?.presentSheet(response)
        }
    }
}
