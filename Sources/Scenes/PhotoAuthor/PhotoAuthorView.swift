import PhotoDomain
import REPLEngine
import TerminalPictures

@MainActor
public protocol PhotoAuthorDisplayLogic: AnyObject {
    func displayPhotographer(_ viewModel: PhotoAuthor.Show.ViewModel)
    func displayLoadFailure(_ viewModel: PhotoAuthor.LoadFailure.ViewModel)
    func displayPage(_ viewModel: PhotoAuthor.Page.ViewModel)
    func displaySelectedPhoto()
    func displayFailure(_ viewModel: PhotoAuthor.Failure.ViewModel)
    func displaySheet(_ viewModel: ContactSheet.ViewModel)
}

/// The photographer scene's View: who took the photo, and their photos with a page control.
public final class PhotoAuthorView: SceneView, PhotoAuthorDisplayLogic {
    public static let sceneName = "author"

    var interactor: PhotoAuthorBusinessLogic?
    var router: (PhotoAuthorRoutingLogic & PhotoAuthorDataPassing)?
    private let console: Console
    private let effects: any SceneEffects
    /// nil: this session shows no pictures.
    private let display: PictureDisplay?
    private let settings: BrowseSettings
    private var pageControl: PageControl?
    /// Set by `displayFailure`; the command that caused it reports it.
    private var failure: CommandError?

    public var title: String { "author" }

    init(console: Console, effects: any SceneEffects, display: PictureDisplay?, settings: BrowseSettings) {
        self.console = console
        self.effects = effects
        self.display = display
        self.settings = settings
    }

    /// The scene, wired up: `worker` finds the photographer and their photos; `pictures` and
    /// `display` draw each page's photo (nil: text only).
    public static func module(worker: PhotographersWorker, pictures: PhotoPicturesWorker? = nil, display: PictureDisplay? = nil,
                              settings: BrowseSettings = BrowseSettings()) -> SceneModule {
        SceneModule(PhotoAuthorView.self) { context in
            let view = PhotoAuthorView(console: context.console, effects: context.effects, display: display, settings: settings)
            let interactor = PhotoAuthorInteractor(worker: worker, pictures: pictures)
            interactor.effects = context.effects
            let presenter = PhotoAuthorPresenter()
            let router = PhotoAuthorRouter(navigator: context.navigator)
            view.interactor = interactor
            view.router = router
            interactor.presenter = presenter
            presenter.view = view
            router.dataStore = interactor
            return view
        }
    }

    /// The photographer is asked for as the scene appears: the `author` that pushed it ends when
    /// they are shown (or it says why not).
    public func sceneDidLoad() {
        effects.finishBeforeCommandEnds { [self] in
            await interactor?.loadPhotographer(.init())
            try? await showSheetInGridLayout()
        }
    }

    /// Back from one of the photos: the photographer and their photos again, as the collection lists
    /// its photos again.
    public func sceneWillAppear() {
        effects.finishBeforeCommandEnds { [self] in await show() }
    }

    private func show() async {
        await interactor?.showPhotographer(.init())
        try? await showSheetInGridLayout()
    }

    /// Whether the last listing left its photos to a sheet (the grid layout).
    private var shownAsGrid = false

    private func showSheet(_ which: ContactSheet.Request.Which) async throws {
        await interactor?.showSheet(ContactSheet.Request(which, on: display))
        try reportFailure()
    }

    private func showSheetInGridLayout() async throws {
        guard shownAsGrid else { return }
        try await showSheet(.current)
    }

    public func stateFields() -> [StateField] {
        guard let store = router?.dataStore else { return [] }
        let user = store.user
        return [
            StateField("author", user.map { .string($0.username.isEmpty ? $0.name : $0.username) } ?? .null),
            StateField("authorPhotos", .strings(store.photos.map(\.id))),
            StateField("authorPage", .int(store.photos.isEmpty ? 0 : store.page + 1)),
        ] + (store.sheet.map { [StateField("authorSheet", .int($0 + 1))] } ?? [])
    }

