/// The launcher's command line, declared once: its commands and its own options, beside the app's
/// (`AppOption`). `--help`'s option lines, the shell completion scripts and the manual page are all
/// made from these declarations, so every app on the engine gets them for free, and they never
/// disagree with what `LaunchCommand.parse` accepts.
package enum CommandLineReference {
    /// Where an option is accepted.
    package enum Place: Sendable, Equatable {
        /// With no command: the interactive session (or standard input as a script).
        case session
        /// `APP run FILE…`: scripts replayed.
        case run
        /// `APP test FILE|FOLDER…`: golden transcripts checked.
        case test
    }

    /// One of the launcher's own options.
    package struct Option: Sendable, Equatable {
        /// Its names, short first: `["-h", "--help"]`.
        package let names: [String]
        /// The name of its value in usage lines (`FILE`); nil for a flag.
        package let valueName: String?
        /// What its value is, for the shell completions (a file, a folder, any text).
        package let values: AppOption.Values
        /// What it does, in one sentence, for `--help` and the manual page.
        package let help: String
        /// Where it is accepted: with no command, after `run`, after `test`.
        package let places: [Place]
        /// Left out of `--help`, the completions and the manual's option list (still accepted).
        package let isHidden: Bool

        init(
            _ names: [String], _ valueName: String? = nil, values: AppOption.Values = .text, help: String, in places: [Place],
            isHidden: Bool = false
        ) {
            self.names = names
            self.valueName = valueName
            self.values = values
            self.help = help
            self.places = places
            self.isHidden = isHidden
        }

        var takesValue: Bool { valueName != nil }

        /// `--record FILE`, `-h, --help`.
        var label: String { names.joined(separator: ", ") + (valueName.map { " \($0)" } ?? "") }
    }

    /// The commands, with what each does.
    package static let commands: [(name: String, help: String)] = [
        ("run", "Replay scripts and print the transcript."),
        ("test", "Check golden transcripts: replay their commands and compare the whole output."),
        ("help", "Show the usage of the app, or of 'run' or 'test'.")
    ]

    /// The shells `--generate-completion-script` writes for.
    package static let shells = ["bash", "zsh", "fish"]

    /// The launcher's own options, in the order `--help` lists them (after the app's).
    package static let options: [Option] = [
        Option(["--keep-going"], help: "Run every command even after errors (still exits 1 if any failed).", in: [.run]),
        Option(
            ["--allow-writes"], "DIR", values: .folders,
            help:
                "Let the scripts write in DIR too (repeatable): a replayed script writes only in the current folder and its own, and never replaces a file.",
            in: [.session, .run]),
        Option(
            ["--update"],
            help: "Rewrite failing transcripts with the actual output, keeping the lines that matched a wildcard. Refused when CI is set.",
            in: [.test]),
        Option(
            ["--record"], "FILE", values: .files,
            help:
                "Write the commands of the session to a script that replays it: its first line holds the options the replay needs, which 'APP run FILE' applies.",
            in: [.session, .run]),
        Option(
            ["--transcript"], "FILE", values: .files,
            help:
                "Write the whole transcript of the session (commands and output) to FILE, its first line the options 'APP test FILE' needs to check it.",
            in: [.session, .run]),
        Option(
            ["--no-config"],
            help:
                "Do not read the preferences in $XDG_CONFIG_HOME/APP/config (else ~/.config/APP/config: APP's long options without their dashes, one a line, as 'NAME = VALUE' or a flag's name alone); 'APP test' never reads them.",
            in: [.session, .run]),
        Option(["-h", "--help"], help: "Show this help ('APP help run' for a command's).", in: [.session, .run, .test]),
        Option(["--version"], help: "Show the version and the commit it was built from.", in: [.session]),
        Option(
            ["--generate-completion-script"], "SHELL", values: .words(shells),
            help: "Print a completion script for bash, zsh or fish (in bash: 'source <(APP --generate-completion-script bash)').",
            in: [.session]),
        Option(["--generate-manual"], help: "Print the manual page, in man(7) format.", in: [.session], isHidden: true)
    ]

    /// Every option shown (`--help`'s, the completions', the manual's): the app's, accepted
    /// everywhere, then the launcher's.
    static func shownOptions(app options: [AppOption]) -> [Option] {
        options.filter { !$0.isHidden }.map {
            Option([$0.name], $0.valueName, values: $0.values, help: $0.help, in: [.session, .run, .test])
        } + Self.options.filter { !$0.isHidden }
    }

    /// The launcher's options accepted at `place`, in `--help`'s order.
    static func options(at place: Place) -> [Option] {
        options.filter { $0.places.contains(place) && !$0.isHidden }
    }

    /// The help lines of the launcher's options at `place`, `APP` replaced by the app's name.
    static func helpLines(at place: Place, appName: String) -> String {
        options(at: place).map { LaunchCommand.helpLine($0.label, $0.help.replacingAppName(with: appName)) }.joined()
    }
}

extension String {
    /// `APP` in a declaration's help, as the app is called.
    func replacingAppName(with name: String) -> String {
        var out = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: "APP") {
            out += rest[..<range.lowerBound] + name
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
