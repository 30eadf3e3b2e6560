import ArgumentParser
import REPLLauncher

struct TestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Check golden transcripts: replay their commands and compare the whole output.",
        discussion: """
            A transcript is what 'photorepl run' prints, so 'photorepl run demo.txt > demo.t' makes one. \
            In expected lines, [..] matches any text within a line and a line '...' matches any number of \
            lines. Folders stand for the *.t files in them. Exits 1 if any transcript differs.
            """
    )

    @OptionGroup var session: SessionOptions

    @Flag(help: "Rewrite failing transcripts with the actual output, keeping the lines that matched a wildcard. Refused when CI is set.")
    var update = false

    @ArgumentParser.Argument(help: "Transcript files or folders of them.")
    var paths: [String]

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give transcripts or folders, e.g. photorepl test Examples") }
        if update, AppEnvironment.isOnCI { throw ValidationError(LaunchCommand.updateRefusedOnCI) }
    }

    func run() async throws {
        try Photorepl.exit(with: await PhotoreplApp.app.transcripts(paths, session, update: update))
    }
}