    public func positions(for command: String) -> [String] {
        (0..<(router?.dataStore?.photos.count ?? 0)).map { String($0 + 1) }
    }

    // MARK: - Commands

    public static let commands: [Command<PhotoAuthorView>] = [
        Command("show", summary: "show the photographer again: name, location, bio, totals and their photos") { view, _ in
            await view.show()
        },
        Command("grid", arguments: [ContactSheet.argument], summary: ContactSheet.summary, example: "grid") { view, arguments in
            try await view.showSheet(try ContactSheet.which(arguments.first))
        },
        Command("layout", arguments: [BrowseSettings.argument], summary: BrowseSettings.summary, example: "layout grid") { view, arguments in
            try view.settings.set(arguments.first, telling: view.console)
        },
        Command(
            "page", arguments: [Argument("N", completion: .positions)],
            summary: "go to page N of the photographer's photos", example: "page 2"
        ) { view, arguments in
            try view.scroll(toPage: TypedNumber.row(ofPosition: try TypedNumber.parse(arguments[0], naming: "page", for: "page")),
                            typed: TypedNumber.typed(arguments[0]))
        },
        Command("next", summary: "go to the next page") { view, _ in
            try view.step(by: 1)
        },
        Command("prev", summary: "go to the previous page") { view, _ in
            try view.step(by: -1)
        },
        Command(
            "open", arguments: [Argument("N", optional: true, completion: .positions)],
            summary: "open the photographer's photo N (default: the current page) in a detail scene", example: "open 1"
        ) { view, arguments in
            let row = try arguments.first.map { TypedNumber.row(ofPosition: try TypedNumber.parse($0, naming: "photo position", for: "open")) } ?? (view.pageControl?.currentPage ?? 0)
            view.interactor?.selectPhoto(.init(row: row, typed: arguments.first.map(TypedNumber.typed)))
            try view.reportFailure()
        },
    ]

    private func step(by delta: Int) throws {
        guard let pageControl, pageControl.numberOfPages > 0 else {
            console.line("No photos to page through: type 'back'.")
            return
        }
        guard let target = pageControl.page(steppedBy: delta, telling: console) else { return }
        try scroll(toPage: target)
    }

    private func scroll(toPage page: Int, typed: String? = nil) throws {
        interactor?.changeToPage(.init(page: page, pictureBox: display?.pixelBox(for: .page), typed: typed))
        try reportFailure()
    }

    private func reportFailure() throws {
        if let failure {
            self.failure = nil
            throw failure
        }
    }

    // MARK: - Display logic

    public func displayPhotographer(_ viewModel: PhotoAuthor.Show.ViewModel) {
        console.line(viewModel.heading, style: .bold)
        let fields = viewModel.fields
        console.writeFields(count: fields.count, label: { fields[$0].label }, value: { fields[$0].value })
        console.line(viewModel.headline)
        pageControl = viewModel.pageControl
        shownAsGrid = settings.layout == .grid && !viewModel.photos.isEmpty
        guard !shownAsGrid else { return }
        console.writePhotoRows(viewModel.photos, currentRow: viewModel.currentRow)
        if let pageControl { console.writePageControl(pageControl) }
    }

    public func displaySheet(_ viewModel: ContactSheet.ViewModel) {
        console.writeSheet(viewModel, display: display)
    }

    public func displayLoadFailure(_ viewModel: PhotoAuthor.LoadFailure.ViewModel) {
        shownAsGrid = false
        console.line(viewModel.message)
    }

    public func displayPage(_ viewModel: PhotoAuthor.Page.ViewModel) {
        console.show(viewModel.picture, at: .page, on: display)
        pageControl = viewModel.pageControl
        console.writePhotoRows([viewModel.photo], currentRow: 0)
        console.writePageControl(viewModel.pageControl)
    }

    public func displaySelectedPhoto() {
        router?.routeToDetail()
    }

    public func displayFailure(_ viewModel: PhotoAuthor.Failure.ViewModel) {
        failure = CommandError(viewModel.message)
    }
}
