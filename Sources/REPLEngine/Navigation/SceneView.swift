/// A scene as the engine sees it: the View of a Clean Swift (or VIPER) scene, which turns typed
/// arguments into Requests (or Presenter events) and ViewModels into lines. The engine knows nothing
/// else about it. A scene type is registered with the engine as a `SceneModule`.
@MainActor
public protocol SceneView: AnyObject {
    /// The name the scene is registered under and shown in `state`: "collection".
    static var sceneName: String { get }
    /// What can be typed while this scene is on top. A `back` command here replaces the engine's.
    static var commands: [Command<Self>] { get }
    /// What this scene adds to the prompt: "detail 2".
    var title: String { get }
    /// Once, right after the scene was pushed or presented (viewDidLoad). What it throws fails the
    /// command that showed the scene (which stays shown).
    func sceneDidLoad() throws(CommandError)
    /// When the scene is on top again because the one above it left (viewWillAppear). What it
    /// throws fails the command that left the scene above.
    func sceneWillAppear() throws(CommandError)
    /// The scene's DataStore, for `state` and `state --json`.
    func stateFields() -> [StateField]
    /// What Tab offers for an argument of `command` (its name) declared with `.positions` completion.
    func positions(for command: String) -> [String]
    /// What else Tab offers there once a word is begun: the names the items can be typed by (a
    /// photo's file name), escaped as the tokenizer reads them.
    func names(for command: String) -> [String]
    /// Commands of a scene below this one that, typed here, go back to it and run there (a viewer's
    /// photo takes its list's `open` and `grid`): the nearest scene below that has the command takes
    /// it, the scenes above it leave with their own `back` (its output dropped), and then it runs.
    static var commandsRunBelow: [String] { get }
    /// The commands `help` lists first here, in this order; the others follow as declared (a
    /// viewer's help leads with what a viewer does).
    var helpOrder: [String] { get }
}

extension SceneView {
    /// Does nothing: a scene that shows something when it appears says so.
    public func sceneDidLoad() {}
    /// Does nothing: a scene that shows something when it is on top again says so.
    public func sceneWillAppear() {}
    /// No fields: `state` lists the scene by name only.
    public func stateFields() -> [StateField] { [] }
    /// No positions: Tab offers nothing for `.positions` arguments.
    public func positions(for command: String) -> [String] { [] }
    /// No names: Tab offers the positions only.
    public func names(for command: String) -> [String] { [] }
    /// None: a command this scene lacks is unknown here.
    public static var commandsRunBelow: [String] { [] }
    /// None: `help` lists the commands as declared.
    public var helpOrder: [String] { [] }
}

/// What a scene makes available to its router, interactor and view: navigation, output, and the
/// command's asynchronous work.
///
/// `navigator` and `effects` are the engine itself, which owns the scenes: keep them `unowned` (or
/// `weak`) in the roles that hold them, as the context does. A strong reference from a scene's
/// router or interactor to either makes a cycle (engine → scene → interactor → engine) that keeps
/// the engine and every scene alive after the session ends.
@MainActor
public struct SceneContext {
    /// Where the scene's router pushes, pops, presents and dismisses scenes. Hold it `unowned`.
    public unowned let navigator: any Navigator
    /// Work scheduled from where nothing can be awaited (`sceneDidLoad`, a synchronous command
    /// body), which the engine awaits before the command ends. Hold it `unowned` or `weak`.
    public unowned let effects: any SceneEffects
    /// The only writer of output: the View writes its lines here.
    public let console: Console
    /// Where a command asks the person at the prompt before it acts. Hold it `unowned` or `weak`.
    public unowned let questions: any SceneQuestions
}

/// Asking the person at the prompt before a command acts (a copy of 30 photos): the question
/// becomes the prompt, and the next line typed answers it: `y` or `yes` runs `line` (as if typed,
/// and recorded as it), anything else cancels, saying so. Where no one is there to answer (a
/// script, a pipe), `confirm` returns false and asks nothing: the command then says what to add
/// to act without asking (`--yes`).
@MainActor
public protocol SceneQuestions: AnyObject {
    /// Asks `question` (said before ` [y/N]`); false when no one can answer.
    func confirm(_ question: String, thenRun line: String) -> Bool
}

