import PhotoDomain
import REPLEngine

@MainActor
protocol PhotoCollectionBusinessLogic: AnyObject {
    /// Shows the count as soon as the scene appears.
    func start()
    /// `mark` and `unmark`: photos of the list marked for this session, or not (a folder's).
    func markPhotos(_ request: PhotoCollection.Mark.Request) async throws(CommandError)
    /// `paths`: the files of the list's photos (after its filters), or of the marked ones.
    func listPaths(_ request: PhotoPaths.Request) async throws(CommandError)
    /// `copy DIR`: the list's photos (after its filters), or the marked ones, copied into DIR.
    func actOnFiles(_ request: PhotoFileActions.Request) async throws(CommandError)
    /// Judges the list's current photo (the grid's too), in its sidecar.
    func judgeCurrentPhoto(_ request: PhotoCollection.Judge.Request) async throws(CommandError)
    /// Takes back the session's last judgement, made here or in the detail.
    func undoJudgement() async throws(CommandError)
    func changeCount(_ request: PhotoCollection.Count.Request) throws(CommandError)
    /// Replaces the photos with `count` new ones (random photos, or a feed's first page), by an
    /// effect the command awaits. A failure, or Ctrl-C, changes nothing and says so.
    func fetchPhotos(_ request: PhotoCollection.Fetch.Request) async throws(CommandError)
    func listPhotos(_ request: PhotoCollection.List.Request)
    /// The seed's scrolling: moves the page control to the offset's page and shows it. With a
    /// picture to decode, the page is shown by an effect the command awaits (then the next page's
    /// picture is decoded ahead); without, at once. One past the last photo of a feed, its next page
    /// is loaded first (as the seed's collection view loaded more when scrolled to its end).
    func changeToPage(_ request: PhotoCollection.Page.Request) throws(CommandError)
    /// Opens a photo (`open N`, `open NAME`): the router shows it in a detail scene.
    func selectPhoto(_ request: PhotoList.Selection.Request) throws(CommandError)
    /// Lays the photos out as a contact sheet; `next` past the last sheet of a feed loads more first.
    func showSheet(_ request: ContactSheet.Request)
    /// When the scene reappears: moves the opened photo to the position the detail scene handed back.
    func applyChangedIndex()
    /// Remembers what `search` asks for, for the results scene the router pushes.
    func search(_ request: PhotoCollection.Search.Request) throws(CommandError)
    /// Lists the source whole, in an order (a folder browsed as a viewer does), by an effect the
    /// command awaits; the photo shown stays shown. A failure, or Ctrl-C, changes nothing.
    func sortPhotos(_ request: PhotoCollection.Sort.Request) async throws(CommandError)
    /// Adds a filter (the list then shows only the photos all filters let through), clears them, or
    /// lists them. A filter that lets no photo through is not added, and the list stays.
    func filterPhotos(_ request: PhotoCollection.Filter.Request) async throws(CommandError)
}

/// What the collection keeps, and what its router reads and writes.
@MainActor
protocol PhotoCollectionDataStore: MorePhotosSource {
    var count: Int { get set }
    /// The 0-based position of the photo the detail showed last (the seed's `changedIndex`: where the
    /// opened photo should move to, when it was not stepped from), handed back by the detail.
    var changedIndex: Int? { get set }
    /// The moves saved in the detail, in order, handed back with `changedIndex`; nil: the seed's
    /// answer, the opened photo moved to `changedIndex` (the detail stepped nowhere).
    var movesMade: [PhotoDetail.Moved]? { get set }
    /// The photos judged in the detail, as they are now: the list shows them so.
    var judgedPhotos: [Photo] { get set }
    /// Whether the detail went back because its photo was moved away as a file: the list is then
    /// listed anew, not shown as it was.
    var photoMovedAway: Bool { get set }
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
    /// The filters a source listed whole is shown through (all must hold).
    var filters: [PhotoFilter] { get }
}

final class PhotoCollectionInteractor: PhotoCollectionBusinessLogic, PhotoCollectionDataStore {
    /// Unsplash returns at most 30 random photos at a time.
    static let maxCount = 30

