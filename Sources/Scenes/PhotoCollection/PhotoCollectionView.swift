import PhotoDomain
import REPLEngine
import TerminalPictures

@MainActor
public protocol PhotoCollectionDisplayLogic: AnyObject {
    func displayCount(_ viewModel: PhotoCollection.Count.ViewModel)
    func displayPhotos(_ viewModel: PhotoCollection.Photos.ViewModel)
    func displayNotice(_ viewModel: PhotoCollection.Notice.ViewModel)
    func displayPage(_ viewModel: PhotoCollection.Page.ViewModel)
    func displaySelectedPhoto(_ viewModel: PhotoCollection.Selection.ViewModel)
    func displayFailure(_ viewModel: PhotoCollection.Failure.ViewModel)
    func displaySheet(_ viewModel: ContactSheet.ViewModel)
    func displaySearch()
    func displayMore(_ viewModel: PhotoCollection.More.ViewModel)
}

/// The collection scene's View (the original's view controller): parses what was typed into
/// Requests, and lays ViewModels out as lines.
public final class PhotoCollectionView: SceneView, PhotoCollectionDisplayLogic {
    public static let sceneName = "collection"
    /// One page of the collection is one terminal line wide; paging turns a page into an offset.
    static let pageWidth = 80.0

    var interactor: PhotoCollectionBusinessLogic?
    var router: (PhotoCollectionRoutingLogic & PhotoCollectionDataPassing)?
    private let console: Console
    private let effects: any SceneEffects
    /// nil: this session shows no pictures.
    private let display: PictureDisplay?
    /// The source's name for `state`: embedded, folder or unsplash.
    private let sourceName: String
    /// The session's layout of lists (`layout`), shared with the other scenes that list photos.
    private let settings: BrowseSettings
    /// What the page control shows, as UIKit's page control keeps it.
    private var pageControl: PageControl?
    /// Set by `displayFailure`; the command that caused it reports it.
    private var failure: CommandError?

    public var title: String { "photos" }

    init(console: Console, effects: any SceneEffects, display: PictureDisplay?, sourceName: String, settings: BrowseSettings) {
        self.console = console
        self.effects = effects
        self.display = display
        self.sourceName = sourceName
        self.settings = settings
    }

    /// The scene with its interactor, presenter and router wired up, and the workers injected:
    /// `pictures` and `display` draw each page's photo as the page changes (nil: text only).
    public static func module(
        worker: PhotosWorker, sourceName: String = "embedded", pictures: PhotoPicturesWorker? = nil, display: PictureDisplay? = nil,
        showsCountOnLoad: Bool = true, feed: PhotoFeedWorker? = nil, settings: BrowseSettings = BrowseSettings()
    ) -> SceneModule {
        SceneModule(PhotoCollectionView.self) { context in
            let view = PhotoCollectionView(console: context.console, effects: context.effects, display: display, sourceName: sourceName, settings: settings)
            view.showsCountOnLoad = showsCountOnLoad
            let interactor = PhotoCollectionInteractor(worker: worker, pictures: pictures, feed: feed)
            interactor.effects = context.effects
            let presenter = PhotoCollectionPresenter()
            let router = PhotoCollectionRouter(navigator: context.navigator)
            view.interactor = interactor
            view.router = router
            interactor.presenter = presenter
            presenter.view = view
            router.dataStore = interactor
            return view
        }
    }

    /// Whether the count (0) is shown when the scene first appears, as the original app does. An
    /// interactive session starts with its prompt instead: a lone "count: 0" above the first prompt
    /// reads as stray output (`count` shows it). Its transcript keeps the line, so that it replays
    /// with `run` to the same output.
    var showsCountOnLoad = true
    private var isLoading = false

    public func sceneDidLoad() {
        isLoading = true
        interactor?.start()
        isLoading = false
    }

    public func sceneWillAppear() {
        shownAsGrid = false
        interactor?.applyChangedIndex()
        if shownAsGrid { effects.finishBeforeCommandEnds { [self] in try? await showSheet(.current) } }
    }

