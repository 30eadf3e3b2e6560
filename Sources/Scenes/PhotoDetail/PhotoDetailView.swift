import REPLEngine

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

    public var title: String {
        router?.dataStore?.index.map { "detail \($0 + 1)" } ?? "detail"
    }

    init(console: Console, commands: any CommandPerformer) {
        self.console = console
        self.commands = commands
    }

    public static func module() -> SceneModule {
        SceneModule(PhotoDetailView.self) { context in
            let view = PhotoDetailView(console: context.console, commands: context.commands)
            let interactor = PhotoDetailInteractor()
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

    public func sceneDidLoad() {
        interactor?.loadPhoto(.init())
    }

    /// Back from the sheet: show the photo at its (maybe new) position.
    public func sceneWillAppear() {
        interactor?.showPhoto(.init())
    }

    public func stateFields() -> [StateField] {
        [StateField("index", router?.dataStore?.index.map { .int($0 + 1) } ?? .null)]
    }

    public func positions(for command: String) -> [String] {
        let count = router?.dataStore?.photos.count ?? 0
        return (0..<count).map { String($0 + 1) }
    }

    public static let commands: [Command<PhotoDetailView>] = [
        Command("show", summary: "show the photo again: position, id, description, author, likes, size, URL") { view, _ in
            view.interactor?.showPhoto(.init())
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
