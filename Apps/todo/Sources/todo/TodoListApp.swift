import REPLEngine
import REPLLauncher

/// The composition root, the seed's `TodoListApp`: the one place that knows every scene and the
/// store. The launcher gives the app its command line (`todo`, `todo run`, `todo test`), the
/// interactive session with history and completion, scripts and transcripts.
@main
@MainActor
enum TodoListApp {
    static let app = REPLApp(
        name: "todo", version: "0.1.0 (commit \(BuildInfo.commit))",
        summary: "A to-do list in a REPL: the VIPER example of seed 002 on photorepl's engine."
    ) { setup in
        let engine = Engine(console: setup.console)
        engine.register(TodoListView.module(store: MemoryTodoStore()))
        engine.register(TodoDetailView.module())
        engine.start(root: TodoListView.self)
        return AppSession(engine: engine)
    }

    static func main() async {
        await app.main()
    }
}