    var presenter: PhotoCollectionPresentationLogic?
    /// Where a fetch, pictures and sheets are scheduled: the engine awaits them before the command ends.
    weak var effects: (any SceneEffects)?
    /// Where `copy` asks before it acts.
    weak var questions: (any SceneQuestions)?
    private let worker: PhotosWorker
    private let feed: PhotoFeedWorker?
    /// What lists the source whole (a folder browsed as a viewer does); nil: photos are fetched.
    private let listing: PhotoListingWorker?
    /// Keeps the session's marks (a folder's photos).
    private let judges: PhotoJudgingWorker?
    /// Reads a photo's judgement again after `undo`.
    private let describer: PhotoDescribingWorker?
    /// Acts on the photos as files (a folder's).
    private let acting: (any PhotoFileWorker)?
    /// How many times photos had moved when the list last followed them (`followMovedFiles`).
    private var movesSeen = 0
    var photoMovedAway = false
    /// The photos, which the list's requests page through, open and extend (a feed's next pages).
    private let listWorker: PhotoListWorker

    var count = 0
    var changedIndex: Int?
    var movesMade: [PhotoDetail.Moved]?
    var judgedPhotos: [Photo] = []
    var list: PhotoList {
        get { listWorker.list }
        set { listWorker.list = newValue }
    }
    /// The source's, as its last answer told it (a `save` in the detail scene counts too).
    var rateLimit: RateLimit? { worker.rateLimit }
    var feedName: String? { feed?.feedName }
    private(set) var query: PhotoQuery?
    private(set) var order: PhotoOrder?
    private(set) var filters: [PhotoFilter] = []
    /// How many photos the folder listed whole had last time, before the filters.
    private var listedCount: Int?

    /// - Parameter feed: what `fetch` pages through instead of asking for random photos.
    /// - Parameter listing: what lists the source whole, by name at first: `fetch` with the count
    ///   at 0 lists it again, `sort` in another order; the count and `fetch` still draw photos at
    ///   random, as in the sample app.
    /// - Parameter pictures: each page's picture, and the sheets' thumbnails (nil: text only).
    init(
        worker: PhotosWorker, feed: PhotoFeedWorker? = nil, listing: PhotoListingWorker? = nil, pictures: PhotoPicturesWorker? = nil,
        judges: PhotoJudgingWorker? = nil, describer: PhotoDescribingWorker? = nil,
        acting: (any PhotoFileWorker)? = nil
    ) {
        self.worker = worker
        self.acting = acting
        self.judges = judges
        self.describer = describer
        self.feed = feed
        self.listing = listing
        listWorker = PhotoListWorker(pictures: pictures)
        order = listing == nil ? nil : .name
    }

    func start() {
        presenter?.presentCount(.init(count: count, limit: nil))
    }

    func markPhotos(_ request: PhotoCollection.Mark.Request) async throws(CommandError) {
        guard let judges, listing != nil else {
            return try presenter?.presentFailure(.init(problem: .notListedWhole(command: request.marking ? "mark" : "unmark"))) ?? ()
        }
        let photos = list.photos
        let chosen = request.positions.map { $0.filter(photos.indices.contains).map { photos[$0] } } ?? photos
        let (changed, marked) = await judges.mark(chosen.map(\.id), request.marking)
        presenter?.presentMarked(.init(marking: request.marking, asked: chosen.count, changed: changed, marked: marked))
    }

    func listPaths(_ request: PhotoPaths.Request) async throws(CommandError) {
        guard let acting else { return }
        try presenter?.presentPaths(await PhotoPaths.response(to: request, shown: list.photos, from: acting))
    }

    func actOnFiles(_ request: PhotoFileActions.Request) async throws(CommandError) {
        guard let acting else { return }
        let response = await PhotoFileActions.response(to: request, shown: list.photos, acting: acting, questions: questions)
        // An action that stopped part way moved what it moved: the list follows it before the
        // failure ends the command.
        do {
            try presenter?.presentFileAction(response)
        } catch {
            await followMovedFiles()
            throw error
        }
        await followMovedFiles()
    }

