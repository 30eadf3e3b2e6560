import PhotoDomain
import REPLEngine

@MainActor
protocol PhotoAuthorBusinessLogic: PhotoListBusinessLogic {
    /// Asks the source for the photographer and their photos, and shows them (when the scene loads;
    /// on `show` after a failed load), by an effect the command awaits. Ctrl-C or a failure leaves
    /// the scene empty, saying why.
    func loadPhotographer(_ request: PhotoAuthor.Show.Request)
    /// Shows the photographer again, or loads them when that has not worked yet.
    func showPhotographer(_ request: PhotoAuthor.Show.Request)
}

/// What the photographer scene keeps: the detail scene's router hands it the photographer.
@MainActor
protocol PhotoAuthorDataStore: PhotoListDataStore {
    /// The photographer as the photo named them; the profile replaces it once loaded.
    var user: Photo.User? { get set }
    /// Their photos, paged.
    var list: PhotoList { get }
}

final class PhotoAuthorInteractor: PhotoAuthorBusinessLogic, PhotoAuthorDataStore, PhotoListInteracting {
    /// How many of the photographer's photos are asked for: one request's worth on Unsplash.
    static let photoLimit = 10

    var presenter: PhotoAuthorPresentationLogic?
    var listPresenter: PhotoListPresentationLogic? { presenter }
    /// Where the load, pictures and sheets are scheduled: the engine awaits them before the command ends.
    weak var effects: (any SceneEffects)?
    private let worker: PhotographersWorker
    let pictures: PhotoPicturesWorker?
    /// Their photos come whole: no pages to load.
    let loadsPage: (@Sendable (Int) async throws -> PhotoPage)? = nil

    var user: Photo.User?
    /// Their photos, which the list's requests page through.
    var list = PhotoList()
    var changedIndex: Int?
    var movesMade: [PhotoDetail.Moved]?
    private var loaded = false

    init(worker: PhotographersWorker, pictures: PhotoPicturesWorker? = nil) {
        self.worker = worker
        self.pictures = pictures
    }

    func loadPhotographer(_ request: PhotoAuthor.Show.Request) {
        guard let user else { return }
        effects?.finishBeforeCommandEnds { [self] in
            let found: PhotographerPhotos
            do {
                found = try await worker.photographer(user, limit: Self.photoLimit)
                try Task.checkCancellation()
            } catch {
                presenter?.presentLoadFailure(.init(user: user, reason: LoadingFailure(error)))
                return
            }
            self.user = found.profile
            list = PhotoList(found.photos)
            loaded = true
            presenter?.presentPhotographer(.init(profile: found.profile, rows: list.rows))
        }
    }

    func showPhotographer(_ request: PhotoAuthor.Show.Request) {
        guard loaded, let user else { return loadPhotographer(request) }
        // Back from a photo: on the page of the one shown last.
        if let landing = changedIndex {
            list.returned(to: landing, after: [])
            changedIndex = nil
            movesMade = nil
        }
        presenter?.presentPhotographer(.init(profile: user, rows: list.rows))
    }
}
