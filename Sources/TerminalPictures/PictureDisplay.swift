import Imaging
import SystemCalls
import REPLEngine

/// The session's picture settings and the terminal's abilities, resolved once, at the first picture
/// (never at start-up: a session that shows no picture never queries the terminal). Scenes ask it
/// for the pixel box to decode and for the picture to hand to the Console.
@MainActor
package final class PictureDisplay {
    /// Where pictures appear: the detail scene's photo, or the collection's page (smaller).
    package enum Place: Sendable { case detail, page }

    /// What the session was started with, and what it knows about its terminal.
    package struct Setting: Sendable {
        package var mode: PreviewMode
        /// `--preview-size`; nil: the terminal's width and about 60 % of its height.
        package var size: CellBox?
        /// Whether standard output is a terminal.
        package var outputIsTerminal: Bool
        /// The environment variables that matter (TERM, COLORTERM, NO_COLOR, TMUX, TERM_PROGRAM, …).
        package var environment: [String: String]
        /// `--sheet-size`: the area a contact sheet fills; nil: the window (80×20 with no terminal).
        package var sheetSize: CellBox?
        /// `--cell-size`: a cell's pixels where the terminal does not say them (no terminal at all:
        /// a transcript's check of a session that drew its pictures in pixels); nil: 10×20.
        package var cellSize: PixelSize?
        /// Whether animations play in the detail (`--no-animation` turns it off): only ever on a
        /// terminal, never in ASCII.
        package var animates: Bool

        package init(
            mode: PreviewMode, size: CellBox?, outputIsTerminal: Bool, environment: [String: String], sheetSize: CellBox? = nil,
            cellSize: PixelSize? = nil, animates: Bool = true
        ) {
            self.animates = animates
            self.mode = mode
            self.size = size
            self.outputIsTerminal = outputIsTerminal
            self.environment = environment
            self.sheetSize = sheetSize
            self.cellSize = cellSize
        }
    }

    /// How this session laid out and drew its pictures, as options would give them to a session
    /// with no terminal (a transcript's check, which then chooses and lays out as this one did):
    /// the mode drawn in, the detail's box and the cell's pixels (nil until a picture was drawn), and
    /// a sheet's area (nil where there is no window to measure).
    package struct Replay: Equatable, Sendable {
        package var mode: PreviewMode?
        package var size: CellBox?
        package var cellSize: PixelSize?
        package var sheetSize: CellBox?
    }

    /// The sizes this session lays out with now, for a recording's header (its replay lays out as
    /// this session did, within its own window): the detail's box and a sheet's area, where there is a
    /// window to measure. Nothing is asked of the terminal (a sixel terminal's own limit is not in
    /// the box: the replay's terminal applies its own).
    package func recordedSizes() -> Replay {
        var replay = Replay()
        guard let size = windowSize(), size.ws_col > 0, size.ws_row > 0 else { return replay }
        replay.sheetSize = sheetArea()
        if mayShowPictures {
            var box = setting.size ?? defaultBox()
            box.columns = min(box.columns, Int(size.ws_col))
            box.rows = min(box.rows, max(1, Int(size.ws_row) - 2))
            replay.size = box
        }
        return replay
    }

    /// What a transcript's check needs to lay out and draw as this session did, as far as it did.
    package func replay() -> Replay {
        var replay = Replay()
        if let size = windowSize(), size.ws_col > 0, size.ws_row > 0 { replay.sheetSize = sheetArea() }
        guard let resolved else { return replay }
        replay.mode =
            switch resolved.style {
            case .symbols: .symbols
            case .sixel: .sixel
            case .kitty: .kitty
            case .iterm: .iterm
            case .ascii: .ascii
            case .none: PreviewMode.none
            }
        if resolved.style != .none { replay.size = box(for: .detail) }
        if resolved.style.usesPixels { replay.cellSize = resolved.cellSize }
        return replay
    }

    private let setting: Setting
    /// How the terminal is asked; tests replace it with a fake terminal.
    private let probe: @MainActor (TerminalProbe.Request) -> TerminalProbe.Answer?
    /// The terminal's size in cells and pixels (TIOCGWINSZ); nil when output is no terminal.
    private let windowSize: @MainActor () -> winsize?
    private var resolved: PictureRenderer?

    package init(
        _ setting: Setting,
        probe: @escaping @MainActor (TerminalProbe.Request) -> TerminalProbe.Answer? = PictureDisplay.askTerminal,
        windowSize: @escaping @MainActor () -> winsize? = PictureDisplay.standardOutputSize
    ) {
        self.setting = setting
        self.probe = probe
        self.windowSize = windowSize
    }

    /// Whether pictures could be shown at all, decided without asking the terminal.
    package var mayShowPictures: Bool {
        switch setting.mode {
        case .none: false
        case .auto: setting.outputIsTerminal && setting.environment["TERM"] != "dumb"
        default: true
        }
    }

    /// The renderer, resolved at the first call: the environment, then (on a terminal) the terminal's
    /// own answers, asked once.
    package var renderer: PictureRenderer {
        if let resolved {
            // A font change (kitty's Ctrl+Shift+−) changes the cells' pixels: the window says so,
            // and pictures are made for the new cells (kitty draws them at their size in pixels).
            let cell = windowCell()
            guard cell != resolvedWindowCell, let cell else { return resolved }
            resolvedWindowCell = cell
            let renderer = resolved.withCellSize(cell)
            self.resolved = renderer
            return renderer
        }
        let renderer = resolveRenderer()
        resolved = renderer
        resolvedWindowCell = windowCell()
        return renderer
    }

    /// The window's cell size when the renderer was made (or last changed with the font).
    private var resolvedWindowCell: PixelSize?

    /// The box a picture at `place` must fit in, in cells: `--preview-size` or the default, never
    /// larger than the window (with a row left for the line after it), nor than the terminal's largest
    /// sixel picture.
    package func box(for place: Place) -> CellBox {
        var detail = setting.size ?? defaultBox()
        if let size = windowSize(), size.ws_col > 0, size.ws_row > 0 {
            detail.columns = min(detail.columns, Int(size.ws_col))
            detail.rows = min(detail.rows, max(1, Int(size.ws_row) - 2))
        }
        let renderer = mayShowPictures ? renderer : nil
        if let renderer, renderer.style == .sixel, let maximum = renderer.sixelMaximum {
            detail.columns = max(1, min(detail.columns, maximum.width / renderer.cellSize.width))
            detail.rows = max(1, min(detail.rows, maximum.height / renderer.cellSize.height))
        }
        guard place == .page else { return detail }
        let page = detail.page
        return CellBox(columns: min(page.columns, detail.columns), rows: min(page.rows, detail.rows))
    }

    /// Whether only the pictures a transcript's check compares are decoded (set for a check): a
    /// picture in a mode with no text form (symbols, sixel, kitty, iTerm2) is in no transcript, nor
    /// is the line saying why one could not be drawn, so the check decodes none of them and prints
    /// what the transcript holds. `show --why`, whose line names where the picture came from, still
    /// decodes.
    package var decodesOnlyComparedPictures = false

    /// Whether pictures leave text in a transcript: ASCII's do; the others are bytes for the
    /// terminal only, and so is the line saying why one was not drawn.
    package var picturesHaveText: Bool { setting.mode == .ascii }

    /// Whether this session's pictures are decoded at all where `explaining` says whether a line
    /// will name the picture's source.
    private func decodes(explaining: Bool) -> Bool {
        mayShowPictures && (explaining || picturesHaveText || !decodesOnlyComparedPictures)
    }

    /// The pixel box to decode for `place`, or nil when no picture is shown (`explaining`: a line
    /// will say where it came from, `show --why`).
    package func pixelBox(for place: Place, explaining: Bool = false) -> PixelSize? {
        guard decodes(explaining: explaining), renderer.style != .none else { return nil }
        return renderer.pixelBox(for: box(for: place))
    }

    /// How a contact sheet is laid out here: as many cells of `SheetLayout.cell` as fit the window
    /// (less four lines for the headline, the prompt and the line the command was typed on), or
    /// `--sheet-size` within it; 80×20 with no terminal. The same whether pictures are shown or not,
    /// so that `grid 2` shows the same photos in every mode.
    package func sheetLayout() -> SheetLayout {
        SheetLayout(fitting: sheetArea())
    }

    /// The area a sheet fills: `--sheet-size` within the window (less four lines), the window, or
    /// 80×20 with no terminal.
    private func sheetArea() -> CellBox {
        var area = setting.sheetSize ?? SheetLayout.areaWithoutTerminal
        if let size = windowSize(), size.ws_col > 0, size.ws_row > 0 {
            area.columns = min(setting.sheetSize?.columns ?? .max, Int(size.ws_col))
            area.rows = max(1, min(setting.sheetSize?.rows ?? .max, Int(size.ws_row) - 4))
        }
        return area
    }

    /// The pixel box to decode for a sheet's thumbnails, or nil when no picture is shown.
    package func sheetPixelBox() -> PixelSize? {
        guard decodes(explaining: false), renderer.style != .none else { return nil }
        return sheetRenderer.pixelBox(for: SheetLayout.cell)
    }

    /// How a sheet's thumbnails are drawn: as single pictures are, but inside tmux, where pixel
    /// pictures side by side are drawn in symbols. tmux passes a picture through to the terminal
    /// outside wherever that terminal's cursor happens to be, which is not where tmux's own cursor is
    /// until tmux has drawn the text before it: thumbnails landed over the list and in other cells.
    /// (kitty placeholders are text: tmux places them itself.)
    private var sheetRenderer: PictureRenderer {
        let renderer = renderer
        guard isInTmux, renderer.style.usesPixels, !renderer.kittyPlaceholders else { return renderer }
        return PictureRenderer(style: .symbols(.truecolor), cellSize: renderer.cellSize, inTmux: true, background: renderer.background)
    }

    /// A row of a sheet's thumbnails (nil where a photo has none); nil when no picture is shown.
    package func sheetRow(_ pictures: [Pixels?]) -> TerminalPicture? {
        guard mayShowPictures else { return nil }
        let renderer = sheetRenderer
        if renderer.kittyPlaceholders {
            let ids = pictures.map { $0 == nil ? 0 : KittyPlaceholders.nextImageID() }
            let picture = renderer.renderRow(pictures, cell: SheetLayout.cell, gap: SheetLayout.gap, kittyImageIDs: ids)
            return placing(picture, images: ids.filter { $0 != 0 })
        }
        return afterTidying(renderer.renderRow(pictures, cell: SheetLayout.cell, gap: SheetLayout.gap), drawnBy: renderer)
    }

    /// The picture of `pixels` for `place`; nil when no picture is shown.
    package func picture(_ pixels: Pixels, for place: Place) -> TerminalPicture? {
        guard mayShowPictures else { return nil }
        let renderer = renderer
        if renderer.kittyPlaceholders {
            let id = KittyPlaceholders.nextImageID()
            return placing(renderer.render(pixels, in: box(for: place), kittyImageID: id), images: [id])
        }
        return afterTidying(renderer.render(pixels, in: box(for: place)), drawnBy: renderer)
    }

    /// The kitty images placed by placeholders that may still be on screen, oldest first, each
    /// picture's (or sheet row's) with the rows it takes.
    private var placedImages: [(ids: [UInt32], rows: Int)] = []

    /// A placeholder picture about to be drawn, after deleting the images that have scrolled off the
    /// window: kitty keeps every image until it is deleted, and a session shows thousands. Pictures
    /// are text here, each on rows of its own: once the pictures drawn after one take the window's
    /// rows, it is off the screen (text between them only pushes it further). What is kept is then
    /// at most about two windows of pixels.
    private func placing(_ picture: TerminalPicture?, images: [UInt32]) -> TerminalPicture? {
        guard let picture else { return nil }
        let rows = picture.bytes.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        placedImages.append((images, rows))
        let windowRows = windowSize().map { Int($0.ws_row) }.flatMap { $0 > 0 ? $0 : nil } ?? 24
        var deleting = [UInt8]()
        while placedImages.count > 1, placedImages.dropFirst().reduce(0, { $0 + $1.rows }) >= windowRows {
            deleting += placedImages.removeFirst().ids.flatMap(KittyPlaceholders.deleting)
        }
        return deleting.isEmpty ? picture : TerminalPicture(generated: deleting + picture.bytes, transcriptText: nil)
    }

    /// The ids of the kitty images kept for placeholders still on screen (for tests).
    var keptImages: [UInt32] { placedImages.flatMap(\.ids) }

    /// A kitty picture about to be drawn, after deleting those the window has shrunk over since they
    /// were drawn (the prompt's tidying is not asked between a resize and the next command's picture).
    private func afterTidying(_ picture: TerminalPicture?, drawnBy renderer: PictureRenderer) -> TerminalPicture? {
        if isInScreen, picture != nil, let size = windowSize() { screenPicturesWindow = size }
        guard renderer.style == .kitty else { return picture }
        let tidying = tidyAfterResize()
        if let size = windowSize() { kittyPicturesWindow = size }
        guard let tidying else { return picture }
        return TerminalPicture(generated: tidying.bytes + (picture?.bytes ?? []), transcriptText: nil)
    }

    // MARK: - Animations

    /// How an animation is played.
    package enum AnimationPlayback: Equatable, Sendable {
        /// kitty plays it: its frames are sent once, then it runs by itself.
        case byTerminal
        /// Each frame drawn again over the picture, in place, while the command runs.
        case redrawn
    }

    /// How an animation can be played here, nil when it cannot: not on a terminal (a pipe, a
    /// transcript), in ASCII or no pictures, with `--no-animation`, and kitty inside tmux or GNU
    /// screen (whose placement there is not this picture's).
    package func animationPlayback() -> AnimationPlayback? {
        guard setting.animates, setting.outputIsTerminal, mayShowPictures else { return nil }
        switch renderer.style {
        case .kitty: return isInTmux || isInScreen ? nil : .byTerminal
        // Inside tmux a frame passed through would land at the terminal's cursor, not in place
        // (see Console.writePicture); symbols are text, which tmux moves itself.
        case .sixel, .iterm: return isInTmux ? nil : .redrawn
        case .symbols: return .redrawn
        default: return nil
        }
    }

    /// The kitty animation on screen: its image number and the size its frames are sent at.
    private var kittyAnimation: (id: UInt32, payload: PixelSize)?
    /// Image numbers of our own, counted from a high one: other programs in the same window number
    /// theirs from 1.
    private var nextAnimationID: UInt32 = 0x5048_0000

    /// The first frame of an animation kitty will play, drawn as `picture` draws a picture but
    /// under an image number of its own; nil when kitty does not play it here.
    package func animationStart(_ pixels: Pixels, for place: Place) -> TerminalPicture? {
        guard animationPlayback() == .byTerminal else { return nil }
        nextAnimationID += 1
        let renderer = renderer
        let (picture, payload) = renderer.kittyAnimationStart(pixels, in: box(for: place), id: nextAnimationID)
        kittyAnimation = (nextAnimationID, payload)
        return afterTidying(picture, drawnBy: renderer)
    }

    /// The frames being sent to the kitty animation on screen, while the person is at the prompt.
    private var sending: (output: any PromptOutput, task: Task<Void, Never>)?

    /// Sends `frames` after the first (on screen already) to the kitty animation on screen, each
    /// with its gap, then runs it as the file asks (`plays`: 0 for ever) — in the background, through
    /// `output`, while the person is at the prompt: sent before the prompt came back, a 300-frame
    /// GIF held it 18.8 s. A key or Ctrl-C at the prompt ends the sending (the first frame stays), as
    /// stopping or halting the animation does; a frame that cannot be decoded ends it too, and the
    /// frames before it play. `frames` is stopped when the sending ends.
    package func animationSend(_ frames: AnimationFrames, through output: any PromptOutput) {
        endSending()
        guard let animation = kittyAnimation else {
            output.end()
            Task { await frames.stop() }
            return
        }
        let renderer = renderer
        sending = (output, Task.detached { await Self.send(frames, to: animation, drawnBy: renderer, through: output) })
    }

    private nonisolated static func send(
        _ frames: AnimationFrames, to animation: (id: UInt32, payload: PixelSize),
        drawnBy renderer: PictureRenderer, through output: any PromptOutput
    ) async {
        var firstGap = 100
        do {
            // Each frame is decoded only while the stream is open: a key stops the work too.
            while output.isOpen, let frame = try await frames.nextFrame() {
                guard frame.index > 0 else {
                    firstGap = frame.milliseconds
                    continue
                }
                let bytes = renderer.kittyAnimationFrame(
                    frame.pixels, payload: animation.payload, id: animation.id, gap: frame.milliseconds
                ).bytes
                guard await output.write(bytes) else { break }
            }
        } catch {
            // Not decoded past here: what was sent plays. Nothing is printed at the prompt.
        }
        let plays = await frames.plays
        await frames.stop()
        if output.isOpen {
            _ = await output.write(renderer.kittyAnimationRun(id: animation.id, firstGap: firstGap, plays: plays == 0 ? nil : plays).bytes)
        }
        output.end()
    }

    /// Ends the sending of frames, if any: no write is under way when it returns (writes happen
    /// only while the person is at the prompt, and this runs on the main actor during a command).
    private func endSending() {
        guard let sending else { return }
        sending.output.end()
        sending.task.cancel()
        self.sending = nil
    }

    /// What stops the animation on screen: kitty's deleted (nil when there is none, or it is
    /// redrawn, which stops with the command).
    package func animationStop() -> TerminalPicture? {
        endSending()
        guard let animation = kittyAnimation else { return nil }
        kittyAnimation = nil
        return renderer.kittyAnimationDelete(id: animation.id)
    }

    /// What halts the animation kitty plays on screen, its frame of the moment kept (Ctrl-C at the
    /// prompt); nil when kitty plays none. It stays the animation on screen: leaving deletes it.
    package func animationHalt() -> TerminalPicture? {
        endSending()
        guard let animation = kittyAnimation else { return nil }
        return renderer.kittyAnimationHalt(id: animation.id)
    }

    /// A frame drawn over the picture at `place`, whose top is `linesBelow` lines of text above the
    /// cursor plus its own rows; nil when the picture and those lines are taller than the window
    /// (its top has scrolled away, and a frame would be drawn over other text).
    package func animationFrameInPlace(_ pixels: Pixels, for place: Place, linesBelow: Int) -> TerminalPicture? {
        guard animationPlayback() == .redrawn, let window = windowSize() else { return nil }
        let renderer = renderer
        let box = box(for: place)
        let rows = renderer.cells(for: PixelSize(width: pixels.width, height: pixels.height), in: box).rows
        guard rows + linesBelow < Int(window.ws_row) else { return nil }
        return renderer.frameInPlace(pixels, in: box, rowsUp: rows + linesBelow)
    }

    /// The window's size when the last kitty picture was drawn; nil: none is on screen.
    private var kittyPicturesWindow: winsize?

    /// What deletes the kitty pictures on screen when the window has changed size since they were
    /// drawn, larger or smaller (kitty draws pictures above text and reflows the text under them: a
    /// window made larger, then smaller again, left a picture over the list written meanwhile); nil
    /// when nothing needs it. Asked before each prompt and as the window changes at the prompt: the
    /// text written next is never hidden.
    package func tidyAfterResize() -> TerminalPicture? {
        guard let drawn = kittyPicturesWindow, let size = windowSize(), size.ws_col != drawn.ws_col || size.ws_row != drawn.ws_row else {
            return nil
        }
        kittyPicturesWindow = nil
        // The animation's frames would go to a picture no longer there.
        endSending()
        return renderer.deletingPictures
    }

    /// The window GNU screen's pictures were drawn in (nil: none since the screen was cleared).
    private var screenPicturesWindow: winsize?

    /// What clears GNU screen's window when it has changed size at the prompt since pictures were
    /// drawn: they are text there, which screen re-wraps to the new width (stripes after a shrink,
    /// ragged edges after growing), and nothing can redraw them in place. nil when nothing needs it.
    package func clearAfterResizeInScreen() -> TerminalPicture? {
        guard isInScreen, let drawn = screenPicturesWindow, let size = windowSize(),
            size.ws_col != drawn.ws_col || size.ws_row != drawn.ws_row
        else { return nil }
        screenPicturesWindow = nil
        return TerminalPicture(generated: Array("\u{1B}[H\u{1B}[2J".utf8), transcriptText: nil)
    }

    /// A line to show once, before the first picture, when the picture cannot be shown in the mode
    /// asked for and another is used instead (nil: nothing to say, or said already).
    package func takeNote() -> String? {
        _ = renderer
        defer { note = nil }
        return note
    }

    private var note: String?

    // MARK: - Resolving

    private var isInTmux: Bool { !(setting.environment["TMUX"] ?? "").isEmpty }

    /// Over ssh the terminal is on another machine: it cannot read this one's files or memory.
    private var isOverSSH: Bool {
        ["SSH_CONNECTION", "SSH_TTY", "SSH_CLIENT"].contains { !(setting.environment[$0] ?? "").isEmpty }
    }

    /// GNU screen (STY, or a `screen` TERM outside tmux, which names its terminals so too): it prints
    /// queries it does not know as text and passes no pictures through, so it is never asked anything
    /// and pictures are drawn with symbols, in the 256 colours it carries or the 16 its terminal has
    /// (`colours(from:)`).
    private var isInScreen: Bool {
        !isInTmux && (!(setting.environment["STY"] ?? "").isEmpty || (setting.environment["TERM"] ?? "").hasPrefix("screen"))
    }

    /// Everything about the terminal, learned once: the style, its colours, the sixel limits, and
    /// what tmux lets through.
    private func resolveRenderer() -> PictureRenderer {
        let env = setting.environment
        let terminal = setting.outputIsTerminal && env["TERM"] != "dumb"
        let noColour = !(env["NO_COLOR"] ?? "").isEmpty
        let term = env["TERM"] ?? ""
        let saysKitty = term == "xterm-kitty" || term == "xterm-ghostty" || !(env["KITTY_WINDOW_ID"] ?? "").isEmpty
        let saysITerm = ["iTerm.app", "WezTerm"].contains(env["TERM_PROGRAM"] ?? "")
        // Asked only on a terminal, only for what the environment does not say already (kitty,
        // iTerm2 and WezTerm name themselves; NO_COLOR asks for no colour at all), never twice.
        // A kitty on this machine may read pictures from shared memory or a file: asked with the
        // rest where kitty may be the answer, and of a kitty that names itself too (one round trip,
        // at the first picture), never through tmux or ssh.
        let mayHandOver = terminal && !isInTmux && !isInScreen && !isOverSSH && (setting.mode == .auto || setting.mode == .kitty)
        var answer: TerminalProbe.Answer?
        var asked = false
        func ask() -> TerminalProbe.Answer? {
            if !asked {
                answer = isInScreen ? nil : probe(TerminalProbe.Request(tmux: isInTmux, kittyMedia: mayHandOver))
                asked = true
            }
            return answer?.complete == true ? answer : nil
        }
        var mode = setting.mode
        if terminal && isInScreen && [.sixel, .kitty, .iterm, .auto].contains(mode) {
            if mode != .auto { note = "GNU screen passes no pictures through: drawing them with symbols instead." }
            mode = .symbols
        }
        var style: PictureStyle
        switch mode {
        case .none: style = .none
        case .ascii: style = .ascii
        case .kitty: style = .kitty
        case .iterm: style = .iterm
        case .symbols:
            style = .symbols(terminal && !noColour && !environmentHasDirectColour && !isInTmux ? colours(from: ask()) : colours(from: nil))
        case .sixel:
            if terminal, !saysKitty, let reply = ask(), !reply.sixel {
                // Asked for sixel, and the terminal says it has none: symbols, and one line to say so.
                note = "This terminal does not show sixel pictures: drawing them with symbols instead."
                style = .symbols(colours(from: reply))
            } else if terminal, isInTmux, answer == nil, asked {
                note = "tmux passes no pictures through (set -g allow-passthrough on): drawing them with symbols instead."
                style = .symbols(colours(from: nil))
            } else {
                style = .sixel
            }
        case .auto:
            if !terminal {
                style = .none
            } else if noColour {
                style = .symbols(.monochrome)
            } else if saysKitty {
                style = .kitty
            } else if saysITerm {
                style = .iterm
            } else if let reply = ask(), reply.kittyGraphics {
                style = .kitty
            } else if let reply = ask(), reply.sixel {
                style = .sixel
            } else {
                style = .symbols(colours(from: ask()))
            }
        }
        // Inside tmux kitty pictures are placed by Unicode placeholders, which tmux moves as text,
        // where the terminal outside draws them (kitty 0.28 and later: it is asked through tmux who it
        // is). Elsewhere a picture passed through lands at that terminal's cursor, not where tmux's
        // text is (after `help`, over the prompt): symbols instead, which tmux places.
        var placeholders = false
        if style == .kitty && terminal && isInTmux {
            if let reply = ask(), KittyPlaceholders.drawnBy(reply.version) {
                placeholders = true
            } else {
                if mode == .kitty {
                    note =
                        answer?.complete == true
                        ? "kitty pictures inside tmux need kitty 0.28 or later (Unicode placeholders): drawing them with symbols instead."
                        : "tmux passes no pictures through (set -g allow-passthrough on): drawing them with symbols instead."
                }
                style = .symbols(colours(from: nil))
            }
        }
        var medium = KittyMedium.direct
        if style == .kitty && mayHandOver, let reply = ask() {
            medium = reply.kittySharedMemory ? .sharedMemory : reply.kittyTemporaryFile ? .temporaryFile : .direct
        }
        let reply = asked ? answer : nil
        return PictureRenderer(
            style: style, cellSize: reply?.cellSize ?? setting.cellSize ?? cellSize(), inTmux: isInTmux,
            sixelMaximum: reply?.sixelMaximum, sixelRegisters: reply?.sixelColourRegisters ?? 256,
            background: reply?.background ?? .black, kittyMedium: medium, kittyPlaceholders: placeholders)
    }

    /// Whether the environment already says the terminal has direct colour (then nothing is asked).
    private var environmentHasDirectColour: Bool {
        let env = setting.environment
        let colourTerm = (env["COLORTERM"] ?? "").lowercased()
        let term = env["TERM"] ?? ""
        return colourTerm == "truecolor" || colourTerm == "24bit" || term.hasSuffix("-direct") || term == "xterm-kitty"
    }

    /// Terminals known to draw direct colour by the name they give (XTVERSION), for those that keep
    /// no terminfo to answer XTGETTCAP with: xterm (since patch 331, 2018), kitty, foot, WezTerm,
    /// contour, mlterm, and tmux, which turns direct colour into the outer terminal's colours itself.
    static let directColourTerminals = ["XTerm(", "kitty(", "foot(", "WezTerm ", "contour ", "mlterm", "tmux "]

    /// The colours a symbol picture may use: the environment first, then what the terminal said.
    private func colours(from answer: TerminalProbe.Answer?) -> PictureStyle.Colours {
        let env = setting.environment
        if let noColour = env["NO_COLOR"], !noColour.isEmpty { return .monochrome }
        // tmux turns direct colour into what the terminal outside it has, itself.
        if environmentHasDirectColour || isInTmux { return .truecolor }
        // GNU screen (4.x) carries 256 colours, and turns them into what the terminal outside has: its
        // TERM tells what that is, since screen names it `screen` unless its terminal has 256 colours
        // (`screen.xterm-256color`, or `screen-256color` from a screenrc's `term`). In a terminal of 8
        // or 16 (TERM=xterm), screen maps 256 colours to 16 by a coarse table (gold, 220, becomes red;
        // greys become 4), but passes 16 colours on as they are (bright ones as `ESC[3Xm ESC[9Xm`,
        // which an 8-colour terminal reads as the dark one): so 16 colours, dithered, chosen here.
        // ($TERMCAP says Co#8 inside screen whatever the terminal outside is: no help.)
        if isInScreen { return (env["TERM"] ?? "").contains("256") ? .indexed256 : .indexed16 }
        if let answer {
            if answer.directColour { return .truecolor }
            if let version = answer.version, Self.directColourTerminals.contains(where: { version.hasPrefix($0) }) {
                if !version.hasPrefix("XTerm(") || (Int(version.dropFirst(6).prefix { $0.isNumber }) ?? 0) >= 331 { return .truecolor }
            }
        }
        if (env["TERM"] ?? "").contains("256") { return .indexed256 }
        return .indexed16
    }

    /// The cell size in pixels from TIOCGWINSZ when the terminal reports a plausible one (as for
    /// CSI 16 t: `TerminalProbe.plausibleCellWidths` and `…Heights`), else 10×20, a common one.
    /// (Asked only when the terminal did not say it with CSI 16 t.)
    private func cellSize() -> PixelSize {
        windowCell() ?? PixelSize(width: 10, height: 20)
    }

    /// The cell size TIOCGWINSZ gives, when plausible.
    private func windowCell() -> PixelSize? {
        guard let size = windowSize(), size.ws_col > 0, size.ws_row > 0 else { return nil }
        let width = Int(size.ws_xpixel) / Int(size.ws_col), height = Int(size.ws_ypixel) / Int(size.ws_row)
        guard TerminalProbe.plausibleCellWidths.contains(width), TerminalProbe.plausibleCellHeights.contains(height) else { return nil }
        return PixelSize(width: width, height: height)
    }

    /// The terminal's width and about 60 % of its height; 80×14 (of an 80×24 screen) with no terminal.
    private func defaultBox() -> CellBox {
        guard let size = windowSize(), size.ws_col > 0, size.ws_row > 0 else { return CellBox(columns: 80, rows: 14) }
        return CellBox(columns: min(Int(size.ws_col), CellBox.maximum.columns), rows: max(4, Int(size.ws_row) * 6 / 10))
    }

    /// Asks the terminal (through tmux when it passes graphics through; not at all when it does not),
    /// and hands what the user typed meanwhile back to the line editor.
    package static func askTerminal(_ request: TerminalProbe.Request) -> TerminalProbe.Answer? {
        if request.tmux && !TerminalProbe.tmuxPassesThrough() { return nil }
        let answer = TerminalProbe.queryTerminal(request)
        EditLineSource.returnTypeAhead(answer?.typed ?? [])
        // A rest still to come is swallowed; and whatever comes later is known to follow a query.
        EditLineSource.expectAnswerTail(answer?.cutOff)
        return answer
    }

    package static func standardOutputSize() -> winsize? {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
        return size
    }
}

/// A contact sheet's grid: `columns` cells a row, `rows` rows a sheet.
package struct SheetLayout: Equatable, Sendable {
    /// A thumbnail's box in cells (144×144 pixels in symbols and ASCII), with a caption line under it.
    package static let cell = CellBox(columns: 18, rows: 9)
    /// Blank columns between cells.
    package static let gap = 2

    /// The area a sheet fills when there is no terminal to measure.
    package static let areaWithoutTerminal = CellBox(columns: 80, rows: 20)

    package var columns: Int
    package var rows: Int

    package init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// As many cells as fit in `area`, each with its caption line; at least one.
    package init(fitting area: CellBox) {
        self.init(
            columns: max(1, (area.columns + Self.gap) / (Self.cell.columns + Self.gap)), rows: max(1, area.rows / (Self.cell.rows + 1)))
    }

    package var perSheet: Int { columns * rows }
}
