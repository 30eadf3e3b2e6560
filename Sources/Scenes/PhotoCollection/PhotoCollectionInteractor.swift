import PhotoDomain
import REPLEngine

@MainActor
protocol PhotoCollectionBusinessLogic: PhotoListBusinessLogic {
    /// Shows the count as soon as the scene appears.
    func start()
    func changeCount(_ request: PhotoCollection.Count.Request)
    /// Replaces the photos with `count` new ones (random photos, or a feed's first page), by an
    /// effect the command awaits. A failure, or Ctrl-C, changes nothing and says so.
    func fetchPhotos(_ request: PhotoCollection.Fetch.Request) async
    func listPhotos(_ request: PhotoCollection.List.Request)
    /// The seed's scrolling: the offset's page, shown by the list.
    func changeToPage(_ request: PhotoCollection.Page.Request)
    /// When the scene reappears: moves the opened photo to the position the detail scene handed back.
    func applyChangedIndex()
    /// Remembers what `search` asks for, for the results scene the router pushes.
    func search(_ request: PhotoCollection.Search.Request)
    /// Lists the source whole, in an order (a folder browsed as a viewer does), by an effect the
    /// command awaits; the photo shown stays shown. A failure, or Ctrl-C, changes nothing.
    func sortPhotos(_ request: PhotoCollection.Sort.Request) async
}

/// What the collection keeps, and what its router reads and writes.
@MainActor
protocol PhotoCollectionDataStore: PhotoListDataStore {
    var count: Int { get set }
    /// 0-based position the opened photo should move to, handed back by the detail scene.
    var changedIndex: Int? { get set }
    /// The photos, paged; the opened one is its `index`.
    var list: PhotoList { get }
    /// What the source said of its quota with its last answer (Unsplash's rate limit).
    var rateLimit: RateLimit? { get }
    /// The feed the collection pages through instead of random photos (nil: random photos).
    var feedName: String? { get }
    /// What the search scene pushed by `search` is to look for.
    var query: PhotoQuery? { get }
    /// The order of a source listed whole (nil: its photos are fetched, not listed whole).
    var order: PhotoOrder? { get }
}

final class PhotoCollectionInteractor: PhotoCollectionBusinessLogic, PhotoCollectionDataStore, PhotoListInteracting {
    /// Unsplash returns at most 30 random photos at a time.
    static let maxCount = 30

    var presenter: PhotoCollectionPresentationLogic?
    var listPresenter: PhotoListPresentationLogic? { presenter }
    /// Where a fetch, pictures and sheets are scheduled: the engine awaits them before the command ends.
    weak var effects: (any SceneEffects)?
    private let worker: PhotosWorker
    private let feed: PhotoFeedWorker?
    /// What lists the source whole (a folder browsed as a viewer does); nil: photos are fetched.
    private let listing: PhotoListingWorker?
    let pictures: PhotoPicturesWorker?
    /// A feed's next pages, once its first is fetched.
    private(set) var loadsPage: (@Sendable (Int) async throws -> PhotoPage)?

    var count = 0
    var changedIndex: Int?
    var movesMade: [PhotoDetail.Moved]?
    /// The photos, which the list's requests page through, open and extend (a feed's next pages).
    var list = PhotoList()
    /// The source's, as its last answer told it (a `save` in the detail scene counts too).
    var rateLimit: RateLimit? { worker.rateLimit }
    var feedName: String? { feed?.feedName }
    private(set) var query: PhotoQuery?
    private(set) var order: PhotoOrder?

    /// - Parameter feed: what `fetch` pages through instead of asking for random photos.
    /// - Parameter listing: what lists the source whole, by name at first: `fetch` with the count
    ///   at 0 lists it again, `sort` in another order; the count and `fetch` still draw photos at
    ///   random, as in the sample app.
    /// - Parameter pictures: each page's picture, and the sheets' thumbnails (nil: text only).
    init(worker: PhotosWorker, feed: PhotoFeedWorker? = nil, listing: PhotoListingWorker? = nil, pictures: PhotoPicturesWorker? = nil) {
        self.worker = worker
        self.feed = feed
        self.listing = listing
        self.pictures = pictures
        order = listing == nil ? nil : .name
    }

    func start() {
        presenter?.presentCount(.init(count: count, limit: nil))
    }

    func changeCount(_ request: PhotoCollection.Count.Request) {
        switch request.change {
        case .show:
            presenter?.presentCount(.init(count: count, limit: nil))
        case .decrement:
            guard count > 0 else {
                presenter?.presentCount(.init(count: 0, limit: .minimum))
                return
            }
            count -= 1
            presenter?.presentCount(.init(count: count, limit: nil))
        case .increment:
            let atCap = count >= Self.maxCount
            count = min(count + 1, Self.maxCount)
            presenter?.presentCount(.init(count: count, limit: atCap ? .maximum : nil))
        case .set(let value, let typed):
            guard (0...Self.maxCount).contains(value) else {
                presenter?.presentFailure(.init(problem: .countOutOfRange(typed ?? "\(value)")))
                return
            }
            count = value
            presenter?.presentCount(.init(count: count, limit: nil))
        }
    }

