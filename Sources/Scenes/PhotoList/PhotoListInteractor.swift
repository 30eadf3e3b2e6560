import PhotoDomain
import REPLEngine

@MainActor
public protocol PhotoListBusinessLogic: AnyObject {
    /// Moves the page control and shows the page. With a picture to decode, the page is shown by an
    /// effect the command awaits (then the next page's picture is decoded ahead); without, at once.
    /// One past the last photo loaded, where the source has more, its next page is loaded first (as
    /// the seed's collection view loaded more when scrolled to its end).
    func changeToPage(_ request: PhotoList.Page.Request)
    func selectPhoto(_ request: PhotoList.Selection.Request)
    /// Lays the photos out as a contact sheet; `next` past the last sheet loads more first, where
    /// the source has more.
    func showSheet(_ request: ContactSheet.Request)
}

/// What the list keeps: the scene that lists the photos reads it for `state`, and the list's router
/// hands the opened photo to the detail scene.
@MainActor
public protocol PhotoListDataStore: AnyObject {
    var photos: [Photo] { get }
    /// 0-based position of the photo opened last; nil when none is open.
    var index: Int? { get }
    /// 0-based current page.
    var page: Int { get }
    /// The 0-based contact sheet shown last; nil before the first.
    var sheet: Int? { get }
    /// How many of the source's pages are loaded, whether more follow, and how many photos it has in
    /// all when it says.
    var pagesLoaded: Int { get }
    var hasMore: Bool { get }
    var total: Int? { get }
}

public final class PhotoListInteractor: PhotoListBusinessLogic, PhotoListDataStore {
    var presenter: PhotoListPresentationLogic?
    /// Where pictures, loads and sheets are scheduled: the engine awaits them before the command ends.
    weak var effects: (any SceneEffects)?
    private let pictures: PhotoPicturesWorker?

    public private(set) var photos: [Photo] = []
    public private(set) var index: Int?
    public private(set) var page = 0
    public private(set) var sheet: Int?
    public var pagesLoaded: Int { loaded.count }
    public var hasMore: Bool { loaded.hasMore }
    public var total: Int? { loaded.total }
    private var loaded = LoadedPages()
    /// Loads the source's page N (1-based); nil for a list that came whole.
    private var loadPage: (@Sendable (Int) async throws -> PhotoPage)?

    public init(pictures: PhotoPicturesWorker? = nil) {
        self.pictures = pictures
    }

    // MARK: - What the scene that lists the photos does with its list

    /// A list that came whole (random photos, a photographer's photos): no more pages to load.
    func show(_ photos: [Photo]) {
        reset(to: photos, pages: LoadedPages(), loadingMoreWith: nil)
    }

    /// Page 1 of a source that has pages (a feed, search results): its photos, its repeats left out;
    /// `loadPage` loads the pages after it.
    func start(with first: PhotoPage, loadingMoreWith loadPage: @escaping @Sendable (Int) async throws -> PhotoPage) {
        var pages = LoadedPages()
        let photos = pages.start(with: first)
        reset(to: photos, pages: pages, loadingMoreWith: loadPage)
    }

    private func reset(to photos: [Photo], pages: LoadedPages, loadingMoreWith loadPage: (@Sendable (Int) async throws -> PhotoPage)?) {
        self.photos = photos
        loaded = pages
        self.loadPage = loadPage
        page = 0
        index = nil
        sheet = nil
    }

    /// Moves the photo at `from` to `to` (a move, not a swap: [A,B,C,D] with the 1st to the 3rd
    /// gives [B,C,A,D]); the page follows it. The opened photo is closed either way. Returns whether
    /// the photo moved (not when `to` is where it is, or no position).
    func move(from: Int, to: Int) -> Bool {
        index = nil
        guard from != to, photos.indices.contains(from), photos.indices.contains(to) else { return false }
        let photo = photos.remove(at: from)
        photos.insert(photo, at: to)
        page = to
        return true
    }

