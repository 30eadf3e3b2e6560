/// What the detail keeps: the list's router writes it before the detail shows (data passing).
@MainActor
protocol TodoDetailDataStore: AnyObject {
    /// The detail's own copy of the to-do: changes go back to the list when the detail closes.
    var todo: TodoItem? { get set }
    /// Where it stands in the list, 1-based.
    var position: Int { get set }
}

/// I (Interactor) of the detail: the rules for changing one to-do.
@MainActor
protocol TodoDetailInteractorInput: AnyObject {
    var todo: TodoItem? { get }
    var position: Int { get }
    /// Gives the to-do a new title (blanks around it dropped); throws for a blank one.
    func rename(to title: String) throws(TodoError) -> TodoItem?
    /// Checks it off; false when it was done already.
    func markDone() -> Bool
    /// Makes it open again; false when it was open.
    func reopen() -> Bool
}

final class TodoDetailInteractor: TodoDetailInteractorInput, TodoDetailDataStore {
    var todo: TodoItem?
    var position = 0

    func rename(to title: String) throws(TodoError) -> TodoItem? {
        todo?.title = try TodoItem.validTitle(title)
        return todo
    }

    func markDone() -> Bool { setDone(true) }

    func reopen() -> Bool { setDone(false) }

    private func setDone(_ done: Bool) -> Bool {
        guard todo != nil, todo?.isDone != done else { return false }
        todo?.isDone = done
        return true
    }
}
