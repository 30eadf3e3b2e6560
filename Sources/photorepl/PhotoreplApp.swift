import REPLEngine
import REPLLauncher
import TerminalPictures

/// photorepl as an app of the shared launcher: its name and version, and its sessions put together by
/// the composition root from its own options. The command line (swift-argument-parser) hands its
/// commands to the launcher's `interactive`, `scripts` and `transcripts`.
@MainActor
enum PhotoreplApp {
    static let app = REPLApp<SessionOptions>(
        name: "photorepl", version: Photorepl.version,
        summary: "A scriptable REPL for Clean Swift scenes: browse photos in a terminal.",
        // swift-argument-parser reads photorepl's command line and hands its options over.
        options: [], parseOptions: { _ throws(LaunchCommand.UsageError) in SessionOptions() },
        makeSession: { options, setup throws(SessionSetupFailure) in
            try CompositionRoot.makeSession(options, console: setup.console, display: displaySetting(options, outputIsTerminal: setup.isInteractive))
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
        return PictureDisplay.Setting(mode: options.preview, size: options.previewSize, outputIsTerminal: outputIsTerminal, environment: environment)
    }
}
