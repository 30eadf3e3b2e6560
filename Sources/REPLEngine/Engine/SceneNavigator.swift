/// The engine's navigation controller: it makes registered scenes, keeps the stack they are shown on,
/// and pushes, presents, pops and dismisses them (`Navigator`, which routers drive). A mistake (a
/// scene never registered, nothing to pop) fails the command being run, saying why.
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

    /// Makes a scene of a registered type with the module's `make`; nil, the command being run
    /// failing with the reason, for a type never registered.
    func instantiate<View: SceneView>(_ view: View.Type) -> View? {
        guard let module = registry.module(for: view) else {
            console.fail(SceneRegistry.notRegistered(view))
            return nil
        }
        let made = module.make(SceneContext(navigator: self, effects: effects, console: console, questions: questions))
        guard let scene = made as? View else {
            console.fail("the module registered for \(view) made a \(type(of: made)), not a \(view)")
            return nil
        }
        return scene
    }

    /// Shows `scene` as the root of the stack.
    func showRoot(_ scene: any SceneView) { show(scene, as: .root) }

    /// Pushes `scene` on the stack; it loads (`sceneDidLoad`).
    func push(_ scene: any SceneView) { show(scene, as: .pushed) }

    /// Presents `scene` as a sheet over the top one; it loads.
    func present(_ scene: any SceneView) { show(scene, as: .sheet) }

    /// Pops the pushed scene on top; the one below appears again (`sceneWillAppear`).
    func pop() {
        if let problem = stack.removeTop(.pushed) { return console.fail("cannot go back: \(problem)") }
        stack.top?.scene.sceneWillAppear()
    }

    /// Dismisses the sheet on top; the one below appears again.
    func dismiss() {
        if let problem = stack.removeTop(.sheet) { return console.fail("cannot close the sheet: \(problem)") }
        stack.top?.scene.sceneWillAppear()
    }

    /// The global `back`: dismisses a sheet, pops a pushed scene, and says so at the root.
    func goBack() {
        if stack.isAtRoot {
            console.writeLine("Already at the root scene (\(stack.top?.module.name ?? "none")): nothing to go back to.")
            return
        }
        if stack.top?.presentation == .sheet { dismiss() } else { pop() }
    }

    private func show(_ scene: any SceneView, as presentation: NavigationStack.Presentation) {
        guard let module = registry.module(for: type(of: scene)) else {
            return console.fail(SceneRegistry.notRegistered(type(of: scene)))
        }
        stack.append(.init(scene: scene, module: module, presentation: presentation))
        scene.sceneDidLoad()
    }
}
