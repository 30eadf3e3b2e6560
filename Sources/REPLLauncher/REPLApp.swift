import SystemCalls
import REPLEngine

/// An app built on the REPL engine, as the launcher runs it: its name and version, and how to put a
/// session together. With that, the launcher gives the app an interactive session (libedit, history,
/// Tab completion), scripts (`run`), golden transcripts (`test`), `--record` and `--transcript`, and
/// the exit codes, the same way for every app.
///
/// An app without options of its own is declared with `init(name:version:summary:makeSession:)`. An
/// app with options (a photo viewer has a photo source, a seed…) declares each of them once, in
/// `AppOptions`: the launcher reads them from the command line, the preferences and a script's or
/// transcript's header, writes them into recordings, and lists them in `--help`, the manual page
/// and the completions. Either is started with `main()`, which reads the command line; `run(arguments:)`
/// runs one command line and returns its exit code.
@MainActor
public struct REPLApp<Options: Sendable> {
    /// The app's name: in messages (`todo: cannot read x.txt: …`), in its history folder
    /// (`~/.local/state/todo/history`), in `~/.editrc` lines (`todo:bind -v`) and in a script's or
    /// transcript's header line (`# todo: OPTIONS`).
    public let name: String
    /// Its version, for `--version` and a recorded script's second line.
    public let version: String
    /// One line saying what the app is, for `--help`.
    public let summary: String
    /// The options of the app's own, each declared once.
    public let options: AppOptions<Options>
    package let makeSession: @MainActor (Options, SessionSetup) throws(SessionSetupFailure) -> AppSession
    /// Where the launcher's own output and messages go (tests capture them).
    var standardOutput: OutputSink = .standardOutput
    var standardError: OutputSink = .standardError
    /// Whether the standard output wants colour (a terminal, no NO_COLOR, TERM not dumb).
    var wantsColour: Bool = AppEnvironment.standardOutputWantsColour
    /// Whether standard output is a terminal (a script run there may draw pictures).
    var outputIsTerminal: Bool = isatty(1) == 1
    /// Whether standard output and standard error are one file, pipe or terminal: then a script's
    /// error, shown in its transcript there, is not written a second time as `FILE:LINE: error: …`.
    var errorsShareTheOutput: Bool = AppEnvironment.standardOutputAndErrorAreOneFile
    /// Whether standard error is a terminal that takes `\r` and erase-line: a run that a signal
    /// interrupts clears the line there (a progress line, the terminal's `^C`) before saying so.
    var errorsGoToATerminal: Bool = AppEnvironment.standardErrorIsATerminal
    /// Whether a run catches SIGINT, SIGTERM and SIGHUP to end in order (tests of the launcher
    /// itself, which run in the test process, leave them alone).
    var catchesSignals = true
    /// The configuration file read before the command line (`ConfigFile`), unless `--no-config`;
    /// nil: none (tests set it).
    var configPath: String?
    /// Whether this runs on CI, where `test --update` is refused (tests of the launcher itself set it,
    /// so they behave the same on CI and off it).
    var isOnCI: Bool = AppEnvironment.isOnCI
    /// Environment variables whose values no output shows (an access key, a token): each is written
    /// as `[NAME]` instead, on the terminal, standard error, in transcripts, recordings and a check's
    /// diffs, and in the lines read (a script that reads `/proc/self/environ` as its commands).
    public var secretVariables: [String] = []
    /// The manual page's description, when not the launcher's own (what the app is, how it runs).
    public var manualDescription: String?
    /// Sections the manual page adds after the options: the app's environment, files, examples.
    public var manualSections: [ManualPage.Section] = []
    /// What a lone word on the command line that is neither a command nor an option stands for, as
    /// options (a photo viewer takes a folder for `--folder FOLDER`, as viewers take a path); nil for a
    /// word the app does not take, which is then refused with advice.
    public var argumentAsOptions: (String) throws(LaunchCommand.UsageError) -> [AppOption.Given]? = { _ in nil }
    /// What a lone word `argumentAsOptions` takes is, for the usage line and the manual page's
    /// synopsis (`DIR|PHOTO`: `viewer [OPTIONS] [DIR|PHOTO] …`); nil: none is shown.
    public var argumentName: String?
    /// Options the preferences stand for beside their own, given what was typed (a photo viewer's
    /// `folder = DIR` starts its viewer, `--browse`, unless another source is typed); for an
    /// interactive session only, never for `run` or `test`.
    public var impliedByPreferences: (_ preferences: [AppOption.Given], _ typed: [AppOption.Given]) -> [AppOption.Given] = { _, _ in [] }
    /// What is wrong with a preference whose value reads (a folder that is not there), in words that
    /// say what to write instead; nil when nothing is. The preferences' file and line are put before
    /// it: a session could not tell later where the value came from.
    public var checkPreference: (AppOption.Given) -> String? = { _ in nil }

