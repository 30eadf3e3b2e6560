/// `record FILE`: the commands typed at the top, kept for the recording's start, and the script being
/// written, one command at a time, while the session records.
@MainActor
package final class SessionRecording {
    /// The first lines of a recorded script, given its path: the options its replay needs and how to
    /// replay it (the launcher's `# APP: OPTIONS`). Throws when they cannot be written (a value that
    /// a header's one line cannot hold): then nothing is recorded.
    package var header: (String) throws(CommandError) -> String = { _ in "# a recorded session: replay it with run" }
    /// Set by `record` as it runs: it is not itself recorded, nor kept (a flag, where comparing every
    /// command's name would cost each of a million commands).
    package var isRecordCommand = false
    /// Whether `record` ran in this session: its transcript's check must know whether the session
    /// was recording from its start, as `record` says so.
    package var ranRecordCommand = false
    /// Recordings that could not be written to the end (a full disk), in words; the session reports
    /// them and ends with exit 73.
    package private(set) var failures: [String] = []

    private var recorder: SessionRecorder?
    /// The commands run at the top so far (not the app's opening ones), which `record FILE` writes
    /// before it: its replay needs them to reach where the recording started. At most
    /// `historyLimit` are kept; past it, they are counted.
    private var history: [String] = []
    private var notKept = 0
    static let historyLimit = 10_000
    /// Where a replayed script may write, and where a check's writes go.
    private unowned let replay: ReplayRules

    init(replay: ReplayRules) {
        self.replay = replay
    }

    /// Forgets the commands run so far: a replay makes the same session, which opens the same way.
    func forgetHistory() {
        history.removeAll()
    }

    /// A command run at the top ended: it is kept for a recording to come, and written to the one
    /// under way. A write that failed (a full disk) ends the recording at once, and this error says so.
    func commandRan(_ line: String) -> CommandError? {
        // Kept as typed: made a script's line only when a recording writes it.
        if history.count < Self.historyLimit { history.append(line) } else { notKept += 1 }
        guard let recorder, !recorder.record(ScriptRunner.command(in: SourceLine(number: 0, text: line))) else { return nil }
        stop()
        return CommandError(
            "\(failures.last ?? "cannot write \(recorder.path)"): the recording stopped, and nothing was put at \(recorder.path)")
    }

    /// Ctrl-C ended a command typed at the top: a replay would run it to the end, so the recording
    /// keeps it only as a comment.
    func commandInterrupted(_ line: String) {
        recorder?.record("# interrupted: \(line)")
    }

    /// Starts writing every command run from now on to a script at `path`, after the header and the
    /// commands run before (which its replay needs, to reach where the recording started). Returns
    /// how many of those were written, or nil when they were too many to keep.
    @discardableResult
    package func start(to path: String) throws(CommandError) -> Int? {
        if let recorder {
            throw CommandError("already recording to \(recorder.path): type 'record stop' first", kind: .usage)
        }
        if let problem = replay.scriptWriteProblem(path) { throw CommandError("cannot record to \(path): \(problem)") }
        var header: String
        do throws(CommandError) {
            header = try self.header(path)
        } catch {
            throw CommandError("cannot record to \(path): \(error.message)")
        }
        if notKept > 0 {
            header += "\n# The \(history.count + notKept) commands before 'record' were too many to keep: this replays from a new session."
        } else if !history.isEmpty {
            header +=
                "\n# The commands before 'record', which bring the replay to where the recording started:\n"
                + history.map { ScriptRunner.command(in: SourceLine(number: 0, text: $0)) }.joined(separator: "\n")
                + "\n# The recording started here."
        }
        recorder = try SessionRecorder(path: path, header: header, writingAt: replay.replayWrites?.place(for: path))
        return notKept > 0 ? nil : history.count
    }

    /// Stops recording and puts the script in place; returns its path, or nil when nothing was being
    /// recorded. A script that could not be written is in `failures`, and the file that was at its
    /// path stays as it was.
    @discardableResult
    package func stop() -> String? {
        guard let recorder else { return nil }
        self.recorder = nil
        if let failure = recorder.finish() { failures.append(failure) }
        return recorder.path
    }
}
