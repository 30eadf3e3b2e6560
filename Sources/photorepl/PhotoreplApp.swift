import Networking
import PhotoDomain
import REPLEngine
import REPLLauncher
import TerminalPictures

/// photorepl as an app of the shared launcher: its name and version, its options (`SessionOptions`),
/// and its sessions put together by the composition root from them. The launcher reads the command
/// line and runs the interactive session, `run` and `test`.
@MainActor
enum PhotoreplApp {
    static let app: REPLApp<SessionOptions> = {
        var app = REPLApp(
            name: "photorepl", version: "\(Photorepl.version) (commit \(BuildInfo.commit))",
            summary: "A scriptable REPL for Clean Swift scenes: browse photos in a terminal.",
            options: SessionOptions.options
        ) { options, setup throws(SessionSetupFailure) in
            try CompositionRoot.makeSession(
                options, setup: setup, display: displaySetting(options, outputIsTerminal: setup.outputIsTerminal))
        }
        app.manualSections = manualSections
        app.secretVariables = ["UNSPLASH_ACCESS_KEY"]
        app.argumentName = "DIR|PHOTO"
        // `photorepl ~/Pictures` and `photorepl photo.jpg`, as image viewers take them: the folder
        // to browse, or the photo to open (its first bytes say it is one; a script is not).
        app.argumentAsOptions = { word throws(LaunchCommand.UsageError) in
            if FolderCheck.problem(word) == nil {
                return [AppOption.Given(name: "--folder", value: word), AppOption.Given(name: "--browse", value: nil)]
            }
            if PhotoFolder.isPhoto(word) { return [AppOption.Given(name: "--open", value: word)] }
            // A path that names nothing (a folder's, with its slash; a photo's, by its extension):
            // said so, not taken for a script or a command.
            let shown = TerminalText.truncate(TerminalText.oneLine(word), toWidth: 80)
            if !FileBytes.exists(word), word.contains("/") || PhotoFolder.format(named: Array(word.utf8)) != nil {
                throw LaunchCommand.UsageError("\(shown): no such file or folder (\(FolderCheck.nearestFolder(of: word)))", exitCode: 66)
            }
            // A file that is there and is no photo photorepl shows (an SVG drawing, a document) is
            // said to be one; a text file may be a script, which `run` takes.
            if let kind = FolderCheck.notAPhoto(word) {
                throw LaunchCommand.UsageError(
                    "\(shown): \(kind) (photorepl shows JPEG, PNG, WebP, GIF, HEIC, AVIF, JPEG XL, TIFF and camera RAW photos)",
                    exitCode: 66)
            }
            return nil
        }
        // `folder = DIR` in the preferences starts the viewer on DIR, as `photorepl DIR` does, unless
        // the command line names another source.
        app.impliedByPreferences = { preferences, typed in
            let named = ["--folder", "--source", "--open", "--browse"]
            guard preferences.contains(where: { $0.name == "--folder" }), !preferences.contains(where: { $0.name == "--browse" }),
                !typed.contains(where: { named.contains($0.name) })
            else { return [] }
            return [AppOption.Given(name: "--browse", value: nil)]
        }
        app.checkPreference = { given in
            guard let value = given.value else { return nil }
            switch given.name {
            case "--folder":
                return FolderCheck.problem(value).map {
                    "folder = \(TerminalText.truncate(TerminalText.oneLine(value), toWidth: 80)): \($0)"
                }
            case "--open":
                return PhotoFolder.isPhoto(value)
                    ? nil : "open = \(TerminalText.truncate(TerminalText.oneLine(value), toWidth: 80)): \(FolderCheck.photoProblem(value))"
            default: return nil
            }
        }
        return app
    }()

