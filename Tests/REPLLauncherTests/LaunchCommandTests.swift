import Testing
@testable import REPLLauncher

/// The launcher's command line, as an app without options of its own reads it.
@Suite struct LaunchCommandTests {
    func parse(_ arguments: [String], onCI: Bool = false) throws(LaunchCommand.UsageError) -> LaunchCommand {
        try LaunchCommand.parse(arguments, appName: "todo", isOnCI: onCI)
    }

    func usageError(_ arguments: [String], onCI: Bool = false) -> String? {
        do {
            _ = try parse(arguments, onCI: onCI)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func noCommandIsASessionWithItsOutputs() throws {
        #expect(try parse([]) == .session(SessionOutputs()))
        #expect(try parse(["--record", "s.txt", "--transcript=s.t"]) == .session(SessionOutputs(record: "s.txt", transcript: "s.t")))
    }

    @Test func runTakesFilesAndItsOptionsAnywhere() throws {
        #expect(try parse(["run", "a.txt", "-", "--keep-going"]) == .run(files: ["a.txt", "-"], keepGoing: true, outputs: SessionOutputs()))
        #expect(
            try parse(["--record", "r.txt", "run", "a.txt"])
                == .run(files: ["a.txt"], keepGoing: false, outputs: SessionOutputs(record: "r.txt")))
        #expect(
            try parse(["run", "--transcript", "t.t", "--", "--odd-name.txt"])
                == .run(files: ["--odd-name.txt"], keepGoing: false, outputs: SessionOutputs(transcript: "t.t")))
        // A script may be called run: only the first word is the command.
        #expect(try parse(["run", "run"]) == .run(files: ["run"], keepGoing: false, outputs: SessionOutputs()))
    }

    @Test func testTakesTranscriptsAndUpdate() throws {
        #expect(try parse(["test", "Examples"]) == .test(paths: ["Examples"], update: false))
        #expect(try parse(["test", "--update", "a.t", "b.t"]) == .test(paths: ["a.t", "b.t"], update: true))
    }

    @Test func helpAndVersion() throws {
        #expect(try parse(["--help"]) == .help(topic: .app))
        #expect(try parse(["-h"]) == .help(topic: .app))
        #expect(try parse(["help"]) == .help(topic: .app))
        #expect(try parse(["help", "run"]) == .help(topic: .run))
        #expect(try parse(["test", "--help"]) == .help(topic: .test))
        #expect(try parse(["run", "-h"]) == .help(topic: .run))
        #expect(try parse(["--version"]) == .version)
        let help = LaunchCommand.helpText(for: .app, appName: "todo", summary: "A to-do list.")
        #expect(help.hasPrefix("A to-do list.\n\nUSAGE: todo [--record FILE] [--transcript FILE]\n       todo run [--keep-going]"))
        #expect(LaunchCommand.helpText(for: .test, appName: "todo", summary: "").contains("USAGE: todo test [--update] FILE|FOLDER…\n"))
    }

