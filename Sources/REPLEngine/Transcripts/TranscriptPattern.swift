import SystemCalls

/// How expected transcript lines match actual ones. Literal text is literal; two wildcards, as in
/// trycmd: `[..]` inside a line matches any text, and a line that is only `...` matches any number
/// of lines (none included). No regular expressions, so no surprises.
package enum TranscriptPattern {
    /// A line that is only this matches any number of lines.
    package static let anyLines = "..."
    /// Inside a line, this matches any text.
    package static let anyText = "[..]"

    /// Whether `actual` matches the expected line `pattern`. Compared as bytes, not as Unicode
    /// text: a transcript pins the bytes written, and two spellings of `é` are two outputs. Done in
    /// place, with no allocation, since a long transcript's check tries millions of lines.
    package static func line(_ pattern: String, matches actual: String) -> Bool {
        var pattern = pattern, actual = actual  // native and contiguous: a no-op for nearly every line
        return pattern.withUTF8 { p in actual.withUTF8 { a in line(p, matches: a) } }
    }

    private static let anyTextBytes = Array(anyText.utf8)

    static func line(_ pattern: UnsafeBufferPointer<UInt8>, matches actual: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let firstWildcard = find(anyTextBytes, in: pattern, from: 0) else {
            return equal(pattern, 0..<pattern.count, actual, 0) && pattern.count == actual.count
        }
        // The text before the first `[..]` starts the line, the text after the last ends it, and the
        // parts between are found in turn, each as early as it occurs.
        guard firstWildcard <= actual.count, equal(pattern, 0..<firstWildcard, actual, 0) else { return false }
        var position = firstWildcard  // in actual
        var partStart = firstWildcard + anyTextBytes.count  // in pattern
        while let next = find(anyTextBytes, in: pattern, from: partStart) {
            if next > partStart {
                guard let found = find(pattern, partStart..<next, in: actual, from: position) else { return false }
                position = found + (next - partStart)
            }
            partStart = next + anyTextBytes.count
        }
        let lastCount = pattern.count - partStart
        return actual.count - position >= lastCount && equal(pattern, partStart..<pattern.count, actual, actual.count - lastCount)
    }

    /// Whether `pattern[range]` is at `start` in `text`.
    private static func equal(_ pattern: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ text: UnsafeBufferPointer<UInt8>, _ start: Int)
        -> Bool
    {
        guard start >= 0, start + range.count <= text.count else { return false }
        return range.isEmpty || memcmp(pattern.baseAddress! + range.lowerBound, text.baseAddress! + start, range.count) == 0
    }

    /// Where `needle[range]` first occurs in `text` at or after `start`.
    private static func find(
        _ needle: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, in text: UnsafeBufferPointer<UInt8>, from start: Int
    ) -> Int? {
        guard !range.isEmpty else { return start <= text.count ? start : nil }
        let first = Int32(needle[range.lowerBound])
        var at = start
        // memchr to each candidate for the first byte, then memcmp for the rest (Glibc's memmem is
        // not in Swift's Glibc module).
        while at + range.count <= text.count {
            guard let hit = memchr(text.baseAddress! + at, first, text.count - range.count + 1 - at) else { return nil }
            at = text.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if equal(needle, range, text, at) { return at }
            at += 1
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        needle.withUnsafeBufferPointer { find($0, 0..<$0.count, in: text, from: start) }
    }

    /// One step of an alignment of expected lines with actual lines.
    package enum Edit: Equatable, Sendable {
        func shifted(expected e: Int, actual a: Int) -> Edit {
            switch self {
            case .same(let i, let j): .same(expected: i + e, actual: j + a)
            case .skipped(let i, let range): .skipped(expected: i + e, actual: (range.lowerBound + a)..<(range.upperBound + a))
            case .changed(let i, let j): .changed(expected: i + e, actual: j + a)
            case .removed(let i): .removed(expected: i + e)
            case .added(let j): .added(actual: j + a)
            }
        }

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
    ///
    /// A glob match over lines, `...` being the star: each line is tried in turn, and on a mismatch
    /// the last `...` takes one more line and the lines after it are tried again. No table, so memory
    /// stays constant; the time is linear unless many `...` lines each have to take back many lines
    /// (then n × m at worst, never the n × m table the alignment needs).
    package static func block<E: Collection<String>, A: Collection<String>>(_ expected: E, matches actual: A) -> Bool
    where E.Index == Int, A.Index == Int {
        var i = expected.startIndex, j = actual.startIndex
        var star: Int?, starMatched = j  // the last `...` and the first actual line it has not taken
        while j < actual.endIndex {
            if i < expected.endIndex, expected[i] == anyLines {
                star = i
                starMatched = j
                i += 1
            } else if i < expected.endIndex, line(expected[i], matches: actual[j]) {
                i += 1
                j += 1
            } else if let star {
                starMatched += 1
                i = star + 1
                j = starMatched
            } else {
                return false
            }
        }
        while i < expected.endIndex, expected[i] == anyLines { i += 1 }
        return i == expected.endIndex
    }

    /// Alignments larger than this many cells (expected × actual lines, after the lines both share at
    /// their ends) are not searched for the best: 4 M cells are 32 MB and a fraction of a second.
    static let alignmentCellLimit = 1 << 22

    /// The alignment with the fewest unmatched lines (a longest-common-subsequence diff that knows the
    /// wildcards). A line that took an expected line's place counts once, as a change, so that a `...`
    /// never swallows the actual line that replaced an expected one. The lines that match at both ends
    /// are aligned one to one first; a middle too large to search (see `alignmentCellLimit`) is shown
    /// as its expected lines changed into its actual ones, in order.
    package static func align(_ expected: [String], _ actual: [String]) -> [Edit] {
        var head = 0
        while head < expected.count, head < actual.count, expected[head] != anyLines, line(expected[head], matches: actual[head]) {
            head += 1
        }
        var tail = 0
        while tail < expected.count - head, tail < actual.count - head,
            expected[expected.count - 1 - tail] != anyLines,
            line(expected[expected.count - 1 - tail], matches: actual[actual.count - 1 - tail])
        { tail += 1 }
        let middleExpected = Array(expected[head..<(expected.count - tail)])
        let middleActual = Array(actual[head..<(actual.count - tail)])
        var edits = (0..<head).map { Edit.same(expected: $0, actual: $0) }
        let middle =
            (middleExpected.count + 1) * (middleActual.count + 1) <= alignmentCellLimit
            ? searchedAlignment(middleExpected, middleActual) : plainAlignment(middleExpected, middleActual)
        edits += middle.map { $0.shifted(expected: head, actual: head) }
        edits += (0..<tail).map { Edit.same(expected: expected.count - tail + $0, actual: actual.count - tail + $0) }
        return edits
    }

    /// Too large to search: a `...` takes nothing, the other expected lines are changed into the actual
    /// ones in order, and what is left over of either is removed or added.
    static func plainAlignment(_ expected: [String], _ actual: [String]) -> [Edit] {
        var edits: [Edit] = []
        var j = 0
        for i in expected.indices {
            if expected[i] == anyLines {
                edits.append(.skipped(expected: i, actual: j..<j))
            } else if j < actual.count {
                edits.append(line(expected[i], matches: actual[j]) ? .same(expected: i, actual: j) : .changed(expected: i, actual: j))
                j += 1
            } else {
                edits.append(.removed(expected: i))
            }
        }
        edits += (j..<actual.count).map { Edit.added(actual: $0) }
        return edits
    }

    static func searchedAlignment(_ expected: [String], _ actual: [String]) -> [Edit] {
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
                // On a tie the `...` leaves the line to the next expected line, as a change: taken,
                // the update would drop the expected line and keep only the `...`.
                while j < m, cost[i][j + 1] < cost[i + 1][j] { j += 1 }
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
    package static func updated(_ expected: [String], _ actual: [String]) -> [String] {
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
