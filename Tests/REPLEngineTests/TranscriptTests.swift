import Foundation
import Testing
@testable import REPLEngine

@Suite struct TranscriptPatternTests {
    @Test func literalLinesAreLiteral() {
        #expect(TranscriptPattern.line("count: 5", matches: "count: 5"))
        #expect(!TranscriptPattern.line("count: 5", matches: "count: 50"))
        #expect(!TranscriptPattern.line("a.*b", matches: "axxb"))
        #expect(TranscriptPattern.line("a.*b", matches: "a.*b"))
        #expect(!TranscriptPattern.line("", matches: " "))
    }

    @Test func anyTextInsideALine() {
        #expect(TranscriptPattern.line("id [..] end", matches: "id 2Tr0D_iV2WQ end"))
        #expect(TranscriptPattern.line("id [..] end", matches: "id  end"))
        #expect(TranscriptPattern.line("[..]", matches: ""))
        #expect(TranscriptPattern.line("[..]x[..]", matches: "aaxbb"))
        #expect(TranscriptPattern.line("a[..]b[..]c", matches: "a1b2c"))
        #expect(!TranscriptPattern.line("a[..]b[..]c", matches: "a1c2b"))
        #expect(!TranscriptPattern.line("id [..] end", matches: "id x end!"))
        #expect(!TranscriptPattern.line("ab[..]ba", matches: "aba"))
        #expect(TranscriptPattern.line("é [..] 🌲", matches: "é 한글 🌲"))
    }

    @Test func anyLinesMatchesNoneOrMany() {
        #expect(TranscriptPattern.block(["a", "...", "z"], matches: ["a", "z"]))
        #expect(TranscriptPattern.block(["a", "...", "z"], matches: ["a", "b", "c", "z"]))
        #expect(TranscriptPattern.block(["..."], matches: []))
        #expect(TranscriptPattern.block(["...", "...", "z"], matches: ["z", "z"]))
        #expect(!TranscriptPattern.block(["a", "...", "z"], matches: ["a", "b"]))
        #expect(!TranscriptPattern.block(["a", "...", "z"], matches: ["b", "z"]))
    }

    @Test func wholeOutputsNotPrefixes() {
        #expect(!TranscriptPattern.block(["a"], matches: ["a", "extra"]))
        #expect(!TranscriptPattern.block(["a", "b"], matches: ["a"]))
        #expect(TranscriptPattern.block([String](), matches: [String]()))
        #expect(!TranscriptPattern.block([String](), matches: [""]))
        #expect(!TranscriptPattern.block([""], matches: [String]()))
        #expect(TranscriptPattern.block(["", "a", ""], matches: ["", "a", ""]))
    }

    @Test func updatesKeepTheLinesThatMatchedAWildcard() {
        let expected = ["id [..]", "count: 5", "...", "tail"]
        let actual = ["id abc", "count: 6", "x", "y", "tail"]
        #expect(TranscriptPattern.updated(expected, actual) == ["id [..]", "count: 6", "...", "tail"])
        // The fewest unmatched lines wins, and on a tie the line that took "count: 5"'s place replaces
        // it: `...` does not take it in (the update kept only `...`, and "count: 6" went unchecked).
        #expect(TranscriptPattern.updated(["a", "...", "count: 5"], ["a", "x", "count: 6"]) == ["a", "...", "count: 6"])
        #expect(TranscriptPattern.updated(["a"], ["a", "b"]) == ["a", "b"])
    }
}

