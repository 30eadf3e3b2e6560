import REPLEngine

@MainActor
protocol CurrencyDisplayLogic: AnyObject {
    func displayCurrency(viewModel: Currency.ShowCurrency.ViewModel)
    func displayMonth(viewModel: Currency.FetchMonth.ViewModel)
    func displayFailure(message: String) throws(CommandError)
}

/// V (View) of the currency scene: the currency the rates scene opened, both ways, and `month`.
final class CurrencyView: SceneView, CurrencyDisplayLogic {
    static let sceneName = "currency"
    /// The prompt says which: `fx/USD>`.
    var title: String { router?.dataStore?.exchangeRate?.code ?? "currency" }

    var interactor: CurrencyBusinessLogic?
    var router: CurrencyDataPassing?
    private let console: Console

    init(console: Console) {
        self.console = console
    }

    static func module(worker: any CurrencyWorking) -> SceneModule {
        SceneModule(CurrencyView.self) { context in
            let view = CurrencyView(console: context.console)
            let interactor = CurrencyInteractor(worker: worker)
            let presenter = CurrencyPresenter()
            let router = CurrencyRouter()
            interactor.presenter = presenter
            presenter.view = view
            router.dataStore = interactor
            view.interactor = interactor
            view.router = router
            return view
        }
    }

    static let commands: [Command<CurrencyView>] = [
        Command("show", summary: "show the currency again") { view, _ in
            view.interactor?.showCurrency(request: .init())
        },
        Command("month", summary: "its rate each day this month, and the change") { view, _ in
            try await view.interactor?.fetchMonth(request: .init())
        },
    ]

    func sceneDidLoad() { interactor?.showCurrency(request: .init()) }

    /// The DataStore: the currency passed, its rate, and the month once fetched.
    func stateFields() -> [StateField] {
        guard let store = router?.dataStore else { return [] }
        return [
            StateField("currency", store.exchangeRate.map { .string($0.code) } ?? .null),
            StateField("rate", store.exchangeRate.map { .string(String($0.rate)) } ?? .null),
            StateField("month", .strings(store.month.map { "\($0.date) \($0.rate)" })),
        ]
    }

    // MARK: - Display logic

    func displayCurrency(viewModel: Currency.ShowCurrency.ViewModel) {
        console.writeLine(viewModel.heading, style: .bold)
        for line in viewModel.lines { console.writeLine("  " + line) }
        console.writeLine(viewModel.hint, style: .dim)
    }

    func displayMonth(viewModel: Currency.FetchMonth.ViewModel) {
        console.writeLine(viewModel.heading, style: .bold)
        for row in viewModel.rows { console.writeLine("  " + row) }
        if let change = viewModel.change { console.writeLine("  " + change) }
    }

    func displayFailure(message: String) throws(CommandError) {
        throw CommandError(message)
    }
}
