/// The commands every scene has, provided by the engine.
@MainActor
enum GlobalCommands {
    /// Names no scene may define: every global one but `back`, which a scene may route through its own
    /// router.
    static let reserved = Set(all.flatMap { [$0.name] + $0.aliases }).subtracting(["back"])

    static let all: [Command<Engine>] = [
        Command(
            "help", arguments: [Argument("COMMAND", optional: true, completion: .commands)],
            summary: "the commands of this scene and the global ones, or one command's usage",
            example: "help count"
        ) { engine, arguments in
            if let topic = arguments.first { try engine.helpTopic(topic) } else { engine.printHelp() }
        },
        Command("back", summary: "go back to the previous scene") { engine, _ in
            try engine.sceneNavigator.goBack()
        },
        Command(
            "state", arguments: [Argument("--json", optional: true, completion: .words(["--json"]))],
            summary: "the navigation stack and the DataStores (--json: one line of JSON)",
            example: "state --json"
        ) { engine, arguments in
            if let flag = arguments.first, flag != "--json" {
                throw CommandError("'state' takes only --json, not '\(TerminalText.truncate(flag, toWidth: 40))' (usage: state [--json])")
            }
            engine.printState(json: !arguments.isEmpty)
        },
        Command(
            "run", arguments: [Argument("FILE", completion: .files)],
            summary: "run the commands of a script FILE in this session, up to its first error",
            example: "run Examples/demo.txt"
        ) { engine, arguments in
            try await engine.runScript(arguments[0])
        },
        Command(
            "record", arguments: [Argument("FILE|stop", completion: .files)],
            summary: "write the commands from now on to a script FILE (replay it with run); 'record stop' ends it",
            example: "record session.txt"
        ) { engine, arguments in
            engine.recording.isRecordCommand = true
            engine.recording.ranRecordCommand = true
            if arguments[0] == "stop" {
                let failures = engine.recording.failures.count
                if let path = engine.recording.stop() {
                    if engine.recording.failures.count > failures {
                        throw CommandError("\(engine.recording.failures.last!): nothing was put at \(path)")
                    }
                    engine.console.writeLine("Recording stopped: \(path).")
                } else {
                    engine.console.writeLine("Not recording.")
                }
                return
            }
            let before = try engine.recording.start(to: arguments[0])
            let earlier =
                switch before {
                case 0?: ""
                case let count?: ", with the \(count == 1 ? "command" : "\(count) commands") before it (its replay needs them)"
                case nil: " (the commands before it were too many to keep: it replays from a new session)"
                }
            engine.console.writeLine("Recording to \(arguments[0])\(earlier); type 'record stop' to end.")
        },
        Command("quit", aliases: ["exit"], summary: "leave the session (Ctrl-D does too)") { engine, _ in
            engine.requestQuit()
        }
    ]
}
