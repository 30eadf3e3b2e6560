import PhotoDomain
import REPLEngine

@MainActor
public protocol PhotoCollectionBusinessLogic: AnyObject {
    /// Shows the count as soon as the scene appears.
    func start()
    func changeCount(_ request: PhotoCollection.Count.Request)
    /// Throws only `CancellationError`, and then changes nothing.
    func fetchPhotos(_ request: PhotoCollection.Fetch.Request) async throws
    func listPhotos(_ request: PhotoCollection.List.Request)
    /// Moves the page control and shows the page. With a picture to decode, the page is shown by
    /// an effect the command awaits (then the next page's picture is decoded ahead); without, at once.
    func changeToPage(_ request: PhotoCollection.Page.Request)
    func selectPhoto(_ request: PhotoCollection.Selection.Request)
    /// When the scene reappears: moves the opened photo to the position the detail scene handed back.
    func applyChangedIndex()
    /// A feed's next page, appended to the photos (as the seed's collection view loaded more when
    /// scrolled to its end); then the page of the first photo it brought.
    func loadMore(_ request: PhotoCollection.Page.Request) async
    /// Lays the photos out as a contact sheet (`grid`); a `next` past the last sheet of a feed loads
    /// its next page first.
    func showSheet(_ request: ContactSheet.Request) async
    /// Remembers what `search` asks for, for the results scene the router pushes.
    func search(_ request: PhotoCollection.Search.Request)
}

/// What the collection keeps, and what its router reads and writes.
@MainActor
public protocol PhotoCollectionDataStore: AnyObject {
    var count: Int { get set }
    /// 0-based position of the photo that was opened.
    var index: Int? { get set }
    /// 0-based position the opened photo should move to, handed back by the detail scene.
    var changedIndex: Int? { get set }
    var photos: [Photo] { get set }
    /// 0-based current page.
    var page: Int { get }
    /// What the source said of its quota with its last answer (Unsplash's rate limit).
    var rateLimit: RateLimit? { get }
    /// The feed the collection pages through instead of random photos (nil: random photos).
    var feedName: String? { get }
    /// How many of the feed's pages are loaded, and whether more follow.
    var feedPages: Int { get }
    var feedHasMore: Bool { get }
    /// The 0-based contact sheet shown last; nil before the first.
    var sheet: Int? { get }
    /// What the search scene pushed by `search` is to look for.
    var query: PhotoQuery? { get }
}

public final class PhotoCollectionInteractor: PhotoCollectionBusinessLogic, PhotoCollectionDataStore {
    /// Unsplash returns at most 30 random photos at a time.
    public static let maxCount = 30

    var presenter: PhotoCollectionPresentationLogic?
    /// Where a picture's decode is scheduled: the engine awaits it before the command ends. Not
    /// owned: the engine outlives its scenes.
    weak var effects: (any SceneEffects)?
    private let worker: PhotosWorker
    private let pictures: PhotoPicturesWorker?
    private let feed: PhotoFeedWorker?

    public var count = 0
    public var index: Int?
    public var changedIndex: Int?
    public var photos: [Photo] = []
    public private(set) var page = 0
    /// The source's, as its last answer told it (a `save` in the detail scene counts too).
    public var rateLimit: RateLimit? { worker.rateLimit }
    public var feedName: String? { feed?.feedName }
    public var feedPages: Int { loaded.count }
    public var feedHasMore: Bool { loaded.hasMore }
    /// Where the feed stands.
    private var loaded = LoadedPages()
    /// The count when the feed's first page was fetched: its pages are all that long.
    private var feedPerPage = 1
    public private(set) var sheet: Int?
    public private(set) var query: PhotoQuery?

    /// - Parameter feed: what `fetch` pages through instead of asking for random photos.
    public init(worker: PhotosWorker, pictures: PhotoPicturesWorker? = nil, feed: PhotoFeedWorker? = nil) {
        self.worker = worker
        self.pictures = pictures
        self.feed = feed
    }

    public func start() {
        presenter?.presentCount(.init(count: count, limit: nil))
    }

