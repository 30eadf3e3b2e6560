import REPLEngine

/// What the list's View shows: lines ready to print.
struct TodoListViewModel: Equatable {
    /// `To-dos (1 of 3 done):`, or how to add the first one.
    var heading: String
    /// `1. [x] buy milk`
    var rows: [String]
}

/// What the list's View tells its Presenter: the user's actions, with the words as typed.
@MainActor
protocol TodoListPresenterInput: AnyObject {
    func viewDidLoad()
    func viewWillAppear()
    func didAddTodo(title: String) throws(CommandError)
    func didAskForList()
    func didSelectedTodo(at position: String) throws(CommandError)
    func didMarkDone(at position: String) throws(CommandError)
    func didRemove(at position: String) throws(CommandError)
    /// The list's data for `state`.
    func stateFields() -> [StateField]
    /// The positions Tab offers after `command`.
    func positions(for command: String) -> [String]
}

/// What the Presenter has the list's View show.
@MainActor
protocol TodoListViewInput: AnyObject {
    func displayList(_ viewModel: TodoListViewModel)
    func displayMessage(_ message: String)
    /// What could not be done, and what to type instead: the command fails with it.
    func displayFailure(_ message: String) throws(CommandError)
}

/// P (Presenter) of the list: takes the View's events to the Interactor and the Router, and turns
/// to-dos into lines. Positions are 1-based here, where the user types and reads them.
final class TodoListPresenter: TodoListPresenterInput {
    weak var view: TodoListViewInput?
    private let interactor: TodoListInteractorInput
    private let router: TodoListRouterInput
    /// What the list shows, in order (the seed's `todos`).
    private(set) var todos: [TodoItem] = []

    init(interactor: TodoListInteractorInput, router: TodoListRouterInput) {
        self.interactor = interactor
        self.router = router
    }

    private func fetchTodos() {
        todos = interactor.fetchTodos()
    }

    func viewDidLoad() {
        fetchTodos()
        view?.displayList(listViewModel())
    }

    /// Back from the detail: the list again, with what the detail changed.
    func viewWillAppear() {
        view?.displayList(listViewModel())
    }

    func didAskForList() {
        view?.displayList(listViewModel())
    }

    func didAddTodo(title: String) throws(CommandError) {
        guard let todo = try? interactor.addTodo(title: title) else {
            try view?.displayFailure("a to-do needs some text: type e.g. 'add buy milk'")
            return
        }
        fetchTodos()
        view?.displayMessage("Added \(todos.count). \(todo.title)")
    }

    func didSelectedTodo(at position: String) throws(CommandError) {
        guard case let (todo, index)? = try find(position, for: "open") else { return }
        try router.moveToSelectedTodoDetail(todo: todo, position: index + 1, listener: self)
    }

    func didMarkDone(at position: String) throws(CommandError) {
        guard case let (todo, index)? = try find(position, for: "done") else { return }
        if interactor.markDone(todo) {
            fetchTodos()
            view?.displayMessage("Done: \(index + 1). \(todo.title)")
        } else {
            view?.displayMessage("\(index + 1). \(todo.title) is done already.")
        }
    }

    func didRemove(at position: String) throws(CommandError) {
        guard case let (todo, index)? = try find(position, for: "remove") else { return }
        interactor.remove(todo)
        fetchTodos()
        let left = todos.isEmpty ? "the list is empty" : todos.count == 1 ? "1 to-do left" : "\(todos.count) to-dos left"
        view?.displayMessage("Removed \(index + 1). \(todo.title); \(left).")
    }

    /// The to-do at a position as typed, and its 0-based index; nil when there is none, after the
    /// View was given the failure, worded to say what to type instead.
    private func find(_ typed: String, for command: String) throws(CommandError) -> (todo: TodoItem, index: Int)? {
        let shown = TerminalText.truncate(typed, toWidth: 40)
        guard !todos.isEmpty else {
            try view?.displayFailure("the list is empty: type 'add TEXT' to add a to-do first")
            return nil
        }
        let size = todos.count == 1 ? "1 to-do" : "\(todos.count) to-dos"
        guard typed.allSatisfy({ $0.isASCII && $0.isNumber }), !typed.isEmpty else {
            try view?.displayFailure("\(command) takes a position, not '\(shown)': the list has \(size) (type e.g. '\(command) 1')")
            return nil
        }
        guard let position = Int(typed), todos.indices.contains(position - 1) else {
            try view?.displayFailure("there is no to-do \(shown): the list has \(size) (type 'list' for the positions)")
            return nil
        }
        return (todos[position - 1], position - 1)
    }

    private func listViewModel() -> TodoListViewModel {
        guard !todos.isEmpty else {
            return TodoListViewModel(heading: "No to-dos yet. Type 'add TEXT' to add one.", rows: [])
        }
        let done = todos.count(where: \.isDone)
        return TodoListViewModel(
            heading: "To-dos (\(done) of \(todos.count) done):",
            rows: todos.enumerated().map { "\($0.offset + 1). [\($0.element.isDone ? "x" : " ")] \($0.element.title)" }
        )
    }

    func stateFields() -> [StateField] {
        let selected = router.selectedTodo.flatMap { selected in todos.firstIndex { $0.id == selected.id } }
        return [
            StateField("todos", .list(todos.map { .object([StateField("title", .string($0.title)), StateField("done", .bool($0.isDone))]) })),
            StateField("selected", selected.map { .int($0 + 1) } ?? .null),
        ]
    }

    /// `done` offers the to-dos still open; `open` and `remove` every one.
    func positions(for command: String) -> [String] {
        todos.indices.filter { command != "done" || !todos[$0].isDone }.map { String($0 + 1) }
    }
}

/// What the detail hands back when it closes: the to-do as it is now.
extension TodoListPresenter: TodoDetailRouterDelegate {
    func todoDetailDidClose(with todo: TodoItem) {
        interactor.save(todo)
        fetchTodos()
        didFinishDisplayTodoDetail()
    }

    /// The seed's name: the detail is gone, nothing is selected.
    func didFinishDisplayTodoDetail() {
        router.closeSelectedTodoDetail()
    }
}
