import ArgumentParser
import REPLLauncher
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
        subcommands: [RunCommand.self, TestCommand.self]
    )

    @OptionGroup var session: SessionOptions

    @Option(name: .customLong("record"), help: ArgumentHelp("Write the commands of the session to a script that replays it.", valueName: "file"))
    var recordPath: String?

    @Option(name: .customLong("transcript"), help: ArgumentHelp("Write the whole transcript of the session (commands and output) to a file.", valueName: "file"))
    var transcriptPath: String?

    func run() async throws {
        try Self.exit(with: await PhotoreplApp.app.session(session, SessionOutputs(record: recordPath, transcript: transcriptPath)))
    }

    /// Ends the process with the launcher's exit code (nothing to do for 0).
    static func exit(with code: Int32) throws {
        if code != ExitStatus.success { throw ExitCode(code) }
    }
}
