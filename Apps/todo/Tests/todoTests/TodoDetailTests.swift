import Testing
import REPLEngine
@testable import todo

/// The detail's interactor, presenter and router alone.
@MainActor
struct TodoDetailTests {
    @Test func theInteractorChangesItsOwnCopyOnly() throws {
        let interactor = TodoDetailInteractor()
        #expect(try interactor.rename(to: "x") == nil)
        #expect(!interactor.markDone())
        interactor.todo = TodoItem(id: 4, title: "call mom")
        #expect(try interactor.rename(to: " call mom and dad ") == TodoItem(id: 4, title: "call mom and dad"))
        #expect(throws: TodoError.emptyTitle) { try interactor.rename(to: "  ") }
        #expect(interactor.markDone())
        #expect(!interactor.markDone())
        #expect(interactor.reopen())
        #expect(!interactor.reopen())
        #expect(interactor.todo == TodoItem(id: 4, title: "call mom and dad"))
    }

    @Test func thePresenterSaysWhatChangedAndBackGoesThroughTheRouter() throws {
        let interactor = TodoDetailInteractor()
        interactor.todo = TodoItem(id: 4, title: "call mom")
        interactor.position = 2
        let router = TodoDetailRouterSpy()
        let view = ViewSpy()
        let presenter = TodoDetailPresenter(interactor: interactor, router: router)
        presenter.view = view
        presenter.viewDidLoad()
        try presenter.didRename(to: "call mom and dad")
        try presenter.didRename(to: " ")
        presenter.didMarkDone()
        presenter.didMarkDone()
        presenter.didReopen()
        presenter.didReopen()
        try presenter.didGoBack()
        #expect(view.shown == [
            "todo: To-do 2: call mom | status: open",
            "message: Renamed to-do 2: call mom and dad",
            "failure: a to-do needs some text: type e.g. 'rename buy oat milk'",
            "message: Done: call mom and dad",
            "message: To-do 2 is done already.",
            "message: Open again: call mom and dad",
            "message: To-do 2 is open already.",
        ])
        #expect(router.routedBack == 1)
        #expect(presenter.title == "2")
        #expect(presenter.stateFields() == [StateField("todo", .object([
            StateField("position", .int(2)), StateField("title", .string("call mom and dad")), StateField("done", .bool(false)),
        ]))])
    }

    @Test func theRouterHandsTheToDoBackThenPops() throws {
        let navigator = NavigatorSpy()
        let store = TodoDetailInteractor()
        store.todo = TodoItem(id: 4, title: "call mom", isDone: true)
        let listener = DetailListenerSpy()
        let router = TodoDetailRouter(navigator: navigator, dataStore: store)
        router.delegate = listener
        try router.routeBackToList()
        #expect(listener.closedWith == [TodoItem(id: 4, title: "call mom", isDone: true)])
        #expect(navigator.pops == 1)
    }
}
