import XCTest
import REPLEngine
import REPLTesting
@testable import fx

/// The same harness from XCTest, as a team with XCTest suites uses it. Every method is `async`: on
/// Linux (Swift 6.3) one synchronous test method in a `@MainActor` XCTestCase stops the whole XCTest
/// run before its first test, with signal 6: "Could not cast value of type '(FXXCTests) ->
/// @MainActor () -> ()' to '(FXXCTests) -> () -> ()'" (Scripts/test-consumer then finds no XCTest
/// summary and fails).
@MainActor
final class FXXCTests: XCTestCase {
    func testTheInteractorPresentsWhatItsWorkerFound() async throws {
        let worker = RatesWorkerStub()
        let interactor = RatesInteractor(worker: worker)
        let spy = RatesPresenterSpy()
        interactor.presenter = spy
        try await interactor.convert(request: .init(amount: 4, currency: "JPY"))
        XCTAssertEqual(spy.seen, [.converted(Conversion(amount: 4, from: "EUR", to: "JPY", result: 6, date: "2024-06-05"))])
        let asked = await worker.asked
        XCTAssertEqual(asked, ["convert 4 EUR JPY"])
    }

    func testOpenAndBackThroughTheHarness() async {
        let tester = SceneTests.tester()
        _ = tester.takeOutput()
        _ = await tester.run("rates")
        let opened = await tester.run("open 2")
        XCTAssertNil(opened.error)
        XCTAssertTrue(opened.output.hasPrefix("JPY  Japanese Yen\n"), opened.output)
        XCTAssertEqual(tester.stack, ["rates", "currency"])
        let usage = await tester.run("month 3")
        XCTAssertEqual(usage.error?.kind, .usage)
        let back = await tester.run("back")
        XCTAssertEqual(back.output, SceneTests.list)
        XCTAssertEqual(tester.stack, ["rates"])
        XCTAssertEqual(tester.effectsLeft, 0)
    }

    func testTheAppReplaysItsCassette() async throws {
        let tester = try await AppReplayTests.app()
        let reply = await tester.run("convert 10 USD")
        XCTAssertEqual(reply, SceneTester.Reply(output: "10 EUR = 10.87 USD (rate of 2024-06-05)\n"))
    }
}
