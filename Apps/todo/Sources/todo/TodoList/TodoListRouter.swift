import REPLEngine

/// R (Router) of the list: moves to a to-do's detail and back, as the seed's `TodoListRouter` does
/// with `selectedTodo`, through the engine's navigator.
@MainActor
protocol TodoListRouterInput: AnyObject {
    /// The to-do whose detail is open, if one is.
    var selectedTodo: TodoItem? { get }
    /// Opens `todo`'s detail scene, handing it the to-do and its position; `listener` hears what the
    /// detail hands back when it closes.
    func moveToSelectedTodoDetail(todo: TodoItem, position: Int, listener: TodoDetailRouterDelegate) throws(CommandError)
    /// The detail is closed: nothing is selected.
    func closeSelectedTodoDetail()
}

final class TodoListRouter: TodoListRouterInput {
    private(set) var selectedTodo: TodoItem?
    /// Not owned: the engine's navigation stack outlives its scenes.
    private weak var navigator: (any Navigator)?

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    func moveToSelectedTodoDetail(todo: TodoItem, position: Int, listener: TodoDetailRouterDelegate) throws(CommandError) {
        selectedTodo = todo
        guard let destination = try navigator?.instantiate(TodoDetailView.self) else { return }
        destination.router.delegate = listener
        passDataToTodoDetail(todo: todo, position: position, destination: destination.router.dataStore)
        try navigator?.push(destination)
    }

    /// Data passing: the detail gets its own copy of the to-do, and where it stands in the list.
    func passDataToTodoDetail(todo: TodoItem, position: Int, destination: TodoDetailDataStore) {
        destination.todo = todo
        destination.position = position
    }

    func closeSelectedTodoDetail() {
        selectedTodo = nil
    }
}
