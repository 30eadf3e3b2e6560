import Foundation
import Testing

/// Pictures in a real terminal (tmux), as a person sees them.
@Suite(.serialized) struct PictureTerminalTests {
    /// Characters libchafa draws symbol pictures with (blocks, quadrants, half blocks, borders).
    static func hasSymbolPicture(_ screen: String) -> Bool {
        screen.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) || (0x2500...0x257F).contains($0.value) }
    }

    @Test func aFolderPhotoIsDrawnInSymbolsAndTheNextPageToo() throws {
        let terminal = try Terminal(
            ["--folder", "Examples/photos", "--preview", "symbols", "--preview-size", "40x12"],
            environment: ["COLORTERM": "truecolor"])
        try terminal.waitForPrompt()
        try terminal.enter("count 3")
        try terminal.enter("fetch")
        #expect(try terminal.wait(for: "Fetched 3 photos."), "\(terminal.shown)")
        try terminal.enter("open 1")
        #expect(try terminal.wait(for: "Photo 1 of 3"), "\(terminal.shown)")
        let screen = try terminal.screen()
        #expect(Self.hasSymbolPicture(screen), "no picture drawn:\n\(screen)")
        // Truecolor sequences reached the terminal, and the picture sits above the heading.
        #expect(try terminal.screen(escapes: true).contains("38;2;"))
        let lines = screen.components(separatedBy: "\n")
        let heading = try #require(lines.firstIndex { $0.hasPrefix("Photo 1 of 3") })
        #expect(Self.hasSymbolPicture(lines[heading - 1]), "the line above the heading is the picture's last:\n\(screen)")

        try terminal.enter("back")
        try terminal.enter("clear-screen-marker")  // an unknown command: a marker on screen before the page
        try terminal.wait(for: "unknown command 'clear-screen-marker'")
        try terminal.enter("next")
        #expect(try terminal.wait(for: "2/3"), "\(terminal.shown)")
        let after = try terminal.screen().components(separatedBy: "clear-screen-marker").last ?? ""
        #expect(Self.hasSymbolPicture(after), "next drew no picture:\n\(after)")
        try terminal.enter("quit")
        #expect(try terminal.exitStatus() == 0)
    }

    @Test func autoAsksTheTerminalAndDrawsWhatItCan() throws {
        // tmux answers the query itself (no kitty graphics, no sixel here): symbols.
        let terminal = try Terminal(["--folder", "Examples/photos", "--preview-size", "30x10"])
        try terminal.waitForPrompt()
        try terminal.enter("count 2")
        try terminal.enter("fetch")
        try terminal.enter("open 1")
        #expect(try terminal.wait(for: "Photo 1 of 2"), "\(terminal.shown)")
        #expect(Self.hasSymbolPicture(try terminal.screen()), "\(terminal.shown)")
        // The terminal's answers were read, not left for the line editor: the prompt line is clean.
        try terminal.type("count")
        #expect(try terminal.wait { _ in (try? terminal.cursorLine()) == "photos/detail 1> count" }, "\(terminal.shown)")
        try terminal.press("C-u")
        try terminal.enter("quit")
        #expect(try terminal.exitStatus() == 0)
        #expect(try terminal.ttyIsSane(), "\(terminal.shownTTY)")
    }

    @Test func aDumbTerminalGetsNoPictureAndEverythingElseWorks() throws {
        let terminal = try Terminal(["--folder", "Examples/photos"], environment: ["TERM": "dumb"])
        try terminal.waitForPrompt()
        try terminal.enter("count 3")
        try terminal.enter("fetch")
        try terminal.enter("open 1")
        #expect(try terminal.wait(for: "Photo 1 of 3"), "\(terminal.shown)")
        try terminal.enter("back")
        try terminal.enter("next")
        #expect(try terminal.wait(for: "2/3"), "\(terminal.shown)")
        let screen = try terminal.screen(escapes: true)
        #expect(!Self.hasSymbolPicture(screen), "\(screen)")
        #expect(!screen.contains("\u{1B}[38;"), "no colour sequences")
        try terminal.enter("quit")
        #expect(try terminal.exitStatus() == 0)
    }
}

