import CLibEdit
import Dispatch
import SystemCalls
import Synchronization

/// Replays scripts through the engine and prints the transcript: each command after its prompt, as an
/// interactive user would have seen it, then its output. Errors also go to standard error as
/// `FILE:LINE: error: MESSAGE`.
///
/// Output is written when a command ends: commands that take no time are written in batches (a
/// million a second would otherwise cost a million writes), and everything so far is written before a
/// command waits (for the disk, the network, a decode) and, after a command, once `batchTime` has
/// passed since the last write. A run that
/// `stopsAtSignals` ends at Ctrl-C, SIGTERM or SIGHUP: the command running is cancelled, and
/// `interruption` says where.
@MainActor
package final class ScriptRunner {
    private let engine: Engine
    private let keepGoing: Bool
    private let reportsDiagnostics: Bool
    private let stopsAtSignals: Bool
    /// Commands that failed so far.
    package private(set) var failureCount = 0
    /// Set once a script ran `quit`: nothing more is read.
    package private(set) var didQuit = false
    /// The line of the first command that failed.
    package private(set) var firstFailureLine: Int?
    /// Where a signal stopped the run, when one did.
    package private(set) var interruption: Interruption?
    /// The command that waits (or last waited), where it is: what a second signal interrupts.
    private var running: (script: String, line: Int, command: String) = ("", 0, "")

    /// "demo.txt:5: fetch": the command that waits, for a message.
    package var commandRunning: String { "\(running.script):\(running.line): \(TerminalText.truncate(running.command, toWidth: 60))" }

    /// The console's position before the command last begun: a run interrupted in a command cuts
    /// its transcript back to it, to the commands that finished (`Console.cut(to:)`).
    package private(set) var commandStart: Console.Position
    /// What a second signal does while a cancelled command is still winding down (a decode that does
    /// not stop): the launcher ends the run there and then, keeping what finished.
    package var onSecondSignal: (@MainActor (Int32) -> Void)?

    /// Where a signal stopped a run: the script's line, and what was going on there.
    package struct Interruption: Equatable, Sendable {
        /// SIGINT, SIGTERM or SIGHUP.
        package let signal: Int32
        /// The script's name, as in messages (`<stdin>` for standard input).
        package let script: String
        /// The line the run stopped at.
        package let line: Int
        /// What was going on at that line when the signal came.
        package let stoppedIn: Place

        /// What a run was doing when a signal stopped it.
        package enum Place: Equatable, Sendable {
            /// The command on the line, cancelled while it ran (`began`) or not begun at all.
            case command(String, began: Bool)
            /// The wait for the line (standard input).
            case waitForInput
            /// After the last command, which ran to its end.
            case end
        }

        /// Whether a command had begun (its prompt line and what it printed are then cut from a
        /// transcript, which ends whole at the command before it).
        package var commandBegan: Bool {
            if case .command(_, began: true) = stoppedIn { return true }
            return false
        }

        /// "interrupted at demo.txt:5: fetch", in words.
        package var description: String {
            switch stoppedIn {
            case .command(let command, let began):
                "interrupted at \(script):\(line): \(TerminalText.truncate(command, toWidth: 60))" + (began ? "" : " (before it began)")
            case .waitForInput: "interrupted at \(script):\(line), while waiting for the next command"
            case .end: "interrupted after the last command of \(script)"
            }
        }
    }

    /// Output not written for this long is written after the command that ends next.
    static let batchTime: Int64 = 20_000_000  // nanoseconds
    private var lastFlush: Int64 = ScriptRunner.now()

    /// A runner of scripts on `engine`.
    /// - Parameters:
    ///   - engine: the session the scripts' commands run in.
    ///   - keepGoing: whether to go on after a command fails (`run --keep-going`); else the first
    ///     failure ends the run.
    ///   - reportsDiagnostics: whether errors also go to standard error as `FILE:LINE: error: …`.
    ///   - stopsAtSignals: whether Ctrl-C, SIGTERM and SIGHUP end the run in order (the launcher's
    ///     `run`, which installs their handlers); inside an interactive session the session's own
    ///     handling cancels the whole `run` command instead.
    package init(engine: Engine, keepGoing: Bool, reportsDiagnostics: Bool = true, stopsAtSignals: Bool = false) {
        self.engine = engine
        self.keepGoing = keepGoing
        self.reportsDiagnostics = reportsDiagnostics
        self.stopsAtSignals = stopsAtSignals
        commandStart = engine.console.position
    }

    /// The app's header (`# NAME:`), for a script run inside a session (`run FILE` at the prompt):
    /// its options cannot apply to a session already started, and that is said (nil: nothing said,
    /// as at the shell, where the launcher applies them).
    package var ignoredHeaderPrefix: String?

    /// "(FILE's first line asks for --seed 5: …)" when `text` is a header with options that this
    /// run does not apply.
    private func headerNote(_ text: String, script name: String) -> String? {
        guard let prefix = ignoredHeaderPrefix, text.hasPrefix(prefix) else { return nil }
        let options = text.dropFirst(prefix.count).trimmingPrefix(" ")
        guard !options.isEmpty else { return nil }
        let shown = TerminalText.truncate(TerminalText.oneLine(String(options)), toWidth: 60)
        let app = prefix.dropFirst(2).dropLast()
        return "(\(name)'s first line asks for \(shown): a script run in a session keeps the session's options; "
            + "type '\(app) run \(Tokenizer.quoted(name))' at the shell to replay it with them)"
    }

    /// Installs the handlers a run that `stopsAtSignals` needs (once, before the run).
    package static func catchSignals() {
        _ = repl_signals_install_for_scripts()
    }

    /// Makes `reader`'s wait for input (standard input: a pipe, a terminal) end at a signal too, as
    /// an interruption of the run.
    package static func stopAtSignals(_ reader: inout LineReader) {
        reader.signalDescriptor = repl_signals_fd()
        reader.signalArrived = { repl_signals_stopping() != 0 }
    }

    /// Runs one script to its end, its first error (unless keep-going), `quit` or a signal.
    /// Returns whether the run may go on with the next script.
    package func run(_ reader: inout some LineSource, name: String) async throws(LineReader.Failure) -> Bool {
        let console = engine.console
        script = name
        lastLine = 0
        while true {
            let line: SourceLine
            do {
                guard let next = try reader.next() else { break }
                line = next
            } catch  where error.isInterruption {
                // A signal while the next line was awaited (standard input): nothing was running.
                interruption = Interruption(
                    signal: repl_signals_stopping(), script: name, line: lastLine + 1, stoppedIn: .waitForInput)
                return false
            }
            lastLine = line.number
            let command = ScriptRunner.command(in: line)
            if command.isEmpty {
                if line.number == 1, let note = headerNote(line.text, script: name) { console.writeLine(note, style: .dim) }
                continue
            }
            // A signal that came while the command before ran (it never waited, so it could not be
            // cancelled, and it ended whole) stops the run before this one.
            if stopsAtSignals, case let signal = repl_signals_stopping(), signal != 0 {
                interruption = Interruption(signal: signal, script: name, line: line.number, stoppedIn: .command(command, began: false))
                return false
            }
            commandStart = console.position
            // Most commands never wait: they run with no asynchronous call (see `Engine.start`).
            ScriptRunner.echo(command, on: engine)
            let outcome: Engine.Outcome
            let waited: Bool
            if let started = engine.runUntilItWaits(command) {
                outcome = started
                waited = false
            } else {
                // It waits: what it and the commands before it printed is written first.
                flush()
                running = (name, line.number, command)
                outcome = stopsAtSignals ? await finishCancellably() : await engine.finishRunning()
                waited = true
            }
            let signal = stopsAtSignals ? repl_signals_stopping() : 0
            if signal != 0, waited {
                // Cancelled while it waited: what it printed is not kept in a transcript (the launcher
                // cuts it back to the commands that finished), nor is its error, nor what it printed
                // of the cancellation ("picture not shown: interrupted"), which a replay would not.
                interruption = Interruption(signal: signal, script: name, line: line.number, stoppedIn: .command(command, began: true))
                return false
            }
            ScriptRunner.report(outcome, on: engine)
            switch outcome {
            case .done:
                break
            case .quit:
                didQuit = true
                return false
            case .failed(let error):
                failureCount += 1
                if firstFailureLine == nil { firstFailureLine = line.number }
                if reportsDiagnostics { console.writeDiagnostic("\(name):\(line.number): error: \(error.message)") }
                if !keepGoing { return false }
            }
            if ScriptRunner.now() - lastFlush >= Self.batchTime { flush() }
        }
        return true
    }

    /// When the run stopped: a signal that came while the last command ran (which ended whole), or
    /// after, still ends the run as interrupted (nothing more is cut).
    package func noteSignalAtTheEnd() {
        guard stopsAtSignals, interruption == nil, case let signal = repl_signals_stopping(), signal != 0 else { return }
        interruption = Interruption(signal: signal, script: script, line: lastLine, stoppedIn: .end)
    }

    /// The script being read, for messages.
    private var script = ""

    /// Whether a command waits now (what a second signal interrupts).
    package private(set) var isWaiting = false

    /// The last line read, for where a signal stopped a wait for the next one.
    private var lastLine = 0

    private func flush() {
        engine.console.flush()
        lastFlush = ScriptRunner.now()
    }

    /// The rest of the command `engine.start` began, in a task a signal cancels. A second signal
    /// while the cancelled command winds down is handed to `onSecondSignal`.
    private func finishCancellably() async -> Engine.Outcome {
        let engine = self.engine
        let task = Task { @MainActor in await engine.finishRunning() }
        let watch = startWatching()
        watch.commandWaits(task)
        isWaiting = true
        let outcome = await task.value
        isWaiting = false
        watch.commandWaits(nil)
        return outcome
    }

    /// The signals' watcher, made at the first command that waits and kept for the run: one made and
    /// cancelled for each command that waits cost a third of a run of pictures' time in system calls.
    private var watch: SignalWatch?
    private var watcher: DispatchSourceRead?

    private func startWatching() -> SignalWatch {
        if let watch { return watch }
        let watch = SignalWatch(then: onSecondSignal)
        let watcher = DispatchSource.makeReadSource(fileDescriptor: repl_signals_fd(), queue: .global())
        watcher.setEventHandler(handler: Self.signalHandler(watch))
        watcher.resume()
        self.watch = watch
        self.watcher = watcher
        return watch
    }

    isolated deinit {
        watcher?.cancel()
    }

    /// What the watcher does with the signals that come: they cancel the command that waits. It
    /// runs on a Dispatch thread, so it is made outside the main actor.
    private nonisolated static func signalHandler(_ watch: SignalWatch) -> @Sendable () -> Void {
        {
            while case let signal = repl_signals_next(), signal != 0 {
                guard signal == SIGINT || signal == SIGTERM || signal == SIGHUP else { continue }
                watch.signalCame(signal)
            }
        }
    }

    /// The monotonic clock in nanoseconds, read coarsely (a few nanoseconds a call).
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(coarseMonotonicClock, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// One command as the transcript shows it: the prompt and the command, its output, and its error.
    package static func replay(_ command: String, on engine: Engine) async -> Engine.Outcome {
        echo(command, on: engine)
        let outcome = await engine.execute(command)
        report(outcome, on: engine)
        return outcome
    }

    /// The prompt and the command, as typed.
    static func echo(_ command: String, on engine: Engine) {
        engine.writePrompt()
        engine.console.writeLine(command)
    }

    /// The error of a command that failed.
    static func report(_ outcome: Engine.Outcome, on engine: Engine) {
        if case .failed(let error) = outcome {
            engine.console.writeLine("error: \(error.message)")
        }
    }

    /// The command on a script line: blanks trimmed, empty for blank lines and `#` comments. A byte
    /// order mark at the start of a file is not part of the command.
    nonisolated static func command(in line: SourceLine) -> String {
        // Nearly every line is a command with nothing around it: its first and last bytes say so.
        let isBare = TerminalText.withBytes(of: line.text) { bytes in
            guard let first = bytes.first, let last = bytes.last else { return false }
            return first > 0x20 && first != UInt8(ascii: "#") && first < 0x80 && last > 0x20
        }
        if isBare { return line.text }
        let utf8 = line.text.utf8
        var start = utf8.startIndex, end = utf8.endIndex
        // The byte order mark U+FEFF is EF BB BF.
        if line.number == 1, utf8.starts(with: [0xEF, 0xBB, 0xBF]) { start = utf8.index(start, offsetBy: 3) }
        while start < end, utf8[start] == 0x20 || utf8[start] == 0x09 { start = utf8.index(after: start) }
        while start < end {
            let before = utf8.index(before: end)
            guard utf8[before] == 0x20 || utf8[before] == 0x09 else { break }
            end = before
        }
        if start == end || utf8[start] == UInt8(ascii: "#") { return "" }
        if start == utf8.startIndex && end == utf8.endIndex { return line.text }
        return String(line.text[start..<end])
    }
}

/// The command that waits, which a signal cancels, and the signals that came: shared by the run and
/// the watcher's thread.
private final class SignalWatch: Sendable {
    private struct State: Sendable {
        var waiting: Task<Engine.Outcome, Never>?
        var signals = 0
    }
    private let state = Mutex(State())
    private let secondSignal: (@MainActor (Int32) -> Void)?

    init(then secondSignal: (@MainActor (Int32) -> Void)?) {
        self.secondSignal = secondSignal
    }

    /// The task of the command that waits now (nil: none). A signal that came before it waited (the
    /// flag is set, the watcher may not have run yet) cancels it at once.
    func commandWaits(_ task: Task<Engine.Outcome, Never>?) {
        state.withLock { $0.waiting = task }
        if task != nil && repl_signals_stopping() != 0 { task?.cancel() }
    }

    /// A signal: the command that waits is cancelled; a second one (the run is ending already) is
    /// handed on.
    func signalCame(_ signal: Int32) {
        let (task, count) = state.withLock { state in
            state.signals += 1
            return (state.waiting, state.signals)
        }
        task?.cancel()
        if count >= 2, let secondSignal {
            Task { @MainActor in secondSignal(signal) }
        }
    }
}
