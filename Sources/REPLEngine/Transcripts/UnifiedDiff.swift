/// A unified diff of expected (`-`) against actual (`+`) lines, with both line numbers on every line.
public struct UnifiedDiff: Sendable {
    public enum Kind: Equatable, Sendable { case header, context, removed, added }

    public struct Line: Equatable, Sendable {
        public let kind: Kind
        public let text: String
    }

    public let lines: [Line]

    /// - Parameters:
    ///   - expectedStart, actualStart: the 1-based line numbers of the first lines given, in their files.
    public init(expected: [String], actual: [String], expectedStart: Int = 1, actualStart: Int = 1, context: Int = 3) {
        let edits = TranscriptPattern.align(expected, actual)
        // Rows: (kind, expected line index?, actual line index?, text)
        var rows: [(kind: Kind, e: Int?, a: Int?, text: String)] = []
        for edit in edits {
            switch edit {
            case .same(let e, let a): rows.append((.context, e, a, actual[a]))
            case .skipped(let e, let range):
                rows.append((.context, e, range.first, expected[e]))
            case .removed(let e): rows.append((.removed, e, nil, expected[e]))
            case .added(let a): rows.append((.added, nil, a, actual[a]))
            }
        }
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
            let eLines = hunk.filter { $0.kind != .added }
            let aLines = hunk.filter { $0.kind != .removed }
            let eFirst = (eLines.first?.e ?? hunk.compactMap(\.e).first ?? expected.count) + expectedStart
            let aFirst = (aLines.first?.a ?? hunk.compactMap(\.a).first ?? actual.count) + actualStart
            out.append(Line(kind: .header, text: "@@ -\(eFirst),\(eLines.count) +\(aFirst),\(aLines.count) @@"))
            for row in hunk {
                let marker = row.kind == .removed ? "-" : row.kind == .added ? "+" : " "
                out.append(Line(kind: row.kind, text: "\(marker)\(number(row.e, expectedStart)) \(number(row.a, actualStart)) | \(row.text)"))
            }
        }
        lines = out
    }

    public var isEmpty: Bool { lines.isEmpty }
    public var text: String { lines.map { $0.text + "\n" }.joined() }
}