    /// The rows as listed now.
    var rows: PhotoList.Rows.Response {
        PhotoList.Rows.Response(photos: photos, page: page, hasMore: hasMore)
    }

    // MARK: - Business logic

    /// Whether `row` is one of the photos; else presents why not: nothing listed to `command`, or
    /// `outOfRange` with the row as typed (else as the request says it) and how many photos there are.
    private func lists(_ row: Int, typed: String?, for command: String,
                       outOfRange: (_ requested: String, _ count: Int) -> PhotoList.Failure.Problem) -> Bool {
        guard !photos.isEmpty else {
            presenter?.presentFailure(.init(problem: .noPhotos(command: command)))
            return false
        }
        guard photos.indices.contains(row) else {
            let requested = typed ?? String(TypedNumber.position(ofRow: row))
            presenter?.presentFailure(.init(problem: outOfRange(requested, photos.count)))
            return false
        }
        return true
    }

    public func changeToPage(_ request: PhotoList.Page.Request) {
        if request.page == photos.count && hasMore { return loadMore(then: request) }
        guard lists(request.page, typed: request.typed, for: "page", outOfRange: { .pageOutOfRange(requested: $0, pageCount: $1) }) else { return }
        page = request.page
        let photo = photos[page], shown = page
        guard let box = request.pictureBox, let pictures, let effects else {
            presenter?.presentPage(.init(page: shown, photo: photo, pageCount: photos.count, picture: nil, hasMore: hasMore))
            return
        }
        effects.finishBeforeCommandEnds { [self] in
            let picture = await PictureLoading.load(pictures, photo, box: box)
            presenter?.presentPage(.init(page: shown, photo: photo, pageCount: photos.count, picture: picture, hasMore: hasMore))
            if case .success? = picture, shown + 1 < photos.count {
                await pictures.prefetch(photos[shown + 1], fitting: box)
            }
        }
    }

    /// The source's next page, appended; then the page `request` asks for.
    private func loadMore(then request: PhotoList.Page.Request) {
        effects?.finishBeforeCommandEnds { [self] in
            guard await loadNextPage() else { return }
            changeToPage(request)
        }
    }

    /// Appends the source's next page; false, having presented why, when nothing was added.
    private func loadNextPage() async -> Bool {
        guard let loadPage, hasMore else {
            presenter?.presentFailure(.init(problem: .nothingMore(photoCount: photos.count)))
            return false
        }
        let number = pagesLoaded + 1
        let next: PhotoPage
        switch await PhotoPage.loading({ try await loadPage(number) }) {
        case .failure(let why):
            presenter?.presentFailure(.init(problem: .loadMoreFailed(why, kept: photos.count)))
            return false
        case .success(let page):
            next = page
        }
        let added = loaded.next(next, after: photos)
        photos += added
        presenter?.presentMore(.init(added: added.count, photoCount: photos.count, page: page, pagesLoaded: pagesLoaded, total: total,
                                     hasMore: hasMore, notes: next.notes))
        return !added.isEmpty
    }

    public func selectPhoto(_ request: PhotoList.Selection.Request) {
        let row = request.row ?? page
        guard lists(row, typed: request.typed, for: "open", outOfRange: { .positionOutOfRange(requested: $0, photoCount: $1) }) else { return }
        index = row
        page = row
        presenter?.presentSelection()
    }

    public func showSheet(_ request: ContactSheet.Request) {
        effects?.finishBeforeCommandEnds { [self] in
            switch await ContactSheet.show(request, shown: sheet, current: page, photos: { photos }, hasMore: { hasMore },
                                           loadMore: { await loadNextPage() }, pictures: pictures) {
            case nil:
                break
            case .failure(.interrupted)? where request.isListing:
                // Ctrl-C gives up a sheet a listing showed by itself, as it gives up a picture: the
                // command that listed (a `back`, a `search`) has done what it was typed for.
                break
            case .failure(let problem)?:
                presenter?.presentFailure(.init(problem: .sheet(problem)))
            case .success(let response)?:
                sheet = response.sheet
                presenter?.presentSheet(response)
            }
        }
    }
}
