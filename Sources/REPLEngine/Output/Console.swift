import SystemCalls
import SafeFiles

/// The only writer of output. Scenes and the engine hand it lines; it sanitizes them (no escape
/// sequence a server or a file name carries reaches the terminal), styles them (only on a terminal
/// that wants colour), buffers them and writes them out, and keeps the session's transcript.
/// A View writes with `writeLine(_:style:)` and `write(_:style:)`, lays out tables with
/// `write(_:column:padded:style:)`. A failure is not written here: the View throws it as a
/// `CommandError`, and the engine writes it as the command's error.
@MainActor
public final class Console {
    /// How a line is styled on a terminal that wants colour (never in files or pipes).
    public enum Style: Sendable {
        /// As it is.
        case plain
        /// Headings.
        case bold
        /// Hints.
        case dim
        /// Something to notice (cyan).
        case accent
        /// Errors and removed lines (red).
        case error
        /// Success and added lines (green).
        case success

        var sgr: String {
            switch self {
            case .plain: ""
            case .bold: "\u{1B}[1m"
            case .dim: "\u{1B}[2m"
            case .accent: "\u{1B}[36m"
            case .error: "\u{1B}[31m"
            case .success: "\u{1B}[32m"
            }
        }
    }

    /// Whether styles are drawn: decided once by the caller (terminal, NO_COLOR, TERM=dumb).
    public let isStyled: Bool
    /// The width of the terminal the output goes to, in columns, asked each time a table is laid out
    /// (the window may have changed size since); nil where output is no terminal (scripts, files,
    /// pipes: the transcripts), where lines are never cut to fit.
    package var terminalColumns: @MainActor () -> Int? = { nil }

    /// The width of the terminal the output goes to, in columns, now (the window may have changed
    /// size since the last command); nil where the output is no terminal (scripts, files, pipes,
    /// transcripts), where lines are never cut to fit.
    public var columns: Int? { terminalColumns() }

    /// Opens a stream for bytes written from outside the main actor while the person is at the
    /// prompt (an animation's frames); nil where no one is at a prompt (scripts, pipes, transcripts).
    package var openPromptStream: @MainActor () -> (any PromptOutput)? = { nil }

    /// The height of that terminal, in rows, asked each time a list is laid out; nil where output
    /// is no terminal (there lists keep their fixed length).
    package var terminalRows: @MainActor () -> Int? = { nil }

    /// Standard output's height when it is a terminal that says (TIOCGWINSZ).
    package static func standardOutputRows() -> Int? {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
        return Int(size.ws_row)
    }

