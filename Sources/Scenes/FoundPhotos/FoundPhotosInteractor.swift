import PhotoDomain
import REPLEngine

@MainActor
protocol FoundPhotosBusinessLogic: AnyObject {
    /// Asks the source for the photos (the photographer and theirs, or a query's first page) and
    /// shows them: when the scene loads, on `show` after a failed load, on `search QUERY`. By an
    /// effect the command awaits; Ctrl-C or a failure leaves the scene as it was, saying why.
    func findPhotos(_ request: FoundPhotos.Show.Request)
    /// Shows the photos found again, or finds them when that has not worked yet.
    func showPhotos(_ request: FoundPhotos.Show.Request)
    /// Moves the page control and shows the page. With a picture to decode, the page is shown by an
    /// effect the command awaits (then the next page's picture is decoded ahead); without, at once.
    /// One past the last result loaded, where there are more, the next page is loaded first.
    func changeToPage(_ request: PhotoList.Page.Request) throws(CommandError)
    /// Opens a photo (`open N`, `open NAME`): the router shows it in a detail scene.
    func selectPhoto(_ request: PhotoList.Selection.Request) throws(CommandError)
    /// Lays the photos out as a contact sheet; `next` past the last sheet loads more first, where
    /// there are more.
    func showSheet(_ request: ContactSheet.Request)
}

/// What the scene keeps: the router that pushed it writes what the photos are found by.
@MainActor
protocol FoundPhotosDataStore: MorePhotosSource {
    /// The photographer (their profile, once loaded) or the query of the results listed.
    var source: FoundPhotos.Source? { get set }
    /// The id of the photo shown where the search was typed: selected among the results it is in.
    var shownID: String? { get set }
    /// The photos found, paged.
    var list: PhotoList { get }
    /// The 0-based position of the photo the detail opened from here showed last, handed back by it.
    var changedIndex: Int? { get set }
    /// Whether the detail moved its photo away as a file (`move DIR`, `rename`, `trash`): the
    /// photos are found again, as they are now.
    var photoMovedAway: Bool { get set }
}

final class FoundPhotosInteractor: FoundPhotosBusinessLogic, FoundPhotosDataStore {
    /// What finds the photos: a photographer's photos, or a search's results.
    enum Finding {
        case photographers(PhotographersWorker)
        case search(PhotoSearchWorker)
    }

    /// How many of a photographer's photos are asked for: one request's worth on Unsplash.
    static let photographerLimit = 10
    /// Results asked for at a time: Unsplash's default page.
    static let resultsPerPage = 10

    var presenter: FoundPhotosPresentationLogic?
    /// Where the load, pictures and sheets are scheduled: the engine awaits them before the command ends.
    weak var effects: (any SceneEffects)?
    private let finding: Finding
    private let listWorker: PhotoListWorker

    var source: FoundPhotos.Source?
    var shownID: String?
    var list: PhotoList {
        get { listWorker.list }
        set { listWorker.list = newValue }
    }
    var changedIndex: Int?
    var photoMovedAway = false
    /// Whether photos were found once: `show` then lists them again instead of asking anew.
    private var hasFound = false

    init(finding: Finding, pictures: PhotoPicturesWorker? = nil) {
        self.finding = finding
        listWorker = PhotoListWorker(pictures: pictures)
    }

    func findPhotos(_ request: FoundPhotos.Show.Request) {
        switch (finding, request.query.map(FoundPhotos.Source.query) ?? source) {
        case (.photographers(let worker), .photographer(let user)?):
            effects?.finishBeforeCommandEnds { [self] in await findPhotos(of: user, with: worker) }
        case (.search(let worker), .query(let query)?):
            effects?.finishBeforeCommandEnds { [self] in try await findResults(for: query, with: worker) }
        case (_, nil):
            // Nothing was handed over: nothing to find (a router that pushed the scene bare).
            break
        case (_, let source?):
            presenter?.presentLoadFailure(.init(source: source, reason: .failed("this scene does not find photos that way")))
        }
    }

    private func findPhotos(of user: Photo.User, with worker: PhotographersWorker) async {
        let found: PhotographerPhotos
        do {
            found = try await worker.photographer(user, limit: Self.photographerLimit)
            try Task.checkCancellation()
        } catch {
            return presenter?.presentLoadFailure(.init(source: .photographer(user), reason: LoadingFailure(error))) ?? ()
        }
        source = .photographer(found.profile)
        listWorker.list = PhotoList(found.photos)
        hasFound = true
        presenter?.presentPhotos(.init(source: .photographer(found.profile), rows: list.rows))
    }

    private func findResults(for query: PhotoQuery, with worker: PhotoSearchWorker) async throws(CommandError) {
        let perPage = Self.resultsPerPage
        switch await PhotoPage.loading({ try await worker.search(query, page: 1, perPage: perPage) }) {
        case .failure(let why):
            presenter?.presentLoadFailure(.init(source: .query(query), reason: why))
        case .success(let found) where found.photos.isEmpty:
            // Nothing found: the results shown stay; with none, the collection is shown again.
            let kept: PhotoQuery? = if hasFound, case .query(let shown)? = source { shown } else { nil }
            try presenter?.presentNoResults(.init(query: query, kept: kept))
        case .success(let found):
            source = .query(query)
            listWorker.list = PhotoList(firstPage: found)
            // The photo shown stays selected where it is found (ids compared byte for byte).
            if let shown = shownID.map({ Array($0.utf8) }), let at = list.photos.firstIndex(where: { $0.id.utf8.elementsEqual(shown) }) {
                _ = listWorker.list.turn(toPage: at)
            }
            listWorker.loadsPage = { page in try await worker.search(query, page: page, perPage: perPage) }
            hasFound = true
            presenter?.presentPhotos(.init(source: .query(query), rows: list.rows, total: list.total, notes: found.notes))
        }
    }

    func showPhotos(_ request: FoundPhotos.Show.Request) {
        guard hasFound, let source else { return findPhotos(request) }
        // A photo of a folder the detail moved, renamed or trashed: found again, without it (or
        // by its new name); none found now, back to where the search was typed, as a first search.
        if photoMovedAway {
            photoMovedAway = false
            changedIndex = nil
            hasFound = false
            return findPhotos(FoundPhotos.Show.Request(query: nil))
        }
        // Back from a photo: on the page of the one shown last.
        if let landing = changedIndex {
            listWorker.list.returned(to: landing, after: [])
            changedIndex = nil
        }
        presenter?.presentPhotos(.init(source: source, rows: list.rows, total: list.total))
    }

    // MARK: - The list: pages, sheets, opening, more pages

    func changeToPage(_ request: PhotoList.Page.Request) throws(CommandError) {
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
                // command that listed (a `search`, a `back`) has done what it was typed for.
                break
            case .failure(let problem)?:
                try presenter?.presentListFailure(.init(problem: .sheet(problem)))
            case .success(let sheet)?:
                presenter?.presentSheet(sheet)
            }
        }
    }

    /// Appends the next page of results, saying what it added; false, having said why, when it
    /// added nothing.
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
}
