import REPLEngine

/// What the search asks of its interactor.
@MainActor
protocol SearchBusinessLogic: AnyObject {
    /// Asks the worker for the page `request` names and shows it, or says why there is none.
    /// Throws `CancellationError` when cancelled (Ctrl-C) before the answer is shown: then nothing
    /// changed, neither the page shown nor the rate limit. Throws the failure its View reported
    /// (a `CommandError`) when there is no page to show.
    func fetchRepositories(request: Search.FetchRepositories.Request) async throws
    func selectRepository(request: Search.SelectRepository.Request) throws(CommandError)
    func showRepositories(request: Search.ShowRepositories.Request) throws(CommandError)
}

/// The search's data: what the router passes on, and what `state` shows.
@MainActor
protocol SearchDataStore: AnyObject {
    /// The search whose page is shown, nil before the first one found something.
    var query: String? { get }
    /// The page shown (1-based), 0 before the first search.
    var page: Int { get }
    /// The repositories on the page shown.
    var repositories: [Repository] { get }
    /// How many repositories match the query (GitHub serves the first 1,000).
    var totalCount: Int { get }
    /// The repository opened last (`open N`).
    var selectedRepository: Repository? { get }
    /// GitHub's rate limit as its last answer said it.
    var rateLimit: RateLimit? { get }
}

/// I (Interactor) of the search: asks the worker for pages and keeps the one shown.
final class SearchInteractor: SearchBusinessLogic, SearchDataStore {
    var presenter: SearchPresentationLogic?
    private let worker: any SearchWorking

    private(set) var query: String?
    private(set) var page = 0
    private(set) var repositories: [Repository] = []
    private(set) var totalCount = 0
    private(set) var incompleteResults = false
    private(set) var selectedRepository: Repository?
    private(set) var rateLimit: RateLimit?

    init(worker: any SearchWorking) {
        self.worker = worker
    }

    func fetchRepositories(request: Search.FetchRepositories.Request) async throws {
        let query: String, page: Int
        switch request.page {
        case .first(let typed):
            let trimmed = typed.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !trimmed.isEmpty else { return try fail(.emptyQuery) }
            (query, page) = (trimmed, 1)
        case .next:
            guard let current = self.query else { return try fail(.noSearchYet) }
            let shownSoFar = self.page * GitHubSearchWorker.perPage
            let cap = GitHubSearchWorker.resultCap
            guard shownSoFar < min(totalCount, cap) else {
                return try fail(.lastPage(totalCount: totalCount, capped: totalCount > cap))
            }
            (query, page) = (current, self.page + 1)
        case .number(let typed):
            guard let current = self.query else { return try fail(.noSearchYet) }
            let count = pageCount
            guard let number = Int(typed), (1...count).contains(number) else { return try fail(.noSuchPage(typed, pageCount: count)) }
            (query, page) = (current, number)
        case .previous:
            guard let current = self.query else { return try fail(.noSearchYet) }
            guard self.page > 1 else { return try fail(.firstPage) }
            (query, page) = (current, self.page - 1)
        }
        let answer = try await worker.fetchRepositories(query: query, page: page)
        // Ctrl-C as the answer came (a cassette answers at once): it is dropped, and nothing changes.
        if Task.isCancelled { throw CancellationError() }
        try show(answer, query: query, page: page)
    }

    /// The pages GitHub serves of the results shown: all of them, up to its 1,000-result cap.
    private var pageCount: Int {
        max(1, (min(totalCount, GitHubSearchWorker.resultCap) + GitHubSearchWorker.perPage - 1) / GitHubSearchWorker.perPage)
    }

    /// A page found replaces the one shown; a failure keeps it. The rate limit is any answer's.
    private func show(_ answer: SearchAnswer, query: String, page: Int) throws(CommandError) {
        if let limit = answer.rateLimit { rateLimit = limit }
        switch answer.result {
        case .success(let found):
            self.query = query
            self.page = page
            repositories = found.items
            totalCount = found.totalCount
            incompleteResults = found.incompleteResults
            try presentPage()
        case .failure(let failure):
            try fail(.search(failure))
        }
    }

    /// The page shown again (back from a repository's detail); nothing before the first search.
    func showRepositories(request: Search.ShowRepositories.Request) throws(CommandError) {
        try presentPage()
    }

    private func presentPage() throws(CommandError) {
        guard let query else { return }
        try presenter?.presentFetchedRepositories(response: .init(result: .page(
            query: query, page: page, items: repositories, totalCount: totalCount,
            incompleteResults: incompleteResults)))
    }

    private func fail(_ problem: Search.FetchRepositories.Problem) throws(CommandError) {
        try presenter?.presentFetchedRepositories(response: .init(result: .failure(problem)))
    }

    func selectRepository(request: Search.SelectRepository.Request) throws(CommandError) {
        guard !repositories.isEmpty else {
            try presenter?.presentSelectionFailure(.nothingListed)
            return
        }
        // Rows are numbered across pages: page 2 lists 11…20.
        let first = (page - 1) * GitHubSearchWorker.perPage + 1
        let last = first + repositories.count - 1
        guard let position = Int(request.position), (first...last).contains(position) else {
            try presenter?.presentSelectionFailure(.notListed(request.position, first: first, last: last))
            return
        }
        selectedRepository = repositories[position - first]
        try presenter?.presentSelectedRepository()
    }
}

extension GitHubSearchWorker {
    /// GitHub's search serves the first 1,000 results of any query, no more.
    static let resultCap = 1000
}
