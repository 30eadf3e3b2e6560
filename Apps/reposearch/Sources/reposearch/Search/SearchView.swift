import REPLEngine

@MainActor
protocol SearchDisplayLogic: AnyObject {
    func displayRepositories(viewModel: Search.FetchRepositories.ViewModel)
    func displayFailure(_ message: String) throws(CommandError)
    func displaySelectedRepository() throws(CommandError)
}

/// V (View) of the search, the seed's `SearchViewController`: `search QUERY` is its search bar's
/// button, `next`/`prev` its paging, `open N` a tap on a row.
final class SearchView: SceneView, SearchDisplayLogic {
    static let sceneName = "search"
    var title: String { "repos" }

    var interactor: SearchBusinessLogic?
    var router: (SearchRoutingLogic & SearchDataPassing)?
    private let console: Console

    init(console: Console) {
        self.console = console
    }

    /// The scene as the engine registers it: a View wired to its Interactor (over `worker`),
    /// Presenter and Router, each time one is made.
    static func module(worker: any SearchWorking) -> SceneModule {
        SceneModule(SearchView.self) { context in
            let view = SearchView(console: context.console)
            let interactor = SearchInteractor(worker: worker)
            let presenter = SearchPresenter()
            let router = SearchRouter()
            interactor.presenter = presenter
            presenter.view = view
            router.navigator = context.navigator
            router.dataStore = interactor
            view.interactor = interactor
            view.router = router
            return view
        }
    }

    static let commands: [Command<SearchView>] = [
        Command(
            "search", arguments: [Argument("QUERY", repeated: true)],
            summary: "search GitHub's repositories (GitHub's qualifiers work: language:swift stars:>100)",
            example: "search swift repl"
        ) { view, words in
            try await view.interactor?.fetchRepositories(request: .init(page: .first(query: words.joined(separator: " "))))
        },
        Command("next", summary: "the next page of results", repetition: .always) { view, _ in
            try await view.interactor?.fetchRepositories(request: .init(page: .next))
        },
        Command("prev", summary: "the page before", repetition: .always) { view, _ in
            try await view.interactor?.fetchRepositories(request: .init(page: .previous))
        },
        // N is read by the interactor, not declared `.number`: any word that is no page is refused in
        // the same words, "there is no page two: pages are 1…4", which say which pages there are.
        Command("page", arguments: [Argument("N")], summary: "page N of the results", example: "page 3") { view, words in
            try await view.interactor?.fetchRepositories(request: .init(page: .number(words[0])))
        },
        Command(
            "open", arguments: [Argument("N", completion: .positions)],
            summary: "open repository N of the page in the detail scene", example: "open 1"
        ) { view, words in
            try view.interactor?.selectRepository(request: .init(position: words[0]))
        },
    ]

    func sceneDidLoad() {
        console.writeLine("Type 'search QUERY' to search GitHub's repositories (e.g. 'search swift repl').", style: .dim)
    }

    /// Back from a repository: the page it was opened from, listed again.
    func sceneWillAppear() throws(CommandError) {
        try interactor?.showRepositories(request: .init())
    }

    /// The DataStore: the search, its page, what it lists, the repository opened last, the rate limit.
    func stateFields() -> [StateField] {
        guard let store = router?.dataStore else { return [] }
        return [
            StateField("query", store.query.map { .string($0) } ?? .null),
            StateField("page", .int(store.page)),
            StateField("total", .int(store.totalCount)),
            StateField("repositories", .strings(store.repositories.map(\.fullName))),
            StateField("selected", store.selectedRepository.map { .string($0.fullName) } ?? .null),
            StateField("ratelimit", store.rateLimit.map { limit in
                .object([StateField("limit", .int(limit.limit)), StateField("remaining", .int(limit.remaining))])
            } ?? .null),
        ]
    }

    /// `open N` offers the rows of the page shown, numbered across pages (page 2 lists 11…20).
    func positions(for command: String) -> [String] {
        guard command == "open", let store = router?.dataStore, !store.repositories.isEmpty else { return [] }
        let first = (store.page - 1) * GitHubSearchWorker.perPage + 1
        return (first..<(first + store.repositories.count)).map(String.init)
    }

    // MARK: - Display logic

    func displayRepositories(viewModel: Search.FetchRepositories.ViewModel) {
        console.writeLine(viewModel.headline, style: .bold)
        for row in viewModel.rows { console.writeLine(row) }
        for note in viewModel.notes { console.writeLine(note, style: .dim) }
    }

    func displayFailure(_ message: String) throws(CommandError) {
        throw CommandError(message)
    }

    func displaySelectedRepository() throws(CommandError) {
        try router?.routeToSearchDetail()
    }
}
