import REPLEngine
import SafeFiles
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
    /// signal. Returns the exit code: 0, 69 when libedit cannot be loaded, 73 when an output could not
    /// be written, 128 + the signal's number after SIGHUP or SIGTERM.
    public func interactive(_ options: Options, _ outputs: SessionOutputs) async -> Int32 {
        if let missing = EditLineSource.loadLibrary() {
            printError("\(missing) (scripts run without it: \(name) run FILE)")
            return ExitStatus.unavailable
        }
        let console = Console(output: standardOutput, diagnostics: standardError, isStyled: wantsColour)
        // Lines are laid out to fit the window (and cut where they would wrap).
        console.terminalColumns = Console.standardOutputColumns
        do throws(LaunchExit) {
            try refuseOutputsThatAreInputs(outputs, inputs: [])
            let session = try await start(options, console: console, outputs, isInteractive: true)
            let engine = session.engine
            // A bare prompt says nothing: one line of what to type first (never in a transcript).
            console.differently(onTerminal: { console.line(Self.greeting, style: .dim) }, inTranscript: {})
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

    /// The line an interactive session opens with, above its first prompt.
    static var greeting: String { "Type 'help' for the commands (Tab completes them), 'quit' or Ctrl-D to leave." }

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
                    do throws(TranscriptSuite.Failure) {
                        options = try applyingHeader(commandLine, header)
                    } catch {
                        // What the script asks for wins over the preferences too.
                        guard let plain = optionsWithoutPreferences, let fitting = try? applyingHeader(plain, header) else { throw error }
                        options = fitting
                    }
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
        try refuseOutputsThatAreInputs(outputs, inputs: readers.map { ($0.name == "<stdin>" ? "standard input" : $0.name, $0.reader.descriptor) })
        let console = Console(output: standardOutput, diagnostics: standardError)
        let session = try await start(options, console: console, outputs, isInteractive: false)
        let engine = session.engine
        // A script's errors are in its transcript (`error: …` after the command); `FILE:LINE: error: …`
        // on standard error says where, for a transcript sent to a file or a pipe. On one terminal
        // the two would show the same error twice: the transcript's is enough there.
        let runner = ScriptRunner(engine: engine, keepGoing: keepGoing, reportsDiagnostics: !errorsShareTheOutputTerminal)
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
    /// differ, 66 when one cannot be read or its header's options are not valid, 73 when an update
    /// cannot be written (the transcript is then unchanged).
    public func transcripts(_ paths: [String], _ options: Options, update: Bool) async -> Int32 {
        let report = Console(output: standardOutput, diagnostics: standardError, isStyled: wantsColour)
        let suite = TranscriptSuite(appName: name, report: report, update: update) { console, header throws(TranscriptSuite.Failure) in
            let options = try header.map { header throws(TranscriptSuite.Failure) in try applyingHeader(options, header) } ?? options
            // A transcript is plain text, whatever the terminal.
            do throws(SessionSetupFailure) {
                return try makeSession(options, SessionSetup(console: console, isInteractive: false, isCheckingTranscript: true)).engine
            } catch {
                throw TranscriptSuite.Failure(message: error.message)
            }
        }
        do {
            let summary = try await suite.run(paths)
            return summary.failed > summary.updated ? ExitStatus.failure : ExitStatus.success
        } catch {
            report.diagnostic("\(name): \(error.message)")
            return error.isWriteFailure ? ExitStatus.cannotCreate : ExitStatus.noInput
        }
    }

    /// Every scene's commands, from a session made with the default options for the purpose (none
    /// when the app cannot make one without options: the manual then lists none).
    func commandReference() -> [(scene: String, commands: [(usage: String, summary: String)])] {
        let console = Console(output: .memory(), diagnostics: .memory())
        guard let options = try? parseOptions([]),
              let session = try? makeSession(options, SessionSetup(console: console, isInteractive: false)) else { return [] }
        return session.engine.commandReference
    }

    /// `APP help COMMAND`: the usage of a command of any scene, from a session made for the purpose
    /// (its start-up output unseen); 64 with a "did you mean" when no scene has it.
    func commandHelp(_ word: String, _ options: Options) -> Int32 {
        let output = OutputSink.memory()
        let console = Console(output: output, diagnostics: .memory(), isStyled: wantsColour)
        let session: AppSession
        do throws(SessionSetupFailure) {
            session = try makeSession(options, SessionSetup(console: console, isInteractive: false))
        } catch {
            printError(error.message)
            return error.exitCode
        }
        console.flush()
        output.clear()
        do throws(CommandError) {
            try session.engine.printHelp(forCommandOfAnyScene: word)
        } catch {
            printError("\(error.message) (type '\(name) help' for run and test, or '\(name)' then 'help' for the commands of each scene)")
            return ExitStatus.usage
        }
        console.flush()
        standardOutput.write(Array(output.text.utf8))
        return ExitStatus.success
    }

    /// The app's session, with the transcript file attached before the root scene shows (its output
    /// belongs in the transcript too) and recording started; a path that cannot be written fails at once.
    private func start(_ options: Options, console: Console, _ outputs: SessionOutputs, isInteractive: Bool) async throws(LaunchExit) -> AppSession {
        if let path = outputs.transcript {
            do {
                try console.startTranscript(at: path)
            } catch {
                printError(error.message)
                throw LaunchExit(code: ExitStatus.cannotCreate)
            }
        }
        let session: AppSession
        do throws(SessionSetupFailure) {
            session = try makeSession(options, SessionSetup(console: console, isInteractive: isInteractive,
                                                            outputIsTerminal: isInteractive || outputIsTerminal))
        } catch {
            printError(error.message)
            throw LaunchExit(code: error.exitCode)
        }
        let engine = session.engine
        // The app's opening commands, before the recording: a replay opens the same way. One that
        // fails ends a script's run (its commands would run on what was not opened); an
        // interactive session goes on at its prompt, where the user can act on the error.
        if case .failed(let error) = await engine.runOpening() {
            console.line("error: \(error.message)", style: .error)
            if !isInteractive {
                console.flush()
                throw LaunchExit(code: ExitStatus.failure)
            }
        }
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

    /// Ends recording, writes out what is buffered, puts the `--record` script and the `--transcript`
    /// file in place, and fails with exit 73 when one of them or an output of the app's own
    /// (`AppSession.outputFailures`) could not be written to the end (a full disk): the file that was
    /// at its path is then as it was, and the user is told. An app's output keeps whatever the app
    /// left there.
    private func finishOutputs(_ session: AppSession, _ outputs: SessionOutputs) async throws(LaunchExit) {
        let engine = session.engine
        engine.stopRecording()
        engine.console.flush()
        var failures = engine.recordingFailures.map { "\($0) (the file that was there is unchanged)" }
        if let failure = engine.console.finishTranscript() {
            failures.append("\(failure) (the file that was there is unchanged)")
        }
        failures += await session.outputFailures()
        guard !failures.isEmpty else { return }
        for failure in failures { printError(failure) }
        throw LaunchExit(code: ExitStatus.cannotCreate)
    }

    /// Refuses (exit 64), before anything is opened for writing, an output that is one of the
    /// scripts being read (`run --transcript s.txt s.txt`, `--record s.txt < s.txt`: the script
    /// would be replaced by what it printed) or the same file as the other output.
    private func refuseOutputsThatAreInputs(_ outputs: SessionOutputs, inputs: [(name: String, descriptor: Int32)]) throws(LaunchExit) {
        let named = [("--record", outputs.record), ("--transcript", outputs.transcript)].compactMap { option, path in path.map { (option, $0) } }
        for (option, path) in named {
            guard let output = FileIdentity.of(path: path) else { continue }
            for input in inputs where FileIdentity.of(descriptor: input.descriptor) == output {
                printError("\(option) \(path) is \(input.name == "standard input" ? "standard input" : "the script \(input.name)"), which would be replaced by the output: write it to another file (usage: \(option) FILE)")
                throw LaunchExit(code: ExitStatus.usage)
            }
        }
        if named.count == 2 {
            let (record, transcript) = (named[0].1, named[1].1)
            let same = FileIdentity.of(path: record).map { $0 == FileIdentity.of(path: transcript) }
                ?? (FileIdentity.place(of: record) == FileIdentity.place(of: transcript))
            if same {
                printError("--record \(record) and --transcript \(transcript) are one file: give each its own")
                throw LaunchExit(code: ExitStatus.usage)
            }
        }
    }

    /// `NAME: MESSAGE` on standard error.
    func printError(_ message: String) {
        Console(output: standardOutput, diagnostics: standardError).diagnostic("\(name): \(message)")
    }
}
