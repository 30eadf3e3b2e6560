import PhotoDomain
import REPLEngine
import TerminalPictures

@MainActor
protocol PhotoSearchDisplayLogic: PhotoListDisplayLogic {
    func displayResults(_ viewModel: PhotoSearch.Results.ViewModel)
    func displaySearchFailure(_ viewModel: PhotoSearch.SearchFailure.ViewModel)
    func displayNoResults(_ viewModel: PhotoSearch.NoResults.ViewModel)
}

/// The search results scene's View: what `search QUERY` found, paged like the collection, each
/// result opened in a detail scene.
package final class PhotoSearchView: SceneView, PhotoSearchDisplayLogic, PhotoListShowing {
    package static let sceneName = "search"

    var interactor: PhotoSearchBusinessLogic?
    var router: (PhotoSearchDataPassing & PhotoSearchRoutingLogic)?
    let console: Console
    /// nil: this session shows no pictures.
    let display: PictureDisplay?
    let settings: BrowseSettings
    var listWording: PhotoList.Wording { PhotoSearchPresenter.wording }
    var pageControl: PageControl?
    var listInteractor: PhotoListBusinessLogic? { interactor }
    var listRouter: PhotoListRoutingLogic? { router }

    package var title: String { "search" }

    init(console: Console, display: PictureDisplay?, settings: BrowseSettings) {
        self.console = console
        self.display = display
        self.settings = settings
    }

    /// The scene, wired up: `worker` searches the source; `pictures` and `display` draw each page's
    /// photo and the contact sheets (nil: text only); `settings` is the session's layout.
    package static func module(
        worker: PhotoSearchWorker, pictures: PhotoPicturesWorker? = nil, display: PictureDisplay? = nil,
        settings: BrowseSettings = BrowseSettings()
    ) -> SceneModule {
        SceneModule(PhotoSearchView.self) { context in
            let view = PhotoSearchView(console: context.console, display: display, settings: settings)
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
    package func sceneDidLoad() {
        interactor?.searchPhotos(.init())
    }

    /// Back from a result: the results again, as the collection lists its photos again.
    package func sceneWillAppear() {
        interactor?.showResults(.init())
    }

    package func stateFields() -> [StateField] {
        guard let store = router?.dataStore else { return [] }
        let results = store.list
        return [
            StateField(
                "search",
                store.query.map { query in
                    .object([
                        StateField("query", .string(query.text)),
                        StateField("orientation", query.orientation.map { .string($0.rawValue) } ?? .null),
                        StateField("color", query.color.map { .string($0) } ?? .null)
                    ])
                } ?? .null),
            StateField("results", .strings(results.photos.map(\.id))),
            StateField("resultsPage", .int(results.photos.isEmpty ? 0 : results.page + 1)),
            StateField("resultsPagesLoaded", .int(results.pagesLoaded)),
            StateField("resultsTotal", results.total.map { .int($0) } ?? .null),
            StateField("resultsMore", .bool(results.hasMore))
        ] + (results.sheet.map { [StateField("resultsSheet", .int($0 + 1))] } ?? [])
    }

    package func positions(for command: String) -> [String] {
        (0..<(router?.dataStore?.list.photos.count ?? 0)).map { String($0 + 1) }
    }

    /// `open NAME`: the photos' file names.
    package func names(for command: String) -> [String] {
        command == "open" ? router?.dataStore?.list.typedNames ?? [] : []
    }

    // MARK: - Commands

    package static let commands: [Command<PhotoSearchView>] = [
        Command("show", summary: "show the results again (as a contact sheet in the grid layout)") { view, _ in
            view.interactor?.showResults(.init())
        },
        Command(
            "search", arguments: [Argument("QUERY", completion: PhotoQueryParsing.completion, repeated: true)],
            summary: "search again: new results replace these (--orientation landscape|portrait|squarish, --color COLOR)",
            example: "search harbour at night"
        ) { view, arguments in
            view.interactor?.searchPhotos(.init(query: try PhotoQueryParsing.parse(arguments)))
        },
        PhotoListCommands.page(PhotoSearchView.self, summary: "go to page N of the results", example: "page 2"),
        PhotoListCommands.next(PhotoSearchView.self, summary: "go to the next result (past the last one loaded: load more)"),
        PhotoListCommands.prev(PhotoSearchView.self, summary: "go to the previous result"),
        PhotoListCommands.grid(PhotoSearchView.self, example: "grid next"),
        PhotoListCommands.layout(PhotoSearchView.self),
        PhotoListCommands.open(
            PhotoSearchView.self, summary: "open result N, or the one named NAME, in a detail scene (default: the current page)",
            example: "open 1")
    ]

    // MARK: - Display logic

    func displayResults(_ viewModel: PhotoSearch.Results.ViewModel) {
        for note in viewModel.notes { console.writeLine(note) }
        console.writeLine(viewModel.headline)
        displayRows(viewModel.rows, below: viewModel.notes + [viewModel.headline])
    }

    func displaySearchFailure(_ viewModel: PhotoSearch.SearchFailure.ViewModel) {
        console.writeLine(viewModel.message)
    }

    func displayNoResults(_ viewModel: PhotoSearch.NoResults.ViewModel) {
        console.writeLine(viewModel.message)
        if viewModel.goesBack { router?.routeBack() }
    }
}
