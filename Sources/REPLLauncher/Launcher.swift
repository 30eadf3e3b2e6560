import REPLEngine
#if canImport(Glibc)
import Glibc
#endif

/// Ends a run early with an exit code; the message, if any, was printed already.
struct LaunchExit: Error {
    let code: Int32
}

extension REPLApp {
    /// With no command: the interactive REPL when standard input and output are terminals, else the
    /// commands on standard input, as a script.
    public func session(_ options: Options, _ outputs: SessionOutputs) async -> Int32 {
        if EditLineSource.isInteractive {
            return await interactive(options, outputs)
        }
        return await scripts(["-"], options, keepGoing: false, outputs)
    }

    /// The interactive REPL: libedit with Tab completion and the history in
    /// `$XDG_STATE_HOME/NAME/history` (else `~/.local/state/NAME/history`), until `quit`, Ctrl-D or a
    /// signal. Returns the exit code: 0, 73 when an output could not be written, 128 + the signal's
    /// number after SIGHUP or SIGTERM.
    public func interactive(_ options: Options, _ outputs: SessionOutputs) async -> Int32 {
        let console = Console(output: standardOutput, diagnostics: standardError, isStyled: wantsColour)
        // Lines are laid out to fit the window (and cut where they would wrap).
        console.terminalColumns = Console.standardOutputColumns
        do throws(LaunchExit) {
            let session = try start(options, console: console, outputs, isInteractive: true)
            let engine = session.engine
            let editor = EditLineSource(programName: name, historyFile: EditLineSource.defaultHistoryFile(for: name)) { line in
                // libedit calls Tab's function on the main thread, inside el_gets.
                MainActor.assumeIsolated { engine.complete(line) }
            }
            let ending = await InteractiveSession(engine: engine, editor: editor).run()
            editor.close()
            try await finishOutputs(session, outputs)
            if case .signal(let signal) = ending { return ExitStatus.signal(signal) }
            return ExitStatus.success
        } catch {
            return error.code
        }
    }

    /// Runs scripts (`-` is standard input) one after another in one session, printing the
    /// transcript; stops at the first failed command unless `keepGoing`. The first script's first line
    /// may ask for options (`# NAME: OPTIONS`). Returns the exit code: 0, 1 when a command failed, 64
    /// for a header with options that are not valid, 66 for a script that cannot be read (before
    /// anything runs), 73 when an output could not be written.
    public func scripts(_ paths: [String], _ options: Options, keepGoing: Bool, _ outputs: SessionOutputs = .init()) async -> Int32 {
        do throws(LaunchExit) {
            try await runScripts(paths, options, keepGoing: keepGoing, outputs)
            return ExitStatus.success
        } catch {
            return error.code
        }
    }