extension PictureTerminalTests {
    @Test func ctrlCDuringASlowPictureGivesUpThePictureOnly() throws {
        let terminal = try Terminal(["--preview", "symbols", "--preview-size", "20x6", "--fetch-delay", "1000"])
        try terminal.waitForPrompt()
        try terminal.enter("count 2")
        try terminal.enter("fetch")
        #expect(try terminal.wait(for: "Fetched 2 photos."), "\(terminal.shown)")
        try terminal.enter("open 2")
        try terminal.press("C-c")
        #expect(try terminal.wait(for: "(picture not shown: interrupted)"), "\(terminal.shown)")
        #expect(try terminal.wait(for: "Photo 2 of 2"), "\(terminal.shown)")
        #expect(try terminal.waitForPrompt("photos/detail 2>"), "the detail scene is open: \(terminal.shown)")
        try terminal.enter("quit")
        #expect(try terminal.exitStatus() == 0)
    }
}

extension PictureTerminalTests {
    /// Keys typed while photorepl asks the terminal what it can show are not lost: here tmux passes the
    /// queries on to a terminal that is not there (a detached session), so the wait is the whole
    /// time-out, and what was typed meanwhile must reach the prompt after it.
    @Test func keysTypedDuringTheTerminalQueryReachThePrompt() throws {
        let terminal = try Terminal(["--preview-size", "20x6"])
        try terminal.waitForPrompt()
        _ = try terminal.tmux(["set-option", "-p", "-t", terminal.name, "allow-passthrough", "on"])
        try terminal.enter("count 1")
        try terminal.enter("fetch")
        #expect(try terminal.wait(for: "Fetched 1 photo."), "\(terminal.shown)")
        try terminal.enter("open 1")
        try terminal.type("state")
        #expect(try terminal.wait(for: "Photo 1 of 1"), "\(terminal.shown)")
        #expect(try terminal.wait { _ in (try? terminal.cursorLine()) == "photos/detail 1> state" }, "\(terminal.shown)")
        try terminal.press("Enter")
        #expect(try terminal.wait(for: "detail:\n  index: 1"), "\(terminal.shown)")
        try terminal.enter("quit")
        #expect(try terminal.exitStatus() == 0)
        #expect(try terminal.ttyIsSane(), "\(terminal.shownTTY)")
    }

    /// `run` on a terminal draws a folder's pictures as the REPL does (it drew none, and
    /// the README's contact sheets were captions only); `--preview none` still draws none.
    @Test func aScriptRunOnATerminalDrawsPictures() throws {
        let script = try Binary.script("count 2\nfetch\nopen 1\n")
        let terminal = try Terminal(["run", "--folder", "Examples/photos", script])
        #expect(try terminal.wait(for: "EXIT=0"), "\(terminal.shown)")
        #expect(Self.hasSymbolPicture(try terminal.screen()), "\(terminal.shown)")
        let plain = try Terminal(["run", "--folder", "Examples/photos", "--preview", "none", script])
        #expect(try plain.wait(for: "EXIT=0"), "\(plain.shown)")
        let screen = try plain.screen()
        #expect(screen.contains("photos> open 1\nPhoto 1 of 2"), "\(screen)")
        #expect(!Self.hasSymbolPicture(screen))
    }
}

extension PictureTerminalTests {
    /// A terminal one column wide: pictures a column wide, nothing crashes, `quit` leaves cleanly.
    @Test func aOneColumnTerminalStillWorks() throws {
        let terminal = try Terminal(["--folder", "Examples/photos", "--preview", "symbols"], width: 1, height: 40)
        try terminal.enter("count 2")
        try terminal.enter("fetch")
        try terminal.enter("open 1")
        try terminal.enter("state --json")
        try terminal.enter("quit")
        #expect(try terminal.exitStatus() == 0, "\(terminal.shown)")
        #expect(try terminal.ttyIsSane(), "\(terminal.shownTTY)")
    }

