import REPLEngine

/// V (View) of the list: the seed's `TodoListView`. Turns what is typed into the Presenter's events
/// and what the Presenter hands it into lines on the console. It holds nothing but its Presenter.
final class TodoListView: SceneView, TodoListViewInput {
    static let sceneName = "list"

    var presenter: TodoListPresenterInput!
    private let console: Console

    /// The prompt: `todos> `.
    var title: String { "todos" }

    init(console: Console) {
        self.console = console
    }

    /// The scene as the engine registers it: each time one is made, a View wired to its Presenter,
    /// Interactor (over `store`) and Router.
    static func module(store: TodoStore) -> SceneModule {
        SceneModule(TodoListView.self) { context in
            let view = TodoListView(console: context.console)
            let interactor = TodoListInteractor(store: store)
            let router = TodoListRouter(navigator: context.navigator)
            let presenter = TodoListPresenter(interactor: interactor, router: router)
            presenter.view = view
            view.presenter = presenter
            return view
        }
    }

    static let commands: [Command<TodoListView>] = [
        Command(
            "add", arguments: [Argument("TEXT", repeated: true)],
            summary: "add a to-do at the end of the list", example: "add buy milk"
        ) { view, words in
            try view.presenter.didAddTodo(title: words.joined(separator: " "))
        },
        Command("list", summary: "show the to-dos, the done ones checked") { view, _ in
            view.presenter.didAskForList()
        },
        Command(
            "open", arguments: [Argument("N", completion: .positions)],
            summary: "open to-do N in the detail scene", example: "open 2"
        ) { view, words in
            try view.presenter.didSelectedTodo(at: words[0])
        },
        Command(
            "done", arguments: [Argument("N", completion: .positions)],
            summary: "check off to-do N", example: "done 1"
        ) { view, words in
            try view.presenter.didMarkDone(at: words[0])
        },
        Command(
            "remove", arguments: [Argument("N", completion: .positions)],
            summary: "remove to-do N: the ones after it move up", example: "remove 1"
        ) { view, words in
            try view.presenter.didRemove(at: words[0])
        },
    ]

    func sceneDidLoad() { presenter.viewDidLoad() }
    func sceneWillAppear() { presenter.viewWillAppear() }
    func stateFields() -> [StateField] { presenter.stateFields() }
    func positions(for command: String) -> [String] { presenter.positions(for: command) }

    // MARK: - TodoListViewInput

    func displayList(_ viewModel: TodoListViewModel) {
        console.writeLine(viewModel.heading, style: viewModel.rows.isEmpty ? .plain : .bold)
        for row in viewModel.rows { console.writeLine("  " + row) }
    }

    func displayMessage(_ message: String) {
        console.writeLine(message)
    }

    /// The command fails with the message: `error: …`, and a script stops there.
    func displayFailure(_ message: String) throws(CommandError) {
        throw CommandError(message)
    }
}