    /// The list after photos moved (here, in the detail, or back by `undo`), shown again: a folder
    /// listed whole is listed again, in its order and through its filters; photos drawn at random
    /// are kept but those that left the folder.
    private func followMovedFiles() async {
        guard let acting else { return }
        let made = await acting.movesMade()
        guard made != movesSeen else { return }
        movesSeen = made
        // A folder left with no photo is no listing (it says none were found): its list is kept
        // as for photos drawn at random, without those that left.
        if let listing, let order = order ?? .name as PhotoOrder?,
            let listed = try? await listing.listing(ListingRequest(order: order, filters: filters))
        {
            show(listed, order: order, event: .filtered)
        } else {
            let known = Set(await acting.files(of: list.photos.map(\.id)).map(\.photoID))
            let kept = list.photos.filter { known.contains($0.id) }
            guard kept.count != list.photos.count else { return }
            listWorker.list = PhotoList(kept)
            listWorker.loadsPage = nil
            presenter?.presentPhotos(.init(event: .filtered, rows: list.rows, feedName: feedName, order: order, filters: filters))
        }
    }

    func judgeCurrentPhoto(_ request: PhotoCollection.Judge.Request) async throws(CommandError) {
        let command = String(request.change.command.split(separator: " ").first ?? "")
        let row = list.page
        guard list.photos.indices.contains(row) else {
            return try presenter?.presentFailure(.init(problem: .nothingToJudge(command: command))) ?? ()
        }
        let photo = list.photos[row]
        guard let judges, photo.facts != nil else {
            let notAFile = PhotosWorkerError(JudgementWording.notAFile)
            return try presenter?.presentJudged(.init(result: .failure(notAFile), change: request.change)) ?? ()
        }
        let result = await judges.judgement(of: photo, request.change, sharedToo: request.sharedToo)
        if case .success(let judged)? = result { listWorker.list.takeJudgement(of: judged.photo, at: row) }
        try presenter?.presentJudged(.init(result: result, change: request.change))
    }

    func undoJudgement() async throws(CommandError) {
        guard let judges else { return try presenter?.presentUndone(.init(result: .success(nil))) ?? () }
        do {
            let undone = try await judges.undo()
            // The photo undone, where the list has it: its judgement read again from its sidecar.
            if let undone, let describer, let row = list.photos.firstIndex(where: { $0.id.utf8.elementsEqual(undone.photoID.utf8) }) {
                var fresh = list.photos[row]
                fresh.facts?.metadataRead = false
                listWorker.list.takeJudgement(of: await describer.described(fresh), at: row)
            }
            do {
                try presenter?.presentUndone(.init(result: .success(undone)))
            } catch {
                await followMovedFiles()
                throw error
            }
            await followMovedFiles()
        } catch let failure as PhotosWorkerError {
            try presenter?.presentUndone(.init(result: .failure(failure)))
        } catch {
            try presenter?.presentUndone(.init(result: .failure(PhotosWorkerError("\(error)"))))
        }
    }

