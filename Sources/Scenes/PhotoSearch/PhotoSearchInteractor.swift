import PhotoDomain
import REPLEngine

@MainActor
public protocol PhotoSearchBusinessLogic: AnyObject {
    /// Asks the source for the first page of results and shows them (when the scene loads; on `show`
    /// after a failed search), by an effect the command awaits. Ctrl-C or a failure leaves the scene
    /// empty, saying why.
    func searchPhotos(_ request: PhotoSearch.Results.Request)
    /// Shows the results again, or searches when that has not worked yet.
    func showResults(_ request: PhotoSearch.Results.Request)
}

/// What the results scene keeps: the collection's router hands it the query.
@MainActor
public protocol PhotoSearchDataStore: AnyObject {
    var query: PhotoQuery? { get set }
    /// The results, paged.
    var results: PhotoListDataStore { get }
}

public final class PhotoSearchInteractor: PhotoSearchBusinessLogic, PhotoSearchDataStore {
    /// Results asked for at a time: Unsplash's default page.
    public static let perPage = 10

    var presenter: PhotoSearchPresentationLogic?
    /// Where the search is scheduled: the engine awaits it before the command ends.
    weak var effects: (any SceneEffects)?
    private let worker: PhotoSearchWorker
    /// The results' list, which pages through them and loads more.
    private let list: PhotoListInteractor

    public var query: PhotoQuery?
    public var results: PhotoListDataStore { list }

    init(worker: PhotoSearchWorker, list: PhotoListInteractor) {
        self.worker = worker
        self.list = list
    }

    public func searchPhotos(_ request: PhotoSearch.Results.Request) {
        guard let query else { return }
        let worker = worker, perPage = Self.perPage
        effects?.finishBeforeCommandEnds { [self] in
            switch await PhotoPage.loading({ try await worker.search(query, page: 1, perPage: perPage) }) {
            case .failure(let why):
                presenter?.presentSearchFailure(.init(query: query, reason: why))
            case .success(let found):
                list.start(with: found, loadingMoreWith: { page in try await worker.search(query, page: page, perPage: perPage) })
                presenter?.presentResults(.init(query: query, rows: list.rows, total: list.total, notes: found.notes))
            }
        }
    }

    public func showResults(_ request: PhotoSearch.Results.Request) {
        guard list.pagesLoaded > 0, let query else { return searchPhotos(request) }
        presenter?.presentResults(.init(query: query, rows: list.rows, total: list.total))
    }
}
