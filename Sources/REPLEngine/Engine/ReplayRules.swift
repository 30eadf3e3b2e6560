/// What holds while the commands run come from a script: where they may write (`ScriptWrites`), and,
/// in a transcript's check, where their writes go instead (`ReplayWrites`); with what a transcript's
/// header must say of it for its check to run the same way.
@MainActor
package final class ReplayRules {
    /// Where a replayed script's commands may write; nil: anywhere. Set by the launcher; `run FILE`
    /// allows the script's own folder too.
    package var scriptWrites: ScriptWrites?
    /// Whether the commands run now come from a script (`APP run`, `APP < FILE`, `run FILE`), not
    /// typed at the prompt: `scriptWrites` holds them then.
    package var replaysScript = false
    /// How many writes the rules of replayed scripts refused: a transcript of the session says so
    /// in its header, for its check to hold its commands to the same rules.
    package private(set) var scriptWriteRefusals = 0
    /// Whether a transcript's check holds its commands to the rules of replayed scripts (its
    /// session was one, and they refused writes).
    package var checksScriptWrites = false
    /// How the app's scripts' headers begin (`# APP:`), set by the launcher: `run FILE` in a session
    /// says that a header's options do not apply there.
    package var scriptHeaderPrefix: String?
    /// Whether a command was given a file's name (an argument Tab completes as files): its
    /// transcript's check must resolve the name from the folder the session ran in.
    package var namedFiles = false
    /// When set (a transcript's check), files the session's commands write go there instead, under
    /// names made from the paths asked: a replay has no effect outside it.
    package var replayWrites: ReplayWrites?

    /// Why a replayed script may not write `path` (nil: it may, or no script is replayed, or a
    /// transcript's check writes into its own folder).
    func scriptWriteProblem(_ path: String) -> String? {
        guard replaysScript, replayWrites == nil || checksScriptWrites, let scriptWrites else { return nil }
        let writes = replayWrites
        // In a check, a file the check wrote in its own folder is there too.
        let problem = scriptWrites.problem(writing: path, from: writes?.workingFolder, alsoThere: { writes?.wrote($0) ?? false })
        if problem != nil { scriptWriteRefusals += 1 }
        return problem
    }

    /// Why a replayed script may not write new files into the folder `path` (nil: it may).
    func scriptWriteProblem(into path: String) -> String? {
        guard replaysScript, replayWrites == nil || checksScriptWrites, let scriptWrites else { return nil }
        let problem = scriptWrites.problem(writingInto: path, from: replayWrites?.workingFolder)
        if problem != nil { scriptWriteRefusals += 1 }
        return problem
    }

    /// Why a replayed script's command may not write what it names: a file elsewhere or one that is
    /// there, or `--force`, which replaces (nil: it may).
    func writeProblem(_ command: Command<AnyObject>, _ arguments: Arguments) -> CommandError? {
        guard replayWrites == nil || checksScriptWrites, scriptWrites != nil else { return nil }
        if arguments.contains("--force") {
            scriptWriteRefusals += 1
            return CommandError("\(command.name) --force replaces a file, which a replayed script may not do (type it at the prompt)")
        }
        var position = 0
        for word in arguments where !word.hasPrefix("-") {
            defer { position += 1 }
            guard let argument = command.argument(at: position), argument.writesFile || argument.writesInto else { continue }
            // A whole number names no folder to write into (`./4` does): photorepl's `move 4` is a position.
            if argument.writesInto, word.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) { continue }
            let problem = argument.writesInto ? scriptWriteProblem(into: word) : scriptWriteProblem(word)
            guard let problem else { continue }
            return CommandError("\(command.name) \(TerminalText.truncate(TerminalText.oneLine(word), toWidth: 60)): \(problem)")
        }
        return nil
    }
}
