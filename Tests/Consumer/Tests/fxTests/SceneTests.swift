import Testing
import REPLEngine
import REPLTesting
@testable import fx

/// Both scenes through the harness, with stub workers: what each command printed, how it failed and
/// of what kind, the stack, the DataStores as `state --json` prints them, and no work left.
@MainActor
struct SceneTests {
    static func tester(rates: RatesWorkerStub = RatesWorkerStub(), currency: CurrencyWorkerStub = CurrencyWorkerStub()) -> SceneTester {
        SceneTester { engine in
            engine.register(RatesView.module(worker: rates))
            engine.register(CurrencyView.module(worker: currency))
            engine.start(root: RatesView.self)
        }
    }

    static let list = """
        1 EUR on 2024-06-05:
        1. GBP    0.8507  British Pound
        2. JPY  169.3400  Japanese Yen
        3. USD    1.0867  United States Dollar
        Type 'open N' for a currency, 'convert AMOUNT CUR' to convert EUR.

        """

    @Test func theRootGreetsAndListsTheRatesItsWorkerFetched() async {
        let worker = RatesWorkerStub()
        let tester = Self.tester(rates: worker)
        #expect(tester.takeOutput() == "Type 'rates' for today's euro rates, 'convert AMOUNT CUR' to convert euros (e.g. 'convert 10 USD').\n")
        #expect(tester.stateJSON == #"{"stack":["rates"],"base":"EUR","date":null,"currencies":[],"selected":null,"lastConversion":null}"#)
        #expect(await tester.run("rates") == .init(output: Self.list))
        #expect(await worker.asked == ["latest EUR", "names"])
        #expect(tester.stateJSON == #"{"stack":["rates"],"base":"EUR","date":"2024-06-05","currencies":["GBP","JPY","USD"],"selected":null,"lastConversion":null}"#)
        #expect(tester.effectsLeft == 0)
    }

    @Test func convertTakesTypedArgumentsAndAwaitsTheWorker() async {
        let tester = Self.tester()
        #expect(await tester.run("convert 10 USD") == .init(output: "10 EUR = 15.00 USD (rate of 2024-06-05)\n"))
        #expect(tester.stateJSON.hasSuffix(#""lastConversion":{"amount":10,"to":"USD","result":"15.0"}}"#))
        // Refused by the engine before the command runs: usage.
        let notANumber = await tester.run("convert ten USD")
        #expect(notANumber.error == CommandError("'ten' is not an amount: type a whole number, e.g. 'convert 1'", kind: .usage))
        let notAChoice = await tester.run("convert 10 SEK")
        #expect(notAChoice.error == CommandError("convert takes CHF, GBP, JPY or USD, not 'SEK' (type e.g. 'convert 10 USD')", kind: .usage))
        #expect(await tester.run("convert 10").error?.kind == .usage)
        // Refused by the scene, through its presenter: refused.
        let zero = await tester.run("convert 0 USD")
        #expect(zero == .init(output: "", error: CommandError("convert takes an amount of 1 or more, not 0 (type e.g. 'convert 10 USD')", kind: .refused)))
        #expect(await tester.run("convrt 10 USD").error?.kind == .unknownCommand)
        #expect(tester.effectsLeft == 0)
    }

    @Test func aServerThatDoesNotAnswerFailsTheCommandAndChangesNothing() async {
        let tester = Self.tester(rates: RatesWorkerStub(table: .failure(.unreachable("connection refused")), rate: .failure(.status(502, nil))))
        let rates = await tester.run("rates")
        #expect(rates.error == CommandError("cannot fetch the rates: the rates server did not answer (connection refused): try again later"))
        #expect(rates.error?.kind == .refused)
        #expect(await tester.run("convert 1 GBP").error?.message == "cannot convert 1 EUR to GBP: the rates server said 502")
        #expect(tester.stateJSON == #"{"stack":["rates"],"base":"EUR","date":null,"currencies":[],"selected":null,"lastConversion":null}"#)
    }

    @Test func openPassesTheCurrencyToTheCurrencySceneAndBackListsTheRatesAgain() async {
        let currencyWorker = CurrencyWorkerStub()
        let tester = Self.tester(currency: currencyWorker)
        _ = tester.takeOutput()
        #expect(await tester.run("open 1").error == CommandError("no currencies are listed yet: type 'rates' first"))
        _ = await tester.run("rates")
        #expect(await tester.run("open 4").error == CommandError("there is no currency 4: the list has 1…3 (type e.g. 'open 1')"))
        #expect(await tester.run("open 3") == .init(output: """
            USD  United States Dollar
              1 EUR = 1.0867 USD
              1 USD = 0.9202 EUR
              rate of 2024-06-05
            Type 'month' for its rates this month, 'back' for the list.

            """))
        #expect(tester.stack == ["rates", "currency"])
        #expect(tester.engine.prompt.hasPrefix("fx/USD"))
        #expect(await tester.run("month") == .init(output: """
            1 EUR in USD, 2024-06-03 to 2024-06-05:
              2024-06-03  1.0854
              2024-06-05  1.0867
              change  +0.0013 (+0.12%)

            """))
        #expect(await currencyWorker.asked == ["EUR>USD 2024-06-01..2024-06-05"])
        // Both DataStores: the rates scene's (USD selected) and the currency scene's (USD passed).
        #expect(tester.stateJSON == #"{"stack":["rates","currency"],"base":"EUR","date":"2024-06-05","currencies":["GBP","JPY","USD"],"selected":"USD","lastConversion":null,"currency":"USD","rate":"1.0867","month":["2024-06-03 1.0854","2024-06-05 1.0867"]}"#)
        // `rates` is the rates scene's: not here.
        #expect(await tester.run("rates").error?.kind == .unknownCommand)
        #expect(await tester.run("back") == .init(output: Self.list))
        #expect(tester.stack == ["rates"])
        #expect(tester.effectsLeft == 0)
        #expect(await tester.run("quit").endedSession)
    }

    @Test func aCancelledCommandIsInterruptedAndChangesNothing() async {
        let tester = Self.tester(rates: RatesWorkerStub(cancelled: true))
        let reply = await tester.run("rates")
        #expect(reply.error == CommandError("interrupted: rates was cancelled and changed nothing", kind: .interrupted))
        #expect(tester.stateJSON == #"{"stack":["rates"],"base":"EUR","date":null,"currencies":[],"selected":null,"lastConversion":null}"#)
    }
}
