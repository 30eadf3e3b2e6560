import SystemCalls
import REPLEngine

/// What an app's command line asks for, read by `LaunchCommand.parse` (a small parser of its own, so
/// that apps start without loading an argument-parsing library):
///
///     APP [OPTIONS] [--record FILE] [--transcript FILE]
///     APP run [OPTIONS] [--keep-going] [--allow-writes DIR] [--record FILE] [--transcript FILE] FILE…
///     APP test [OPTIONS] [--update] FILE|FOLDER…
///     APP --help | APP help [run|test] | APP --version
///
/// `OPTIONS` are the app's own (`AppOption`), accepted anywhere on the line; an app without options
/// has no `[OPTIONS]`.
public enum LaunchCommand: Equatable, Sendable {
    /// No command: the interactive REPL on a terminal, else standard input as a script.
    case session(SessionOutputs)
    /// `run`: scripts replayed in one session, printing the transcript.
    case run(files: [String], keepGoing: Bool, outputs: SessionOutputs)
    /// `test`: golden transcripts checked (and, with `update`, rewritten where they differ).
    case test(paths: [String], update: Bool)
    /// `--help`, `help`, `help run`: the usage of the app or of one command.
    case help(topic: Topic)
    /// `help COMMAND` (not run or test): a scene's command, as `help COMMAND` inside explains it.
    case commandHelp(String)
    /// `--version`.
    case version
    /// `--generate-completion-script SHELL`: the completion script for bash, zsh or fish.
    case completionScript(shell: String)
    /// `--generate-manual`: the manual page, in man(7) format.
    case manual

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
        /// The exit status: 64, a command line not as it should be, unless it names something that
        /// is not there (66, as `cat` exits when a file it is given is missing).
        public var exitCode: Int32 = ExitStatus.usage

