/// The manual page of an app on the launcher, in man(7) format, made from the same declarations as
/// `--help`: the usage lines, the commands, the app's options and the launcher's, the exit codes; and
/// the sections the app adds (its environment, files, examples).
public enum ManualPage {
    /// A section the app adds after the options: a title (`ENVIRONMENT`) and its entries, each a
    /// term (nil: a plain paragraph) and its text.
    public struct Section: Sendable {
        /// The section's heading (`Environment`, `Files`).
        public var title: String
        /// Its paragraphs in order: a term and its text, or a plain paragraph (term nil).
        public var entries: [(term: String?, text: String)]

        /// A section headed `title` with `entries`.
        public init(_ title: String, _ entries: [(term: String?, text: String)]) {
            self.title = title
            self.entries = entries
        }
    }

    /// The page.
    /// - Parameters:
    ///   - appName: the app's name, as typed.
    ///   - version: its version, in the page's footer.
    ///   - summary: one line saying what the app is (NAME).
    ///   - description: DESCRIPTION's paragraphs, separated by blank lines.
    ///   - options: the app's own options (OPTIONS, with the launcher's).
    ///   - sections: the app's sections after the options (ENVIRONMENT, FILES, EXAMPLES…).
    ///   - replCommands: the commands typed at the prompt, scene by scene
    ///     (`Engine.commandReference`), listed under REPL COMMANDS.
    ///   - argument: what a lone word on the app's command line may be, in the SYNOPSIS
    ///     (`DIR|PHOTO`); nil: none.
    public static func text(
        appName: String, version: String, summary: String, description: String, options: [AppOption],
        sections: [Section] = [], replCommands: [(scene: String, commands: [(usage: String, summary: String)])] = [],
        argument: String? = nil
    ) -> String {
        var page = [String]()
        page.append(".TH \(roffWord(appName.uppercased())) 1 \"\" \"\(roffWord(appName)) \(roffWord(version))\" \"User Commands\"")
        page.append(".SH NAME")
        page.append("\(roffWord(appName)) \\- \(roff(summary))")
        page.append(".SH SYNOPSIS")
        let hasOptions = options.contains { !$0.isHidden }
        for topic in [LaunchCommand.Topic.app, .run, .test] {
            page.append(".PP")
            page.append(
                synopsis(
                    LaunchCommand.usageLine(for: topic, appName: appName, hasOptions: hasOptions, argument: argument), appName: appName))
        }
        page.append(".SH DESCRIPTION")
        for paragraph in description.split(separator: "\n\n") {
            page.append(".PP")
            page.append(roff(paragraph.split(separator: "\n").joined(separator: " ")))
        }
        page.append(".SH COMMANDS")
        for command in CommandLineReference.commands {
            page.append(".TP")
            page.append(".B \(command.name)")
            page.append(roff(command.help.replacingAppName(with: appName)))
        }
        if !replCommands.isEmpty {
            page.append(".SH REPL COMMANDS")
            page.append(".PP")
            page.append(
                roff(
                    "What is typed at the prompt, or written one a line in a script. Each scene has its own commands; the global ones work in every scene. Inside, 'help' lists the scene's and 'help COMMAND' explains one; '\(appName) help COMMAND' does at the shell."
                ))
            for (scene, commands) in replCommands where !commands.isEmpty {
                page.append(".SS \(roff(scene == "global" ? "Global commands" : "The \(scene) scene"))")
                for command in commands {
                    page.append(".TP")
                    page.append(".B \(roff(command.usage))")
                    page.append(roff(command.summary))
                }
            }
        }
        page.append(".SH OPTIONS")
        page.append(".PP")
        page.append("The options of \(roffWord(appName)) are accepted anywhere on the command line, before or after")
        page.append(".B run")
        page.append("and")
        page.append(".BR test ,")
        page.append("as \\fB\\-\\-name\\fR \\fIVALUE\\fR or \\fB\\-\\-name\\fR=\\fIVALUE\\fR.")
        for option in CommandLineReference.shownOptions(app: options) {
            page.append(".TP")
            page.append(term(option.names, option.valueName))
            let places =
                option.places == [.session, .run, .test]
                ? ""
                : " ("
                    + option.places.map {
                        switch $0 {
                        case .session: "with no command"
                        case .run: "run"
                        case .test: "test"
                        }
                    }.joined(separator: ", ") + ")"
            page.append(roff(option.help.replacingAppName(with: appName) + places))
        }
        for section in sections {
            page.append(".SH \(roff(section.title.uppercased()))")
            for entry in section.entries {
                if let term = entry.term {
                    page.append(".TP")
                    page.append(".B \(roff(term))")
                } else {
                    page.append(".PP")
                }
                page.append(roff(entry.text.replacingAppName(with: appName)))
            }
        }
        page.append(".SH EXIT STATUS")
        for (code, meaning) in [
            ("0", "Success."), ("1", "A command or a golden transcript failed."), ("64", "Bad command-line usage."),
            ("66", "An input file cannot be read."),
            ("69", "An interactive session without libedit to type commands with (scripts run without it)."),
            ("73", "An output file cannot be written to its end."),
            (
                "130",
                "A run interrupted by Ctrl-C, SIGINT, SIGTERM or SIGHUP: what finished was written, and a --transcript ends at the last command that finished."
            ),
            ("128+N", "An interactive session ended by signal N.")
        ] {
            page.append(".TP")
            page.append(".B \(code)")
            page.append(meaning)
        }
        return page.joined(separator: "\n") + "\n"
    }

    /// `.B run` for `APP run [OPTIONS] FILE…`: the app's name and the words in capitals as
    /// placeholders, the rest bold.
    static func synopsis(_ line: String, appName: String) -> String {
        line.split(separator: " ").map { word -> String in
            let text = String(word)
            let bare = text.trimming("[]…|")
            if bare.allSatisfy({ $0.isUppercase || $0 == "|" }) && !bare.isEmpty {
                return "\\fI\(roff(text))\\fR"
            }
            return "\\fB\(roff(text))\\fR"
        }.joined(separator: " ")
    }

    /// An option's term: `\fB\-\-seed\fR \fISEED\fR`, names joined by commas.
    static func term(_ names: [String], _ valueName: String?) -> String {
        names.map { "\\fB\(roff($0))\\fR" }.joined(separator: ", ") + (valueName.map { " \\fI\(roff($0))\\fR" } ?? "")
    }

    /// Text as roff: backslashes and hyphens escaped, a line never starting with a control character,
    /// and the few non-ASCII characters of help texts in the forms man(7) documents for them.
    static func roff(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "…": out += "..."
            case "×": out += "x"
            case "—", "–": out += "\\-"
            case "’": out += "'"
            case "\n": out += " "
            default: out.append(character)
            }
        }
        if out.first == "." || out.first == "'" { out = "\\&" + out }
        return out
    }

    /// A word in a header line: no spaces, roff-escaped.
    static func roffWord(_ text: String) -> String {
        roff(text).split(separator: " ").joined(separator: "\\ ")
    }
}

extension String {
    /// The string without the given characters at either end.
    func trimming(_ set: String) -> String {
        var characters = Substring(self)
        while let first = characters.first, set.contains(first) { characters = characters.dropFirst() }
        while let last = characters.last, set.contains(last) { characters = characters.dropLast() }
        return String(characters)
    }
}
