import REPLEngine

@MainActor
protocol RatesDisplayLogic: AnyObject {
    func displayRates(viewModel: Rates.FetchRates.ViewModel)
    func displayConversion(viewModel: Rates.Convert.ViewModel)
    func displaySelectedCurrency() throws(CommandError)
    func displayFailure(message: String) throws(CommandError)
}

/// V (View) of the rates scene, the root: `rates` lists today's euro rates, `convert AMOUNT CUR`
/// converts euros, `open N` opens a currency.
final class RatesView: SceneView, RatesDisplayLogic {
    static let sceneName = "rates"
    var title: String { "fx" }
    /// The currencies `convert` takes: the engine refuses another word before the command runs.
    static let convertible = ["CHF", "GBP", "JPY", "USD"]

    var interactor: RatesBusinessLogic?
    var router: (RatesRoutingLogic & RatesDataPassing)?
    private let console: Console

    init(console: Console) {
        self.console = console
    }

    /// The scene as the engine registers it: a View wired to its Interactor (over `worker`),
    /// Presenter and Router, each time one is made.
    static func module(worker: any RatesWorking) -> SceneModule {
        SceneModule(RatesView.self) { context in
            let view = RatesView(console: context.console)
            let interactor = RatesInteractor(worker: worker)
            let presenter = RatesPresenter()
            let router = RatesRouter()
            interactor.presenter = presenter
            presenter.view = view
            router.navigator = context.navigator
            router.dataStore = interactor
            view.interactor = interactor
            view.router = router
            return view
        }
    }

    static let commands: [Command<RatesView>] = [
        Command("rates", summary: "today's rates of the euro") { view, _ in
            try await view.interactor?.fetchRates(request: .init())
        },
        Command(
            "convert", arguments: [.number("AMOUNT", naming: "amount"), .choice("CUR", convertible)],
            summary: "convert AMOUNT euros to CUR at today's rate", example: "convert 10 USD"
        ) { view, arguments in
            try await view.interactor?.convert(request: .init(amount: arguments.number(at: 0)!, currency: arguments[1]))
        },
        Command(
            "open", arguments: [.number("N", naming: "currency", completion: .positions)],
            summary: "open currency N of the list", example: "open 1"
        ) { view, arguments in
            try view.interactor?.selectCurrency(request: .init(position: arguments.number(at: 0)!))
        },
    ]

    func sceneDidLoad() {
        console.writeLine("Type 'rates' for today's euro rates, 'convert AMOUNT CUR' to convert euros (e.g. 'convert 10 USD').", style: .dim)
    }

    /// Back from a currency: the list it was opened from, again.
    func sceneWillAppear() throws(CommandError) {
        try interactor?.showRates(request: .init())
    }

    /// The DataStore: the base, the day, the currencies listed, the one opened, the last conversion.
    func stateFields() -> [StateField] {
        guard let store = router?.dataStore else { return [] }
        return [
            StateField("base", .string(store.base)),
            StateField("date", store.date.map { .string($0) } ?? .null),
            StateField("currencies", .strings(store.currencies.map(\.code))),
            StateField("selected", store.selectedCurrency.map { .string($0.code) } ?? .null),
            StateField("lastConversion", store.lastConversion.map { conversion in
                .object([StateField("amount", .int(conversion.amount)), StateField("to", .string(conversion.to)),
                         StateField("result", .string(String(conversion.result)))])
            } ?? .null),
        ]
    }

    /// `open N` offers the positions listed.
    func positions(for command: String) -> [String] {
        guard command == "open", let count = router?.dataStore?.currencies.count else { return [] }
        return (0..<count).map { String($0 + 1) }
    }

    // MARK: - Display logic

    func displayRates(viewModel: Rates.FetchRates.ViewModel) {
        console.writeLine(viewModel.heading, style: .bold)
        for row in viewModel.rows { console.writeLine(row) }
        if let hint = viewModel.hint { console.writeLine(hint, style: .dim) }
    }

    func displayConversion(viewModel: Rates.Convert.ViewModel) {
        console.writeLine(viewModel.text)
    }

    func displaySelectedCurrency() throws(CommandError) {
        try router?.routeToCurrency()
    }

    func displayFailure(message: String) throws(CommandError) {
        throw CommandError(message)
    }
}
