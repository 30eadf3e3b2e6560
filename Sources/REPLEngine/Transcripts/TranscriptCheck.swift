/// Replays a golden transcript and compares the whole output with it, command by command.
///
/// A transcript is what `run` prints: the start-up output, then for each command a prompt line
/// (`photos> count 5`) and its output. The commands are replayed from the prompt lines. Where one
/// command's output ends is decided with the actual output in hand: the next line that starts with
/// the prompt the engine shows now, preferring the one whose block matches, so output lines that
/// merely look like prompts are not taken for commands.
@MainActor
public struct TranscriptCheck {
    /// A command whose output differs from the transcript's.
    public struct Mismatch: Sendable {
        /// 1-based line of the prompt line in the transcript (1 for the start-up output).
        public let line: Int
        /// The prompt line as written, or nil for the start-up output.
        public let promptLine: String?
        /// Expected against actual output, with line numbers.
        public let diff: UnifiedDiff
    }

    /// Every command whose output differed, in order; empty when the transcript passed.
    public let mismatches: [Mismatch]
    /// The transcript as it would be rewritten by an update.
    public let updatedLines: [String]
    /// Whether the whole output matched.
    public var passed: Bool { mismatches.isEmpty }

    /// Replays `expected` on `engine`, whose console writes into `output` (a memory sink).
    public static func run(_ expected: [String], engine: Engine, output: OutputSink) async -> TranscriptCheck {
        var mismatches: [Mismatch] = []
        var updated: [String] = []
        var actualLineCount = 0
        let rootTitle = engine.scenes.first?.title ?? ""

        func takeOutput() -> [String] {
            engine.console.flush()
            let text = output.text
            output.clear()
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            return lines
        }

        func compare(_ range: Range<Int>, with actual: [String], promptLine: String?) {
            let block = Array(expected[range])
            if TranscriptPattern.block(block, matches: actual) {
                updated += block
            } else {
                let diff = UnifiedDiff(expected: block, actual: actual, expectedStart: range.lowerBound + 1, actualStart: actualLineCount + 1)
                mismatches.append(Mismatch(line: range.lowerBound + 1, promptLine: promptLine, diff: diff))
                updated += TranscriptPattern.updated(block, actual)
            }
            actualLineCount += actual.count
        }

        /// A line someone typed a command on: the prompt shown now, or any prompt of this app.
        func command(on line: String, prompt: String) -> String? {
            if line.hasPrefix(prompt) { return String(line.dropFirst(prompt.count)) }
            guard line.hasPrefix(rootTitle), let marker = line.firstRange(of: "> ") else { return nil }
            let path = line[line.index(line.startIndex, offsetBy: rootTitle.count)..<marker.lowerBound]
            guard path.isEmpty || path.first == "/" else { return nil }
            return String(line[marker.upperBound...])
        }

        /// Where the output that starts at `start` ends: the first later prompt line whose block matches
        /// the actual output, else the first line with the prompt shown now, else the first prompt line.
        /// Without a `...` a block can only match when it is as long as the output, so the scan stops
        /// there instead of trying every later prompt (a long transcript would be quadratic).
        func end(of start: Int, actual: [String], prompt: String) -> Int {
            var firstCandidate: Int?, firstWithPrompt: Int?
            var hasAnyLines = false
            var j = start
            while j <= expected.count {
                let isEnd = j == expected.count
                if isEnd || command(on: expected[j], prompt: prompt) != nil {
                    if TranscriptPattern.block(expected[start..<j], matches: actual) { return j }
                    if firstCandidate == nil { firstCandidate = j }
                    if firstWithPrompt == nil, isEnd || expected[j].hasPrefix(prompt) { firstWithPrompt = j }
                    if !hasAnyLines && j - start > actual.count && firstWithPrompt != nil { break }
                }
                if !isEnd && expected[j] == TranscriptPattern.anyLines { hasAnyLines = true }
                j += 1
            }
            return firstWithPrompt ?? firstCandidate ?? expected.count
        }

        let startOutput = takeOutput()
        var i = end(of: 0, actual: startOutput, prompt: engine.prompt)
        compare(0..<i, with: startOutput, promptLine: nil)
        var stopped = false
        while i < expected.count {
            let promptLine = expected[i]
            guard !stopped, let typed = command(on: promptLine, prompt: engine.prompt) else {
                // After `quit` (or on a line that is no prompt at all) nothing more runs.
                compare(i..<expected.count, with: [], promptLine: promptLine)
                break
            }
            let outcome = await ScriptRunner.replay(ScriptRunner.command(in: SourceLine(number: 0, text: typed)), on: engine)
            if outcome == .quit { stopped = true }
            let actual = takeOutput()
            let blockEnd = end(of: i + 1, actual: Array(actual.dropFirst()), prompt: engine.prompt)
            compare(i..<blockEnd, with: actual, promptLine: promptLine)
            i = blockEnd
        }
        return TranscriptCheck(mismatches: mismatches, updatedLines: updated)
    }
}
