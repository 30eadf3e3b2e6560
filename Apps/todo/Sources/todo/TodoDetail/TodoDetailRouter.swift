import REPLEngine

/// The back-channel to whoever opened the detail (the list's Presenter): the to-do as it is now.
@MainActor
protocol TodoDetailRouterDelegate: AnyObject {
    func todoDetailDidClose(with todo: TodoItem)
}

/// R (Router) of the detail: the way back to the list, with the to-do.
@MainActor
protocol TodoDetailRouterInput: AnyObject {
    /// Hands the to-do to the delegate, then pops the detail.
    func routeBackToList() throws(CommandError)
}

final class TodoDetailRouter: TodoDetailRouterInput {
    /// Written by the list's router before the detail shows.
    let dataStore: TodoDetailDataStore
    /// Held weakly: the list owns the way back, not the detail.
    weak var delegate: TodoDetailRouterDelegate?
    /// Not owned: the engine's navigation stack outlives its scenes.
    private weak var navigator: (any Navigator)?

    init(navigator: any Navigator, dataStore: TodoDetailDataStore) {
        self.navigator = navigator
        self.dataStore = dataStore
    }

    func routeBackToList() throws(CommandError) {
        if let todo = dataStore.todo { delegate?.todoDetailDidClose(with: todo) }
        try navigator?.pop()
    }
}