    /// The options of the app's own, as the command line accepts them and `--help` lists them.
    public var declaredOptions: [AppOption] { options.declared }

    /// Declares an app with options of its own.
    /// - Parameters:
    ///   - name: the app's name (see `name`).
    ///   - version: its version.
    ///   - summary: one line for `--help`.
    ///   - options: its options, each declared once (`AppOptions`): the launcher accepts them anywhere
    ///     on the command line, reads them from the preferences and from a script's or transcript's
    ///     header, writes those that change the output into recordings, and lists them in `--help`
    ///     (not the hidden ones).
    ///   - makeSession: puts a session together for the options: makes an `Engine` on
    ///     `setup.console`, registers the scene modules, starts the root scene. Throws a
    ///     `SessionSetupFailure` when the options cannot make a session (a missing key, an
    ///     unreadable file).
    public init(
        name: String, version: String, summary: String,
        options: AppOptions<Options>,
        makeSession: @escaping @MainActor (Options, SessionSetup) throws(SessionSetupFailure) -> AppSession
    ) {
        self.name = name
        self.version = version
        self.summary = summary
        self.options = options
        self.makeSession = makeSession
        self.configPath = ConfigFile.path(appName: name)
    }
}

/// What the process's environment says about how to run.
public enum AppEnvironment {
    /// Colour only on a terminal, never with NO_COLOR set (non-empty) or TERM=dumb.
    public static var standardOutputWantsColour: Bool {
        guard isatty(1) == 1 else { return false }
        if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
        return getenv("TERM").map { String(cString: $0) } != "dumb"
    }

    /// Whether standard output and standard error are the same file, pipe or terminal (one device
    /// and inode: `2>&1`): what is written to both would be seen twice.
    public static var standardOutputAndErrorAreOneFile: Bool {
        var output = stat(), errors = stat()
        guard fstat(1, &output) == 0, fstat(2, &errors) == 0 else { return false }
        return output.st_dev == errors.st_dev && output.st_ino == errors.st_ino
    }

    /// Whether standard error is a terminal that takes a carriage return and erase-line (TERM not dumb).
    public static var standardErrorIsATerminal: Bool {
        guard isatty(2) == 1 else { return false }
        return getenv("TERM").map { String(cString: $0) } != "dumb"
    }

    /// Whether this runs on CI (`CI` set and not empty): golden transcripts are never updated there.
    public static var isOnCI: Bool {
        guard let ci = getenv("CI") else { return false }
        return ci.pointee != 0
    }
}

extension REPLApp where Options == Void {
    /// Declares an app without options of its own; `main()` runs it from the command line.
    /// - Parameters:
    ///   - name: the app's name (see `name`).
    ///   - version: its version.
    ///   - summary: one line for `--help`.
    ///   - makeSession: puts a session together: makes an `Engine` on `setup.console`, registers the
    ///     scene modules, starts the root scene. Throws a `SessionSetupFailure` when it cannot.
    public init(
        name: String, version: String, summary: String,
        makeSession: @escaping @MainActor (SessionSetup) throws(SessionSetupFailure) -> AppSession
    ) {
        self.init(
            name: name, version: version, summary: summary, options: .none,
            makeSession: { _, setup throws(SessionSetupFailure) in try makeSession(setup) })
    }
}

/// What an app's `makeSession` is given.
@MainActor
public struct SessionSetup {
    /// The console the session writes to: make the `Engine` on it.
    public let console: Console
    /// Whether this is an interactive session (standard input and output are terminals). Scripts and
    /// transcripts are not, even when their output is a terminal, so they print the same everywhere.
    public let isInteractive: Bool
    /// Whether what the session prints goes to a terminal: an interactive session's, and a script's
    /// run on one (`APP run demo.txt` in a terminal, where pictures can be drawn); never a
    /// transcript's check.
    public let outputIsTerminal: Bool
    /// Whether this session checks a golden transcript (`APP test`): what it prints must not depend
    /// on the machine it runs on (a cache the user's sessions fill, say), and it has no effect
    /// outside: it never goes to the network (a network session replays a cassette), and what its
    /// commands write goes into `replayWrites`.
    public let isCheckingTranscript: Bool
    /// Where a transcript's check writes the files its commands write (`save`, `record`), under names
    /// made from the paths asked, which its messages still name; nil outside a check.
    package let replayWrites: ReplayWrites?

    /// The folder of the transcript being checked: a check writes nothing outside it (a photo viewer's
    /// thumbnail cache, when a transcript names one, is written only there). Nil outside a check.
    public let transcriptFolder: String?

