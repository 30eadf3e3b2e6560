import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// The interactive REPL in a real terminal (tmux), as a person uses it.
@Suite(.serialized) struct TerminalTests {
    @Test func startsShowsItsPromptAndLeavesOnQuit() throws {
        let terminal = try Terminal()
        try terminal.waitForPrompt()
        // The scene's "count: 0" is not printed above the prompt; one line says what to
        // type (a bare prompt said nothing).
        #expect(
            try terminal.screen() == "Type 'help' for the commands (Tab completes them), 'quit' or Ctrl-D to leave.\nphotos>\n",
            "\(terminal.shown)")
        try terminal.enter("quit")
        #expect(try terminal.exitStatus() == 0)
        #expect(try terminal.ttyIsSane(), "\(terminal.shownTTY)")
    }

    /// At 80 columns, 11 of the collection's 21 `help` lines ran to 100–151 characters and
    /// the terminal broke them mid-word ("descri|ption"). Now every line on the screen fits, and every
    /// word on it is a whole word of the help (nothing broken), in the collection and the detail; an
    /// error wider than the window is wrapped too.
    @Test func helpAndErrorsFitEightyColumnsWithWordsWhole() throws {
        let photos = Binary.packageRoot.appendingPathComponent("Examples/photos").path
        // The collection's help, then the detail's (a photo given opens it), each in a window of 80.
        for (arguments, prompt) in [(["--folder", photos], "photos>"), (["--open", photos + "/sunset.jpg"], "photos/detail 3>")] {
            let script = "help\n"
            // What help prints whole (a script is never wrapped): the words a wrapped line may hold.
            let whole = try Binary.run(arguments + ["run", "-"], stdin: Data(script.utf8)).stdout
            let words = Set(whole.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
            let terminal = try Terminal(arguments, width: 80, height: 160)
            #expect(try terminal.waitForPrompt(prompt), "\(terminal.shown)")
            try terminal.enter("help")
            #expect(try terminal.wait(for: "Backspace 'prev'."), "\(terminal.shown)")
            let lines = try terminal.screen().split(separator: "\n").map(String.init)
            let help = lines.drop { !$0.hasSuffix("> help") }.dropFirst().filter { !$0.hasSuffix(">") }
            #expect(help.count > 20, "\(terminal.shown)")
            #expect(help.allSatisfy { $0.count <= 80 }, "\(terminal.shown)")
            let broken = help.flatMap { $0.split(separator: " ").map(String.init) }.filter { !words.contains($0) }
            #expect(broken.isEmpty, "words not in the help: \(broken)\n\(terminal.shown)")
            // Some summary went on under itself, indented past the usages.
            #expect(help.contains { $0.hasPrefix(String(repeating: " ", count: 10)) }, "\(terminal.shown)")
            try terminal.enter("quit")
        }
    }

    /// Browsing is Enter, Enter: an empty line runs the last paging command again (`next`,
    /// `grid next`), as gdb repeats `next`; after any other command it is nothing, as before.
    @Test func anEmptyLineRepeatsTheLastPagingCommand() throws {
        let terminal = try Terminal()
        try terminal.waitForPrompt()
        try terminal.enter("count 5")
        try terminal.enter("fetch")
        #expect(try terminal.wait(for: "1/5"), "\(terminal.shown)")
        try terminal.enter("next")
        #expect(try terminal.wait(for: "2/5"), "\(terminal.shown)")
        try terminal.press("Enter")
        #expect(try terminal.wait(for: "3/5"), "\(terminal.shown)")
        try terminal.press("Enter")
        #expect(try terminal.wait(for: "4/5"), "\(terminal.shown)")
        try terminal.enter("prev")
        try terminal.press("Enter")
        #expect(try terminal.wait(for: "2/5"), "\(terminal.shown)")
        // A command that does not page ends the repeating: Enter after it shows nothing new.
        try terminal.enter("state")
        #expect(try terminal.wait(for: "page: 2"), "\(terminal.shown)")
        try terminal.press("Enter")
        try terminal.enter("count")
        // The empty line ran nothing: its prompt stands alone between the state and `count`.
        #expect(try terminal.wait(for: "  layout: list\nphotos>\nphotos> count\ncount: 5"), "\(terminal.shown)")
        try terminal.enter("help")
        #expect(try terminal.wait(for: "At the prompt, an empty line repeats grid next, grid prev, next, prev"), "\(terminal.shown)")
        #expect(
            try terminal.wait(for: "On an empty line, PageDown, Right and Space run 'next'; PageUp, Left and Backspace 'prev'."),
            "\(terminal.shown)")
        // PageDown and PageUp on an empty line are `next` and `prev`, typed where they can be seen;
        // on a line being typed they change nothing.
        try terminal.press("NPage")
        #expect(try terminal.wait { $0.contains("'prev'.\nphotos> next\n") && $0.hasSuffix("  3/5\nphotos>\n") }, "\(terminal.shown)")
        try terminal.press("PPage")
        #expect(try terminal.wait { $0.contains("  3/5\nphotos> prev\n") && $0.hasSuffix("  2/5\nphotos>\n") }, "\(terminal.shown)")
        // Right and Left on an empty line page too; on a line being typed they move the cursor.
        try terminal.press("Right")
        #expect(try terminal.wait { $0.contains("  2/5\nphotos> next\n") && $0.hasSuffix("  3/5\nphotos>\n") }, "\(terminal.shown)")
        try terminal.press("Left")
        #expect(try terminal.wait { $0.contains("  3/5\nphotos> prev\n") && $0.hasSuffix("  2/5\nphotos>\n") }, "\(terminal.shown)")
        try terminal.type("cnt")
        try terminal.press("Left")
        try terminal.press("Left")
        try terminal.type("ou")
        try terminal.press("Right")
        try terminal.press("Right")
        #expect(try terminal.wait { _ in (try? terminal.cursorLine()) == "photos> count" }, "\(terminal.shown)")
        try terminal.press("C-u")
        try terminal.type("cou")
        try terminal.press("NPage")
        try terminal.type("nt")
        #expect(try terminal.wait { _ in (try? terminal.cursorLine()) == "photos> count" }, "\(terminal.shown)")
        try terminal.press("Enter")
        #expect(try terminal.wait(for: "photos> count\ncount: 5"), "\(terminal.shown)")
        // Space and Backspace on an empty line page as in a pager; on a line being typed they type
        // a space and delete, as always.
        try terminal.press("Space")
        #expect(try terminal.wait { $0.contains("photos> next\n") && $0.hasSuffix("  3/5\nphotos>\n") }, "\(terminal.shown)")
        try terminal.press("BSpace")
        #expect(try terminal.wait { $0.contains("  3/5\nphotos> prev\n") && $0.hasSuffix("  2/5\nphotos>\n") }, "\(terminal.shown)")
        try terminal.type("coxu")
        try terminal.press("BSpace")
        try terminal.press("BSpace")
        try terminal.type("unt")
        try terminal.press("Space")
        try terminal.type("4")
        #expect(try terminal.wait { _ in (try? terminal.cursorLine()) == "photos> count 4" }, "\(terminal.shown)")
        try terminal.press("C-u")
        // The detail steps through the list it was opened from, with the same keys.
        try terminal.enter("open 1")
        #expect(try terminal.waitForPrompt("photos/detail 1>"), "\(terminal.shown)")
        try terminal.press("NPage")
        #expect(
            try terminal.wait {
                $0.contains("photos/detail 1> next\n") && $0.contains("Photo 2 of 5") && $0.hasSuffix("photos/detail 2>\n")
            }, "\(terminal.shown)")
        try terminal.press("Space")
        #expect(try terminal.wait { $0.contains("Photo 3 of 5") && $0.hasSuffix("photos/detail 3>\n") }, "\(terminal.shown)")
        try terminal.press("Enter")
        #expect(try terminal.wait { $0.contains("Photo 4 of 5") && $0.hasSuffix("photos/detail 4>\n") }, "\(terminal.shown)")
        try terminal.press("BSpace")
        #expect(try terminal.wait { $0.contains("photos/detail 4> prev\n") && $0.hasSuffix("photos/detail 3>\n") }, "\(terminal.shown)")
        try terminal.press("PPage")
        #expect(try terminal.wait { $0.hasSuffix("photos/detail 2>\n") }, "\(terminal.shown)")
        try terminal.enter("back")
        #expect(try terminal.wait { $0.hasSuffix("photos>\n") }, "\(terminal.shown)")
        try terminal.enter("quit")
        #expect(try terminal.exitStatus() == 0)
    }

    /// Long work shows a progress line on standard error while it runs (after 0.3 s),
    /// erased before the command's output; in a pipe or a file there is none.
    @Test func longWorkShowsProgressThatIsErasedWhenDone() throws {
        let terminal = try Terminal(["--fetch-delay", "700", "--layout", "grid"], height: 40)
        try terminal.waitForPrompt()
        try terminal.enter("count 4")
        try terminal.enter("fetch")
        #expect(try terminal.wait { $0.contains("photos> fetch\nDrawing the sheet: 0/4 pictures… 0.") }, "\(terminal.shown)")
        #expect(try terminal.wait { $0.hasSuffix("photos>\n") && $0.contains("Sheet 1 of 1") }, "\(terminal.shown)")
        #expect(!(try terminal.screen()).contains("Drawing the sheet"), "erased: \(terminal.shown)")
        try terminal.enter("quit")
        let piped = try Binary.run(["run", "--fetch-delay", "700", "--layout", "grid", try Binary.script("count 4\nfetch\n")])
        #expect(piped.status == 0 && piped.stderr.isEmpty, "\(piped.stderr)")
    }

    /// A slow fetch shows what it waits for, as a slow network's does (`--fetch-delay`
    /// showed nothing for its whole wait), erased before the photos are listed.
    @Test func aSlowFetchShowsProgress() throws {
        let terminal = try Terminal(["--fetch-delay", "1500"])
        try terminal.waitForPrompt()
        try terminal.enter("count 2")
        try terminal.enter("fetch")
        #expect(try terminal.wait { $0.contains("photos> fetch\nFetching 2 photos") }, "\(terminal.shown)")
        #expect(try terminal.wait { $0.contains("Fetched 2 photos.") && $0.hasSuffix("photos>\n") }, "\(terminal.shown)")
        #expect(!(try terminal.screen()).contains("Fetching 2 photos"), "erased: \(terminal.shown)")
        try terminal.enter("quit")
    }

    /// `run` on a terminal draws pictures as the REPL does (`--preview auto`); in a pipe
    /// it draws none, so a transcript is the same everywhere.
    @Test func runOnATerminalDrawsPictures() throws {
        let script = try Binary.script("count 1\nfetch\nopen 1\n")
        let terminal = try Terminal(["run", "--preview-size", "20x4", script])
        #expect(try terminal.exitStatus() == 0)
        let screen = try terminal.screen(escapes: true)
        #expect(screen.contains("photos> open 1\n\u{1B}[38;"), "a picture in colours after 'open 1': \(screen.debugDescription)")
        #expect(screen.contains("▀"), "\(screen)")
        let piped = try Binary.run(["run", "--preview-size", "20x4", script])
        #expect(piped.status == 0 && !piped.stdout.contains("▀") && !piped.stdout.contains("\u{1B}"), "\(piped.stdout)")
    }

    /// A script's error on a terminal is shown once, in its transcript, not a second time
    /// as `FILE:LINE: error: …` (which still goes to standard error when that is not the terminal).
    @Test func aScriptsErrorIsShownOnceOnATerminal() throws {
        let script = try Binary.script("count 2\nopen 9\ncount\n")
        let terminal = try Terminal(["run", "--keep-going", script])
        #expect(try terminal.exitStatus() == 1)
        let screen = try terminal.screen()
        #expect(screen.components(separatedBy: "there are no photos to open yet").count == 2, "\(screen)")
        #expect(
            screen.contains("photos> open 9\nerror: there are no photos to open yet: type 'fetch' first\nphotos> count\ncount: 2\n"),
            "\(screen)")
        #expect(screen.contains("photorepl: 1 command failed"), "\(screen)")
    }

    @Test func ctrlDOnAnEmptyLineLeaves() throws {
        let terminal = try Terminal()
        try terminal.waitForPrompt()
        try terminal.press("C-d")
        #expect(try terminal.exitStatus() == 0)
        #expect(try terminal.ttyIsSane())
    }

    @Test func tabCompletesCommandsAndArguments() throws {
        let terminal = try Terminal()
        try terminal.waitForPrompt()
        try terminal.type("cou")
        try terminal.press("Tab")
        #expect(try terminal.wait { _ in (try? terminal.cursorLine()) == "photos> count" })
        try terminal.type("+")
        try terminal.press("Enter")
        #expect(try terminal.wait(for: "photos> count +\ncount: 1\n"))

        // Several matches: the choices are listed and the line stays as typed.
        try terminal.type("p")
        try terminal.press("Tab")
        #expect(try terminal.wait(for: "photos> p\npage  prev\nphotos> p"))
        try terminal.press("C-u")

        // Arguments: the stepper's words, positions after a fetch, command names for help, files.
        try terminal.type("count ")
        try terminal.press("Tab")
        #expect(try terminal.wait(for: "+  -\nphotos> count"))
        try terminal.press("C-u")
        try terminal.enter("count 12")
        try terminal.enter("fetch")
        try terminal.type("open 1")
        try terminal.press("Tab")
        #expect(try terminal.wait(for: "1   10  11  12\nphotos> open 1"))
        try terminal.press("C-u")
        try terminal.type("help fe")
        try terminal.press("Tab")
        #expect(try terminal.wait { _ in (try? terminal.cursorLine()) == "photos> help fetch" })
        try terminal.press("C-u")
        try terminal.type("run Examples/dem")
        try terminal.press("Tab")
        #expect(try terminal.wait { _ in (try? terminal.cursorLine()) == "photos> run Examples/demo.t" })
        #expect(try terminal.wait(for: "demo.t    demo.txt"))
        try terminal.press("C-u")

        // No match: nothing is inserted.
        try terminal.type("zz")
        try terminal.press("Tab")
        try terminal.press("Enter")
        #expect(try terminal.wait(for: "photos> zz\nerror: unknown command 'zz'"))
    }

    @Test func ctrlCClearsTheLineBeingTyped() throws {
        let terminal = try Terminal()
        try terminal.waitForPrompt()
        try terminal.type("half typed")
        try terminal.wait(for: "half typed")
        try terminal.press("C-c")
        #expect(try terminal.wait(for: "photos> half typed^C\nphotos>"))
        try terminal.enter("count 2")
        #expect(try terminal.wait(for: "photos> count 2\ncount: 2\n"))
        try terminal.press("C-c")
        try terminal.press("C-c")
        try terminal.enter("quit")
        #expect(try terminal.exitStatus() == 0)
        #expect(try terminal.ttyIsSane())
    }

    @Test func ctrlCCancelsARunningFetchAndKeepsTheDataStores() throws {
        let terminal = try Terminal(["--fetch-delay", "1500"], width: 140)  // the state line fits on one row
        try terminal.waitForPrompt()
        try terminal.enter("count 2")
        try terminal.enter("fetch")
        #expect(try terminal.wait(for: "Fetched 2 photos."))
        try terminal.enter("count 5")
        try terminal.enter("fetch")
        try terminal.wait(for: "photos> fetch\n")
        usleep(300_000)
        try terminal.press("C-c")
        #expect(try terminal.wait(for: "error: interrupted: fetch was cancelled and changed nothing\nphotos>"))
        try terminal.enter("state --json")
        #expect(
            try terminal.wait {
                $0.contains(#""count":5,"photos":["2Tr0D_iV2WQ","CDA5yLnU5qR"],"page":1,"source":"embedded","layout":"list"}"#)
            })
        try terminal.press("C-d")
        #expect(try terminal.exitStatus() == 0)
        #expect(try terminal.ttyIsSane())
    }

    /// Ctrl-C during a command is not echoed into its output (`^Cerror: …`), and keys typed
    /// while it runs are not echoed over it either: they wait for the next prompt, and are shown there.
    @Test func nothingTypedDuringACommandIsEchoedIntoItsOutput() throws {
        let terminal = try Terminal(["--fetch-delay", "1500"], width: 140)
        try terminal.waitForPrompt()
        try terminal.enter("count 2")
        try terminal.enter("fetch")
        try terminal.wait(for: "photos> fetch\n")
        usleep(300_000)
        try terminal.press("C-c")
        #expect(
            try terminal.wait(for: "photos> fetch\nerror: interrupted: fetch was cancelled and changed nothing\nphotos>"),
            "\(terminal.shown)")
        #expect(!terminal.shown.contains("^C"), "\(terminal.shown)")
        try terminal.enter("fetch")
        try terminal.wait(for: "photos> fetch\n")
        usleep(200_000)
        try terminal.type("count 3")
        #expect(try terminal.wait(for: "Fetched 2 photos."))
        // Typed ahead: not in the output, but on the next prompt's line, ready to be entered.
        #expect(try terminal.wait { _ in (try? terminal.cursorLine()) == "photos> count 3" }, "\(terminal.shown)")
        #expect(!terminal.shown.contains("count 3Fetched") && !terminal.shown.contains("count 3\nFetched"), "\(terminal.shown)")
        try terminal.press("Enter")
        #expect(try terminal.wait(for: "photos> count 3\ncount: 3\n"))
        try terminal.press("C-d")
        #expect(try terminal.exitStatus() == 0)
        #expect(try terminal.ttyIsSane(), "\(terminal.shownTTY)")
    }

    /// Ctrl-C while a sheet's thumbnails are decoded ends the sheet: nothing of it is drawn
    /// (it was, with the thumbnails done by then, seconds later), the prompt is back, and `grid`
    /// shows it afterwards.
    @Test func ctrlCDuringASheetDrawsNothingOfIt() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("sheet-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let recording = home + "/session.txt"
        let terminal = try Terminal(
            ["--fetch-delay", "3000", "--preview", "ascii", "--record", recording], home: home, width: 100, height: 40)
        try terminal.waitForPrompt()
        try terminal.enter("count 4")
        try terminal.enter("fetch")
        #expect(try terminal.wait(for: "Fetched 4 photos."))
        try terminal.waitForPrompt()
        try terminal.enter("grid")
        try terminal.wait(for: "photos> grid\n")
        usleep(300_000)
        try terminal.press("C-c")
        #expect(
            try terminal.wait(
                for: "photos> grid\nerror: interrupted: the sheet was not shown (type the command again to show it)\nphotos>"),
            "\(terminal.shown)")
        #expect(!terminal.shown.contains("Sheet 1 of"), "\(terminal.shown)")
        try terminal.press("C-d")
        #expect(try terminal.exitStatus() == 0)
        // Recorded as a comment, as an interrupted fetch is: a replay would show the sheet.
        let recorded = try String(contentsOfFile: recording, encoding: .utf8)
        #expect(recorded.contains("\n# interrupted: grid\n"), "\(recorded)")
        #expect(!recorded.split(separator: "\n").contains("grid"), "\(recorded)")
    }

    /// Keys whose escape sequences libedit has no binding for (Shift-PgUp in kitty, F5, F1,
    /// Ctrl-Up) are swallowed whole: `;2~;2~back` was typed, and failed as an unknown command.
    @Test func unknownKeysNeverReachTheCommandLine() throws {
        let terminal = try Terminal()
        try terminal.waitForPrompt()
        for sequence in [
            "\u{1B}[5;2~", "\u{1B}[6;2~", "\u{1B}[15~", "\u{1B}OP", "\u{1B}[1;5A", "\u{1B}[200~", "\u{1B}[?1;2c", "\u{1B}[24;1R",
            // Terminal answers come late (OSC 11, XTVERSION): dropped whole too.
            "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\", "\u{1B}]11;rgb:ffff/ffff/ffff\u{07}", "\u{1B}P>|XTerm(379)\u{1B}\\"
        ] {
            try terminal.type(sequence)
        }
        try terminal.type("back")
        try terminal.press("Enter")
        #expect(try terminal.wait(for: "photos> back\nAlready at the root scene"), "\(terminal.shown)")
        // The keys libedit knows still work: Left moves back into the line, Delete deletes.
        try terminal.type("counx 5")
        try terminal.press("Left", "Left", "BSpace")
        try terminal.type("t")
        try terminal.press("Home", "DC")
        try terminal.type("c")
        try terminal.press("End", "Enter")
        #expect(try terminal.wait(for: "photos> count 5\ncount: 5\n"), "\(terminal.shown)")
        try terminal.enter("quit")
        #expect(try terminal.exitStatus() == 0)
    }

    @Test func historyIsKeptAcrossSessionsPrivatelyAndWithoutRepeats() throws {
        let first = try Terminal()
        try first.waitForPrompt()
        for line in ["count 4", "count 4", "state", "quit"] { try first.enter(line) }
        #expect(try first.exitStatus() == 0)
        let file = first.home + "/.local/state/photorepl/history"
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "_HiStOrY_V2_\ncount\\0404\nstate\nquit\n")

        let second = try Terminal(home: first.home)
        try second.waitForPrompt()
        try second.press("Up")
        #expect(try second.wait { _ in (try? second.cursorLine()) == "photos> quit" })
        try second.press("Up")
        try second.press("Up")
        #expect(try second.wait { _ in (try? second.cursorLine()) == "photos> count 4" })
        try second.press("Enter")
        #expect(try second.wait(for: "count: 4"))
        try second.press("C-r")
        try second.type("sta")
        #expect(try second.wait { _ in (try? second.cursorLine())?.hasSuffix("state") ?? false })
        try second.press("Enter")
        try second.wait(for: "stack: collection")
        try second.press("C-d")
        #expect(try second.exitStatus() == 0)

        // XDG_STATE_HOME wins over HOME.
        let state = first.home + "/xdg"
        let third = try Terminal(environment: ["XDG_STATE_HOME": state], home: first.home)
        try third.waitForPrompt()
        try third.enter("list")
        try third.enter("quit")
        #expect(try third.exitStatus() == 0)
        #expect(try String(contentsOfFile: state + "/photorepl/history", encoding: .utf8) == "_HiStOrY_V2_\nlist\nquit\n")
    }

    @Test(arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
    func terminatingSignalsSaveHistoryAndRestoreTheTerminal(signal: Int32, status: Int32) throws {
        let terminal = try Terminal()
        try terminal.waitForPrompt()
        try terminal.enter("count 3")
        try terminal.wait(for: "count: 3\nphotos>")
        try terminal.type("half")
        kill(try terminal.pid(), signal)
        #expect(try terminal.exitStatus() == status)
        #expect(try terminal.ttyIsSane(), "\(terminal.shownTTY)")
        #expect(
            try String(contentsOfFile: terminal.home + "/.local/state/photorepl/history", encoding: .utf8) == "_HiStOrY_V2_\ncount\\0403\n")
    }

    @Test func sigtermDuringACommandEndsTheSessionCleanly() throws {
        let terminal = try Terminal(["--fetch-delay", "5000"])
        try terminal.waitForPrompt()
        try terminal.enter("count 2")
        try terminal.enter("fetch")
        try terminal.wait(for: "photos> fetch\n")
        kill(try terminal.pid(), SIGTERM)
        #expect(try terminal.exitStatus() == 143)
        #expect(try terminal.ttyIsSane())
    }

    @Test func aCrashInACommandLeavesTheTerminalUsable() throws {
        let terminal = try Terminal(["--fetch-delay", "5000"], environment: ["SWIFT_BACKTRACE": "enable=no"])
        try terminal.waitForPrompt()
        try terminal.enter("count 2")
        try terminal.enter("fetch")
        try terminal.wait(for: "photos> fetch\n")
        kill(try terminal.pid(), SIGABRT)
        #expect(try terminal.exitStatus() == 134)
        #expect(try terminal.ttyIsSane(), "\(terminal.shownTTY)")
    }

    @Test(arguments: [["LANG": "C", "LC_ALL": "C"], ["LANG": "", "LC_ALL": ""], ["LANG": "C.UTF-8"]])
    func utf8ReachesTheCommandsWhateverTheLocale(environment: [String: String]) throws {
        let terminal = try Terminal(environment: environment)
        try terminal.waitForPrompt()
        try terminal.enter("count é한글🌲")
        #expect(try terminal.wait(for: "not 'é한글🌲'"), "\(terminal.shown)")
        try terminal.type("café")
        try terminal.press("C-a")
        try terminal.type("X")
        try terminal.press("Enter")
        #expect(try terminal.wait(for: "unknown command 'Xcafé'"))
    }

    @Test func helpIsGroupedAndThePromptShowsTheStack() throws {
        // Tall enough for the whole of `help`, its first heading included.
        let terminal = try Terminal(height: 40)
        try terminal.waitForPrompt()
        try terminal.enter("help")
        #expect(try terminal.wait(for: "collection commands:\n  count [+|-|N]"))
        #expect(try terminal.wait(for: "global commands:\n  help [COMMAND]"))
        try terminal.enter("open --help")
        #expect(
            try terminal.wait(
                for:
                    "usage: open [N|NAME]\n  open photo N, or the one named NAME (a file name), in the detail scene (default: the current page)\nexample: open 2\n"
            ))
        try terminal.enter("fetc")
        #expect(try terminal.wait(for: "error: unknown command 'fetc': did you mean 'fetch'?"))
        try terminal.enter("count 2")
        try terminal.enter("fetch")
        try terminal.enter("open 2")
        try terminal.enter("edit")
        #expect(try terminal.wait { _ in (try? terminal.cursorLine()) == "photos/detail 2/index>" })
        try terminal.enter("help move")
        #expect(try terminal.wait(for: "usage: move N\n  save position N and close the sheet"))
    }

    @Test func editrcLinesForPhotoreplAreHonoured() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("editrc-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try "# vi mode for photorepl only\nphotorepl:bind -v\nother:bind -e\n".write(
            toFile: home + "/.editrc", atomically: true, encoding: .utf8)
        let terminal = try Terminal(home: home)
        try terminal.waitForPrompt()
        try terminal.type("count 5")
        try terminal.press("Escape")
        try terminal.type("0x")
        try terminal.press("Enter")
        #expect(try terminal.wait(for: "error: unknown command 'ount'"), "\(terminal.shown)")
        // Tab still completes in vi insert mode.
        try terminal.type("fet")
        try terminal.press("Tab")
        #expect(try terminal.wait { _ in (try? terminal.cursorLine()) == "photos> fetch" })
    }

    @Test func colourOnlyOnATerminalThatWantsIt() throws {
        let coloured = try Terminal()
        try coloured.waitForPrompt()
        try coloured.enter("nope")
        try coloured.wait(for: "error: unknown")
        let screen = try coloured.screen(escapes: true)
        #expect(screen.contains("\u{1B}[31merror: unknown command 'nope'"))
        // (tmux puts the greeting's closing reset at the start of the next line: before the prompt.)
        let promptLine = screen.components(separatedBy: "\n").first { $0.hasSuffix("photos> nope") } ?? ""
        var before = String(promptLine.dropLast("photos> nope".count))
        for reset in ["\u{1B}[0m", "\u{1B}[39m", "\u{1B}[49m"] { before = before.replacingOccurrences(of: reset, with: "") }
        #expect(!promptLine.isEmpty && before.isEmpty, "the prompt stays plain: \(promptLine.debugDescription)")

        for environment in [["NO_COLOR": "1"], ["TERM": "dumb"]] {
            let plain = try Terminal(environment: environment)
            try plain.waitForPrompt()
            try plain.enter("nope")
            try plain.wait(for: "error: unknown")
            #expect(!(try plain.screen(escapes: true)).contains("\u{1B}[31m"), "\(environment)")
        }
        // An empty NO_COLOR does not count.
        let empty = try Terminal(environment: ["NO_COLOR": ""])
        try empty.waitForPrompt()
        try empty.enter("nope")
        try empty.wait(for: "error: unknown")
        #expect(try empty.screen(escapes: true).contains("\u{1B}[31merror"))
    }

    @Test func aResizeWhileTypingRedrawsTheLine() throws {
        let terminal = try Terminal(width: 100, height: 30)
        try terminal.waitForPrompt()
        try terminal.type("count 1")
        try terminal.wait(for: "photos> count 1")
        try terminal.resize(width: 50, height: 20)
        usleep(200_000)
        try terminal.type("2")
        #expect(try terminal.wait { _ in (try? terminal.cursorLine()) == "photos> count 12" })
        try terminal.press("Enter")
        #expect(try terminal.wait(for: "count: 12"))
        try terminal.enter("quit")
        #expect(try terminal.exitStatus() == 0)
    }

    /// A session recorded in a real terminal replays with `run` to the same output and state.
    @Test func aRecordedTerminalSessionReplays() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rec-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let terminal = try Terminal(["--seed", "11", "--record", dir + "/s.txt", "--transcript", dir + "/s.t"])
        try terminal.waitForPrompt()
        for line in ["count 4", "fetch", "fech", "open 3", "edit", "move x", "move 1", "back", "next", "state --json", "quit"] {
            try terminal.enter(line)
        }
        #expect(try terminal.exitStatus() == 0)
        // Both replay with nothing typed again; the transcript's header also says how the
        // session laid out its pictures and sheets in that window, which `test` has none of.
        let replay = try Binary.run(["run", dir + "/s.txt"])
        #expect(replay.status == 1, "the session's 'fech' and 'move x' failed, and so do they in the replay")
        // The recording keeps the sizes the session laid out with in its window (a replay in a pipe
        // lays out sheets as it did), not the terminal's picture mode (a replay draws in its own).
        let recorded = try String(contentsOfFile: dir + "/s.txt", encoding: .utf8).prefix { $0 != "\n" }
        #expect(recorded.hasPrefix("# photorepl: --keep-going --seed 11 ") && recorded.contains(" --sheet-size "), "\(recorded)")
        #expect(!recorded.contains("--cell-size"), "\(recorded)")
        let transcript = try String(contentsOfFile: dir + "/s.t", encoding: .utf8)
        let header = transcript.prefix { $0 != "\n" }
        #expect(header.hasPrefix("# photorepl: --seed 11 "), "\(header)")
        #expect(header.contains(" --sheet-size "), "\(header)")
        #expect(replay.stdout == transcript.dropFirst(header.count + 1))
        #expect(transcript.contains(#"photos> state --json"# + "\n" + #"{"stack":["collection"],"count":4,"#))
        let checked = try Binary.run(["test", dir + "/s.t"])
        #expect(checked.status == 0, "\(checked.stdout)")
    }
}

