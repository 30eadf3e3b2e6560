import Testing
@testable import reposearch

/// The search's business logic alone: a worker stub in place of GitHub, a presenter spy in place
/// of the presenter, and the DataStore read back.
@MainActor
struct SearchInteractorTests {
    let worker: SearchWorkerStub
    let presenter = SearchPresenterSpy()
    let interactor: SearchInteractor

    init() {
        worker = SearchWorkerStub(totals: ["popular": 25])
        interactor = SearchInteractor(worker: worker)
        interactor.presenter = presenter
    }

    @Test func aSearchAsksForItsFirstPageAndKeepsIt() async throws {
        try await interactor.fetchRepositories(request: .init(page: .first(query: "  swift \t repl ")))
        #expect(await worker.asked == ["swift repl#1"])
        let items = (1...3).map { repository("swift-repl", $0) }
        #expect(presenter.fetched == [.init(result: .page(query: "swift repl", page: 1, items: items, totalCount: 3, incompleteResults: false))])
        #expect(interactor.query == "swift repl")
        #expect(interactor.page == 1)
        #expect(interactor.repositories == items)
        #expect(interactor.totalCount == 3)
        #expect(interactor.rateLimit == RateLimit(limit: 30, remaining: 29))
    }

    @Test func wordsThatMakeNoRequestAreRefusedWithoutAskingTheWorker() async throws {
        try await interactor.fetchRepositories(request: .init(page: .first(query: " \t ")))
        try await interactor.fetchRepositories(request: .init(page: .next))
        try await interactor.fetchRepositories(request: .init(page: .previous))
        try await interactor.fetchRepositories(request: .init(page: .number("2")))
        #expect(await worker.asked.isEmpty)
        let problems: [Search.FetchRepositories.Problem] = [.emptyQuery, .noSearchYet, .noSearchYet, .noSearchYet]
        #expect(presenter.fetched == problems.map { .init(result: .failure($0)) })
        #expect(interactor.query == nil && interactor.page == 0)
    }

    @Test func pagesGoOnBackAndByNumberWithinTheResults() async throws {
        try await interactor.fetchRepositories(request: .init(page: .first(query: "popular")))
        try await interactor.fetchRepositories(request: .init(page: .next))
        try await interactor.fetchRepositories(request: .init(page: .next))
        #expect(interactor.page == 3)
        #expect(interactor.repositories.map(\.fullName) == (21...25).map { "owner/popular-\($0)" })
        try await interactor.fetchRepositories(request: .init(page: .next))
        try await interactor.fetchRepositories(request: .init(page: .number("4")))
        try await interactor.fetchRepositories(request: .init(page: .number("two")))
        try await interactor.fetchRepositories(request: .init(page: .number("1")))
        try await interactor.fetchRepositories(request: .init(page: .previous))
        #expect(await worker.asked == ["popular#1", "popular#2", "popular#3", "popular#1"])
        #expect(presenter.fetched.suffix(5).map(\.result) == [
            .failure(.lastPage(totalCount: 25, capped: false)),
            .failure(.noSuchPage("4", pageCount: 3)),
            .failure(.noSuchPage("two", pageCount: 3)),
            .page(query: "popular", page: 1, items: (1...10).map { repository("popular", $0) }, totalCount: 25, incompleteResults: false),
            .failure(.firstPage),
        ])
        #expect(interactor.page == 1)
    }

    @Test func GitHubsCapOfAThousandResultsEndsThePages() async throws {
        let interactor = SearchInteractor(worker: SearchWorkerStub(totals: ["many": 1234]))
        interactor.presenter = presenter
        try await interactor.fetchRepositories(request: .init(page: .first(query: "many")))
        try await interactor.fetchRepositories(request: .init(page: .number("101")))
        try await interactor.fetchRepositories(request: .init(page: .number("100")))
        try await interactor.fetchRepositories(request: .init(page: .next))
        #expect(presenter.fetched.map(\.result).dropFirst().first == .failure(.noSuchPage("101", pageCount: 100)))
        #expect(presenter.fetched.last?.result == .failure(.lastPage(totalCount: 1234, capped: true)))
        #expect(interactor.page == 100)
    }

    @Test func aFailedSearchKeepsThePageShownAndTakesTheRateLimit() async throws {
        let worker = SearchWorkerStub(failures: ["limited": .rateLimited(resetsAt: 57_780, retryAfter: nil)])
        let interactor = SearchInteractor(worker: worker)
        interactor.presenter = presenter
        try await interactor.fetchRepositories(request: .init(page: .first(query: "swift")))
        try await interactor.fetchRepositories(request: .init(page: .first(query: "limited")))
        #expect(presenter.fetched.last == .init(result: .failure(.search(.rateLimited(resetsAt: 57_780, retryAfter: nil)))))
        #expect(interactor.query == "swift")
        #expect(interactor.repositories.count == 3)
        #expect(interactor.rateLimit == RateLimit(limit: 30, remaining: 28))
    }

    @Test func aCancelledFetchThrowsAndChangesNothing() async throws {
        try await interactor.fetchRepositories(request: .init(page: .first(query: "popular")))
        let before = presenter.fetched
        // The stub answers at once, as a cassette does: the answer comes, though the task was cancelled.
        let task = Task { try await interactor.fetchRepositories(request: .init(page: .next)) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await worker.asked == ["popular#1", "popular#2"])
        #expect(presenter.fetched == before)
        #expect(interactor.page == 1)
        #expect(interactor.repositories.first?.fullName == "owner/popular-1")
        #expect(interactor.rateLimit == RateLimit(limit: 30, remaining: 29))
    }

    @Test func aStalledFetchEndsWhenCancelledAndChangesNothing() async throws {
        let interactor = SearchInteractor(worker: StalledWorker())
        interactor.presenter = presenter
        let task = Task { try await interactor.fetchRepositories(request: .init(page: .first(query: "swift"))) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(presenter.fetched.isEmpty)
        #expect(interactor.query == nil && interactor.page == 0 && interactor.rateLimit == nil)
    }

    @Test func openTakesARowOfThePageShownByItsNumberAcrossPages() async throws {
        try interactor.selectRepository(request: .init(position: "1"))
        #expect(presenter.selectionFailures == [.nothingListed])
        try await interactor.fetchRepositories(request: .init(page: .first(query: "popular")))
        try await interactor.fetchRepositories(request: .init(page: .next))
        for typed in ["1", "21", "x", "99999999999999999999"] { try interactor.selectRepository(request: .init(position: typed)) }
        let refused: [SelectionProblem] = ["1", "21", "x", "99999999999999999999"].map { .notListed($0, first: 11, last: 20) }
        #expect(Array(presenter.selectionFailures.dropFirst()) == refused)
        #expect(presenter.selectedCount == 0 && interactor.selectedRepository == nil)
        try interactor.selectRepository(request: .init(position: "12"))
        #expect(presenter.selectedCount == 1)
        #expect(interactor.selectedRepository == repository("popular", 12))
    }

    @Test func showingThePageAgainPresentsItOnlyAfterASearch() async throws {
        try interactor.showRepositories(request: .init())
        #expect(presenter.fetched.isEmpty)
        try await interactor.fetchRepositories(request: .init(page: .first(query: "swift")))
        try interactor.showRepositories(request: .init())
        #expect(presenter.fetched.count == 2 && presenter.fetched[0] == presenter.fetched[1])
        #expect(await worker.asked == ["swift#1"])
    }
}
