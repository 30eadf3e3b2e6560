import Networking
import REPLEngine
import REPLLauncher

/// The app's options: where its answers come from.
struct FXOptions: Sendable {
    /// `--cassette FILE`: replay the session's HTTP from FILE, or record it there when FILE is new.
    var cassette: String?

    /// Declared once: the launcher reads it from the command line and a transcript's header (FILE
    /// relative to the transcript), and writes it into recordings.
    static let options = AppOptions(defaults: FXOptions(), [
        .text("--cassette", \.cassette, valueName: "FILE", values: .files,
              help: "Replay the session's HTTP from FILE, or record it into FILE when it does not exist (never on CI).", changesOutput: true),
    ])
}

/// The composition root: the one place that knows both scenes, their workers and the transport.
@main
@MainActor
enum FXApp {
    static let app = REPLApp(
        name: "fx", version: "0.1.0 (commit \(BuildInfo.commit))",
        summary: "Euro exchange rates in a REPL: the consumer test of photorepl's libraries.",
        options: FXOptions.options
    ) { options, setup throws(SessionSetupFailure) in try makeSession(options, setup) }

    static func makeSession(_ options: FXOptions, _ setup: SessionSetup) throws(SessionSetupFailure) -> AppSession {
        let configured = environment("FX_API_URL")
        var base = configured ?? RatesAPI.defaultBase
        var network = CurlTransport(timeout: .seconds(15))
        network.hostPolicy = .api(at: base, isDefault: configured == nil)
        var transport: HTTPTransport = network
        var cassette: CassetteTransport?
        // A transcript's check never goes to the network: it replays a cassette, or refuses.
        if setup.isCheckingTranscript && options.cassette == nil {
            throw SessionSetupFailure(message: "a transcript's check never goes to the network: give it a cassette to replay (--cassette FILE on the transcript's first line)", exitCode: 64)
        }
        if let path = options.cassette {
            if setup.isCheckingTranscript, let folder = setup.transcriptFolder,
               let problem = CassetteTransport.problemReplaying(path, transcriptFolder: folder, record: "fx --cassette FILE") {
                throw SessionSetupFailure(message: problem, exitCode: 66)
            }
            do throws(HTTPFailure) {
                // On CI and in a check, a missing cassette is an error, never recorded.
                let live = AppEnvironment.isOnCI || setup.isCheckingTranscript ? nil : transport
                let opened = try CassetteTransport(path: path, apiBase: base, live: live, secrets: [])
                cassette = opened
                transport = opened
                base = opened.apiBase
            } catch {
                throw SessionSetupFailure(message: error.message, exitCode: 66)
            }
        }
        let api = RatesAPI(base: base, transport: transport)
        let engine = Engine(console: setup.console)
        engine.register(RatesView.module(worker: RatesWorker(api: api)))
        engine.register(CurrencyView.module(worker: CurrencyWorker(api: api)))
        engine.start(root: RatesView.self)
        return AppSession(engine: engine, outputFailures: {
            await cassette?.writeFailure.map { [$0] } ?? []
        })
    }

    /// A variable's value, nil when it is not set or empty.
    static func environment(_ name: String) -> String? {
        guard let text = AppEnvironment.value(name), !text.isEmpty else { return nil }
        return text
    }

    static func main() async {
        await app.main()
    }
}