@Suite struct UnifiedDiffTests {
    @Test func numbersEveryLineInBothFiles() {
        let diff = UnifiedDiff(
            expected: ["photos> count 5", "count: 5"], actual: ["photos> count 5", "count: 6"], expectedStart: 12, actualStart: 20)
        #expect(
            diff.text == """
                @@ -12,2 +20,2 @@
                 12 20 | photos> count 5
                -13    | count: 5
                +   21 | count: 6

                """)
    }

    @Test func separateChangesMakeSeparateHunks() {
        let expected = (1...20).map { "line \($0)" }
        var actual = expected
        actual[1] = "changed 2"
        actual[17] = "changed 18"
        actual.append("extra")
        let diff = UnifiedDiff(expected: expected, actual: actual)
        #expect(diff.lines.filter { $0.kind == .header }.map(\.text) == ["@@ -1,5 +1,5 @@", "@@ -15,6 +15,7 @@"])
        #expect(diff.lines.filter { $0.kind == .removed }.map(\.text) == ["- 2    | line 2", "-18    | line 18"])
        #expect(diff.lines.filter { $0.kind == .added }.map(\.text) == ["+    2 | changed 2", "+   18 | changed 18", "+   21 | extra"])
    }

    @Test func emptyWhenEverythingMatches() {
        #expect(UnifiedDiff(expected: ["a", "[..]", "..."], actual: ["a", "b", "c", "d"]).isEmpty)
        #expect(UnifiedDiff(expected: [], actual: ["x"]).text == "@@ -1,0 +1,1 @@\n+  1 | x\n")
        #expect(
            UnifiedDiff(expected: ["...", "z"], actual: ["a", "b"]).text == "@@ -1,2 +1,2 @@\n 1   | ...\n   1 | a\n-2   | z\n+  2 | b\n")
    }
}

@MainActor
@Suite(.serialized) struct TranscriptCheckTests {
    func check(_ transcript: String) async -> TranscriptCheck {
        let output = OutputSink.memory()
        let engine = Engine(console: Console(output: output, diagnostics: .memory()))
        engine.register(SceneModule(RootScene.self) { RootScene($0) })
        engine.register(SceneModule(ChildScene.self) { ChildScene($0) })
        engine.start(root: RootScene.self)
        var lines = transcript.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return await TranscriptCheck.run(lines, engine: engine, output: output)
    }

    @Test func aMatchingTranscriptPasses() async {
        let result = await check("app> inc\nvalue: 1\napp> child\napp/child> ping\napp/child> back\napp> inc\nvalue: 2\n")
        #expect(result.passed)
    }

    @Test func aChangedLineFailsWithItsCommandAndLine() async {
        let result = await check("app> inc\nvalue: 1\napp> inc\nvalue: 3\napp> inc\nvalue: 3\n")
        #expect(result.mismatches.count == 1)
        #expect(result.mismatches[0].line == 3)
        #expect(result.mismatches[0].promptLine == "app> inc")
        #expect(result.mismatches[0].diff.text == "@@ -3,2 +3,2 @@\n 3 3 | app> inc\n-4   | value: 3\n+  4 | value: 2\n")
        #expect(result.updatedLines == ["app> inc", "value: 1", "app> inc", "value: 2", "app> inc", "value: 3"])
    }

    @Test func extraTrailingOutputFails() async {
        #expect(!(await check("app> inc\n")).passed)
        #expect(!(await check("app> inc\nvalue: 1\nmore\n")).passed)
        #expect(!(await check("app> inc\nvalue: 1\n\n")).passed)
    }

    @Test func emptyOutputAndEmptyTranscripts() async {
        #expect(await check("").passed)
        #expect(await check("app> child\napp/child> ping\n").passed)
        #expect(!(await check("app> child\n(nothing)\napp/child> ping\n")).passed)
    }

    @Test func outputLinesThatLookLikePromptsAreOutput() async {
        let result = await check("app> say 'app> inc'\napp> inc\napp> inc\nvalue: 1\n")
        #expect(result.passed)
        let mismatch = await check("app> say 'app> inc'\napp> inc\napp> inc\nvalue: 9\n")
        #expect(mismatch.mismatches.map(\.line) == [3])
    }

    @Test func errorsAreOutputToo() async {
        #expect(await check("app> fail\nerror: it failed\napp> inc\nvalue: 1\n").passed)
        #expect(!(await check("app> fail\napp> inc\nvalue: 1\n")).passed)
    }

    @Test func nothingRunsAfterQuit() async {
        #expect(await check("app> quit\n").passed)
        let result = await check("app> quit\napp> inc\nvalue: 1\n")
        #expect(result.mismatches.map(\.line) == [2])
    }

    @Test func wildcardsAndUTF8() async {
        #expect(await check("app> say 'é 한글 🌲'\né 한글 🌲\napp> inc\nvalue: [..]\n").passed)
        #expect(await check("app> inc\n...\napp> inc\nvalue: 2\n").passed)
        #expect(!(await check("app> say 'é 한글 🌲'\né 한글 🌳\n")).passed)
    }

