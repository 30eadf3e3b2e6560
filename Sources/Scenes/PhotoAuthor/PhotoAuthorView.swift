import PhotoDomain
import REPLEngine
import TerminalPictures

@MainActor
public protocol PhotoAuthorDisplayLogic: AnyObject {
    func displayPhotographer(_ viewModel: PhotoAuthor.Show.ViewModel)
    func displayLoadFailure(_ viewModel: PhotoAuthor.LoadFailure.ViewModel)
}

/// The photographer scene's View: who took the photo, and their photos with a page control.
public final class PhotoAuthorView: SceneView, PhotoAuthorDisplayLogic {
    public static let sceneName = "author"

    var interactor: PhotoAuthorBusinessLogic?
    var router: PhotoAuthorDataPassing?
    /// Their photos' rows, page control and sheets.
    let list: PhotoListView
    private let console: Console

    public var title: String { "author" }

    init(console: Console, list: PhotoListView) {
        self.console = console
        self.list = list
    }

    /// The scene, wired up: `worker` finds the photographer and their photos; `pictures` and
    /// `display` draw each page's photo (nil: text only).
    public static func module(worker: PhotographersWorker, pictures: PhotoPicturesWorker? = nil, display: PictureDisplay? = nil,
                              settings: BrowseSettings = BrowseSettings()) -> SceneModule {
        SceneModule(PhotoAuthorView.self) { context in
            let list = PhotoList.compose(context, pictures: pictures, display: display, settings: settings, wording: PhotoAuthorPresenter.wording,
                                         origin: PhotoDetail.Origin(listName: "the photographer's photos", positionKey: "authorIndex", canMove: false))
            let view = PhotoAuthorView(console: context.console, list: list.view)
            let interactor = PhotoAuthorInteractor(worker: worker, list: list.interactor)
            interactor.effects = context.effects
            let presenter = PhotoAuthorPresenter()
            let router = PhotoAuthorRouter()
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
        interactor?.loadPhotographer(.init())
    }

    /// Back from one of the photos: the photographer and their photos again, as the collection lists
    /// its photos again.
    public func sceneWillAppear() {
        interactor?.showPhotographer(.init())
    }

    public func stateFields() -> [StateField] {
        guard let store = router?.dataStore else { return [] }
        let user = store.user, photos = store.photos
        return [
            StateField("author", user.map { .string($0.username.isEmpty ? $0.name : $0.username) } ?? .null),
            StateField("authorPhotos", .strings(photos.photos.map(\.id))),
            StateField("authorPage", .int(photos.photos.isEmpty ? 0 : photos.page + 1)),
        ] + (photos.sheet.map { [StateField("authorSheet", .int($0 + 1))] } ?? [])
    }

    public func positions(for command: String) -> [String] {
        (0..<(router?.dataStore?.photos.photos.count ?? 0)).map { String($0 + 1) }
    }

    // MARK: - Commands

    public static let commands: [Command<PhotoAuthorView>] = [
        Command("show", summary: "show the photographer again: name, location, bio, totals and their photos") { view, _ in
            view.interactor?.showPhotographer(.init())
        },
        Command("grid", arguments: [ContactSheet.argument], summary: ContactSheet.summary, example: "grid", repetition: .whenFirstArgument(in: ["next", "prev"])) { view, arguments in
            try view.list.grid(arguments.first)
        },
        Command("layout", arguments: [BrowseSettings.argument], summary: BrowseSettings.summary, example: "layout grid") { view, arguments in
            try view.list.layout(arguments.first)
        },
        Command("page", arguments: [Argument("N", completion: .positions)], summary: "go to page N of the photographer's photos", example: "page 2") { view, arguments in
            try view.list.page(arguments[0])
        },
        Command("next", summary: "go to the next page", repetition: .always) { view, _ in
            view.list.step(by: 1)
        },
        Command("prev", summary: "go to the previous page", repetition: .always) { view, _ in
            view.list.step(by: -1)
        },
        Command(
            "open", arguments: [Argument("N", optional: true, completion: .positions)],
            summary: "open the photographer's photo N (default: the current page) in a detail scene", example: "open 1"
        ) { view, arguments in
            try view.list.open(arguments.first)
        },
    ]

    // MARK: - Display logic

    public func displayPhotographer(_ viewModel: PhotoAuthor.Show.ViewModel) {
        console.line(viewModel.heading, style: .bold)
        let fields = viewModel.fields
        console.writeFields(count: fields.count, label: { fields[$0].label }, value: { fields[$0].value })
        console.line(viewModel.headline)
        list.displayRows(viewModel.rows)
    }

    public func displayLoadFailure(_ viewModel: PhotoAuthor.LoadFailure.ViewModel) {
        console.line(viewModel.message)
    }
}
