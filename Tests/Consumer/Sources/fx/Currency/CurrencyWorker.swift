/// What the currency scene asks of the server: a protocol, so that tests give the interactor a stub.
protocol CurrencyWorking: Sendable {
    /// The rate of `base` in `code` each working day from `from` through `through` (dates written
    /// `YYYY-MM-DD`), oldest first. Throws `RatesFailure`, or `CancellationError` when cancelled.
    func dailyRates(of code: String, base: String, from: String, through: String) async throws -> [DayRate]
}

/// The worker the app uses: Frankfurter's time series, `/FROM..THROUGH?from=BASE&to=CODE`.
struct CurrencyWorker: CurrencyWorking {
    let api: RatesAPI

    func dailyRates(of code: String, base: String, from: String, through: String) async throws -> [DayRate] {
        let answer = try await api.get("/\(from)..\(through)?from=\(base)&to=\(code)")
        guard let days = answer["rates"]?.object else { throw RatesFailure.malformed("it has no rates") }
        var rates: [DayRate] = []
        for (date, value) in days {
            guard let rate = value[code]?.double else { throw RatesFailure.malformed("\(date) has no rate for \(code)") }
            rates.append(DayRate(date: date, rate: rate))
        }
        return rates.sorted { $0.date < $1.date }
    }
}
