import PhotoDomain
import REPLEngine
import TerminalPictures

@MainActor
public protocol PhotoDetailDisplayLogic: AnyObject {
    func displayPhoto(_ viewModel: PhotoDetail.Show.ViewModel)
    func displayMissingPhoto(_ viewModel: PhotoDetail.Missing.ViewModel)
}

/// The detail scene's View: one photo, its position, and the way to move it.
public final class PhotoDetailView: SceneView, PhotoDetailDisplayLogic {
    public static let sceneName = "detail"

    var interactor: PhotoDetailBusinessLogic?
    var router: (PhotoDetailRoutingLogic & PhotoDetailDataPassing)?
    private let console: Console
    private let commands: any CommandPerformer
    private let effects: any SceneEffects
    /// nil: this session shows no pictures.
    private let display: PictureDisplay?

    public var title: String {
        router?.dataStore?.index.map { "detail \($0 + 1)" } ?? "detail"
    }

    init(console: Console, commands: any CommandPerformer, effects: any SceneEffects, display: PictureDisplay?) {
        self.console = console
        self.commands = commands
        self.effects = effects
        self.display = display
    }

    /// The scene, wired up; `pictures` and `display` draw the photo above its fields (nil: text only).
    public static func module(pictures: PhotoPicturesWorker? = nil, display: PictureDisplay? = nil) -> SceneModule {
        SceneModule(PhotoDetailView.self) { context in
            let view = PhotoDetailView(console: context.console, commands: context.commands, effects: context.effects, display: display)
            let interactor = PhotoDetailInteractor(pictures: pictures)
            let presenter = PhotoDetailPresenter()
            let router = PhotoDetailRouter(navigator: context.navigator)
            view.interactor = interactor
            view.router = router
            interactor.presenter = presenter
            presenter.view = view
            router.dataStore = interactor
            return view
        }
    }

    /// The photo is shown with its picture, which may take a decode: the `open` that pushed this
    /// scene ends when it is shown.
    public func sceneDidLoad() {
        let request = PhotoDetail.Show.Request(pictureBox: display?.pixelBox(for: .detail))
        effects.finishBeforeCommandEnds { [weak self] in await self?.interactor?.loadPhoto(request) }
    }

    /// Back from the sheet: the photo's fields at its (maybe new) position; the picture is on screen above.
    public func sceneWillAppear() {
        effects.finishBeforeCommandEnds { [weak self] in await self?.interactor?.showPhoto(.init()) }
    }

    public func stateFields() -> [StateField] {
        [StateField("index", router?.dataStore?.index.map { .int($0 + 1) } ?? .null)]
    }

    public func positions(for command: String) -> [String] {
        let count = router?.dataStore?.photos.count ?? 0
        return (0..<count).map { String($0 + 1) }
    }

    public static let commands: [Command<PhotoDetailView>] = [
        Command("show", summary: "show the photo again: its picture, position, id, description, author, likes, size, URL") { view, _ in
            await view.interactor?.showPhoto(.init(pictureBox: view.display?.pixelBox(for: .detail)))
        },
        Command("edit", summary: "open the index-edit sheet to choose a new position") { view, _ in
            view.router?.routeToIndexEdit()
        },
        Command(
            "move", arguments: [Argument("N", completion: .positions)],
            summary: "move the photo to position N: 'edit' then the sheet's 'move N'", example: "move 4"
        ) { view, arguments in
            // Exactly the two commands a user would type, so the steps, output and end state match.
            try await view.commands.perform(["edit"])
            try await view.commands.perform(["move", arguments[0]])
        },
        Command("back", summary: "back to the collection, which moves the photo to its new position") { view, _ in
            view.router?.routeToCollection()
        },
    ]

    // MARK: - Display logic

    public func displayPhoto(_ viewModel: PhotoDetail.Show.ViewModel) {
        console.show(viewModel.picture, at: .detail, on: display)
        console.line(viewModel.heading, style: .bold)
        let width = viewModel.fields.map { TerminalText.width($0.label) }.max() ?? 0
        for field in viewModel.fields {
            console.spaces(2)
            console.write(field.label, column: width)
            console.spaces(2)
            console.line(field.value)
        }
    }

    public func displayMissingPhoto(_ viewModel: PhotoDetail.Missing.ViewModel) {
        console.line(viewModel.message)
        router?.routeToCollection()
    }
}