    /// Blocks with `...` that did not match were matched again at every later prompt, each
    /// time with an n × m table: 1,201 lines took 16.8 s, and a 10,000-line block 795 MB and minutes.
    /// The time limit is a guard against that hang coming back, not a measure of speed (Scripts/bench).
    @Test(.timeLimit(.minutes(1))) func manyBlocksThatDoNotMatchAreEachOneMismatch() async {
        let result = await check(String(repeating: "app> inc\n...\nvalue: 0\n", count: 400))
        // The first 50 are kept with their diffs; the other 350 are counted.
        #expect(result.mismatches.map(\.line) == (0..<50).map { 1 + 3 * $0 })
        #expect(result.moreMismatches == 350)
        #expect(
            result.mismatches[49].diff.text
                == "@@ -148,3 +99,2 @@\n 148  99 | app> inc\n 149     | ...\n-150     | value: 0\n+    100 | value: 50\n")
        #expect(result.updatedLines.count == 1200)  // each block's `...` kept, and its actual lines
    }

    @Test func aLongBlockThatDoesNotMatchIsShownInOrder() {
        let expected = ["..."] + (0..<5000).map { "other \($0)" }
        let actual = (0..<10000).map { "line \($0)" }
        #expect(!TranscriptPattern.block(expected, matches: actual))
        #expect(TranscriptPattern.block(expected + ["..."], matches: actual + expected.dropFirst()))
        // 5,001 × 10,001 cells are past the limit: the lines are changed in order, not searched.
        let edits = TranscriptPattern.align(expected, actual)
        #expect(edits.count == 5001 + 5000)
        #expect(edits[0] == .skipped(expected: 0, actual: 0..<0))
        #expect(edits[1] == .changed(expected: 1, actual: 0))
        #expect(edits.last == .added(actual: 9999))
    }

    @Test func alignmentsAlignTheEndsTheyShareFirst() {
        let expected = ["a", "b", "...", "x", "y", "z"], actual = ["a", "b", "c", "d", "y", "z"]
        #expect(
            TranscriptPattern.align(expected, actual) == [
                .same(expected: 0, actual: 0), .same(expected: 1, actual: 1), .skipped(expected: 2, actual: 2..<3),
                .changed(expected: 3, actual: 3), .same(expected: 4, actual: 4), .same(expected: 5, actual: 5)
            ])
        #expect(TranscriptPattern.block(["...", "a", "...", "a", "b"], matches: ["a", "a", "a", "b"]))
        #expect(!TranscriptPattern.block(["...", "a", "...", "a", "b"], matches: ["a", "b"]))
        #expect(TranscriptPattern.block(["...", "[..]b", "..."], matches: ["x", "ab", "y"]))
    }

    @Test func aPromptForAnotherSceneIsAMismatchNotACrash() async {
        let result = await check("app/child> ping\napp> inc\nvalue: 1\n")
        #expect(!result.passed)
    }
}

@MainActor
@Suite(.serialized) struct RecordingTests {
    @Test func recordsEachCommandAsRunWithAHeader() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let engine = Engine(console: Console(output: .memory(), diagnostics: .memory()))
        engine.register(SceneModule(RootScene.self) { RootScene($0) })
        engine.register(SceneModule(ChildScene.self) { ChildScene($0) })
        engine.start(root: RootScene.self)
        engine.recording.header = { "# replay with: app run \($0)" }
        _ = await engine.execute("inc")
        _ = await engine.execute("record \(path)")
        #expect(
            await engine.execute("record other.txt")
                == .failed(CommandError("already recording to \(path): type 'record stop' first", kind: .usage)))
        for line in ["  inc ", "", "nope", "later", "child", "quit"] { _ = await engine.execute(line) }
        _ = await engine.execute("record stop")
        _ = await engine.execute("inc")
        // The command before `record` comes first: the replay needs it.
        #expect(
            try String(contentsOfFile: path, encoding: .utf8) == """
                # replay with: app run \(path)
                # The commands before 'record', which bring the replay to where the recording started:
                inc
                # The recording started here.
                inc
                nope
                later
                child
                quit

                """)
        #expect(
            await engine.execute("record /nonexistent/dir/x.txt")
                == .failed(CommandError("cannot record to /nonexistent/dir/x.txt: No such file or directory")))
    }
}
