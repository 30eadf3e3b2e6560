import CLibEdit
import Dispatch
import SystemCalls
import Synchronization

/// The interactive REPL: read a line with libedit, run it, show what it printed, again.
/// Ctrl-C while typing drops the line; Ctrl-C while a command runs cancels that command, which
/// leaves the DataStores as they were; SIGTERM and SIGHUP end the session cleanly.
@MainActor
package final class InteractiveSession {
    /// How the session ended.
    package enum Ending: Equatable {
        /// `quit` or `exit`.
        case quit
        /// Ctrl-D on an empty line, or the end of input.
        case endOfInput
        /// SIGTERM or SIGHUP: the process should exit 128 + its number.
        case signal(Int32)
    }

    private let engine: Engine
    private let editor: EditLineSource
    /// A SIGTERM or SIGHUP that arrived while a command was running.
    private let pendingTermination = PendingSignal()
    /// The last line typed whose command repeats on an empty line (`next`, `grid next`), until a
    /// line that does not repeat is typed.
    private var lastRepeating: String?

    /// A session reading lines from `editor` and running them on `engine`.
    package init(engine: Engine, editor: EditLineSource) {
        self.engine = engine
        self.editor = editor
        // The line editor's reader lets such writes through while it waits for a key.
        engine.console.openPromptStream = { PromptStream() }
        // PageDown and PageUp page where the scene on top has `next` and `prev` (libedit calls the
        // keys' functions on the main thread, inside el_gets).
        editor.pageCommand = { [weak engine] forward in
            MainActor.assumeIsolated {
                let command = forward ? "next" : "prev"
                return engine?.commandNames.contains(command) == true ? command : nil
            }
        }
        // A person at the prompt answers the questions commands ask before they act.
        engine.questions.personAnswers = true
        // The digits on an empty line, as the scene on top says (the detail's ratings and labels);
        // not while a question waits: the line typed then answers it.
        editor.keyCommand = { [weak engine] key in
            MainActor.assumeIsolated { engine?.questions.pending == nil ? engine?.commandForKeyOnEmptyLine?(key) : nil }
        }
        // A window made smaller at the prompt is tidied at once, as before a prompt (kitty's
        // pictures would cover the reflowed text until the next command).
        editor.windowResized = { [weak engine] in
            MainActor.assumeIsolated {
                guard let engine else { return }
                engine.beforePrompt?()
                engine.resizedAtPrompt?()
                engine.console.flush()
            }
        }
    }

    /// Runs until `quit`, Ctrl-D or a terminating signal.
    package func run() async -> Ending {
        let console = engine.console
        while true {
            engine.beforePrompt?()
            console.flush()
            if let signal = takeTermination() { return .signal(signal) }
            switch editor.readLine(prompt: engine.prompt) {
            case .end:
                console.writeLine()
                console.flush()
                return .endOfInput
            case .interrupted:
                // Ctrl-C at a question cancels it, as a no would.
                if let pending = engine.questions.takePending() {
                    console.writeLine(QuestionDesk.cancelled(pending))
                }
                engine.interruptedAtPrompt?()
                continue
            case .terminated(let signal):
                return .signal(signal)
            case .line(let typed):
                // An empty line runs the last paging command again (gdb's way); otherwise it is
                // nothing, as before.
                let isEmpty = typed.allSatisfy(\.isWhitespace)
                let line = isEmpty ? lastRepeating ?? typed : typed
                if isEmpty, let repeated = lastRepeating { editor.showRepeated(repeated, after: engine.prompt) }
                console.writeToTranscriptOnly(engine.prompt + line)
                if !isEmpty || lastRepeating == nil {
                    lastRepeating = engine.repeatsOnEmptyLine(line) ? line : nil
                }
                switch await runCancellable(line) {
                case .done: continue
                case .quit:
                    console.flush()
                    return .quit
                case .failed(let error):
                    console.writeWrappedLine("error: \(error.message)", indent: 7, style: .error)
                }
            }
        }
    }

    /// Runs the app's opening commands (`Engine.runOpening`) where Ctrl-C, SIGTERM and SIGHUP
    /// cancel them, before the first prompt (a folder walked at start: `viewer /usr`); returns
    /// how they ended, and the signal that cancelled them, if one did. The signals are caught from
    /// here on, as the session catches them.
    package static func runOpening(of engine: Engine) async -> (outcome: Engine.Outcome, signal: Int32?) {
        repl_signals_install()
        let caught = PendingSignal()
        let task = Task { @MainActor in await engine.runOpening() }
        let watcher = DispatchSource.makeReadSource(fileDescriptor: repl_signals_fd(), queue: .global())
        watcher.setEventHandler(handler: openingSignalHandler(cancelling: task, caught: caught))
        watcher.resume()
        let outcome = await task.value
        watcher.cancel()
        let signal = caught.take()
        return (outcome, signal == 0 ? nil : signal)
    }

    /// What the watcher does with signals while the opening runs: made outside the main actor, as
    /// it runs on a Dispatch thread.
    private nonisolated static func openingSignalHandler(cancelling task: Task<Engine.Outcome, Never>, caught: PendingSignal)
        -> @Sendable () -> Void
    {
        {
            while case let signal = repl_signals_next(), signal != 0 {
                guard signal == SIGINT || signal == SIGTERM || signal == SIGHUP else { continue }
                caught.set(signal)
                task.cancel()
            }
        }
    }

    /// Runs one command in a task that a signal can cancel while it runs.
    private func runCancellable(_ line: String) async -> Engine.Outcome {
        let engine = self.engine
        let task = Task { @MainActor in await engine.execute(line) }
        let watcher = DispatchSource.makeReadSource(fileDescriptor: repl_signals_fd(), queue: .global())
        watcher.setEventHandler(handler: Self.signalHandler(cancelling: task, termination: pendingTermination))
        watcher.resume()
        let outcome = await task.value
        watcher.cancel()
        // (The terminal echoes nothing while a command runs, ^C included: EditLineSource.readLine.)
        return outcome
    }

    /// What the watcher does with signals while a command runs; it runs on a Dispatch thread, so it is
    /// made outside the main actor.
    private nonisolated static func signalHandler(
        cancelling task: Task<Engine.Outcome, Never>, termination: PendingSignal
    ) -> @Sendable () -> Void {
        {
            while case let signal = repl_signals_next(), signal != 0 {
                switch signal {
                case SIGINT:
                    task.cancel()
                case SIGTERM, SIGHUP:
                    termination.set(signal)
                    task.cancel()
                case SIGTSTP:
                    repl_suspend(nil)  // between lines the terminal is the shell's already
                default:
                    break  // a resize: nothing is being edited now
                }
            }
        }
    }

    private func takeTermination() -> Int32? {
        let signal = pendingTermination.take()
        return signal == 0 ? nil : signal
    }
}

/// A signal number handed from the signal watcher's thread to the session.
private final class PendingSignal: Sendable {
    private let value = Mutex<Int32>(0)

    func set(_ signal: Int32) { value.withLock { $0 = signal } }

    /// The signal, or 0; clears it.
    func take() -> Int32 {
        value.withLock { current in
            defer { current = 0 }
            return current
        }
    }
}