    /// The window changes size while a picture is on its way: it is drawn for the new size or the old,
    /// whole, and the session goes on.
    @Test func aResizeWhileAPictureLoadsDoesNoHarm() throws {
        let terminal = try Terminal(["--folder", "Examples/photos", "--preview", "symbols", "--fetch-delay", "800"], width: 100, height: 30)
        try terminal.waitForPrompt()
        try terminal.enter("count 2")
        try terminal.enter("fetch")
        #expect(try terminal.wait(for: "Fetched 2 photos."), "\(terminal.shown)")
        try terminal.enter("open 1")
        try terminal.resize(width: 60, height: 20)
        #expect(try terminal.wait(for: "Photo 1 of 2"), "\(terminal.shown)")
        #expect(Self.hasSymbolPicture(try terminal.screen()), "\(terminal.shown)")
        #expect(try terminal.waitForPrompt("photos/detail 1>"), "\(terminal.shown)")
        try terminal.enter("quit")
        #expect(try terminal.exitStatus() == 0)
    }
}

extension PictureTerminalTests {
    /// A terminal's answer that arrives after the query gave up (a slow link) is not typed input: it
    /// never shows at the prompt, and keys typed around it are kept.
    @Test func aLateTerminalAnswerNeverReachesThePrompt() throws {
        let terminal = try Terminal()
        try terminal.waitForPrompt()
        // Keys, a late DA1 answer, a late kitty graphics answer and keys again, arriving together
        // (as a busy machine hands them over) and then in pieces.
        try terminal.type("co\u{1B}[?62;4;22c\u{1B}_Gi=31;OK\u{1B}\\u")
        try terminal.type("\u{1B}[?62;4c")
        try terminal.type("nt")
        #expect(try terminal.wait { _ in (try? terminal.cursorLine()) == "photos> count" }, "\(terminal.shown)")
        // Keys that start with ESC still work: Left twice, then a character in the middle.
        try terminal.press("Left", "Left")
        try terminal.type("X")
        #expect(try terminal.wait { _ in (try? terminal.cursorLine()) == "photos> couXnt" }, "\(terminal.shown)")
        try terminal.press("C-u")
        try terminal.enter("quit")
        #expect(try terminal.exitStatus() == 0)
    }
}

extension PictureTerminalTests {
    /// SIGTERM or SIGHUP while a picture loads ends the session as at the prompt: 128 + the signal,
    /// the history saved, the terminal sane.
    @Test(arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
    func aTerminatingSignalWhileAPictureLoads(signal: Int32, status: Int32) throws {
        let terminal = try Terminal(["--folder", "Examples/photos", "--preview", "symbols", "--fetch-delay", "600"])
        try terminal.waitForPrompt()
        try terminal.enter("count 2")
        try terminal.enter("fetch")
        #expect(try terminal.wait(for: "Fetched 2 photos."), "\(terminal.shown)")
        try terminal.enter("open 1")  // the picture waits 600 ms
        try terminal.wait(for: "photos> open 1\n")
        kill(try terminal.pid(), signal)
        #expect(try terminal.exitStatus() == status, "\(terminal.shown)")
        #expect(try terminal.ttyIsSane(), "\(terminal.shownTTY)")
        let history = try String(contentsOfFile: terminal.home + "/.local/state/photorepl/history", encoding: .utf8)
        #expect(history.contains("open\\0401"), "\(history)")
    }
}

extension PictureTerminalTests {
    /// A picture's download stalls (the fake API's image host): Ctrl-C gives up the picture and the
    /// detail shows; SIGTERM and SIGHUP end the session cleanly.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalDuringAStalledDownload(signal: Int32) throws {
        let server = try TestServer(key: "k")
        defer { server.stop() }
        let terminal = try Terminal(
            ["--source", "unsplash", "--preview", "symbols", "--preview-size", "20x6"],
            environment: ["UNSPLASH_ACCESS_KEY": "k", "UNSPLASH_API_URL": server.baseURL])
        try terminal.waitForPrompt()
        try terminal.enter("count 2")
        try terminal.enter("fetch")
        #expect(try terminal.wait(for: "Fetched 2 photos."), "\(terminal.shown)")
        try server.setMode("image-slow", extra: ["delay": 30])
        try terminal.enter("open 1")
        try terminal.wait(for: "photos> open 1\n")
        usleep(300_000)
        if signal == SIGINT {
            try terminal.press("C-c")
            #expect(try terminal.wait(for: "(picture not shown: interrupted)"), "\(terminal.shown)")
            #expect(try terminal.waitForPrompt("photos/detail 1>"), "\(terminal.shown)")
            try terminal.enter("quit")
            #expect(try terminal.exitStatus() == 0)
        } else {
            kill(try terminal.pid(), signal)
            #expect(try terminal.exitStatus() == 128 + signal, "\(terminal.shown)")
        }
        #expect(try terminal.ttyIsSane(), "\(terminal.shownTTY)")
    }
}