/// Asynchronous work that belongs to the command being run, scheduled from code that cannot await:
/// a scene's `sceneDidLoad` (synchronous, like the view controller callback it stands for), a
/// synchronous command body, a router. The engine awaits it before that command ends, so output
/// stays in order, a script replays deterministically, and Ctrl-C cancels it together with the
/// command; work scheduled as the root scene loads ends before the first command.
///
/// A command that waits for a worker is better written with an asynchronous body (a `Command`
/// closure that awaits an `async` interactor method): the business logic then needs no engine
/// type, and a test awaits the interactor directly. Effects are for the rest, such as a picture a
/// scene decodes once it has shown its text. No work outlives its command: the next prompt never meets
/// output from the one before.
@MainActor
public protocol SceneEffects: AnyObject {
    /// Schedules `work` to run, to its end, before the command being run ends. What it throws fails
    /// that command: the work scheduled after it is dropped.
    func finishBeforeCommandEnds(_ work: @escaping @MainActor () async throws -> Void)
}

/// A scene type registered with the engine: its commands and how to make one (with the
/// dependencies the composition root injected into the closure).
@MainActor
public struct SceneModule {
    /// The scene's name (`SceneView.sceneName`).
    public let name: String
    let type: ObjectIdentifier
    let commands: CommandTable
    /// `SceneView.commandsRunBelow`, in its order (a few names: a list is searched as fast as a set).
    let commandsRunBelow: [String]
    let make: @MainActor (SceneContext) -> any SceneView

    /// Declares a scene type for `Engine.register`.
    /// - Parameters:
    ///   - view: the scene's View type; its `sceneName` and `commands` are read from it.
    ///   - excluded: commands of `view` this session leaves out, as if the scene had none of that
    ///     name (not in `help`, Tab or dispatch): those of a feature it was not given (judging photos
    ///     where they are no folder's files).
    ///   - make: makes one scene each time a router (or `Engine.start`) asks for it: the View, wired to
    ///     its Interactor, Presenter and Router, with the dependencies the composition root captured.
    public init<View: SceneView>(
        _ view: View.Type, excluding excluded: Set<String> = [], make: @escaping @MainActor (SceneContext) -> View
    ) {
        name = View.sceneName
        type = ObjectIdentifier(view)
        commands = CommandTable(View.commands.filter { !excluded.contains($0.name) }.map { $0.erased() })
        commandsRunBelow = View.commandsRunBelow
        self.make = make
    }

    func command(named word: String) -> Command<AnyObject>? { commands[word] }
}

/// One field of a scene's DataStore, for `state` and `state --json`.
public struct StateField: Equatable, Sendable {
    /// A field's value: what `state --json` writes as JSON, and `state` as words.
    public enum Value: Equatable, Sendable {
        /// A number: `"count":5`.
        case int(Int)
        /// A number with a fraction: `"latitude":44.85048` (written in the fewest digits that read
        /// back as the same number; one that is not finite is `null`).
        case number(Double)
        /// Text: `"source":"embedded"`.
        case string(String)
        /// A list of texts: `"photos":["a","b"]`.
        case strings([String])
        /// `true` or `false` (`yes` or `no` in `state`).
        case bool(Bool)
        /// Fields of their own: `"ratelimit":{"limit":50,"remaining":47}`.
        case object([StateField])
        /// A list of any values, objects included: `"todos":[{"title":"milk","done":false}]`.
        case list([Value])
        /// Nothing: `null` (`(none)` in `state`).
        case null
    }

    /// The field's name: a JSON key.
    public let key: String
    /// The field's value.
    public let value: Value

    /// A field named `key`.
    public init(_ key: String, _ value: Value) {
        self.key = key
        self.value = value
    }
}
