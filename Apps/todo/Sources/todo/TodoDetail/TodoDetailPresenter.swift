import REPLEngine

/// What the detail's View shows.
struct TodoDetailViewModel: Equatable {
    /// `To-do 2: call mom`
    var heading: String
    /// `status: done`
    var status: String
}

/// What the detail's View tells its Presenter.
@MainActor
protocol TodoDetailPresenterInput: AnyObject {
    func viewDidLoad()
    func didAskToShow()
    func didRename(to title: String) throws(CommandError)
    func didMarkDone()
    func didReopen()
    func didGoBack() throws(CommandError)
    /// The detail's data for `state`.
    func stateFields() -> [StateField]
    /// What the detail adds to the prompt: its position.
    var title: String { get }
}

/// What the Presenter has the detail's View show.
@MainActor
protocol TodoDetailViewInput: AnyObject {
    func displayTodo(_ viewModel: TodoDetailViewModel)
    func displayMessage(_ message: String)
    /// What could not be done, and what to type instead: the command fails with it.
    func displayFailure(_ message: String) throws(CommandError)
}

/// P (Presenter) of the detail: the seed's `TodoDetailView` shows the title; here it can be
/// changed too, and the change goes back to the list with `back`.
final class TodoDetailPresenter: TodoDetailPresenterInput {
    weak var view: TodoDetailViewInput?
    private let interactor: TodoDetailInteractorInput
    private let router: TodoDetailRouterInput

    init(interactor: TodoDetailInteractorInput, router: TodoDetailRouterInput) {
        self.interactor = interactor
        self.router = router
    }

    var title: String { String(interactor.position) }

    func viewDidLoad() { didAskToShow() }

    func didAskToShow() {
        guard let todo = interactor.todo else { return }
        view?.displayTodo(TodoDetailViewModel(heading: "To-do \(interactor.position): \(todo.title)", status: "status: \(todo.isDone ? "done" : "open")"))
    }

    func didRename(to title: String) throws(CommandError) {
        do {
            guard let todo = try interactor.rename(to: title) else { return }
            view?.displayMessage("Renamed to-do \(interactor.position): \(todo.title)")
        } catch {
            try view?.displayFailure("a to-do needs some text: type e.g. 'rename buy oat milk'")
        }
    }

    func didMarkDone() {
        guard let todo = interactor.todo else { return }
        view?.displayMessage(interactor.markDone() ? "Done: \(todo.title)" : "To-do \(interactor.position) is done already.")
    }

    func didReopen() {
        guard let todo = interactor.todo else { return }
        view?.displayMessage(interactor.reopen() ? "Open again: \(todo.title)" : "To-do \(interactor.position) is open already.")
    }

    func didGoBack() throws(CommandError) {
        try router.routeBackToList()
    }

    func stateFields() -> [StateField] {
        guard let todo = interactor.todo else { return [StateField("todo", .null)] }
        return [StateField("todo", .object([
            StateField("position", .int(interactor.position)),
            StateField("title", .string(todo.title)),
            StateField("done", .bool(todo.isDone)),
        ]))]
    }
}
