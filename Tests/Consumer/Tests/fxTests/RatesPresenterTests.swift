import Testing
@testable import fx

/// The rates presenter with a view spy: the ViewModels it makes of each Response.
@MainActor
struct RatesPresenterTests {
    func presenter() -> (RatesPresenter, RatesViewSpy) {
        let presenter = RatesPresenter()
        let spy = RatesViewSpy()
        presenter.view = spy
        return (presenter, spy)
    }

    @Test func ratesAreNumberedRowsWithTheRatesAligned() throws {
        let (presenter, spy) = presenter()
        try presenter.presentRates(response: .init(result: .table(sampleTable, names: ["USD": "United States Dollar"])))
        #expect(spy.seen == [.rates(.init(
            heading: "1 EUR on 2024-06-05:",
            rows: [
                "1. GBP    0.8507  GBP",
                "2. JPY  169.3400  JPY",
                "3. USD    1.0867  United States Dollar",
            ],
            hint: "Type 'open N' for a currency, 'convert AMOUNT CUR' to convert EUR."))])
    }

    @Test func noRatesSayNoneAndOfferNothing() throws {
        let (presenter, spy) = presenter()
        try presenter.presentRates(response: .init(result: .table(RatesTable(base: "EUR", date: "2024-06-05", rates: []), names: [:])))
        #expect(spy.seen == [.rates(.init(heading: "No rates for EUR on 2024-06-05.", rows: [], hint: nil))])
    }

    @Test func aConversionIsOneLineRoundedToCents() throws {
        let (presenter, spy) = presenter()
        try presenter.presentConversion(response: .init(result: .converted(Conversion(amount: 10, from: "EUR", to: "USD", result: 10.867, date: "2024-06-05"))))
        try presenter.presentConversion(response: .init(result: .converted(Conversion(amount: 3, from: "EUR", to: "JPY", result: 508.005, date: "2024-06-05"))))
        #expect(spy.seen == [
            .conversion(.init(text: "10 EUR = 10.87 USD (rate of 2024-06-05)")),
            .conversion(.init(text: "3 EUR = 508.01 JPY (rate of 2024-06-05)")),
        ])
    }

    @Test func everyFailureSaysWhatHappenedAndWhatToTypeInstead() throws {
        let (presenter, spy) = presenter()
        try presenter.presentRates(response: .init(result: .failure(.status(503, "down"))))
        try presenter.presentRates(response: .init(result: .failure(.status(500, nil))))
        try presenter.presentConversion(response: .init(result: .notPositive(0)))
        try presenter.presentConversion(response: .init(result: .failure(.unreachable("timed out"), amount: 5, from: "EUR", to: "CHF")))
        try presenter.presentConversion(response: .init(result: .failure(.malformed("it is not JSON"), amount: 5, from: "EUR", to: "CHF")))
        try presenter.presentSelection(response: .init(result: .nothingListed))
        try presenter.presentSelection(response: .init(result: .notListed(9, count: 4)))
        #expect(spy.seen == [
            .failure("cannot fetch the rates: the rates server said 503: down"),
            .failure("cannot fetch the rates: the rates server said 500"),
            .failure("convert takes an amount of 1 or more, not 0 (type e.g. 'convert 10 USD')"),
            .failure("cannot convert 5 EUR to CHF: the rates server did not answer (timed out): try again later"),
            .failure("cannot convert 5 EUR to CHF: the rates server's answer cannot be read: it is not JSON"),
            .failure("no currencies are listed yet: type 'rates' first"),
            .failure("there is no currency 9: the list has 1…4 (type e.g. 'open 1')"),
        ])
    }

    @Test func aSelectionAsksTheViewToRoute() throws {
        let (presenter, spy) = presenter()
        try presenter.presentSelection(response: .init(result: .selected))
        #expect(spy.seen == [.selectedCurrency])
    }

    @Test(arguments: [
        (1.08672, 4, "1.0867"), (0.00005, 4, "0.0001"), (-0.00125, 4, "-0.0013"), (169.34, 4, "169.3400"),
        (10.865, 2, "10.87"), (-0.001, 2, "0.00"), (7, 0, "7"),
    ])
    func decimalsAreRoundedHalfAwayFromZero(value: Double, places: Int, text: String) {
        #expect(Decimals.text(value, places: places) == text)
    }
}
