#if canImport(Glibc)
import Glibc
#endif

/// What an app's command line asks for, read by `LaunchCommand.parse` (a small parser of its own, so
/// that apps start without loading an argument-parsing library):
///
///     APP [--record FILE] [--transcript FILE]
///     APP run [--keep-going] [--record FILE] [--transcript FILE] FILE…
///     APP test [--update] FILE|FOLDER…
///     APP --help | APP help [run|test] | APP --version
public enum LaunchCommand: Equatable, Sendable {
    /// No command: the interactive REPL on a terminal, else standard input as a script.
    case session(SessionOutputs)
    /// `run`: scripts replayed in one session, printing the transcript.
    case run(files: [String], keepGoing: Bool, outputs: SessionOutputs)
    /// `test`: golden transcripts checked (and, with `update`, rewritten where they differ).
    case test(paths: [String], update: Bool)
    /// `--help`, `help`, `help run`: the usage of the app or of one command.
    case help(topic: Topic)
    /// `--version`.
    case version

    /// What `--help` explains.
    public enum Topic: Equatable, Sendable {
        /// The app: every command and option.
        case app
        /// `run`.
        case run
        /// `test`.
        case test
    }

    /// A command line that is not valid: the message says what to type instead. Exit 64.
    public struct UsageError: Error, Equatable {
        /// What is wrong, and what to type.
        public let message: String
    }

    /// The message for `test --update` on CI, which is refused: golden transcripts change on a
    /// developer's machine, after the diff was read, never by themselves.
    public static let updateRefusedOnCI = "--update refuses to run when CI is set: golden transcripts change only on a developer's machine"

    /// Reads the arguments after the program's name.
    /// - Parameters:
    ///   - arguments: the command line, without the program's name.
    ///   - appName: the app's name, for messages.
    ///   - isOnCI: whether `CI` is set; `test --update` is refused then.
    public static func parse(_ arguments: [String], appName: String, isOnCI: Bool = AppEnvironment.isOnCI) throws(UsageError) -> LaunchCommand {
        var topic: Topic = .app
        var command: String?
        var positional: [String] = []
        var record: String?, transcript: String?
        var keepGoing = false, update = false, help = false
        var optionsEnded = false
        var i = 0
        func usage(_ message: String) -> UsageError {
            UsageError(message: "\(message) (usage: \(usageLine(for: topic, appName: appName)))")
        }
        while i < arguments.count {
            let word = arguments[i]
            i += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                if command == nil && positional.isEmpty && !optionsEnded, ["run", "test", "help"].contains(word) {
                    command = word
                    topic = word == "run" ? .run : word == "test" ? .test : .app
                } else {
                    positional.append(word)
                }
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            // `--record=FILE` or `--record FILE`.
            let equals = word.firstIndex(of: "=")
            let option = equals.map { String(word[..<$0]) } ?? word
            let attached = equals.map { String(word[word.index(after: $0)...]) }
            func value() throws(UsageError) -> String {
                if let attached { return attached }
                guard i < arguments.count else { throw usage("\(option) needs a FILE, e.g. \(option) session.txt") }
                i += 1
                return arguments[i - 1]
            }
            func flag() throws(UsageError) {
                if attached != nil { throw usage("\(option) takes no value") }
            }
            switch option {
            case "-h", "--help":
                try flag()
                help = true
            case "--version":
                try flag()
                if command == nil { return .version }
                throw usage("--version is not an option of '\(appName) \(command!)'")
            case "--record", "--transcript":
                guard command != "test" else { throw usage("\(option) is not an option of '\(appName) test'") }
                let path = try value()
                if option == "--record" {
                    guard record == nil else { throw usage("--record is given twice") }
                    record = path
                } else {
                    guard transcript == nil else { throw usage("--transcript is given twice") }
                    transcript = path
                }
            case "--keep-going":
                try flag()
                guard command == "run" else { throw usage("--keep-going is an option of '\(appName) run'") }
                keepGoing = true
            case "--update":
                try flag()
                guard command == "test" else { throw usage("--update is an option of '\(appName) test'") }
                update = true
            default:
                throw usage("unknown option '\(option)'")
            }
        }
        if help { return .help(topic: topic) }
        let outputs = SessionOutputs(record: record, transcript: transcript)
        switch command {
        case "help":
            guard positional.count <= 1 else { throw usage("'help' takes one command: run or test") }
            switch positional.first {
            case nil: return .help(topic: .app)
            case "run": return .help(topic: .run)
            case "test": return .help(topic: .test)
            case let other?: throw usage("there is no command '\(other)': the commands are run and test")
            }
        case "run":
            guard !positional.isEmpty else { throw usage("give at least one script file, e.g. \(appName) run session.txt") }
            return .run(files: positional, keepGoing: keepGoing, outputs: outputs)
        case "test":
            guard !positional.isEmpty else { throw usage("give transcripts or folders, e.g. \(appName) test Examples") }
            if record != nil || transcript != nil { throw usage("\(record != nil ? "--record" : "--transcript") is not an option of '\(appName) test'") }
            if update && isOnCI { throw UsageError(message: updateRefusedOnCI) }
            return .test(paths: positional, update: update)
        default:
            if let first = positional.first {
                throw usage("unknown command '\(first)': to run a script, type '\(appName) run \(first)'")
            }
            return .session(outputs)
        }
    }

