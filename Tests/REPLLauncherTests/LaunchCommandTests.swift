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
        #expect(try parse(["--record", "r.txt", "run", "a.txt"]) == .run(files: ["a.txt"], keepGoing: false, outputs: SessionOutputs(record: "r.txt")))
        #expect(try parse(["run", "--transcript", "t.t", "--", "--odd-name.txt"])
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
        #expect(usageError(["run"]) == "give at least one script file, e.g. todo run session.txt (usage: todo run [--keep-going] [--record FILE] [--transcript FILE] FILE…)")
        #expect(usageError(["test"]) == "give transcripts or folders, e.g. todo test Examples (usage: todo test [--update] FILE|FOLDER…)")
        #expect(usageError(["--bogus"]) == "unknown option '--bogus' (usage: todo [--record FILE] [--transcript FILE])")
        #expect(usageError(["run", "--bogus=1", "a.txt"])?.hasPrefix("unknown option '--bogus' (usage: todo run ") == true)
        #expect(usageError(["script.txt"]) == "unknown command 'script.txt': to run a script, type 'todo run script.txt' (usage: todo [--record FILE] [--transcript FILE])")
        #expect(usageError(["--record"])?.hasPrefix("--record needs a FILE, e.g. --record session.txt") == true)
        #expect(usageError(["--record", "a", "--record", "b"])?.hasPrefix("--record is given twice") == true)
        #expect(usageError(["--keep-going", "run", "a.txt"])?.hasPrefix("--keep-going is an option of 'todo run'") == true)
        #expect(usageError(["run", "--update", "a.txt"])?.hasPrefix("--update is an option of 'todo test'") == true)
        #expect(usageError(["test", "--record", "r.txt", "a.t"])?.hasPrefix("--record is not an option of 'todo test'") == true)
        #expect(usageError(["--record", "r.txt", "test", "a.t"])?.hasPrefix("--record is not an option of 'todo test'") == true)
        #expect(usageError(["run", "--keep-going=yes", "a.txt"])?.hasPrefix("--keep-going takes no value") == true)
        #expect(usageError(["help", "frobnicate"])?.hasPrefix("there is no command 'frobnicate': the commands are run and test") == true)
        #expect(usageError(["run", "--version", "a.txt"])?.hasPrefix("--version is not an option of 'todo run'") == true)
    }

    @Test func updateIsRefusedOnCI() {
        #expect(usageError(["test", "--update", "a.t"], onCI: true) == "--update refuses to run when CI is set: golden transcripts change only on a developer's machine")
        #expect(usageError(["test", "a.t"], onCI: true) == nil)
    }
}