extension TerminalTests {
    /// Ctrl-Z at the prompt: while photorepl is stopped the terminal is the shell's (canonical, echo),
    /// and after `fg` the line editor is back, with the line being typed.
    @Test func ctrlZRestoresTheTerminalAndFgResumes() throws {
        let terminal = try Terminal(jobControl: true)
        try terminal.waitForPrompt()
        try terminal.type("coun")
        try terminal.press("C-z")
        // The shell records the terminal's settings while photorepl is stopped, then runs `fg`.
        var settings = ""
        for _ in 0..<200 where settings.isEmpty {
            settings = (try? String(contentsOfFile: terminal.statusFile + ".suspended", encoding: .utf8)) ?? ""
            if settings.isEmpty { usleep(50_000) }
        }
        let words = Set(settings.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        #expect(words.isSuperset(of: ["icanon", "echo", "isig"]), "while stopped: \(settings)")
        #expect(try terminal.wait { _ in (try? terminal.cursorLine()) == "photos> coun" }, "\(terminal.shown)")
        try terminal.type("t 3")
        try terminal.press("Enter")
        #expect(try terminal.wait(for: "count: 3"), "\(terminal.shown)")
        try terminal.enter("quit")
        #expect(try terminal.exitStatus() == 0)
        #expect(try terminal.ttyIsSane(), "\(terminal.shownTTY)")
    }
}

extension TerminalTests {
    /// The photographer scene as a person uses it: Tab completes `author`, Ctrl-C while the
    /// photographer loads leaves the scene empty and says so, `show` tries again, `back` returns.
    @Test func thePhotographerSceneInATerminal() throws {
        let terminal = try Terminal(["--preview", "none", "--fetch-delay", "800"], width: 140)
        try terminal.waitForPrompt()
        try terminal.enter("count 2")
        try terminal.enter("fetch")
        #expect(try terminal.wait(for: "Fetched 2 photos."), "\(terminal.shown)")
        try terminal.enter("open 1")
        #expect(try terminal.waitForPrompt("photos/detail 1>"), "\(terminal.shown)")
        try terminal.type("aut")
        try terminal.press("Tab")
        #expect(try terminal.wait { _ in (try? terminal.cursorLine())?.hasPrefix("photos/detail 1> author") == true }, "\(terminal.shown)")
        try terminal.press("Enter")
        try terminal.wait { $0.contains("photos/detail 1> author\n") || $0.contains("photos/detail 1> author \n") }
        usleep(200_000)
        try terminal.press("C-c")
        #expect(
            try terminal.wait(for: "Interrupted: @annagarcia94's photos were not loaded. Type 'show' to try again, or 'back'."),
            "\(terminal.shown)")
        #expect(try terminal.waitForPrompt("photos/detail 1/author>"), "\(terminal.shown)")
        try terminal.enter("show")
        #expect(try terminal.wait(for: "6 of their 127 photos:"), "\(terminal.shown)")
        try terminal.enter("back")
        try terminal.enter("back")
        try terminal.enter("state --json")
        #expect(try terminal.wait(for: #"{"stack":["collection"],"count":2,"#), "\(terminal.shown)")
        try terminal.enter("quit")
        #expect(try terminal.exitStatus() == 0)
        #expect(try terminal.ttyIsSane(), "\(terminal.shownTTY)")
    }
}

