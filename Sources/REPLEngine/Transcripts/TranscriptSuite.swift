import SystemCalls
import SafeFiles

/// `APP test`: checks transcript files (or every `*.t` in a folder), reports each mismatch with
/// its command and a diff, and with `update` rewrites the failing ones.
@MainActor
package struct TranscriptSuite {
    /// Why transcripts could not be checked at all (a file that cannot be read, a header whose
    /// options are not valid), as opposed to a transcript that differs.
    package struct Failure: Error, Equatable {
        /// What went wrong, for the user.
        package let message: String
        /// A transcript could not be updated (exit 73), rather than read (exit 66).
        package var isWriteFailure = false
        /// A failure saying `message`.
        package init(message: String, isWriteFailure: Bool = false) {
            self.message = message
            self.isWriteFailure = isWriteFailure
        }
    }

    /// How a run ended: the closing line `N passed, N failed[, N updated]`.
    package struct Summary: Equatable {
        /// Transcripts whose output matched.
        package var passed = 0
        /// Transcripts whose output differed.
        package var failed = 0
        /// Failed transcripts rewritten with `update`.
        package var updated = 0
    }

    private let appName: String
    private let report: Console
    private let update: Bool
    private let makeEngine: (Console, SessionHeader?, String) throws(Failure) -> Engine

    /// The options a transcript (or a script) needs, on its first line, after the app's name:
    /// `# viewer: --preview ascii`. It is not part of the output compared, and an update keeps it.
    package struct SessionHeader: Equatable, Sendable {
        /// What the header starts with, e.g. `# viewer:`.
        package var prefix: String
        /// The options, split as a command line is.
        package var arguments: [String]
        /// The folder of the file the header is in: relative paths in it are relative to that.
        package var directory: String
        /// The file the header is in, for messages (`FILE:1:`).
        package var path: String = ""

        /// The line a header of the app named `appName` starts with: `# NAME:`.
        package static func prefix(for appName: String) -> String { "# \(appName):" }

        /// The header on `line` of the file at `path`, or nil when the line is not one.
        package static func parse(_ line: String, inFileAt path: String, appName: String) throws(Failure) -> SessionHeader? {
            let prefix = prefix(for: appName)
            guard line.hasPrefix(prefix) else { return nil }
            do {
                let arguments = try Tokenizer.words(String(line.dropFirst(prefix.count)))
                let slash = path.lastIndex(of: "/")
                return SessionHeader(prefix: prefix, arguments: arguments, directory: slash.map { String(path[..<$0]) } ?? ".", path: path)
            } catch {
                throw Failure(message: "\(path):1: the options after '\(prefix)' are not a valid command line: \(error)")
            }
        }
    }

    /// - Parameters:
    ///   - appName: the app whose transcripts these are: a header is `# NAME: OPTIONS`.
    ///   - report: where results and diffs are printed.
    ///   - update: whether failing transcripts are rewritten with the output they got.
    ///   - makeEngine: a fresh session, with the scenes registered and the root shown, on a console,
    ///     with the transcript's own options when it has a header, for the transcript at the path
    ///     given last; throws when they are not valid.
    package init(
        appName: String, report: Console, update: Bool, makeEngine: @escaping (Console, SessionHeader?, String) throws(Failure) -> Engine
    ) {
        self.appName = appName
        self.report = report
        self.update = update
        self.makeEngine = makeEngine
    }

    /// The transcript files that `paths` name: files as given, folders as the `*.t` files in them.
    /// Throws for a path that cannot be read: a missing golden is never created, nor passed over.
    package static func transcriptFiles(_ paths: [String]) throws(Failure) -> [String] {
        var files: [String] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else {
                throw Failure(message: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                files.append(path)
                continue
            }
            guard let dir = opendir(path) else {
                throw Failure(message: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            var found: [String] = []
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name.hasSuffix(".t") && !name.hasPrefix(".") { found.append(name) }
            }
            closedir(dir)
            guard !found.isEmpty else { throw Failure(message: "no transcripts (*.t) in \(path)") }
            let folder = path.hasSuffix("/") ? path : path + "/"
            files += found.sorted().map { folder + $0 }
        }
        return files
    }

    /// Checks the transcripts `paths` name (files, or folders of `*.t` files), printing PASS, FAIL with
    /// the diffs, UPDATED, and the closing line. Throws when one cannot be read: nothing is skipped.
    package func run(_ paths: [String]) async throws(Failure) -> Summary {
        var summary = Summary()
        for file in try Self.transcriptFiles(paths) {
            var expected = try Self.lines(of: file)
            let header = try expected.first.flatMap { line throws(Failure) in
                try SessionHeader.parse(line, inFileAt: file, appName: appName)
            }
            let headerLine = header != nil ? expected.removeFirst() : nil
            // What is compared is the transcript's copy of the output, as `--transcript` writes it:
            // lines whole, pictures as their text (ASCII) or not at all (a terminal's own pictures).
            let output = OutputSink.memory()
            let console = Console(output: .discarding(), diagnostics: .memory())
            console.transcript = output
            let engine = try makeEngine(console, header, file)
            // (The opening first ends the work the root scheduled as it loaded.)
            ScriptRunner.report(await engine.runOpening(), on: engine)
            let check = await TranscriptCheck.run(expected, engine: engine, output: output, updating: update)
            if check.passed {
                summary.passed += 1
                report.writeLine("PASS \(file)", style: .dim)
                continue
            }
            summary.failed += 1
            report.writeLine("FAIL \(file)", style: .error)
            if !update, let command = Self.scriptCommand(in: expected, replayed: check.commandsReplayed, knownCommands: engine.commandNames)
            {
                // A script given for a transcript: its diff would show every output line missing.
                report.writeLine(
                    "\(file): this is a script, not a transcript: no line starts with a prompt ('\(engine.prompt)'), and its first line is the command '\(command)'. Make its transcript with '\(appName) run \(file) --transcript \(Self.transcriptName(for: file))', read it, then test that file.",
                    style: .bold)
                continue
            }
            for mismatch in check.mismatches {
                let what = mismatch.promptLine.map { "the output of '\($0)'" } ?? "the start-up output"
                report.writeLine("\(file):\(mismatch.line + (headerLine == nil ? 0 : 1)): \(what) differs", style: .bold)
                report.writeLine("--- expected  \(file)", style: .error)
                report.writeLine("+++ actual", style: .success)
                for line in mismatch.diff.lines {
                    switch line.kind {
                    case .header: report.writeLine(line.text, style: .accent)
                    case .removed: report.writeLine(line.text, style: .error)
                    case .added: report.writeLine(line.text, style: .success)
                    case .context: report.writeLine(line.text)
                    }
                }
            }
            if check.moreMismatches > 0 {
                report.writeLine(
                    "\(file): and \(check.moreMismatches) more command\(check.moreMismatches == 1 ? "" : "s") whose output differs (the first \(TranscriptCheck.shownMismatchLimit) are shown)",
                    style: .bold)
            }
            if update {
                try Self.write((headerLine.map { [$0] } ?? []) + check.updatedLines, to: file)
                summary.updated += 1
                report.writeLine("UPDATED \(file)", style: .success)
            }
        }
        // A transcript updated no longer fails: it is counted as updated, as the exit status has it.
        var closing = "\(summary.passed) passed, \(summary.failed - summary.updated) failed"
        if summary.updated > 0 { closing += ", \(summary.updated) updated" }
        report.writeLine(closing, style: .bold)
        report.flush()
        return summary
    }

    /// The first command of `expected` when it reads as a script rather than a transcript: no prompt
    /// line was replayed, and its first line that is neither empty nor a comment starts with a command
    /// of the root scene. Nil otherwise (a transcript of the start-up output alone, say).
    static func scriptCommand(in expected: [String], replayed: Int, knownCommands: [String]) -> String? {
        guard replayed == 0,
            let first = expected.first(where: { !$0.allSatisfy(\.isWhitespace) && !$0.hasPrefix("#") }),
            let word = first.split(whereSeparator: \.isWhitespace).first.map(String.init),
            knownCommands.contains(word)
        else { return nil }
        return TerminalText.truncate(first, toWidth: 40)
    }

    /// `demo.t` for `demo.txt`, `session.t` for `session`: where a script's transcript goes.
    static func transcriptName(for script: String) -> String {
        let slash = script.lastIndex(of: "/").map { script.index(after: $0) } ?? script.startIndex
        if let dot = script[slash...].lastIndex(of: "."), dot > slash { return String(script[..<dot]) + ".t" }
        return script + ".t"
    }

    static func lines(of path: String) throws(Failure) -> [String] {
        do {
            var reader = try LineReader.open(path: path)
            defer { reader.close() }
            var lines: [String] = []
            while let line = try reader.next() { lines.append(line.text) }
            return lines
        } catch {
            throw Failure(message: error.described(reading: path))
        }
    }

    /// Replaces the file whole, with LF line ends (SafeFiles' ReplacingFile: a temporary file of an
    /// unpredictable name, created exclusively, renamed over the old one; its mode kept; a link's
    /// target updated). Any failure leaves the old file whole and names it.
    static func write(_ lines: [String], to path: String) throws(Failure) {
        do throws(ReplacingFile.Failure) {
            let file = try ReplacingFile(path: path, mode: 0o644)
            var chunk: [UInt8] = []
            chunk.reserveCapacity(1 << 16)
            for line in lines {
                chunk.append(contentsOf: line.utf8)
                chunk.append(0x0A)
                if chunk.count >= 1 << 16 {
                    file.write(chunk)
                    chunk.removeAll(keepingCapacity: true)
                }
            }
            file.write(chunk)
            try file.commit()
        } catch {
            throw Failure(message: "cannot update \(path): \(error.reason) (it is unchanged)", isWriteFailure: true)
        }
    }
}
