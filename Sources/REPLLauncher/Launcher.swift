import SystemCalls
import REPLEngine
import SafeFiles

/// Ends a run early with an exit code; the message, if any, was printed already.
struct LaunchExit: Error {
    let code: Int32
}

/// A session the launcher started: the app's, the options it runs with, and the options it knew of
/// itself when a recording or the transcript started (written into their headers).
@MainActor
struct StartedSession<Options> {
    let session: AppSession
    let options: Options
    var recorded: [AppOption.Given] = []
    var engine: Engine { session.engine }
}

extension REPLApp {
    /// With no command: the interactive REPL when standard input and output are terminals, else the
    /// commands on standard input, as a script.
    func session(_ given: GivenOptions, _ outputs: SessionOutputs) async -> Int32 {
        if EditLineSource.isInteractive {
            return await interactive(given, outputs)
        }
        return await scripts(["-"], given, keepGoing: false, outputs)
    }

    /// The interactive REPL with the options typed: libedit with Tab completion and the history in
    /// `$XDG_STATE_HOME/NAME/history` (else `~/.local/state/NAME/history`), until `quit`, Ctrl-D or a
    /// signal. Returns the exit code: 0, 64 for options that do not go together, 69 when libedit
    /// cannot be loaded, 73 when an output could not be written, 128 + the signal's number after
    /// SIGHUP or SIGTERM.
    public func interactive(options typed: [AppOption.Given] = [], _ outputs: SessionOutputs) async -> Int32 {
        await interactive(GivenOptions(typed: typed), outputs)
    }

