import Synchronization

/// How far the long work of a command has come (a folder walked, a page loaded, a sheet's
/// pictures decoded), for a line that shows it while it runs. Workers report to it; what shows it
/// (`ProgressDisplay`) is the app's, and may be none: reporting costs a lock and nothing else.
/// Several works may run at once (a sheet's downloads): the one begun last is shown.
public final class WorkProgress: Sendable {
    /// One work going on.
    public struct Work: Sendable, Equatable {
        /// What is done: "Walking ~/Pictures".
        public var label: String
        /// What is counted: "files", "pictures"; empty when nothing is.
        public var unit: String
        public var done = 0
        /// How many there are to do, when known.
        public var total: Int?
        public var started: ContinuousClock.Instant
    }

    /// A work begun, to advance and end.
    public struct Token: Sendable {
        fileprivate let id: Int
    }

    private let state = Mutex<(next: Int, works: [(id: Int, work: Work)])>((0, []))
    private let display: (any ProgressDisplay)?

    /// Progress shown by `display` (nil: reported, shown nowhere).
    public init(display: (any ProgressDisplay)?) {
        self.display = display
    }

    /// Begins a work; end it with `end`, however it ends (`defer`).
    public func begin(_ label: String, unit: String = "", total: Int? = nil) -> Token {
        let (token, isFirst) = state.withLock { state in
            state.next += 1
            state.works.append((state.next, Work(label: label, unit: unit, total: total, started: .now)))
            return (Token(id: state.next), state.works.count == 1)
        }
        if isFirst { display?.workBegan(self) }
        return token
    }

    /// Says how many of the work's are done.
    public func advance(_ token: Token, to done: Int) {
        state.withLock { state in
            if let i = state.works.firstIndex(where: { $0.id == token.id }) { state.works[i].work.done = done }
        }
    }

    /// Ends a work. When it was the last going on, the display has erased its line on return.
    public func end(_ token: Token) {
        let isLast = state.withLock { state in
            state.works.removeAll { $0.id == token.id }
            return state.works.isEmpty
        }
        if isLast { display?.workEnded() }
    }

    /// The work to show: the one begun last that is still going on.
    public var current: Work? { state.withLock { $0.works.last?.work } }
}

/// What shows `WorkProgress`: told when work begins where none was, and when the last ends (it
/// erases what it showed before it returns, so a command's output never lands on it).
public protocol ProgressDisplay: AnyObject, Sendable {
    func workBegan(_ progress: WorkProgress)
    func workEnded()
}

extension Int {
    /// 41288 → "41,288", as every count photorepl shows is written, without Foundation's
    /// locale-dependent formatters.
    public var grouped: String {
        let digits = String(magnitude)
        var out = self < 0 ? "-" : ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }
}
