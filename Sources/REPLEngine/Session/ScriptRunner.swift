/// Replays scripts through the engine and prints the transcript: each command after its prompt, as an
/// interactive user would have seen it, then its output. Errors also go to standard error as
/// `FILE:LINE: error: MESSAGE`.
@MainActor
public final class ScriptRunner {
    private let engine: Engine
    private let keepGoing: Bool
    private let reportsDiagnostics: Bool
    /// Commands that failed so far.
    public private(set) var failureCount = 0
    /// Set once a script ran `quit`: nothing more is read.
    public private(set) var didQuit = false
    /// The line of the first command that failed.
    public private(set) var firstFailureLine: Int?

    /// A runner of scripts on `engine`.
    /// - Parameters:
    ///   - engine: the session the scripts' commands run in.
    ///   - keepGoing: whether to go on after a command fails (`run --keep-going`); else the first
    ///     failure ends the run.
    ///   - reportsDiagnostics: whether errors also go to standard error as `FILE:LINE: error: …`.
    public init(engine: Engine, keepGoing: Bool, reportsDiagnostics: Bool = true) {
        self.engine = engine
        self.keepGoing = keepGoing
        self.reportsDiagnostics = reportsDiagnostics
    }

    /// Runs one script to its end, its first error (unless keep-going) or `quit`.
    /// Returns whether the run may go on with the next script.
    public func run(_ reader: inout some LineSource, name: String) async throws(LineReader.Failure) -> Bool {
        let console = engine.console
        while let line = try reader.next() {
            let command = ScriptRunner.command(in: line)
            if command.isEmpty { continue }
            // Most commands never wait: they run with no asynchronous call (see `Engine.start`).
            ScriptRunner.echo(command, on: engine)
            let started = engine.start(command)
            let outcome = if let started { started } else { await engine.finishStarted() }
            ScriptRunner.report(outcome, on: engine)
            switch outcome {
            case .done:
                continue
            case .quit:
                didQuit = true
                return false
            case .failed(let error):
                failureCount += 1
                if firstFailureLine == nil { firstFailureLine = line.number }
                if reportsDiagnostics { console.diagnostic("\(name):\(line.number): error: \(error.message)") }
                if !keepGoing { return false }
            }
        }
        return true
    }

    /// One command as the transcript shows it: the prompt and the command, its output, and its error.
    public static func replay(_ command: String, on engine: Engine) async -> Engine.Outcome {
        echo(command, on: engine)
        let outcome = await engine.execute(command)
        report(outcome, on: engine)
        return outcome
    }

    /// The prompt and the command, as typed.
    static func echo(_ command: String, on engine: Engine) {
        engine.writePrompt()
        engine.console.line(command)
    }

    /// The error of a command that failed.
    static func report(_ outcome: Engine.Outcome, on engine: Engine) {
        if case .failed(let error) = outcome {
            engine.console.line("error: \(error.message)")
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
