import Imaging
import REPLEngine
#if canImport(Glibc)
import Glibc
#endif

/// The session's picture settings and the terminal's abilities, resolved once, at the first picture
/// (never at start-up: a session that shows no picture never queries the terminal). Scenes ask it
/// for the pixel box to decode and for the picture to hand to the Console.
@MainActor
public final class PictureDisplay {
    /// Where pictures appear: the detail scene's photo, or the collection's page (smaller).
    public enum Place: Sendable { case detail, page }

    /// What the session was started with, and what it knows about its terminal.
    public struct Setting: Sendable {
        public var mode: PreviewMode
        /// `--preview-size`; nil: the terminal's width and about 60 % of its height.
        public var size: CellBox?
        /// Whether standard output is a terminal.
        public var outputIsTerminal: Bool
        /// The environment variables that matter (TERM, COLORTERM, NO_COLOR, TMUX, TERM_PROGRAM, …).
        public var environment: [String: String]

        public init(mode: PreviewMode, size: CellBox?, outputIsTerminal: Bool, environment: [String: String]) {
            self.mode = mode
            self.size = size
            self.outputIsTerminal = outputIsTerminal
            self.environment = environment
        }
    }

    private let setting: Setting
    /// How the terminal is asked; tests replace it with a fake terminal.
    private let probe: @MainActor (_ tmux: Bool) -> TerminalProbe.Answer?
    /// The terminal's size in cells and pixels (TIOCGWINSZ); nil when output is no terminal.
    private let windowSize: @MainActor () -> winsize?
    private var resolved: PictureRenderer?

    public init(
        _ setting: Setting,
        probe: @escaping @MainActor (Bool) -> TerminalProbe.Answer? = PictureDisplay.askTerminal,
        windowSize: @escaping @MainActor () -> winsize? = PictureDisplay.standardOutputSize
    ) {
        self.setting = setting
        self.probe = probe
        self.windowSize = windowSize
    }

    /// Whether pictures could be shown at all, decided without asking the terminal.
    public var mayShowPictures: Bool {
        switch setting.mode {
        case .none: false
        case .auto: setting.outputIsTerminal && setting.environment["TERM"] != "dumb"
        default: true
        }
    }

    /// The renderer, resolved at the first call: `auto` looks at the environment, then asks the terminal.
    public var renderer: PictureRenderer {
        if let resolved { return resolved }
        let renderer = PictureRenderer(style: resolveStyle(), cellSize: cellSize(), inTmux: isInTmux)
        resolved = renderer
        return renderer
    }

    /// The box a picture at `place` must fit in, in cells.
    public func box(for place: Place) -> CellBox {
        let detail = setting.size ?? defaultBox()
        return place == .detail ? detail : detail.page
    }

    /// The pixel box to decode for `place`, or nil when no picture is shown.
    public func pixelBox(for place: Place) -> PixelSize? {
        guard mayShowPictures, renderer.style != .none else { return nil }
        return renderer.pixelBox(for: box(for: place))
    }

    /// The picture of `pixels` for `place`; nil when no picture is shown.
    public func picture(_ pixels: Pixels, for place: Place) -> TerminalPicture? {
        guard mayShowPictures else { return nil }
        return renderer.render(pixels, in: box(for: place))
    }

    // MARK: - Resolving

    private var isInTmux: Bool { !(setting.environment["TMUX"] ?? "").isEmpty }

    private func resolveStyle() -> PictureStyle {
        let env = setting.environment
        switch setting.mode {
        case .none: return .none
        case .ascii: return .ascii
        case .symbols: return .symbols(colours)
        case .sixel: return .sixel
        case .kitty: return .kitty
        case .iterm: return .iterm
        case .auto: break
        }
        guard setting.outputIsTerminal, env["TERM"] != "dumb" else { return .none }
        if let noColour = env["NO_COLOR"], !noColour.isEmpty { return .symbols(.monochrome) }
        // Terminals that say who they are: no need to ask (timg and yazi do the same).
        let term = env["TERM"] ?? ""
        if term == "xterm-kitty" || term == "xterm-ghostty" || !(env["KITTY_WINDOW_ID"] ?? "").isEmpty { return .kitty }
        if ["iTerm.app", "WezTerm"].contains(env["TERM_PROGRAM"] ?? "") { return .iterm }
        if let answer = probe(isInTmux), answer.complete {
            if answer.kittyGraphics { return .kitty }
            if answer.sixel { return .sixel }
        }
        return .symbols(colours)
    }

    /// The colours a symbol picture may use, from what the environment says of the terminal.
    private var colours: PictureStyle.Colours {
        let env = setting.environment
        if let noColour = env["NO_COLOR"], !noColour.isEmpty { return .monochrome }
        let colourTerm = (env["COLORTERM"] ?? "").lowercased()
        let term = env["TERM"] ?? ""
        if colourTerm == "truecolor" || colourTerm == "24bit" || term.hasSuffix("-direct") || term == "xterm-kitty" { return .truecolor }
        if term.contains("256") { return .indexed256 }
        return .indexed16
    }

    /// The cell size in pixels from TIOCGWINSZ when the terminal reports a plausible one (timg's
    /// rule: at least 2×4 pixels a cell), else 10×20, a common one.
    private func cellSize() -> PixelSize {
        if let size = windowSize(), size.ws_col > 0, size.ws_row > 0,
           Int(size.ws_xpixel) >= 2 * Int(size.ws_col), Int(size.ws_ypixel) >= 4 * Int(size.ws_row) {
            return PixelSize(width: Int(size.ws_xpixel) / Int(size.ws_col), height: Int(size.ws_ypixel) / Int(size.ws_row))
        }
        return PixelSize(width: 10, height: 20)
    }

    /// The terminal's width and about 60 % of its height; 80×14 (of an 80×24 screen) with no terminal.
    private func defaultBox() -> CellBox {
        guard let size = windowSize(), size.ws_col > 0, size.ws_row > 0 else { return CellBox(columns: 80, rows: 14) }
        return CellBox(columns: min(Int(size.ws_col), CellBox.maximum.columns), rows: max(4, Int(size.ws_row) * 6 / 10))
    }

    /// Asks the terminal (through tmux when it passes graphics through; not at all when it does not),
    /// and hands what the user typed meanwhile back to the line editor.
    public static func askTerminal(tmux: Bool) -> TerminalProbe.Answer? {
        if tmux && !TerminalProbe.tmuxPassesThrough() { return nil }
        let answer = TerminalProbe.queryTerminal(tmux: tmux)
        EditLineSource.returnTypeAhead(answer?.typed ?? [])
        return answer
    }

    public static func standardOutputSize() -> winsize? {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
        return size
    }
}