    /// One command's usage line.
    public static func usageLine(for topic: Topic, appName: String) -> String {
        switch topic {
        case .app: "\(appName) [--record FILE] [--transcript FILE]"
        case .run: "\(appName) run [--keep-going] [--record FILE] [--transcript FILE] FILE…"
        case .test: "\(appName) test [--update] FILE|FOLDER…"
        }
    }

    /// The text of `--help` for `topic`.
    public static func helpText(for topic: Topic, appName: String, summary: String) -> String {
        switch topic {
        case .app:
            """
                \(summary)

                USAGE: \(usageLine(for: .app, appName: appName))
                       \(usageLine(for: .run, appName: appName))
                       \(usageLine(for: .test, appName: appName))

                With no command, \(appName) starts the interactive REPL when standard input and output are
                terminals, and otherwise reads commands from standard input as a script. Type 'help'
                inside for the commands of each scene.

                COMMANDS:
                  run                 Replay scripts and print the transcript.
                  test                Check golden transcripts: replay their commands and compare the whole output.

                OPTIONS:
                  --record FILE       Write the commands of the session to a script that replays it.
                  --transcript FILE   Write the whole transcript of the session (commands and output) to FILE.
                  -h, --help          Show this help ('\(appName) help run' for a command's).
                  --version           Show the version.

                EXIT CODES: 0 success, 1 a command or a transcript failed, 64 bad usage, 66 a file that cannot
                be read, 73 an output file that cannot be written, 128+N ended by signal N.

                """
        case .run:
            """
                Replay scripts and print the transcript. A script holds one command per line, as typed;
                blank lines and lines starting with # are skipped. The files run one after another in one
                session, which stops at the first error (exit 1) unless --keep-going. '-' reads standard input.

                USAGE: \(usageLine(for: .run, appName: appName))

                OPTIONS:
                  --keep-going        Run every command even after errors (still exits 1 if any failed).
                  --record FILE       Write the commands of the session to a script that replays it.
                  --transcript FILE   Write the whole transcript of the session to FILE.

                """
        case .test:
            """
                Check golden transcripts: replay their commands and compare the whole output. A transcript
                is what '\(appName) run' prints, so '\(appName) run demo.txt > demo.t' makes one. In expected lines,
                [..] matches any text within a line and a line '...' matches any number of lines. Folders
                stand for the *.t files in them. Exits 1 if any transcript differs.

                USAGE: \(usageLine(for: .test, appName: appName))

                OPTIONS:
                  --update            Rewrite failing transcripts with the actual output, keeping the lines
                                      that matched a wildcard. Refused when CI is set.

                """
        }
    }
}

extension REPLApp where Options == Void {
    /// Runs the app from its command line (`LaunchCommand`) and exits with the code the run ended
    /// with. A command line that is not valid prints `NAME: MESSAGE (usage: …)` and exits 64.
    public func main(arguments: [String] = Array(CommandLine.arguments.dropFirst())) async -> Never {
        exit(await run(arguments: arguments))
    }

    /// Runs the app for a command line (without the program's name) and returns the exit code.
    public func run(arguments: [String]) async -> Int32 {
        let command: LaunchCommand
        do {
            command = try LaunchCommand.parse(arguments, appName: name, isOnCI: isOnCI)
        } catch {
            printError(error.message)
            return ExitStatus.usage
        }
        switch command {
        case .session(let outputs):
            return await session((), outputs)
        case .run(let files, let keepGoing, let outputs):
            return await scripts(files, (), keepGoing: keepGoing, outputs)
        case .test(let paths, let update):
            return await transcripts(paths, (), update: update)
        case .help(let topic):
            standardOutput.write(Array(LaunchCommand.helpText(for: topic, appName: name, summary: summary).utf8))
            return ExitStatus.success
        case .version:
            standardOutput.write(Array((version + "\n").utf8))
            return ExitStatus.success
        }
    }
}