/// A folder given on the command line, in a real terminal, as a viewer shows it.
@Suite(.serialized) struct ViewerTerminalTests {
    /// Three photos whose names differ only at their ends, as a camera or a holiday names them.
    static func holidayFolder() throws -> String {
        let photo = try Data(contentsOf: Binary.packageRoot.appendingPathComponent("Examples/photos/sunset.jpg"))
        let folder = URL(fileURLWithPath: try Binary.script("", name: "unused")).deletingLastPathComponent().appendingPathComponent(
            "Holiday")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for n in 1...3 { try photo.write(to: folder.appendingPathComponent("2024-06-01 Holiday in Portugal 00\(n).jpg")) }
        return folder.path
    }

    /// At 200 columns the names show whole; at 40 they are cut in their middles, so that the three
    /// stay apart (before: "2024-06-01 Holiday in Portu…" for all three, at any width); the grid's
    /// captions likewise.
    @Test func namesFitTheWindowAndLongOnesAreCutInTheirMiddles() throws {
        let folder = try Self.holidayFolder()
        let wide = try Terminal([folder, "--preview", "none"], width: 200, height: 40)
        #expect(try wide.wait { $0.contains("● ○ ○  1/3") }, "\(wide.shown)")
        for n in 1...3 { #expect(try wide.screen().contains("  2024-06-01 Holiday in Portugal 00\(n).jpg\n"), "\(wide.shown)") }
        try wide.enter("quit")
        let narrow = try Terminal([folder, "--preview", "none"], width: 40, height: 40)
        #expect(try narrow.wait { $0.contains("● ○ ○  1/3") }, "\(narrow.shown)")
        let rows = try narrow.screen().split(separator: "\n").filter { $0.contains("2024-") }
        #expect(rows.count == 3 && rows.allSatisfy { $0.count <= 40 }, "\(narrow.shown)")
        for n in 1...3 { #expect(rows[n - 1].contains("…") && rows[n - 1].hasSuffix("00\(n).jpg"), "\(narrow.shown)") }
        try narrow.enter("grid")
        #expect(try narrow.wait { $0.contains("Sheet 1 of") && $0.hasSuffix("photos>\n") }, "\(narrow.shown)")
        let captions = try narrow.screen().split(separator: "\n").filter { $0.contains("…") && $0.contains(".jpg") }
        #expect(
            !captions.isEmpty && captions.allSatisfy { $0.contains("1.jpg") || $0.contains("2.jpg") || $0.contains("3.jpg") },
            "\(narrow.shown)")
        try narrow.enter("quit")
    }

    /// Names of bidi overrides, C1 controls and emoji fit an 80-column window as printed: rows of
    /// 87–96 columns and a sheet line of 102 were printed there (measured before they were
    /// sanitized, 🚀 and U+1FA70's block counted one column). Each line tmux wrapped is joined
    /// again (`-J`), and measured as tmux shows it: ASCII, and these two emoji two columns each.
    @Test func hostileNamesFitTheWindowAsPrinted() throws {
        let folder = try TemporaryFolder()
        let jpeg = try Data(contentsOf: Binary.packageRoot.appendingPathComponent("Examples/photos/sunset.jpg"))
        let names = [
            "a" + String(repeating: "\u{202E}", count: 9) + "gpj.exe.jpg", String(repeating: "\u{85}", count: 9) + "c1.jpg",
            String(repeating: "🚀", count: 30) + ".jpg", String(repeating: "🪄", count: 30) + ".jpg", "plain.jpg"
        ]
        for name in names { try jpeg.write(to: URL(fileURLWithPath: folder.file(name))) }
        func shownWidth(_ line: Substring) -> Int {
            line.unicodeScalars.reduce(0) { $0 + (["\u{1F680}", "\u{1FA84}"].contains($1) ? 2 : 1) }
        }
        let terminal = try Terminal([folder.path, "--preview", "symbols"], width: 80, height: 50)
        #expect(try terminal.wait { $0.contains("● ○ ○ ○ ○  1/5") && $0.hasSuffix("photos>\n") }, "\(terminal.shown)")
        try terminal.enter("grid")
        #expect(try terminal.wait { $0.contains("Sheet 1 of") && $0.hasSuffix("photos>\n") }, "\(terminal.shown)")
        let screen = try terminal.screen(joined: true)
        #expect(screen.contains("<U+202E>") && screen.contains("🪄") && screen.contains("<U+0085>"), "\(screen)")
        let wide = screen.split(separator: "\n").filter { shownWidth($0) > 80 }
        #expect(wide.isEmpty, "\(wide.map { "\(shownWidth($0)): \($0)" }.joined(separator: "\n"))")
        try terminal.enter("quit")
    }

    /// `photorepl FOLDER` lists at once; `open 3`; PageDown twice in the detail steps on, an empty
    /// Enter repeats; `back` lands on the photo shown last.
    @Test func aFolderIsListedAtOnceAndTheDetailSteps() throws {
        let folder = try Self.holidayFolder()
        let terminal = try Terminal([folder, "--preview", "none"], width: 120, height: 40)
        #expect(
            try terminal.wait { $0.contains("Found 3 photos in ") && $0.contains("● ○ ○  1/3\n") && $0.hasSuffix("photos>\n") },
            "\(terminal.shown)")
        try terminal.enter("open 1")
        #expect(try terminal.waitForPrompt("photos/detail 1>"), "\(terminal.shown)")
        try terminal.press("NPage")
        #expect(
            try terminal.wait {
                $0.contains("Photo 2 of 3\n  id           2024-06-01 Holiday in Portugal 002.jpg") && $0.hasSuffix("photos/detail 2>\n")
            }, "\(terminal.shown)")
        try terminal.press("NPage")
        #expect(try terminal.wait { $0.hasSuffix("photos/detail 3>\n") }, "\(terminal.shown)")
        try terminal.press("Enter")
        // The empty line shows the command it ran, as PageDown's does.
        #expect(
            try terminal.wait {
                $0.contains("photos/detail 3> next\nAlready at the last photo of the collection (3 of 3).\nphotos/detail 3>\n")
            }, "\(terminal.shown)")
        try terminal.enter("back")
        #expect(
            try terminal.wait { $0.contains("▸ 3  2024-06-01 Holiday in Portugal 003.jpg\n○ ○ ●  3/3\nphotos>\n") }, "\(terminal.shown)")
        try terminal.enter("quit")
        #expect(try terminal.exitStatus() == 0)
    }

    /// At 80×24 a folder of 48 photos: the first listing fits the window (its heading, the current
    /// photo's ▸ and the page control stay on screen); in the detail, `open storm` opens a photo by
    /// its name without its folder, `grid` and `open 3` go back to the list and run there.
    @Test func at80By24TheListFitsAndThePhotoViewTakesTheListsCommands() throws {
        let photo = try Data(contentsOf: Binary.packageRoot.appendingPathComponent("Examples/photos/sunset.jpg"))
        let folder = URL(fileURLWithPath: try Binary.script("", name: "unused")).deletingLastPathComponent().appendingPathComponent(
            "Shoot48")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Nature"), withIntermediateDirectories: true)
        for n in 1...47 { try photo.write(to: folder.appendingPathComponent(String(format: "IMG_%04d.jpg", n))) }
        try photo.write(to: folder.appendingPathComponent("Nature/Storm.jpg"))
        let terminal = try Terminal([folder.path, "--preview", "none"], width: 80, height: 24)
        #expect(try terminal.wait { $0.contains("● 1/48") && $0.hasSuffix("photos>\n") }, "\(terminal.shown)")
        let first = try terminal.screen()
        #expect(first.contains("Found 48 photos in ") && first.contains("▸  1  IMG_0001.jpg"), "\(first)")
        try terminal.enter("open 3")
        #expect(try terminal.waitForPrompt("photos/detail 3>"), "\(terminal.shown)")
        try terminal.enter("open storm")
        #expect(
            try terminal.wait { $0.contains("Photo 48 of 48\n  id           Nature/Storm.jpg") && $0.hasSuffix("photos/detail 48>\n") },
            "\(terminal.shown)")
        try terminal.enter("grid")
        #expect(try terminal.wait { $0.contains("Sheet ") && $0.hasSuffix("photos>\n") }, "\(terminal.shown)")
        try terminal.enter("open 3")
        #expect(try terminal.waitForPrompt("photos/detail 3>"), "\(terminal.shown)")
        try terminal.enter("back")
        #expect(try terminal.wait { $0.contains("▸  3  IMG_0003.jpg") && $0.hasSuffix("photos>\n") }, "\(terminal.shown)")
        #expect(try terminal.screen().split(separator: "\n").count <= 24)
        try terminal.enter("quit")
        #expect(try terminal.exitStatus() == 0)
    }

    /// A transcript written at the prompt by a session recording to a script (`--record`), with
    /// `record FILE` and `record stop` typed in it, passes its own check from another folder: the
    /// check knows the folder the session ran in and that it was recording.
    @Test func aTranscriptThatRecordedPassesItsCheckFromAnotherFolder() throws {
        let folder = URL(fileURLWithPath: try Binary.script("", name: "unused")).deletingLastPathComponent().appendingPathComponent("trip")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("rec"), withIntermediateDirectories: true)
        let command =
            "cd \(Terminal.quote(folder.path)) && exec \(Terminal.quote(Binary.executable.path)) --record rec/trip.txt --transcript rec/trip.t"
        let terminal = try Terminal(["-c", command], program: "/bin/sh")
        #expect(try terminal.waitForPrompt(), "\(terminal.shown)")
        for line in [
            "count 2", "fetch", "record rec/inner.txt", "record stop", "record stop", "record rec/inner.txt", "open 1", "record stop"
        ] {
            try terminal.enter(line)
        }
        #expect(
            try terminal.wait { $0.contains("Recording stopped: rec/inner.txt.") && $0.hasSuffix("photos/detail 1>\n") },
            "\(terminal.shown)")
        try terminal.enter("quit")
        #expect(try terminal.exitStatus() == 0)
        let transcript = try String(contentsOfFile: folder.path + "/rec/trip.t", encoding: .utf8)
        #expect(transcript.contains("photos> record rec/inner.txt\nerror: already recording to rec/trip.txt"), "\(transcript)")
        #expect(
            transcript.contains("photos> record stop\nRecording stopped: rec/trip.txt.\nphotos> record stop\nNot recording.\n"),
            "\(transcript)")
        let inner = try String(contentsOfFile: folder.path + "/rec/inner.txt", encoding: .utf8)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/rec").sorted()
        // From the package's folder, not the one it ran in.
        let checked = try Binary.run(["test", folder.path + "/rec/trip.t"])
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        #expect(checked.stdout.hasSuffix("1 passed, 0 failed\n"), "\(checked.stdout)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path + "/rec").sorted() == before, "the check wrote nothing there")
        #expect(try String(contentsOfFile: folder.path + "/rec/inner.txt", encoding: .utf8) == inner)
    }

    /// Ctrl-C while a big folder is walked before the first prompt ends the session with a word and
    /// exit 130, the progress line erased (it exited 130 by the signal, the line left on screen).
    @Test func ctrlCDuringTheStartUpWalkEndsTheSessionSayingSo() throws {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : FileManager.default.temporaryDirectory.path
        let folder = "\(base)/photorepl-walk-\(getpid())-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 300,000 empty files named as photos: each is opened to be sniffed, seconds of walking.
        let made = try Terminal.runWithStatus(
            "/bin/sh",
            [
                "-c",
                "mkdir -p \(Terminal.quote(folder)) && cd \(Terminal.quote(folder)) && for d in $(seq 1 30); do mkdir d$d && (cd d$d && seq -f '%g.jpg' 1 10000 | xargs touch) || exit 1; done"
            ])
        #expect(made.status == 0, "\(made.output)")
        let terminal = try Terminal([folder, "--preview", "none"], width: 160, height: 30)
        #expect(try terminal.wait(for: "Walking "), "\(terminal.shown)")
        try terminal.press("C-c")
        #expect(try terminal.wait(for: "EXIT="), "\(terminal.shown)")
        #expect(try terminal.exitStatus() == 130)
        let screen = try terminal.screen()
        #expect(
            screen.contains(
                "photorepl: interrupted while the session opened, before its first prompt: it ended there, and nothing is shown\n"),
            "\(screen)")
        #expect(!screen.contains("Walking "), "the progress line is erased: \(screen)")
        #expect(try terminal.ttyIsSane(), "\(terminal.shownTTY)")
    }
}
