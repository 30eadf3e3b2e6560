// The example of REPLTesting's landing page (Sources/REPLTesting/REPLTesting.docc/REPLTesting.md), as
// it is shown there: Scripts/check-doc-snippets checks that page's block is an excerpt of this file,
// and `swift test` runs it. ConverterView and RatesStub are SceneTesterTests.swift's.
import Testing
import REPLTesting

@MainActor
struct ConverterTests {
    @Test func convertAwaitsTheRatesWorker() async {
        let tester = SceneTester { engine in
            engine.register(ConverterView.module(worker: RatesStub()))
            engine.start(root: ConverterView.self)
        }
        await tester.finishEffects()  // the rates the root scene asked for as it loaded
        #expect(await tester.run("convert 10 USD") == .init(output: "10 EUR = 15.0 USD\n"))
        #expect(await tester.run("convert ten USD").error?.kind == .usage)
        #expect(tester.stack == ["converter"])
    }
}