        /// A usage error saying `message`, e.g. "--seed takes a whole number, not 'x' (type e.g.
        /// --seed 7)": what is wrong and what to type instead.
        public init(_ message: String, exitCode: Int32 = ExitStatus.usage) {
            self.message = message
            self.exitCode = exitCode
        }
    }

    /// The message for `test --update` on CI, which is refused: golden transcripts change on a
    /// developer's machine, after the diff was read, never by themselves.
    package static let updateRefusedOnCI = "--update refuses to run when CI is set: golden transcripts change only on a developer's machine"

    /// Reads the arguments after the program's name.
    /// - Parameters:
    ///   - arguments: the command line, without the program's name.
    ///   - appName: the app's name, for messages.
    ///   - isOnCI: whether `CI` is set; `test --update` is refused then.
    package static func parse(_ arguments: [String], appName: String, isOnCI: Bool = AppEnvironment.isOnCI) throws(UsageError)
        -> LaunchCommand
    {
        try parse(arguments, appName: appName, options: [], isOnCI: isOnCI).command
    }

    /// Reads the arguments after the program's name, for an app with options of its own: the
    /// launcher's command, and the app's options in the order typed, wherever they were (before or
    /// after `run` or `test`, as `--name VALUE` or `--name=VALUE`), for the app to read.
    /// - Parameters:
    ///   - arguments: the command line, without the program's name.
    ///   - appName: the app's name, for messages.
    ///   - options: the app's options (none: only the launcher's are accepted).
    ///   - isOnCI: whether `CI` is set; `test --update` is refused then.
    ///   - argumentAsOptions: what a word that is neither a command nor an option stands for, when
    ///     the app knows (a photo viewer takes a folder for `--folder FOLDER`); nil: the word is refused.
    ///     It throws when the word is meant as something that is not there (a missing path).
    package static func parse(
        _ arguments: [String], appName: String, options: [AppOption], isOnCI: Bool = AppEnvironment.isOnCI,
        argumentAsOptions: (String) throws(UsageError) -> [AppOption.Given]? = { _ in nil }, argumentName: String? = nil
    ) throws(UsageError) -> (command: LaunchCommand, options: [AppOption.Given], readsConfig: Bool) {
        let hasOptions = options.contains { !$0.isHidden }
        var topic: Topic = .app
        var command: String?
        var positional: [String] = []
        var given: [AppOption.Given] = []
        var record: String?, transcript: String?
        var allowedWrites: [String] = []
        var keepGoing = false, update = false, help = false, readsConfig = true
        var optionsEnded = false
        var i = 0
        func usage(_ message: String) -> UsageError {
            UsageError("\(message) (usage: \(usageLine(for: topic, appName: appName, hasOptions: hasOptions, argument: argumentName)))")
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
            if let declared = options.first(where: { $0.name == option }) {
                do throws(UsageError) {
                    given.append(try declared.read(attached: attached, arguments, at: &i))
                } catch {
                    throw usage(error.message)
                }
                continue
            }
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
                if command == nil { return (.version, given, readsConfig) }
                throw usage("--version is not an option of '\(appName) \(command!)'")
            case "--generate-completion-script":
                guard command == nil else { throw usage("\(option) is not an option of '\(appName) \(command!)'") }
                let shells = CommandLineReference.shells
                guard let shell = attached ?? (i < arguments.count ? arguments[i] : nil) else {
                    throw usage("\(option) needs a shell: \(shells.joined(separator: ", "))")
                }
                guard shells.contains(shell) else {
                    throw usage("\(option) takes \(shells.joined(separator: ", ")), not '\(shell)'")
                }
                return (.completionScript(shell: shell), given, readsConfig)
            case "--generate-manual":
                try flag()
                guard command == nil else { throw usage("\(option) is not an option of '\(appName) \(command!)'") }
                return (.manual, given, readsConfig)
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
            case "--allow-writes":
                guard command != "test" else {
                    throw usage("--allow-writes is not an option of '\(appName) test' (a check writes nowhere)")
                }
                guard let folder = attached ?? (i < arguments.count ? arguments[i] : nil) else {
                    throw usage("--allow-writes needs a folder, e.g. --allow-writes ~/Pictures/saved")
                }
                if attached == nil { i += 1 }
                allowedWrites.append(folder)
            case "--no-config":
                try flag()
                readsConfig = false
            case "--keep-going":
                try flag()
                guard command == "run" else { throw usage("--keep-going is an option of '\(appName) run'") }
                keepGoing = true
            case "--update":
                try flag()
                guard command == "test" else { throw usage("--update is an option of '\(appName) test'") }
                update = true
            default:
                let known = launcherOptions + options.filter { !$0.isHidden }.map(\.name)
                if let suggestion = Suggestion.closest(to: option, among: known) {
                    throw usage("unknown option '\(TerminalText.truncate(option, toWidth: 40))': did you mean '\(suggestion)'?")
                }
                throw usage("unknown option '\(TerminalText.truncate(option, toWidth: 40))'")
            }
        }
        if help { return (.help(topic: topic), given, readsConfig) }
        var outputs = SessionOutputs(record: record, transcript: transcript)
        outputs.allowedWrites = allowedWrites
        switch command {
        case "help":
            guard positional.count <= 1 else {
                throw usage("'help' takes one command: run, test, or a command of a scene (e.g. help fetch)")
            }
            switch positional.first {
            case nil: return (.help(topic: .app), given, readsConfig)
            case "run": return (.help(topic: .run), given, readsConfig)
            case "test": return (.help(topic: .test), given, readsConfig)
            case let other?: return (.commandHelp(other), given, readsConfig)
            }
        case "run":
            guard !positional.isEmpty else { throw usage("give at least one script file, e.g. \(appName) run session.txt") }
            return (.run(files: positional, keepGoing: keepGoing, outputs: outputs), given, readsConfig)
        case "test":
            guard !positional.isEmpty else { throw usage("give transcripts or folders, e.g. \(appName) test Examples") }
            if record != nil || transcript != nil {
                throw usage("\(record != nil ? "--record" : "--transcript") is not an option of '\(appName) test'")
            }
            if update && isOnCI { throw UsageError(updateRefusedOnCI) }
            return (.test(paths: positional, update: update), given, readsConfig)
        default:
            if let first = positional.first {
                let shown = TerminalText.truncate(first, toWidth: 60)
                if positional.count == 1, let meant = try argumentAsOptions(first) {
                    return (.session(outputs), given + meant, readsConfig)
                }
                if let suggestion = Suggestion.closest(to: first, among: ["run", "test", "help"]) {
                    throw usage("unknown command '\(shown)': did you mean '\(suggestion)'?")
                }
                throw usage("unknown command '\(shown)': to run a script, type '\(appName) run \(shown)'")
            }
            return (.session(outputs), given, readsConfig)
        }
    }

    /// The launcher's own options, for "did you mean" (the app's are added to them).
    static let launcherOptions = [
        "--help", "--version", "--record", "--transcript", "--keep-going", "--update", "--no-config", "--allow-writes",
        "--generate-completion-script", "--generate-manual"
    ]

    /// Reads words that hold the app's options alone, as a script's or transcript's first line gives
    /// them (`# NAME: --seed 7`): the options in the order typed. The messages say what is wrong,
    /// without a usage line (the caller says where the words come from).
    /// - Parameters:
    ///   - words: the options, split as a command line is.
    ///   - options: the app's options.
    package static func parseOptions(_ words: [String], options: [AppOption]) throws(UsageError) -> [AppOption.Given] {
        var given: [AppOption.Given] = []
        var i = 0
        while i < words.count {
            let word = words[i]
            i += 1
            guard word.hasPrefix("-"), word != "-", word != "--" else {
                throw UsageError("'\(word)' is not an option: only options go here")
            }
            let equals = word.firstIndex(of: "=")
            let name = equals.map { String(word[..<$0]) } ?? word
            guard let declared = options.first(where: { $0.name == name }) else { throw UsageError("unknown option '\(name)'") }
            given.append(try declared.read(attached: equals.map { String(word[word.index(after: $0)...]) }, words, at: &i))
        }
        return given
    }

    /// The usage line for the topic a command gives (`run`'s for `run`…), as usage errors end with.
    static func topic(of command: LaunchCommand) -> Topic {
        switch command {
        case .run: .run
        case .test: .test
        case .help(let topic): topic
        case .session, .version, .completionScript, .manual, .commandHelp: .app
        }
    }

    /// One command's usage line.
    /// - Parameters:
    ///   - topic: the command.
    ///   - appName: the app's name.
    ///   - hasOptions: whether the app has options of its own to list (`[OPTIONS]`).
    ///   - argument: what a lone word on the app's command line may be (a photo viewer's `DIR|PHOTO`).
    package static func usageLine(for topic: Topic, appName: String, hasOptions: Bool = false, argument: String? = nil) -> String {
        let options = hasOptions ? " [OPTIONS]" : ""
        return switch topic {
        case .app: "\(appName)\(options)\(argument.map { " [\($0)]" } ?? "") [--record FILE] [--transcript FILE]"
        case .run: "\(appName) run\(options) [--keep-going] [--allow-writes DIR] [--record FILE] [--transcript FILE] FILE…"
        case .test: "\(appName) test\(options) [--update] FILE|FOLDER…"
        }
    }

    /// The text of `--help` for `topic`.
    /// - Parameters:
    ///   - topic: the app, or one command.
    ///   - appName: the app's name.
    ///   - summary: one line saying what the app is.
    ///   - options: the app's own options, listed first under OPTIONS (the hidden ones are not).
    package static func helpText(for topic: Topic, appName: String, summary: String, options: [AppOption] = [], argument: String? = nil)
        -> String
    {
        let shown = options.filter { !$0.isHidden }
        let hasOptions = !shown.isEmpty
        func usageLine(for topic: Topic, appName: String) -> String {
            Self.usageLine(for: topic, appName: appName, hasOptions: hasOptions, argument: argument)
        }
        let appOptions = shown.map { helpLine($0.label, $0.help) }.joined()
        return switch topic {
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
            \(CommandLineReference.commands.map { helpLine($0.name, $0.help) }.joined())
            OPTIONS:
            \(appOptions)\(CommandLineReference.helpLines(at: .session, appName: appName))
            EXIT CODES: 0 success, 1 a command or a transcript failed, 64 bad usage, 66 a file that cannot
            be read, 69 no libedit to type commands with, 73 an output file that cannot be written, 130 a
            run interrupted (what finished is kept), 128+N an interactive session ended by signal N.

            """
        case .run:
            """
            Replay scripts and print the transcript. A script holds one command per line, as typed;
            blank lines and lines starting with # are skipped; a first line '# \(appName): OPTIONS' (a
            recording's) gives the options it needs, under those typed. The files run one after another
            in one session, which stops at the first error (exit 1) unless --keep-going. '-' reads
            standard input. Each command's output is written when it ends; Ctrl-C, SIGTERM or SIGHUP
            cancel the command running, keep what finished, and exit 130.

            USAGE: \(usageLine(for: .run, appName: appName))

            OPTIONS:
            \(appOptions)\(CommandLineReference.helpLines(at: .run, appName: appName))
            """
        case .test:
            """
            Check golden transcripts: replay their commands and compare the whole output. A transcript
            is what '\(appName) run' prints: '\(appName) run demo.txt --transcript demo.t' makes one, its
            first line the options it needs. In expected lines, [..] matches any text within a line and a
            line '...' matches any number of lines. Folders stand for the *.t files in them. A check has
            no effect outside: what its commands write goes to a folder of its own, and it never goes to
            the network (a network session replays its cassette). Exits 1 if any transcript differs.

            USAGE: \(usageLine(for: .test, appName: appName))

            OPTIONS:
            \(appOptions)\(CommandLineReference.helpLines(at: .test, appName: appName))
            """
        }
    }

    /// One option in `--help`: `  LABEL  TEXT`, the text from the 23rd column (on the next line when
    /// the label is longer) and wrapped at 100 columns.
    static func helpLine(_ label: String, _ text: String) -> String {
        let indent = String(repeating: " ", count: 22)
        var lines: [String] = []
        var line = "  " + label
        var column = line.count
        if column > 20 {
            lines.append(line)
            line = indent
        } else {
            line += String(repeating: " ", count: 22 - column)
        }
        column = 22
        var lineHasWords = false
        for word in text.split(separator: " ") {
            if lineHasWords && column + 1 + word.count > 100 {
                lines.append(line)
                line = indent
                column = 22
                lineHasWords = false
            }
            if lineHasWords {
                line += " "
                column += 1
            }
            line += word
            column += word.count
            lineHasWords = true
        }
        lines.append(line)
        return lines.map { $0 + "\n" }.joined()
    }
}

/// An option of an app's own (a photo viewer's `--seed`, `--preview`…), declared for the launcher: it
/// accepts it anywhere on the command line, before or after `run` and `test`, as `--name VALUE` or
/// `--name=VALUE` (a flag takes no value), hands what was typed to the app to read
/// (`AppOption.Given`), and lists it in `--help` unless it is hidden.
public struct AppOption: Equatable, Sendable {
    /// Its name as typed, with its dashes: `--seed`. Never one of the launcher's own (`--record`,
    /// `--transcript`, `--keep-going`, `--update`, `--help`, `--version`).
    public let name: String
    /// What its value stands for, in `--help` and messages (`SEED`, `COLSxROWS`); nil for a flag,
    /// which takes no value.
    public let valueName: String?
    /// One line for `--help` (it is wrapped to fit).
    public let help: String
    /// Whether `--help` leaves it out (it is still accepted).
    public let isHidden: Bool
    /// What its value can be, for shell completions: nothing to offer, fixed words, files or folders.
    /// A file's or folder's name is a path: in a script's or transcript's header it is relative to
    /// that file, and it is written so into the header of a recording.
    public let values: Values
    /// Whether its value changes what the session prints (a seed, a folder, the pictures' size), as
    /// opposed to how it gets there (a time-out, a cache): such an option is written into the header
    /// of a recording and of a transcript, so that the replay prints the same, and a script with a
    /// header takes it from there rather than from the preferences.
    public let changesOutput: Bool

    /// What shell completions offer for an option's value.
    public enum Values: Equatable, Sendable {
        /// Nothing: a number, a size, a name.
        case text
        /// One of these words.
        case words([String])
        /// A file's name.
        case files
        /// A folder's name.
        case folders
    }

    /// An option that takes a value: `--name VALUE` or `--name=VALUE`.
    /// - Parameters:
    ///   - name: its name with its dashes, e.g. `--seed`.
    ///   - valueName: what its value stands for, e.g. `SEED`.
    ///   - values: what completions offer for the value (default: nothing).
    ///   - help: one line for `--help`.
    ///   - isHidden: whether `--help` leaves it out.
    ///   - changesOutput: whether its value changes what the session prints (see `changesOutput`).
    public init(
        _ name: String, valueName: String, values: Values = .text, help: String, changesOutput: Bool = false, isHidden: Bool = false
    ) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.isHidden = isHidden
        self.values = values
        self.changesOutput = changesOutput
    }

    /// A flag: `--name`, which takes no value.
    /// - Parameters:
    ///   - name: its name with its dashes, e.g. `--verbose`.
    ///   - help: one line for `--help`.
    ///   - changesOutput: whether it changes what the session prints (see `changesOutput`).
    ///   - isHidden: whether `--help` leaves it out.
    public init(flag name: String, help: String, changesOutput: Bool = false, isHidden: Bool = false) {
        self.name = name
        self.valueName = nil
        self.help = help
        self.isHidden = isHidden
        self.values = .text
        self.changesOutput = changesOutput
    }

    /// Whether its value names a file or a folder.
    public var isPath: Bool { values == .files || values == .folders }

    /// An app option as it was typed: for the app to turn into its `Options`.
    public struct Given: Equatable, Sendable {
        /// The option's name, as declared (`--seed`).
        public let name: String
        /// Its value as typed (`7`), not yet checked; nil for a flag. A relative path from a script's
        /// or transcript's header is already joined to that file's folder.
        public let value: String?
        /// The value as it was written, when the launcher changed it: a relative path in a header
        /// (`photos`, where `value` is `Examples/photos`). Messages may name it so, which keeps a
        /// transcript's output the same wherever it is checked from.
        public let asWritten: String?

        /// `name` given with `value` (nil for a flag); `asWritten`, the value as written when it is
        /// not `value` itself.
        public init(name: String, value: String?, asWritten: String? = nil) {
            self.name = name
            self.value = value
            self.asWritten = asWritten
        }

        /// The value as written: `asWritten`, else `value`.
        public var writtenValue: String? { asWritten ?? value }
    }

    /// How `--help` shows it: `--seed SEED`, or the flag's name.
    var label: String { valueName.map { "\(name) \($0)" } ?? name }

    /// This option as typed: its value attached (`--name=VALUE`), else the next word, which `i` is
    /// moved past.
    func read(attached: String?, _ words: [String], at i: inout Int) throws(LaunchCommand.UsageError) -> Given {
        guard let valueName else {
            if attached != nil { throw LaunchCommand.UsageError("\(name) takes no value") }
            return Given(name: name, value: nil)
        }
        if let attached { return Given(name: name, value: attached) }
        guard i < words.count else { throw LaunchCommand.UsageError("\(name) needs a value: type \(name) \(valueName)") }
        i += 1
        return Given(name: name, value: words[i - 1])
    }
}

extension REPLApp {
    /// Whether `command` reads the preferences: a session and `run` do; `test` never (a golden
    /// transcript prints the same on every machine), nor `help COMMAND`.
    private func readsPreferences(_ command: LaunchCommand) -> Bool {
        switch command {
        case .session, .run: true
        default: false
        }
    }

    /// Runs the app from its command line (`LaunchCommand`) and exits with the code the run ended
    /// with. A command line that is not valid (the app's options included) prints
    /// `NAME: MESSAGE (usage: …)` and exits 64.
    public func main(arguments: [String] = Array(CommandLine.arguments.dropFirst())) async -> Never {
        exit(await run(arguments: arguments))
    }

    /// What a lone word on the command line stands for: the app's answer; else, for a command of a
    /// scene (`APP fetch`), where it is typed instead (it is not a script's name).
    private func wordAsOptions(_ word: String) throws(LaunchCommand.UsageError) -> [AppOption.Given]? {
        if let meant = try argumentAsOptions(word) { return meant }
        if promptCommandNames().contains(word) {
            throw LaunchCommand.UsageError(
                "'\(word)' is typed at \(name)'s prompt, not on the command line: start \(name) and type it there (or put it in a script, one command a line, and type '\(name) run FILE')"
            )
        }
        return nil
    }

    /// Runs the app for a command line (without the program's name) and returns the exit code.
    public func run(arguments: [String]) async -> Int32 {
        for variable in secretVariables {
            if let value = getenv(variable) { Secrets.hide(String(cString: value), shownAs: "[\(variable)]") }
        }
        let command: LaunchCommand
        var given = GivenOptions()
        do throws(LaunchCommand.UsageError) {
            let line = try LaunchCommand.parse(
                arguments, appName: name, options: declaredOptions, isOnCI: isOnCI, argumentAsOptions: wordAsOptions,
                argumentName: argumentName)
            command = line.command
            switch command {
            case .help(let topic):
                let text = LaunchCommand.helpText(
                    for: topic, appName: name, summary: summary, options: declaredOptions, argument: argumentName)
                standardOutput.write(Array(text.utf8))
                return ExitStatus.success
            case .version:
                standardOutput.write(Array("\(name) \(version)\n".utf8))
                return ExitStatus.success
            case .completionScript(let shell):
                let text = CompletionScript.text(for: shell, appName: name, options: declaredOptions, promptCommands: promptCommandNames())
                standardOutput.write(Array((text ?? "").utf8))
                return ExitStatus.success
            case .manual:
                let description =
                    manualDescription ?? """
                        With no command, \(name) starts the interactive REPL when standard input and output are terminals, and \
                        otherwise reads commands from standard input as a script. Type 'help' inside for the commands of each scene.

                        A script holds one command per line, as typed; blank lines and lines starting with # are skipped. \
                        '\(name) run' replays scripts and prints the transcript; '\(name) test' checks golden transcripts: \
                        it replays their commands and compares the whole output. In expected lines, [..] matches any text \
                        within a line and a line '...' matches any number of lines.
                        """
                let page = ManualPage.text(
                    appName: name, version: version, summary: summary, description: description,
                    options: declaredOptions, sections: manualSections, replCommands: commandReference(), argument: argumentName)
                standardOutput.write(Array(page.utf8))
                return ExitStatus.success
            case .session, .run, .test, .commandHelp:
                // Preferences first, the command line over them; a transcript's check and `help
                // COMMAND` read none.
                given.typed = line.options
                if line.readsConfig, let configPath, readsPreferences(command) {
                    do throws(ConfigFile.Failure) {
                        // Each value is checked on its own, so its message names its line; every
                        // line that is wrong is said at once. A folder or file that is not there
                        // is said here too: later, a session could not tell it came from this file.
                        let preferences = try ConfigFile.read(configPath, options: declaredOptions) {
                            option throws(LaunchCommand.UsageError) in
                            try options.checkValue(option)
                        }
                        given.preferences = preferences.map(\.option)
                        given.preferenceLines = preferences.map { "\(configPath):\($0.number)" }
                        if case .session = command { given.preferences += impliedByPreferences(given.preferences, given.typed) }
                    } catch {
                        printError(error.message)
                        return error.exitCode
                    }
                }
                // The options typed must go together (with the preferences that go with them); for
                // `run` and `test`, with a script's or transcript's header, which is read later: each
                // value is checked here, and they are checked together then.
                do throws(LaunchCommand.UsageError) {
                    switch command {
                    case .run, .test:
                        for option in given.typed { try options.checkValue(option) }
                    default:
                        _ = try options.options(options.layered(given.preferences, under: given.typed))
                    }
                } catch {
                    let usage = LaunchCommand.usageLine(
                        for: LaunchCommand.topic(of: command), appName: name, hasOptions: declaredOptions.contains { !$0.isHidden },
                        argument: argumentName)
                    throw LaunchCommand.UsageError("\(error.message) (usage: \(usage))")
                }
            }
        } catch {
            printError(error.message)
            return error.exitCode
        }
        switch command {
        case .session(let outputs):
            return await session(given, outputs)
        case .run(let files, let keepGoing, let outputs):
            return await scripts(files, given, keepGoing: keepGoing, outputs)
        case .test(let paths, let update):
            return await transcripts(paths, options: given.typed, update: update)
        case .commandHelp(let word):
            return commandHelp(word, given)
        case .help, .version, .completionScript, .manual:
            return ExitStatus.success
        }
    }
}

/// The app's options as they were given: typed on the command line, and read from the preferences
/// (unless `--no-config`). They are settled with a script's or transcript's header, when there is
/// one, by `REPLApp.settle`.
struct GivenOptions {
    var typed: [AppOption.Given] = []
    var preferences: [AppOption.Given] = []
    /// Where each preference was written: `FILE:LINE`.
    var preferenceLines: [String] = []
}
