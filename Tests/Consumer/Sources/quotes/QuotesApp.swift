import Networking
import REPLEngine
import REPLLauncher

/// The smallest app that uses every library product: one scene (REPLEngine), the launcher's command
/// line, `run` and `test` (REPLLauncher), and a quote fetched over HTTP, replayed from a cassette
/// named by QUOTES_CASSETTE (Networking).
@main
@MainActor
enum QuotesApp {
    static let app = REPLApp(
        name: "quotes", version: "0.1.0 (commit \(BuildInfo.commit))",
        summary: "Quotes by number, from a cassette: the consumer test of photorepl's libraries."
    ) { setup throws(SessionSetupFailure) in
        guard let path = Environment.value("QUOTES_CASSETTE") else {
            throw SessionSetupFailure(message: "set QUOTES_CASSETTE to a cassette to replay", exitCode: 64)
        }
        let cassette: CassetteTransport
        do throws(HTTPFailure) {
            cassette = try CassetteTransport(path: path, apiBase: "http://127.0.0.1:8080", live: nil, secrets: [])
        } catch {
            throw SessionSetupFailure(message: error.message, exitCode: 66)
        }
        let engine = Engine(console: setup.console)
        engine.register(QuotesView.module(worker: QuotesWorker(base: cassette.apiBase, transport: cassette)))
        engine.start(root: QuotesView.self)
        return AppSession(engine: engine)
    }

    static func main() async {
        await app.main()
    }
}

/// Reads the process's environment.
enum Environment {
    static func value(_ name: String) -> String? {
        guard let pointer = getenv(name) else { return nil }
        let text = String(cString: pointer)
        return text.isEmpty ? nil : text
    }
}

/// The worker: a quote by its number, or why there is none.
struct QuotesWorker: Sendable {
    let base: String
    let transport: HTTPTransport

    func quote(_ number: Int) async -> Result<(text: String, author: String), CommandError> {
        do {
            let response = try await transport.send(HTTPRequest(url: "\(base)/quotes/\(number)"))
            guard response.status == 200 else {
                return .failure(CommandError("there is no quote \(number) (the server said \(response.status))"))
            }
            let answer = try JSON.parse(response.body)
            guard let text = answer["text"]?.string, let author = answer["author"]?.string else {
                return .failure(CommandError("quote \(number) came without its text or author"))
            }
            return .success((text, author))
        } catch {
            return .failure(CommandError("cannot fetch quote \(number): \(error)"))
        }
    }
}

/// The one scene: `quote N` asks the worker, and prints the quote or fails with the reason.
final class QuotesView: SceneView {
    static let sceneName = "quotes"
    var title: String { "quotes" }
    private let console: Console
    /// Not owned: the engine owns this view.
    private weak var effects: (any SceneEffects)?
    private let worker: QuotesWorker

    init(console: Console, effects: any SceneEffects, worker: QuotesWorker) {
        self.console = console
        self.effects = effects
        self.worker = worker
    }

    static func module(worker: QuotesWorker) -> SceneModule {
        SceneModule(QuotesView.self) { context in
            QuotesView(console: context.console, effects: context.effects, worker: worker)
        }
    }

    static let commands: [Command<QuotesView>] = [
        Command("quote", arguments: [Argument("N")], summary: "show quote N", example: "quote 1") { view, words in
            guard let number = Int(words[0]), number > 0 else {
                throw CommandError("quote takes a number from 1, not '\(words[0])' (type e.g. 'quote 1')")
            }
            view.show(number)
        },
    ]

    private func show(_ number: Int) {
        let worker = worker
        effects?.finishBeforeCommandEnds { [console] in
            switch await worker.quote(number) {
            case .success(let quote): console.writeLine("\u{201C}\(quote.text)\u{201D} (\(quote.author))")
            case .failure(let failure): console.fail(failure.message)
            }
        }
    }
}
