/// Scripts run inside a session (`run FILE`), and the commands an app runs before the first prompt.
extension Engine {
    /// Runs a script's commands in this session, as `run` would print them, up to its first error.
    func runScript(_ path: String) async throws {
        guard depth <= Self.maxScriptDepth else {
            throw CommandError("scripts run each other more than \(Self.maxScriptDepth) deep: is one running itself?")
        }
        if let problem = replay.replayWrites?.readProblem(path) {
            throw CommandError("cannot run \(TerminalText.truncate(TerminalText.oneLine(path), toWidth: 60)): \(problem)")
        }
        var reader: LineReader
        do {
            reader = try LineReader.open(path: replay.replayWrites?.read(path) ?? path)
        } catch {
            throw CommandError(error.described(reading: path))
        }
        defer { reader.close() }
        // Its commands are a script's: held to where scripts may write, its own folder allowed.
        let wasReplaying = replay.replaysScript, allowedBefore = replay.scriptWrites
        replay.replaysScript = true
        replay.scriptWrites?.allow(path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? ".")
        defer {
            replay.replaysScript = wasReplaying
            replay.scriptWrites = allowedBefore
        }
        let runner = ScriptRunner(engine: self, keepGoing: false, reportsDiagnostics: false)
        runner.ignoredHeaderPrefix = replay.scriptHeaderPrefix
        do {
            _ = try await runner.run(&reader, name: path)
        } catch {
            throw CommandError(error.described(reading: path))
        }
        if runner.didQuit { requestQuit() }
        if let line = runner.firstFailureLine {
            throw CommandError("\(path):\(line) failed, so the rest of \(path) did not run")
        }
    }

    /// Runs the work the root scene scheduled as it loaded, then `opening`: every command's output
    /// but the last one's is dropped. Stops at the first that fails, and returns how it ended.
    public func runOpening() async -> Outcome {
        // Work the root scheduled as it loaded ends before anything is typed, in its place.
        await finishPendingEffects()
        for (i, line) in opening.enumerated() {
            let isLast = i == opening.count - 1
            console.flush()
            console.dropsOutput = !isLast
            let outcome = await execute(line)
            if !isLast { console.flush() }
            console.dropsOutput = false
            // A replay opens the same way by itself: `record` does not write these.
            recording.forgetHistory()
            if outcome != .done { return outcome }
        }
        return .done
    }
}