    /// Standard output's width when it is a terminal that says (TIOCGWINSZ).
    package static func standardOutputColumns() -> Int? {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
    private let output: OutputSink
    private let diagnostics: OutputSink
    /// A second, always unstyled copy of the output (a `--transcript` file).
    package var transcript: OutputSink? {
        didSet { hasTranscript = transcript != nil }
    }
    /// The `--transcript` file, written whole or not at all (`startTranscript`, `finishTranscript`).
    private var transcriptFile: ReplacingFile?

    /// Writes the transcript to a temporary file beside `path`, put in its place by
    /// `finishTranscript`: the file that was there stays whole until then, and after a failure.
    package func startTranscript(at path: String) throws(ReplacingFile.Failure) {
        // 0600: a transcript holds what the user typed and what was fetched.
        let file = try ReplacingFile(path: path, mode: 0o600)
        transcriptFile = file
        transcript = .fileDescriptor(file.fd)
    }

    /// Writes out the rest and puts the transcript in place, with `firstLine` before it when given (a
    /// header saying which options replay it, known only once the session is over); nil, or why it
    /// could not be. On a failure, the file that was at the path is as it was.
    package func finishTranscript(firstLine: String? = nil) -> String? {
        guard let file = transcriptFile else { return nil }
        flush()
        transcript = nil
        transcriptFile = nil
        if let error = file.failure ?? transcriptWriteFailure(file) {
            file.discard()
            return error.message
        }
        do throws(ReplacingFile.Failure) {
            guard let firstLine else {
                try file.commit()
                return nil
            }
            let whole = try ReplacingFile(path: file.path, mode: 0o600)
            whole.write(Array((firstLine + "\n").utf8))
            let copied = file.copyContents(to: whole)
            file.discard()
            guard copied else {
                let failure = whole.failure ?? ReplacingFile.Failure(file.path, "its text could not be read back")
                whole.discard()
                throw failure
            }
            try whole.commit()
            return nil
        } catch {
            file.discard()
            return error.message
        }
    }

    /// Bytes written out so far, to the output and to the transcript (what is buffered comes after).
    private var outputWritten = 0
    private var transcriptWritten = 0

    /// Where the output and the transcript end: taken before a command, it is what `cut(to:)` goes
    /// back to when the command is interrupted, so that the transcript ends whole.
    package struct Position: Equatable, Sendable {
        let output: Int
        let transcript: Int
    }

    /// Where the output and the transcript end now.
    package var position: Position {
        Position(output: outputWritten + buffer.count, transcript: transcriptWritten + transcriptBuffer.count)
    }

    /// Cuts what was written since `position` (a command interrupted before it ended): the
    /// transcript is cut back to it, on its file too; of the output, what is still buffered (what was
    /// written to the terminal or the pipe stays there).
    package func cut(to position: Position) {
        if position.output >= outputWritten {
            buffer.removeLast(from: position.output - outputWritten)
        } else {
            buffer.removeAll()
        }
        if position.transcript >= transcriptWritten {
            transcriptBuffer.removeLast(from: position.transcript - transcriptWritten)
        } else {
            transcriptBuffer.removeAll()
            if let file = transcriptFile {
                if file.truncate(to: position.transcript) {
                    transcriptWritten = position.transcript
                } else if transcriptWriteError == nil {
                    // Not cut: the transcript would hold half a command. It is not put in place.
                    transcriptWriteError = "it could not be cut back to the last command that finished: \(String(cString: strerror(errno)))"
                }
            }
        }
    }

    private var transcriptWriteError: String?

    private func transcriptWriteFailure(_ file: ReplacingFile) -> ReplacingFile.Failure? {
        transcriptWriteError.map { ReplacingFile.Failure(file.path, $0) }
    }

    /// Whether there is a transcript: asked on every write, where reading `transcript` itself would
    /// retain and release it.
    private var hasTranscript = false
    private let buffer: ByteBuffer
    private let transcriptBuffer = ByteBuffer(capacity: 4096)
    private let flushThreshold = 1 << 16
    /// Set while `writeDifferently` lays out the transcript's text in the buffer: it must stay there until
    /// it is moved to the transcript's.
    private var holdsBuffer = false

    /// A console writing to `output` (buffered), with messages for standard error to `diagnostics`;
    /// styled only when `isStyled`.
    package init(output: OutputSink = .standardOutput, diagnostics: OutputSink = .standardError, isStyled: Bool = false) {
        self.output = output
        self.diagnostics = diagnostics
        self.isStyled = isStyled
        buffer = ByteBuffer(capacity: flushThreshold + 4096)
    }

    /// Writes `text` and a newline.
    public func writeLine(_ text: String, style: Style = .plain) {
        write(text, style: style)
        append(newline: ())
    }

    /// Writes an empty line.
    public func writeLine() { append(newline: ()) }

    /// Writes `text` with no newline.
    public func write(_ text: String, style: Style = .plain) {
        let styled = isStyled && style != .plain
        if styled { buffer.append(utf8: style.sgr) }
        let start = buffer.count
        appendSanitized(text)
        if hasTranscript { transcriptBuffer.append(buffer.bytes(from: start)) }
        if styled { buffer.append(Self.resetStyle) }
    }

    /// Writes bytes another program reads (file names, which may hold any byte but NUL): as they
    /// are where the output is no terminal (a pipe, a file); on a terminal, and in the transcript,
    /// as text, with control characters shown (a file's name is no command to the terminal).
    package func writeForPrograms(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard columns == nil else { return write(text) }
        buffer.append(bytes)
        if hasTranscript {
            var shown: [UInt8] = []
            TerminalText.appendSanitized(text, to: &shown)
            transcriptBuffer.append(shown)
        }
        if buffer.count >= flushThreshold && !holdsBuffer { flush() }
    }

    /// Writes one of the engine's own literals (the prompt's "/" and "> "): printable ASCII written
    /// by this code, so it is copied with no look at its bytes.
    func write(literal text: StaticString) {
        let bytes = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        buffer.append(bytes)
        if hasTranscript { transcriptBuffer.append(bytes) }
    }

    /// Writes text prepared where it came in: clean text is copied with no second look.
    package func write(_ text: DisplayText, style: Style = .plain) {
        guard text.isClean else { return write(text.string, style: style) }
        let styled = isStyled && style != .plain
        if styled { buffer.append(utf8: style.sgr) }
        let start = buffer.count
        buffer.append(utf8: text.string)
        if hasTranscript { transcriptBuffer.append(buffer.bytes(from: start)) }
        if styled { buffer.append(Self.resetStyle) }
    }

    /// Writes prepared text and a newline.
    package func writeLine(_ text: DisplayText, style: Style = .plain) {
        write(text, style: style)
        append(newline: ())
    }

    /// Writes `text` and a newline, cut with "…" to `width` columns on the terminal when longer (not
    /// padded); the transcript, the session's record, gets it whole.
    public func writeLine(_ text: String, cutTo width: Int, style: Style = .plain) {
        guard TerminalText.width(text) > width else { return writeLine(text, style: style) }
        writeDifferently(onTerminal: { write(text, column: max(1, width), style: style) }, inTranscript: { write(text) })
        append(newline: ())
    }

    /// Writes `text` and a newline, wrapped on the terminal at word boundaries to its width, each
    /// line after the first indented by `indent` columns (less in a narrow window); the transcript,
    /// the session's record, gets it whole. Help and errors stay readable at 80 columns instead of
    /// breaking mid-word where the terminal wraps.
    package func writeWrappedLine(_ text: String, indent: Int, style: Style = .plain) {
        guard let columns = terminalColumns(), columns > 0, TerminalText.width(text) > columns else { return writeLine(text, style: style) }
        let lines = TerminalText.wrapped(text, toWidth: columns, indent: indent)
        writeDifferently(
            onTerminal: {
                for (i, line) in lines.enumerated() {
                    if i > 0 { append(newline: ()) }
                    write(line, style: style)
                }
            }, inTranscript: { write(text, style: style) })
        append(newline: ())
    }

    /// Writes what `onTerminal` writes to the terminal, and what `inTranscript` writes to the
    /// transcript (unstyled): lines laid out to fit the window are kept whole in the record of the
    /// session, which replays and is checked with no window at all.
    package func writeDifferently(onTerminal: () -> Void, inTranscript: () -> Void) {
        guard hasTranscript else { return onTerminal() }
        hasTranscript = false
        defer { hasTranscript = true }
        onTerminal()
        // The transcript's text is laid out in the buffer, where every writer puts it, then moved
        // to the transcript's buffer (nothing is flushed in between).
        let start = buffer.count, wasHolding = holdsBuffer
        holdsBuffer = true
        inTranscript()
        holdsBuffer = wasHolding
        transcriptBuffer.append(buffer.bytes(from: start))
        buffer.removeLast(from: start)
    }

    /// Writes `text` in a column `width` columns wide: cut with "…" when longer, padded with spaces
    /// when shorter (unless `padded` is false: the last column of a line). Lays out tables without
    /// building each row as a string first.
    public func write(_ text: String, column width: Int, padded: Bool = true, style: Style = .plain) {
        let measured = TerminalText.measure(text)
        writeColumn(
            text, width: measured.width, isASCII: measured.isASCII, isClean: measured.isClean, column: width, padded: padded, style: style)
    }

    /// Writes prepared text in a column, cut or padded as `write(_:column:)` does, with the width it
    /// was measured at when it came in.
    package func write(_ text: DisplayText, column width: Int, padded: Bool = true, style: Style = .plain) {
        writeColumn(
            text.string, width: text.width, isASCII: text.isASCII, isClean: text.isClean, column: width, padded: padded, style: style)
    }

    /// `text`, `used` columns wide as printed (sanitized: a control in its notation), cut to `width`
    /// columns or padded. Clean text is cut in place: the bytes that fit are copied, then "…".
    private func writeColumn(_ text: String, width used: Int, isASCII: Bool, isClean: Bool, column width: Int, padded: Bool, style: Style) {
        if used > width && !isClean {
            write(TerminalText.truncate(text, toWidth: width), style: style)
            return
        }
        let styled = isStyled && style != .plain
        if styled { buffer.append(utf8: style.sgr) }
        let start = buffer.count
        if used <= width {
            if isClean { buffer.append(utf8: text) } else { appendSanitized(text) }
        } else if isASCII {
            TerminalText.withBytes(of: text) { buffer.append(UnsafeBufferPointer(rebasing: $0.prefix(width - 1))) }
            buffer.append(Self.ellipsis)
        } else {
            var columns = 0
            for scalar in text.unicodeScalars {
                let w = TerminalText.width(of: scalar)
                if columns + w > width - 1 { break }
                UTF8.encode(scalar) { buffer.append($0) }
                columns += w
            }
            buffer.append(Self.ellipsis)
        }
        if hasTranscript { transcriptBuffer.append(buffer.bytes(from: start)) }
        if styled { buffer.append(Self.resetStyle) }
        if padded && used < width { writeSpaces(width - used) }
    }

    private static let ellipsis = Array("…".utf8)
    private static let resetStyle = Array("\u{1B}[0m".utf8)

    /// `text` sanitized into the buffer: copied when no byte needs it (nearly always).
    private func appendSanitized(_ text: String) {
        // One look at the bytes: checked and, when clean, copied from the same buffer.
        let copied = TerminalText.withBytes(of: text) { bytes in
            guard TerminalText.isSafe(bytes: bytes) else { return false }
            buffer.append(bytes)
            return true
        }
        if !copied {
            var escaped: [UInt8] = []
            TerminalText.appendSanitized(text, to: &escaped)
            buffer.append(escaped)
        }
    }

    /// Writes `count` spaces.
    public func writeSpaces(_ count: Int) {
        buffer.append(0x20, times: count)
        if hasTranscript { transcriptBuffer.append(0x20, times: count) }
    }

    private func append(newline: ()) {
        buffer.append(0x0A)
        if hasTranscript { transcriptBuffer.append(0x0A) }
        if buffer.count >= flushThreshold && !holdsBuffer { flush() }
    }

    /// Writes a picture's control sequence (one that deletes pictures, say) where the cursor is, with
    /// no line of its own; nothing reaches the transcript.
    package func writeControl(_ picture: TerminalPicture) {
        buffer.append(picture.bytes)
    }

    /// Writes a picture on lines of its own: its bytes go out as generated, unsanitized, which only a
    /// `TerminalPicture` may be. The transcript copy gets the picture's text form, if it has one.
    package func writePicture(_ picture: TerminalPicture) {
        if let split = picture.drawnBefore, let waitUntilDrawn, !dropsOutput {
            // What comes before is written and drawn first: tmux passes a picture through to the
            // terminal outside at that terminal's cursor, and draws what came before it in the same
            // read only afterwards (a picture arriving with its rows was drawn at the bottom, and
            // xterm scrolled its screen, tmux's status bar into the middle of it).
            buffer.append(Array(picture.bytes[..<split]))
            flush()
            waitUntilDrawn()
            buffer.append(Array(picture.bytes[split...]))
        } else {
            buffer.append(picture.bytes)
        }
        if picture.bytes.last != 0x0A { buffer.append(0x0A) }
        if hasTranscript, let text = picture.transcriptText {
            transcriptBuffer.append(utf8: text)
            if text.utf8.last != 0x0A { transcriptBuffer.append(0x0A) }
        }
        if buffer.count >= flushThreshold && !holdsBuffer { flush() }
    }

    /// Waits until the terminal has taken in what was written (set by an app that draws pictures
    /// inside tmux; nil: pictures are written whole).
    package var waitUntilDrawn: (@MainActor () -> Void)?

    /// Whether what is written is dropped instead of written out (a session's opening commands,
    /// whose output would only scroll by: see `Engine.runOpening`).
    var dropsOutput = false

    /// Writes out what is buffered.
    package func flush() {
        if dropsOutput {
            buffer.removeAll()
            transcriptBuffer.removeAll()
            return
        }
        if !buffer.isEmpty {
            output.write(buffer.bytes(from: 0))
            outputWritten += buffer.count
            buffer.removeAll()
        }
        if let transcript, !transcriptBuffer.isEmpty {
            transcript.write(transcriptBuffer.bytes(from: 0))
            transcriptWritten += transcriptBuffer.count
            transcriptBuffer.removeAll()
            if transcriptWriteError == nil, let error = transcript.writeErrorText { transcriptWriteError = error }
        }
    }

    /// Text that goes to the transcript only: what the terminal already shows, such as the prompt
    /// and the line the user typed in an interactive session.
    package func writeToTranscriptOnly(_ line: String) {
        guard hasTranscript else { return }
        var bytes: [UInt8] = []
        TerminalText.appendSanitized(line, to: &bytes)
        transcriptBuffer.append(bytes)
        transcriptBuffer.append(0x0A)
    }

    /// A message for standard error (`demo.txt:3: error: …`), after the output so far, so the two
    /// streams interleave in order on a terminal.
    package func writeDiagnostic(_ text: String) {
        flush()
        var bytes: [UInt8] = []
        TerminalText.appendSanitized(text, to: &bytes)
        bytes.append(0x0A)
        diagnostics.write(bytes)
    }
}
