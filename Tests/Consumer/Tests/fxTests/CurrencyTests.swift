import Testing
@testable import fx

/// The currency scene's interactor (worker stub, presenter spy) and presenter (view spy).
@MainActor
struct CurrencyTests {
    @Test func theMonthIsAskedFromItsFirstDayThroughTheRatesDay() async throws {
        let worker = CurrencyWorkerStub()
        let interactor = CurrencyInteractor(worker: worker)
        let spy = CurrencyPresenterSpy()
        interactor.presenter = spy
        // Nothing passed, nothing asked.
        try await interactor.fetchMonth(request: .init())
        #expect(await worker.asked.isEmpty)
        interactor.exchangeRate = sampleUSD
        try await interactor.fetchMonth(request: .init())
        #expect(await worker.asked == ["EUR>USD 2024-06-01..2024-06-05"])
        #expect(spy.months.map(\.from) == ["2024-06-01"])
        #expect(interactor.month == [DayRate(date: "2024-06-03", rate: 1.0854), DayRate(date: "2024-06-05", rate: 1.0867)])
    }

    @Test func aMonthTheServerHasNotIsPresentedAsAFailureAndKeepsNone() async throws {
        let interactor = CurrencyInteractor(worker: CurrencyWorkerStub(days: .failure(.status(404, "not found"))))
        let spy = CurrencyPresenterSpy()
        interactor.presenter = spy
        interactor.exchangeRate = sampleUSD
        try await interactor.fetchMonth(request: .init())
        guard case .failure(let failure)? = spy.months.first?.result else {
            Issue.record("no failure presented: \(spy.months)")
            return
        }
        #expect(failure == .status(404, "not found"))
        #expect(interactor.month.isEmpty)
    }

    @Test func theCurrencyPassedIsShownOnRequest() {
        let interactor = CurrencyInteractor(worker: CurrencyWorkerStub())
        let spy = CurrencyPresenterSpy()
        interactor.presenter = spy
        interactor.showCurrency(request: .init())
        interactor.exchangeRate = sampleUSD
        interactor.showCurrency(request: .init())
        #expect(spy.currencies == [sampleUSD])
    }

    @Test func theCurrencyIsShownBothWays() {
        let presenter = CurrencyPresenter()
        let view = CurrencyViewSpy()
        presenter.view = view
        presenter.presentCurrency(response: .init(exchangeRate: sampleUSD))
        #expect(view.currencies == [.init(
            heading: "USD  United States Dollar",
            lines: ["1 EUR = 1.0867 USD", "1 USD = 0.9202 EUR", "rate of 2024-06-05"],
            hint: "Type 'month' for its rates this month, 'back' for the list.")])
    }

    @Test func theMonthIsItsDaysAndTheChangeFromTheFirst() throws {
        let presenter = CurrencyPresenter()
        let view = CurrencyViewSpy()
        presenter.view = view
        let days = [DayRate(date: "2024-06-03", rate: 1.0854), DayRate(date: "2024-06-04", rate: 1.0872), DayRate(date: "2024-06-05", rate: 1.0800)]
        try presenter.presentMonth(response: .init(exchangeRate: sampleUSD, from: "2024-06-01", result: .days(days)))
        try presenter.presentMonth(response: .init(exchangeRate: sampleUSD, from: "2024-06-01", result: .days(Array(days.prefix(1)))))
        try presenter.presentMonth(response: .init(exchangeRate: sampleUSD, from: "2024-06-01", result: .days([])))
        try presenter.presentMonth(response: .init(exchangeRate: sampleUSD, from: "2024-06-01", result: .failure(.unreachable("refused"))))
        #expect(view.months == [
            .init(heading: "1 EUR in USD, 2024-06-03 to 2024-06-05:",
                  rows: ["2024-06-03  1.0854", "2024-06-04  1.0872", "2024-06-05  1.0800"],
                  change: "change  -0.0054 (-0.50%)"),
            .init(heading: "1 EUR in USD, 2024-06-03 to 2024-06-03:", rows: ["2024-06-03  1.0854"], change: nil),
            .init(heading: "No rates for USD from 2024-06-01 to 2024-06-05.", rows: [], change: nil),
        ])
        #expect(view.failures == ["cannot fetch the rates of USD this month: the rates server did not answer (refused): try again later"])
    }
}
