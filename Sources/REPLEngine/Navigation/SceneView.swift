/// A scene as the engine sees it: the View of a Clean Swift scene, which turns typed arguments into
/// Requests and ViewModels into lines. The engine knows nothing else about it.
@MainActor
public protocol SceneView: AnyObject {
    /// The name the scene is registered under and shown in `state`: "collection".
    static var sceneName: String { get }
    /// What can be typed while this scene is on top. A `back` command here replaces the engine's.
    static var commands: [Command<Self>] { get }
    /// What this scene adds to the prompt: "detail 2".
    var title: String { get }
    /// Once, right after the scene was pushed or presented (viewDidLoad).
    func sceneDidLoad()
    /// When the scene is on top again because the one above it left (viewWillAppear).
    func sceneWillAppear()
    /// The scene's DataStore, for `state`.
    func stateFields() -> [StateField]
    /// Candidates for an argument declared with `.positions` completion.
    func positions(for command: String) -> [String]
}

extension SceneView {
    public func sceneDidLoad() {}
    public func sceneWillAppear() {}
    public func stateFields() -> [StateField] { [] }
    public func positions(for command: String) -> [String] { [] }
}

/// What a scene makes available to its router and view: navigation, output, and running a command
/// as if it had been typed (for shortcuts that are several commands in a row).
@MainActor
public struct SceneContext {
    public unowned let navigator: any Navigator
    public unowned let commands: any CommandPerformer
    public unowned let effects: any SceneEffects
    public let console: Console
}

/// Asynchronous work that belongs to the command being run, such as a scene loading its picture as
/// it appears: the engine awaits it before that command ends, so output stays in order, a script
/// replays deterministically, and Ctrl-C cancels it together with the command. (A scene appears in
/// `sceneDidLoad`, which is synchronous, like the view controller callbacks it stands for.)
@MainActor
public protocol SceneEffects: AnyObject {
    func finishBeforeCommandEnds(_ work: @escaping @MainActor () async -> Void)
}

/// Runs a command as if it had been typed at the current scene.
@MainActor
public protocol CommandPerformer: AnyObject {
    /// Throws the command's `CommandError` when it fails.
    func perform(_ words: [String]) async throws
}

/// A scene type registered with the engine: its commands and how to make one (with the
/// dependencies the composition root injected into the closure).
@MainActor
public struct SceneModule {
    public let name: String
    let type: ObjectIdentifier
    let commands: CommandTable
    let make: @MainActor (SceneContext) -> any SceneView

    public init<View: SceneView>(_ view: View.Type, make: @escaping @MainActor (SceneContext) -> View) {
        name = View.sceneName
        type = ObjectIdentifier(view)
        commands = CommandTable(View.commands.map { $0.erased() })
        self.make = make
    }

    func command(named word: String) -> Command<AnyObject>? { commands[word] }
}

/// One field of a scene's DataStore, for `state` and `state --json`.
public struct StateField: Equatable, Sendable {
    public enum Value: Equatable, Sendable {
        case int(Int)
        case string(String)
        case strings([String])
        /// Fields of their own: `"ratelimit":{"limit":50,"remaining":47}`.
        case object([StateField])
        case null
    }

    public let key: String
    public let value: Value

    public init(_ key: String, _ value: Value) {
        self.key = key
        self.value = value
    }
}
