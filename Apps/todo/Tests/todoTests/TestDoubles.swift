#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import REPLEngine
import REPLTesting
@testable import todo

// The test doubles of the to-do scenes' collaborators: a store that remembers what it was asked,
// spies in place of views, routers and the navigator.

/// A store in memory that remembers every change asked of it.
@MainActor
final class TodoStoreSpy: TodoStore {
    private let kept: MemoryTodoStore
    private(set) var changes: [String] = []

    init(_ titles: [String] = []) {
        kept = MemoryTodoStore(todos: titles.enumerated().map { TodoItem(id: $0.offset + 1, title: $0.element) })
    }

    var todos: [TodoItem] { kept.todos }

    func insert(title: String) -> TodoItem {
        changes.append("insert \(title)")
        return kept.insert(title: title)
    }

    func update(_ todo: TodoItem) {
        changes.append("update \(todo.id)")
        kept.update(todo)
    }

    func delete(id: Int) {
        changes.append("delete \(id)")
        kept.delete(id: id)
    }
}

/// What a presenter had its view show, as lines: `list: HEADING | ROW…`, `message: …`, `failure: …`.
@MainActor
final class ViewSpy: TodoListViewInput, TodoDetailViewInput {
    private(set) var shown: [String] = []

    func displayList(_ viewModel: TodoListViewModel) { shown.append((["list: " + viewModel.heading] + viewModel.rows).joined(separator: " | ")) }
    func displayTodo(_ viewModel: TodoDetailViewModel) { shown.append("todo: \(viewModel.heading) | \(viewModel.status)") }
    func displayMessage(_ message: String) { shown.append("message: " + message) }
    func displayFailure(_ message: String) { shown.append("failure: " + message) }
}

/// The list's router spy.
@MainActor
final class TodoListRouterSpy: TodoListRouterInput {
    private(set) var selectedTodo: TodoItem?
    private(set) var moves: [(todo: TodoItem, position: Int, listener: TodoDetailRouterDelegate)] = []
    private(set) var closed = 0

    func moveToSelectedTodoDetail(todo: TodoItem, position: Int, listener: TodoDetailRouterDelegate) {
        selectedTodo = todo
        moves.append((todo, position, listener))
    }

    func closeSelectedTodoDetail() {
        selectedTodo = nil
        closed += 1
    }
}

/// The detail's router spy.
@MainActor
final class TodoDetailRouterSpy: TodoDetailRouterInput {
    private(set) var routedBack = 0
    func routeBackToList() { routedBack += 1 }
}

/// What the detail handed back.
@MainActor
final class DetailListenerSpy: TodoDetailRouterDelegate {
    private(set) var closedWith: [TodoItem] = []
    func todoDetailDidClose(with todo: TodoItem) { closedWith.append(todo) }
}

/// Makes the detail as its module does, and keeps what was pushed and popped.
@MainActor
final class NavigatorSpy: Navigator {
    /// A console that writes to memory: the one of an engine made for the purpose.
    private let console = SceneTester { _ in }.engine.console
    private(set) var pushed: [any SceneView] = []
    private(set) var pops = 0

    func instantiate<View: SceneView>(_ view: View.Type) throws(CommandError) -> View {
        let detail = TodoDetailView(console: console)
        let interactor = TodoDetailInteractor()
        let router = TodoDetailRouter(navigator: self, dataStore: interactor)
        let presenter = TodoDetailPresenter(interactor: interactor, router: router)
        presenter.view = detail
        detail.presenter = presenter
        detail.router = router
        guard let made = detail as? View else { throw CommandError("the list routes to the detail only, not to \(View.self)") }
        return made
    }

    func push(_ scene: any SceneView) { pushed.append(scene) }
    func pop() { pops += 1 }
    func present(_ scene: any SceneView) { Issue.record("present") }
    func dismiss() { Issue.record("dismiss") }
}

/// The package's folder (`Apps/todo`), for its transcripts.
let packageFolder: String = {
    var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/todoTests/TestDoubles.swift
    return parts.joined(separator: "/")
}()

/// The text of the file at `path` ("" and an issue recorded when it cannot be read).
func contents(of path: String) -> String {
    guard let file = fopen(path, "r") else {
        Issue.record("cannot open \(path)")
        return ""
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}
