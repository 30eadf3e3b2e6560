/// Where to-dos are kept: the data manager the list's Interactor is given at the composition root.
/// (A file or a server would be another implementation; the scenes would not change.)
@MainActor
protocol TodoStore: AnyObject {
    /// Every to-do, in the list's order.
    var todos: [TodoItem] { get }
    /// Adds a to-do at the end of the list.
    func insert(title: String) -> TodoItem
    /// Replaces the to-do with the same id, wherever it is.
    func update(_ todo: TodoItem)
    /// Removes the to-do with this id.
    func delete(id: Int)
}

/// To-dos in memory, for as long as the session lasts.
final class MemoryTodoStore: TodoStore {
    private(set) var todos: [TodoItem]
    private var nextID: Int

    init(todos: [TodoItem] = []) {
        self.todos = todos
        nextID = (todos.map(\.id).max() ?? 0) + 1
    }

    func insert(title: String) -> TodoItem {
        let todo = TodoItem(id: nextID, title: title)
        nextID += 1
        todos.append(todo)
        return todo
    }

    func update(_ todo: TodoItem) {
        guard let index = todos.firstIndex(where: { $0.id == todo.id }) else { return }
        todos[index] = todo
    }

    func delete(id: Int) {
        todos.removeAll { $0.id == id }
    }
}
