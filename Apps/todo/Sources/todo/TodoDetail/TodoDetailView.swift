import REPLEngine

/// V (View) of the detail: one to-do, which can be renamed, checked off or opened again. Its own
/// `back` goes through its router, which hands the to-do back to the list.
final class TodoDetailView: SceneView, TodoDetailViewInput {
    static let sceneName = "detail"

    var presenter: TodoDetailPresenterInput!
    /// The module's way in for the scene that opens it: the list's router writes the to-do into
    /// `router.dataStore` and sets `router.delegate` before pushing the detail.
    var router: TodoDetailRouter!
    private let console: Console

    /// The prompt: `todos/2> `.
    var title: String { presenter.title }

    init(console: Console) {
        self.console = console
    }

    static func module() -> SceneModule {
        SceneModule(TodoDetailView.self) { context in
            let view = TodoDetailView(console: context.console)
            let interactor = TodoDetailInteractor()
            let router = TodoDetailRouter(navigator: context.navigator, dataStore: interactor)
            let presenter = TodoDetailPresenter(interactor: interactor, router: router)
            presenter.view = view
            view.presenter = presenter
            view.router = router
            return view
        }
    }

    static let commands: [Command<TodoDetailView>] = [
        Command("show", summary: "show the to-do again") { view, _ in
            view.presenter.didAskToShow()
        },
        Command(
            "rename", arguments: [Argument("TEXT", repeated: true)],
            summary: "give the to-do a new text", example: "rename buy oat milk"
        ) { view, words in
            try view.presenter.didRename(to: words.joined(separator: " "))
        },
        Command("done", summary: "check the to-do off") { view, _ in
            view.presenter.didMarkDone()
        },
        Command("reopen", summary: "make the to-do open again") { view, _ in
            view.presenter.didReopen()
        },
        Command("back", summary: "back to the list, with the changes made here") { view, _ in
            try view.presenter.didGoBack()
        },
    ]

    func sceneDidLoad() { presenter.viewDidLoad() }
    func stateFields() -> [StateField] { presenter.stateFields() }

    // MARK: - TodoDetailViewInput

    func displayTodo(_ viewModel: TodoDetailViewModel) {
        console.writeLine(viewModel.heading, style: .bold)
        console.writeLine("  " + viewModel.status)
    }

    func displayMessage(_ message: String) {
        console.writeLine(message)
    }

    /// The command fails with the message: `error: …`, and a script stops there.
    func displayFailure(_ message: String) throws(CommandError) {
        throw CommandError(message)
    }
}
