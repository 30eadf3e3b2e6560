/// Shell completion scripts for an app on the launcher, made from its declarations: the commands,
/// the launcher's options and the app's (`AppOption`), each option's values (words, files or
/// folders), and file names where a script or a transcript is expected.
package enum CompletionScript {
    /// The script for `shell` (bash, zsh or fish), or nil for another shell.
    /// - Parameters:
    ///   - shell: `bash`, `zsh` or `fish`.
    ///   - appName: the command the script completes.
    ///   - options: the app's options, with their values (words, files, folders).
    ///   - promptCommands: the commands typed at the app's prompt, which `APP help` explains.
    package static func text(for shell: String, appName: String, options: [AppOption], promptCommands: [String] = []) -> String? {
        let all = CommandLineReference.shownOptions(app: options)
        let helpTopics = (["run", "test"] + promptCommands.filter { $0 != "run" && $0 != "test" }).joined(separator: " ")
        switch shell {
        case "bash": return bash(appName, all, helpTopics: helpTopics)
        case "zsh": return zsh(appName, all, helpTopics: helpTopics)
        case "fish": return fish(appName, all, helpTopics: helpTopics)
        default: return nil
        }
    }

    /// A shell function's name for the app: letters, digits and underscores.
    static func functionName(_ appName: String) -> String {
        "_" + String(appName.unicodeScalars.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) ? Character($0) : "_" })
    }

    /// The first sentence of an option's help, for the shells that show one line beside it.
    static func firstSentence(_ help: String, appName: String) -> String {
        let text = help.replacingAppName(with: appName)
        if let end = text.firstRange(of: ". ") { return String(text[..<end.lowerBound]) }
        return text.hasSuffix(".") ? String(text.dropLast()) : text
    }

    // MARK: - bash

    static func bash(_ app: String, _ options: [CommandLineReference.Option], helpTopics: String) -> String {
        let function = functionName(app)
        func words(_ place: CommandLineReference.Place) -> String {
            options.filter { $0.places.contains(place) }.flatMap(\.names).joined(separator: " ")
        }
        var valueCases = ""
        for values in [AppOption.Values.files, .folders] {
            let names = options.filter { $0.takesValue && $0.values == values }.flatMap(\.names)
            guard !names.isEmpty else { continue }
            let action =
                values == .files
                ? "compopt -o filenames 2> /dev/null; COMPREPLY=($(compgen -f -- \"$value\"))"
                : "compopt -o filenames 2> /dev/null; COMPREPLY=($(compgen -d -- \"$value\"))"
            valueCases += "            \(names.joined(separator: "|"))) \(action) ;;\n"
        }
        for option in options where option.takesValue {
            if case .words(let list) = option.values {
                valueCases +=
                    "            \(option.names.joined(separator: "|"))) COMPREPLY=($(compgen -W \"\(list.joined(separator: " "))\" -- \"$value\")) ;;\n"
            }
        }
        let takingValues = options.filter(\.takesValue).flatMap(\.names).joined(separator: "|")
        return """
            # bash completion for \(app): made by '\(app) --generate-completion-script bash'.
            # Load it in this shell with: source <(\(app) --generate-completion-script bash)

            # Completes the value of option $1 (the word being typed is $2): its words, files or folders.
            \(function)_value() {
                local value="$2"
                case "$1" in
            \(valueCases)        *) COMPREPLY=() ;;
                esac
            }

            \(function)() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="" command="" i word
                (( COMP_CWORD > 0 )) && prev="${COMP_WORDS[COMP_CWORD-1]}"
                # The command is the first word that is neither an option nor an option's value.
                for (( i = 1; i < COMP_CWORD; i++ )); do
                    word="${COMP_WORDS[i]}"
                    case "$word" in
                        \(takingValues.isEmpty ? "--never-an-option" : takingValues))
                            # Its value: the next word, or the one after a lone '='.
                            if [[ "${COMP_WORDS[i+1]}" == "=" ]]; then (( i += 2 )); else (( i++ )); fi ;;
                        -*) ;;
                        *) [[ -z "$command" ]] && command="$word" ;;
                    esac
                done
                # An option's value: after the option, or after --option= (bash splits that at the
                # '=' of COMP_WORDBREAKS: the words are then --option, = and the value).
                if [[ "$cur" == "=" ]]; then
                    \(function)_value "$prev" ""
                    return
                fi
                if [[ "$prev" == "=" ]] && (( COMP_CWORD >= 2 )); then
                    \(function)_value "${COMP_WORDS[COMP_CWORD-2]}" "$cur"
                    return
                fi
                case "$prev" in
                    \(takingValues.isEmpty ? "--never-an-option" : takingValues)) \(function)_value "$prev" "$cur"; return ;;
                esac
                if [[ "$cur" == --*=* ]]; then
                    local option="${cur%%=*}"
                    \(function)_value "$option" "${cur#*=}"
                    COMPREPLY=("${COMPREPLY[@]/#/$option=}")
                    return
                fi
                if [[ "$cur" == -* ]]; then
                    case "$command" in
                        run) COMPREPLY=($(compgen -W "\(words(.run))" -- "$cur")) ;;
                        test) COMPREPLY=($(compgen -W "\(words(.test))" -- "$cur")) ;;
                        *) COMPREPLY=($(compgen -W "\(words(.session))" -- "$cur")) ;;
                    esac
                    return
                fi
                case "$command" in
                    # A command, or the main argument: a file or a folder (what the app takes on its own).
                    "") compopt -o filenames 2> /dev/null
                        COMPREPLY=($(compgen -W "\(CommandLineReference.commands.map(\.name).joined(separator: " "))" -- "$cur") $(compgen -f -- "$cur")) ;;
                    help) COMPREPLY=($(compgen -W "\(helpTopics)" -- "$cur")) ;;
                    run|test) compopt -o filenames 2> /dev/null; COMPREPLY=($(compgen -f -- "$cur")) ;;
                    *) COMPREPLY=() ;;
                esac
            }

            complete -F \(function) \(app)

            """
    }

    // MARK: - zsh

    /// Text inside a zsh `_arguments` spec's brackets and quotes.
    static func zshQuoted(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "[", "]", ":", "\\": out += "\\" + String(character)
            case "'": out += "'\\''"
            default: out.append(character)
            }
        }
        return out
    }

    static func zsh(_ app: String, _ options: [CommandLineReference.Option], helpTopics: String) -> String {
        var specs: [String] = []
        for option in options {
            let help = zshQuoted(firstSentence(option.help, appName: app))
            var action = ""
            if option.takesValue {
                switch option.values {
                case .text: action = ":value: "
                case .words(let list): action = ":value:(\(list.joined(separator: " ")))"
                case .files: action = ":file:_files"
                case .folders: action = ":folder:_files -/"
                }
            }
            for name in option.names {
                // `--name=`: the value in the same word after '=', or in the next word.
                let spec = option.takesValue && name.hasPrefix("--") ? "\(name)=[\(help)]\(action)" : "\(name)[\(help)]\(action)"
                specs.append("'\(spec)'")
            }
        }
        // _describe's entries: `name:description`, only the name's colons escaped (it has none).
        let commands = CommandLineReference.commands.map {
            "'\($0.name):\($0.help.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''"))'"
        }
        .joined(separator: " ")
        return """
            #compdef \(app)
            # zsh completion for \(app): made by '\(app) --generate-completion-script zsh'. Save it as
            # _\(app) in a folder of $fpath (e.g. ~/.zfunc, with fpath=(~/.zfunc $fpath) before compinit).

            \(functionName(app))() {
                local state
                _arguments -s \\
                    \(specs.joined(separator: " \\\n        ")) \\
                    '1: :->command' \\
                    '*:file:->files'
                if [[ $state == command ]]; then
                    local -a commands=(\(commands))
                    _describe -t commands command commands
                    _files
                elif [[ $state == files ]]; then
                    if [[ ${words[2]} == help ]]; then
                        compadd -- \(helpTopics)
                    else
                        _files
                    fi
                fi
            }

            \(functionName(app)) "$@"

            """
    }

    // MARK: - fish

    /// Text inside single quotes in fish.
    static func fishQuoted(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == "'" || character == "\\" { out += "\\" }
            out.append(character)
        }
        return out
    }

    static func fish(_ app: String, _ options: [CommandLineReference.Option], helpTopics: String) -> String {
        var lines = [
            "# fish completion for \(app): made by '\(app) --generate-completion-script fish'. Save it as",
            "# ~/.config/fish/completions/\(app).fish.",
            "complete -c \(app) -f"
        ]
        let commandNames = CommandLineReference.commands.map(\.name).joined(separator: " ")
        for command in CommandLineReference.commands {
            lines.append(
                "complete -c \(app) -n 'not __fish_seen_subcommand_from \(commandNames)' -a \(command.name) -d '\(fishQuoted(command.help))'"
            )
        }
        // The main argument: a photo or a folder to browse.
        lines.append("complete -c \(app) -n 'not __fish_seen_subcommand_from \(commandNames)' -F")
        lines.append("complete -c \(app) -n '__fish_seen_subcommand_from help' -a '\(helpTopics)'")
        lines.append("complete -c \(app) -n '__fish_seen_subcommand_from run test' -F")
        for option in options {
            var line = "complete -c \(app)"
            let places = option.places
            if places == [.run] || places == [.test] || places == [.session, .run] || places == [.session] {
                let condition: String =
                    switch places {
                    case [.run]: "__fish_seen_subcommand_from run"
                    case [.test]: "__fish_seen_subcommand_from test"
                    case [.session, .run]: "not __fish_seen_subcommand_from test help"
                    default: "not __fish_seen_subcommand_from \(commandNames)"
                    }
                line += " -n '\(condition)'"
            }
            for name in option.names {
                line += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
            }
            if option.takesValue {
                switch option.values {
                case .text: line += " -x"
                case .words(let list): line += " -x -a '\(list.joined(separator: " "))'"
                case .files: line += " -r -F"
                case .folders: line += " -x -a '(__fish_complete_directories)'"
                }
            }
            line += " -d '\(fishQuoted(firstSentence(option.help, appName: app)))'"
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
