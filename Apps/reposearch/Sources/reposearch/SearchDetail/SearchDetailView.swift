import REPLEngine

@MainActor
protocol SearchDetailDisplayLogic: AnyObject {
    func displayRepository(viewModel: SearchDetail.ShowRepository.ViewModel)
}

/// V (View) of the detail, the seed's `SearchDetailViewController`.
final class SearchDetailView: SceneView, SearchDetailDisplayLogic {
    static let sceneName = "detail"
    var title: String { "detail" }

    var interactor: SearchDetailBusinessLogic?
    var router: SearchDetailDataPassing?
    private let console: Console

    init(console: Console) {
        self.console = console
    }

    static func module() -> SceneModule {
        SceneModule(SearchDetailView.self) { context in
            let view = SearchDetailView(console: context.console)
            let interactor = SearchDetailInteractor()
            let presenter = SearchDetailPresenter()
            let router = SearchDetailRouter()
            interactor.presenter = presenter
            presenter.view = view
            router.dataStore = interactor
            view.interactor = interactor
            view.router = router
            return view
        }
    }

    static let commands: [Command<SearchDetailView>] = [
        Command("show", summary: "show the repository again") { view, _ in
            view.interactor?.showRepository()
        },
    ]

    func sceneDidLoad() { interactor?.showRepository() }

    /// The DataStore: the repository the search passed.
    func stateFields() -> [StateField] {
        [StateField("repository", router?.dataStore?.repository.map { .string($0.fullName) } ?? .null)]
    }

    // MARK: - Display logic

    func displayRepository(viewModel: SearchDetail.ShowRepository.ViewModel) {
        console.writeLine(viewModel.heading, style: .bold)
        let width = viewModel.fields.map { $0.label.count }.max() ?? 0
        for field in viewModel.fields {
            console.writeLine("  " + field.label + String(repeating: " ", count: width - field.label.count) + "  " + field.value)
        }
    }
}
