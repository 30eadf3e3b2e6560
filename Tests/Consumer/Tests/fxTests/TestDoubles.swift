@testable import fx

// Test doubles for each role: workers that answer from memory and note what they were asked, spies
// that keep what a presenter or a view was handed, and a DataStore to route from.

let sampleTable = RatesTable(base: "EUR", date: "2024-06-05", rates: [("GBP", 0.8507), ("JPY", 169.34), ("USD", 1.0867)])
let sampleNames = ["EUR": "Euro", "GBP": "British Pound", "JPY": "Japanese Yen", "USD": "United States Dollar"]
let sampleUSD = ExchangeRate(code: "USD", name: "United States Dollar", rate: 1.0867, base: "EUR", date: "2024-06-05")

/// Answers the rates scene's requests from memory, and notes each one. An actor, as a worker over
/// the network is used: from the main actor, across an `await`.
actor RatesWorkerStub: RatesWorking {
    var table: Result<RatesTable, RatesFailure> = .success(sampleTable)
    var names: Result<[String: String], RatesFailure> = .success(sampleNames)
    /// The rate `convert` multiplies by, or its failure.
    var rate: Result<Double, RatesFailure> = .success(1.5)
    /// Throws `CancellationError` at every request, as a cancelled `await` does.
    var cancelled = false
    private(set) var asked: [String] = []

    init(table: Result<RatesTable, RatesFailure> = .success(sampleTable), rate: Result<Double, RatesFailure> = .success(1.5), cancelled: Bool = false) {
        self.table = table
        self.rate = rate
        self.cancelled = cancelled
    }

    func latestRates(base: String) async throws -> RatesTable {
        asked.append("latest \(base)")
        if cancelled { throw CancellationError() }
        return try table.get()
    }

    func currencyNames() async throws -> [String: String] {
        asked.append("names")
        if cancelled { throw CancellationError() }
        return try names.get()
    }

    func convert(amount: Int, from: String, to: String) async throws -> Conversion {
        asked.append("convert \(amount) \(from) \(to)")
        if cancelled { throw CancellationError() }
        return Conversion(amount: amount, from: from, to: to, result: Double(amount) * (try rate.get()), date: "2024-06-05")
    }
}

/// Answers the currency scene's month from memory, and notes each request.
actor CurrencyWorkerStub: CurrencyWorking {
    var days: Result<[DayRate], RatesFailure>
    private(set) var asked: [String] = []

    init(days: Result<[DayRate], RatesFailure> = .success([DayRate(date: "2024-06-03", rate: 1.0854), DayRate(date: "2024-06-05", rate: 1.0867)])) {
        self.days = days
    }

    func dailyRates(of code: String, base: String, from: String, through: String) async throws -> [DayRate] {
        asked.append("\(base)>\(code) \(from)..\(through)")
        return try days.get()
    }
}

/// What the rates presenter was handed, in order.
@MainActor
final class RatesPresenterSpy: RatesPresentationLogic {
    enum Seen: Equatable {
        case table(RatesTable, names: [String: String])
        case ratesFailure(RatesFailure)
        case converted(Conversion)
        case notPositive(Int)
        case conversionFailure(RatesFailure, amount: Int, from: String, to: String)
        case selection(Rates.SelectCurrency.Response.Result)
    }
    private(set) var seen: [Seen] = []

    func presentRates(response: Rates.FetchRates.Response) {
        switch response.result {
        case .table(let table, let names): seen.append(.table(table, names: names))
        case .failure(let failure): seen.append(.ratesFailure(failure))
        }
    }

    func presentConversion(response: Rates.Convert.Response) {
        switch response.result {
        case .converted(let conversion): seen.append(.converted(conversion))
        case .notPositive(let amount): seen.append(.notPositive(amount))
        case .failure(let failure, let amount, let from, let to): seen.append(.conversionFailure(failure, amount: amount, from: from, to: to))
        }
    }

    func presentSelection(response: Rates.SelectCurrency.Response) {
        seen.append(.selection(response.result))
    }
}

/// What the rates view was asked to display, in order.
@MainActor
final class RatesViewSpy: RatesDisplayLogic {
    enum Seen: Equatable {
        case rates(Rates.FetchRates.ViewModel)
        case conversion(Rates.Convert.ViewModel)
        case selectedCurrency
        case failure(String)
    }
    private(set) var seen: [Seen] = []

    func displayRates(viewModel: Rates.FetchRates.ViewModel) { seen.append(.rates(viewModel)) }
    func displayConversion(viewModel: Rates.Convert.ViewModel) { seen.append(.conversion(viewModel)) }
    func displaySelectedCurrency() { seen.append(.selectedCurrency) }
    func displayFailure(message: String) { seen.append(.failure(message)) }
}

/// What the currency presenter was handed.
@MainActor
final class CurrencyPresenterSpy: CurrencyPresentationLogic {
    private(set) var currencies: [ExchangeRate] = []
    private(set) var months: [(from: String, result: Currency.FetchMonth.Response.Result)] = []

    func presentCurrency(response: Currency.ShowCurrency.Response) { currencies.append(response.exchangeRate) }
    func presentMonth(response: Currency.FetchMonth.Response) { months.append((response.from, response.result)) }
}

/// What the currency view was asked to display.
@MainActor
final class CurrencyViewSpy: CurrencyDisplayLogic {
    private(set) var currencies: [Currency.ShowCurrency.ViewModel] = []
    private(set) var months: [Currency.FetchMonth.ViewModel] = []
    private(set) var failures: [String] = []

    func displayCurrency(viewModel: Currency.ShowCurrency.ViewModel) { currencies.append(viewModel) }
    func displayMonth(viewModel: Currency.FetchMonth.ViewModel) { months.append(viewModel) }
    func displayFailure(message: String) { failures.append(message) }
}

/// A rates DataStore with a currency selected: what the router passes from.
@MainActor
final class RatesDataStoreStub: RatesDataStore {
    var base = "EUR"
    var date: String? = "2024-06-05"
    var currencies: [ExchangeRate] = [sampleUSD]
    var selectedCurrency: ExchangeRate? = sampleUSD
    var lastConversion: Conversion?
}
