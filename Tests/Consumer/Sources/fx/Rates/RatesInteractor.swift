import REPLEngine

/// What the rates scene's View asks of its Interactor. The fetches are `async`: the command's body
/// awaits them (the engine awaits the body; Ctrl-C cancels it).
@MainActor
protocol RatesBusinessLogic: AnyObject {
    func fetchRates(request: Rates.FetchRates.Request) async throws
    func convert(request: Rates.Convert.Request) async throws
    func selectCurrency(request: Rates.SelectCurrency.Request) throws(CommandError)
    func showRates(request: Rates.ShowRates.Request) throws(CommandError)
}

/// The rates scene's data: what its router passes on, and what `state` shows.
@MainActor
protocol RatesDataStore: AnyObject {
    /// The currency the rates are of: `EUR`.
    var base: String { get }
    /// The day of the rates listed, nil before `rates`.
    var date: String? { get }
    /// The currencies listed, in order (`open N` opens the Nth).
    var currencies: [ExchangeRate] { get }
    /// The currency opened last.
    var selectedCurrency: ExchangeRate? { get }
    /// The last conversion made.
    var lastConversion: Conversion? { get }
}

/// I (Interactor) of the rates scene: asks the worker, keeps what it found, and hands the presenter
/// a Response for every outcome.
final class RatesInteractor: RatesBusinessLogic, RatesDataStore {
    var presenter: RatesPresentationLogic?
    private let worker: any RatesWorking

    let base = "EUR"
    private(set) var date: String?
    private(set) var currencies: [ExchangeRate] = []
    private(set) var selectedCurrency: ExchangeRate?
    private(set) var lastConversion: Conversion?
    /// Fetched with the first rates, then kept: names do not change from one day to the next.
    private var names: [String: String]?

    init(worker: any RatesWorking) {
        self.worker = worker
    }

    func fetchRates(request: Rates.FetchRates.Request) async throws {
        do {
            let table = try await worker.latestRates(base: base)
            let names: [String: String]
            if let known = self.names { names = known } else { names = try await worker.currencyNames() }
            self.names = names
            date = table.date
            currencies = table.rates.map { ExchangeRate(code: $0.code, name: names[$0.code] ?? $0.code, rate: $0.rate, base: table.base, date: table.date) }
            try presenter?.presentRates(response: .init(result: .table(table, names: names)))
        } catch let failure as RatesFailure {
            // The list shown before stays.
            try presenter?.presentRates(response: .init(result: .failure(failure)))
        }
    }

    func convert(request: Rates.Convert.Request) async throws {
        guard request.amount > 0 else {
            try presenter?.presentConversion(response: .init(result: .notPositive(request.amount)))
            return
        }
        do {
            let conversion = try await worker.convert(amount: request.amount, from: base, to: request.currency)
            lastConversion = conversion
            try presenter?.presentConversion(response: .init(result: .converted(conversion)))
        } catch let failure as RatesFailure {
            try presenter?.presentConversion(response: .init(result: .failure(failure, amount: request.amount, from: base, to: request.currency)))
        }
    }

    func selectCurrency(request: Rates.SelectCurrency.Request) throws(CommandError) {
        guard !currencies.isEmpty else {
            try presenter?.presentSelection(response: .init(result: .nothingListed))
            return
        }
        guard (1...currencies.count).contains(request.position) else {
            try presenter?.presentSelection(response: .init(result: .notListed(request.position, count: currencies.count)))
            return
        }
        selectedCurrency = currencies[request.position - 1]
        try presenter?.presentSelection(response: .init(result: .selected))
    }

    func showRates(request: Rates.ShowRates.Request) throws(CommandError) {
        guard let date, let names else { return }
        let table = RatesTable(base: base, date: date, rates: currencies.map { ($0.code, $0.rate) })
        try presenter?.presentRates(response: .init(result: .table(table, names: names)))
    }
}