    func interactive(_ given: GivenOptions, _ outputs: SessionOutputs) async -> Int32 {
        if let missing = EditLineSource.loadLibrary() {
            printError("\(missing) (scripts run without it: \(name) run FILE)")
            return ExitStatus.unavailable
        }
        let options: Options
        do throws(SettleFailure) {
            options = try settle(given, header: nil).options
        } catch {
            printError(error.message)
            return ExitStatus.usage
        }
        let console = Console(output: standardOutput, diagnostics: standardError, isStyled: wantsColour)
        // Lines are laid out to fit the window (and cut where they would wrap).
        console.terminalColumns = Console.standardOutputColumns
        console.terminalRows = Console.standardOutputRows
        do throws(LaunchExit) {
            try refuseOutputsThatAreInputs(outputs, inputs: [])
            let started = try await start(options, console: console, outputs, isInteractive: true)
            let engine = started.engine
            // A bare prompt says nothing: one line of what to type first (never in a transcript).
            console.writeDifferently(onTerminal: { console.writeLine(Self.greeting, style: .dim) }, inTranscript: {})
            let editor = EditLineSource(programName: name, historyFile: EditLineSource.defaultHistoryFile(for: name)) { line in
                // libedit calls Tab's function on the main thread, inside el_gets.
                MainActor.assumeIsolated { engine.complete(line) }
            }
            let ending = await InteractiveSession(engine: engine, editor: editor).run()
            editor.close()
            try await finishOutputs(started, outputs)
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
    /// may ask for options (`# NAME: OPTIONS`), which apply under the options typed. Returns the exit
    /// code: 0, 1 when a command failed, 64 for a header with options that are not valid, 66 for a
    /// script that cannot be read (before anything runs), 73 when an output could not be written,
    /// 130 when a signal interrupted the run (what finished before it is kept).
    public func scripts(_ paths: [String], options typed: [AppOption.Given] = [], keepGoing: Bool, _ outputs: SessionOutputs = .init())
        async -> Int32
    {
        await scripts(paths, GivenOptions(typed: typed), keepGoing: keepGoing, outputs)
    }

    func scripts(_ paths: [String], _ given: GivenOptions, keepGoing: Bool, _ outputs: SessionOutputs) async -> Int32 {
        do throws(LaunchExit) {
            try await runScripts(paths, given, keepGoing: keepGoing, outputs)
            return ExitStatus.success
        } catch {
            return error.code
        }
    }

    private func runScripts(_ paths: [String], _ given: GivenOptions, keepGoing asked: Bool, _ outputs: SessionOutputs)
        async throws(LaunchExit)
    {
        // Ctrl-C, SIGTERM and SIGHUP end the run in order, from the start: a signal while the first
        // file opens is noticed at the first command.
        if catchesSignals { ScriptRunner.catchSignals() }
        var readers = try openScripts(paths)
        let settled = try settleOptions(given, header: try header(of: &readers))
        try refuseOutputsThatAreInputs(
            outputs, inputs: readers.map { ($0.name == "<stdin>" ? "standard input" : $0.name, $0.reader.descriptor) })
        let console = Console(output: standardOutput, diagnostics: standardError)
        let started = try await start(settled.options, console: console, outputs, isInteractive: false, fromHeader: settled.fromHeader)
        let engine = started.engine
        // What follows is the scripts', not what a person typed: it writes only in the current
        // folder and the scripts' own, and replaces no file.
        engine.replay.replaysScript = true
        for (name, _) in readers where name != "<stdin>" { engine.replay.scriptWrites?.allow(FilePaths.folder(of: name)) }
        // A script's errors are in its transcript (`error: …` after the command); `FILE:LINE: error: …`
        // on standard error says where, for a transcript sent to a file or a pipe. Where the two
        // streams are one (a terminal, `2>&1`), the error would be shown twice: the transcript's is
        // enough there.
        let runner = ScriptRunner(
            engine: engine, keepGoing: asked || settled.keepGoing, reportsDiagnostics: !errorsShareTheOutput,
            stopsAtSignals: catchesSignals)
        // A second signal while the run is being interrupted (the cancelled command winds down, or the
        // outputs are being put in place): the run ends there and then, keeping what finished.
        runner.onSecondSignal = { [self, weak runner] _ in
            guard let runner else { return }
            let waiting = runner.isWaiting
            if waiting { console.cut(to: runner.commandStart) }
            engine.recording.stop()
            console.flush()
            var failures = engine.recording.failures
            if let failure = console.finishTranscript(firstLine: transcriptHeader(started, outputs)) { failures.append(failure) }
            for failure in failures { printError(failure) }
            sayInterrupted(
                waiting
                    ? "interrupted at \(runner.commandRunning), which did not stop when it was cancelled: a second signal ended the run"
                    : "interrupted again while the run ended: it ended there")
            exit(ExitStatus.interrupted)
        }
        var finished = false
        defer {
            if !finished {
                engine.recording.stop()
                console.flush()
            }
        }
        for i in readers.indices {
            // What was printed is written out before the next lines are read (a pipe may wait).
            readers[i].reader.beforeReading = { console.flush() }
            do {
                let goOn = try await runner.run(&readers[i].reader, name: readers[i].name)
                readers[i].reader.close()
                if !goOn { break }
            } catch {
                // A file that could not be read on (a line too long): what ran before it is kept.
                console.writeDiagnostic(
                    error.line == nil
                        ? "\(name): \(error.described(reading: readers[i].name))"
                        : "\(readers[i].name):\(error.line!): error: \(error.message)")
                finished = true
                try? await finishOutputs(started, outputs)
                throw LaunchExit(code: ExitStatus.noInput)
            }
        }
        finished = true
        runner.noteSignalAtTheEnd()
        if let interruption = runner.interruption {
            // What finished is kept, and the transcript ends whole at the last command that did.
            if interruption.commandBegan { console.cut(to: runner.commandStart) }
            let outputsWritten: Bool
            do throws(LaunchExit) {
                try await finishOutputs(started, outputs)
                outputsWritten = true
            } catch {
                outputsWritten = false
            }
            sayInterrupted(interruption.description + (outputsWritten ? "" : " (and an output could not be written)"))
            throw LaunchExit(code: ExitStatus.interrupted)
        }
        try await finishOutputs(started, outputs)
        // A signal while the outputs were put in place: the run was interrupted all the same.
        runner.noteSignalAtTheEnd()
        if let interruption = runner.interruption {
            sayInterrupted(interruption.description)
            throw LaunchExit(code: ExitStatus.interrupted)
        }
        if runner.failureCount > 0 {
            if asked || settled.keepGoing {
                console.writeDiagnostic("\(name): \(runner.failureCount) command\(runner.failureCount == 1 ? "" : "s") failed")
            }
            throw LaunchExit(code: ExitStatus.failure)
        }
    }

    /// Opens every script first: an unreadable one stops the run before anything has run. Each
    /// stops at Ctrl-C, SIGTERM and SIGHUP where the launcher catches them.
    private func openScripts(_ paths: [String]) throws(LaunchExit) -> [(name: String, reader: LineReader)] {
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
        if catchesSignals {
            for i in readers.indices { ScriptRunner.stopAtSignals(&readers[i].reader) }
        }
        return readers
    }

    /// The options line the first script may begin with (standard input's too: `APP < session.txt`
    /// replays a recording as `APP run session.txt` does); nil when it has none.
    private func header(of readers: inout [(name: String, reader: LineReader)]) throws(LaunchExit) -> TranscriptSuite.SessionHeader? {
        var header: TranscriptSuite.SessionHeader?
        if let first = readers.first {
            var line: SourceLine?
            do throws(LineReader.Failure) {
                line = try readers[0].reader.peek()
            } catch  where error.isInterruption {
                sayInterrupted("interrupted at \(first.name):1, while waiting for the first command")
                throw LaunchExit(code: ExitStatus.interrupted)
            } catch {
                // As the run reports it: a line too long names its line.
                Console(output: standardOutput, diagnostics: standardError)
                    .writeDiagnostic(
                        error.line.map { "\(first.name):\($0): error: \(error.message)" }
                            ?? "\(name): \(error.described(reading: first.name))")
                throw LaunchExit(code: ExitStatus.noInput)
            }
            do throws(TranscriptSuite.Failure) {
                if let line, line.number == 1 {
                    header = try TranscriptSuite.SessionHeader.parse(line.text, inFileAt: first.name, appName: name)
                }
            } catch {
                printError(error.message)
                throw LaunchExit(code: ExitStatus.usage)
            }
        }
        return header
    }

    /// The options typed and those the header asks for, settled: options that do not go together
    /// are a usage error, as at the command line.
    private func settleOptions(_ given: GivenOptions, header: TranscriptSuite.SessionHeader?) throws(LaunchExit) -> Settled<Options> {
        do throws(SettleFailure) {
            return try settle(given, header: header)
        } catch {
            let usage =
                error.isUsage
                ? " (usage: \(LaunchCommand.usageLine(for: .run, appName: name, hasOptions: declaredOptions.contains { !$0.isHidden }, argument: argumentName)))"
                : ""
            printError(error.message + usage)
            throw LaunchExit(code: ExitStatus.usage)
        }
    }

    /// `NAME: interrupted at demo.txt:5: fetch` on standard error, on a line of its own: on a terminal,
    /// the line is cleared first (a progress line, the `^C` the terminal echoed).
    private func sayInterrupted(_ text: String) {
        if errorsGoToATerminal { standardError.write(Array("\r\u{1B}[K".utf8)) }
        printError(text)
    }

    /// Checks golden transcripts (files, or folders of `*.t` files) with the options typed (a
    /// transcript's header applies under them) and prints the results and a closing line; with
    /// `update`, rewrites the failing ones (`AppEnvironment.isOnCI` is for the caller to refuse).
    /// A check has no effect outside: what its commands write goes into a folder of its own, removed
    /// after it. Returns the exit code: 0 when all passed (or were updated), 1 when some differ, 66
    /// when one cannot be read or its header's options are not valid, 73 when an update cannot be
    /// written (the transcript is then unchanged).
    public func transcripts(_ paths: [String], options typed: [AppOption.Given] = [], update: Bool) async -> Int32 {
        let report = Console(output: standardOutput, diagnostics: standardError, isStyled: wantsColour)
        // One folder a transcript, removed when the next is checked and at the end; those a signal
        // left behind (a check's process gone) are removed first.
        ReplayWrites.removeLeftovers()
        var folder: ReplayWrites?
        defer { folder?.remove() }
        let suite = TranscriptSuite(appName: name, report: report, update: update) {
            console, header, file throws(TranscriptSuite.Failure) in
            folder?.remove()
            folder = nil
            let options: Options
            do throws(SettleFailure) {
                options = try settle(GivenOptions(typed: typed), header: header).options
            } catch {
                throw TranscriptSuite.Failure(message: error.message)
            }
            // The folder the session ran in: paths its commands named are resolved from there.
            let launcherWords = ReplayHeader.launcherWords(header?.arguments ?? [])
            let workingFolder =
                header.map { header in
                    launcherWords.workingFolder.map { $0.hasPrefix("/") ? $0 : header.directory + "/" + $0 } ?? header.directory
                } ?? FilePaths.folder(of: file)
            guard
                let writes = ReplayWrites(
                    workingFolder: FilePaths.absolute(workingFolder), readableFolder: FilePaths.absolute(FilePaths.folder(of: file)))
            else {
                throw TranscriptSuite.Failure(
                    message:
                        "cannot make a folder for what the transcripts' commands write: \(String(cString: strerror(errno))) (is $TMPDIR writable?)"
                )
            }
            folder = writes
            do throws(SessionSetupFailure) {
                // A transcript is plain text, whatever the terminal.
                let transcriptFolder = file.lastIndex(of: "/").map { String(file[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
                let engine = try makeSession(
                    options,
                    SessionSetup(
                        console: console, isInteractive: false, isCheckingTranscript: true,
                        replayWrites: writes, transcriptFolder: transcriptFolder)
                ).engine
                engine.replay.replayWrites = writes
                engine.replay.scriptHeaderPrefix = TranscriptSuite.SessionHeader.prefix(for: name)
                // A session of scripts whose writes were refused: the check holds its commands to
                // the same rules, in the folders they could write in.
                if let header, !launcherWords.scriptWrites.isEmpty {
                    engine.replay.replaysScript = true
                    engine.replay.checksScriptWrites = true
                    engine.replay.scriptWrites = ScriptWrites(
                        folders: launcherWords.scriptWrites.map { $0.hasPrefix("/") ? $0 : header.directory + "/" + $0 })
                }
                // A session that was recording from its start (`--record FILE`) replays as one, so
                // that `record` and `record stop` say what they said (the script goes to the folder).
                if let recording = launcherWords.recording { _ = try? engine.recording.start(to: recording) }
                return engine
            } catch {
                throw TranscriptSuite.Failure(message: error.message)
            }
        }
        do {
            let summary = try await suite.run(paths)
            return summary.failed > summary.updated ? ExitStatus.failure : ExitStatus.success
        } catch {
            report.writeDiagnostic("\(name): \(error.message)")
            return error.isWriteFailure ? ExitStatus.cannotCreate : ExitStatus.noInput
        }
    }

    /// The options a session runs with: the defaults, the preferences over them, a script's or
    /// transcript's header over those, and what was typed over all. With a header, the preferences
    /// that change the output are left out: the header says what the replay needs, and a replay
    /// prints what the session printed whatever the preferences of the machine it runs on. Where two
    /// layers do not go together, the upper one wins and what does not go with it is left out (see
    /// `AppOptions.layered`). Also says whether the header asks to keep going past failed commands
    /// (a recording's does). Throws, naming the header's file, when its options are not valid.
    func settle(_ given: GivenOptions, header: TranscriptSuite.SessionHeader?) throws(SettleFailure) -> Settled<Options> {
        guard let header else {
            let layered = options.layered(given.preferences, under: given.typed)
            if let problems = preferenceProblems(given, kept: layered) { throw SettleFailure(message: problems) }
            do throws(LaunchCommand.UsageError) {
                return Settled(options: try options.options(layered), keepGoing: false, fromHeader: nil)
            } catch {
                throw SettleFailure(message: error.message, isUsage: true)
            }
        }
        let written = "'\(header.prefix) \(header.arguments.joined(separator: " "))'"
        if declaredOptions.isEmpty, ReplayHeader.launcherWords(header.arguments).rest.contains(where: { $0 != ReplayHeader.keepGoing }) {
            throw SettleFailure(message: "\(header.path):1: \(written) asks for options, and \(name) takes none: remove them")
        }
        let fromHeader: (options: [AppOption.Given], keepGoing: Bool)
        do throws(LaunchCommand.UsageError) {
            fromHeader = try ReplayHeader.options(of: header, declared: declaredOptions)
            _ = try options.options(fromHeader.options)
        } catch {
            throw SettleFailure(message: "\(header.path):1: the options in \(written) are not valid: \(error.message)")
        }
        let preferences = given.preferences.filter { options.entry(named: $0.name)?.declaration.changesOutput != true }
        let layered = options.layered(options.layered(preferences, under: fromHeader.options), under: given.typed)
        if let problems = preferenceProblems(given, kept: layered) { throw SettleFailure(message: problems) }
        do throws(LaunchCommand.UsageError) {
            let typed = Set(given.typed.map(\.name))
            let headerGave = HeaderOptions(folder: header.directory, names: Set(fromHeader.options.map(\.name)).subtracting(typed))
            return Settled(options: try options.options(layered), keepGoing: fromHeader.keepGoing, fromHeader: headerGave)
        } catch {
            throw SettleFailure(message: error.message)
        }
    }

    /// The problems of the preferences the session keeps (not overruled by what is typed or a
    /// header's), checked by the app (a folder that is not there): each names the file and line it
    /// was written at, all of them at once, one per line; nil when there are none.
    private func preferenceProblems(_ given: GivenOptions, kept: [AppOption.Given]) -> String? {
        var problems: [String] = []
        for (i, preference) in given.preferences.enumerated() where kept.contains(preference) {
            if let problem = checkPreference(preference) {
                problems.append((given.preferenceLines.indices.contains(i) ? given.preferenceLines[i] + ": " : "") + problem)
            }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "\n")
    }

    /// Every scene's commands, from a session made with the default options for the purpose (none
    /// when the app cannot make one without options: the manual then lists none).
    func commandReference() -> [(scene: String, commands: [(usage: String, summary: String)])] {
        let console = Console(output: .memory(), diagnostics: .memory())
        guard let options = try? options.options([]),
            let session = try? makeSession(options, SessionSetup(console: console, isInteractive: false))
        else { return [] }
        return session.engine.commandReference
    }

    /// Every command typed at the app's prompt (of every scene, and the global ones), from a session
    /// made for the purpose, as `commandReference` makes one.
    func promptCommandNames() -> [String] {
        let console = Console(output: .memory(), diagnostics: .memory())
        guard let options = try? options.options([]),
            let session = try? makeSession(options, SessionSetup(console: console, isInteractive: false))
        else { return [] }
        return session.engine.everyCommandName
    }

    /// `APP help COMMAND`: the usage of a command of any scene, from a session made for the purpose
    /// (its start-up output unseen); 64 with a "did you mean" when no scene has it.
    func commandHelp(_ word: String, _ given: GivenOptions) -> Int32 {
        let output = OutputSink.memory()
        let console = Console(output: output, diagnostics: .memory(), isStyled: wantsColour)
        let session: AppSession
        do throws(SessionSetupFailure) {
            let options: Options
            do throws(SettleFailure) {
                options = try settle(given, header: nil).options
            } catch {
                throw SessionSetupFailure(message: error.message, exitCode: ExitStatus.usage)
            }
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
    private func start(
        _ options: Options, console: Console, _ outputs: SessionOutputs, isInteractive: Bool,
        fromHeader: HeaderOptions? = nil
    ) async throws(LaunchExit) -> StartedSession<Options> {
        if let path = outputs.transcript {
            do {
                // Options its header could not hold are refused before anything is written.
                _ = try ReplayHeader.line(
                    appName: name, options: self.options.replayed(options, in: HeaderFile(path: path)), declared: declaredOptions,
                    forFileAt: path)
                try console.startTranscript(at: path)
            } catch let error as CommandError {
                printError("cannot write \(path): \(error.message)")
                throw LaunchExit(code: ExitStatus.cannotCreate)
            } catch let error as ReplacingFile.Failure {
                printError(error.message)
                throw LaunchExit(code: ExitStatus.cannotCreate)
            } catch {
                printError("cannot write \(path): \(error)")
                throw LaunchExit(code: ExitStatus.cannotCreate)
            }
        }
        let session: AppSession
        do throws(SessionSetupFailure) {
            session = try makeSession(
                options,
                SessionSetup(
                    console: console, isInteractive: isInteractive,
                    outputIsTerminal: isInteractive || outputIsTerminal, fromHeader: fromHeader))
        } catch {
            printError(error.message)
            throw LaunchExit(code: error.exitCode)
        }
        // A recording's header that cannot be written is refused before the opening prints anything.
        if let path = outputs.record {
            do throws(CommandError) {
                _ = try ReplayHeader.line(
                    appName: name, options: self.options.replayed(options, in: HeaderFile(path: path)), declared: declaredOptions,
                    forFileAt: path)
            } catch {
                printError("cannot record to \(path): \(error.message)")
                throw LaunchExit(code: ExitStatus.cannotCreate)
            }
        }
        var started = StartedSession(session: session, options: options)
        // Where a script run in this session may write: the current folder (and a script's own).
        session.engine.replay.scriptWrites = ScriptWrites(folders: [FilePaths.currentDirectory()] + outputs.allowedWrites)
        session.engine.replay.scriptHeaderPrefix = TranscriptSuite.SessionHeader.prefix(for: name)
        // What the session knows of itself (a photo viewer: its folder's listing), as it starts.
        if outputs.transcript != nil { started.recorded = session.recordedOptions() }
        let engine = session.engine
        // The app's opening commands, before the recording: a replay opens the same way. One that
        // fails ends a script's run (its commands would run on what was not opened); an
        // interactive session goes on at its prompt, where the user can act on the error.
        // At a prompt, Ctrl-C (or SIGTERM) while the opening runs ends the session, saying so: a
        // folder's walk cut short shows nothing worth a session.
        let (opened, signal) = isInteractive ? await InteractiveSession.runOpening(of: engine) : (await engine.runOpening(), nil)
        if let signal {
            console.flush()
            printError("interrupted while the session opened, before its first prompt: it ended there, and nothing is shown")
            throw LaunchExit(code: ExitStatus.signal(signal))
        }
        if case .failed(let error) = opened {
            console.writeLine("error: \(error.message)", style: .error)
            if !isInteractive {
                console.flush()
                throw LaunchExit(code: ExitStatus.failure)
            }
        }
        // A recording starts with the options its replay needs, and says how to replay it.
        let (name, version, declared, appOptions) = (name, version, declaredOptions, self.options)
        engine.recording.header = { path throws(CommandError) in
            let replayed = appOptions.replayed(options, in: HeaderFile(path: path))
            let line = try ReplayHeader.line(
                appName: name, launcherWords: [ReplayHeader.keepGoing], options: Self.overlaid(replayed, with: session.recordedOptions()),
                declared: declared, forFileAt: path)
            // The path on a comment line: one that a line break would cut is not repeated there.
            let replay = ReplayHeader.isOneLine(path) ? "'\(name) run \(Tokenizer.quoted(path))' replays it" : "'\(name) run' replays it"
            return line + "\n# Recorded by \(name) \(version): \(replay)."
        }
        if let path = outputs.record {
            do {
                try engine.recording.start(to: path)
            } catch {
                printError(error.message)
                throw LaunchExit(code: ExitStatus.cannotCreate)
            }
        }
        return started
    }

    /// `options` with each of `later` in place of the one of the same name, and those new after them.
    static func overlaid(_ options: [AppOption.Given], with later: [AppOption.Given]) -> [AppOption.Given] {
        var result = options
        for option in later {
            if let i = result.firstIndex(where: { $0.name == option.name }) { result[i] = option } else { result.append(option) }
        }
        return result
    }

    /// The first line of the session's `--transcript` file: the options the session started with that
    /// change the output, what it knew of itself then, and what it settled as it ran (how its pictures
    /// were drawn), so that `test` prints the same; nil when there are none.
    private func transcriptHeader(_ started: StartedSession<Options>, _ outputs: SessionOutputs) -> String? {
        guard let path = outputs.transcript else { return nil }
        let words = Self.overlaid(
            Self.overlaid(self.options.replayed(started.options, in: HeaderFile(path: path)), with: started.recorded),
            with: started.session.transcriptOptions())
        // What the check needs besides, where it matters: the folder the session ran in, when a
        // command named a file and that folder is not the transcript's, and the script the session
        // was recording to, when `record` ran (it says so).
        var launcher: [String] = []
        let ranIn = FilePaths.relative(FilePaths.currentDirectory(), from: FilePaths.folder(of: FilePaths.absolute(path)))
        if started.engine.replay.namedFiles, ranIn != ".", ReplayHeader.isOneLine(ranIn) {
            launcher += [ReplayHeader.workingFolder, Tokenizer.quoted(ranIn)]
        }
        if started.engine.recording.ranRecordCommand, let record = outputs.record, ReplayHeader.isOneLine(record) {
            launcher += [ReplayHeader.recording, Tokenizer.quoted(record)]
        }
        // A script's writes that its rules refused: the folders it could write in, for the check.
        if started.engine.replay.scriptWriteRefusals > 0, let folders = started.engine.replay.scriptWrites?.folders {
            let transcriptFolder = FilePaths.folder(of: FilePaths.absolute(path))
            for folder in folders {
                let written = FilePaths.relative(folder, from: transcriptFolder)
                if ReplayHeader.isOneLine(written) { launcher += [ReplayHeader.scriptWrites, Tokenizer.quoted(written)] }
            }
        }
        guard !words.isEmpty || !launcher.isEmpty else { return nil }
        return try? ReplayHeader.line(appName: name, launcherWords: launcher, options: words, declared: declaredOptions, forFileAt: path)
    }

    /// Ends recording, writes out what is buffered, puts the `--record` script and the `--transcript`
    /// file (its header first) in place, and fails with exit 73 when one of them or an output of the
    /// app's own (`AppSession.outputFailures`) could not be written to the end (a full disk): the file
    /// that was at its path is then as it was, and the user is told. An app's output keeps whatever
    /// the app left there.
    private func finishOutputs(_ started: StartedSession<Options>, _ outputs: SessionOutputs) async throws(LaunchExit) {
        let engine = started.engine
        engine.recording.stop()
        engine.console.flush()
        var failures = engine.recording.failures.map { "\($0) (the file that was there is unchanged)" }
        if let failure = engine.console.finishTranscript(firstLine: transcriptHeader(started, outputs)) {
            failures.append("\(failure) (the file that was there is unchanged)")
        }
        failures += await started.session.outputFailures()
        guard !failures.isEmpty else { return }
        for failure in failures { printError(failure) }
        throw LaunchExit(code: ExitStatus.cannotCreate)
    }

    /// Refuses (exit 64), before anything is opened for writing, an output that is one of the
    /// scripts being read (`run --transcript s.txt s.txt`, `--record s.txt < s.txt`: the script
    /// would be replaced by what it printed) or the same file as the other output.
    private func refuseOutputsThatAreInputs(_ outputs: SessionOutputs, inputs: [(name: String, descriptor: Int32)]) throws(LaunchExit) {
        let named = [("--record", outputs.record), ("--transcript", outputs.transcript)].compactMap { option, path in
            path.map { (option, $0) }
        }
        for (option, path) in named {
            guard let output = FileIdentity.of(path: path) else { continue }
            for input in inputs where FileIdentity.of(descriptor: input.descriptor) == output {
                printError(
                    "\(option) \(path) is \(input.name == "standard input" ? "standard input" : "the script \(input.name)"), which would be replaced by the output: write it to another file (usage: \(option) FILE)"
                )
                throw LaunchExit(code: ExitStatus.usage)
            }
        }
        if named.count == 2 {
            let (record, transcript) = (named[0].1, named[1].1)
            let same =
                FileIdentity.of(path: record).map { $0 == FileIdentity.of(path: transcript) }
                ?? (FileIdentity.place(of: record) == FileIdentity.place(of: transcript))
            if same {
                printError("--record \(record) and --transcript \(transcript) are one file: give each its own")
                throw LaunchExit(code: ExitStatus.usage)
            }
        }
    }

    /// `NAME: MESSAGE` on standard error.
    /// `NAME: MESSAGE` on standard error, each line of a message of several.
    func printError(_ message: String) {
        let console = Console(output: standardOutput, diagnostics: standardError)
        for line in message.split(separator: "\n", omittingEmptySubsequences: false) { console.writeDiagnostic("\(name): \(line)") }
    }
}

/// Why a session's options do not settle, in words for the user; `isUsage` when what was typed does
/// not go together (the usage line is then shown with it), not for a header's or a preference's
/// problem. Outside the generic `REPLApp`: Swift 6.3.1's optimizer crashed (an assertion in
/// FunctionSignatureOpts, release builds only) on a typed throw of a type nested in it.
/// The options a session runs with, whether a header asks to keep going past failed commands, and
/// what of them came from the header.
struct Settled<Options> {
    let options: Options
    let keepGoing: Bool
    let fromHeader: HeaderOptions?
}

struct SettleFailure: Error {
    let message: String
    var isUsage = false
}
