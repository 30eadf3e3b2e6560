import PhotoDomain
import REPLEngine
import TerminalPictures

@MainActor
public protocol PhotoSearchDisplayLogic: AnyObject {
    func displayResults(_ viewModel: PhotoSearch.Results.ViewModel)
    func displaySearchFailure(_ viewModel: PhotoSearch.SearchFailure.ViewModel)
    func displayPage(_ viewModel: PhotoSearch.Page.ViewModel)
    func displayMore(_ viewModel: PhotoSearch.More.ViewModel)
    func displaySheet(_ viewModel: ContactSheet.ViewModel)
    func displaySelectedPhoto()
    func displayFailure(_ viewModel: PhotoSearch.Failure.ViewModel)
}

/// The search results scene's View: what `search QUERY` found, paged like the collection, each
/// result opened in a detail scene.
public final class PhotoSearchView: SceneView, PhotoSearchDisplayLogic {
    public static let sceneName = "search"

    var interactor: PhotoSearchBusinessLogic?
    var router: (PhotoSearchRoutingLogic & PhotoSearchDataPassing)?
    private let console: Console
    private let effects: any SceneEffects
    /// nil: this session shows no pictures.
    private let display: PictureDisplay?
    private let settings: BrowseSettings
    private var pageControl: PageControl?
    /// Set by `displayFailure`; the command that caused it reports it.
    private var failure: CommandError?

    public var title: String { "search" }

    init(console: Console, effects: any SceneEffects, display: PictureDisplay?, settings: BrowseSettings) {
        self.console = console
        self.effects = effects
        self.display = display
        self.settings = settings
    }

    /// The scene, wired up: `worker` searches the source; `pictures` and `display` draw each page's
    /// photo and the contact sheets (nil: text only); `settings` is the session's layout.
    public static func module(worker: PhotoSearchWorker, pictures: PhotoPicturesWorker? = nil, display: PictureDisplay? = nil,
                              settings: BrowseSettings = BrowseSettings()) -> SceneModule {
        SceneModule(PhotoSearchView.self) { context in
            let view = PhotoSearchView(console: context.console, effects: context.effects, display: display, settings: settings)
            let interactor = PhotoSearchInteractor(worker: worker, pictures: pictures)
            interactor.effects = context.effects
            let presenter = PhotoSearchPresenter()
            let router = PhotoSearchRouter(navigator: context.navigator)
            view.interactor = interactor
            view.router = router
            interactor.presenter = presenter
            presenter.view = view
            router.dataStore = interactor
            return view
        }
    }

    /// The search runs as the scene appears: the `search` that pushed it ends when the results are
    /// shown (or it says why not).
    public func sceneDidLoad() {
        effects.finishBeforeCommandEnds { [self] in await showResults() }
    }

    /// Back from a result: the results again, as the collection lists its photos again.
    public func sceneWillAppear() {
        effects.finishBeforeCommandEnds { [self] in await interactor?.showResults(.init()); try? await showSheetInGridLayout() }
    }

    public func stateFields() -> [StateField] {
        guard let store = router?.dataStore else { return [] }
        return [
            StateField("search", store.query.map { query in
                .object([
                    StateField("query", .string(query.text)),
                    StateField("orientation", query.orientation.map { .string($0.rawValue) } ?? .null),
                    StateField("color", query.color.map { .string($0) } ?? .null),
                ])
            } ?? .null),
            StateField("results", .strings(store.photos.map(\.id))),
            StateField("resultsPage", .int(store.photos.isEmpty ? 0 : store.page + 1)),
            StateField("resultsPagesLoaded", .int(store.pagesLoaded)),
            StateField("resultsTotal", store.total.map { .int($0) } ?? .null),
            StateField("resultsMore", .bool(store.hasMore)),
        ] + (store.sheet.map { [StateField("resultsSheet", .int($0 + 1))] } ?? [])
    }

    public func positions(for command: String) -> [String] {
        (0..<(router?.dataStore?.photos.count ?? 0)).map { String($0 + 1) }
    }

    // MARK: - Commands

