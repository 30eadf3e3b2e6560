import Testing
import REPLEngine
import REPLLauncher
import REPLTesting

// A Clean Swift scene as an adopter writes one, small: a converter whose interactor awaits a rates
// worker. The tests drive it through the harness, as they would an app of their own.

/// The worker the interactor awaits: an actor, as a network worker would be.
protocol RatesWorking: Sendable {
    func rate(from: String, to: String) async throws -> Double
}

actor RatesStub: RatesWorking {
    private(set) var asked: [String] = []
    func rate(from: String, to: String) async throws -> Double {
        asked.append("\(from)>\(to)")
        if to == "XXX" { throw CommandError("no rate for XXX") }
        return 1.5
    }
}

/// Waits until cancelled: a request that never answers.
struct StalledRates: RatesWorking {
    func rate(from: String, to: String) async throws -> Double {
        try await Task.sleep(for: .seconds(3600))
        return 0
    }
}

enum Convert {
    struct Request {
        var amount: Int
        var currency: String
    }
    struct Response {
        var amount: Int
        var currency: String
        var result: Double?
    }
    struct ViewModel: Equatable {
        var text: String
        var failed: Bool
    }
}

@MainActor protocol ConverterBusinessLogic { func convert(_ request: Convert.Request) async throws }
@MainActor protocol ConverterDataStore { var lastResult: Double? { get } }
@MainActor protocol ConverterPresentationLogic { func present(_ response: Convert.Response) throws(CommandError) }
@MainActor protocol ConverterDisplayLogic: AnyObject { func display(_ viewModel: Convert.ViewModel) throws(CommandError) }

@MainActor
final class ConverterInteractor: ConverterBusinessLogic, ConverterDataStore {
    var presenter: ConverterPresentationLogic?
    let worker: any RatesWorking
    var lastResult: Double?
    init(worker: any RatesWorking) { self.worker = worker }

    func convert(_ request: Convert.Request) async throws {
        let result: Double?
        do {
            result = Double(request.amount) * (try await worker.rate(from: "EUR", to: request.currency))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            result = nil
        }
        lastResult = result
        try presenter?.present(.init(amount: request.amount, currency: request.currency, result: result))
    }
}

@MainActor
final class ConverterPresenter: ConverterPresentationLogic {
    weak var view: ConverterDisplayLogic?
    func present(_ response: Convert.Response) throws(CommandError) {
        guard let result = response.result else {
            try view?.display(.init(text: "there is no rate for \(response.currency) (type e.g. 'convert 10 USD')", failed: true))
            return
        }
        try view?.display(.init(text: "\(response.amount) EUR = \(result) \(response.currency)", failed: false))
    }
}

@MainActor
final class ConverterView: SceneView, ConverterDisplayLogic {
    static let sceneName = "converter"
    var interactor: (ConverterBusinessLogic & ConverterDataStore)?
    let console: Console
    unowned let effects: any SceneEffects
    var title: String { "fx" }
    init(_ context: SceneContext) {
        console = context.console
        effects = context.effects
    }

    func sceneDidLoad() {
        console.writeLine("rates loading")
        effects.finishBeforeCommandEnds { [console] in console.writeLine("rates loaded") }
    }

    func display(_ viewModel: Convert.ViewModel) throws(CommandError) {
        if viewModel.failed { throw CommandError(viewModel.text) }
        console.writeLine(viewModel.text)
    }

    func stateFields() -> [StateField] {
        [StateField("lastResult", interactor?.lastResult.map { .string(String($0)) } ?? .null)]
    }

    static let commands: [Command<ConverterView>] = [
        Command(
            "convert", arguments: [.number("AMOUNT", naming: "amount"), .choice("CURRENCY", ["USD", "GBP", "XXX"])],
            summary: "converts AMOUNT euros", example: "convert 10 USD"
        ) { view, arguments in
            try await view.interactor?.convert(.init(amount: arguments.number(at: 0)!, currency: arguments[1]))
        }
    ]

    static func module(worker: any RatesWorking) -> SceneModule {
        SceneModule(ConverterView.self) { context in
            let view = ConverterView(context)
            let interactor = ConverterInteractor(worker: worker)
            let presenter = ConverterPresenter()
            view.interactor = interactor
            interactor.presenter = presenter
            presenter.view = view
            return view
        }
    }
}

@MainActor
struct SceneTesterTests {
    func converter(_ worker: any RatesWorking = RatesStub()) -> SceneTester {
        SceneTester { engine in
            engine.register(ConverterView.module(worker: worker))
            engine.start(root: ConverterView.self)
        }
    }