    /// Awaited by the command (`fetch`), which Ctrl-C cancels: the list changes only once the
    /// worker has answered whole.
    func fetchPhotos(_ request: PhotoCollection.Fetch.Request) async {
        guard count > 0 else {
            // A folder listed whole is listed again (it may have changed): the count is for random photos.
            if listing != nil { return await sortPhotos(.init(order: nil)) }
            presenter?.presentNothingToFetch()
            return
        }
        let count = count, worker = worker, feed = feed
        do {
            if let feed {
                // A feed's first page starts it over: its pages after it are as long.
                let first = try await feed.feedPage(1, perPage: count)
                try Task.checkCancellation()
                guard !first.photos.isEmpty else {
                    presenter?.presentFailure(.init(problem: .fetchFailed("\(feed.feedName) has no photos", photosKept: list.photos.count)))
                    return
                }
                list = PhotoList(firstPage: first)
                loadsPage = { page in try await feed.feedPage(page, perPage: count) }
                fetched(notes: first.notes)
            } else {
                let fetched = try await worker.fetch(count: count)
                try Task.checkCancellation()
                list = PhotoList(fetched.photos)
                loadsPage = nil
                self.fetched(notes: fetched.notes)
            }
        } catch is CancellationError {
            presenter?.presentFailure(.init(problem: .fetchInterrupted))
        } catch {
            presenter?.presentFailure(.init(problem: .fetchFailed(String(describing: error), photosKept: list.photos.count)))
        }
    }

    /// The photos just fetched replace the old ones: none is open any more.
    private func fetched(notes: [String]) {
        changedIndex = nil
        presenter?.presentPhotos(.init(event: .fetched, rows: list.rows, notes: notes, feedName: feedName))
    }

    /// Awaited by the command (`sort`, or `fetch` on a folder listed whole).
    func sortPhotos(_ request: PhotoCollection.Sort.Request) async {
        guard let listing else { return presenter?.presentFailure(.init(problem: .notListedWhole)) ?? () }
        let order = request.order ?? self.order ?? .name
        do {
            let listed = try await listing.listing(sortedBy: order)
            try Task.checkCancellation()
            // The photo shown stays shown, wherever the order puts it (ids compared byte for byte).
            let shown = list.photos.indices.contains(list.page) ? Array(list.photos[list.page].id.utf8) : nil
            // What was found is said the first time, and when the folder changed since (not at
            // every change of order).
            let notes = listed.photos.count == list.photos.count ? [] : listed.notes
            list = PhotoList(listed.photos)
            loadsPage = nil
            self.order = order
            changedIndex = nil
            if let shown, let at = list.photos.firstIndex(where: { $0.id.utf8.elementsEqual(shown) }) { _ = list.turn(toPage: at) }
            presenter?.presentPhotos(.init(event: .sorted(order), rows: list.rows, notes: notes, feedName: nil))
        } catch is CancellationError {
            presenter?.presentFailure(.init(problem: .sortInterrupted))
        } catch {
            presenter?.presentFailure(.init(problem: .sortFailed(String(describing: error), photosKept: list.photos.count)))
        }
    }

    func search(_ request: PhotoCollection.Search.Request) {
        query = request.query
        presenter?.presentSearch()
    }

    func listPhotos(_ request: PhotoCollection.List.Request) {
        presenter?.presentPhotos(.init(event: .listed, rows: list.rows, feedName: feedName))
    }

    func changeToPage(_ request: PhotoCollection.Page.Request) {
        changeToPage(PhotoList.Page.Request(page: Self.page(of: request), pictureBox: request.pictureBox, typed: request.typed))
    }

    /// The 0-based page a request points at, as the original computes it from its layout
    /// (`Int(offset / width)`): the page asked for by number, else the offset's; -1 where the offset
    /// is no page at all (NaN, a zero width: the original would trap there), saturated where it is
    /// beyond any Int. The list refuses every page it does not have.
    static func page(of request: PhotoCollection.Page.Request) -> Int {
        if let page = request.page { return page }
        guard request.width > 0, request.offset.isFinite else { return -1 }
        let page = (request.offset / request.width).rounded(.down)
        return page >= Double(Int.max) ? Int.max - 1 : page < Double(Int.min) ? Int.min : Int(page)
    }

    func applyChangedIndex() {
        guard let opened = list.index, list.photos.indices.contains(opened) else { return }
        let landing = changedIndex ?? opened
        // The seed's answer is the opened photo's new position; a detail that stepped lists its moves.
        let moves = (movesMade ?? [PhotoDetail.Moved(from: opened, to: landing)]).filter { $0.from != $0.to }
        changedIndex = nil
        movesMade = nil
        list.returned(to: landing, after: moves)
        let event: PhotoCollection.Photos.Response.Event =
            switch moves.count {
            case 0: .unchanged(at: landing)
            case 1: .moved(from: moves[0].from, to: moves[0].to)
            default: .movedSeveral(moves)
            }
        presenter?.presentPhotos(.init(event: event, rows: list.rows, feedName: feedName))
    }
}
