import Testing
@testable import REPLLauncher

/// Completion scripts and the manual page, made from the launcher's and the app's declarations.
@Suite struct CommandLineReferenceTests {
    let options = [
        AppOption("--seed", valueName: "SEED", help: "The seed. Any number."),
        AppOption("--source", valueName: "SOURCE", values: .words(["embedded", "folder"]), help: "Where photos come from: [a] or b."),
        AppOption("--folder", valueName: "DIR", values: .folders, help: "A folder."),
        AppOption(flag: "--quiet", help: "Say less."),
        AppOption("--secret", valueName: "X", help: "Hidden.", isHidden: true)
    ]

    func parse(_ arguments: [String]) throws(LaunchCommand.UsageError) -> LaunchCommand {
        try LaunchCommand.parse(arguments, appName: "demo", options: options).command
    }

    @Test func theGeneratingOptionsAreCommandsOfTheirOwn() throws {
        #expect(try parse(["--generate-completion-script", "bash"]) == .completionScript(shell: "bash"))
        #expect(try parse(["--generate-completion-script=fish"]) == .completionScript(shell: "fish"))
        #expect(try parse(["--generate-manual"]) == .manual)
        for (arguments, message) in [
            (["--generate-completion-script"], "--generate-completion-script needs a shell: bash, zsh, fish"),
            (["--generate-completion-script", "tcsh"], "--generate-completion-script takes bash, zsh, fish, not 'tcsh'"),
            (["run", "--generate-manual"], "--generate-manual is not an option of 'demo run'")
        ] {
            #expect(throws: LaunchCommand.UsageError.self) { try parse(arguments) }
            do { _ = try parse(arguments) } catch { #expect(error.message.hasPrefix(message), "\(error.message)") }
        }
    }

    @Test func theScriptsOfferTheDeclaredOptionsAndValuesButNotHiddenOnes() throws {
        let bash = try #require(CompletionScript.text(for: "bash", appName: "demo", options: options))
        #expect(bash.contains("complete -F _demo demo\n"))
        #expect(bash.contains(#"--source) COMPREPLY=($(compgen -W "embedded folder" -- "$value")) ;;"#))
        #expect(bash.contains(#"--folder|--allow-writes) compopt -o filenames 2> /dev/null; COMPREPLY=($(compgen -d -- "$value")) ;;"#))
        #expect(bash.contains(#"--record|--transcript) compopt -o filenames 2> /dev/null; COMPREPLY=($(compgen -f -- "$value")) ;;"#))
        #expect(
            bash.contains(
                #"run) COMPREPLY=($(compgen -W "--seed --source --folder --quiet --keep-going --allow-writes --record --transcript --no-config -h --help" -- "$cur")) ;;"#
            ))
        #expect(!bash.contains("--secret") && !bash.contains("--generate-manual"))
        let zsh = try #require(CompletionScript.text(for: "zsh", appName: "demo", options: options))
        // Brackets and colons in a description are escaped; only its first sentence is shown.
        #expect(zsh.hasPrefix("#compdef demo\n"))
        #expect(zsh.contains(#"'--source=[Where photos come from\: \[a\] or b]:value:(embedded folder)'"#))
        #expect(zsh.contains(#"'--seed=[The seed]:value: '"#))
        let fish = try #require(CompletionScript.text(for: "fish", appName: "demo", options: options))
        #expect(fish.contains("complete -c demo -l folder -x -a '(__fish_complete_directories)' -d 'A folder'\n"))
        #expect(fish.contains("complete -c demo -n '__fish_seen_subcommand_from run' -l keep-going -d"))
        #expect(CompletionScript.text(for: "tcsh", appName: "demo", options: options) == nil)
        #expect(CompletionScript.functionName("my-app.2") == "_my_app_2")
    }

    @Test func theManualPageIsRoffWithEveryOptionAndTheAppsSections() {
        let page = ManualPage.text(
            appName: "demo", version: "1.2 (commit abc)", summary: "A demo.", description: "First.\n\n.Second - with a dash.",
            options: options, sections: [ManualPage.Section("Environment", [("DEMO_KEY", "A key \\ here.")])])
        #expect(page.hasPrefix(#".TH DEMO 1 "" "demo 1.2\ (commit\ abc)" "User Commands""# + "\n.SH NAME\ndemo \\- A demo.\n"))
        #expect(page.contains("\\fBdemo\\fR \\fBrun\\fR \\fI[OPTIONS]\\fR \\fB[\\-\\-keep\\-going]\\fR"))
        // A line never starts with a control character; hyphens and backslashes are escaped.
        #expect(page.contains("\n.PP\n\\&.Second \\- with a dash.\n"))
        #expect(page.contains(".TP\n\\fB\\-\\-source\\fR \\fISOURCE\\fR\nWhere photos come from: [a] or b.\n"))
        #expect(page.contains(".TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nShow this help ('demo help run' for a command's).\n"))
        #expect(
            page.contains(".TP\n\\fB\\-\\-keep\\-going\\fR\nRun every command even after errors (still exits 1 if any failed). (run)\n"))
        #expect(page.contains(".SH ENVIRONMENT\n.TP\n.B DEMO_KEY\nA key \\e here.\n"))
        #expect(page.contains(".SH EXIT STATUS\n"))
        #expect(!page.contains("secret") && !page.contains("generate\\-manual"))
    }

    @Test func helpListsTheLaunchersOptionsFromTheirDeclarations() {
        let help = LaunchCommand.helpText(for: .app, appName: "demo", summary: "A demo.", options: options)
        #expect(
            help.contains("  --generate-completion-script SHELL\n                      Print a completion script for bash, zsh or fish"))
        #expect(help.contains("  run                 Replay scripts and print the transcript.\n"))
        #expect(!help.contains("--generate-manual"))
        let test = LaunchCommand.helpText(for: .test, appName: "demo", summary: "A demo.", options: options)
        #expect(test.contains("  --update            Rewrite failing transcripts") && !test.contains("--record"))
    }
}