    @Test func anAsyncCommandAwaitsItsWorkerAndPrintsWhatThePresenterSaid() async {
        let rates = RatesStub()
        let tester = converter(rates)
        await tester.finishEffects()
        #expect(tester.takeOutput() == "rates loading\nrates loaded\n")
        #expect(await tester.run("convert 10 USD") == .init(output: "10 EUR = 15.0 USD\n"))
        #expect(await rates.asked == ["EUR>USD"])
        #expect(tester.stateJSON == #"{"stack":["converter"],"lastResult":"15.0"}"#)
        #expect(tester.stack == ["converter"])
    }

    @Test func aFailureTheViewReportsAfterAnAwaitFailsTheCommand() async {
        let tester = converter()
        let reply = await tester.run("convert 10 XXX")
        #expect(reply == .init(output: "", error: CommandError("there is no rate for XXX (type e.g. 'convert 10 USD')")))
        #expect(reply.error?.kind == .refused)
        #expect(tester.stateJSON == #"{"stack":["converter"],"lastResult":null}"#)
    }

    @Test func numbersAndChoicesAreCheckedAndWordedByTheEngine() async {
        let tester = converter()
        let notANumber = await tester.run("convert ten USD")
        #expect(notANumber.error == CommandError("'ten' is not an amount: type a whole number, e.g. 'convert 1'", kind: .usage))
        let notAChoice = await tester.run("convert 10 JPY")
        #expect(notAChoice.error == CommandError("convert takes USD, GBP or XXX, not 'JPY' (type e.g. 'convert 10 USD')", kind: .usage))
        // A number past 64 bits is a number: the scene gets Int.max and refuses or takes it itself.
        #expect(Arguments(["99999999999999999999"]).number(at: 0) == Int.max)
        #expect(Arguments(["-99999999999999999999"]).number(at: 0) == Int.min)
        #expect(Arguments(["+7"]).number(at: 0) == 7)
        #expect(Arguments(["7"]).number(at: 1) == nil)
        #expect(await tester.run("convert 10 USD extra").error?.kind == .usage)
        #expect(await tester.run("conver 10 USD").error?.kind == .unknownCommand)
    }

    @Test func cancellingTheTaskInterruptsAnAsyncCommandAndChangesNothing() async {
        let tester = converter(StalledRates())
        // Cancelled before it runs: the worker's first await throws at once, as Ctrl-C makes it.
        let task = Task { await tester.run("convert 10 USD") }
        task.cancel()
        let reply = await task.value
        #expect(reply.error == CommandError("interrupted: convert was cancelled and changed nothing", kind: .interrupted))
        #expect(tester.stateJSON == #"{"stack":["converter"],"lastResult":null}"#)
    }

    @Test func workTheRootScheduledAsItLoadedIsLeftUntilFinished() async {
        let tester = converter()
        #expect(tester.effectsLeft == 1)
        #expect(tester.takeOutput() == "rates loading\n")
        await tester.finishEffects()
        #expect(tester.effectsLeft == 0)
        #expect(tester.takeOutput() == "rates loaded\n")
    }

    @Test func aGoldenTranscriptIsCheckedAndADifferenceShownAsADiff() async {
        let tester = converter()
        await tester.finishEffects()
        let transcript =
            "rates loading\nrates loaded\nfx> convert 10 USD\n10 EUR = 15.0 USD\nfx> convert 2 XXX\nerror: there is no rate for XXX (type e.g. 'convert 10 USD')\n"
        #expect(await tester.check(transcript: transcript) == nil)
        let wrong = converter()
        let diff = await wrong.check(transcript: "rates loading\nrates loaded\nfx> convert 10 USD\n10 EUR = 16.0 USD\n") ?? ""
        let lines = diff.split(separator: "\n")
        #expect(lines.first == "line 3: fx> convert 10 USD", "\(diff)")
        #expect(lines.contains { $0.hasPrefix("-") && $0.hasSuffix("| 10 EUR = 16.0 USD") }, "\(diff)")
        #expect(lines.contains { $0.hasPrefix("+") && $0.hasSuffix("| 10 EUR = 15.0 USD") }, "\(diff)")
    }

    @Test func aWholeAppIsMadeByItsOwnMakeSession() async throws {
        let app = REPLApp(name: "fx", version: "1.0", summary: "converts") { setup throws(SessionSetupFailure) in
            let engine = Engine(console: setup.console)
            engine.register(ConverterView.module(worker: RatesStub()))
            engine.start(root: ConverterView.self)
            return AppSession(engine: engine)
        }
        let tester = try await SceneTester(app: app)
        // As `APP run` starts: what the root scheduled as it loaded has ended before the first command.
        #expect(tester.takeOutput() == "rates loading\nrates loaded\n")
        #expect(tester.effectsLeft == 0)
        #expect(await tester.run("convert 2 GBP") == .init(output: "2 EUR = 3.0 GBP\n"))
        #expect(await tester.run("quit").endedSession)
    }
}