    /// The options a script's header gave that nothing typed overrode (nil: no header). They are the
    /// script's word, not the person's: a script someone sent should not have the app write where it
    /// says, or send the user's key (a photo viewer only replays a cassette a header names).
    public let fromHeader: HeaderOptions?

    /// A setup on `console`.
    package init(
        console: Console, isInteractive: Bool, isCheckingTranscript: Bool = false, outputIsTerminal: Bool? = nil,
        replayWrites: ReplayWrites? = nil, transcriptFolder: String? = nil, fromHeader: HeaderOptions? = nil
    ) {
        self.fromHeader = fromHeader
        self.console = console
        self.isInteractive = isInteractive
        self.isCheckingTranscript = isCheckingTranscript
        self.outputIsTerminal = outputIsTerminal ?? isInteractive
        self.replayWrites = replayWrites
        self.transcriptFolder = transcriptFolder
    }
}

/// The options a script's or transcript's header gave, and the folder of its file.
public struct HeaderOptions: Sendable {
    /// The folder of the file whose header it is (its relative paths are relative to it).
    public let folder: String
    /// The names of the options it gave that nothing typed overrode (`--cassette`).
    public let names: Set<String>

    /// Whether the header gave the option named `name`.
    public func gave(_ name: String) -> Bool { names.contains(name) }
}

/// A session an app put together.
@MainActor
public struct AppSession {
    /// The engine, with the scene modules registered and the root scene started.
    public var engine: Engine
    /// Outputs of the app's own that could not be written to the end (a full disk), in words, asked
    /// once the session is over: each is reported as `NAME: MESSAGE`, and the session ends in exit 73.
    /// (A cassette of a network session is one.)
    public var outputFailures: @MainActor () async -> [String]
    /// Options the session knows of itself that its replay needs, asked when a recording or a
    /// transcript starts and written into its header (a photo viewer: a digest of its folder's listing, so
    /// that a replay on other photos says so). Declared options, usually hidden ones.
    public var recordedOptions: @MainActor () -> [AppOption.Given] = { [] }
    /// Options the session settled as it ran that a transcript's check needs to print the same, asked
    /// when a `--transcript` file ends and written into its header over the options the session
    /// started with (a photo viewer: how its pictures were drawn, which a check on no terminal cannot learn).
    public var transcriptOptions: @MainActor () -> [AppOption.Given] = { [] }

    /// A session on `engine`; `outputFailures` reports what the app could not write (none by default).
    public init(engine: Engine, outputFailures: @escaping @MainActor () async -> [String] = { [] }) {
        self.engine = engine
        self.outputFailures = outputFailures
    }
}

/// Why a session cannot start, and the exit code that says so (64 for options that do not go
/// together, 66 for a file that cannot be read…). The launcher prints `NAME: MESSAGE`.
public struct SessionSetupFailure: Error, Equatable {
    /// What went wrong and what to do instead.
    public var message: String
    /// The process's exit code.
    public var exitCode: Int32

    /// A failure saying `message`, ending the process with `exitCode`.
    public init(message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }
}

/// Where a session is also written, besides standard output.
public struct SessionOutputs: Equatable, Sendable {
    /// `--record FILE`: the commands typed, as a script that replays the session.
    public var record: String?
    /// `--transcript FILE`: the whole transcript, as `run` would print it.
    public var transcript: String?
    /// `--allow-writes DIR` (repeated): folders a replayed script may write in, beside the current
    /// folder and its own (it still replaces no file).
    public var allowedWrites: [String] = []

    /// Outputs at these paths (nil: none).
    public init(record: String? = nil, transcript: String? = nil) {
        self.record = record
        self.transcript = transcript
    }
}

/// The exit codes the launcher ends with (sysexits.h's where one fits).
public enum ExitStatus {
    /// Everything ran.
    public static let success: Int32 = 0
    /// A command failed, or a transcript differed.
    public static let failure: Int32 = 1
    /// The command line was not valid (EX_USAGE).
    public static let usage: Int32 = 64
    /// An input file could not be read (EX_NOINPUT).
    public static let noInput: Int32 = 66
    /// A library the session needs could not be loaded: libedit, for typing commands (EX_UNAVAILABLE).
    public static let unavailable: Int32 = 69
    /// An output file could not be created or written to the end (EX_CANTCREAT).
    public static let cannotCreate: Int32 = 73
    /// A run that a signal interrupted (Ctrl-C, SIGINT, SIGTERM or SIGHUP): what was finished is kept.
    public static let interrupted: Int32 = 130
    /// An interactive session ended by a signal: 128 + its number (129 for SIGHUP, 143 for SIGTERM).
    public static func signal(_ number: Int32) -> Int32 { 128 + number }
}