    public func changeCount(_ request: PhotoCollection.Count.Request) {
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

    public func fetchPhotos(_ request: PhotoCollection.Fetch.Request) async throws {
        guard count > 0 else {
            presenter?.presentNothingToFetch()
            return
        }
        let fetched: FetchedPhotos
        // A feed's first page starts it over: applied with the photos, not before.
        var started: LoadedPages?
        do {
            if let feed {
                let page = try await feed.feedPage(1, perPage: count)
                var pages = LoadedPages()
                fetched = FetchedPhotos(photos: pages.start(with: page), notes: page.notes)
                started = pages
            } else {
                fetched = try await worker.fetch(count: count)
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            presenter?.presentFailure(.init(problem: .fetchFailed(String(describing: error))))
            return
        }
        // Interrupted while the worker was busy: leave everything as it was.
        try Task.checkCancellation()
        if let feed, fetched.photos.isEmpty {
            presenter?.presentFailure(.init(problem: .fetchFailed("\(feed.feedName) has no photos")))
            return
        }
        photos = fetched.photos
        self.page = 0
        index = nil
        changedIndex = nil
        sheet = nil
        if let started {
            loaded = started
            feedPerPage = count
        }
        presenter?.presentPhotos(.init(event: .fetched, photos: photos, page: self.page, notes: fetched.notes, feed: feedState))
    }

    /// The feed as the presenter words it; nil for random photos.
    private var feedState: PhotoCollection.FeedState? {
        feed.map { PhotoCollection.FeedState(name: $0.feedName, pages: feedPages, hasMore: feedHasMore) }
    }

    public func loadMore(_ request: PhotoCollection.Page.Request) async {
        guard await loadNextFeedPage() else { return }
        changeToPage(request)
    }

    /// Appends the feed's next page; false, having presented why, when nothing was added.
    private func loadNextFeedPage() async -> Bool {
        guard let feed, feedHasMore else {
            presenter?.presentFailure(.init(problem: .nothingMore(photoCount: photos.count)))
            return false
        }
        let pageNumber = feedPages + 1, perPage = feedPerPage
        let next: PhotoPage
        switch await PhotoPage.loading({ try await feed.feedPage(pageNumber, perPage: perPage) }) {
        case .failure(let why):
            presenter?.presentFailure(.init(problem: .loadMoreFailed(why, kept: photos.count)))
            return false
        case .success(let page):
            next = page
        }
        let added = loaded.next(next, after: photos)
        photos += added
        presenter?.presentMore(.init(added: added.count, photoCount: photos.count,
                                     feed: .init(name: feed.feedName, pages: feedPages, hasMore: feedHasMore), notes: next.notes))
        return !added.isEmpty
    }

    public func showSheet(_ request: ContactSheet.Request) async {
        switch await ContactSheet.show(request, shown: sheet, current: page, photos: { photos }, hasMore: { feedHasMore },
                                       loadMore: { await loadNextFeedPage() }, pictures: pictures) {
        case nil:
            break
        case .failure(let problem)?:
            presenter?.presentFailure(.init(problem: .sheet(problem)))
        case .success(let response)?:
            sheet = response.sheet
            presenter?.presentSheet(response)
        }
    }

    public func search(_ request: PhotoCollection.Search.Request) {
        query = request.query
        presenter?.presentSearch()
    }

    public func listPhotos(_ request: PhotoCollection.List.Request) {
        presenter?.presentPhotos(.init(event: .listed, photos: photos, page: page, feed: feedState))
    }

    public func changeToPage(_ request: PhotoCollection.Page.Request) {
        guard let photo = turnPage(request) else { return }
        let shown = page
        guard let box = request.pictureBox, let pictures, let effects else {
            presenter?.presentPage(.init(page: shown, photo: photo, pageCount: photos.count, picture: nil, hasMore: feedHasMore))
            return
        }
        effects.finishBeforeCommandEnds { [self] in
            let picture = await PictureLoading.load(pictures, photo, box: box)
            presenter?.presentPage(.init(page: shown, photo: photo, pageCount: photos.count, picture: picture, hasMore: feedHasMore))
            if case .success? = picture, shown + 1 < photos.count {
                await pictures.prefetch(photos[shown + 1], fitting: box)
            }
        }
    }

    /// Moves to the page the request points at and returns its photo, or presents why it cannot.
    private func turnPage(_ request: PhotoCollection.Page.Request) -> Photo? {
        guard !photos.isEmpty else {
            presenter?.presentFailure(.init(problem: .noPhotos(command: "page")))
            return nil
        }
        // The original computes Int(offset / width) from its layout; a zero width would trap there.
        guard request.width > 0, request.offset.isFinite, request.offset >= 0,
              request.offset / request.width < Double(photos.count)
        else {
            presenter?.presentFailure(.init(problem: .pageOutOfRange(requested: request.typed ?? "\(TypedNumber.position(ofRow: Self.requestedPage(request)))", pageCount: photos.count)))
            return nil
        }
        page = Int(request.offset / request.width)
        return photos[page]
    }

    /// The 0-based page a request points at, for the error when there is none: the page asked for
    /// by number, else the offset's, -1 where the offset is no page at all (NaN, a zero width),
    /// saturated where it is beyond any Int.
    private static func requestedPage(_ request: PhotoCollection.Page.Request) -> Int {
        if let page = request.page { return page }
        guard request.width > 0, request.offset.isFinite else { return -1 }
        let page = (request.offset / request.width).rounded(.down)
        return page >= Double(Int.max) ? Int.max - 1 : page < Double(Int.min) ? Int.min : Int(page)
    }

    public func selectPhoto(_ request: PhotoCollection.Selection.Request) {
        guard !photos.isEmpty else {
            presenter?.presentFailure(.init(problem: .noPhotos(command: "open")))
            return
        }
        guard photos.indices.contains(request.row) else {
            presenter?.presentFailure(.init(problem: .positionOutOfRange(requested: request.typed ?? "\(TypedNumber.position(ofRow: request.row))", photoCount: photos.count)))
            return
        }
        index = request.row
        changedIndex = request.row
        page = request.row
        presenter?.presentSelection(.init())
    }

    public func applyChangedIndex() {
        guard let from = index, let to = changedIndex, photos.indices.contains(from) else { return }
        index = nil
        changedIndex = nil
        guard from != to, photos.indices.contains(to) else {
            presenter?.presentPhotos(.init(event: .unchanged(at: from), photos: photos, page: page, feed: feedState))
            return
        }
        // A move, not a swap: [A,B,C,D] with the 1st to the 3rd gives [B,C,A,D].
        let photo = photos.remove(at: from)
        photos.insert(photo, at: to)
        page = to
        presenter?.presentPhotos(.init(event: .moved(from: from, to: to), photos: photos, page: page, feed: feedState))
    }
}
