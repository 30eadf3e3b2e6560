import Testing
import REPLEngine
import REPLTesting
@testable import reposearch

/// Both scenes as a person types at them, on a worker stub: what each command printed, how it
/// failed, the stack and the DataStores it left, and no work left over.
@MainActor
struct SearchScenesTests {
    static let hint = "Type 'search QUERY' to search GitHub's repositories (e.g. 'search swift repl').\n"
    static let swiftPage = """
        Found 3 repositories for "swift" (page 1 of 1):
        1. owner/swift-1  ★ 999  Swift  Repository number 1
        2. owner/swift-2  ★ 998  Swift  Repository number 2
        3. owner/swift-3  ★ 997  Swift  Repository number 3
        Type 'open N' for a repository.

        """

    func scenes(_ worker: any SearchWorking = SearchWorkerStub()) -> SceneTester {
        SceneTester { engine in
            engine.register(SearchView.module(worker: worker))
            engine.register(SearchDetailView.module())
            engine.start(root: SearchView.self)
        }
    }

    @Test func aSearchPrintsItsPageAndKeepsItInTheDataStore() async {
        let tester = scenes()
        #expect(tester.takeOutput() == Self.hint)
        #expect(tester.effectsLeft == 0)
        #expect(await tester.run("search swift") == .init(output: Self.swiftPage))
        #expect(tester.effectsLeft == 0)
        #expect(tester.stack == ["search"])
        #expect(tester.stateJSON == #"{"stack":["search"],"query":"swift","page":1,"total":3,"repositories":["owner/swift-1","owner/swift-2","owner/swift-3"],"selected":null,"ratelimit":{"limit":30,"remaining":29}}"#)
    }

    @Test func openPushesTheDetailWithTheRepositoryAndBackListsThePageAgain() async {
        let tester = scenes()
        _ = await tester.run("search swift")
        let detail = """
            owner/swift-2
              description  Repository number 2
              stars        998
              forks        2
              open issues  0
              language     Swift
              licence      MIT License
              url          https://github.com/owner/swift-2
              owner        owner

            """
        #expect(await tester.run("open 2") == .init(output: detail))
        #expect(tester.stack == ["search", "detail"])
        #expect(tester.stateJSON.hasSuffix(#""selected":"owner/swift-2","ratelimit":{"limit":30,"remaining":29},"repository":"owner/swift-2"}"#))
        #expect(await tester.run("show") == .init(output: detail))
        #expect(await tester.run("back") == .init(output: Self.swiftPage))
        #expect(tester.stack == ["search"])
        #expect(tester.effectsLeft == 0)
    }

    @Test func pagingGoesThroughTheResultsAndStopsAtTheirEnds() async {
        let worker = SearchWorkerStub(totals: ["popular": 25])
        let tester = scenes(worker)
        _ = await tester.run("search popular")
        #expect(await tester.run("next").output.hasPrefix(#"Found 25 repositories for "popular" (page 2 of 3):"# + "\n11. owner/popular-11"))
        #expect(await tester.run("page 3").output.hasSuffix("25. owner/popular-25  ★ 975  Swift  Repository number 25\nType 'open N' for a repository.\n"))
        #expect(await tester.run("next") == .init(output: "", error: CommandError("this is the last page: all 25 are listed (type 'prev' to go back)")))
        #expect(await tester.run("prev").output.hasPrefix(#"Found 25 repositories for "popular" (page 2 of 3):"#))
        #expect(await tester.run("open 21").error == CommandError("there is no repository 21 on this page: it lists 11…20 (type e.g. 'open 11')"))
        #expect(await worker.asked == ["popular#1", "popular#2", "popular#3", "popular#2"])
        #expect(tester.effectsLeft == 0)
    }

    @Test func failuresAreRefusalsInTheScenesWordsAndMistypedLinesTheEngines() async {
        let worker = SearchWorkerStub(failures: ["abuse": .rateLimited(resetsAt: nil, retryAfter: 60)])
        let tester = scenes(worker)
        let nothing = await tester.run("open 1")
        #expect(nothing == .init(output: "", error: CommandError("nothing is listed yet: type 'search QUERY' first (e.g. 'search swift repl')")))
        #expect(nothing.error?.kind == .refused)
        #expect(await tester.run("next").error == CommandError("there is no search to page through yet: type 'search QUERY' first", kind: .refused))
        #expect(await tester.run("search").error == CommandError("'search' needs QUERY (usage: search QUERY…)", kind: .usage))
        #expect(await tester.run("page").error?.kind == .usage)
        #expect(await tester.run("open 1 2").error?.kind == .usage)
        #expect(await tester.run("serch swift").error?.kind == .unknownCommand)
        _ = await tester.run("search swift")
        // A page that is not a number is the scene's to word, as the transcripts show it.
        #expect(await tester.run("page two").error == CommandError("there is no page two: pages are 1…1 (type e.g. 'page 1')", kind: .refused))
        #expect(await tester.run("search abuse").error == CommandError(
            "search failed: GitHub asks to slow down: try again in 60 seconds (the page shown is kept)", kind: .refused))
        // The page shown is kept; the rate limit is the last answer's.
        #expect(tester.stateJSON == #"{"stack":["search"],"query":"swift","page":1,"total":3,"repositories":["owner/swift-1","owner/swift-2","owner/swift-3"],"selected":null,"ratelimit":{"limit":30,"remaining":28}}"#)
        #expect(await worker.asked == ["swift#1", "abuse#1"])
    }

    @Test func ctrlCInterruptsAStalledSearchAndChangesNothing() async {
        let tester = scenes(StalledWorker())
        let before = tester.stateJSON
        // Cancelled before it runs, as Ctrl-C cancels the command's task: the worker's await throws.
        let task = Task { await tester.run("search swift") }
        task.cancel()
        #expect(await task.value == .init(output: "", error: CommandError("interrupted: search was cancelled and changed nothing", kind: .interrupted)))
        #expect(tester.stateJSON == before)
        #expect(tester.effectsLeft == 0)
    }

    @Test func ctrlCAsAnAnswerComesDropsItAndKeepsThePageShown() async {
        let worker = SearchWorkerStub(totals: ["popular": 25])
        let tester = scenes(worker)
        _ = await tester.run("search popular")
        let before = tester.stateJSON
        let task = Task { await tester.run("next") }
        task.cancel()
        #expect(await task.value.error == CommandError("interrupted: next was cancelled and changed nothing", kind: .interrupted))
        #expect(tester.stateJSON == before)
        // Typed again, it runs.
        #expect(await tester.run("next").output.hasPrefix(#"Found 25 repositories for "popular" (page 2 of 3):"#))
    }

    @Test func aTranscriptOfTheScenesChecksAgainstTheSession() async {
        let tester = scenes()
        let transcript = Self.hint + "repos> search swift\n" + Self.swiftPage + "repos> open 9\nerror: there is no repository 9 on this page: it lists 1…3 (type e.g. 'open 1')\n"
        #expect(await tester.check(transcript: transcript) == nil)
    }
}