    func changeCount(_ request: PhotoCollection.Count.Request) throws(CommandError) {
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
                try presenter?.presentFailure(.init(problem: .countOutOfRange(typed ?? "\(value)")))
                return
            }
            count = value
            presenter?.presentCount(.init(count: count, limit: nil))
        }
    }

    /// Awaited by the command (`fetch`), which Ctrl-C cancels: the list changes only once the
    /// worker has answered whole.
    func fetchPhotos(_ request: PhotoCollection.Fetch.Request) async throws(CommandError) {
        guard count > 0 else {
            // A folder listed whole is listed again (it may have changed): the count is for random photos.
            if listing != nil { return try await sortPhotos(.init(order: nil)) }
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
                    let problem = PhotoCollection.Failure.Response.Problem.fetchFailed(
                        "\(feed.feedName) has no photos", photosKept: list.photos.count)
                    try presenter?.presentFailure(.init(problem: problem))
                    return
                }
                listWorker.list = PhotoList(firstPage: first)
                listWorker.loadsPage = { page in try await feed.feedPage(page, perPage: count) }
                fetched(notes: first.notes)
            } else {
                let fetched = try await worker.fetch(count: count)
                try Task.checkCancellation()
                listWorker.list = PhotoList(fetched.photos)
                listWorker.loadsPage = nil
                self.fetched(notes: fetched.notes)
            }
        } catch is CancellationError {
            try presenter?.presentFailure(.init(problem: .fetchInterrupted))
        } catch {
            try presenter?.presentFailure(.init(problem: .fetchFailed(String(describing: error), photosKept: list.photos.count)))
        }
    }

    /// The photos just fetched replace the old ones: none is open any more.
    private func fetched(notes: [String]) {
        changedIndex = nil
        // Photos drawn at random are no listing: the filters said what a listing showed.
        filters = []
        listedCount = nil
        presenter?.presentPhotos(.init(event: .fetched, rows: list.rows, notes: notes, feedName: feedName))
    }

    /// Awaited by the command (`sort`, or `fetch` on a folder listed whole).
    func sortPhotos(_ request: PhotoCollection.Sort.Request) async throws(CommandError) {
        guard let listing else { return try presenter?.presentFailure(.init(problem: .notListedWhole(command: "sort"))) ?? () }
        let order = request.order ?? self.order ?? .name
        do {
            let listed = try await listing.listing(ListingRequest(order: order, filters: filters))
            try Task.checkCancellation()
            show(listed, order: order, event: .sorted(order))
        } catch is CancellationError {
            try presenter?.presentFailure(.init(problem: .sortInterrupted))
        } catch {
            try presenter?.presentFailure(.init(problem: .sortFailed(String(describing: error), photosKept: list.photos.count)))
        }
    }

    func filterPhotos(_ request: PhotoCollection.Filter.Request) async throws(CommandError) {
        guard let listing else { return try presenter?.presentFailure(.init(problem: .notListedWhole(command: "filter"))) ?? () }
        let wanted: [PhotoFilter]
        switch request.change {
        case .show: return presenter?.presentFilters(.init(filters: filters)) ?? ()
        case .clear: wanted = []
        // The same filter twice is the same list: kept once.
        case .add(let filter): wanted = filters.filter { $0 != filter } + [filter]
        }
        let order = order ?? .name
        do {
            let listed = try await listing.listing(ListingRequest(order: order, filters: wanted))
            try Task.checkCancellation()
            if listed.photos.isEmpty, case .add(let filter) = request.change {
                return presenter?.presentFilters(.init(filters: filters, matchedNothing: filter)) ?? ()
            }
            filters = wanted
            show(listed, order: order, event: .filtered)
        } catch is CancellationError {
            try presenter?.presentFailure(.init(problem: .sortInterrupted))
        } catch {
            try presenter?.presentFailure(.init(problem: .sortFailed(String(describing: error), photosKept: list.photos.count)))
        }
    }

    /// The folder as listed now replaces the list; the photo shown stays shown.
    private func show(_ listed: FetchedPhotos, order: PhotoOrder, event: PhotoCollection.Photos.Response.Event) {
        // The photo shown stays shown, wherever the order puts it (ids compared byte for byte).
        let shown = list.photos.indices.contains(list.page) ? Array(list.photos[list.page].id.utf8) : nil
        // What was found (the first note) is said the first time, and when the folder changed since
        // (not at every change of order or filter); what the listing has to say besides, always.
        let total = listed.totalCount ?? listed.photos.count
        let notes = total == listedCount ? Array(listed.notes.dropFirst()) : listed.notes
        listedCount = total
        listWorker.list = PhotoList(listed.photos)
        listWorker.loadsPage = nil
        self.order = order
        changedIndex = nil
        if let shown, let at = list.photos.firstIndex(where: { $0.id.utf8.elementsEqual(shown) }) {
            _ = listWorker.list.turn(toPage: at)
        }
        presenter?.presentPhotos(
            .init(event: event, rows: list.rows, notes: notes, feedName: nil, order: order, filters: filters, totalCount: total))
    }

    func search(_ request: PhotoCollection.Search.Request) throws(CommandError) {
        query = request.query
        try presenter?.presentSearch()
    }

    func listPhotos(_ request: PhotoCollection.List.Request) {
        presenter?.presentPhotos(
            .init(event: .listed, rows: list.rows, feedName: feedName, order: order, filters: filters, totalCount: listedCount))
    }

    // MARK: - The list: pages, sheets, opening, more pages

    func changeToPage(_ request: PhotoCollection.Page.Request) throws(CommandError) {
        try changeToPage(PhotoList.Page.Request(page: Self.page(of: request), pictureBox: request.pictureBox, typed: request.typed))
    }

    private func changeToPage(_ request: PhotoList.Page.Request) throws(CommandError) {
        if listWorker.needsNextPage(for: request.page) {
            effects?.finishBeforeCommandEnds { [self] in
                if try await loadNextPage() { try changeToPage(request) }
            }
            return
        }
        switch listWorker.turn(request) {
        case .failure(let problem):
            try presenter?.presentListFailure(.init(problem: problem))
        case .success(let page):
            guard let box = request.pictureBox, listWorker.pictures != nil, let effects else { return presenter?.presentPage(page) ?? () }
            effects.finishBeforeCommandEnds { [self] in
                let shown = await listWorker.picture(for: page, fitting: box)
                presenter?.presentPage(shown)
                await listWorker.prefetch(after: shown, fitting: box)
            }
        }
    }

    func selectPhoto(_ request: PhotoList.Selection.Request) throws(CommandError) {
        if let problem = listWorker.list.open(request) { return try presenter?.presentListFailure(.init(problem: problem)) ?? () }
        try presenter?.presentSelection()
    }

    func showSheet(_ request: ContactSheet.Request) {
        effects?.finishBeforeCommandEnds { [self] in
            switch try await listWorker.sheet(request, loadMore: loadNextPage) {
            case nil:
                break
            case .failure(.interrupted)? where request.isListing:
                // Ctrl-C gives up a sheet a listing showed by itself, as it gives up a picture: the
                // command that listed (a `back`) has done what it was typed for.
                break
            case .failure(let problem)?:
                try presenter?.presentListFailure(.init(problem: .sheet(problem)))
            case .success(let sheet)?:
                presenter?.presentSheet(sheet)
            }
        }
    }

    /// Appends the feed's next page, saying what it added; false, having said why, when it added nothing.
    private func loadNextPage() async throws(CommandError) -> Bool {
        switch await listWorker.loadNextPage() {
        case .failure(let problem):
            try presenter?.presentListFailure(.init(problem: problem))
            return false
        case .success(let more):
            presenter?.presentMore(more)
            return more.added > 0
        }
    }

    func loadMoreForDetail() async throws(CommandError) -> [Photo]? {
        guard listWorker.loadsPage != nil, list.hasMore else { return nil }
        let count = list.photos.count
        guard try await loadNextPage() else { return [] }
        return Array(list.photos[count...])
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
        defer {
            // Photos the detail moved: the list follows, before the next command.
            if acting != nil { effects?.finishBeforeCommandEnds { [self] in await followMovedFiles() } }
        }
        if photoMovedAway {
            photoMovedAway = false
            changedIndex = nil
            movesMade = nil
            listWorker.list.takeJudgements(of: judgedPhotos)
            judgedPhotos = []
            return
        }
        guard let opened = list.index, list.photos.indices.contains(opened) else { return }
        let landing = changedIndex ?? opened
        // The seed's answer is the opened photo's new position; a detail that stepped lists its moves.
        let moves = (movesMade ?? [PhotoDetail.Moved(from: opened, to: landing)]).filter { $0.from != $0.to }
        changedIndex = nil
        movesMade = nil
        listWorker.list.takeJudgements(of: judgedPhotos)
        judgedPhotos = []
        listWorker.list.returned(to: landing, after: moves)
        let event: PhotoCollection.Photos.Response.Event =
            switch moves.count {
            case 0: .unchanged(at: landing)
            case 1: .moved(from: moves[0].from, to: moves[0].to)
            default: .movedSeveral(moves)
            }
        presenter?.presentPhotos(
            .init(event: event, rows: list.rows, feedName: feedName, order: order, filters: filters, totalCount: listedCount))
    }
}
