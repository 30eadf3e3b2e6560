import PhotoDomain
import REPLEngine
import TerminalPictures

@MainActor
protocol FoundPhotosDisplayLogic: AnyObject {
    func displayPhotos(_ viewModel: FoundPhotos.Show.ViewModel)
    func displayNoResults(_ viewModel: FoundPhotos.NoResults.ViewModel) throws(CommandError)
    func displayLoadFailure(_ viewModel: FoundPhotos.LoadFailure.ViewModel)
    func displayPage(_ viewModel: PhotoList.Page.ViewModel)
    func displayMore(_ viewModel: PhotoList.More.ViewModel)
    func displaySheet(_ viewModel: ContactSheet.ViewModel)
    func displaySelectedPhoto() throws(CommandError)
    func displayListFailure(_ viewModel: PhotoList.Failure.ViewModel) throws(CommandError)
}

/// A photographer's photos (`author`) or what `search QUERY` found (`search`): one scene, paged like
/// the collection, each photo opened in a detail scene. `Finder` says which (`ByPhotographer`,
/// `BySearch`); with it, the scene's name, its words, its state and what its commands say.
package final class FoundPhotosView<Finder: PhotoFinder>: SceneView, FoundPhotosDisplayLogic {
    package static var sceneName: String { Finder.foundBy.sceneName }

    var interactor: FoundPhotosBusinessLogic?
    var router: (FoundPhotosRoutingLogic & FoundPhotosDataPassing)?
    let console: Console
    /// nil: this session shows no pictures.
    let display: PictureDisplay?
    /// The session's layout of lists (`layout`), shared by every scene that lists photos.
    let settings: BrowseSettings
    /// What the page control shows, as UIKit's page control keeps it.
    var pageControl: PageControl?

    package var title: String { Finder.foundBy.sceneName }

    init(console: Console, display: PictureDisplay?, settings: BrowseSettings) {
        self.console = console
        self.display = display
        self.settings = settings
    }

    /// The scene, wired up: `finding` finds the photos; `pictures` and `display` draw each page's
    /// photo and the contact sheets (nil: text only); `settings` is the session's layout.
    static func module(
        finding: FoundPhotosInteractor.Finding, pictures: PhotoPicturesWorker?, display: PictureDisplay?, settings: BrowseSettings
    ) -> SceneModule {
        SceneModule(FoundPhotosView.self) { context in
            let view = FoundPhotosView(console: context.console, display: display, settings: settings)
            let interactor = FoundPhotosInteractor(finding: finding, pictures: pictures)
            interactor.effects = context.effects
            let presenter = FoundPhotosPresenter(wording: Finder.foundBy.wording)
            let router = FoundPhotosRouter(navigator: context.navigator, detailOrigin: Finder.foundBy.detailOrigin)
            view.interactor = interactor
            view.router = router
            interactor.presenter = presenter
            presenter.view = view
            router.dataStore = interactor
            return view
        }
    }

    /// The photos are asked for as the scene appears: the `author` or `search` that pushed it ends
    /// when they are shown (or it says why not).
    package func sceneDidLoad() {
        interactor?.findPhotos(.init())
    }

    /// Back from one of the photos: the photos found again, as the collection lists its photos again.
    package func sceneWillAppear() {
        interactor?.showPhotos(.init())
    }

    package func stateFields() -> [StateField] {
        guard let store = router?.dataStore else { return [] }
        return Finder.foundBy.stateFields(of: store)
    }

    package func positions(for command: String) -> [String] {
        (0..<(router?.dataStore?.list.photos.count ?? 0)).map { String($0 + 1) }
    }

    /// `open NAME`: the photos' file names.
    package func names(for command: String) -> [String] {
        command == "open" ? router?.dataStore?.list.typedNames ?? [] : []
    }

    // MARK: - Commands

    package static var commands: [Command<FoundPhotosView>] {
        let says = Finder.foundBy.summaries
        return [
            Command("show", summary: says.show) { view, _ in
                view.interactor?.showPhotos(.init())
            }
        ] + (Finder.foundBy == .query ? [searchCommand] : []) + [
            // The engine refuses a word that is no whole number ("'two' is not a page: …"); the list
            // refuses a number outside its pages.
            Command("page", arguments: [.number("N", naming: "page", completion: .positions)], summary: says.page, example: "page 2") {
                view, arguments in
                // The engine checked the word is a whole number; a test driving the command itself may not.
                guard let page = arguments.number(at: 0) else {
                    throw CommandError("page takes a number (type e.g. 'page 2')", kind: .usage)
                }
                try view.turnPage(to: TypedNumber.row(ofPosition: page), typed: TypedNumber.typed(arguments[0]))
            },
            Command("next", summary: says.next, repetition: .always) { view, _ in
                try view.step(by: 1)
            },
            Command("prev", summary: says.prev, repetition: .always) { view, _ in
                try view.step(by: -1)
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
            Command("open", arguments: [Argument("N|NAME", optional: true, completion: .positions)], summary: says.open, example: "open 1")
            {
                view, arguments in
                try view.interactor?.selectPhoto(PhotoList.Selection.Request(typed: arguments.first))
            }
        ]
    }

    /// `search QUERY` in the results: a new search, whose results replace these when it finds some.
    private static var searchCommand: Command<FoundPhotosView> {
        Command(
            "search", arguments: [Argument("QUERY", completion: PhotoQueryParsing.completion, repeated: true)],
            summary: "search again: new results replace these (--orientation landscape|portrait|squarish, --color COLOR)",
            example: "search harbour at night"
        ) { view, arguments in
            view.interactor?.findPhotos(.init(query: try PhotoQueryParsing.parse(arguments)))
        }
    }

    private func turnPage(to page: Int, typed: String?) throws(CommandError) {
        try interactor?.changeToPage(PhotoList.Page.Request(page: page, pictureBox: display?.pixelBox(for: .page), typed: typed))
    }

    /// `next` and `prev`. A page control does not scroll past its ends: it stays, and says so; one
    /// past the last result loaded, where there are more, loads them. In the grid layout they turn
    /// the sheets, from the one shown (`grid next`, `grid prev`).
    private func step(by delta: Int) throws(CommandError) {
        if settings.layout == .grid, let pageControl, pageControl.numberOfPages > 0 {
            return interactor?.showSheet(ContactSheet.Request(delta > 0 ? .next : .previous, on: display)) ?? ()
        }
        guard let pageControl, pageControl.numberOfPages > 0 else { return console.writeLine(Finder.foundBy.wording.nothingToPage) }
        guard let target = pageControl.page(steppedBy: delta, telling: console) else { return }
        try turnPage(to: target, typed: nil)
    }

    // MARK: - Display logic

    /// The notes, the photographer and their profile, the headline, then the rows; in the grid
    /// layout, the current contact sheet instead of the rows.
    func displayPhotos(_ viewModel: FoundPhotos.Show.ViewModel) {
        for note in viewModel.notes { console.writeLine(note) }
        if let heading = viewModel.heading { console.writeLine(heading, style: .bold) }
        let fields = viewModel.fields
        console.writeFields(count: fields.count, label: { fields[$0].label }, value: { fields[$0].value })
        console.writeLine(viewModel.headline)
        pageControl = viewModel.rows.pageControl
        if settings.layout == .grid && !viewModel.rows.photos.isEmpty {
            return interactor?.showSheet(.listing(on: display)) ?? ()
        }
        // The rows leave the lines above them on screen in a small window.
        let above = viewModel.notes + (viewModel.heading.map { [$0] } ?? []) + fields.map(\.value) + [viewModel.headline]
        console.writeRows(viewModel.rows, linesAbove: console.terminalLines(above))
    }

    func displayNoResults(_ viewModel: FoundPhotos.NoResults.ViewModel) throws(CommandError) {
        console.writeLine(viewModel.message)
        if viewModel.goesBack { try router?.routeBack() }
    }

    func displayLoadFailure(_ viewModel: FoundPhotos.LoadFailure.ViewModel) {
        console.writeLine(viewModel.message)
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
}
