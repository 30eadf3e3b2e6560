import ArgumentParser
import REPLEngine
import TerminalPictures
#if canImport(Glibc)
import Glibc
#endif

/// Runs sessions on the main actor, where the engine and the scenes live.
@MainActor
enum Launcher {
    /// Where a session is also written: its commands as a script, its whole transcript.
    struct SessionFiles {
        var record: String?
        var transcript: String?
        /// An interactive session on a terminal; scripts (`run`, a pipe) are not, even when their output
        /// is a terminal: `auto` draws nothing there, so a script prints the same everywhere.
        var isInteractive = false
    }

    static func interactive(_ options: SessionOptions, _ files: SessionFiles) async throws {
        let console = Console(isStyled: Environment.wantsColour)
        var files = files
        files.isInteractive = true
        let session = try makeSession(options, console: console, files)
        let engine = session.engine
        let editor = EditLineSource(historyFile: EditLineSource.defaultHistoryFile()) { line in
            // libedit calls Tab's function on the main thread, inside el_gets.
            MainActor.assumeIsolated { engine.complete(line) }
        }
        let ending = await InteractiveSession(engine: engine, editor: editor).run()
        editor.close()
        try await finishOutputs(session, files)
        if case .signal(let signal) = ending { throw ExitCode(128 + signal) }
    }

    /// Ends recording, writes out what is buffered, and fails with exit 73 when a `--record` script
    /// or a `--transcript` file could not be written to the end (a full disk): the file is removed
    /// rather than left half-written, and the user is told. A cassette is written whole after each
    /// exchange, so one that could not be written keeps its last whole state; the session still
    /// ends in exit 73, as the recording the user asked for is incomplete.
    private static func finishOutputs(_ session: CompositionRoot.Session, _ files: SessionFiles) async throws {
        let engine = session.engine
        engine.stopRecording()
        engine.console.flush()
        var failures = engine.recordingFailures.map { (message: $0, path: files.record) }
        if let path = files.transcript, let error = engine.console.transcript?.writeErrorText {
            failures.append(("cannot write \(path): \(error)", path))
        }
        if let cassette = session.cassette, let failure = await cassette.writeFailure {
            failures.append((failure, nil))
        }
        guard !failures.isEmpty else { return }
        for failure in failures {
            var removed = ""
            if let path = failure.path, removeIfRegularFile(path) { removed = " (the incomplete file was removed)" }
            printError("photorepl: \(failure.message)\(removed)")
        }
        throw ExitCode(73)
    }

    /// Removes what a failed write left, when it is a regular file (never a device such as /dev/full).
    private static func removeIfRegularFile(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return unlink(path) == 0
    }

    static func scripts(_ paths: [String], _ commandLine: SessionOptions, keepGoing: Bool, _ files: SessionFiles = .init()) async throws {
        // The first script may say which options it needs, on its first line.
        var options = commandLine
        if let first = paths.first, first != "-", var reader = try? LineReader.open(path: first) {
            let line = try? reader.next()
            reader.close()
            do {
                if let line, let header = try TranscriptSuite.SessionHeader.parse(line.text, inFileAt: first) {
                    options = try commandLine.applying(header)
                }
            } catch {
                printError("photorepl: \(error.message)")
                throw ExitCode(64)
            }
        }
        // Open every file first: an unreadable one stops the run before anything has run.
        var readers: [(name: String, reader: LineReader)] = []
        for path in paths {
            if path == "-" {
                readers.append(("<stdin>", LineReader(fd: 0)))
                continue
            }
            do {
                readers.append((path, try LineReader.open(path: path)))
            } catch {
                printError("photorepl: cannot read \(path): \(error.message)")
                throw ExitCode(66)
            }
        }
        let console = Console()
        let session = try makeSession(options, console: console, files)
        let engine = session.engine
        let runner = ScriptRunner(engine: engine, keepGoing: keepGoing)
        var finished = false
        defer {
            if !finished {
                engine.stopRecording()
                console.flush()
            }
        }
        for i in readers.indices {
            do {
                let goOn = try await runner.run(&readers[i].reader, name: readers[i].name)
                readers[i].reader.close()
                if !goOn { break }
            } catch {
                console.diagnostic("photorepl: cannot read \(readers[i].name): \(error.message)")
                throw ExitCode(66)
            }
        }
        finished = true
        try await finishOutputs(session, files)
        if runner.failureCount > 0 {
            if keepGoing {
                console.diagnostic("photorepl: \(runner.failureCount) command\(runner.failureCount == 1 ? "" : "s") failed")
            }
            throw ExitCode(1)
        }
    }

    static func transcripts(_ paths: [String], _ options: SessionOptions, update: Bool) async throws {
        let report = Console(isStyled: Environment.wantsColour)
        let suite = TranscriptSuite(report: report, update: update) { console, header throws(TranscriptSuite.Failure) in
            let session = try header.map { header throws(TranscriptSuite.Failure) in try options.applying(header) } ?? options
            // A transcript is plain text, whatever the terminal: `auto` draws nothing.
            do throws(CompositionRoot.SetupFailure) {
                return try CompositionRoot.makeSession(session, console: console, display: displaySetting(session, outputIsTerminal: false)).engine
            } catch {
                throw TranscriptSuite.Failure(message: error.message)
            }
        }
        do {
            let summary = try await suite.run(paths)
            if summary.failed > summary.updated { throw ExitCode(1) }
        } catch let failure as TranscriptSuite.Failure {
            report.diagnostic("photorepl: \(failure.message)")
            throw ExitCode(66)
        }
    }

    /// The engine, with the transcript file attached before the root scene shows (its output belongs
    /// in the transcript too) and recording started; a path that cannot be written fails at once.
    private static func makeSession(_ options: SessionOptions, console: Console, _ files: SessionFiles) throws -> CompositionRoot.Session {
        if let path = files.transcript {
            // 0600: a transcript holds what the user typed and what was fetched.
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                printError("photorepl: cannot write \(path): \(String(cString: strerror(errno)))")
                throw ExitCode(73)
            }
            console.transcript = .fileDescriptor(fd)
        }
        let session: CompositionRoot.Session
        do {
            session = try CompositionRoot.makeSession(options, console: console, display: displaySetting(options, outputIsTerminal: files.isInteractive))
        } catch {
            printError("photorepl: \(error.message)")
            throw ExitCode(error.exitCode)
        }
        let engine = session.engine
        engine.recordingHeader = { path in
            "# photorepl \(Photorepl.version) session; replay: photorepl run --keep-going \(options.replayArguments) \(path)"
        }
        if let path = files.record {
            do {
                try engine.startRecording(to: path)
            } catch {
                printError("photorepl: \(error.message)")
                throw ExitCode(73)
            }
        }
        return session
    }

    /// How pictures are shown in a session whose standard output is (or is not) a terminal.
    static func displaySetting(_ options: SessionOptions, outputIsTerminal: Bool) -> PictureDisplay.Setting {
        var environment: [String: String] = [:]
        for name in ["TERM", "COLORTERM", "NO_COLOR", "TMUX", "TERM_PROGRAM", "KITTY_WINDOW_ID"] {
            environment[name] = Environment.environmentValue(name)
        }
        return PictureDisplay.Setting(mode: options.preview, size: options.previewSize, outputIsTerminal: outputIsTerminal, environment: environment)
    }

    static func printError(_ message: String) {
        Console(isStyled: false).diagnostic(message)
    }
}
