import REPLEngine

@MainActor
protocol RatesPresentationLogic: AnyObject {
    func presentRates(response: Rates.FetchRates.Response) throws(CommandError)
    func presentConversion(response: Rates.Convert.Response) throws(CommandError)
    func presentSelection(response: Rates.SelectCurrency.Response) throws(CommandError)
}

/// P (Presenter) of the rates scene: rates as numbered, aligned rows, a conversion as one line, and
/// every failure in words that say what to do next.
final class RatesPresenter: RatesPresentationLogic {
    /// Not owned: the view owns the interactor that owns this presenter.
    weak var view: RatesDisplayLogic?

    func presentRates(response: Rates.FetchRates.Response) throws(CommandError) {
        switch response.result {
        case .table(let table, let names):
            view?.displayRates(viewModel: Self.viewModel(table, names: names))
        case .failure(let failure):
            try view?.displayFailure(message: "cannot fetch the rates: \(Self.words(failure))")
        }
    }

    func presentConversion(response: Rates.Convert.Response) throws(CommandError) {
        switch response.result {
        case .converted(let conversion):
            view?.displayConversion(viewModel: .init(
                text: "\(conversion.amount) \(conversion.from) = \(Decimals.text(conversion.result, places: 2)) \(conversion.to) (rate of \(conversion.date))"))
        case .notPositive(let amount):
            try view?.displayFailure(message: "convert takes an amount of 1 or more, not \(amount) (type e.g. 'convert 10 USD')")
        case .failure(let failure, let amount, let from, let to):
            try view?.displayFailure(message: "cannot convert \(amount) \(from) to \(to): \(Self.words(failure))")
        }
    }

    func presentSelection(response: Rates.SelectCurrency.Response) throws(CommandError) {
        switch response.result {
        case .selected:
            try view?.displaySelectedCurrency()
        case .nothingListed:
            try view?.displayFailure(message: "no currencies are listed yet: type 'rates' first")
        case .notListed(let position, let count):
            try view?.displayFailure(message: "there is no currency \(position): the list has 1…\(count) (type e.g. 'open 1')")
        }
    }

    static func viewModel(_ table: RatesTable, names: [String: String]) -> Rates.FetchRates.ViewModel {
        guard !table.rates.isEmpty else {
            return .init(heading: "No rates for \(table.base) on \(table.date).", rows: [], hint: nil)
        }
        let numbers = table.rates.map { Decimals.text($0.rate, places: 4) }
        let numberWidth = numbers.map(\.count).max() ?? 0
        let positionWidth = String(table.rates.count).count
        let rows = table.rates.indices.map { i in
            let position = String(i + 1)
            let code = table.rates[i].code
            return String(repeating: " ", count: positionWidth - position.count) + position + ". " + code + "  "
                + String(repeating: " ", count: numberWidth - numbers[i].count) + numbers[i] + "  " + (names[code] ?? code)
        }
        return .init(heading: "1 \(table.base) on \(table.date):", rows: rows,
                     hint: "Type 'open N' for a currency, 'convert AMOUNT CUR' to convert \(table.base).")
    }

    /// A failure in words, the server's and the transport's kept on one line.
    static func words(_ failure: RatesFailure) -> String {
        switch failure {
        case .unreachable(let message): "the rates server did not answer (\(message)): try again later"
        case .status(let status, let message?): "the rates server said \(status): \(message)"
        case .status(let status, nil): "the rates server said \(status)"
        case .malformed(let what): "the rates server's answer cannot be read: \(what)"
        }
    }
}