extension PictureTerminalTests {
    /// What photorepl wrote on a terminal that answers the first picture's query with `head` (after
    /// `headAfter` seconds), then `tail` `wait` seconds later, then types `typed` (slow_terminal.py).
    static func slowTerminal(head: String, tail: String, wait: String, headAfter: String = "0", typed: String) throws -> String {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("slow-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let hex = { (text: String) in text.utf8.map { String(format: "%02x", $0) }.joined() }
        let helper = Binary.packageRoot.appendingPathComponent("Tests/PhotoreplTests/Helpers/slow_terminal.py").path
        return try Terminal.run(
            "/usr/bin/env",
            [
                "-u", "COLORTERM", "-u", "TMUX", "-u", "NO_COLOR", "-u", "KITTY_WINDOW_ID", "-u", "TERM_PROGRAM",
                "HOME=\(home)", "XDG_STATE_HOME=", "XDG_CACHE_HOME=", "TERM=xterm", "LANG=C.UTF-8",
                "python3", helper, "--head-after", headAfter, "--head", hex(head), "--wait", wait, "--tail", hex(tail), "--type", typed,
                "--", Binary.executable.path, "--folder", "Examples/photos", "--preview", "symbols"
            ])
    }

    /// An answer cut off inside its CSI sequence whose rest never comes (tmux's cursor report,
    /// `ESC [ 12 ;`): a line typed seconds later is typed whole (`state` ran as `tate`, its `s` taken
    /// as the answer's final byte).
    @Test func aCutOffAnswerWhoseRestNeverComesEatsNoKey() throws {
        let output = try Self.slowTerminal(head: "\u{1B}[12;", tail: "", wait: "1.5", typed: "state")
        #expect(!output.contains("'tate'"), "\(output)")
        #expect(!output.contains("unknown command"), "\(output)")
        #expect(output.contains("photos/detail 1> state\r\n"), "\(output)")
    }

    /// A terminal answers the first picture's query in pieces (a slow link), the rest after
    /// the query's time-out: the rest has no ESC before it, and was typed (`rm(390)x`, an unknown
    /// command; a carriage return in it ran `quit`). And all of an answer that comes late, in pieces:
    /// `ESC P` was read as Alt-Shift-P (a history search). Both are swallowed as answers; what is
    /// typed after them runs.
    @Test(arguments: [(headAfter: "0", head: "\u{1B}[?1;0;256S\u{1B}P>|XTe"), (headAfter: "1.3", head: "\u{1B}P>|XTe")])
    func aLateAnswerInPiecesIsNeverTyped(headAfter: String, head: String) throws {
        let output = try Self.slowTerminal(
            head: head, tail: "rm(390)x\rquit\r\u{1B}\\\u{1B}[?62;4c", wait: "0.8", headAfter: headAfter, typed: "show")
        #expect(!output.contains("rm(390)") && !output.contains("XTerm") && !output.contains("unknown command"), "\(output)")
        // `show` ran after the answer: the photo's heading twice, and the session did not quit.
        #expect(output.components(separatedBy: "Photo 1 of 1").count == 3, "\(output)")
        #expect(!output.contains("> quit"), "\(output)")
    }
}

extension PictureTerminalTests {
    /// A kitty on this machine is asked (a=q) whether it reads shared memory and temporary
    /// files, and is handed the pixels the way it said it can; a terminal silent on both gets base64.
    /// A fake kitty on a pty (Helpers/fake_kitty.py) answers, reads what it is handed as kitty does
    /// (and removes it), and says what it got: the medium, the RGBA's halves, what was left behind
    /// after photorepl quit. In `reject` it answers OK for shared memory but never reads the picture:
    /// photorepl removes it itself.
    @Test(arguments: [("shm-ok", "s"), ("file-ok", "t"), ("silent", "d"), ("reject", "s")])
    func aLocalKittyGetsThePictureByTheMediumItReads(media: String, medium: String) throws {
        let helper = Binary.packageRoot.appendingPathComponent("Tests/PhotoreplTests/Helpers/fake_kitty.py").path
        let output = try Terminal.run("/usr/bin/env", ["python3", helper, "--media", media, "--", Binary.executable.path])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
        #expect(report["prompt"] as? Bool == true, "\(output)")
        #expect(report["exit"] as? Int == 0, "\(output)")
        // Both media asked about, each with one RGB pixel left private to this user.
        let queries = try #require(report["queries"] as? [[String: Any]])
        #expect(queries.map { $0["medium"] as? String } == ["t", "s"], "\(output)")
        #expect(queries.allSatisfy { $0["content"] as? [Int] == [1, 2, 3] && $0["mode"] as? String == "0o600" }, "\(output)")
        #expect((queries.first?["name"] as? String)?.contains("tty-graphics-protocol") == true, "\(output)")
        // One picture, by the medium kitty said it reads, whole and right: 64×32 of two halves
        // enlarged to 20×5 cells of 10×20 pixels (200×100).
        let pictures = try #require(report["pictures"] as? [[String: Any]])
        try #require(pictures.count == 1, "\(output)")
        let picture = pictures[0]
        #expect(picture["medium"] as? String == medium, "\(output)")
        #expect(picture["width"] as? Int == 200 && picture["height"] as? Int == 100, "\(output)")
        if media == "reject" {
            #expect(picture["present"] as? Bool == true, "the picture was not there to be read: \(output)")
        } else {
            #expect(picture["bytes"] as? Int == 200 * 100 * 4, "\(output)")
            #expect(picture["left"] as? [Int] == (report["left_colour"] as? [Int] ?? []) + [255], "\(output)")
            #expect(picture["right"] as? [Int] == (report["right_colour"] as? [Int] ?? []) + [255], "\(output)")
        }
        if medium != "d" {
            #expect(picture["size"] as? Int == 200 * 100 * 4, "\(output)")
            #expect(picture["mode"] is NSNull || picture["mode"] as? String == "0o600", "\(output)")
        }
        // Nothing of the probe's nor the picture's left in /dev/shm or the temporary folder.
        #expect((report["left"] as? [String]) == [], "\(output)")
        // A picture in shared memory or a file is a short sequence, not its pixels in base64.
        let written = try #require(report["bytes"] as? Int)
        #expect(medium == "d" ? written > 1000 : written < 1000, "\(written) bytes written for open 1")
    }
}

extension PictureTerminalTests {
    /// What a kitty never read stays in /dev/shm only until photorepl can remove it: a SIGQUIT (a
    /// core dump, Ctrl-\) removes it on the way out, and what a SIGKILL left (it cannot be caught) is
    /// removed by the next session that hands pictures over. They stayed for good, 921,600 bytes each.
    @Test func handedOverPicturesLeftBySignalsAreRemoved() throws {
        let helper = Binary.packageRoot.appendingPathComponent("Tests/PhotoreplTests/Helpers/fake_kitty.py").path
        func session(_ media: String, end: String) throws -> [String: Any] {
            let output = try Terminal.run("/usr/bin/env", ["python3", helper, "--media", media, "--end", end, "--", Binary.executable.path])
            return try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
        }
        // kitty refuses the picture (never reads it): photorepl's to remove.
        let quit = try session("reject", end: "QUIT")
        #expect(quit["prompt"] as? Bool == true && quit["exit"] as? Int == -Int(SIGQUIT), "\(quit)")
        #expect(quit["left"] as? [String] == [], "\(quit)")
        let killed = try session("reject", end: "KILL")
        #expect(killed["exit"] as? Int == -Int(SIGKILL), "\(killed)")
        let left = try #require(killed["left"] as? [String])
        #expect(!left.isEmpty && left.allSatisfy { FileManager.default.fileExists(atPath: $0) }, "a SIGKILL leaves them: \(killed)")
        // Another user's (or a live process's) are not ours to remove: a name of this process's id stays.
        let live = "/dev/shm/photorepl-kitty-\(getpid())-00000000000000aa"
        #expect(FileManager.default.createFile(atPath: live, contents: Data([1])))
        defer { try? FileManager.default.removeItem(atPath: live) }
        let next = try session("shm-ok", end: "quit")
        #expect(next["exit"] as? Int == 0, "\(next)")
        #expect(left.allSatisfy { !FileManager.default.fileExists(atPath: $0) }, "the next session removes them: \(left)")
        #expect(FileManager.default.fileExists(atPath: live), "a live process's stays")
    }
}

extension PictureTerminalTests {
    /// What the fake kitty saw of an animation of `frames` frames after `open 1`, with `atPrompt`
    /// done once the prompt is back (Helpers/fake_kitty.py --animation).
    static func kittyAnimation(frames: Int, atPrompt: String) throws -> [String: Any] {
        let helper = Binary.packageRoot.appendingPathComponent("Tests/PhotoreplTests/Helpers/fake_kitty.py").path
        let output = try Terminal.run(
            "/usr/bin/env",
            [
                "python3", helper, "--media", "shm-ok", "--animation", "\(frames)", "--photo", "200x100",
                "--at-prompt", atPrompt, "--", Binary.executable.path
            ])
        return try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
    }

