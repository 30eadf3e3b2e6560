import Testing
import REPLEngine
import REPLTesting
@testable import reposearch

/// The whole app as its composition root makes it (`RepoSearchApp.makeSession`), replaying the
/// cassettes of its golden transcripts: offline, GitHub's answers as recorded.
@MainActor
struct RepoSearchAppTests {
    func app(replaying cassette: String) async throws -> SceneTester {
        try await SceneTester(app: RepoSearchApp.app, options: RepoSearchOptions(cassette: "\(packageFolder)/Examples/\(cassette)"))
    }

    @Test(arguments: ["search", "errors"])
    func theGoldenTranscriptReplaysFromItsCassette(name: String) async throws {
        let tester = try await app(replaying: "\(name).cassette.json")
        // The transcript without its header line (`# reposearch: --cassette …`), which made the session.
        let transcript = contents(of: "\(packageFolder)/Examples/\(name).t")
        #expect(transcript.hasPrefix("# reposearch: --cassette \(name).cassette.json\n"))
        let lines = transcript.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let difference = await tester.check(transcript: String(lines.last ?? ""))
        #expect(difference == nil, "\(difference ?? "")")
        #expect(tester.effectsLeft == 0)
    }

    @Test func aSearchAnsweredFromTheCassetteOpensAndGoesBack() async throws {
        let tester = try await app(replaying: "search.cassette.json")
        #expect(tester.takeOutput() == "Type 'search QUERY' to search GitHub's repositories (e.g. 'search swift repl').\n")
        let found = await tester.run("search swift repl")
        #expect(found.error == nil)
        #expect(found.output.hasPrefix(#"Found 1 repository for "swift repl" (page 1 of 1):"# + "\n1. swiftlang/swift-repl-kit  ★ 412"))
        #expect(tester.effectsLeft == 0)
        #expect(await tester.run("open 1").output.hasPrefix("swiftlang/swift-repl-kit\n  description  A toolkit for REPLs written in Swift\n"))
        #expect(tester.stack == ["search", "detail"])
        #expect(tester.stateJSON == #"{"stack":["search","detail"],"query":"swift repl","page":1,"total":1,"repositories":["swiftlang/swift-repl-kit"],"selected":"swiftlang/swift-repl-kit","ratelimit":{"limit":10,"remaining":9},"repository":"swiftlang/swift-repl-kit"}"#)
        _ = await tester.run("back")
        #expect(tester.stack == ["search"])
        #expect(await tester.run("quit").endedSession)
    }

    @Test func aRequestTheCassetteDoesNotHoldFailsAndKeepsThePage() async throws {
        let tester = try await app(replaying: "search.cassette.json")
        _ = await tester.run("search swift repl")
        let before = tester.stateJSON
        let reply = await tester.run("search never recorded")
        #expect(reply.error?.kind == .refused)
        #expect(reply.error?.message.hasPrefix("search failed: the cassette ") == true, "\(reply)")
        #expect(reply.error?.message.hasSuffix("(the page shown is kept; type the command again to retry)") == true, "\(reply)")
        #expect(tester.stateJSON == before)
    }

}
