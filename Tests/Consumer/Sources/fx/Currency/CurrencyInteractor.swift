import REPLEngine

@MainActor
protocol CurrencyBusinessLogic: AnyObject {
    func showCurrency(request: Currency.ShowCurrency.Request)
    func fetchMonth(request: Currency.FetchMonth.Request) async throws
}

/// What the rates scene's router writes before it pushes this scene (`passDataToCurrency`), and
/// what `state` shows.
@MainActor
protocol CurrencyDataStore: AnyObject {
    var exchangeRate: ExchangeRate? { get set }
    /// The month's rates, once `month` fetched them.
    var month: [DayRate] { get }
}

/// I (Interactor) of the currency scene: holds the currency it was passed, and asks the worker for
/// its month.
final class CurrencyInteractor: CurrencyBusinessLogic, CurrencyDataStore {
    var presenter: CurrencyPresentationLogic?
    private let worker: any CurrencyWorking

    var exchangeRate: ExchangeRate?
    private(set) var month: [DayRate] = []

    init(worker: any CurrencyWorking) {
        self.worker = worker
    }

    func showCurrency(request: Currency.ShowCurrency.Request) {
        guard let exchangeRate else { return }
        presenter?.presentCurrency(response: .init(exchangeRate: exchangeRate))
    }

    /// From the first of the month of the rate's day (`2024-06-05` gives `2024-06-01`) through that day.
    func fetchMonth(request: Currency.FetchMonth.Request) async throws {
        guard let exchangeRate else { return }
        let from = String(exchangeRate.date.prefix(8)) + "01"
        do {
            let days = try await worker.dailyRates(of: exchangeRate.code, base: exchangeRate.base, from: from, through: exchangeRate.date)
            month = days
            try presenter?.presentMonth(response: .init(exchangeRate: exchangeRate, from: from, result: .days(days)))
        } catch let failure as RatesFailure {
            try presenter?.presentMonth(response: .init(exchangeRate: exchangeRate, from: from, result: .failure(failure)))
        }
    }
}
