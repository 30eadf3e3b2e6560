/// How expected transcript lines match actual ones. Literal text is literal; two wildcards, as in
/// trycmd: `[..]` inside a line matches any text, and a line that is only `...` matches any number
/// of lines (none included). No regular expressions, so no surprises.
public enum TranscriptPattern {
    /// A line that is only this matches any number of lines.
    public static let anyLines = "..."
    /// Inside a line, this matches any text.
    public static let anyText = "[..]"

    /// Whether `actual` matches the expected line `pattern`.
    public static func line(_ pattern: String, matches actual: String) -> Bool {
        if pattern == actual { return true }
        guard pattern.contains(anyText) else { return false }
        let parts = pattern.split(separator: anyText, omittingEmptySubsequences: false)
        var rest = Substring(actual)
        guard let first = parts.first, rest.hasPrefix(first) else { return false }
        rest = rest.dropFirst(first.count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let found = rest.firstRange(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        let last = parts.last!
        return parts.count == 1 ? rest.isEmpty : rest.hasSuffix(last)
    }

    /// One step of an alignment of expected lines with actual lines.
    public enum Edit: Equatable, Sendable {
        /// Expected line `expected` matched actual line `actual` (indices).
        case same(expected: Int, actual: Int)
        /// A `...` line matched the actual lines `actual` (possibly none).
        case skipped(expected: Int, actual: Range<Int>)
        /// An expected line whose place an actual line took (shown as a removal and an addition).
        case changed(expected: Int, actual: Int)
        /// An expected line with no counterpart.
        case removed(expected: Int)
        /// An actual line with no counterpart.
        case added(actual: Int)
    }

    /// Whether the expected lines match the actual lines as a whole, wildcards included.
    public static func block(_ expected: some Collection<String>, matches actual: some Collection<String>) -> Bool {
        let e = Array(expected), a = Array(actual)
        if e.count == a.count && zip(e, a).allSatisfy({ line($0, matches: $1) }) { return true }
        guard e.contains(anyLines) else { return false }
        return align(e, a).allSatisfy { edit in
            switch edit {
            case .same, .skipped: true
            case .changed, .removed, .added: false
            }
        }
    }

    /// The alignment with the fewest unmatched lines (a longest-common-subsequence diff that knows the
    /// wildcards). A line that took an expected line's place counts once, as a change, so that a `...`
    /// never swallows the actual line that replaced an expected one.
    public static func align(_ expected: [String], _ actual: [String]) -> [Edit] {
        let n = expected.count, m = actual.count
        // cost[i][j]: unmatched lines in the best alignment of expected[i...] with actual[j...].
        var cost = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for j in stride(from: m - 1, through: 0, by: -1) { cost[n][j] = m - j }
        for i in stride(from: n - 1, through: 0, by: -1) {
            let isAnyLines = expected[i] == anyLines
            cost[i][m] = cost[i + 1][m] + (isAnyLines ? 0 : 1)
            for j in stride(from: m - 1, through: 0, by: -1) {
                if isAnyLines {
                    cost[i][j] = min(cost[i + 1][j], cost[i][j + 1])
                } else {
                    var best = min(cost[i + 1][j], cost[i][j + 1], cost[i + 1][j + 1]) + 1
                    if line(expected[i], matches: actual[j]) { best = min(best, cost[i + 1][j + 1]) }
                    cost[i][j] = best
                }
            }
        }
        var edits: [Edit] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, expected[i] == anyLines {
                let start = j
                while j < m, cost[i][j + 1] <= cost[i + 1][j] { j += 1 }
                edits.append(.skipped(expected: i, actual: start..<j))
                i += 1
            } else if i < n, j < m, line(expected[i], matches: actual[j]), cost[i][j] == cost[i + 1][j + 1] {
                edits.append(.same(expected: i, actual: j))
                i += 1
                j += 1
            } else if i < n, j < m, cost[i][j] == cost[i + 1][j + 1] + 1 {
                edits.append(.changed(expected: i, actual: j))
                i += 1
                j += 1
            } else if i < n, cost[i][j] == cost[i + 1][j] + 1 {
                edits.append(.removed(expected: i))
                i += 1
            } else {
                edits.append(.added(actual: j))
                j += 1
            }
        }
        return edits
    }

    /// The actual lines, except where an expected line matched through a wildcard: that line is kept as
    /// written, so an update does not throw the wildcards away.
    public static func updated(_ expected: [String], _ actual: [String]) -> [String] {
        align(expected, actual).flatMap { edit -> [String] in
            switch edit {
            case .same(let e, _): [expected[e]]
            case .skipped(let e, _): [expected[e]]
            case .changed(_, let a), .added(let a): [actual[a]]
            case .removed: []
            }
        }
    }
}
