import CLibEdit
import SystemCalls

/// Interactive input through libedit: prompt, line editing, Tab completion, persistent history.
/// Every libedit quirk is handled here, in one place (as LLDB's Editline.cpp does):
/// - input is decoded as UTF-8 even under LANG=C (libedit drops what its locale cannot decode);
/// - the history size is set before loading (libedit's default size is 0: nothing would be kept);
/// - Tab is bound to our completion, registered before ~/.editrc is read (binding an unknown function
///   name from .editrc can corrupt libedit's heap);
/// - signals never run code in libedit: handlers write to a pipe our character reader watches.
package final class EditLineSource {
    /// What reading a line gave.
    package enum Event: Equatable {
        /// A line, without its newline.
        case line(String)
        /// Ctrl-C: the line being typed was dropped.
        case interrupted
        /// Ctrl-D on an empty line, or the end of input.
        case end
        /// SIGTERM or SIGHUP arrived while reading.
        case terminated(signal: Int32)
    }

    /// How many lines the history keeps.
    package static let historySize: Int32 = 1000

    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private let historyFile: String?
    private let completer: (String) -> Completion
    private var promptBuffer: UnsafeMutablePointer<CChar>
    private var isClosed = false
    /// What PageDown (`true`) or PageUp (`false`) runs on an empty line, as if typed: `next` or
    /// `prev` where the scene on top has them; nil where it has nothing to page (the key beeps).
    /// Called on the main thread, inside el_gets.
    package var pageCommand: (_ forward: Bool) -> String? = { _ in nil }
    /// What a digit key runs on an empty line, as if typed (`rate 4`); nil: the digit is typed.
    /// Called on the main thread, inside el_gets.
    package var keyCommand: (_ key: Character) -> String? = { _ in nil }
    /// Run when the window changes size while a line is being edited, before the prompt is drawn
    /// again: what runs before each prompt (pictures a smaller window would lay over the reflowed
    /// text are deleted). Called on the main thread, inside el_gets.
    package var windowResized: () -> Void = {}

    /// Whether stdin and stdout are both terminals: only then is libedit used.
    package static var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

    /// Loads libedit, which is not linked (scripts and pipes never pay for it): nil when it is
    /// loaded, else why not, in one line naming the Debian package. Call it before `init`.
    package static func loadLibrary() -> String? {
        repl_libedit_load().map { String(cString: $0) }
    }

    /// Keys the user typed while something else read the terminal (a query of what it can show): the
    /// next line read starts with them, as if nothing had been in between.
    package static func returnTypeAhead(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer { repl_push_type_ahead($0.baseAddress, $0.count) }
    }

    /// The rest of a terminal's answer that a query's time-out cut off: swallowed when it comes
    /// (it has no ESC before it, so it would be read as typed keys).
    package enum AnswerTail: Equatable, Sendable {
        /// After a lone ESC: the next byte says what follows.
        case afterEscape
        /// Inside an OSC, DCS or APC string (ends with BEL or ESC \\).
        case string
        /// Inside such a string, just after an ESC (a backslash ends it).
        case stringAfterEscape
        /// Inside a CSI sequence (ends with a final byte).
        case csi
    }

    /// Called after every query of the terminal (nil: its answers were all in): for half a minute an
    /// answer's start that does not end (ESC P …) is taken as a late answer, not as Alt-Shift-P.
    package static func expectAnswerTail(_ tail: AnswerTail?) {
        switch tail {
        case nil: repl_expect_answer_tail(0)
        case .afterEscape?: repl_expect_answer_tail(Int32(REPL_TAIL_AFTER_ESCAPE))
        case .string?: repl_expect_answer_tail(Int32(REPL_TAIL_STRING))
        case .stringAfterEscape?: repl_expect_answer_tail(Int32(REPL_TAIL_STRING_AFTER_ESCAPE))
        case .csi?: repl_expect_answer_tail(Int32(REPL_TAIL_CSI))
        }
    }

    /// How many of `bytes`, read after an answer was cut off as `tail`, the line editor swallows
    /// as the rest of it: up to and with the answer's end, nothing after.
    package static func answerTailLength(_ tail: AnswerTail, in bytes: [UInt8]) -> Int {
        let kind =
            switch tail {
            case .afterEscape: REPL_TAIL_AFTER_ESCAPE
            case .string: REPL_TAIL_STRING
            case .stringAfterEscape: REPL_TAIL_STRING_AFTER_ESCAPE
            case .csi: REPL_TAIL_CSI
            }
        return repl_answer_tail_length(Int32(kind), bytes, bytes.count)
    }

    /// - Parameters:
    ///   - programName: the app's name: lines of `~/.editrc` that start with `NAME:` apply to it.
    ///   - historyFile: where history is loaded from and saved to; nil keeps it in memory only.
    ///   - completer: what Tab inserts or lists for the text before the cursor.
    /// - Precondition: `loadLibrary()` returned nil.
    package init(programName: String, historyFile: String?, completer: @escaping (String) -> Completion) {
        precondition(Self.loadLibrary() == nil, "EditLineSource needs libedit: check loadLibrary() first")
        EditLineSource.useUTF8Locale()  // before el_init: libedit checks the locale when history is attached
        self.historyFile = historyFile
        self.completer = completer
        editLine = repl_el_init(programName)
        history = repl_history_init()
        promptBuffer = strdup("> ")
        repl_history_setsize(history, Self.historySize)
        repl_history_setunique(history, 1)
        if let historyFile { _ = repl_history_load(history, historyFile) }
        repl_el_set_history(editLine, history)
        repl_el_set_editor(editLine, "emacs")
        repl_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        repl_el_set_resize_hook { el in EditLineSource.source(of: el)?.windowResized() }
        repl_el_set_prompt(editLine) { el in
            guard let el, let data = repl_el_get_clientdata(el) else { return nil }
            return Unmanaged<EditLineSource>.fromOpaque(data).takeUnretainedValue().promptBuffer
        }
        repl_el_addfn(editLine, "repl-complete", "Complete the command or argument") { el, _ in
            guard let el, let data = repl_el_get_clientdata(el) else { return UInt8(CC_ERROR) }
            return Unmanaged<EditLineSource>.fromOpaque(data).takeUnretainedValue().complete()
        }
        for (name, forward) in [("repl-page-down", true), ("repl-page-up", false)] {
            let function: @convention(c) (OpaquePointer?, Int32) -> UInt8 =
                forward
                ? { el, _ in EditLineSource.source(of: el)?.page(forward: true) ?? UInt8(CC_ERROR) }
                : { el, _ in EditLineSource.source(of: el)?.page(forward: false) ?? UInt8(CC_ERROR) }
            repl_el_addfn(editLine, name, forward ? "Run 'next' on an empty line" : "Run 'prev' on an empty line", function)
        }
        for (name, forward) in [("repl-right", true), ("repl-left", false)] {
            let function: @convention(c) (OpaquePointer?, Int32) -> UInt8 =
                forward
                ? { el, _ in EditLineSource.source(of: el)?.arrow(forward: true) ?? UInt8(CC_ERROR) }
                : { el, _ in EditLineSource.source(of: el)?.arrow(forward: false) ?? UInt8(CC_ERROR) }
            repl_el_addfn(
                editLine, name, forward ? "Run 'next' on an empty line, else move right" : "Run 'prev' on an empty line, else move left",
                function)
        }
        for (name, forward) in [("repl-space", true), ("repl-backspace", false)] {
            let function: @convention(c) (OpaquePointer?, Int32) -> UInt8 =
                forward
                ? { el, _ in EditLineSource.source(of: el)?.spaceOrBackspace(forward: true) ?? UInt8(CC_ERROR) }
                : { el, _ in EditLineSource.source(of: el)?.spaceOrBackspace(forward: false) ?? UInt8(CC_ERROR) }
            repl_el_addfn(
                editLine, name,
                forward
                    ? "Run 'next' on an empty line, else insert a space"
                    : "Run 'prev' on an empty line, else delete the character before the cursor", function)
        }
        repl_el_addfn(editLine, "repl-digit", "Run the scene's command for a digit on an empty line, else type it") { el, key in
            EditLineSource.source(of: el)?.digit(key) ?? UInt8(CC_ERROR)
        }
        bindKeys()
        repl_el_source(editLine, nil)  // ~/.editrc (or $EDITRC): `NAME:` lines apply, other programs' are skipped
        // `bind -v` or `bind -e` in .editrc resets the key map: Tab must complete in every mode.
        bindKeys()
        repl_signals_install()
        repl_el_use_reader(editLine)
    }

    /// Tab completes; in emacs mode Home, End and Delete work whichever of their sequences the terminal
    /// sends (libedit binds only those terminfo names: tmux's `ESC [ 1 ~` for Home typed a `~`), and
    /// Ctrl-Left and Ctrl-Right move by words; PageDown, Right and Space on an empty line run `next`,
    /// PageUp, Left and Backspace `prev`, and a digit what the scene on top gives it. (Not in vi mode: a sequence bound there would make
    /// Escape wait for the key after it.) Every other escape sequence is dropped by the character reader.
    private func bindKeys() {
        repl_el_bind(editLine, "^I", "repl-complete")
        guard repl_el_is_emacs(editLine) != 0 else { return }
        for (keys, function) in [
            (["\\e[H", "\\eOH", "\\e[1~", "\\e[7~"], "ed-move-to-beg"), (["\\e[F", "\\eOF", "\\e[4~", "\\e[8~"], "ed-move-to-end"),
            (["\\e[3~"], "ed-delete-next-char"), (["\\e[1;5C"], "em-next-word"), (["\\e[1;5D"], "ed-prev-word"),
            (["\\e[6~"], "repl-page-down"), (["\\e[5~"], "repl-page-up"),
            (["\\e[C", "\\eOC"], "repl-right"), (["\\e[D", "\\eOD"], "repl-left"),
            ([" "], "repl-space"), (["^?", "^H"], "repl-backspace"), ((0...9).map(String.init), "repl-digit")
        ] {
            for key in keys { repl_el_bind(editLine, key, function) }
        }
    }

    deinit { close() }

    /// Saves the history and gives the terminal back as it was.
    package func close() {
        guard !isClosed else { return }
        isClosed = true
        repl_echo_restore()
        saveHistory()
        repl_el_end(editLine)
        repl_history_end(history)
        free(promptBuffer)
    }

    /// Shows `prompt` and reads one line.
    package func readLine(prompt: String) -> Event {
        free(promptBuffer)
        promptBuffer = strdup(prompt)
        var count: Int32 = 0
        // libedit reads the line with the terminal as the user set it; the command that follows runs
        // with no echo (a `^C` or keys typed ahead would land in its output).
        repl_echo_restore()
        defer { repl_echo_hide() }
        guard let raw = repl_el_gets(editLine, &count), count > 0 else {
            switch repl_el_take_signal() {
            case SIGINT:
                // Drop what was typed: show it was abandoned, and start afresh on a new line.
                repl_write_out("^C\n")
                return .interrupted
            case let signal where signal != 0:
                repl_write_out("\n")
                return .terminated(signal: signal)
            default:
                return .end
            }
        }
        // `count` bytes, not up to a NUL: a line a key's function ended (PageDown's `next`) is not
        // terminated in libedit's narrow buffer, where the end of a longer earlier line remains.
        var line = String(decoding: UnsafeRawBufferPointer(start: raw, count: Int(count)), as: UTF8.self)
        if line.hasSuffix("\n") { line.removeLast() }
        if !line.allSatisfy({ $0 == " " || $0 == "\t" }) {
            _ = repl_history_enter(history, line)
        }
        return .line(line)
    }

    /// An empty line that runs `line` again (Enter repeating `next`): the line above, where the
    /// prompt was left empty, is written again with the command after the prompt, as PageDown's is
    /// (the screen shows what ran, as if typed).
    package func showRepeated(_ line: String, after prompt: String) {
        var bytes = Array("\u{1B}[1A\r".utf8)
        TerminalText.appendSanitized(prompt + line, to: &bytes)
        repl_write_out(String(decoding: bytes, as: UTF8.self) + "\u{1B}[K\n")
    }

    /// Writes the history file, readable by its owner only.
    package func saveHistory() {
        guard let historyFile else { return }
        let fd = open(historyFile, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        if fd >= 0 { LibC.close(fd) }
        _ = repl_history_save(history, historyFile)
        chmod(historyFile, 0o600)
    }

    /// The source a libedit callback is for.
    private static func source(of el: OpaquePointer?) -> EditLineSource? {
        guard let el, let data = repl_el_get_clientdata(el) else { return nil }
        return Unmanaged<EditLineSource>.fromOpaque(data).takeUnretainedValue()
    }

    /// PageDown and PageUp: on an empty line, the paging command typed and run; on a line being
    /// typed, or where nothing pages, a beep (the line stays as it is).
    private func page(forward: Bool) -> UInt8 {
        guard let info = repl_el_line(editLine)?.pointee, info.lastchar == info.buffer, let command = pageCommand(forward) else {
            return UInt8(CC_REFRESH_BEEP)
        }
        repl_el_insertstr(editLine, command)
        // Ending the line does not redraw it: the command is written after the prompt by hand, so
        // the screen shows what ran, as if typed.
        repl_write_out(command + "\n")
        return UInt8(CC_NEWLINE)
    }

    /// A digit: on an empty line where the scene gives it a command, that command typed and run (as
    /// PageDown's); otherwise the digit is typed.
    private func digit(_ key: Int32) -> UInt8 {
        guard let scalar = Unicode.Scalar(UInt32(key)) else { return UInt8(CC_ERROR) }
        if let info = repl_el_line(editLine)?.pointee, info.lastchar == info.buffer, let command = keyCommand(Character(scalar)) {
            repl_el_insertstr(editLine, command)
            repl_write_out(command + "\n")
            return UInt8(CC_NEWLINE)
        }
        repl_el_insertstr(editLine, String(Character(scalar)))
        return UInt8(CC_REFRESH)
    }

    /// A key that pages on an empty line where something pages (PageDown's and PageUp's paging),
    /// and otherwise does what it always does (`otherwise`, given the line).
    private func pageOnEmptyLine(forward: Bool, otherwise: (LineInfo) -> UInt8) -> UInt8 {
        guard let info = repl_el_line(editLine)?.pointee else { return UInt8(CC_ERROR) }
        if info.lastchar == info.buffer, pageCommand(forward) != nil { return page(forward: forward) }
        return otherwise(info)
    }

    /// Right and Left: on an empty line, paging; otherwise the cursor moves, as the keys always do.
    private func arrow(forward: Bool) -> UInt8 {
        pageOnEmptyLine(forward: forward) { info in
            let atEnd = forward ? info.cursor == info.lastchar : info.cursor == info.buffer
            if atEnd { return UInt8(CC_REFRESH_BEEP) }
            _ = repl_el_cursor(editLine, forward ? 1 : -1)
            return UInt8(CC_CURSOR)
        }
    }

    /// Space and Backspace: on an empty line, paging, as in a pager or an image viewer; otherwise a
    /// space is typed or the character before the cursor deleted, as the keys always do.
    private func spaceOrBackspace(forward: Bool) -> UInt8 {
        pageOnEmptyLine(forward: forward) { info in
            if forward {
                repl_el_insertstr(editLine, " ")
                return UInt8(CC_REFRESH)
            }
            if info.cursor == info.buffer { return UInt8(CC_REFRESH_BEEP) }
            repl_el_deletestr(editLine, 1)
            return UInt8(CC_REFRESH)
        }
    }

    /// Tab: one match is completed with a space after it; several insert what they share and are
    /// listed; none beeps.
    private func complete() -> UInt8 {
        guard let info = repl_el_line(editLine)?.pointee else { return UInt8(CC_ERROR) }
        let before = String(decoding: UnsafeRawBufferPointer(start: info.buffer, count: info.cursor - info.buffer), as: UTF8.self)
        let completion = completer(before)
        if completion.isEmpty { return UInt8(CC_REFRESH_BEEP) }
        if !completion.insertion.isEmpty { repl_el_insertstr(editLine, completion.insertion) }
        if completion.choices.isEmpty { return UInt8(CC_REFRESH) }
        repl_write_out("\n" + Self.columns(completion.choices, width: Int(repl_el_columns(editLine))))
        return UInt8(CC_REDISPLAY)
    }

    /// Choices laid out in columns across the terminal, row by row.
    static func columns(_ choices: [String], width: Int) -> String {
        let cell = (choices.map { TerminalText.width($0) }.max() ?? 0) + 2
        let perRow = max(1, (width > 0 ? width : 80) / cell)
        var text = ""
        for (i, choice) in choices.enumerated() {
            let last = i % perRow == perRow - 1 || i == choices.count - 1
            text += last ? choice + "\n" : TerminalText.pad(choice, toWidth: cell)
        }
        return TerminalText.sanitize(text)
    }

    /// An app's history file: $XDG_STATE_HOME/NAME/history, else ~/.local/state/NAME/history. Its
    /// folder is created (owner only) if need be; nil when there is no home to put it in.
    package static func defaultHistoryFile(for programName: String) -> String? {
        let base: String
        if let state = getenv("XDG_STATE_HOME").map({ String(cString: $0) }), state.hasPrefix("/") {
            base = state
        } else if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
            base = home + "/.local/state"
        } else {
            return nil
        }
        var path = ""
        for component in (base + "/" + programName).split(separator: "/") {
            path += "/" + component
            mkdir(path, 0o700)
        }
        return path + "/history"
    }

    /// libedit decodes input with the C library's locale and drops bytes it cannot decode, so without a
    /// UTF-8 LC_CTYPE, é and 한글 would vanish. Use the environment's locale when it is UTF-8, else C.UTF-8.
    static func useUTF8Locale() {
        if let set = setlocale(LC_CTYPE, ""), isUTF8(String(cString: set)) { return }
        for fallback in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, fallback) != nil {
            return
        }
    }

    private static func isUTF8(_ locale: String) -> Bool {
        let lower = locale.lowercased()
        return lower.contains("utf-8") || lower.contains("utf8")
    }
}
