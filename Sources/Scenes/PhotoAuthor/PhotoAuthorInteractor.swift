import PhotoDomain
import REPLEngine

@MainActor
public protocol PhotoAuthorBusinessLogic: AnyObject {
    /// Asks the source for the photographer and their photos, and shows them (when the scene loads;
    /// on `show` after a failed load), by an effect the command awaits. Ctrl-C or a failure leaves
    /// the scene empty, saying why.
    func loadPhotographer(_ request: PhotoAuthor.Show.Request)
    /// Shows the photographer again, or loads them when that has not worked yet.
    func showPhotographer(_ request: PhotoAuthor.Show.Request)
}

/// What the photographer scene keeps: the detail scene's router hands it the photographer.
@MainActor
public protocol PhotoAuthorDataStore: AnyObject {
    /// The photographer as the photo named them; the profile replaces it once loaded.
    var user: Photo.User? { get set }
    /// Their photos, paged.
    var photos: PhotoListDataStore { get }
}

public final class PhotoAuthorInteractor: PhotoAuthorBusinessLogic, PhotoAuthorDataStore {
    /// How many of the photographer's photos are asked for: one request's worth on Unsplash.
    public static let photoLimit = 10

    var presenter: PhotoAuthorPresentationLogic?
    /// Where the load is scheduled: the engine awaits it before the command ends.
    weak var effects: (any SceneEffects)?
    private let worker: PhotographersWorker
    /// Their photos' list, which pages through them.
    private let list: PhotoListInteractor

    public var user: Photo.User?
    public var photos: PhotoListDataStore { list }
    private var loaded = false

    init(worker: PhotographersWorker, list: PhotoListInteractor) {
        self.worker = worker
        self.list = list
    }

    public func loadPhotographer(_ request: PhotoAuthor.Show.Request) {
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
            list.show(found.photos)
            loaded = true
            presenter?.presentPhotographer(.init(profile: found.profile, rows: list.rows))
        }
    }

    public func showPhotographer(_ request: PhotoAuthor.Show.Request) {
        guard loaded, let user else { return loadPhotographer(request) }
        presenter?.presentPhotographer(.init(profile: user, rows: list.rows))
    }
}
