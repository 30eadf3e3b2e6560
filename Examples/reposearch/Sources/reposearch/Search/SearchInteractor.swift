import REPLEngine

/// What the search asks of its interactor.
@MainActor
protocol SearchBusinessLogic: AnyObject {
    func fetchRepositories(request: Search.FetchRepositories.Request)
    func selectRepository(request: Search.SelectRepository.Request)
}

/// The search's data, for the router to pass on.
@MainActor
protocol SearchDataStore: AnyObject {
    var selectedRepository: Repository? { get }
}

/// I (Interactor) of the search: asks the worker for pages and keeps the one shown.
final class SearchInteractor: SearchBusinessLogic, SearchDataStore {
    var presenter: SearchPresentationLogic?
    /// Not owned: the engine owns the scene and its command's work.
    weak var effects: (any SceneEffects)?
    private let worker: GitHubSearchWorker

    private(set) var query: String?
    private(set) var page = 0
    private(set) var repositories: [Repository] = []
    private(set) var totalCount = 0
    private(set) var selectedRepository: Repository?

    init(worker: GitHubSearchWorker) {
        self.worker = worker
    }

    func fetchRepositories(request: Search.FetchRepositories.Request) {
        let query: String, page: Int
        switch request.page {
        case .first(let typed):
            let trimmed = typed.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !trimmed.isEmpty else { return fail(.emptyQuery) }
            (query, page) = (trimmed, 1)
        case .next:
            guard let current = self.query else { return fail(.noSearchYet) }
            let shownSoFar = self.page * GitHubSearchWorker.perPage
            let cap = GitHubSearchWorker.resultCap
            guard shownSoFar < min(totalCount, cap) else {
                return fail(.lastPage(totalCount: totalCount, capped: totalCount > cap))
            }
            (query, page) = (current, self.page + 1)
        case .number(let typed):
            guard let current = self.query else { return fail(.noSearchYet) }
            let count = pageCount
            guard let number = Int(typed), (1...count).contains(number) else { return fail(.noSuchPage(typed, pageCount: count)) }
            (query, page) = (current, number)
        case .previous:
            guard let current = self.query else { return fail(.noSearchYet) }
            guard self.page > 1 else { return fail(.firstPage) }
            (query, page) = (current, self.page - 1)
        }
        let worker = worker
        effects?.finishBeforeCommandEnds { [weak self] in
            let result = await worker.fetchRepositories(query: query, page: page)
            self?.show(result, query: query, page: page)
        }
    }

    /// The pages GitHub serves of the results shown: all of them, up to its 1,000-result cap.
    private var pageCount: Int {
        max(1, (min(totalCount, GitHubSearchWorker.resultCap) + GitHubSearchWorker.perPage - 1) / GitHubSearchWorker.perPage)
    }

    /// A page found replaces the one shown; a failure keeps it.
    private func show(_ result: Result<RepositoriesPage, SearchFailure>, query: String, page: Int) {
        switch result {
        case .success(let found):
            self.query = query
            self.page = page
            repositories = found.items
            totalCount = found.totalCount
            presenter?.presentFetchedRepositories(response: .init(result: .page(
                query: query, page: page, items: found.items, totalCount: found.totalCount,
                incompleteResults: found.incompleteResults)))
        case .failure(let failure):
            fail(.search(failure))
        }
    }

    private func fail(_ problem: Search.FetchRepositories.Problem) {
        presenter?.presentFetchedRepositories(response: .init(result: .failure(problem)))
    }

    func selectRepository(request: Search.SelectRepository.Request) {
        guard !repositories.isEmpty else {
            presenter?.presentSelectionFailure(.nothingListed)
            return
        }
        // Rows are numbered across pages: page 2 lists 11…20.
        let first = (page - 1) * GitHubSearchWorker.perPage + 1
        let last = first + repositories.count - 1
        guard let position = Int(request.position), (first...last).contains(position) else {
            presenter?.presentSelectionFailure(.notListed(request.position, first: first, last: last))
            return
        }
        selectedRepository = repositories[position - first]
        presenter?.presentSelectedRepository()
    }
}

extension GitHubSearchWorker {
    /// GitHub's search serves the first 1,000 results of any query, no more.
    static let resultCap = 1000
}
