import Imaging
import PhotoDomain
import REPLEngine

@MainActor
public protocol PhotoSearchBusinessLogic: AnyObject {
    /// Asks the source for the first page of results and shows them (when the scene loads; on
    /// `show` after a failed search). Ctrl-C or a failure leaves the scene empty, saying why.
    func searchPhotos(_ request: PhotoSearch.Results.Request) async
    /// Shows the results again, or searches when that has not worked yet.
    func showResults(_ request: PhotoSearch.Results.Request) async
    /// Moves the page control and shows the page (with a picture to decode, by an effect the
    /// command awaits).
    func changeToPage(_ request: PhotoSearch.Page.Request)
    /// The source's next page of results, appended; then the page the request asks.
    func loadMore(_ request: PhotoSearch.Page.Request) async
    func selectPhoto(_ request: PhotoSearch.Selection.Request)
    /// Lays the results out as a contact sheet; `next` past the last sheet loads more first.
    func showSheet(_ request: ContactSheet.Request) async
}

/// What the results scene keeps: the collection's router hands it the query.
@MainActor
public protocol PhotoSearchDataStore: AnyObject {
    var query: PhotoQuery? { get set }
    var photos: [Photo] { get }
    /// 0-based position of the result to open.
    var index: Int? { get }
    /// 0-based current page of the page control.
    var page: Int { get }
    /// How many of the source's pages of results are loaded; the results it has in all, when it says.
    var pagesLoaded: Int { get }
    var total: Int? { get }
    var hasMore: Bool { get }
    /// The 0-based contact sheet shown last.
    var sheet: Int? { get }
}

public final class PhotoSearchInteractor: PhotoSearchBusinessLogic, PhotoSearchDataStore {
    /// Results asked for at a time: Unsplash's default page.
    public static let perPage = 10

    var presenter: PhotoSearchPresentationLogic?
    /// Where a picture's decode is scheduled: the engine awaits it before the command ends. Not
    /// owned: the engine outlives its scenes.
    weak var effects: (any SceneEffects)?
    private let worker: PhotoSearchWorker
    private let pictures: PhotoPicturesWorker?

    public var query: PhotoQuery?
    public private(set) var photos: [Photo] = []
    public private(set) var index: Int?
    public private(set) var page = 0
    public var pagesLoaded: Int { loaded.count }
    public var total: Int? { loaded.total }
    public var hasMore: Bool { loaded.hasMore }
    /// Where the results stand.
    private var loaded = LoadedPages()
    public private(set) var sheet: Int?

    public init(worker: PhotoSearchWorker, pictures: PhotoPicturesWorker? = nil) {
        self.worker = worker
        self.pictures = pictures
    }

    public func searchPhotos(_ request: PhotoSearch.Results.Request) async {
        guard let query else { return }
        let found: PhotoPage
        switch await PhotoPage.loading({ try await worker.search(query, page: 1, perPage: Self.perPage) }) {
        case .failure(let why):
            presenter?.presentSearchFailure(.init(query: query, reason: why))
            return
        case .success(let page):
            found = page
        }
        photos = loaded.start(with: found)
        page = 0
        sheet = nil
        presenter?.presentResults(.init(query: query, photos: photos, page: page, total: total, hasMore: hasMore, notes: found.notes))
    }

    public func showResults(_ request: PhotoSearch.Results.Request) async {
        guard pagesLoaded > 0, let query else { return await searchPhotos(request) }
        presenter?.presentResults(.init(query: query, photos: photos, page: page, total: total, hasMore: hasMore))
    }

    public func changeToPage(_ request: PhotoSearch.Page.Request) {
        guard !photos.isEmpty else {
            presenter?.presentFailure(.init(problem: .noResults(command: "page")))
            return
        }
        guard photos.indices.contains(request.page) else {
            presenter?.presentFailure(.init(problem: .pageOutOfRange(requested: request.typed ?? "\(TypedNumber.position(ofRow: request.page))", pageCount: photos.count)))
            return
        }
        page = request.page
        let photo = photos[page], shown = page
        guard let box = request.pictureBox, let pictures, let effects else {
            presenter?.presentPage(.init(page: shown, photo: photo, pageCount: photos.count, picture: nil, hasMore: hasMore))
            return
        }
        effects.finishBeforeCommandEnds { [self] in
            let picture = await PictureLoading.load(pictures, photo, box: box)
            presenter?.presentPage(.init(page: shown, photo: photo, pageCount: photos.count, picture: picture, hasMore: hasMore))
        }
    }

    public func loadMore(_ request: PhotoSearch.Page.Request) async {
        guard await loadNextPage() else { return }
        changeToPage(request)
    }

    /// Appends the next page of results; false, having presented why, when nothing was added.
    private func loadNextPage() async -> Bool {
        guard let query, hasMore else {
            presenter?.presentFailure(.init(problem: .nothingMore(photoCount: photos.count)))
            return false
        }
        let pageNumber = pagesLoaded + 1
        let next: PhotoPage
        switch await PhotoPage.loading({ try await worker.search(query, page: pageNumber, perPage: Self.perPage) }) {
        case .failure(let why):
            presenter?.presentFailure(.init(problem: .loadMoreFailed(why, kept: photos.count)))
            return false
        case .success(let page):
            next = page
        }
        let added = loaded.next(next, after: photos)
        photos += added
        presenter?.presentMore(.init(added: added.count, photoCount: photos.count, total: total, hasMore: hasMore, notes: next.notes))
        return !added.isEmpty
    }

    public func selectPhoto(_ request: PhotoSearch.Selection.Request) {
        guard !photos.isEmpty else {
            presenter?.presentFailure(.init(problem: .noResults(command: "open")))
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
        switch await ContactSheet.show(request, shown: sheet, current: page, photos: { photos }, hasMore: { hasMore },
                                       loadMore: { await loadNextPage() }, pictures: pictures) {
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