    public func stateFields() -> [StateField] {
        guard let store = router?.dataStore else { return [] }
        return [
            StateField("count", .int(store.count)),
            StateField("photos", .strings(store.photos.map(\.id))),
            StateField("page", .int(store.photos.isEmpty ? 0 : store.page + 1)),
            StateField("source", .string(sourceName)),
            StateField("layout", .string(settings.layout.rawValue)),
        ]
        // Present only when there is something to say: the sheet shown last, the feed paged through.
        + (store.sheet.map { [StateField("sheet", .int($0 + 1))] } ?? [])
        + (store.feedName.map { name in
            [StateField("feed", .object([StateField("name", .string(name)), StateField("pages", .int(store.feedPages)), StateField("more", .bool(store.feedHasMore))]))]
        } ?? [])
        + (store.rateLimit.map { limit in
            [StateField("ratelimit", .object([StateField("limit", .int(limit.limit)), StateField("remaining", .int(limit.remaining))]))]
        } ?? [])
    }

    public func positions(for command: String) -> [String] {
        let count = router?.dataStore?.photos.count ?? 0
        return (0..<count).map { String($0 + 1) }
    }

    // MARK: - Commands

    public static let commands: [Command<PhotoCollectionView>] = [
        Command(
            "count", arguments: [Argument("+|-|N", optional: true, completion: .words(["+", "-"]))],
            summary: "show how many photos to fetch, step it with + or -, or set it (0…30)", example: "count +"
        ) { view, arguments in
            try view.count(arguments.first)
        },
        Command("fetch", summary: "fetch 'count' photos (random ones, or a feed's first page), replacing the collection") { view, _ in
            try await view.interactor?.fetchPhotos(.init())
            try view.reportFailure()
            try await view.showSheetInGridLayout()
        },
        Command("list", summary: "show the collection again") { view, _ in
            try view.run { $0.listPhotos(.init()) }
            try await view.showSheetInGridLayout()
        },
        Command("grid", arguments: [ContactSheet.argument], summary: ContactSheet.summary, example: "grid next") { view, arguments in
            try await view.showSheet(try ContactSheet.which(arguments.first))
        },
        Command("layout", arguments: [BrowseSettings.argument], summary: BrowseSettings.summary, example: "layout grid") { view, arguments in
            try view.settings.set(arguments.first, telling: view.console)
        },
        Command(
            "search", arguments: [Argument("QUERY", repeated: true)],
            summary: "search the photos (--orientation landscape|portrait|squarish, --color COLOR)", example: "search misty forest --orientation landscape"
        ) { view, arguments in
            let query = try PhotoQueryParsing.parse(arguments)
            try view.run { $0.search(.init(query: query)) }
        },
        .staged(
            "page", arguments: [Argument("N", completion: .positions)],
            summary: "go to page N of the collection", example: "page 3",
            start: { view, arguments in
                let page = try TypedNumber.parse(arguments[0], naming: "page", for: "page")
                return try view.scroll(toPage: TypedNumber.row(ofPosition: page), typed: TypedNumber.typed(arguments[0]))
            }
        ),
        .staged("next", summary: "go to the next page", start: { view, _ in try view.step(by: 1) }),
        .staged("prev", summary: "go to the previous page", start: { view, _ in try view.step(by: -1) }),
        Command(
            "open", arguments: [Argument("N", optional: true, completion: .positions)],
            summary: "open photo N (default: the current page) in the detail scene", example: "open 2"
        ) { view, arguments in
            let row = try arguments.first.map { TypedNumber.row(ofPosition: try TypedNumber.parse($0, naming: "photo position", for: "open")) } ?? (view.pageControl?.currentPage ?? 0)
            try view.run { $0.selectPhoto(.init(row: row, typed: arguments.first.map(TypedNumber.typed))) }
        },
    ]

    private func count(_ argument: String?) throws {
        let change: PhotoCollection.Count.Request.Change
        switch argument {
        case nil: change = .show
        case "+": change = .increment
        case "-": change = .decrement
        case let text?:
            // A number past 64 bits is refused by the interactor as any number out of range is.
            guard let value = TypedNumber.saturated(text) else {
                throw CommandError("count takes +, - or a number 0…30, not '\(TypedNumber.typed(text))' (type e.g. 'count 5')")
            }
            change = .set(value, typed: TypedNumber.typed(text))
        }
        try run { $0.changeCount(.init(change: change)) }
    }

