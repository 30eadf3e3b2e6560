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
        // The fewest unmatched lines wins: here `...` takes "count: 6" in, and the update drops "count: 5".
        #expect(TranscriptPattern.updated(["a", "...", "count: 5"], ["a", "x", "count: 6"]) == ["a", "..."])
        #expect(TranscriptPattern.updated(["a"], ["a", "b"]) == ["a", "b"])
    }
}

@Suite struct UnifiedDiffTests {
    @Test func numbersEveryLineInBothFiles() {
        let diff = UnifiedDiff(expected: ["photos> count 5", "count: 5"], actual: ["photos> count 5", "count: 6"], expectedStart: 12, actualStart: 20)
        #expect(diff.text == """
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
        #expect(UnifiedDiff(expected: ["...", "z"], actual: ["a", "b"]).text == "@@ -1,2 +1,2 @@\n 1   | ...\n   1 | a\n   2 | b\n-2   | z\n")
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
        engine.recordingHeader = { "# replay with: app run \($0)" }
        _ = await engine.execute("inc")
        _ = await engine.execute("record \(path)")
        #expect(await engine.execute("record other.txt") == .failed(CommandError("already recording to \(path): type 'record stop' first")))
        for line in ["  inc ", "", "nope", "twice", "child", "quit"] { _ = await engine.execute(line) }
        _ = await engine.execute("record stop")
        _ = await engine.execute("inc")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "# replay with: app run \(path)\ninc\nnope\ntwice\nchild\nquit\n")
        #expect(await engine.execute("record /nonexistent/dir/x.txt") == .failed(CommandError("cannot record to /nonexistent/dir/x.txt: No such file or directory")))
    }
}
