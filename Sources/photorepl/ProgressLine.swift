import Dispatch
import PhotoDomain
import SystemCalls
import REPLEngine
import Synchronization

/// Long work shown on standard error while it runs, one line redrawn in place, after 0.3 s (quick
/// work shows nothing) and erased when the work ends, before the command's output is written:
///
///     Walking /usr: 41,288 files… 2.1 s
///
/// Only where standard error is a terminal (not TERM=dumb) and the session checks no transcript:
/// never in a pipe, a file or a transcript.
final class ProgressLine: ProgressDisplay {
    /// How long work runs before it is shown, and how often its line is redrawn.
    static let delay = DispatchTimeInterval.milliseconds(300)
    static let interval = DispatchTimeInterval.milliseconds(100)

    private struct State {
        /// Which work is going on (a new one each time work begins where none was); nil: none.
        var generation: Int?
        var lastGeneration = 0
        var isDrawn = false
    }
    private let state = Mutex(State())
    private let write: @Sendable (String) -> Void
    private let columns: @Sendable () -> Int?

    /// A line written by `write` (standard error by default), cut to `columns`.
    init(
        write: @escaping @Sendable (String) -> Void = ProgressLine.writeToStandardError,
        columns: @escaping @Sendable () -> Int? = ProgressLine.standardErrorColumns
    ) {
        self.write = write
        self.columns = columns
    }

    /// Whether progress can be shown here: standard error is a terminal that can take `\r` and
    /// erase-line, and no transcript is being checked.
    static func isWanted(checkingTranscript: Bool) -> Bool {
        guard !checkingTranscript, isatty(2) == 1 else { return false }
        return Environment.environmentValue("TERM").map { $0 != "dumb" } ?? false
    }

    func workBegan(_ progress: WorkProgress) {
        let generation = state.withLock { state in
            state.lastGeneration += 1
            state.generation = state.lastGeneration
            return state.lastGeneration
        }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + Self.delay) { [weak self, weak progress] in
            self?.tick(generation, progress)
        }
    }

    func workEnded() {
        state.withLock { state in
            state.generation = nil
            if state.isDrawn { write("\r\u{1B}[K") }
            state.isDrawn = false
        }
    }

    /// Draws the work's line while it is the one going on, again every `interval`.
    private func tick(_ generation: Int, _ progress: WorkProgress?) {
        guard let progress, let work = progress.current else { return }
        let text = Self.text(work, elapsed: ContinuousClock.now - work.started)
        let width = max(1, (columns() ?? 80) - 1)
        // Drawn under the lock the erasing takes: never after the work ended.
        let goesOn = state.withLock { state in
            guard state.generation == generation else { return false }
            write("\r" + TerminalText.truncate(text, toWidth: width) + "\u{1B}[K")
            state.isDrawn = true
            return true
        }
        guard goesOn else { return }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + Self.interval) { [weak self, weak progress] in
            self?.tick(generation, progress)
        }
    }

    /// `Walking /usr: 41,288 files… 2.1 s`, `Drawing the sheet: 5/12 pictures… 0.4 s`,
    /// `Waiting for api.unsplash.com… 3.0 s`.
    static func text(_ work: WorkProgress.Work, elapsed: Duration) -> String {
        var counted = ""
        if let total = work.total {
            counted = ": \(grouped(work.done))/\(grouped(total))"
        } else if work.done > 0 {
            counted = ": \(grouped(work.done))"
        }
        if !counted.isEmpty && !work.unit.isEmpty { counted += " " + work.unit }
        let tenths = Int(elapsed.components.seconds) * 10 + Int(elapsed.components.attoseconds / 100_000_000_000_000_000)
        // A label names a folder as typed: its control characters are shown, never sent.
        return "\(TerminalText.sanitize(TerminalText.singleLine(work.label)))\(counted)… \(tenths / 10).\(tenths % 10) s"
    }

    /// 41288 → "41,288".
    static func grouped(_ number: Int) -> String { number.grouped }

    @Sendable static func writeToStandardError(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { LibC.write(2, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 {
                if n < 0 && errno == EINTR { continue }
                return
            }
            offset += n
        }
    }

    @Sendable static func standardErrorColumns() -> Int? {
        var size = winsize()
        guard ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
