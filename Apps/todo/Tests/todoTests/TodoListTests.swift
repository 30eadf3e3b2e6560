import Testing
import REPLEngine
@testable import todo

/// The list's interactor alone, over a store spy.
@MainActor
struct TodoListInteractorTests {
    @Test func aTitleIsKeptWithoutTheBlanksAroundItAndABlankOneIsRefused() throws {
        let store = TodoStoreSpy()
        let interactor = TodoListInteractor(store: store)
        #expect(try interactor.addTodo(title: "  buy milk \t") == TodoItem(id: 1, title: "buy milk"))
        #expect(throws: TodoError.emptyTitle) { try interactor.addTodo(title: " \t ") }
        #expect(store.changes == ["insert buy milk"])
        #expect(interactor.fetchTodos() == [TodoItem(id: 1, title: "buy milk")])
    }

    @Test func aToDoIsCheckedOffOnceAndRemovedOrSavedByItsID() {
        let store = TodoStoreSpy(["buy milk", "call mom"])
        let interactor = TodoListInteractor(store: store)
        let mom = store.todos[1]
        #expect(interactor.markDone(mom))
        #expect(!interactor.markDone(mom))
        #expect(!interactor.markDone(TodoItem(id: 9, title: "gone")))
        interactor.save(TodoItem(id: 1, title: "buy oat milk"))
        interactor.remove(mom)
        #expect(store.changes == ["update 2", "update 1", "delete 2"])
        #expect(interactor.fetchTodos() == [TodoItem(id: 1, title: "buy oat milk")])
    }
}

/// The list's presenter: the real interactor over a store spy, a view spy and a router spy.
@MainActor
struct TodoListPresenterTests {
    let store: TodoStoreSpy
    let view = ViewSpy()
    let router = TodoListRouterSpy()
    let presenter: TodoListPresenter

    init() {
        store = TodoStoreSpy(["buy milk", "call mom"])
        presenter = TodoListPresenter(interactor: TodoListInteractor(store: store), router: router)
        presenter.view = view
    }

    @Test func theListIsAHeadingAndNumberedRowsWithTheDoneOnesChecked() throws {
        presenter.viewDidLoad()
        try presenter.didMarkDone(at: "2")
        presenter.didAskForList()
        #expect(view.shown == [
            "list: To-dos (0 of 2 done): | 1. [ ] buy milk | 2. [ ] call mom",
            "message: Done: 2. call mom",
            "list: To-dos (1 of 2 done): | 1. [ ] buy milk | 2. [x] call mom",
        ])
    }

    @Test func anEmptyListSaysHowToAddTheFirstToDo() throws {
        let presenter = TodoListPresenter(interactor: TodoListInteractor(store: TodoStoreSpy()), router: router)
        presenter.view = view
        presenter.viewDidLoad()
        try presenter.didRemove(at: "1")
        #expect(view.shown == [
            "list: No to-dos yet. Type 'add TEXT' to add one.",
            "failure: the list is empty: type 'add TEXT' to add a to-do first",
        ])
    }

    @Test func addingDoneAndRemovingSayWhatTheyDid() throws {
        presenter.viewDidLoad()
        try presenter.didAddTodo(title: " water the plants ")
        try presenter.didAddTodo(title: "   ")
        try presenter.didMarkDone(at: "1")
        try presenter.didMarkDone(at: "1")
        try presenter.didRemove(at: "2")
        #expect(view.shown.dropFirst() == [
            "message: Added 3. water the plants",
            "failure: a to-do needs some text: type e.g. 'add buy milk'",
            "message: Done: 1. buy milk",
            "message: 1. buy milk is done already.",
            "message: Removed 2. call mom; 2 to-dos left.",
        ])
        #expect(store.changes == ["insert water the plants", "update 1", "delete 2"])
    }

    @Test func aPositionThatIsNoneIsRefusedInWordsThatSayWhatToType() throws {
        presenter.viewDidLoad()
        for typed in ["x", "-1", "0", "3", "99999999999999999999"] { try presenter.didMarkDone(at: typed) }
        #expect(view.shown.dropFirst() == [
            "failure: done takes a position, not 'x': the list has 2 to-dos (type e.g. 'done 1')",
            "failure: done takes a position, not '-1': the list has 2 to-dos (type e.g. 'done 1')",
            "failure: there is no to-do 0: the list has 2 to-dos (type 'list' for the positions)",
            "failure: there is no to-do 3: the list has 2 to-dos (type 'list' for the positions)",
            "failure: there is no to-do 99999999999999999999: the list has 2 to-dos (type 'list' for the positions)",
        ])
        #expect(store.changes.isEmpty)
    }

    @Test func openAsksTheRouterForTheDetailAndTheDetailsChangesComeBackThroughThePresenter() throws {
        presenter.viewDidLoad()
        try presenter.didSelectedTodo(at: "2")
        let move = try #require(router.moves.first)
        #expect(move.todo == TodoItem(id: 2, title: "call mom"))
        #expect(move.position == 2)
        #expect(move.listener === presenter)
        #expect(presenter.stateFields().last == StateField("selected", .int(2)))
        presenter.todoDetailDidClose(with: TodoItem(id: 2, title: "call mom and dad", isDone: true))
        #expect(store.changes == ["update 2"])
        #expect(router.closed == 1)
        #expect(presenter.todos.last == TodoItem(id: 2, title: "call mom and dad", isDone: true))
        #expect(presenter.stateFields().last == StateField("selected", .null))
    }

    @Test func tabOffersTheOpenToDosAfterDoneAndEveryOneElsewhere() throws {
        presenter.viewDidLoad()
        try presenter.didMarkDone(at: "1")
        #expect(presenter.positions(for: "done") == ["2"])
        #expect(presenter.positions(for: "open") == ["1", "2"])
        #expect(presenter.positions(for: "remove") == ["1", "2"])
    }
}

/// The list's router: data passing into the detail, and the route through a navigator spy.
@MainActor
struct TodoListRouterTests {
    @Test func passDataToTodoDetailGivesTheDetailItsOwnCopyAndItsPosition() {
        let destination = TodoDetailInteractor()
        var todo = TodoItem(id: 7, title: "call mom")
        TodoListRouter(navigator: NavigatorSpy()).passDataToTodoDetail(todo: todo, position: 2, destination: destination)
        todo.title = "changed here"
        #expect(destination.todo == TodoItem(id: 7, title: "call mom"))
        #expect(destination.position == 2)
    }

    @Test func movingToTheDetailPushesItWithTheToDoAndTheWayBack() throws {
        let navigator = NavigatorSpy()
        let listener = DetailListenerSpy()
        let router = TodoListRouter(navigator: navigator)
        try router.moveToSelectedTodoDetail(todo: TodoItem(id: 7, title: "call mom"), position: 2, listener: listener)
        let detail = try #require(navigator.pushed.first as? TodoDetailView)
        #expect(navigator.pushed.count == 1)
        #expect(detail.router.dataStore.todo == TodoItem(id: 7, title: "call mom"))
        #expect(detail.router.dataStore.position == 2)
        #expect(detail.router.delegate === listener)
        #expect(router.selectedTodo == TodoItem(id: 7, title: "call mom"))
        router.closeSelectedTodoDetail()
        #expect(router.selectedTodo == nil)
    }
}
