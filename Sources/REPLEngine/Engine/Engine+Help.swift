/// `help` and `state`: what can be typed here, and the stack with every scene's DataStore.
extension Engine {
    func printHelp(for command: Command<AnyObject>) {
        console.writeLine("usage: \(command.usage)", style: .bold)
        console.writeWrappedLine("  \(command.summary)", indent: 2)
        if !command.aliases.isEmpty { console.writeLine("  also: \(command.aliases.joined(separator: ", "))") }
        console.writeLine("example: \(command.example)")
    }

    func printHelp() {
        let (scene, global) = availableCommands
        let width = (scene + global).map { TerminalText.width($0.usage) }.max() ?? 0
        func list(_ title: String, _ commands: [Command<AnyObject>]) {
            console.writeLine(title, style: .bold)
            for command in commands {
                var usage = command.usage
                if !command.aliases.isEmpty { usage = ([command.name] + command.aliases).joined(separator: ", ") }
                // On a terminal, a summary wider than the window goes on under itself, not under the usage.
                console.writeWrappedLine("  \(TerminalText.pad(usage, toWidth: width))  \(command.summary)", indent: width + 4)
            }
        }
        if let top = sceneNavigator.stack.top {
            list("\(top.module.name) commands:", scene)
            if scene.isEmpty { console.writeLine("  (none)") }
        } else {
            // An engine never started on a root (it had an empty heading here).
            console.writeLine("no scene is shown: the app started none (engine.start(root:)), so only the global commands run", style: .dim)
        }
        let below = commandsRunBelowNames
        if !below.isEmpty {
            console.writeWrappedLine("  Also \(below.joined(separator: ", ")): back to the list, and run there.", indent: 2)
        }
        list("global commands:", global)
        console.writeWrappedLine("Type 'help COMMAND' or 'COMMAND --help' for one command's usage and an example.", indent: 2, style: .dim)
        let repeating = scene.flatMap { command -> [String] in
            switch command.repetition {
            case .never: []
            case .always: [command.name]
            case .whenFirstArgument(let words): words.map { "\(command.name) \($0)" }
            }
        }
        if !repeating.isEmpty {
            console.writeWrappedLine(
                "At the prompt, an empty line repeats \(repeating.joined(separator: ", ")) (the last one typed).", indent: 2, style: .dim)
        }
        let names = Set(scene.map(\.name))
        if names.contains("next") && names.contains("prev") {
            console.writeWrappedLine(
                "On an empty line, PageDown, Right and Space run 'next'; PageUp, Left and Backspace 'prev'.", indent: 2, style: .dim)
        }
    }

    /// `APP help COMMAND` at the shell: the usage of a command of any scene, the one on top first,
    /// then the registered scenes in order (naming the scene it belongs to), then the global ones.
    /// Throws with a "did you mean" when no scene has it.
    package func printHelp(forCommandOfAnyScene word: String) throws(CommandError) {
        if let (command, _) = resolve(word) ?? runBelow(word) {
            printHelp(for: command)
            return
        }
        if let module = sceneNavigator.registry.modules.first(where: { $0.command(named: word) != nil }),
            let command = module.command(named: word)
        {
            console.writeLine("(a command of the \(module.name) scene)", style: .dim)
            printHelp(for: command)
            return
        }
        let shown = TerminalText.truncate(word, toWidth: 40)
        if let suggestion = Suggestion.closest(to: word, among: everyCommandName) {
            throw CommandError("no scene has a command '\(shown)': did you mean '\(suggestion)'?", kind: .unknownCommand)
        }
        throw CommandError("no scene has a command '\(shown)'", kind: .unknownCommand)
    }

    func helpTopic(_ word: String) throws {
        if let (command, _) = resolve(word) ?? runBelow(word) {
            printHelp(for: command)
            return
        }
        throw unknownCommand(word)
    }

    /// What `state --json` prints: the stack and every scene's DataStore fields, on one line.
    package func stateJSON() -> String {
        var writer = JSONWriter()
        writer.field("stack", .strings(sceneNavigator.stack.names))
        for entry in sceneNavigator.stack.entries {
            for field in entry.scene.stateFields() { writer.field(field.key, field.value) }
        }
        return writer.finish()
    }

    func printState(json: Bool) {
        if json {
            console.writeLine(stateJSON())
            return
        }
        console.writeLine("stack: \(sceneNavigator.stack.names.joined(separator: " > "))")
        for entry in sceneNavigator.stack.entries {
            let fields = entry.scene.stateFields()
            guard !fields.isEmpty else { continue }
            console.writeLine("\(entry.module.name):")
            for field in fields {
                console.writeLine("  \(field.key): \(Self.describe(field.value))")
            }
        }
    }

    private static func describe(_ value: StateField.Value) -> String {
        switch value {
        case .int(let n): String(n)
        case .number(let x): x.isFinite ? x.description : "(none)"
        case .string(let s): TerminalText.oneLine(s)
        // Each quoted as it is typed when it holds a blank (a file name), so that the list reads back.
        case .strings(let list): list.isEmpty ? "(none)" : list.map { Tokenizer.quoted(TerminalText.oneLine($0)) }.joined(separator: " ")
        case .bool(let flag): flag ? "yes" : "no"
        case .object(let fields): fields.map { "\($0.key) \(describe($0.value))" }.joined(separator: ", ")
        case .list(let values): values.isEmpty ? "(none)" : values.map(describe).joined(separator: "; ")
        case .null: "(none)"
        }
    }
}
