import PhotoDomain
import REPLEngine
import TerminalPictures

@MainActor
protocol PhotoCollectionDisplayLogic: AnyObject {
    func displayCount(_ viewModel: PhotoCollection.Count.ViewModel)
    func displayPhotos(_ viewModel: PhotoCollection.Photos.ViewModel)
    func displayNotice(_ viewModel: PhotoCollection.Notice.ViewModel)
    func displayFailure(_ viewModel: PhotoCollection.Failure.ViewModel) throws(CommandError)
    func displaySearch() throws(CommandError)
    func displayPage(_ viewModel: PhotoList.Page.ViewModel)
    func displayMore(_ viewModel: PhotoList.More.ViewModel)
    func displaySheet(_ viewModel: ContactSheet.ViewModel)
    func displaySelectedPhoto() throws(CommandError)
    func displayListFailure(_ viewModel: PhotoList.Failure.ViewModel) throws(CommandError)
    func displayFilters(_ viewModel: PhotoCollection.Filter.ViewModel)
    func displayPaths(_ viewModel: PhotoPaths.ViewModel) throws(CommandError)
    func displayFileAction(_ viewModel: PhotoFileActions.ViewModel) throws(CommandError)
}

/// The collection scene's View (the original's view controller): parses what was typed into
/// Requests, and lays ViewModels out as lines.
package final class PhotoCollectionView: SceneView, PhotoCollectionDisplayLogic {
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
    /// What the page control shows, as UIKit's page control keeps it.
    var pageControl: PageControl?
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
        photosAreFiles: Bool = false, judges: PhotoJudgingWorker? = nil, describer: PhotoDescribingWorker? = nil,
        acting: (any PhotoFileWorker)? = nil
    ) -> SceneModule {
        // Judging and acting on files are a folder's: elsewhere their commands would only refuse
        // (and take `re` from `record`, `pa` from `page`).
        let excluded = (judges == nil ? JudgementCommands.names : []).union(acting == nil ? ActionCommands.names : [])
        return SceneModule(PhotoCollectionView.self, excluding: excluded) { context in
            let presenter = PhotoCollectionPresenter(feedName: feed?.feedName, photosAreFiles: photosAreFiles)
            let view = PhotoCollectionView(
                console: context.console, display: display, settings: settings, listWording: presenter.listWording,
                sourceName: sourceName)
            view.showsCountOnLoad = showsCountOnLoad
            view.listsWhole = listing != nil
            let interactor = PhotoCollectionInteractor(
                worker: worker, feed: feed, listing: listing, pictures: pictures, judges: judges, describer: describer, acting: acting)
            interactor.effects = context.effects
            interactor.questions = context.questions
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
            + (store.order == nil
                ? []
                : [
                    StateField(
                        "filters",
                        .list(
                            store.filters.map {
                                .object([StateField("key", .string($0.key.rawValue)), StateField("value", .string($0.value))])
                            }))
                ])
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
    package var helpOrder: [String] {
        listsWhole
            ? [
                "open", "next", "prev", "page", "list", "grid", "layout", "sort", "filter", "rate", "reject", "label", "keyword", "mark",
                "unmark", "undo", "paths", "copy", "move", "rename", "trash", "search"
            ] : []
    }

    package func positions(for command: String) -> [String] {
        let count = router?.dataStore?.list.photos.count ?? 0
        return (0..<count).map { String($0 + 1) }
    }

    /// `open NAME`: the photos' file names.
    package func names(for command: String) -> [String] {
        command == "open" ? router?.dataStore?.list.typedNames ?? [] : []
    }

    // MARK: - Commands

    package static let commands: [Command<PhotoCollectionView>] =
        listCommands + JudgementCommands.commands(judging: "the current photo (▸)") + ActionCommands.commands(actingOn: "the list")

    /// The sample app's count and fetch, and the list's own.
    private static let listCommands: [Command<PhotoCollectionView>] = [
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
            try await view.interactor?.fetchPhotos(.init())
        },
        Command("list", summary: "show the collection again") { view, _ in
            view.interactor?.listPhotos(.init())
        },
        Command(
            "sort", arguments: [Argument("ORDER", optional: true, completion: .words(PhotoOrder.words))],
            summary: "order by name|taken|size|camera|iso|focal|rating",
            example: "sort taken"
        ) { view, arguments in
            try await view.sort(arguments.first)
        },
        Command(
            "filter",
            arguments: [
                Argument("KEY", optional: true, completion: .words(PhotoFilter.keys + ["clear"])),
                Argument("VALUE", optional: true, repeated: true)
            ],
            summary: "list only the photos that match (KEY: taken, camera, …; 'clear')",
            example: "filter taken 2024-06"
        ) { view, arguments in
            try await view.filter(Array(arguments))
        },
        Command(
            "mark", arguments: [Argument("N|all", completion: .positions, repeated: true)],
            summary: "mark photos of the list for this session: their positions, or all ('filter marked' lists them)",
            example: "mark 1 3"
        ) { view, arguments in
            try await view.interactor?.markPhotos(.init(positions: try view.positions(arguments, for: "mark"), marking: true))
        },
        Command(
            "unmark", arguments: [Argument("N|all", completion: .positions, repeated: true)],
            summary: "take photos of the list out of this session's marked ones: their positions, or all", example: "unmark all"
        ) { view, arguments in
            try await view.interactor?.markPhotos(.init(positions: try view.positions(arguments, for: "unmark"), marking: false))
        },
        Command(
            "grid", arguments: [ContactSheet.argument], summary: ContactSheet.summary, example: "grid next",
            repetition: .whenFirstArgument(in: ["next", "prev"])
        ) { view, arguments in
            view.interactor?.showSheet(ContactSheet.Request(try ContactSheet.which(arguments.first), on: view.display))
        },
        Command("layout", arguments: [BrowseSettings.argument], summary: BrowseSettings.summary, example: "layout grid") {
            view, arguments in
            try view.settings.set(arguments.first, telling: view.console)
        },
        Command(
            "search", arguments: [Argument("QUERY", completion: PhotoQueryParsing.completion, repeated: true)],
            summary: "search the photos (--orientation landscape|portrait|squarish, --color COLOR)",
            example: "search misty forest --orientation landscape"
        ) { view, arguments in
            try view.interactor?.search(.init(query: try PhotoQueryParsing.parse(arguments)))
        },
        // The engine refuses a word that is no whole number ("'two' is not a page: …"); the list
        // refuses a number outside its pages.
        Command(
            "page", arguments: [.number("N", naming: "page", completion: .positions)], summary: "go to page N of the collection",
            example: "page 3"
        ) {
            view, arguments in
            // The engine checked the word is a whole number; a test driving the command itself may not.
            guard let page = arguments.number(at: 0) else {
                throw CommandError("page takes a number (type e.g. 'page 3')", kind: .usage)
            }
            try view.turnPage(to: TypedNumber.row(ofPosition: page), typed: TypedNumber.typed(arguments[0]))
        },
        Command("next", summary: "show the next photo (in the grid layout, the next sheet)", repetition: .always) { view, _ in
            try view.step(by: 1)
        },
        Command("prev", summary: "show the previous photo (in the grid layout, the previous sheet)", repetition: .always) { view, _ in
            try view.step(by: -1)
        },
        Command(
            "open", arguments: [Argument("N|NAME", optional: true, completion: .positions)],
            summary: "open photo N, or the one named NAME (a file name), in the detail scene (default: the current page)",
            example: "open 2"
        ) { view, arguments in
            try view.interactor?.selectPhoto(PhotoList.Selection.Request(typed: arguments.first))
        }
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
        try interactor?.changeCount(.init(change: change))
    }

    private func sort(_ argument: String?) async throws {
        var order: PhotoOrder?
        if let argument {
            guard let chosen = PhotoOrder(word: argument) else {
                let shown = TerminalText.truncate(TerminalText.oneLine(argument), toWidth: 40)
                let orders = PhotoOrder.words.dropLast().joined(separator: ", ") + " or " + (PhotoOrder.words.last ?? "")
                if let meant = Suggestion.closest(to: argument, among: PhotoOrder.words + ["date"]) {
                    throw CommandError("sort takes \(orders), not '\(shown)': did you mean 'sort \(meant)'?")
                }
                throw CommandError("sort takes \(orders), not '\(shown)' (type e.g. 'sort taken')")
            }
            order = chosen
        }
        try await interactor?.sortPhotos(.init(order: order))
    }

    /// The 0-based positions `mark` and `unmark` name (nil: `all`), each checked against the list.
    private func positions(_ words: Arguments, for command: String) throws -> [Int]? {
        if words.count == 1, words[0].lowercased() == "all" { return nil }
        let count = router?.dataStore?.list.photos.count ?? 0
        return try words.map { word in
            guard let position = WholeNumber.saturated(word), (1...max(count, 1)).contains(position), count > 0 else {
                let shown = TerminalText.truncate(TerminalText.oneLine(word), toWidth: 40)
                throw CommandError(
                    count == 0
                        ? "there are no photos to \(command) yet (list the folder first)"
                        : "\(command) takes positions 1…\(count) or 'all', not '\(shown)' (type e.g. '\(command) 1 3' or '\(command) all')",
                    kind: .usage)
            }
            return position - 1
        }
    }

    /// `filter`, `filter clear`, `filter KEY VALUE…` (the value's words joined: `place near 44.8,34.9 10`).
    private func filter(_ words: [String]) async throws {
        guard let key = words.first else { return try await interactor?.filterPhotos(.init(change: .show)) ?? () }
        if key.lowercased() == "clear", words.count == 1 { return try await interactor?.filterPhotos(.init(change: .clear)) ?? () }
        guard words.count > 1 || PhotoFilter.Key(rawValue: key.lowercased())?.takesNoValue == true else {
            let shown = TerminalText.truncate(TerminalText.oneLine(key), toWidth: 40)
            throw CommandError(
                "filter \(shown) needs a value (type e.g. 'filter camera canon', 'filter taken 2024-06' or 'filter iso >=800')")
        }
        let filter: PhotoFilter
        do {
            filter = try PhotoFilter.parse(key: key, value: words.dropFirst().joined(separator: " "))
        } catch {
            throw CommandError(TerminalText.oneLine(error.message))
        }
        try await interactor?.filterPhotos(.init(change: .add(filter)))
    }

    /// Turns the page as the seed's collection view scrolls: to its offset, one page a window wide.
    private func turnPage(to page: Int, typed: String?) throws(CommandError) {
        try interactor?.changeToPage(
            PhotoCollection.Page.Request(page: page, width: Self.pageWidth, pictureBox: display?.pixelBox(for: .page), typed: typed))
    }

    /// `next` and `prev`. A page control does not scroll past its ends: it stays, and says so; one
    /// past the last photo of a feed loads its next page. In the grid layout they turn the sheets,
    /// from the one shown (`grid next`, `grid prev`).
    private func step(by delta: Int) throws(CommandError) {
        if settings.layout == .grid, let pageControl, pageControl.numberOfPages > 0 {
            return interactor?.showSheet(ContactSheet.Request(delta > 0 ? .next : .previous, on: display)) ?? ()
        }
        guard let pageControl, pageControl.numberOfPages > 0 else { return console.writeLine(listWording.nothingToPage) }
        guard let target = pageControl.page(steppedBy: delta, telling: console) else { return }
        try turnPage(to: target, typed: nil)
    }

    // MARK: - Display logic

    func displayCount(_ viewModel: PhotoCollection.Count.ViewModel) {
        if isLoading && showsCountOnLoad == .none { return }
        if isLoading && showsCountOnLoad == .transcriptOnly { return console.writeToTranscriptOnly(viewModel.count) }
        console.writeLine(viewModel.count)
    }

    /// The notes and headline, then the rows; in the grid layout, the current contact sheet instead
    /// of the rows. The rows leave the lines above them on screen in a small window.
    func displayPhotos(_ viewModel: PhotoCollection.Photos.ViewModel) {
        for note in viewModel.notes { console.writeLine(note) }
        if let headline = viewModel.headline { console.writeLine(headline) }
        if let filterLine = viewModel.filterLine { console.writeLine(filterLine) }
        pageControl = viewModel.rows.pageControl
        if settings.layout == .grid && !viewModel.rows.photos.isEmpty {
            return interactor?.showSheet(.listing(on: display)) ?? ()
        }
        let above = viewModel.notes + (viewModel.headline.map { [$0] } ?? []) + (viewModel.filterLine.map { [$0] } ?? [])
        console.writeRows(viewModel.rows, linesAbove: console.terminalLines(above))
    }

    func displayFilters(_ viewModel: PhotoCollection.Filter.ViewModel) {
        for line in viewModel.lines { console.writeLine(line) }
    }

    func displayNotice(_ viewModel: PhotoCollection.Notice.ViewModel) {
        console.writeLine(viewModel.message)
    }

    func displaySearch() throws(CommandError) {
        try router?.routeToSearch()
    }

    func displayFailure(_ viewModel: PhotoCollection.Failure.ViewModel) throws(CommandError) {
        throw CommandError(viewModel.message)
    }

    func displayPage(_ viewModel: PhotoList.Page.ViewModel) {
        pageControl = viewModel.pageControl
        console.writePage(viewModel, on: display)
    }

    func displayMore(_ viewModel: PhotoList.More.ViewModel) {
        for line in viewModel.lines { console.writeLine(line) }
        pageControl = viewModel.pageControl
    }

    func displaySheet(_ viewModel: ContactSheet.ViewModel) {
        console.writeSheet(viewModel, display: display)
    }

    func displaySelectedPhoto() throws(CommandError) {
        try router?.routeToDetail()
    }

    func displayListFailure(_ viewModel: PhotoList.Failure.ViewModel) throws(CommandError) {
        throw CommandError(viewModel.message)
    }

    func displayPaths(_ viewModel: PhotoPaths.ViewModel) throws(CommandError) {
        try console.show(viewModel)
    }

    func displayFileAction(_ viewModel: PhotoFileActions.ViewModel) throws(CommandError) {
        try console.show(viewModel)
    }
}

/// `rate`, `reject`, `label`, `keyword` and `undo` judge the list's current photo, the grid's too.
extension PhotoCollectionView: JudgingView {
    func judge(_ change: JudgementChange, sharedToo: Bool) async throws(CommandError) {
        try await interactor?.judgeCurrentPhoto(.init(change: change, sharedToo: sharedToo))
    }

    func undoJudgement() async throws(CommandError) {
        try await interactor?.undoJudgement()
    }
}

/// `paths` and `copy` act on the list's photos (after its filters).
extension PhotoCollectionView: ActingView {
    func listPaths(_ request: PhotoPaths.Request) async throws(CommandError) {
        try await interactor?.listPaths(request)
    }

    func actOnFiles(_ request: PhotoFileActions.Request) async throws(CommandError) {
        try await interactor?.actOnFiles(request)
    }
}
