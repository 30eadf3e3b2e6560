/// The engine's navigation controller: it makes registered scenes, keeps the stack they are shown on,
/// and pushes, presents, pops and dismisses them (`Navigator`, which routers drive). A mistake (a
/// scene never registered, nothing to pop) is thrown, saying why, and fails the command being run.
@MainActor
final class SceneNavigator: Navigator {
    private(set) var registry = SceneRegistry()
    private(set) var stack = NavigationStack()
    private let console: Console
    /// Given to each scene made, for the work it schedules; not owned (the engine owns it).
    private unowned let effects: EffectQueue
    /// Given to each scene made, for the questions it asks; not owned (the engine owns it).
    private unowned let questions: QuestionDesk

    init(console: Console, effects: EffectQueue, questions: QuestionDesk) {
        self.console = console
        self.effects = effects
        self.questions = questions
    }

    func register(_ module: SceneModule) {
        registry.register(module)
    }

    /// Makes a scene of a registered type with the module's `make`; throws the reason for a type
    /// never registered.
    func instantiate<View: SceneView>(_ view: View.Type) throws(CommandError) -> View {
        guard let module = registry.module(for: view) else { throw CommandError(SceneRegistry.notRegistered(view)) }
        let made = module.make(SceneContext(navigator: self, effects: effects, console: console, questions: questions))
        guard let scene = made as? View else {
            throw CommandError("the module registered for \(view) made a \(type(of: made)), not a \(view)")
        }
        return scene
    }

    /// Shows `scene` as the root of the stack.
    func showRoot(_ scene: any SceneView) throws(CommandError) { try show(scene, as: .root) }

    /// Pushes `scene` on the stack; it loads (`sceneDidLoad`).
    func push(_ scene: any SceneView) throws(CommandError) { try show(scene, as: .pushed) }

    /// Presents `scene` as a sheet over the top one; it loads.
    func present(_ scene: any SceneView) throws(CommandError) { try show(scene, as: .sheet) }

    /// Pops the pushed scene on top; the one below appears again (`sceneWillAppear`).
    func pop() throws(CommandError) {
        if let problem = stack.removeTop(.pushed) { throw CommandError("cannot go back: \(problem)") }
        try stack.top?.scene.sceneWillAppear()
    }

    /// Dismisses the sheet on top; the one below appears again.
    func dismiss() throws(CommandError) {
        if let problem = stack.removeTop(.sheet) { throw CommandError("cannot close the sheet: \(problem)") }
        try stack.top?.scene.sceneWillAppear()
    }

    /// The global `back`: dismisses a sheet, pops a pushed scene, and says so at the root.
    func goBack() throws(CommandError) {
        if stack.isAtRoot {
            console.writeLine("Already at the root scene (\(stack.top?.module.name ?? "none")): nothing to go back to.")
            return
        }
        if stack.top?.presentation == .sheet { try dismiss() } else { try pop() }
    }

    /// Puts `scene` on the stack, then loads it: a scene whose loading failed stays shown, as a view
    /// controller whose viewDidLoad found nothing to show.
    private func show(_ scene: any SceneView, as presentation: NavigationStack.Presentation) throws(CommandError) {
        guard let module = registry.module(for: type(of: scene)) else {
            throw CommandError(SceneRegistry.notRegistered(type(of: scene)))
        }
        stack.append(.init(scene: scene, module: module, presentation: presentation))
        try scene.sceneDidLoad()
    }
}
