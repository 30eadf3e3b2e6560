import Testing
import REPLEngine
import REPLTesting
@testable import fx

/// The rates router: the currency selected is written into the currency scene's DataStore before
/// that scene is pushed (Clean Swift's `passDataToSomewhere(source:destination:)`).
@MainActor
struct RatesRouterTests {
    @Test func passingDataWritesTheSelectedCurrencyIntoTheDestination() {
        let router = RatesRouter()
        let source = RatesDataStoreStub()
        var destination: CurrencyDataStore = CurrencyInteractor(worker: CurrencyWorkerStub())
        router.passDataToCurrency(source: source, destination: &destination)
        #expect(destination.exchangeRate == sampleUSD)

        source.selectedCurrency = nil
        router.passDataToCurrency(source: source, destination: &destination)
        #expect(destination.exchangeRate == nil)
    }

    @Test func routingPushesACurrencySceneThatShowsWhatWasPassed() throws {
        let tester = SceneTester { engine in
            engine.register(RatesView.module(worker: RatesWorkerStub()))
            engine.register(CurrencyView.module(worker: CurrencyWorkerStub()))
            engine.start(root: RatesView.self)
        }
        _ = tester.takeOutput()
        let root = tester.engine.scenes.first as? RatesView
        let router = root?.router as? RatesRouter
        // The router reads the DataStore it was given: here, one with USD selected.
        router?.dataStore = RatesDataStoreStub()
        try router?.routeToCurrency()
        #expect(tester.stack == ["rates", "currency"])
        #expect(tester.takeOutput() == """
            USD  United States Dollar
              1 EUR = 1.0867 USD
              1 USD = 0.9202 EUR
              rate of 2024-06-05
            Type 'month' for its rates this month, 'back' for the list.

            """)
        let currency = tester.engine.scenes.last as? CurrencyView
        #expect(currency?.router?.dataStore?.exchangeRate == sampleUSD)
        #expect(currency?.title == "USD")
    }
}
