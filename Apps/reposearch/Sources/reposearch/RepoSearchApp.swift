import Networking
import REPLEngine
import REPLLauncher

/// The app's options: where its answers come from.
struct RepoSearchOptions: Sendable {
    /// `--cassette FILE`: replay the session's HTTP from FILE, or record it there when FILE is new.
    var cassette: String?

    /// Declared once: the launcher reads it from the command line and a transcript's header (FILE
    /// relative to the transcript), and writes it into recordings.
    static let options = AppOptions(defaults: RepoSearchOptions(), [
        .text("--cassette", \.cassette, valueName: "FILE", values: .files,
              help: "Replay the session's HTTP from FILE, or record it into FILE when it does not exist (never on CI).", changesOutput: true),
    ])
}

/// The composition root: the one place that knows both scenes, the worker and its transport.
@main
@MainActor
enum RepoSearchApp {
    static let app: REPLApp<RepoSearchOptions> = {
        var app = REPLApp(
            name: "reposearch", version: "0.1.0 (commit \(BuildInfo.commit))",
            summary: "GitHub's repository search in a REPL: seed 003's Clean Swift app on photorepl's engine.",
            options: RepoSearchOptions.options
        ) { options, setup throws(SessionSetupFailure) in try makeSession(options, setup) }
        app.manualSections = [
            ManualPage.Section("Environment", [
                ("GITHUB_TOKEN", "A token for GitHub's API (optional): a higher rate limit. Sent in the Authorization header only, written nowhere."),
                ("GITHUB_API_URL", "Another server in place of https://api.github.com (the tests' fake, Scripts/github-test-server)."),
                ("CI", "When set and not empty, a missing cassette is an error instead of being recorded."),
            ]),
        ]
        return app
    }()

    static func makeSession(_ options: RepoSearchOptions, _ setup: SessionSetup) throws(SessionSetupFailure) -> AppSession {
        let token = environment("GITHUB_TOKEN")
        let configured = environment("GITHUB_API_URL")
        var base = configured ?? GitHubSearchWorker.defaultBase
        var network = CurlTransport(timeout: .seconds(15))
        network.hostPolicy = .api(at: base, isDefault: configured == nil)
        // Whatever an answer echoes of the token is gone before it is shown, kept or recorded.
        var transport: HTTPTransport = ScrubbingTransport(network, secrets: token.map { [.init($0, shownAs: "[GITHUB_TOKEN]")] } ?? [])
        var cassette: CassetteTransport?
        // A transcript's check never goes to the network: it replays a cassette, or refuses.
        if setup.isCheckingTranscript && options.cassette == nil {
            throw SessionSetupFailure(message: "a transcript's check never goes to the network: give it a cassette to replay (--cassette FILE on the transcript's first line)", exitCode: 64)
        }
        if let path = options.cassette {
            if setup.isCheckingTranscript, let folder = setup.transcriptFolder,
               let problem = CassetteTransport.problemReplaying(path, transcriptFolder: folder, record: "reposearch --cassette FILE") {
                throw SessionSetupFailure(message: problem, exitCode: 66)
            }
            do throws(HTTPFailure) {
                // On CI and in a check, a missing cassette is an error, never recorded.
                let live = AppEnvironment.isOnCI || setup.isCheckingTranscript ? nil : transport
                let opened = try CassetteTransport(path: path, apiBase: base, live: live, secrets: token.map { [$0] } ?? [])
                cassette = opened
                transport = opened
                base = opened.apiBase
            } catch {
                throw SessionSetupFailure(message: error.message, exitCode: access(path, F_OK) == 0 ? 66 : 64)
            }
        }
        // A replay sends no token: the cassette holds no header, and the answers are the same.
        let worker = GitHubSearchWorker(base: base, transport: transport, token: cassette?.isReplaying == true ? nil : token)
        let engine = Engine(console: setup.console)
        engine.register(SearchView.module(worker: worker))
        engine.register(SearchDetailView.module())
        engine.start(root: SearchView.self)
        return AppSession(engine: engine, outputFailures: {
            await cassette?.writeFailure.map { [$0] } ?? []
        })
    }

    static func environment(_ name: String) -> String? {
        guard let text = AppEnvironment.value(name), !text.isEmpty else { return nil }
        return text
    }

    static func main() async {
        await app.main()
    }
}
