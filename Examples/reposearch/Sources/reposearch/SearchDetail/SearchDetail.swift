import REPLEngine

/// The detail scene's use case: show the repository the search passed.
enum SearchDetail {
    enum ShowRepository {
        struct Response { var repository: Repository }
        struct ViewModel {
            /// `apple/swift`
            var heading: String
            /// `("stars", "67,000")`, in the order shown.
            var fields: [(label: String, value: String)]
        }
    }
}

@MainActor
protocol SearchDetailBusinessLogic: AnyObject {
    func showRepository()
}

/// What the search's router writes before it pushes the detail (`passDataToSearchDetail`).
@MainActor
protocol SearchDetailDataStore: AnyObject {
    var repository: Repository? { get set }
}

/// I (Interactor) of the detail: holds the repository it was passed.
final class SearchDetailInteractor: SearchDetailBusinessLogic, SearchDetailDataStore {
    var presenter: SearchDetailPresentationLogic?
    var repository: Repository?

    func showRepository() {
        guard let repository else { return }
        presenter?.presentRepository(response: .init(repository: repository))
    }
}

@MainActor
protocol SearchDetailPresentationLogic: AnyObject {
    func presentRepository(response: SearchDetail.ShowRepository.Response)
}

/// P (Presenter) of the detail: the repository's fields, each on one line.
final class SearchDetailPresenter: SearchDetailPresentationLogic {
    weak var view: SearchDetailDisplayLogic?

    func presentRepository(response: SearchDetail.ShowRepository.Response) {
        view?.displayRepository(viewModel: Self.viewModel(response.repository))
    }

    static func viewModel(_ repository: Repository) -> SearchDetail.ShowRepository.ViewModel {
        func text(_ value: String?, otherwise: String) -> String {
            let line = value.map(TerminalText.singleLine) ?? ""
            return line.isEmpty ? otherwise : line
        }
        return .init(heading: TerminalText.oneLine(repository.fullName), fields: [
            ("description", text(repository.description, otherwise: "(no description)")),
            ("stars", SearchPresenter.grouped(repository.stars)),
            ("forks", SearchPresenter.grouped(repository.forks)),
            ("open issues", SearchPresenter.grouped(repository.openIssues)),
            ("language", text(repository.language, otherwise: "(none)")),
            ("licence", text(repository.license, otherwise: "(none)")),
            ("url", TerminalText.oneLine(repository.url)),
            ("owner", TerminalText.oneLine(repository.owner)),
        ])
    }
}

@MainActor
protocol SearchDetailDisplayLogic: AnyObject {
    func displayRepository(viewModel: SearchDetail.ShowRepository.ViewModel)
}

/// The detail's router: only data passing (the search writes into it); `back` is the engine's.
final class SearchDetailRouter {
    weak var dataStore: SearchDetailDataStore?
}

/// V (View) of the detail, the seed's `SearchDetailViewController`.
final class SearchDetailView: SceneView, SearchDetailDisplayLogic {
    static let sceneName = "detail"
    var title: String { "detail" }

    var interactor: SearchDetailBusinessLogic?
    var router: SearchDetailRouter?
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

    func displayRepository(viewModel: SearchDetail.ShowRepository.ViewModel) {
        console.writeLine(viewModel.heading, style: .bold)
        let width = viewModel.fields.map { $0.label.count }.max() ?? 0
        for field in viewModel.fields {
            console.writeLine("  " + field.label + String(repeating: " ", count: width - field.label.count) + "  " + field.value)
        }
    }
}
