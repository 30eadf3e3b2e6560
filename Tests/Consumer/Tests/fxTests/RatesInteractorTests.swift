import Testing
@testable import fx

/// The rates interactor with a worker stub and a presenter spy: what it asks, what it keeps, and the
/// Responses the presenter sees.
@MainActor
struct RatesInteractorTests {
    func interactor(_ worker: RatesWorkerStub) -> (RatesInteractor, RatesPresenterSpy) {
        let interactor = RatesInteractor(worker: worker)
        let spy = RatesPresenterSpy()
        interactor.presenter = spy
        return (interactor, spy)
    }

    @Test func ratesAreFetchedWithTheNamesOnceAndKept() async throws {
        let worker = RatesWorkerStub()
        let (interactor, spy) = interactor(worker)
        try await interactor.fetchRates(request: .init())
        try await interactor.fetchRates(request: .init())
        #expect(await worker.asked == ["latest EUR", "names", "latest EUR"])
        #expect(spy.seen == [.table(sampleTable, names: sampleNames), .table(sampleTable, names: sampleNames)])
        #expect(interactor.date == "2024-06-05")
        #expect(interactor.currencies.map(\.code) == ["GBP", "JPY", "USD"])
        #expect(interactor.currencies.last == sampleUSD)
    }

    @Test func aFailedFetchIsPresentedAndTheListShownStays() async throws {
        let worker = RatesWorkerStub()
        let (interactor, spy) = interactor(worker)
        try await interactor.fetchRates(request: .init())
        await worker.fail(.status(503, "down for maintenance"))
        try await interactor.fetchRates(request: .init())
        #expect(spy.seen.last == .ratesFailure(.status(503, "down for maintenance")))
        #expect(interactor.currencies.count == 3)
    }

    @Test func anAmountBelowOneIsRefusedWithoutAskingTheWorker() async throws {
        let worker = RatesWorkerStub()
        let (interactor, spy) = interactor(worker)
        try await interactor.convert(request: .init(amount: 0, currency: "USD"))
        try await interactor.convert(request: .init(amount: -5, currency: "USD"))
        #expect(spy.seen == [.notPositive(0), .notPositive(-5)])
        #expect(await worker.asked.isEmpty)
        #expect(interactor.lastConversion == nil)
    }

    @Test func aConversionIsAskedOfTheWorkerFromTheBaseAndKept() async throws {
        let worker = RatesWorkerStub()
        let (interactor, spy) = interactor(worker)
        try await interactor.convert(request: .init(amount: 10, currency: "GBP"))
        let expected = Conversion(amount: 10, from: "EUR", to: "GBP", result: 15, date: "2024-06-05")
        #expect(await worker.asked == ["convert 10 EUR GBP"])
        #expect(spy.seen == [.converted(expected)])
        #expect(interactor.lastConversion == expected)
    }

    @Test func aConversionTheServerDidNotAnswerIsPresentedAndKeepsTheLastOne() async throws {
        let worker = RatesWorkerStub()
        let (interactor, spy) = interactor(worker)
        try await interactor.convert(request: .init(amount: 10, currency: "GBP"))
        let last = interactor.lastConversion
        await worker.failConversions(.unreachable("connection refused"))
        try await interactor.convert(request: .init(amount: 5, currency: "CHF"))
        #expect(spy.seen.last == .conversionFailure(.unreachable("connection refused"), amount: 5, from: "EUR", to: "CHF"))
        #expect(interactor.lastConversion == last)
    }

    @Test func aCancelledRequestGoesUpUnpresentedAndChangesNothing() async {
        let (interactor, spy) = interactor(RatesWorkerStub(cancelled: true))
        await #expect(throws: CancellationError.self) { try await interactor.fetchRates(request: .init()) }
        await #expect(throws: CancellationError.self) { try await interactor.convert(request: .init(amount: 1, currency: "USD")) }
        #expect(spy.seen.isEmpty)
        #expect(interactor.date == nil)
        #expect(interactor.lastConversion == nil)
    }

    @Test func aCurrencyIsSelectedByItsPositionInTheList() async throws {
        let (interactor, spy) = interactor(RatesWorkerStub())
        try interactor.selectCurrency(request: .init(position: 1))
        try await interactor.fetchRates(request: .init())
        try interactor.selectCurrency(request: .init(position: 4))
        try interactor.selectCurrency(request: .init(position: 0))
        try interactor.selectCurrency(request: .init(position: 3))
        #expect(spy.seen.filter { if case .selection = $0 { true } else { false } } == [
            .selection(.nothingListed), .selection(.notListed(4, count: 3)), .selection(.notListed(0, count: 3)), .selection(.selected),
        ])
        #expect(interactor.selectedCurrency == sampleUSD)
    }

    @Test func showingTheRatesAgainAsksNothingAndPresentsTheListKept() async throws {
        let worker = RatesWorkerStub()
        let (interactor, spy) = interactor(worker)
        try interactor.showRates(request: .init())
        #expect(spy.seen.isEmpty)
        try await interactor.fetchRates(request: .init())
        try interactor.showRates(request: .init())
        #expect(spy.seen == [.table(sampleTable, names: sampleNames), .table(sampleTable, names: sampleNames)])
        #expect(await worker.asked.count == 2)
    }
}

extension RatesWorkerStub {
    func fail(_ failure: RatesFailure) { table = .failure(failure) }
    func failConversions(_ failure: RatesFailure) { rate = .failure(failure) }
}