    private func runScripts(_ paths: [String], _ commandLine: Options, keepGoing: Bool, _ outputs: SessionOutputs) async throws(LaunchExit) {
        // The first script may say which options it needs, on its first line.
        var options = commandLine
        if let first = paths.first, first != "-", var reader = try? LineReader.open(path: first) {
            let line = try? reader.next()
            reader.close()
            do throws(TranscriptSuite.Failure) {
                if let line, let header = try TranscriptSuite.SessionHeader.parse(line.text, inFileAt: first, appName: name) {
                    options = try applyingHeader(commandLine, header)
                }
            } catch {
                printError(error.message)
                throw LaunchExit(code: ExitStatus.usage)
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
                printError(error.described(reading: path))
                throw LaunchExit(code: ExitStatus.noInput)
            }
        }
        let console = Console(output: standardOutput, diagnostics: standardError)
        let session = try start(options, console: console, outputs, isInteractive: false)
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
                console.diagnostic(error.line == nil ? "\(name): \(error.described(reading: readers[i].name))" : "\(readers[i].name):\(error.line!): error: \(error.message)")
                throw LaunchExit(code: ExitStatus.noInput)
            }
        }
        finished = true
        try await finishOutputs(session, outputs)
        if runner.failureCount > 0 {
            if keepGoing {
                console.diagnostic("\(name): \(runner.failureCount) command\(runner.failureCount == 1 ? "" : "s") failed")
            }
            throw LaunchExit(code: ExitStatus.failure)
        }
    }

    /// Checks golden transcripts (files, or folders of `*.t` files) and prints the results and a
    /// closing line; with `update`, rewrites the failing ones (`AppEnvironment.isOnCI` is for the
    /// caller to refuse). Returns the exit code: 0 when all passed (or were updated), 1 when some
    /// differ, 66 when one cannot be read or its header's options are not valid.
    public func transcripts(_ paths: [String], _ options: Options, update: Bool) async -> Int32 {
        let report = Console(output: standardOutput, diagnostics: standardError, isStyled: wantsColour)
        let suite = TranscriptSuite(appName: name, report: report, update: update) { console, header throws(TranscriptSuite.Failure) in
            let options = try header.map { header throws(TranscriptSuite.Failure) in try applyingHeader(options, header) } ?? options
            // A transcript is plain text, whatever the terminal.
            do throws(SessionSetupFailure) {
                return try makeSession(options, SessionSetup(console: console, isInteractive: false)).engine
            } catch {
                throw TranscriptSuite.Failure(message: error.message)
            }
        }
        do {
            let summary = try await suite.run(paths)
            return summary.failed > summary.updated ? ExitStatus.failure : ExitStatus.success
        } catch {
            report.diagnostic("\(name): \(error.message)")
            return ExitStatus.noInput
        }
    }

    /// The app's session, with the transcript file attached before the root scene shows (its output
    /// belongs in the transcript too) and recording started; a path that cannot be written fails at once.
    private func start(_ options: Options, console: Console, _ outputs: SessionOutputs, isInteractive: Bool) throws(LaunchExit) -> AppSession {
        if let path = outputs.transcript {
            // 0600: a transcript holds what the user typed and what was fetched.
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                printError("cannot write \(path): \(String(cString: strerror(errno)))")
                throw LaunchExit(code: ExitStatus.cannotCreate)
            }
            console.transcript = .fileDescriptor(fd)
        }
        let session: AppSession
        do throws(SessionSetupFailure) {
            session = try makeSession(options, SessionSetup(console: console, isInteractive: isInteractive))
        } catch {
            printError(error.message)
            throw LaunchExit(code: error.exitCode)
        }
        let engine = session.engine
        // The options are written out when a recording starts (most sessions record nothing).
        let (name, version, replayArguments) = (name, version, replayArguments)
        engine.recordingHeader = { path in
            let arguments = replayArguments(options)
            return "# \(name) \(version) session; replay: \(name) run --keep-going \(arguments.isEmpty ? "" : arguments + " ")\(path)"
        }
        if let path = outputs.record {
            do {
                try engine.startRecording(to: path)
            } catch {
                printError(error.message)
                throw LaunchExit(code: ExitStatus.cannotCreate)
            }
        }
        return session
    }

    /// Ends recording, writes out what is buffered, and fails with exit 73 when a `--record` script,
    /// a `--transcript` file or an output of the app's own (`AppSession.outputFailures`) could not be
    /// written to the end (a full disk): a `--record` or `--transcript` file is removed rather than
    /// left half-written, and the user is told. An app's output keeps whatever the app left there.
    private func finishOutputs(_ session: AppSession, _ outputs: SessionOutputs) async throws(LaunchExit) {
        let engine = session.engine
        engine.stopRecording()
        engine.console.flush()
        var failures = engine.recordingFailures.map { (message: $0, path: outputs.record) }
        if let path = outputs.transcript, let error = engine.console.transcript?.writeErrorText {
            failures.append(("cannot write \(path): \(error)", path))
        }
        for failure in await session.outputFailures() {
            failures.append((failure, nil))
        }
        guard !failures.isEmpty else { return }
        for failure in failures {
            var removed = ""
            if let path = failure.path, Self.removeIfRegularFile(path) { removed = " (the incomplete file was removed)" }
            printError("\(failure.message)\(removed)")
        }
        throw LaunchExit(code: ExitStatus.cannotCreate)
    }

    /// Removes what a failed write left, when it is a regular file (never a device such as /dev/full).
    private static func removeIfRegularFile(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return unlink(path) == 0
    }

    /// `NAME: MESSAGE` on standard error.
    func printError(_ message: String) {
        Console(output: standardOutput, diagnostics: standardError).diagnostic("\(name): \(message)")
    }
}
