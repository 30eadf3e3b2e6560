/// I (Interactor) of the list: the business rules over the store. Knows nothing of positions as
/// typed, or of how anything is shown.
@MainActor
protocol TodoListInteractorInput: AnyObject {
    /// Every to-do, in order (the seed's `fetchTodos`, from the store instead of a fake).
    func fetchTodos() -> [TodoItem]
    /// Adds a to-do with `title` (blanks around it dropped) at the end; throws for a blank title.
    func addTodo(title: String) throws(TodoError) -> TodoItem
    /// Checks `todo` off; false when it was done already.
    func markDone(_ todo: TodoItem) -> Bool
    /// Removes `todo`.
    func remove(_ todo: TodoItem)
    /// Keeps `todo` as it is now (what the detail scene changed).
    func save(_ todo: TodoItem)
}

final class TodoListInteractor: TodoListInteractorInput {
    private let store: TodoStore

    init(store: TodoStore) {
        self.store = store
    }

    func fetchTodos() -> [TodoItem] { store.todos }

    func addTodo(title: String) throws(TodoError) -> TodoItem {
        store.insert(title: try TodoItem.validTitle(title))
    }

    func markDone(_ todo: TodoItem) -> Bool {
        guard var current = store.todos.first(where: { $0.id == todo.id }), !current.isDone else { return false }
        current.isDone = true
        store.update(current)
        return true
    }

    func remove(_ todo: TodoItem) {
        store.delete(id: todo.id)
    }

    func save(_ todo: TodoItem) {
        store.update(todo)
    }
}