    /// The manual page's sections of photorepl's own, after the options.
    static let manualSections: [ManualPage.Section] = [
        ManualPage.Section(
            "Environment",
            [
                (
                    "UNSPLASH_ACCESS_KEY",
                    "The Unsplash API's access key, for --source unsplash: sent in the Authorization header only, written nowhere; any output that would show it shows [UNSPLASH_ACCESS_KEY] instead. Not needed to replay a cassette."
                ),
                (
                    "UNSPLASH_API_URL",
                    "Another server in place of https://api.unsplash.com (the tests' fake, Scripts/unsplash-test-server)."
                ),
                ("XDG_CACHE_HOME", "Where the thumbnail cache is: $XDG_CACHE_HOME/thumbnails, else ~/.cache/thumbnails."),
                ("XDG_CONFIG_HOME", "Where the preferences are: $XDG_CONFIG_HOME/photorepl/config, else ~/.config/photorepl/config."),
                ("XDG_STATE_HOME", "Where the history is kept: $XDG_STATE_HOME/photorepl/history, else ~/.local/state/photorepl/history."),
                ("NO_COLOR", "When set and not empty, no colours and no styles."),
                ("CI", "When set and not empty: 'test --update' is refused, and a missing cassette is an error instead of being recorded.")
            ]),
        ManualPage.Section(
            "Files",
            [
                ("~/.local/state/photorepl/history", "The interactive session's history, readable by you only, at most 1000 lines."),
                (
                    "~/.config/photorepl/config",
                    "Preferences: the long options without their dashes, one a line ('preview = symbols', 'layout = grid', a flag such as 'no-cache' alone), under what is typed; $XDG_CONFIG_HOME/photorepl/config when XDG_CONFIG_HOME is set. --no-config leaves it out; 'photorepl test' never reads it."
                ),
                (
                    "~/.cache/thumbnails",
                    "The freedesktop.org thumbnail cache, shared with the desktop: read, and written for the photos of a folder."
                ),
                (
                    "bash",
                    "source <(photorepl --generate-completion-script bash), or save the script in ~/.local/share/bash-completion/completions/photorepl."
                ),
                ("zsh", "photorepl --generate-completion-script zsh > ~/.zfunc/_photorepl, with fpath=(~/.zfunc $fpath) before compinit."),
                ("fish", "photorepl --generate-completion-script fish > ~/.config/fish/completions/photorepl.fish.")
            ]),
        ManualPage.Section(
            "Examples",
            [
                (
                    "photorepl ~/Pictures",
                    "Your photos, listed at once by name: 'open 3' shows one, PageDown, Space or Enter the next, 'back' the list again; 'sort date' orders them by when they were taken, 'sort size' by size."
                ),
                (
                    "photorepl ~/Pictures/photo.jpg",
                    "Open a photo in the detail, at its place among its folder's photos (its files, not the folders inside): 'next' and 'prev' step, 'back' lists them."
                ),
                ("photorepl ~/Pictures --layout grid", "Your own photos, as contact sheets: 'next' turns the sheet."),
                (
                    "photorepl",
                    "The sample app on the embedded catalog: type 'count 5', 'fetch', 'open 2', 'move 4', 'back'. Enter on an empty line repeats 'next'; PageDown and PageUp page."
                ),
                ("printf 'count 3\\nfetch\\nopen 2\\n' > tour.txt", "A script: one command a line, as typed."),
                ("photorepl run tour.txt", "Replay it and print its transcript (with pictures on a terminal)."),
                (
                    "photorepl run --no-config tour.txt > tour.t; photorepl test tour.t",
                    "Keep the transcript as a golden file, read it, then check the script still prints it. 'test' reads no preferences, so the transcript is made without them; options it needs are given to 'test' too, or written on its first line ('# photorepl: --preview ascii')."
                ),
                ("photorepl --record session.txt", "Record what you type in the REPL as a script that replays it."),
                ("UNSPLASH_ACCESS_KEY=... photorepl --source unsplash --feed", "Unsplash's latest photos, a page at a time.")
            ]),
        ManualPage.Section(
            "See also",
            [
                (
                    nil,
                    "chafa(1) and timg(1) draw pictures in a terminal, as photorepl's 'symbols', 'sixel' and 'kitty' do; tmux(1) and screen(1) pass pictures through (tmux with 'set -g allow-passthrough on')."
                )
            ])
    ]

    /// How pictures are shown in a session whose standard output is (or is not) a terminal.
    static func displaySetting(_ options: SessionOptions, outputIsTerminal: Bool) -> PictureDisplay.Setting {
        var environment: [String: String] = [:]
        for name in [
            "TERM", "COLORTERM", "NO_COLOR", "TMUX", "STY", "TERM_PROGRAM", "KITTY_WINDOW_ID", "SSH_CONNECTION", "SSH_TTY", "SSH_CLIENT"
        ] {
            environment[name] = Environment.environmentValue(name)
        }
        return PictureDisplay.Setting(
            mode: options.preview, size: options.previewSize, outputIsTerminal: outputIsTerminal, environment: environment,
            sheetSize: options.sheetSize, cellSize: options.cellSize, animates: !options.noAnimation)
    }
}
