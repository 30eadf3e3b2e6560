/// What the rates scene asks of the server: a protocol, so that tests give the interactor a stub.
/// Each throws `RatesFailure`, or `CancellationError` when the command is cancelled.
protocol RatesWorking: Sendable {
    /// Today's rates of `base` in every currency the server knows.
    func latestRates(base: String) async throws -> RatesTable
    /// The currencies' names by code: `USD` is `United States Dollar`.
    func currencyNames() async throws -> [String: String]
    /// `amount` of `from` in `to`, at today's rate.
    func convert(amount: Int, from: String, to: String) async throws -> Conversion
}

/// The worker the app uses: Frankfurter's `/latest` and `/currencies`, through `RatesAPI`.
struct RatesWorker: RatesWorking {
    let api: RatesAPI

    func latestRates(base: String) async throws -> RatesTable {
        let answer = try await api.get("/latest?from=\(base)")
        guard let date = answer["date"]?.string, let members = answer["rates"]?.object else {
            throw RatesFailure.malformed("it has no date or no rates")
        }
        var rates: [(code: String, rate: Double)] = []
        for (code, value) in members {
            guard let rate = value.double else { throw RatesFailure.malformed("the rate of \(code) is not a number") }
            rates.append((code, rate))
        }
        return RatesTable(base: answer["base"]?.string ?? base, date: date, rates: rates)
    }

    func currencyNames() async throws -> [String: String] {
        guard let members = try await api.get("/currencies").object else {
            throw RatesFailure.malformed("the currencies are not an object")
        }
        var names: [String: String] = [:]
        for (code, name) in members { names[code] = name.string }
        return names
    }

    func convert(amount: Int, from: String, to: String) async throws -> Conversion {
        let answer = try await api.get("/latest?amount=\(amount)&from=\(from)&to=\(to)")
        guard let date = answer["date"]?.string, let result = answer["rates"]?[to]?.double else {
            throw RatesFailure.malformed("it has no date or no rate for \(to)")
        }
        return Conversion(amount: amount, from: from, to: to, result: result, date: date)
    }
}
