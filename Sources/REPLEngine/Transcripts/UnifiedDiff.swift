/// A unified diff of expected (`-`) against actual (`+`) lines, with both line numbers on every line.
package struct UnifiedDiff: Sendable {
    /// What a line of the diff is.
    package enum Kind: Equatable, Sendable {
        /// `@@ -2,2 +2,2 @@`
        case header
        /// A line in both.
        case context
        /// Expected, and not there.
        case removed
        /// There, and not expected.
        case added
    }

    /// One line of the diff.
    package struct Line: Equatable, Sendable {
        /// What the line is.
        package let kind: Kind
        /// The line as printed: its marker, both line numbers, the text.
        package let text: String
    }

    /// The diff's lines, hunk by hunk.
    package let lines: [Line]

    /// The diff of `expected` against `actual` lines (wildcards in `expected` matching as in a
    /// transcript), with `context` unchanged lines around each change.
    /// - Parameters:
    ///   - expected: the golden transcript's lines.
    ///   - actual: the lines printed.
    ///   - expectedStart: the 1-based line number of the first expected line, in its file.
    ///   - actualStart: the 1-based line number of the first actual line, in the output.
    ///   - context: how many unchanged lines are shown around each change.
    package init(expected: [String], actual: [String], expectedStart: Int = 1, actualStart: Int = 1, context: Int = 3) {
        let edits = TranscriptPattern.align(expected, actual)
        // Rows: (kind, expected line index?, actual line index?, text)
        var rows: [(kind: Kind, e: Int?, a: Int?, text: String)] = []
        // Within a run of changes, removals first and additions after, as diffs usually show them.
        var additions: [(kind: Kind, e: Int?, a: Int?, text: String)] = []
        for edit in edits {
            switch edit {
            case .changed(let e, let a):
                rows.append((.removed, e, nil, expected[e]))
                additions.append((.added, nil, a, actual[a]))
                continue
            case .removed(let e):
                rows.append((.removed, e, nil, expected[e]))
                continue
            case .added(let a):
                additions.append((.added, nil, a, actual[a]))
                continue
            case .same, .skipped:
                rows += additions
                additions = []
            }
            switch edit {
            case .same(let e, let a): rows.append((.context, e, a, actual[a]))
            case .skipped(let e, let range):
                // The `...` line, then what it stood for, so a diff never hides actual output.
                rows.append((.context, e, nil, expected[e]))
                for a in range { rows.append((.context, nil, a, actual[a])) }
            default: break
            }
        }
        rows += additions
        let changed = rows.indices.filter { rows[$0].kind != .context }
        var out: [Line] = []
        var hunkStart = 0
        var k = 0
        let width = String(max(expected.count + expectedStart, actual.count + actualStart)).count
        func number(_ index: Int?, _ start: Int) -> String {
            let text = index.map { String($0 + start) } ?? ""
            return String(repeating: " ", count: width - text.count) + text
        }
        while k < changed.count {
            hunkStart = max(0, changed[k] - context)
            var hunkEnd = min(rows.count, changed[k] + context + 1)
            k += 1
            while k < changed.count, changed[k] - context <= hunkEnd {
                hunkEnd = min(rows.count, changed[k] + context + 1)
                k += 1
            }
            let hunk = rows[hunkStart..<hunkEnd]
            let eLines = hunk.compactMap(\.e)
            let aLines = hunk.compactMap(\.a)
            // An empty side names the line before which the other side's lines would go.
            let eFirst = (eLines.first ?? rows[hunkEnd...].lazy.compactMap(\.e).first ?? expected.count) + expectedStart
            let aFirst = (aLines.first ?? rows[hunkEnd...].lazy.compactMap(\.a).first ?? actual.count) + actualStart
            out.append(Line(kind: .header, text: "@@ -\(eFirst),\(eLines.count) +\(aFirst),\(aLines.count) @@"))
            for row in hunk {
                let marker = row.kind == .removed ? "-" : row.kind == .added ? "+" : " "
                out.append(
                    Line(kind: row.kind, text: "\(marker)\(number(row.e, expectedStart)) \(number(row.a, actualStart)) | \(row.text)"))
            }
        }
        lines = out
    }

    /// Whether the two sides were the same.
    package var isEmpty: Bool { lines.isEmpty }
    /// The diff as text, one line each.
    package var text: String { lines.map { $0.text + "\n" }.joined() }
}