    @Test func mistakesSayWhatToTypeInstead() {
        #expect(
            usageError(["run"])
                == "give at least one script file, e.g. todo run session.txt (usage: todo run [--keep-going] [--allow-writes DIR] [--record FILE] [--transcript FILE] FILE…)"
        )
        #expect(usageError(["test"]) == "give transcripts or folders, e.g. todo test Examples (usage: todo test [--update] FILE|FOLDER…)")
        #expect(usageError(["--bogus"]) == "unknown option '--bogus' (usage: todo [--record FILE] [--transcript FILE])")
        #expect(usageError(["run", "--bogus=1", "a.txt"])?.hasPrefix("unknown option '--bogus' (usage: todo run ") == true)
        #expect(
            usageError(["script.txt"])
                == "unknown command 'script.txt': to run a script, type 'todo run script.txt' (usage: todo [--record FILE] [--transcript FILE])"
        )
        #expect(usageError(["--record"])?.hasPrefix("--record needs a FILE, e.g. --record session.txt") == true)
        #expect(usageError(["--record", "a", "--record", "b"])?.hasPrefix("--record is given twice") == true)
        #expect(usageError(["--keep-going", "run", "a.txt"])?.hasPrefix("--keep-going is an option of 'todo run'") == true)
        #expect(usageError(["run", "--update", "a.txt"])?.hasPrefix("--update is an option of 'todo test'") == true)
        #expect(usageError(["test", "--record", "r.txt", "a.t"])?.hasPrefix("--record is not an option of 'todo test'") == true)
        #expect(usageError(["--record", "r.txt", "test", "a.t"])?.hasPrefix("--record is not an option of 'todo test'") == true)
        #expect(usageError(["run", "--keep-going=yes", "a.txt"])?.hasPrefix("--keep-going takes no value") == true)
        // Any other word is a scene's command, explained by the app's engine.
        #expect((try? parse(["help", "frobnicate"])) == .commandHelp("frobnicate"))
        #expect(usageError(["run", "--version", "a.txt"])?.hasPrefix("--version is not an option of 'todo run'") == true)
    }

    // MARK: - An app's own options

    static let options = [
        AppOption("--seed", valueName: "SEED", help: "Seed for the random picks."),
        AppOption(flag: "--fast", help: "Go fast."),
        AppOption("--secret", valueName: "WORD", help: "Not listed.", isHidden: true)
    ]

    func parseWithOptions(_ arguments: [String], options: [AppOption] = Self.options) throws(LaunchCommand.UsageError) -> (
        command: LaunchCommand, options: [AppOption.Given]
    ) {
        let parsed = try LaunchCommand.parse(arguments, appName: "demo", options: options, isOnCI: false)
        return (parsed.command, parsed.options)
    }

    func usageErrorWithOptions(_ arguments: [String], options: [AppOption] = Self.options) -> String? {
        do {
            _ = try parseWithOptions(arguments, options: options)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func appOptionsAreReadAnywhereInBothFormsAndHandedOverInOrder() throws {
        let seven = AppOption.Given(name: "--seed", value: "7")
        let line = try parseWithOptions(["--seed", "7", "run", "--fast", "a.txt", "--seed=8", "--secret", "s", "b.txt"])
        #expect(line.command == .run(files: ["a.txt", "b.txt"], keepGoing: false, outputs: SessionOutputs()))
        #expect(
            line.options == [
                seven, AppOption.Given(name: "--fast", value: nil), AppOption.Given(name: "--seed", value: "8"),
                AppOption.Given(name: "--secret", value: "s")
            ])
        #expect(try parseWithOptions(["test", "a.t", "--seed", "7"]) == (.test(paths: ["a.t"], update: false), [seven]))
        #expect(try parseWithOptions(["--record", "r.txt", "--seed=7"]) == (.session(SessionOutputs(record: "r.txt")), [seven]))
        // A value is the next word, whatever it looks like; `--seed=` gives an empty one.
        #expect(try parseWithOptions(["run", "--seed", "--fast", "a.txt"]).options == [AppOption.Given(name: "--seed", value: "--fast")])
        #expect(try parseWithOptions(["--seed="]).options == [AppOption.Given(name: "--seed", value: "")])
        // After `--`, an option's name is a file.
        #expect(try parseWithOptions(["run", "--", "--seed"]) == (.run(files: ["--seed"], keepGoing: false, outputs: SessionOutputs()), []))
        #expect(try parseWithOptions([]) == (.session(SessionOutputs()), []))
    }

    @Test func appOptionMistakesSayWhatToTypeWithTheUsageLine() {
        let usage = "(usage: demo [OPTIONS] [--record FILE] [--transcript FILE])"
        #expect(usageErrorWithOptions(["--seed"]) == "--seed needs a value: type --seed SEED \(usage)")
        #expect(usageErrorWithOptions(["--fast=yes"]) == "--fast takes no value \(usage)")
        #expect(usageErrorWithOptions(["--bogus", "1"]) == "unknown option '--bogus' \(usage)")
        #expect(
            usageErrorWithOptions(["run", "a.txt", "--seed"])
                == "--seed needs a value: type --seed SEED (usage: demo run [OPTIONS] [--keep-going] [--allow-writes DIR] [--record FILE] [--transcript FILE] FILE…)"
        )
        // An app without options has none to accept, and no [OPTIONS] in its usage.
        #expect(
            usageErrorWithOptions(["--seed", "7"], options: [])
                == "unknown option '--seed' (usage: demo [--record FILE] [--transcript FILE])")
        // Only hidden options: nothing to list.
        #expect(
            usageErrorWithOptions(["--bogus"], options: [Self.options[2]])
                == "unknown option '--bogus' (usage: demo [--record FILE] [--transcript FILE])")
    }

    /// Misspelt commands and options get a "did you mean", as misspelt REPL commands do;
    /// a hidden option is never suggested.
    @Test func misspeltCommandsAndOptionsGetADidYouMean() {
        let usage = "(usage: demo [OPTIONS] [--record FILE] [--transcript FILE])"
        #expect(usageErrorWithOptions(["tset"]) == "unknown command 'tset': did you mean 'test'? \(usage)")
        #expect(usageErrorWithOptions(["rnu", "a.txt"])?.hasPrefix("unknown command 'rnu'") == true)
        #expect(usageErrorWithOptions(["--sed", "7"]) == "unknown option '--sed': did you mean '--seed'? \(usage)")
        #expect(usageErrorWithOptions(["--keepgoing"]) == "unknown option '--keepgoing': did you mean '--keep-going'? \(usage)")
        #expect(usageErrorWithOptions(["--secrte"]) == "unknown option '--secrte' \(usage)")
        #expect(usageErrorWithOptions(["--zzzzzz"]) == "unknown option '--zzzzzz' \(usage)")
        // A word far from any command keeps the advice to run it as a script.
        #expect(usageErrorWithOptions(["notes.txt"]) == "unknown command 'notes.txt': to run a script, type 'demo run notes.txt' \(usage)")
    }

    /// A lone word the app takes (a folder, for photorepl) stands for its options; two
    /// words, or a word the app does not take, are refused as before.
    @Test func aLoneWordTheAppTakesStandsForItsOptions() throws {
        let asSeed: (String) -> [AppOption.Given]? = { word in Int(word).map { _ in [AppOption.Given(name: "--seed", value: word)] } }
        let parsed = try LaunchCommand.parse(
            ["--fast", "7"], appName: "demo", options: Self.options, isOnCI: false, argumentAsOptions: asSeed)
        #expect(parsed.command == .session(SessionOutputs()))
        #expect(parsed.options == [AppOption.Given(name: "--fast", value: nil), AppOption.Given(name: "--seed", value: "7")])
        #expect(throws: LaunchCommand.UsageError.self) {
            try LaunchCommand.parse(["7", "8"], appName: "demo", options: Self.options, isOnCI: false, argumentAsOptions: asSeed)
        }
        #expect(throws: LaunchCommand.UsageError.self) {
            try LaunchCommand.parse(["seven"], appName: "demo", options: Self.options, isOnCI: false, argumentAsOptions: asSeed)
        }
    }

    @Test func helpListsTheAppsOptionsButNotTheHiddenOnes() throws {
        #expect(try parseWithOptions(["run", "--seed", "7", "--help"]).command == .help(topic: .run))
        #expect(try parseWithOptions(["--version", "--seed", "7"]).command == .version)
        for topic in [LaunchCommand.Topic.app, .run, .test] {
            let help = LaunchCommand.helpText(for: topic, appName: "demo", summary: "A demo.", options: Self.options)
            #expect(
                help.contains("\nOPTIONS:\n  --seed SEED         Seed for the random picks.\n  --fast              Go fast.\n  --"),
                "\(help)")
            #expect(!help.contains("--secret"))
        }
        let app = LaunchCommand.helpText(for: .app, appName: "demo", summary: "A demo.", options: Self.options)
        #expect(
            app.contains(
                "USAGE: demo [OPTIONS] [--record FILE] [--transcript FILE]\n       demo run [OPTIONS] [--keep-going] [--allow-writes DIR] [--record FILE] [--transcript FILE] FILE…\n       demo test [OPTIONS] [--update] FILE|FOLDER…\n"
            ))
        #expect(app.contains("  --fast              Go fast.\n  --allow-writes DIR  Let the scripts write in DIR too"))
        #expect(app.contains("\n  --record FILE       Write the commands"))
        // Without options, the help is the launcher's alone.
        #expect(
            LaunchCommand.helpText(for: .run, appName: "demo", summary: "", options: [Self.options[2]])
                == LaunchCommand.helpText(for: .run, appName: "demo", summary: ""))
    }

    @Test func aLongHelpLineIsWrappedAndALongLabelGoesAboveIt() {
        let words = Array(repeating: "word", count: 30).joined(separator: " ")
        let help = LaunchCommand.helpText(
            for: .test, appName: "demo", summary: "", options: [AppOption("--a-long-option-name", valueName: "MILLISECONDS", help: words)])
        let indent = String(repeating: " ", count: 22)
        let first = Array(repeating: "word", count: 15).joined(separator: " ")
        #expect(help.contains("\n  --a-long-option-name MILLISECONDS\n\(indent)\(first)\n\(indent)\(first)\n  --update"), "\(help)")
    }

    @Test func aHeadersOptionsAreReadByTheSameParser() throws {
        #expect(
            try LaunchCommand.parseOptions(["--seed", "7", "--fast", "--secret=x"], options: Self.options)
                == [
                    AppOption.Given(name: "--seed", value: "7"), AppOption.Given(name: "--fast", value: nil),
                    AppOption.Given(name: "--secret", value: "x")
                ])
        #expect(try LaunchCommand.parseOptions([], options: Self.options) == [])
        func message(_ words: [String]) -> String? {
            do {
                _ = try LaunchCommand.parseOptions(words, options: Self.options)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(message(["--seed"]) == "--seed needs a value: type --seed SEED")
        #expect(message(["--record", "r.txt"]) == "unknown option '--record'")
        #expect(message(["run"]) == "'run' is not an option: only options go here")
        #expect(message(["--fast=1"]) == "--fast takes no value")
    }

    @Test func updateIsRefusedOnCI() {
        #expect(
            usageError(["test", "--update", "a.t"], onCI: true)
                == "--update refuses to run when CI is set: golden transcripts change only on a developer's machine")
        #expect(usageError(["test", "a.t"], onCI: true) == nil)
    }
}
