/// Which command a typed word names here: the top scene's, a global one, or one of a scene below
/// that the top scene runs there; and why none, in words that say what to type instead.
extension Engine {

    /// The command `word` names here, and what it runs on: the top scene's commands come first.
    func resolve(_ word: String) -> (Command<AnyObject>, AnyObject)? {
        if let top = sceneNavigator.stack.top, let command = top.commands[word] {
            return (command, top.scene)
        }
        if let command = globals[word] {
            return (command, self)
        }
        return nil
    }

    /// The command `word` names in the nearest scene below the top one that has it, when the top
    /// scene runs it there (`SceneView.commandsRunBelow`) and does not have it itself.
    func runBelow(_ word: String) -> (Command<AnyObject>, AnyObject)? {
        guard let top = sceneNavigator.stack.top, top.module.commandsRunBelow.contains(word), top.commands[word] == nil else { return nil }
        for entry in sceneNavigator.stack.entries.dropLast().reversed() {
            if let command = entry.commands[word] { return (command, entry.scene) }
        }
        return nil
    }

    /// The commands available now, as `help` lists them: the top scene's, then the global ones it
    /// does not replace.
    var availableCommands: (scene: [Command<AnyObject>], global: [Command<AnyObject>]) {
        var scene = sceneNavigator.stack.top?.module.commands.all ?? []
        if let order = sceneNavigator.stack.top?.scene.helpOrder, !order.isEmpty {
            scene = order.compactMap { name in scene.first { $0.name == name } } + scene.filter { !order.contains($0.name) }
        }
        let global = globals.all.filter { g in !scene.contains { $0.name == g.name } }
        return (scene, global)
    }

    /// Every command's name and alias, of every registered scene and the global ones, each once,
    /// in the order `help` lists them.
    package var everyCommandName: [String] {
        var seen = Set<String>()
        return
            (sceneNavigator.registry.modules.flatMap { $0.commands.all.flatMap { [$0.name] + $0.aliases } }
            + globals.all.flatMap { [$0.name] + $0.aliases })
            .filter { seen.insert($0).inserted }
    }

    /// Every command the session knows, scene by scene in the order the scenes were registered,
    /// then the global ones (scene "global"): what `help` lists in each scene, for a reference of
    /// them all (a manual page).
    package var commandReference: [(scene: String, commands: [(usage: String, summary: String)])] {
        func entries(_ commands: [Command<AnyObject>]) -> [(usage: String, summary: String)] {
            commands.map { command in
                (command.aliases.isEmpty ? command.usage : ([command.usage] + command.aliases).joined(separator: ", "), command.summary)
            }
        }
        return sceneNavigator.registry.modules.map { ($0.name, entries($0.commands.all)) } + [("global", entries(globals.all))]
    }

    /// Whether an empty line typed after `line` would run it again: its command, in the scene on top
    /// now, repeats (`next`, `grid next`). Asked before the line runs, which may change the scene.
    package func repeatsOnEmptyLine(_ line: String) -> Bool {
        guard let words = try? Tokenizer.words(line), let name = words.first, let (command, _) = resolve(name) ?? runBelow(name) else {
            return false
        }
        return command.repetition.applies(to: Array(words.dropFirst()))
    }

    /// Every name that can be typed now, aliases included.
    package var commandNames: [String] {
        let (scene, global) = availableCommands
        return (scene + global).flatMap { [$0.name] + $0.aliases } + commandsRunBelowNames
    }

    /// The names the top scene runs in a scene below, in the order it declares them.
    var commandsRunBelowNames: [String] {
        sceneNavigator.stack.top?.module.commandsRunBelow.filter { runBelow($0) != nil } ?? []
    }

    func unknownCommand(_ word: String) -> CommandError {
        let shown = TerminalText.truncate(word, toWidth: 40)
        // A command of another scene is not a typo: say where it belongs.
        let elsewhere = sceneNavigator.registry.scenes(having: word)
        if !elsewhere.isEmpty {
            let here = sceneNavigator.stack.top?.module.name ?? "this scene"
            let scenes = elsewhere.count == 1 ? "the \(elsewhere[0]) scene" : "the \(elsewhere.joined(separator: " and ")) scenes"
            return CommandError("'\(shown)' works in \(scenes), not in \(here) (type 'help' for the commands here)", kind: .unknownCommand)
        }
        if let suggestion = Suggestion.closest(to: word, among: commandNames) ?? Suggestion.synonym(of: word, among: commandNames) {
            return CommandError(
                "unknown command '\(shown)': did you mean '\(suggestion)'? (type 'help' for the commands here)", kind: .unknownCommand)
        }
        return CommandError("unknown command '\(shown)' (type 'help' for the commands here)", kind: .unknownCommand)
    }

    func arityProblem(_ command: Command<AnyObject>, _ count: Int) -> CommandError? {
        let declared = command.arguments.count
        if count <= command.maximumCount ?? .max && count >= command.requiredCount { return nil }
        let usage = "usage: \(command.usage)"
        if count < command.requiredCount {
            let missing = command.arguments[count].name  // required arguments come first
            return CommandError("'\(command.name)' needs \(missing) (\(usage))", kind: .usage)
        }
        if declared == 0 {
            return CommandError("'\(command.name)' takes no arguments (\(usage))", kind: .usage)
        }
        return CommandError("'\(command.name)' takes at most \(declared) argument\(declared == 1 ? "" : "s") (\(usage))", kind: .usage)
    }
}
