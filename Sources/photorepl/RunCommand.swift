import ArgumentParser
import REPLLauncher

struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Replay scripts and print the transcript.",
        discussion: """
            A script holds one command per line, as typed; blank lines and lines starting with # are \
            skipped. The run stops at the first error (exit 1) unless --keep-going. '-' reads standard input.
            """
    )

    @OptionGroup var session: SessionOptions

    @Flag(help: "Run every command even after errors (still exits 1 if any failed).")
    var keepGoing = false

    /// `--record` and `--transcript` are the main command's options; ArgumentParser gives them to it
    /// wherever they are typed, `photorepl run --record FILE …` included.
    @ParentCommand var main: Photorepl

    @ArgumentParser.Argument(help: "Script files, run one after another in one session.")
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one script file, e.g. photorepl run Examples/demo.txt") }
    }

    func run() async throws {
        let outputs = SessionOutputs(record: main.recordPath, transcript: main.transcriptPath)
        try Photorepl.exit(with: await PhotoreplApp.app.scripts(files, session, keepGoing: keepGoing, outputs))
    }
}
