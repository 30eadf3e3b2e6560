import PhotoDomain
import REPLEngine
import TerminalPictures

@MainActor
protocol PhotoCollectionDisplayLogic: PhotoListDisplayLogic {
    func displayCount(_ viewModel: PhotoCollection.Count.ViewModel)
    func displayPhotos(_ viewModel: PhotoCollection.Photos.ViewModel)
    func displayNotice(_ viewModel: PhotoCollection.Notice.ViewModel)
    func displayFailure(_ viewModel: PhotoCollection.Failure.ViewModel)
    func displaySearch()
}

/// The collection scene's View (the original's view controller): parses what was typed into
/// Requests, and lays ViewModels out as lines.
package final class PhotoCollectionView: SceneView, PhotoCollectionDisplayLogic, PhotoListShowing {
    package static let sceneName = "collection"
    /// One page of the collection is one terminal line wide; paging turns a page into an offset.
    static let pageWidth = 80.0

    var interactor: PhotoCollectionBusinessLogic?
    var router: (PhotoCollectionRoutingLogic & PhotoCollectionDataPassing)?
    let console: Console
    /// nil: this session shows no pictures.
    let display: PictureDisplay?
    let settings: BrowseSettings
    let listWording: PhotoList.Wording
    var pageControl: PageControl?
    var listInteractor: PhotoListBusinessLogic? { interactor }
    var listRouter: PhotoListRoutingLogic? { router }
    /// The source's name for `state`: embedded, folder or unsplash.
    private let sourceName: String

    package var title: String { "photos" }

    init(console: Console, display: PictureDisplay?, settings: BrowseSettings, listWording: PhotoList.Wording, sourceName: String) {
        self.console = console
        self.display = display
        self.settings = settings
        self.listWording = listWording
        self.sourceName = sourceName
    }

    /// The scene with its interactor, presenter and router wired up, and the workers injected:
    /// `pictures` and `display` draw each page's photo as the page changes (nil: text only).
    package static func module(
        worker: PhotosWorker, sourceName: String = "embedded", pictures: PhotoPicturesWorker? = nil, display: PictureDisplay? = nil,
        showsCountOnLoad: CountOnLoad = .shown, feed: PhotoFeedWorker? = nil, listing: PhotoListingWorker? = nil,
        settings: BrowseSettings = BrowseSettings(),
        photosAreFiles: Bool = false
    ) -> SceneModule {
        SceneModule(PhotoCollectionView.self) { context in
            let presenter = PhotoCollectionPresenter(feedName: feed?.feedName, photosAreFiles: photosAreFiles)
            let view = PhotoCollectionView(
                console: context.console, display: display, settings: settings, listWording: presenter.listWording,
                sourceName: sourceName)
            view.showsCountOnLoad = showsCountOnLoad
            view.listsWhole = listing != nil
            let interactor = PhotoCollectionInteractor(worker: worker, feed: feed, listing: listing, pictures: pictures)
            interactor.effects = context.effects
            let router = PhotoCollectionRouter(navigator: context.navigator)
            view.interactor = interactor
            view.router = router
            interactor.presenter = presenter
            presenter.view = view
            router.dataStore = interactor
            return view
        }
    }

    /// Whether the count (0) is shown when the scene first appears, as the original app does.
    package enum CountOnLoad: Sendable {
        /// Shown, as the original app does (scripts, transcripts).
        case shown
        /// In the transcript only: an interactive session starts with its prompt, where a lone
        /// "count: 0" reads as stray output (`count` shows it); its transcript keeps the line, so
        /// that it replays with `run` to the same output.
        case transcriptOnly
        /// Nowhere: a folder listed whole, as a viewer lists it, has no count to speak of.
        case none
    }

    var showsCountOnLoad = CountOnLoad.shown
    /// Whether the collection lists its source whole (a folder browsed as a viewer does): its help
    /// leads with what a viewer does, the sample app's count and fetch last.
    var listsWhole = false
    private var isLoading = false

    package func sceneDidLoad() {
        isLoading = true
        interactor?.start()
        isLoading = false
    }

    package func sceneWillAppear() {
        interactor?.applyChangedIndex()
    }

    package func stateFields() -> [StateField] {
        guard let store = router?.dataStore else { return [] }
        let photos = store.list
        return [
            StateField("count", .int(store.count)),
            StateField("photos", .strings(photos.photos.map(\.id))),
            StateField("page", .int(photos.photos.isEmpty ? 0 : photos.page + 1)),
            StateField("source", .string(sourceName)),
            StateField("layout", .string(settings.layout.rawValue))
        ]
            // Present only when there is something to say: the sheet shown last, the feed paged through.
            + (photos.sheet.map { [StateField("sheet", .int($0 + 1))] } ?? [])
            + (store.order.map { [StateField("sort", .string($0.rawValue))] } ?? [])
            + (store.feedName.map { name in
                [
                    StateField(
                        "feed",
                        .object([
                            StateField("name", .string(name)), StateField("pages", .int(photos.pagesLoaded)),
                            StateField("more", .bool(photos.hasMore))
                        ]))
                ]
            } ?? [])
            + (store.rateLimit.map { limit in
                [StateField("ratelimit", .object([StateField("limit", .int(limit.limit)), StateField("remaining", .int(limit.remaining))]))]
            } ?? [])
    }

    /// A folder listed whole: `help` leads with what a viewer does, the sample app's count and fetch last.
    package var helpOrder: [String] { listsWhole ? ["open", "next", "prev", "page", "list", "grid", "layout", "sort", "search"] : [] }

    package func positions(for command: String) -> [String] {
        let count = router?.dataStore?.list.photos.count ?? 0
        return (0..<count).map { String($0 + 1) }
    }

    /// `open NAME`: the photos' file names.
    package func names(for command: String) -> [String] {
        command == "open" ? router?.dataStore?.list.typedNames ?? [] : []
    }

    // MARK: - Commands

    package static let commands: [Command<PhotoCollectionView>] = [
        Command(
            "count", arguments: [Argument("+|-|N", optional: true, completion: .words(["+", "-"]))],
            summary: "show how many photos to fetch, step it with + or -, or set it (0…30)", example: "count +"
        ) { view, arguments in
            try view.count(arguments.first)
        },
        Command(
            "fetch",
            summary:
                "fetch 'count' photos (random ones, or a feed's first page; a folder listed whole: all of it again, with the count at 0), replacing the collection"
        ) { view, _ in
            await view.interactor?.fetchPhotos(.init())
        },
        Command("list", summary: "show the collection again") { view, _ in
            view.interactor?.listPhotos(.init())
        },
        Command(
            "sort", arguments: [Argument("name|date|size", optional: true, completion: .words(PhotoOrder.allCases.map(\.rawValue)))],
            summary: "list the folder whole again by name, by date (EXIF, oldest first) or by size (largest first)", example: "sort date"
        ) { view, arguments in
            try await view.sort(arguments.first)
        },
        PhotoListCommands.grid(PhotoCollectionView.self, example: "grid next"),
        PhotoListCommands.layout(PhotoCollectionView.self),
        Command(
            "search", arguments: [Argument("QUERY", completion: PhotoQueryParsing.completion, repeated: true)],
            summary: "search the photos (--orientation landscape|portrait|squarish, --color COLOR)",
            example: "search misty forest --orientation landscape"
        ) { view, arguments in
            view.interactor?.search(.init(query: try PhotoQueryParsing.parse(arguments)))
        },
        PhotoListCommands.page(PhotoCollectionView.self, summary: "go to page N of the collection", example: "page 3"),
        PhotoListCommands.next(PhotoCollectionView.self, summary: "show the next photo (in the grid layout, the next sheet)"),
        PhotoListCommands.prev(PhotoCollectionView.self, summary: "show the previous photo (in the grid layout, the previous sheet)"),
        PhotoListCommands.open(
            PhotoCollectionView.self,
            summary: "open photo N, or the one named NAME (a file name), in the detail scene (default: the current page)", example: "open 2"
        )
    ]

    private func count(_ argument: String?) throws {
        let change: PhotoCollection.Count.Request.Change
        switch argument {
        case nil: change = .show
        case "+": change = .increment
        case "-": change = .decrement
        case let text?:
            // A number past 64 bits is refused by the interactor as any number out of range is.
            guard let value = WholeNumber.saturated(text) else {
                throw CommandError("count takes +, - or a number 0…30, not '\(TypedNumber.typed(text))' (type e.g. 'count 5')")
            }
            change = .set(value, typed: TypedNumber.typed(text))
        }
        interactor?.changeCount(.init(change: change))
    }

    private func sort(_ argument: String?) async throws {
        var order: PhotoOrder?
        if let argument {
            guard let chosen = PhotoOrder(rawValue: argument.lowercased()) else {
                let shown = TerminalText.truncate(TerminalText.oneLine(argument), toWidth: 40)
                if let meant = Suggestion.closest(to: argument, among: PhotoOrder.allCases.map(\.rawValue)) {
                    throw CommandError("sort takes name, date or size, not '\(shown)': did you mean 'sort \(meant)'?")
                }
                throw CommandError("sort takes name, date or size, not '\(shown)' (type e.g. 'sort date')")
            }
            order = chosen
        }
        await interactor?.sortPhotos(.init(order: order))
    }

    /// Turns the page as the seed's collection view scrolls: to its offset, one page a window wide.
    func turnList(toPage page: Int, typed: String?) {
        interactor?.changeToPage(
            PhotoCollection.Page.Request(page: page, width: Self.pageWidth, pictureBox: display?.pixelBox(for: .page), typed: typed))
    }

    // MARK: - Display logic

    func displayCount(_ viewModel: PhotoCollection.Count.ViewModel) {
        if isLoading && showsCountOnLoad == .none { return }
        if isLoading && showsCountOnLoad == .transcriptOnly { return console.writeToTranscriptOnly(viewModel.count) }
        console.writeLine(viewModel.count)
    }

    func displayPhotos(_ viewModel: PhotoCollection.Photos.ViewModel) {
        for note in viewModel.notes { console.writeLine(note) }
        if let headline = viewModel.headline { console.writeLine(headline) }
        displayRows(viewModel.rows, below: viewModel.notes + (viewModel.headline.map { [$0] } ?? []))
    }

    func displayNotice(_ viewModel: PhotoCollection.Notice.ViewModel) {
        console.writeLine(viewModel.message)
    }

    func displaySearch() {
        router?.routeToSearch()
    }

    func displayFailure(_ viewModel: PhotoCollection.Failure.ViewModel) {
        console.fail(viewModel.message)
    }
}
