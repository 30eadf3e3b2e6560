import REPLEngine

@MainActor
protocol CurrencyPresentationLogic: AnyObject {
    func presentCurrency(response: Currency.ShowCurrency.Response)
    func presentMonth(response: Currency.FetchMonth.Response) throws(CommandError)
}

/// P (Presenter) of the currency scene: the rate both ways, and the month's rates with the change.
final class CurrencyPresenter: CurrencyPresentationLogic {
    /// Not owned: the view owns the interactor that owns this presenter.
    weak var view: CurrencyDisplayLogic?

    func presentCurrency(response: Currency.ShowCurrency.Response) {
        let rate = response.exchangeRate
        view?.displayCurrency(viewModel: .init(
            heading: "\(rate.code)  \(rate.name)",
            lines: [
                "1 \(rate.base) = \(Decimals.text(rate.rate, places: 4)) \(rate.code)",
                "1 \(rate.code) = \(rate.rate > 0 ? Decimals.text(1 / rate.rate, places: 4) : "?") \(rate.base)",
                "rate of \(rate.date)",
            ],
            hint: "Type 'month' for its rates this month, 'back' for the list."))
    }

    func presentMonth(response: Currency.FetchMonth.Response) throws(CommandError) {
        let rate = response.exchangeRate
        switch response.result {
        case .failure(let failure):
            try view?.displayFailure(message: "cannot fetch the rates of \(rate.code) this month: \(RatesPresenter.words(failure))")
        case .days(let days):
            guard let first = days.first, let last = days.last else {
                view?.displayMonth(viewModel: .init(heading: "No rates for \(rate.code) from \(response.from) to \(rate.date).", rows: [], change: nil))
                return
            }
            let change: String? = days.count < 2 ? nil
                : "change  \(Decimals.signed(last.rate - first.rate, places: 4)) (\(Decimals.signed((last.rate - first.rate) / first.rate * 100, places: 2))%)"
            view?.displayMonth(viewModel: .init(
                heading: "1 \(rate.base) in \(rate.code), \(first.date) to \(last.date):",
                rows: days.map { "\($0.date)  \(Decimals.text($0.rate, places: 4))" },
                change: change))
        }
    }
}
