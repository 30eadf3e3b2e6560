import REPLEngine
import REPLLauncher

/// Drives scenes as a person types at them, for unit tests: commands in, what they printed and
/// how they ended out, with the navigation stack, the DataStores (`state --json`) and the work
/// left, and a golden transcript checked against the session.
///
/// Make one with the scenes a test needs (registered and started as an app's `makeSession` does,
/// with test doubles where the app injects workers), or with the whole app:
///
/// ```swift
/// let tester = SceneTester { engine in
///     engine.register(ConverterView.module(worker: RatesWorkerStub()))
///     engine.start(root: ConverterView.self)
/// }
/// let reply = await tester.run("convert 10 EUR")
/// ```
///
/// It writes to memory, as `APP run` writes to a pipe: no terminal, no colour, no pictures'
/// escape sequences. It is `@MainActor`, as scenes are: call it from `async` tests (Swift
/// Testing's `@Test @MainActor func … async`, or an XCTest method `@MainActor func test…() async`).
/// On Linux a synchronous test method of a `@MainActor` XCTestCase stops the whole XCTest run
/// before any test starts (signal 6: XCTest casts the method to a type without the main actor):
/// make such methods `async`.
@MainActor
public final class SceneTester {
    /// The engine the scenes run on: register scenes and start the root on it in `setUp`.
    public let engine: Engine
    private let output: OutputSink

    /// A session of the scenes `setUp` registers and starts (it gets the engine, on a console that
    /// writes to memory). What the root scene printed as it loaded is the first `takeOutput()`.
    public init(_ setUp: (Engine) throws -> Void) rethrows {
        output = .memory()
        engine = Engine(console: Console(output: output, diagnostics: .discarding()))
        try setUp(engine)
    }

    /// The app's own session, made by its `makeSession` with `options` (its defaults when nil) as
    /// `APP run` makes it: not interactive, no terminal. The app's opening commands have run; what
    /// they printed is the first `takeOutput()`.
    public init<Options>(app: REPLApp<Options>, options: Options? = nil) async throws(SessionSetupFailure) {
        output = .memory()
        let console = Console(output: output, diagnostics: .discarding())
        engine = try app.makeSession(options ?? app.options.defaults, SessionSetup(console: console, isInteractive: false)).engine
        _ = await engine.runOpening()
    }

    /// What one command did: what it printed, and how it ended.
    public struct Reply: Equatable, Sendable, CustomStringConvertible {
        /// Everything it printed (the prompt line not included), each line ending in a line feed.
        public var output: String
        /// Why it failed, or nil when it ran.
        public var error: CommandError?
        /// Whether it ended the session (`quit`).
        public var endedSession: Bool

        /// A reply: `output`, and `error` when the command failed.
        public init(output: String, error: CommandError? = nil, endedSession: Bool = false) {
            self.output = output
            self.error = error
            self.endedSession = endedSession
        }

        /// The output, then `error: MESSAGE` when it failed: as a transcript shows the command.
        public var description: String {
            output + (error.map { "error: \($0.message)\n" } ?? "")
        }
    }

    /// Runs `line` as if it were typed, with all its work (asynchronous bodies and effects), and
    /// returns what it printed and how it ended. Output written before it (as the root loaded) is
    /// not part of its reply: `takeOutput()` has it.
    public func run(_ line: String) async -> Reply {
        // What was printed before the command stays for `takeOutput()`.
        pendingOutput += drainOutput()
        let outcome = await engine.execute(line)
        let printed = drainOutput()
        switch outcome {
        case .done: return Reply(output: printed)
        case .quit: return Reply(output: printed, endedSession: true)
        case .failed(let error): return Reply(output: printed, error: error)
        }
    }

    /// Output taken by `run` that was written before its command: given back by `takeOutput()`.
    private var pendingOutput = ""

    /// Everything printed since the last `run` or `takeOutput()` that no reply holds: what the root
    /// scene printed as it loaded, or work finished outside a command.
    public func takeOutput() -> String {
        defer { pendingOutput = "" }
        return pendingOutput + drainOutput()
    }

    /// What the console wrote since this was last called.
    private func drainOutput() -> String {
        engine.console.flush()
        defer { output.clear() }
        return output.text
    }

    /// The scenes on the navigation stack, root first: `["collection", "detail"]`.
    public var stack: [String] { engine.stackNames }

    /// The navigation stack and every scene's DataStore as `state --json` prints them (one line of
    /// JSON, no line feed): what a test compares to pin the state a command left.
    public var stateJSON: String { engine.stateJSON() }

    /// How many pieces of work scenes scheduled (`SceneEffects`) are still waiting: always none after
    /// a command (it awaits its own); work scheduled outside a command, as a root scene loads, waits
    /// until `finishEffects()`. A test asserts it is 0 to know that nothing it did not see is left.
    public var effectsLeft: Int { engine.pendingEffectCount }

    /// Runs the work left (`effectsLeft`) to its end.
    public func finishEffects() async { await engine.finishPendingEffects() }

    /// Replays a golden transcript on this session (its output so far, then prompt lines and what
    /// each command printed, as `APP run` writes them; `...` lines match any lines) and returns how
    /// it differs, as unified diffs, or nil when it matches. Work left from before ends first, as
    /// `APP test` ends the root's before the first command.
    public func check(transcript: String) async -> String? {
        await finishEffects()
        engine.console.flush()
        // What the session printed before belongs to the transcript's start.
        let earlier = pendingOutput
        pendingOutput = ""
        if !earlier.isEmpty {
            let rest = output.captured
            output.clear()
            output.write(Array(earlier.utf8) + rest)
        }
        var lines = transcript.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let result = await TranscriptCheck.run(lines, engine: engine, output: output, updating: false)
        guard !result.passed else { return nil }
        var text = result.mismatches.map { mismatch in
            let heading =
                mismatch.promptLine.map { "line \(mismatch.line): \($0)" } ?? "line \(mismatch.line): the output before the first command"
            return heading + "\n" + mismatch.diff.text
        }.joined()
        if result.moreMismatches > 0 { text += "(and \(result.moreMismatches) more commands differ)\n" }
        return text
    }
}
