import SystemCalls

/// Replays a golden transcript and compares the whole output with it, command by command.
///
/// A transcript is what `run` prints: the start-up output, then for each command a prompt line
/// (`photos> count 5`) and its output. The commands are replayed from the prompt lines. Where one
/// command's output ends is decided with the actual output in hand: the next line that starts with
/// the prompt the engine shows now, preferring the one whose block matches, so output lines that
/// merely look like prompts are not taken for commands.
@MainActor
package struct TranscriptCheck {
    /// A command whose output differs from the transcript's.
    package struct Mismatch: Sendable {
        /// 1-based line of the prompt line in the transcript (1 for the start-up output).
        package let line: Int
        /// The prompt line as written, or nil for the start-up output.
        package let promptLine: String?
        /// Expected against actual output, with line numbers.
        package let diff: UnifiedDiff
    }

    /// The first `shownMismatchLimit` commands whose output differed, in order; empty when the
    /// transcript passed.
    package let mismatches: [Mismatch]
    /// Commands whose output differed after those: counted, not kept (a transcript of a million
    /// commands that all differ would otherwise hold, and print, a million diffs).
    package let moreMismatches: Int
    /// How many differing commands a check keeps and shows; the rest are counted in `moreMismatches`.
    package static let shownMismatchLimit = 50
    /// The transcript as it would be rewritten by an update (empty when run without `updating`).
    package let updatedLines: [String]
    /// Whether the whole output matched.
    package var passed: Bool { mismatches.isEmpty && moreMismatches == 0 }
    /// How many prompt lines were replayed as commands: none for a file with no prompt line at all
    /// (a script given to `test`, say).
    package let commandsReplayed: Int

    /// Whether `text` starts with the bytes of `prefix` (compared in place: the generic
    /// `starts(with:)` on UTF-8 views was a tenth of a long check).
    static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
        var text = text, prefix = prefix
        return text.withUTF8 { t in
            prefix.withUTF8 { p in p.count <= t.count && (p.isEmpty || memcmp(t.baseAddress!, p.baseAddress!, p.count) == 0) }
        }
    }

    /// Replays `expected` on `engine`, whose console writes into `output` (a memory sink). Without
    /// `updating`, `updatedLines` is left empty (it costs an alignment for every command that differs).
    package static func run(_ expected: [String], engine: Engine, output: OutputSink, updating: Bool = true) async -> TranscriptCheck {
        var mismatches: [Mismatch] = []
        var moreMismatches = 0
        var updated: [String] = []
        var actualLineCount = 0
        let rootTitle = engine.scenes.first?.title ?? ""

        func takeOutput() -> [String] {
            engine.console.flush()
            let text = output.text
            output.clear()
            // Split as bytes: a Character-wise split walks grapheme clusters, the most of a long check.
            var lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(Substring($0)) }
            if lines.last == "" { lines.removeLast() }
            return lines
        }

        func compare(_ range: Range<Int>, with actual: [String], promptLine: String?) {
            let block = Array(expected[range])
            if TranscriptPattern.block(block, matches: actual) {
                if updating { updated += block }
            } else {
                if mismatches.count < shownMismatchLimit {
                    let diff = UnifiedDiff(
                        expected: block, actual: actual, expectedStart: range.lowerBound + 1, actualStart: actualLineCount + 1)
                    mismatches.append(Mismatch(line: range.lowerBound + 1, promptLine: promptLine, diff: diff))
                } else {
                    moreMismatches += 1
                }
                if updating { updated += TranscriptPattern.updated(block, actual) }
            }
            actualLineCount += actual.count
        }

        func command(on line: String, prompt: String) -> String? { Self.command(on: line, prompt: prompt, rootTitle: rootTitle) }

        /// Where the output that starts at `start` ends: the first later prompt line whose block matches
        /// the actual output, else the first line with the prompt shown now, else the first prompt line.
        /// A block matches only if it has no more lines other than `...` than the output has lines, so
        /// the scan stops there instead of trying every later prompt; and a block is matched only when
        /// it is as long as the output (no `...`) or its last line matches the output's last. Without
        /// these, blocks that do not match made a long transcript cubic (20 KB, 16.8 s).
        func end(of start: Int, actual: [String], prompt: String) -> Int {
            var firstCandidate: Int?, firstWithPrompt: Int?
            var hasAnyLines = false
            var literalLines = 0  // lines of expected[start..<j] other than `...`
            var j = start
            while j <= expected.count {
                let isEnd = j == expected.count
                if isEnd || command(on: expected[j], prompt: prompt) != nil {
                    if literalLines <= actual.count, Self.isWorthMatching(expected[start..<j], actual, hasAnyLines: hasAnyLines),
                        TranscriptPattern.block(expected[start..<j], matches: actual)
                    {
                        return j
                    }
                    if firstCandidate == nil { firstCandidate = j }
                    if firstWithPrompt == nil, isEnd || hasPrefix(expected[j], prompt) { firstWithPrompt = j }
                    if literalLines > actual.count && firstWithPrompt != nil { break }
                }
                if !isEnd {
                    if expected[j] == TranscriptPattern.anyLines { hasAnyLines = true } else { literalLines += 1 }
                }
                j += 1
            }
            return firstWithPrompt ?? firstCandidate ?? expected.count
        }

        let startOutput = takeOutput()
        var i = end(of: 0, actual: startOutput, prompt: engine.prompt)
        compare(0..<i, with: startOutput, promptLine: nil)
        var stopped = false
        var replayed = 0
        while i < expected.count {
            let promptLine = expected[i]
            guard !stopped, let typed = command(on: promptLine, prompt: engine.prompt) else {
                // After `quit` (or on a line that is no prompt at all) nothing more runs.
                compare(i..<expected.count, with: [], promptLine: promptLine)
                break
            }
            replayed += 1
            let outcome = await ScriptRunner.replay(ScriptRunner.command(in: SourceLine(number: 0, text: typed)), on: engine)
            if outcome == .quit { stopped = true }
            let actual = takeOutput()
            let blockEnd = end(of: i + 1, actual: Array(actual.dropFirst()), prompt: engine.prompt)
            compare(i..<blockEnd, with: actual, promptLine: promptLine)
            i = blockEnd
        }
        return TranscriptCheck(mismatches: mismatches, moreMismatches: moreMismatches, updatedLines: updated, commandsReplayed: replayed)
    }

    /// A line someone typed a command on: the prompt shown now, or any prompt of this app.
    /// Compared as bytes (a prompt is the bytes the engine wrote), which is also what keeps a long
    /// transcript's scan for prompts fast.
    private static func command(on line: String, prompt: String, rootTitle: String) -> String? {
        let bytes = line.utf8
        if hasPrefix(line, prompt) { return String(Substring(bytes.dropFirst(prompt.utf8.count))) }
        guard hasPrefix(line, rootTitle) else { return nil }
        let path = bytes.dropFirst(rootTitle.utf8.count)
        guard path.first == UInt8(ascii: ">") || path.first == UInt8(ascii: "/") else { return nil }
        // The first "> " ends the prompt.
        var marker = path.startIndex
        while marker < path.endIndex {
            let next = bytes.index(after: marker)
            if bytes[marker] == UInt8(ascii: ">"), next < bytes.endIndex, bytes[next] == UInt8(ascii: " ") {
                return String(Substring(bytes[bytes.index(after: next)...]))
            }
            marker = next
        }
        return nil
    }

    /// A cheap look at a block's length and last line before it is matched whole.
    private static func isWorthMatching(_ block: ArraySlice<String>, _ actual: [String], hasAnyLines: Bool) -> Bool {
        guard hasAnyLines else { return block.count == actual.count }
        guard let last = block.last, last != TranscriptPattern.anyLines else { return true }
        guard let actualLast = actual.last else { return false }
        return TranscriptPattern.line(last, matches: actualLast)
    }
}
