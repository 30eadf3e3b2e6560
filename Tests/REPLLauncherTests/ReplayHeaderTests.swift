import Foundation
import REPLEngine
import Testing
@testable import REPLLauncher

/// The header of a recording or a transcript, which `run` and `test` apply: options
/// declared once are written into it (paths relative to the file) and read back from it, under what
/// is typed and over the preferences that change the output.
@MainActor
@Suite(.serialized) struct ReplayHeaderTests {
    let output = OutputSink.memory()
    let errors = OutputSink.memory()
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("header-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// A start (changes the output), a notes file (a path that changes it), a pace (does not).
    struct Settings: Sendable {
        var start = 0
        var notes: String?
        var notesAsWritten: String?
        var pace = 1
    }

    static let options = AppOptions(
        defaults: Settings(),
        [
            .value(
                "--start", \.start, valueName: "N", help: "Where counting starts.", changesOutput: true,
                parse: { Int($0) }, invalid: { "--start takes a whole number, not '\($0)'" }),
            AppOptions<Settings>.Entry(
                AppOption("--notes", valueName: "FILE", values: .files, help: "A file of notes.", changesOutput: true),
                read: { settings, given throws(LaunchCommand.UsageError) in
                    settings.notes = given.value
                    settings.notesAsWritten = given.asWritten
                },
                written: { settings, _ in settings.notes.map { AppOption.Given(name: "--notes", value: $0) } }),
            .value(
                "--pace", \.pace, valueName: "N", help: "How fast (changes nothing printed).",
                parse: { Int($0) }, invalid: { "--pace takes a whole number, not '\($0)'" })
        ]
    ) { settings throws(LaunchCommand.UsageError) in
        if settings.pace > 100 && settings.start == 0 { throw LaunchCommand.UsageError("--pace over 100 needs a --start") }
    }

    /// The settings each session was made with, in order.
    final class Seen {
        var settings: [Settings] = []
    }

    func app(_ seen: Seen = Seen(), config: String? = nil, transcriptOptions: [AppOption.Given] = []) -> REPLApp<Settings> {
        var app = REPLApp(name: "demo", version: "3", summary: "", options: Self.options) { settings, setup throws(SessionSetupFailure) in
            seen.settings.append(settings)
            let engine = Engine(console: setup.console)
            engine.register(SceneModule(CounterScene.self) { CounterScene($0) })
            engine.start(root: CounterScene.self)
            var session = AppSession(engine: engine)
            session.transcriptOptions = { transcriptOptions }
            return session
        }
        app.standardOutput = output
        app.standardError = errors
        app.wantsColour = false
        app.isOnCI = false
        app.configPath = config
        app.outputIsTerminal = false
        app.catchesSignals = false
        return app
    }

    func file(_ name: String, _ text: String) throws -> String {
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A script with a header runs on the defaults, its header and what is typed: the preferences
    /// that change the output are set aside (the replay prints what the session printed), the others
    /// kept. Without a header, the preferences apply as before.
    @Test func aHeaderSetsAsideThePreferencesThatChangeTheOutput() async throws {
        let config = try file("config", "start = 3\npace = 9\n")
        let seen = Seen()
        let plain = try file("plain.txt", "inc\n")
        let headed = try file("headed.txt", "# demo: --notes n.txt\ninc\n")
        #expect(await app(seen, config: config).run(arguments: ["run", plain]) == 0)
        #expect(await app(seen, config: config).run(arguments: ["run", headed]) == 0)
        #expect(await app(seen, config: config).run(arguments: ["run", "--start", "4", headed]) == 0)
        #expect(seen.settings.map(\.start) == [3, 0, 4])
        #expect(seen.settings.map(\.pace) == [9, 9, 9])
        // The header's relative path is the script's folder's, named as written.
        #expect(seen.settings[1].notes == folder + "/n.txt" && seen.settings[1].notesAsWritten == "n.txt")
        #expect(seen.settings[0].notes == nil)
    }

    /// A recording writes the options that change the output and are not at their defaults, a path
    /// relative to the recording when it lies beside or below it and absolute when not, each value
    /// quoted as the tokenizer reads it back; a value with a line break is refused.
    @Test func aRecordingsHeaderWritesPathsRelativeToItAndQuotes() async throws {
        let script = try file("s.txt", "inc\n")
        let record = folder + "/r.txt"
        #expect(
            await app().run(arguments: [
                "run", "--start", "2", "--pace", "5", "--notes", folder + "/sub/it's here.txt", "--record", record, script
            ]) == 0)
        let header = try String(contentsOfFile: record, encoding: .utf8).prefix { $0 != "\n" }
        #expect(header == #"# demo: --keep-going --start 2 --notes 'sub/it'\''s here.txt'"#)
        #expect(
            try Tokenizer.words(String(header.dropFirst("# demo:".count))) == [
                "--keep-going", "--start", "2", "--notes", "sub/it's here.txt"
            ])
        #expect(await app().run(arguments: ["run", "--notes", "/elsewhere/notes.txt", "--record", record, script]) == 0)
        #expect(try String(contentsOfFile: record, encoding: .utf8).hasPrefix("# demo: --keep-going --notes /elsewhere/notes.txt\n"))
        errors.clear()
        #expect(await app().run(arguments: ["run", "--notes", "two\nlines", "--record", record, script]) == 73)
        #expect(
            errors.text
                == "demo: cannot record to \(record): --notes's value holds a line break or a control character, which a header's one line cannot hold: rename it, or give a link to it\n"
        )
    }

    /// Options typed that need the header's to go together are completed by it (before, they were
    /// refused at the command line, before the header was read); without a header, the same is a
    /// usage error with the usage line. A header's value that is `--keep-going` stays a value.
    @Test func typedOptionsAreCompletedByTheHeader() async throws {
        let seen = Seen()
        let headed = try file("h.txt", "# demo: --start 3\ninc\n")
        #expect(await app(seen).run(arguments: ["run", "--pace", "200", headed]) == 0)
        #expect(seen.settings.last.map { ($0.start, $0.pace) } ?? (0, 0) == (3, 200))
        let plain = try file("p.txt", "inc\n")
        #expect(await app(seen).run(arguments: ["run", "--pace", "200", plain]) == 64)
        #expect(
            errors.text
                == "demo: --pace over 100 needs a --start (usage: demo run [OPTIONS] [--keep-going] [--allow-writes DIR] [--record FILE] [--transcript FILE] FILE…)\n"
        )
        let valued = try file("v.txt", "# demo: --notes --keep-going\ninc\n")
        #expect(await app(seen).run(arguments: ["run", valued]) == 0)
        #expect(seen.settings.last?.notesAsWritten == "--keep-going")
    }

    @Test func pathsAreWrittenRelativeToTheFilesFolderWhenTheyLieThere() {
        let cwd = FilePaths.absolute(".")
        #expect(FilePaths.written("photos", inFileAt: "s.txt") == "photos")
        #expect(FilePaths.written(cwd + "/photos/a.jpg", inFileAt: "s.txt") == "photos/a.jpg")
        #expect(FilePaths.written(".", inFileAt: "s.txt") == ".")
        #expect(FilePaths.written("/data/photos", inFileAt: "/data/sessions/s.txt") == "/data/photos")
        #expect(FilePaths.written("/data/x/../photos", inFileAt: "/data/s.txt") == "photos")
        #expect(FilePaths.written("/data/-odd", inFileAt: "/data/s.txt") == "./-odd")
        #expect(FilePaths.written("/photos", inFileAt: "/s.txt") == "photos")
    }

    /// A `--transcript` file's header is written when it ends: the session's options that change the
    /// output, with what the session settled as it ran over them (`AppSession.transcriptOptions`).
    /// Before, a transcript had no header and `test` ran it on other options.
    @Test func aTranscriptsHeaderHoldsWhatTheSessionSettled() async throws {
        let script = try file("s.txt", "inc\ninc\n")
        let transcript = folder + "/t.t"
        let settled = [AppOption.Given(name: "--start", value: "7")]
        #expect(
            await app(transcriptOptions: settled).run(arguments: [
                "run", "--start", "2", "--notes", "n.txt", "--transcript", transcript, script
            ]) == 0)
        let text = try String(contentsOfFile: transcript, encoding: .utf8)
        #expect(text == "# demo: --start 7 --notes \(FilePaths.written("n.txt", inFileAt: transcript))\n" + output.text)
        // Without options to write, no header.
        output.clear()
        #expect(await app().run(arguments: ["run", "--pace", "3", "--transcript", transcript, script]) == 0)
        #expect(try String(contentsOfFile: transcript, encoding: .utf8) == output.text)
    }

    /// A transcript's `record` writes into the check's own folder, which is removed after it: the
    /// check passes and nothing is left where the transcript asked.
    @Test func aChecksRecordingWritesNothingOutside() async throws {
        let target = folder + "/r.txt"
        let transcript = try file(
            "t.t",
            "ready\ndemo> record \(target)\nRecording to \(target); type 'record stop' to end.\ndemo> inc\nvalue: 1\ndemo> record stop\nRecording stopped: \(target).\n"
        )
        #expect(await app().run(arguments: ["test", transcript]) == 0, "\(output.text)")
        #expect(!FileManager.default.fileExists(atPath: target))
    }
}