    private func step(by delta: Int) throws -> CommandRest? {
        guard let pageControl, pageControl.numberOfPages > 0 else {
            console.line("No photos yet: type 'fetch' first.")
            return nil
        }
        guard let target = pageControl.page(steppedBy: delta, telling: console) else { return nil }
        guard target < pageControl.numberOfPages else {
            // Past the last photo of a feed: its next page first, as the seed's scrolling did.
            let request = PhotoCollection.Page.Request(page: target, width: Self.pageWidth, pictureBox: display?.pixelBox(for: .page))
            return { [self] in
                await interactor?.loadMore(request)
                try reportFailure()
            }
        }
        return try scroll(toPage: target)
    }

    /// Whether the last listing was a sheet (in the grid layout, `fetch`, `list` and coming back
    /// show one).
    private var shownAsGrid = false

    private func showSheet(_ which: ContactSheet.Request.Which) async throws {
        await interactor?.showSheet(ContactSheet.Request(which, on: display))
        try reportFailure()
    }

    private func showSheetInGridLayout() async throws {
        guard settings.layout == .grid, shownAsGrid else { return }
        try await showSheet(.current)
    }

    /// Turns to `page` (its picture, when there is one, is an effect the command awaits).
    private func scroll(toPage page: Int, typed: String? = nil) throws -> CommandRest? {
        try run { $0.changeToPage(.init(page: page, width: Self.pageWidth, pictureBox: display?.pixelBox(for: .page), typed: typed)) }
        return nil
    }

    /// Sends a request and reports a failure the presenter displayed as this command's error.
    private func run(_ send: (PhotoCollectionBusinessLogic) throws -> Void) throws {
        guard let interactor else { return }
        try send(interactor)
        try reportFailure()
    }

    private func reportFailure() throws {
        if let failure {
            self.failure = nil
            throw failure
        }
    }

    // MARK: - Display logic

    public func displayCount(_ viewModel: PhotoCollection.Count.ViewModel) {
        if isLoading && !showsCountOnLoad { return console.transcriptOnly(viewModel.count) }
        console.line(viewModel.count)
    }

    public func displayPhotos(_ viewModel: PhotoCollection.Photos.ViewModel) {
        for note in viewModel.notes { console.line(note) }
        console.line(viewModel.headline)
        pageControl = viewModel.pageControl
        // The grid layout shows a sheet after the headline instead of the rows (the command that
        // listed them asks for it).
        shownAsGrid = settings.layout == .grid && !viewModel.photos.isEmpty
        guard !shownAsGrid else { return }
        console.writePhotoRows(viewModel.photos, currentRow: viewModel.currentRow)
        if let pageControl { console.writePageControl(pageControl) }
    }

    public func displayNotice(_ viewModel: PhotoCollection.Notice.ViewModel) {
        console.line(viewModel.message)
    }

    public func displayMore(_ viewModel: PhotoCollection.More.ViewModel) {
        for line in viewModel.lines { console.line(line) }
        pageControl?.hasMore = viewModel.hasMore
    }

    public func displaySheet(_ viewModel: ContactSheet.ViewModel) {
        console.writeSheet(viewModel, display: display)
    }

    public func displaySearch() {
        router?.routeToSearch()
    }

    public func displayPage(_ viewModel: PhotoCollection.Page.ViewModel) {
        console.show(viewModel.picture, at: .page, on: display)
        pageControl = viewModel.pageControl
        console.writePhotoRows([viewModel.photo], currentRow: 0)
        console.writePageControl(viewModel.pageControl)
    }

    public func displaySelectedPhoto(_ viewModel: PhotoCollection.Selection.ViewModel) {
        router?.routeToDetail()
    }

    public func displayFailure(_ viewModel: PhotoCollection.Failure.ViewModel) {
        failure = CommandError(viewModel.message)
    }
}
