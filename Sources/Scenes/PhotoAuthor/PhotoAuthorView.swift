import PhotoDomain
import REPLEngine
import TerminalPictures

@MainActor
protocol PhotoAuthorDisplayLogic: PhotoListDisplayLogic {
    func displayPhotographer(_ viewModel: PhotoAuthor.Show.ViewModel)
    func displayLoadFailure(_ viewModel: PhotoAuthor.LoadFailure.ViewModel)
}

/// The photographer scene's View: who took the photo, and their photos with a page control.
package final class PhotoAuthorView: SceneView, PhotoAuthorDisplayLogic, PhotoListShowing {
    package static let sceneName = "author"

    var interactor: PhotoAuthorBusinessLogic?
    var router: (PhotoAuthorDataPassing & PhotoListRoutingLogic)?
    let console: Console
    /// nil: this session shows no pictures.
    let display: PictureDisplay?
    let settings: BrowseSettings
    var listWording: PhotoList.Wording { PhotoAuthorPresenter.wording }
    var pageControl: PageControl?
    var listInteractor: PhotoListBusinessLogic? { interactor }
    var listRouter: PhotoListRoutingLogic? { router }

    package var title: String { "author" }

    init(console: Console, display: PictureDisplay?, settings: BrowseSettings) {
        self.console = console
        self.display = display
        self.settings = settings
    }

    /// The scene, wired up: `worker` finds the photographer and their photos; `pictures` and
    /// `display` draw each page's photo (nil: text only).
    package static func module(
        worker: PhotographersWorker, pictures: PhotoPicturesWorker? = nil, display: PictureDisplay? = nil,
        settings: BrowseSettings = BrowseSettings()
    ) -> SceneModule {
        SceneModule(PhotoAuthorView.self) { context in
            let view = PhotoAuthorView(console: context.console, display: display, settings: settings)
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
    package func sceneDidLoad() {
        interactor?.loadPhotographer(.init())
    }

    /// Back from one of the photos: the photographer and their photos again, as the collection lists
    /// its photos again.
    package func sceneWillAppear() {
        interactor?.showPhotographer(.init())
    }

    package func stateFields() -> [StateField] {
        guard let store = router?.dataStore else { return [] }
        let user = store.user, photos = store.list
        return [
            StateField("author", user.map { .string($0.username.isEmpty ? $0.name : $0.username) } ?? .null),
            StateField("authorPhotos", .strings(photos.photos.map(\.id))),
            StateField("authorPage", .int(photos.photos.isEmpty ? 0 : photos.page + 1))
        ] + (photos.sheet.map { [StateField("authorSheet", .int($0 + 1))] } ?? [])
    }

    package func positions(for command: String) -> [String] {
        (0..<(router?.dataStore?.list.photos.count ?? 0)).map { String($0 + 1) }
    }

    /// `open NAME`: the photos' file names.
    package func names(for command: String) -> [String] {
        command == "open" ? router?.dataStore?.list.typedNames ?? [] : []
    }

    // MARK: - Commands

    package static let commands: [Command<PhotoAuthorView>] = [
        Command("show", summary: "show the photographer again: name, location, bio, totals and their photos") { view, _ in
            view.interactor?.showPhotographer(.init())
        },
        PhotoListCommands.grid(PhotoAuthorView.self, example: "grid"),
        PhotoListCommands.layout(PhotoAuthorView.self),
        PhotoListCommands.page(PhotoAuthorView.self, summary: "go to page N of the photographer's photos", example: "page 2"),
        PhotoListCommands.next(PhotoAuthorView.self, summary: "show their next photo (in the grid layout, the next sheet)"),
        PhotoListCommands.prev(PhotoAuthorView.self, summary: "show their previous photo (in the grid layout, the previous sheet)"),
        PhotoListCommands.open(
            PhotoAuthorView.self,
            summary: "open the photographer's photo N, or the one named NAME, in a detail scene (default: the current page)",
            example: "open 1")
    ]

    // MARK: - Display logic

    func displayPhotographer(_ viewModel: PhotoAuthor.Show.ViewModel) {
        console.writeLine(viewModel.heading, style: .bold)
        let fields = viewModel.fields
        console.writeFields(count: fields.count, label: { fields[$0].label }, value: { fields[$0].value })
        console.writeLine(viewModel.headline)
        displayRows(viewModel.rows)
    }

    func displayLoadFailure(_ viewModel: PhotoAuthor.LoadFailure.ViewModel) {
        console.writeLine(viewModel.message)
    }
}
