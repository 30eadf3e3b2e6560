/// The scene types an app registered, by type (what routers instantiate) and in the order they were
/// registered (what `help` and the manual page list).
@MainActor
struct SceneRegistry {
    private var byType: [ObjectIdentifier: SceneModule] = [:]
    /// In the order they were registered.
    private(set) var modules: [SceneModule] = []

    /// Registers a scene type: once per type, and with none of the global commands' names. A
    /// mistake here is the app's, made once at start-up, as a duplicate key in a dictionary literal.
    mutating func register(_ module: SceneModule) {
        precondition(byType[module.type] == nil, "scene \(module.name) registered twice")
        for command in module.commands.all where GlobalCommands.reserved.contains(command.name) {
            preconditionFailure("scene \(module.name) cannot define the global command \(command.name)")
        }
        byType[module.type] = module
        modules.append(module)
    }

    /// The module registered for `view`, if any.
    func module(for view: Any.Type) -> SceneModule? {
        byType[ObjectIdentifier(view)]
    }

    /// The names of the scenes that have a command named `word`, in the order they were registered.
    func scenes(having word: String) -> [String] {
        modules.filter { $0.command(named: word) != nil }.map(\.name)
    }

    /// Why `view` cannot be shown: it was never registered.
    static func notRegistered(_ view: Any.Type) -> String {
        "the scene \(view) is not registered with the engine: register its module (engine.register(…)) before it is shown"
    }
}