    /// kitty's animation frames are sent once the prompt is back, then run: all were sent before it
    /// (a 1,000-frame APNG held the prompt 4.6–11 s, a 300-frame GIF 18.8 s).
    @Test func kittysFramesComeAfterThePromptThenTheRun() throws {
        let report = try Self.kittyAnimation(frames: 60, atPrompt: "wait")
        #expect(report["prompt"] as? Bool == true && report["exit"] as? Int == 0, "\(report)")
        #expect(report["frames_before_prompt"] as? Int == 0, "\(report)")
        #expect(report["frames"] as? Int == 59, "every frame after the first: \(report)")
        #expect(report["runs"] as? Int == 1 && report["runs_after_prompt"] as? Int == 1, "\(report)")
    }

    /// A key typed at the prompt, or Ctrl-C there, stops the sending: no frame after its echo (or
    /// the prompt drawn again), and the animation is not run. A key did not stop it.
    @Test(arguments: ["key", "ctrl-c"])
    func aKeyOrCtrlCAtThePromptStopsKittysFrames(atPrompt: String) throws {
        let report = try Self.kittyAnimation(frames: 400, atPrompt: atPrompt)
        #expect(report["prompt"] as? Bool == true && report["exit"] as? Int == 0, "\(report)")
        #expect(report["echoed"] as? Bool == true, "\(report)")
        #expect((report["frames_after_prompt"] as? Int ?? 0) >= 1, "sending had begun: \(report)")
        #expect(report["frames_after_key"] as? Int == 0, "\(report)")
        #expect((report["frames"] as? Int ?? 399) < 399 && report["runs"] as? Int == 0, "\(report)")
    }
}
