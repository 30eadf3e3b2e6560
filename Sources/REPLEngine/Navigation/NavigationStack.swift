/// What routers drive: the navigation controller of a terminal app.
@MainActor
public protocol Navigator: AnyObject {
    /// Makes a registered scene, as a storyboard instantiates a view controller; throws, saying why,
    /// when `view` was never registered.
    func instantiate<View: SceneView>(_ view: View.Type) throws(CommandError) -> View
    /// Pushes a scene on the stack; it loads, and what its loading throws is thrown.
    func push(_ scene: any SceneView) throws(CommandError)
    /// Pops the top scene; the one below appears again.
    func pop() throws(CommandError)
    /// Presents a scene as a sheet over the top one; it loads.
    func present(_ scene: any SceneView) throws(CommandError)
    /// Dismisses the sheet on top; the scene below appears again.
    func dismiss() throws(CommandError)
}

/// The navigation stack as a value: what `state` prints and tests compare.
@MainActor
struct NavigationStack {
    enum Presentation: Equatable { case root, pushed, sheet }

    /// A class, so that reading the top entry (every command does, to find its command and to write
    /// the prompt) retains one object, not each of its module's fields.
    final class Entry {
        let scene: any SceneView
        let module: SceneModule
        let presentation: Presentation
        /// The module's commands, held here too: finding the command a line names (every line does)
        /// reads one reference instead of copying the module.
        let commands: CommandTable

        init(scene: any SceneView, module: SceneModule, presentation: Presentation) {
            self.scene = scene
            self.module = module
            self.presentation = presentation
            commands = module.commands
        }
    }

    private(set) var entries: [Entry] = []

    var top: Entry? { entries.last }
    var names: [String] { entries.map(\.module.name) }
    var isAtRoot: Bool { entries.count <= 1 }

    mutating func append(_ entry: Entry) { entries.append(entry) }

    /// Removes the top entry if it was shown the way `presentation` says; else why not, and the
    /// stack is left as it is.
    mutating func removeTop(_ presentation: Presentation) -> String? {
        guard let top, top.presentation == presentation else {
            return
                "there is no \(presentation) scene on top to remove (the top is \(top.map { "\($0.module.name) (\($0.presentation))" } ?? "none"))"
        }
        entries.removeLast()
        return nil
    }
}
