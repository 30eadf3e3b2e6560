import ArgumentParser
import REPLEngine
#if canImport(Glibc)
import Glibc
#endif

@main
struct Photorepl: AsyncParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "photorepl",
        abstract: "A scriptable REPL for Clean Swift scenes: browse photos in a terminal.",
        discussion: """
            With no subcommand, photorepl starts the interactive REPL when standard input and output \
            are terminals, and otherwise reads commands from standard input as a script.
            Type 'help' inside for the commands of each scene.
            """,
        version: version,
        subcommands: [Run.self]
    )

    @OptionGroup var session: SessionOptions

    func run() async throws {
        if EditLineSource.isInteractive {
            await Launcher.interactive(session)
        } else {
            try await Launcher.scripts(["-"], session, keepGoing: false)
        }
    }
}

struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay scripts and print the transcript.",
        discussion: """
            A script holds one command per line, as typed; blank lines and lines starting with # are \
            skipped. The run stops at the first error (exit 1) unless --keep-going. '-' reads standard input.
            """
    )

    @OptionGroup var session: SessionOptions

    @Flag(help: "Run every command even after errors (still exits 1 if any failed).")
    var keepGoing = false

    @ArgumentParser.Argument(help: "Script files, run one after another in one session.")
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one script file, e.g. photorepl run Examples/demo.txt") }
    }

    func run() async throws {
        try await Launcher.scripts(files, session, keepGoing: keepGoing)
    }
}

/// Runs sessions on the main actor, where the engine and the scenes live.
@MainActor
enum Launcher {
    static func interactive(_ options: SessionOptions) async {
        let console = Console(isStyled: wantsColour)
        let engine = CompositionRoot.makeEngine(options, console: console)
        let session = InteractiveSession(engine: engine, editor: EditLineSource())
        await session.run()
    }

    static func scripts(_ paths: [String], _ options: SessionOptions, keepGoing: Bool) async throws {
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
        let engine = CompositionRoot.makeEngine(options, console: console)
        let runner = ScriptRunner(engine: engine, keepGoing: keepGoing)
        defer { console.flush() }
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
        if runner.failureCount > 0 {
            if keepGoing {
                console.diagnostic("photorepl: \(runner.failureCount) command\(runner.failureCount == 1 ? "" : "s") failed")
            }
            throw ExitCode(1)
        }
    }

    /// Colour only on a terminal, never with NO_COLOR set (non-empty) or TERM=dumb.
    static var wantsColour: Bool {
        guard isatty(1) == 1 else { return false }
        if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return true
    }

    static func printError(_ message: String) {
        Console(isStyled: false).diagnostic(message)
    }
}