    public static let commands: [Command<PhotoSearchView>] = [
        Command("show", summary: "show the results again (as a contact sheet in the grid layout)") { view, _ in
            await view.showResults()
        },
        Command(
            "page", arguments: [Argument("N", completion: .positions)],
            summary: "go to page N of the results", example: "page 2"
        ) { view, arguments in
            try await view.scroll(toPage: TypedNumber.row(ofPosition: try TypedNumber.parse(arguments[0], naming: "page", for: "page")),
                                  typed: TypedNumber.typed(arguments[0]))
        },
        Command("next", summary: "go to the next result (past the last one loaded: load more)") { view, _ in
            try await view.step(by: 1)
        },
        Command("prev", summary: "go to the previous result") { view, _ in
            try await view.step(by: -1)
        },
        Command("grid", arguments: [ContactSheet.argument], summary: ContactSheet.summary, example: "grid next") { view, arguments in
            try await view.showSheet(try ContactSheet.which(arguments.first))
        },
        Command("layout", arguments: [BrowseSettings.argument], summary: BrowseSettings.summary, example: "layout grid") { view, arguments in
            try view.settings.set(arguments.first, telling: view.console)
        },
        Command(
            "open", arguments: [Argument("N", optional: true, completion: .positions)],
            summary: "open result N (default: the current page) in a detail scene", example: "open 1"
        ) { view, arguments in
            let row = try arguments.first.map { TypedNumber.row(ofPosition: try TypedNumber.parse($0, naming: "result position", for: "open")) } ?? (view.pageControl?.currentPage ?? 0)
            view.interactor?.selectPhoto(.init(row: row, typed: arguments.first.map(TypedNumber.typed)))
            try view.reportFailure()
        },
    ]

    private func showResults() async {
        await interactor?.showResults(.init())
        try? await showSheetInGridLayout()
    }

    private func step(by delta: Int) async throws {
        guard let pageControl, pageControl.numberOfPages > 0 else {
            console.line("No results to page through: type 'back'.")
            return
        }
        guard let target = pageControl.page(steppedBy: delta, telling: console) else { return }
        try await scroll(toPage: target)
    }

    /// Turns to `page`; one past the last result loaded, when more follow, loads them first.
    private func scroll(toPage page: Int, typed: String? = nil) async throws {
        let request = PhotoSearch.Page.Request(page: page, pictureBox: display?.pixelBox(for: .page), typed: typed)
        if let pageControl, page == pageControl.numberOfPages, pageControl.hasMore {
            await interactor?.loadMore(request)
        } else {
            interactor?.changeToPage(request)
        }
        try reportFailure()
    }

    /// Whether the last listing was a sheet's headline only (the grid layout).
    private var shownAsGrid = false

    private func showSheet(_ which: ContactSheet.Request.Which) async throws {
        await interactor?.showSheet(ContactSheet.Request(which, on: display))
        try reportFailure()
    }

    private func showSheetInGridLayout() async throws {
        guard shownAsGrid else { return }
        try await showSheet(.current)
    }

    private func reportFailure() throws {
        if let failure {
            self.failure = nil
            throw failure
        }
    }

    // MARK: - Display logic

    public func displayResults(_ viewModel: PhotoSearch.Results.ViewModel) {
        for note in viewModel.notes { console.line(note) }
        console.line(viewModel.headline)
        pageControl = viewModel.pageControl
        shownAsGrid = settings.layout == .grid && !viewModel.photos.isEmpty
        guard !shownAsGrid else { return }
        console.writePhotoRows(viewModel.photos, currentRow: viewModel.currentRow)
        if let pageControl { console.writePageControl(pageControl) }
    }

    public func displaySearchFailure(_ viewModel: PhotoSearch.SearchFailure.ViewModel) {
        shownAsGrid = false
        console.line(viewModel.message)
    }

    public func displayPage(_ viewModel: PhotoSearch.Page.ViewModel) {
        console.show(viewModel.picture, at: .page, on: display)
        pageControl = viewModel.pageControl
        console.writePhotoRows([viewModel.photo], currentRow: 0)
        console.writePageControl(viewModel.pageControl)
    }

    public func displayMore(_ viewModel: PhotoSearch.More.ViewModel) {
        for line in viewModel.lines { console.line(line) }
        pageControl?.hasMore = viewModel.hasMore
    }

    public func displaySheet(_ viewModel: ContactSheet.ViewModel) {
        console.writeSheet(viewModel, display: display)
    }

    public func displaySelectedPhoto() {
        router?.routeToDetail()
    }

    public func displayFailure(_ viewModel: PhotoSearch.Failure.ViewModel) {
        failure = CommandError(viewModel.message)
    }
}
