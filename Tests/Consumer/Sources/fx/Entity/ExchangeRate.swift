/// One currency as the rates list shows it: its code, its name, and what one unit of the base
/// currency buys of it on a day.
struct ExchangeRate: Equatable, Sendable {
    /// `USD`
    var code: String
    /// `United States Dollar`, or the code when the server has no name for it.
    var name: String
    /// How much of it one unit of `base` buys.
    var rate: Double
    /// The base currency: `EUR`.
    var base: String
    /// The day of the rate, as the server writes it: `2024-06-05`.
    var date: String
}

/// A day's rates of a base currency (`GET /latest?from=EUR`).
struct RatesTable: Equatable, Sendable {
    var base: String
    var date: String
    /// By code, in the server's order (alphabetical).
    var rates: [(code: String, rate: Double)]

    static func == (lhs: RatesTable, rhs: RatesTable) -> Bool {
        lhs.base == rhs.base && lhs.date == rhs.date
            && lhs.rates.map(\.code) == rhs.rates.map(\.code) && lhs.rates.map(\.rate) == rhs.rates.map(\.rate)
    }
}

/// An amount converted by the server (`GET /latest?amount=10&from=EUR&to=USD`).
struct Conversion: Equatable, Sendable {
    var amount: Int
    var from: String
    var to: String
    var result: Double
    var date: String
}

/// One day of a currency's rate (`GET /2024-06-01..2024-06-05?from=EUR&to=USD`).
struct DayRate: Equatable, Sendable {
    var date: String
    var rate: Double
}

/// Why a worker has no answer, as the server or the transport said it.
enum RatesFailure: Error, Equatable {
    /// No answer: a refused connection, a time-out, a cassette with no answer for the request.
    case unreachable(String)
    /// An answer with another status than 200, with the server's message when it sent one.
    case status(Int, String?)
    /// An answer that is not the JSON asked for.
    case malformed(String)
}

/// Numbers as the app shows them, without Foundation: `Decimals.text(1.08672, places: 4)` is
/// `1.0867`, rounded half away from zero.
enum Decimals {
    static func text(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "?" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9e15 else { return value < 0 ? "-∞" : "∞" }
        let units = Int(scaled)
        let factor = Int(scale)
        let whole = String(units / factor)
        var fraction = places == 0 ? "" : String(units % factor)
        fraction = String(repeating: "0", count: max(0, places - fraction.count)) + fraction
        return (value < 0 && units != 0 ? "-" : "") + whole + (places == 0 ? "" : "." + fraction)
    }

    /// With its sign always written: `+0.0013`, `-0.12`.
    static func signed(_ value: Double, places: Int) -> String {
        let shown = text(value, places: places)
        return shown.hasPrefix("-") ? shown : "+" + shown
    }
}
