import Testing
@testable import reposearch

/// The presenters alone: responses in, what a view spy was asked to show out.
@MainActor
struct SearchPresenterTests {
    let view = SearchDisplaySpy()
    let presenter = SearchPresenter()

    init() {
        presenter.view = view
    }

    func present(_ result: Search.FetchRepositories.Response.Result) throws {
        try presenter.presentFetchedRepositories(response: .init(result: result))
    }

    @Test func aPageIsAHeadlineNumberedRowsAndWhatToTypeNext() throws {
        try present(.page(query: "swift", page: 1, items: (1...3).map { repository("swift", $0) }, totalCount: 3, incompleteResults: false))
        #expect(view.pages == [.init(
            headline: #"Found 3 repositories for "swift" (page 1 of 1):"#,
            rows: [
                "1. owner/swift-1  ★ 999  Swift  Repository number 1",
                "2. owner/swift-2  ★ 998  Swift  Repository number 2",
                "3. owner/swift-3  ★ 997  Swift  Repository number 3",
            ],
            notes: ["Type 'open N' for a repository."])])
        #expect(view.failures.isEmpty)
    }

    @Test func rowsAreNumberedAcrossPagesAndAlignedToTheWidestNumber() throws {
        let items = (91...100).map { repository("many", $0) }
        try present(.page(query: "many", page: 10, items: items, totalCount: 1234, incompleteResults: true))
        let page = try #require(view.pages.first)
        #expect(page.headline == #"Found 1,234 repositories for "many" (page 10 of 100):"#)
        #expect(page.rows.first == " 91. owner/many-91  ★ 909  Swift  Repository number 91")
        #expect(page.rows.last == "100. owner/many-100  ★ 900  Swift  Repository number 100")
        #expect(page.notes == [
            "GitHub's search timed out before it looked at everything: some matches may be missing (try a narrower query).",
            "Type 'next' for page 11, 'open N' for a repository.",
        ])
    }

    @Test func theLastPageOfACappedSearchSaysSoAndAnEmptyOneSaysNothingMatches() throws {
        try present(.page(query: "many", page: 100, items: [repository("many", 1000)], totalCount: 1234, incompleteResults: false))
        try present(.page(query: "zzz", page: 1, items: [], totalCount: 0, incompleteResults: false))
        try present(.page(query: "one", page: 1, items: [Repository(fullName: "a/b", description: nil, stars: 0, forks: 0, openIssues: 0,
                                                                    language: nil, license: nil, url: "https://github.com/a/b", owner: "a")],
                      totalCount: 1, incompleteResults: false))
        #expect(view.pages.map(\.notes) == [
            ["GitHub serves only the first 1,000 results of a search: narrow the query to see the rest."], [], ["Type 'open N' for a repository."],
        ])
        #expect(view.pages[1].headline == #"No repositories match "zzz"."#)
        #expect(view.pages[2].headline == #"Found 1 repository for "one" (page 1 of 1):"#)
        #expect(view.pages[2].rows == ["1. a/b  ★ 0"])
    }

    @Test func everyFailureSaysWhatToTypeInstead() throws {
        let problems: [Search.FetchRepositories.Problem] = [
            .emptyQuery, .noSearchYet, .firstPage, .noSuchPage("two", pageCount: 1), .lastPage(totalCount: 25, capped: false),
            .lastPage(totalCount: 1234, capped: true), .search(.rateLimited(resetsAt: 57_780, retryAfter: nil)),
            .search(.rateLimited(resetsAt: nil, retryAfter: 1)), .search(.invalid("The search is longer than 256 characters.")),
            .search(.status(502, nil)), .search(.unreachable("connection refused")), .search(.malformed("the answer has no list of items")),
        ]
        for problem in problems { try present(.failure(problem)) }
        #expect(view.failures == [
            "search needs some words: type e.g. 'search swift repl' or 'search language:swift stars:>1000'",
            "there is no search to page through yet: type 'search QUERY' first",
            "this is the first page already (type 'next' for the one after it)",
            "there is no page two: pages are 1…1 (type e.g. 'page 1')",
            "this is the last page: all 25 are listed (type 'prev' to go back)",
            "GitHub serves only the first 1,000 of the 1,234 results: narrow the query to see others",
            "search failed: GitHub's rate limit is used up: try again after 16:03 UTC, when GitHub's limit resets; set GITHUB_TOKEN for a higher limit (the page shown is kept)",
            "search failed: GitHub asks to slow down: try again in 1 second (the page shown is kept)",
            "search failed: GitHub cannot search for that: The search is longer than 256 characters. (type e.g. 'search swift repl')",
            "search failed: GitHub answered 502 (the page shown is kept)",
            "search failed: connection refused (the page shown is kept; type the command again to retry)",
            "search failed: GitHub's answer cannot be read: the answer has no list of items",
        ])
        #expect(view.pages.isEmpty)
    }

    @Test func aSelectionIsRoutedOrRefusedInWords() throws {
        try presenter.presentSelectionFailure(.nothingListed)
        try presenter.presentSelectionFailure(.notListed("3", first: 991, last: 1000))
        try presenter.presentSelectedRepository()
        #expect(view.failures == [
            "nothing is listed yet: type 'search QUERY' first (e.g. 'search swift repl')",
            "there is no repository 3 on this page: it lists 991…1000 (type e.g. 'open 991')",
        ])
        #expect(view.selectedCount == 1)
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1000, "1,000"), (1005, "1,005"), (50_090, "50,090"), (1_234_567, "1,234,567")])
    func countsAreGroupedByThousands(number: Int, shown: String) {
        #expect(SearchPresenter.grouped(number) == shown)
    }

    @Test func aResetTimeIsAClockInUTC() {
        #expect(SearchPresenter.clock(57_780) == "16:03")
        #expect(SearchPresenter.clock(0) == "00:00")
        #expect(SearchPresenter.clock(-60) == "23:59")
    }
}

@MainActor
struct SearchDetailPresenterTests {
    @Test func aRepositoryIsItsNameAndOneFieldALineWithWhatItLacksSaid() {
        let view = SearchDetailDisplaySpy()
        let presenter = SearchDetailPresenter()
        presenter.view = view
        let bare = Repository(fullName: "a/b", description: nil, stars: 1234, forks: 5, openIssues: 0, language: nil, license: nil,
                              url: "https://github.com/a/b", owner: "a")
        presenter.presentRepository(response: .init(repository: bare))
        #expect(view.shown.count == 1)
        #expect(view.shown.first?.heading == "a/b")
        #expect(view.shown.first?.fields.map { "\($0.label)=\($0.value)" } == [
            "description=(no description)", "stars=1,234", "forks=5", "open issues=0", "language=(none)", "licence=(none)",
            "url=https://github.com/a/b", "owner=a",
        ])
    }
}
