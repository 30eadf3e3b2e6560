import REPLEngine
import REPLLauncher
import TerminalPictures

/// photorepl as an app of the shared launcher: its name and version, its options (`SessionOptions`),
/// and its sessions put together by the composition root from them. The launcher reads the command
/// line and runs the interactive session, `run` and `test`.
@MainActor
enum PhotoreplApp {
    static let app = REPLApp<SessionOptions>(
        name: "photorepl", version: Photorepl.version,
        summary: "A scriptable REPL for Clean Swift scenes: browse photos in a terminal.",
        options: SessionOptions.declared,
        parseOptions: { given throws(LaunchCommand.UsageError) in try SessionOptions(given) },
        makeSession: { options, setup throws(SessionSetupFailure) in
            try CompositionRoot.makeSession(
                options, console: setup.console, display: displaySetting(options, outputIsTerminal: setup.isInteractive),
                isInteractive: setup.isInteractive, isCheckingTranscript: setup.isCheckingTranscript)
        },
        applyingHeader: { options, header throws(TranscriptSuite.Failure) in try options.applying(header) },
        replayArguments: { $0.replayArguments }
    )

    /// How pictures are shown in a session whose standard output is (or is not) a terminal.
    static func displaySetting(_ options: SessionOptions, outputIsTerminal: Bool) -> PictureDisplay.Setting {
        var environment: [String: String] = [:]
        for name in ["TERM", "COLORTERM", "NO_COLOR", "TMUX", "TERM_PROGRAM", "KITTY_WINDOW_ID"] {
            environment[name] = Environment.environmentValue(name)
        }
        return PictureDisplay.Setting(mode: options.preview, size: options.previewSize, outputIsTerminal: outputIsTerminal, environment: environment,
                                      sheetSize: options.sheetSize)
    }
}
