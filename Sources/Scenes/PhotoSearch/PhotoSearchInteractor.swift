import PhotoDomain
import REPLEngine

@MainActor
protocol PhotoSearchBusinessLogic: PhotoListBusinessLogic {
    /// Asks the source for the first page of results and shows them (when the scene loads; on `show`
    /// after a failed search), by an effect the command awaits. Ctrl-C or a failure leaves the scene
    /// empty, saying why.
    func searchPhotos(_ request: PhotoSearch.Results.Request)
    /// Shows the results again, or searches when that has not worked yet.
    func showResults(_ request: PhotoSearch.Results.Request)
}

/// What the results scene keeps: the collection's router hands it the query.
@MainActor
protocol PhotoSearchDataStore: PhotoListDataStore {
    var query: PhotoQuery? { get set }
    /// The id of the photo shown where the search was typed: selected among the results it is in.
    var shownID: String? { get set }
    /// The results, paged.
    var list: PhotoList { get }
}

final class PhotoSearchInteractor: PhotoSearchBusinessLogic, PhotoSearchDataStore, PhotoListInteracting {
    /// Results asked for at a time: Unsplash's default page.
    static let perPage = 10

    var presenter: PhotoSearchPresentationLogic?
    var listPresenter: PhotoListPresentationLogic? { presenter }
    /// Where the search, pictures and sheets are scheduled: the engine awaits them before the command ends.
    weak var effects: (any SceneEffects)?
    private let worker: PhotoSearchWorker
    let pictures: PhotoPicturesWorker?
    /// The results' next pages, once the first is in.
    private(set) var loadsPage: (@Sendable (Int) async throws -> PhotoPage)?

    var query: PhotoQuery?
    var shownID: String?
    /// The results, which the list's requests page through and extend.
    var list = PhotoList()
    var changedIndex: Int?
    var movesMade: [PhotoDetail.Moved]?

    init(worker: PhotoSearchWorker, pictures: PhotoPicturesWorker? = nil) {
        self.worker = worker
        self.pictures = pictures
    }

    func searchPhotos(_ request: PhotoSearch.Results.Request) {
        guard let query = request.query ?? query else { return }
        let worker = worker, perPage = Self.perPage
        effects?.finishBeforeCommandEnds { [self] in
            switch await PhotoPage.loading({ try await worker.search(query, page: 1, perPage: perPage) }) {
            case .failure(let why):
                presenter?.presentSearchFailure(.init(query: query, reason: why))
            case .success(let found) where found.photos.isEmpty:
                // Nothing found: the results shown stay; with none, the collection is shown again.
                presenter?.presentNoResults(.init(query: query, kept: list.pagesLoaded > 0 ? self.query : nil))
            case .success(let found):
                self.query = query
                list = PhotoList(firstPage: found)
                // The photo shown stays selected where it is found (ids compared byte for byte).
                if let shown = shownID.map({ Array($0.utf8) }), let at = list.photos.firstIndex(where: { $0.id.utf8.elementsEqual(shown) })
                {
                    _ = list.turn(toPage: at)
                }
                loadsPage = { page in try await worker.search(query, page: page, perPage: perPage) }
                presenter?.presentResults(.init(query: query, rows: list.rows, total: list.total, notes: found.notes))
            }
        }
    }

    func showResults(_ request: PhotoSearch.Results.Request) {
        guard list.pagesLoaded > 0, let query else { return searchPhotos(request) }
        // Back from a result: on the page of the one shown last.
        if let landing = changedIndex {
            list.returned(to: landing, after: [])
            changedIndex = nil
            movesMade = nil
        }
        presenter?.presentResults(.init(query: query, rows: list.rows, total: list.total))
    }
}
