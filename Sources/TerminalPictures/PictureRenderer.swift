import CChafaRender
import CSixel
import CZlib
import Imaging
import REPLEngine

/// Turns pixels into a `TerminalPicture` in one style: ASCII and kitty graphics are made here, the
/// Unicode symbols, sixels and iTerm2 images by libchafa.
package struct PictureRenderer: Sendable {
    package let style: PictureStyle
    /// The size of one terminal cell in pixels, for the pixel protocols.
    package let cellSize: PixelSize
    /// Inside tmux, graphics sequences are wrapped so that tmux passes them to the terminal.
    package let inTmux: Bool
    /// The largest sixel picture the terminal shows, when it said (xterm: 1000×1000 unless set).
    package let sixelMaximum: PixelSize?
    /// The colour registers a sixel picture may set (2…256): what the terminal said (XTSMGRAPHICS),
    /// else 256, xterm's `numColorRegisters` when set so and what most terminals have.
    package let sixelRegisters: Int
    /// The terminal's background: see-through pixels are laid over it in the styles that have no
    /// transparency (sixel drops pixels under half opaque; symbols and iTerm2 have none).
    package let background: RGB
    /// How kitty pictures' pixels reach kitty: through the pty, or left in shared memory or a file for
    /// a kitty on this machine that said it can read them there.
    package let kittyMedium: KittyMedium
    /// Inside tmux: kitty pictures are placed by Unicode placeholders, text that tmux moves (kitty
    /// 0.28 and later), each image transmitted once under an id of its own.
    package let kittyPlaceholders: Bool

    /// Cells a character stands for in ASCII (the same bytes on every machine): twice as tall as wide.
    static let symbolCell = PixelSize(width: 8, height: 16)
    /// libchafa's threads, a fixed count: its work is the same on every machine.
    static let chafaThreads: Int32 = 2
    /// Kitty graphics travel in chunks of at most 4096 base64 bytes (the protocol's limit).
    static let kittyChunk = 4096
    /// tmux 3.3 discards a passthrough sequence longer than its input buffer (1 MiB) whole and says
    /// nothing: a wrapped picture must stay under it, with room for the wrapping.
    static let tmuxSequenceLimit = 1_048_576 - 4096

    package init(
        style: PictureStyle, cellSize: PixelSize = PixelSize(width: 10, height: 20), inTmux: Bool = false,
        sixelMaximum: PixelSize? = nil, sixelRegisters: Int = 256, background: RGB = .black,
        kittyMedium: KittyMedium = .direct, kittyPlaceholders: Bool = false
    ) {
        self.style = style
        self.cellSize = cellSize
        self.inTmux = inTmux
        self.sixelMaximum = sixelMaximum
        self.sixelRegisters = min(256, max(2, sixelRegisters))
        self.background = background
        self.kittyMedium = kittyMedium
        self.kittyPlaceholders = kittyPlaceholders
    }

    /// The same renderer for cells of another size (the terminal's font changed).
    func withCellSize(_ cellSize: PixelSize) -> PictureRenderer {
        PictureRenderer(
            style: style, cellSize: cellSize, inTmux: inTmux, sixelMaximum: sixelMaximum, sixelRegisters: sixelRegisters,
            background: background, kittyMedium: kittyMedium, kittyPlaceholders: kittyPlaceholders)
    }

    /// `pixels` as the style draws them: opaque over the background, but in kitty graphics (which
    /// blends them itself) and ASCII (whose characters are scaled by the alpha, the same everywhere).
    private func flattened(_ pixels: Pixels) -> Pixels {
        switch style {
        case .sixel, .iterm, .symbols: pixels.composited(onto: background)
        default: pixels
        }
    }

    /// What one cell stands for, in pixels: the terminal's own cell in the pixel styles; in symbols
    /// a cell 8 pixels wide with the terminal's cell's shape (a picture drawn for an assumed 1:2 cell is
    /// 5 % too tall in a 9×19 one); in ASCII always 8×16, so that its bytes are the same everywhere.
    var cell: PixelSize {
        switch style {
        case .sixel, .kitty, .iterm: cellSize
        case .symbols: PixelSize(width: 8, height: max(1, (16 * cellSize.height + cellSize.width) / (2 * cellSize.width)))
        default: Self.symbolCell
        }
    }

    /// The most pixels a picture is made of, whatever the terminal claims of its cells, its window or
    /// its largest sixel: 4096×4096 (64 MB of RGBA) is more than any window shows. A pty that says its
    /// 80×24 cells are 65535×65535 pixels, or `--preview-size 1000x500` with a terminal answering
    /// XTSMGRAPHICS with 10000×10000, asked for pictures of billions of pixels.
    package static let maximumPixels = 4096 * 4096

    /// The box, in pixels, that a decoder should fill for a picture drawn in `box`: decoding more
    /// than that is wasted, less is blurred. Never more than `maximumPixels`: a larger box is scaled
    /// down, its shape kept.
    package func pixelBox(for box: CellBox) -> PixelSize {
        let full = PixelSize(width: box.columns * cell.width, height: box.rows * cell.height)
        guard full.width * full.height > Self.maximumPixels else { return full }
        let scale = (Double(Self.maximumPixels) / Double(full.width * full.height)).squareRoot()
        return PixelSize(width: max(1, Int(Double(full.width) * scale)), height: max(1, Int(Double(full.height) * scale)))
    }

    /// A sixel is written in bands of this many pixel rows.
    static let sixelBand = 6

    /// The size a picture of `size` is drawn at in `box`, in pixels, its aspect ratio kept: the pixel
    /// styles draw exactly this many pixels, whatever the rows and columns they take.
    func shownSize(of size: PixelSize, in box: CellBox) -> PixelSize {
        let fitted = size.fitted(in: pixelBox(for: box))
        guard style == .sixel, fitted.height > Self.sixelBand, fitted.height % Self.sixelBand != 0 else { return fitted }
        // A sixel is written in bands of six pixel rows, and xterm counts the last band whole when
        // it moves the cursor past a picture: one 71 rows high takes 72, a row of cells more than laid
        // out for when 71 ends a cell. Inside tmux that extra row pushed xterm's screen up, tmux's
        // status bar into the middle of it. The height is made a multiple of six, and the width
        // follows it, so the shape is kept.
        let height = fitted.height / Self.sixelBand * Self.sixelBand
        return PixelSize(width: max(1, (fitted.width * height + fitted.height / 2) / fitted.height), height: height)
    }

    /// The cells a picture of `size` takes in `box`, its aspect ratio kept. A pixel picture takes
    /// every row and column it touches (the text after it starts below it); a symbol picture fills
    /// the nearest number of rows.
    package func cells(for size: PixelSize, in box: CellBox) -> CellBox {
        let cell = cell
        let fitted = shownSize(of: size, in: box)
        let columns = (fitted.width + cell.width - 1) / cell.width
        let rows = style.usesPixels ? (fitted.height + cell.height - 1) / cell.height : (fitted.height + cell.height / 2) / cell.height
        return CellBox(columns: min(box.columns, max(1, columns)), rows: min(box.rows, max(1, rows)))
    }

    /// The picture, or nil in the `none` style. `kittyImageID` names a kitty placeholder picture's
    /// image (0: the next of this process's ids).
    package func render(_ pixels: Pixels, in box: CellBox, kittyImageID: UInt32 = 0) -> TerminalPicture? {
        if let symbols = symbolsWithoutChafa { return symbols.render(pixels, in: box) }
        let pixels = flattened(pixels)
        let size = PixelSize(width: pixels.width, height: pixels.height)
        let cells = cells(for: size, in: box)
        let shown = shownSize(of: size, in: box)
        switch style {
        case .none:
            return nil
        case .ascii:
            let text = Self.ascii(pixels, cells: cells)
            return TerminalPicture(generated: text, transcriptText: String(decoding: text, as: UTF8.self))
        case .kitty where kittyPlaceholders:
            let id = kittyImageID == 0 ? KittyPlaceholders.nextImageID() : kittyImageID
            let cells = CellBox(columns: min(cells.columns, KittyPlaceholders.largest), rows: min(cells.rows, KittyPlaceholders.largest))
            var out = kitty(enlarged(pixels, to: shown), size: shown, placement: "U=1,i=\(id),c=\(cells.columns),r=\(cells.rows)")
            for row in KittyPlaceholders.rows(id: id, columns: cells.columns, rows: cells.rows) { out += row + [0x0A] }
            return TerminalPicture(generated: out, transcriptText: nil)
        case .kitty:
            return placedPicture(kitty(enlarged(pixels, to: shown), size: shown), rows: cells.rows)
        case .symbols(let colours):
            return TerminalPicture(generated: symbols(pixels, cells: cells, colours: colours), transcriptText: nil)
        case .sixel, .iterm:
            // A sequence tmux would drop whole is made again smaller, and past that the picture is
            // drawn in symbols: a picture always appears.
            var fitted = box
            for _ in 0..<4 {
                let bytes = pixelPicture(pixels, size: shownSize(of: size, in: fitted))
                if !inTmux || bytes.count <= Self.tmuxSequenceLimit {
                    return placedPicture(passthrough(bytes), rows: self.cells(for: size, in: fitted).rows)
                }
                // Bytes grow with the area: shrink both sides by the square root of the excess, and a little more.
                let scale = (Double(Self.tmuxSequenceLimit) / Double(bytes.count)).squareRoot() * 0.9
                fitted = CellBox(columns: max(1, Int(Double(fitted.columns) * scale)), rows: max(1, Int(Double(fitted.rows) * scale)))
            }
            return TerminalPicture(generated: symbols(pixels, cells: cells, colours: .truecolor), transcriptText: nil)
        }
    }

    /// A row of a contact sheet: the pictures side by side, each in a cell of `cell` cells with
    /// `gap` columns between cells, top-aligned, as one picture (nil where a cell has none, and
    /// in the `none` style). In ASCII and symbols the lines are joined; a pixel style places each
    /// picture at its cell's column, the row's lines made first as `placed` does for one picture.
    /// A kitty placeholder sheet's images are named by `kittyImageIDs`, one for each picture (none:
    /// the next of this process's ids).
    package func renderRow(_ pictures: [Pixels?], cell: CellBox, gap: Int, kittyImageIDs: [UInt32] = []) -> TerminalPicture? {
        if let symbols = symbolsWithoutChafa { return symbols.renderRow(pictures, cell: cell, gap: gap) }
        let pictures = pictures.map { $0.map(flattened) }
        let fitted = pictures.map { $0.map { cells(for: PixelSize(width: $0.width, height: $0.height), in: cell) } }
        let shown = pictures.map { $0.map { shownSize(of: PixelSize(width: $0.width, height: $0.height), in: cell) } }
        let rows = fitted.reduce(0) { max($0, $1?.rows ?? 0) }
        guard rows > 0 else { return nil }
        switch style {
        case .none:
            return nil
        case .ascii, .symbols:
            var lines = [[UInt8]](repeating: [], count: rows)
            for (i, pixels) in pictures.enumerated() {
                let last = i == pictures.count - 1
                var pictureLines: [ArraySlice<UInt8>] = []
                var width = 0
                if let pixels, let cells = fitted[i] {
                    width = cells.columns
                    let bytes: [UInt8]
                    if case .symbols(let colours) = style {
                        bytes = symbols(pixels, cells: cells, colours: colours)
                    } else {
                        bytes = Self.ascii(pixels, cells: cells)
                    }
                    pictureLines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
                }
                for row in 0..<rows {
                    var used = 0
                    if row < pictureLines.count, row < (fitted[i]?.rows ?? 0) {
                        let line = pictureLines[row]
                        lines[row] += line
                        if style == .ascii {
                            used = line.count  // ASCII lines lose their trailing blanks
                        } else {
                            used = width
                            lines[row] += Self.resetStyle
                        }
                    }
                    if !last { lines[row] += [UInt8](repeating: 0x20, count: cell.columns - used + gap) }
                }
            }
            var out = [UInt8]()
            for var line in lines {
                while line.last == 0x20 { line.removeLast() }
                out += line
                out.append(0x0A)
            }
            return TerminalPicture(generated: out, transcriptText: style == .ascii ? String(decoding: out, as: UTF8.self) : nil)
        case .kitty where kittyPlaceholders:
            // Each image transmitted with its virtual placement, then the row's lines of text: each
            // picture's placeholder cells at its cell's column, blanks where it has no row.
            var out = [UInt8]()
            var placeholders: [[[UInt8]]] = []
            for (i, pixels) in pictures.enumerated() {
                guard let pixels, let size = shown[i], let cells = fitted[i] else {
                    placeholders.append([])
                    continue
                }
                let given = i < kittyImageIDs.count ? kittyImageIDs[i] : 0
                let id = given == 0 ? KittyPlaceholders.nextImageID() : given
                out += kitty(enlarged(pixels, to: size), size: size, placement: "U=1,i=\(id),c=\(cells.columns),r=\(cells.rows)")
                placeholders.append(KittyPlaceholders.rows(id: id, columns: cells.columns, rows: cells.rows))
            }
            for row in 0..<rows {
                var line = [UInt8]()
                var pending = 0  // blanks owed before the next picture's cells
                for (i, cells) in fitted.enumerated() {
                    let used = row < placeholders[i].count ? (cells?.columns ?? 0) : 0
                    if used > 0 {
                        line += [UInt8](repeating: 0x20, count: pending) + placeholders[i][row]
                        pending = 0
                    }
                    pending += cell.columns - used + gap
                }
                out += line + [0x0A]
            }
            return TerminalPicture(generated: out, transcriptText: nil)
        case .kitty, .sixel, .iterm:
            var out = [UInt8](repeating: 0x0A, count: rows)
            out += Array("\u{1B}[\(rows)A".utf8)
            for (i, pixels) in pictures.enumerated() {
                guard let pixels, let size = shown[i] else { continue }
                // A thumbnail is far below tmux's passthrough limit: no smaller remake is needed.
                let body = style == .kitty ? kitty(enlarged(pixels, to: size), size: size) : passthrough(pixelPicture(pixels, size: size))
                out += Array("\u{1B}[\(i * (cell.columns + gap) + 1)G\u{1B}7".utf8)
                out += body
                out += Array("\u{1B}8".utf8)
            }
            out += Array("\r".utf8)
            if rows > 1 { out += Array("\u{1B}[\(rows - 1)B".utf8) }
            out.append(0x0A)
            return TerminalPicture(generated: out, transcriptText: nil)
        }
    }

    private static let resetStyle = Array("\u{1B}[0m".utf8)

    /// A sixel or iTerm2 picture of exactly `size` pixels. Sixels are our own (`CSixel`: a palette
    /// chosen for the picture, flat where it holds the picture's colours); iTerm2 pictures libchafa's,
    /// given cells of one pixel, so that it neither stretches the picture to whole cells nor rounds
    /// its size to them.
    func pixelPicture(_ pixels: Pixels, size: PixelSize) -> [UInt8] {
        guard style == .sixel else {
            return chafa(
                enlarged(pixels, to: size), columns: size.width, rows: size.height, cell: PixelSize(width: 1, height: 1),
                output: PHOTOREPL_CHAFA_ITERM, colours: .truecolor)
        }
        let exact =
            pixels.width == size.width && pixels.height == size.height
            ? pixels
            : pixels.width >= size.width && pixels.height >= size.height ? pixels.resampled(to: size) : pixels.enlarged(to: size)
        var length = 0
        let bytes = exact.rgba.withUnsafeBufferPointer { p in
            photorepl_sixel_encode(p.baseAddress, Int32(exact.width), Int32(exact.height), Int32(sixelRegisters), &length)
        }
        guard let bytes else { return [] }
        defer { photorepl_sixel_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    func symbols(_ pixels: Pixels, cells: CellBox, colours: PictureStyle.Colours) -> [UInt8] {
        // A BlurHash, and 16 colours: half blocks of our own. In 16 colours they are dithered to
        // xterm's 16: libchafa 1.12 undithered draws flat blobs (a grey ramp 4
        // blocks); dithered, it mixes its own idea of the 16 colours, darker than the ones terminals
        // show (in xterm under GNU screen the ramp's 40 came out 93, a teal 40,160,140 as 37,215,208),
        // and by default it boosts saturation first (an orange drawn pure red).
        if (pixels.isSmooth && colours != .monochrome) || colours == .indexed16 {
            return Self.halfBlocks(pixels, cells: cells, colours: colours)
        }
        // Without libchafa, a picture of our own rather than none: half blocks, or ASCII in monochrome.
        if Self.chafaMissing != nil {
            return colours == .monochrome ? Self.ascii(pixels, cells: cells) : Self.halfBlocks(pixels, cells: cells, colours: colours)
        }
        return chafa(pixels, columns: cells.columns, rows: cells.rows, cell: cell, output: PHOTOREPL_CHAFA_SYMBOLS, colours: colours)
    }

    /// A photo smaller than `size`, enlarged smoothly to it first: terminals and libchafa enlarge
    /// pixel pictures by repeating pixels, which shows as steps.
    func enlarged(_ pixels: Pixels, to size: PixelSize) -> Pixels {
        guard size.width > pixels.width || size.height > pixels.height else { return pixels }
        return pixels.enlarged(to: size)
    }

    /// A pixel picture placed so that the text after it starts below it, in every terminal: its rows
    /// are made first (scrolling now, not while it is drawn), the cursor is saved at its top-left
    /// corner and brought back there after it (terminals leave the cursor in different places after
    /// a picture: xterm on its last row, mlterm below it, tmux where it was), then moved down past it.
    ///
    /// Inside tmux, what comes before the picture must be drawn before the picture is written
    /// (`Console.writePicture`): `placedPicture` says where.
    private func placedPicture(_ picture: [UInt8], rows: Int) -> TerminalPicture {
        let (bytes, pictureStart) = placed(picture, rows: rows)
        return TerminalPicture(generated: bytes, transcriptText: nil, drawnBefore: inTmux ? pictureStart : nil)
    }

    /// The picture placed, and where in the bytes the picture itself starts.
    func placed(_ picture: [UInt8], rows: Int) -> (bytes: [UInt8], pictureStart: Int) {
        var out = [UInt8](repeating: 0x0A, count: rows)
        out += Array("\u{1B}[\(rows)A\u{1B}7".utf8)
        let pictureStart = out.count
        out += picture
        out += Array("\u{1B}8".utf8)
        if rows > 1 { out += Array("\u{1B}[\(rows - 1)B".utf8) }
        out.append(0x0A)
        return (out, pictureStart)
    }

    // MARK: - ASCII

    /// Dark to bright: a dark terminal shows bright parts with dense characters.
    static let ramp = Array(" .:-=+*#%@".utf8)

    /// One character a cell, from the cell's average luminance; transparent parts are blank. Our own
    /// integer arithmetic, not libchafa's symbol matching, whose SSE4.1 path picks other characters
    /// than its plain C path: these bytes must be the same on every machine.
    static func ascii(_ pixels: Pixels, cells: CellBox) -> [UInt8] {
        let small = pixels.resampled(to: PixelSize(width: cells.columns, height: cells.rows))
        var out = [UInt8]()
        out.reserveCapacity((cells.columns + 1) * cells.rows)
        small.rgba.withUnsafeBufferPointer { p in
            for row in 0..<cells.rows {
                var line = [UInt8]()
                for column in 0..<cells.columns {
                    let i = (row * cells.columns + column) * 4
                    // Rec. 601 luma, scaled by alpha (over a dark background).
                    let luma = (Int(p[i]) * 299 + Int(p[i + 1]) * 587 + Int(p[i + 2]) * 114) / 1000
                    let level = luma * Int(p[i + 3]) / 255
                    line.append(ramp[level * ramp.count / 256])
                }
                // Trailing blanks carry nothing and would make golden files fragile in editors.
                while line.last == 0x20 { line.removeLast() }
                out += line
                out.append(0x0A)
            }
        }
        return out
    }

    // MARK: - Half blocks

    /// A smooth picture (a BlurHash), or any picture in 16 colours, as upper half blocks, two pixels
    /// a cell: the top one the foreground colour, the bottom one the background. All a BlurHash
    /// holds, in a fraction of the time libchafa's symbol matching takes (≈ 0.2 ms against 4–8 ms for
    /// 80×30 cells). In 16 colours the pixels are dithered first (`dithered16`), and, as libchafa's
    /// pictures they replace, no newline follows the last row.
    static func halfBlocks(_ pixels: Pixels, cells: CellBox, colours: PictureStyle.Colours) -> [UInt8] {
        let small = pixels.resampled(to: PixelSize(width: cells.columns, height: cells.rows * 2))
        let indices16 = colours == .indexed16 ? dithered16(small) : []
        var out = [UInt8]()
        out.reserveCapacity(cells.columns * cells.rows * 40)
        let upperHalf = Array("▀".utf8)
        small.rgba.withUnsafeBufferPointer { p in
            for row in 0..<cells.rows {
                for column in 0..<cells.columns {
                    let top = row * 2 * cells.columns + column, bottom = top + cells.columns
                    appendColour(p, pixel: top, indices16, background: false, colours, to: &out)
                    appendColour(p, pixel: bottom, indices16, background: true, colours, to: &out)
                    out += upperHalf
                }
                out += Array((colours != .indexed16 || row + 1 < cells.rows ? "\u{1B}[0m\n" : "\u{1B}[0m").utf8)
            }
        }
        return out
    }

    /// The SGR sequence for pixel `pixel` of `p` (RGBA) as a foreground or background colour; in 16
    /// colours, its index in `indices16`.
    private static func appendColour(
        _ p: UnsafeBufferPointer<UInt8>, pixel: Int, _ indices16: [Int], background: Bool,
        _ colours: PictureStyle.Colours, to out: inout [UInt8]
    ) {
        let r = p[pixel * 4], g = p[pixel * 4 + 1], b = p[pixel * 4 + 2]
        // Digits written straight into the buffer: two sequences a cell, thousands a picture.
        out += [0x1B, UInt8(ascii: "[")]
        switch colours {
        case .truecolor, .monochrome:
            out += background ? [0x34, 0x38, 0x3B, 0x32, 0x3B] : [0x33, 0x38, 0x3B, 0x32, 0x3B]  // "48;2;" / "38;2;"
            appendDecimal(Int(r), to: &out)
            out.append(0x3B)
            appendDecimal(Int(g), to: &out)
            out.append(0x3B)
            appendDecimal(Int(b), to: &out)
        case .indexed256:
            // The 6×6×6 colour cube of xterm's 256 colours.
            let level = { (v: UInt8) in v < 48 ? 0 : v < 115 ? 1 : (Int(v) - 35) / 40 }
            out += background ? [0x34, 0x38, 0x3B, 0x35, 0x3B] : [0x33, 0x38, 0x3B, 0x35, 0x3B]  // "48;5;" / "38;5;"
            appendDecimal(16 + 36 * level(r) + 6 * level(g) + level(b), to: &out)
        case .indexed16:
            let index = indices16[pixel], base = background ? 40 : 30
            appendDecimal(index < 8 ? base + index : base + 52 + index, to: &out)  // 30–37, 90–97; 40–47, 100–107
        }
        out.append(UInt8(ascii: "m"))
    }

    private static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        if value >= 100 { out.append(UInt8(48 + value / 100)) }
        if value >= 10 { out.append(UInt8(48 + value / 10 % 10)) }
        out.append(UInt8(48 + value % 10))
    }

    /// xterm's 16 default colours.
    private static let palette16: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255)
    ]

    /// Each pixel's colour of xterm's 16 (`palette16`), by Floyd–Steinberg error diffusion in
    /// serpentine rows: a grey ramp or a skin tone in 16 colours is a mixture, not one flat colour.
    /// (Terminals' 16 colours differ; xterm's are what Debian's terminals mostly show by default.)
    static func dithered16(_ pixels: Pixels) -> [Int] {
        let width = pixels.width, height = pixels.height
        var error = [Int](repeating: 0, count: (width + 2) * 2 * 3)  // this row's and the next's, padded
        var indices = [Int](repeating: 0, count: width * height)
        pixels.rgba.withUnsafeBufferPointer { p in
            for y in 0..<height {
                let forward = y % 2 == 0
                let here = (y % 2) * (width + 2) * 3, next = ((y + 1) % 2) * (width + 2) * 3
                for i in 0..<(width + 2) * 3 { error[next + i] = 0 }
                for step in 0..<width {
                    let x = forward ? step : width - 1 - step
                    let offset = (y * width + x) * 4, e = here + (x + 1) * 3
                    let want = (0..<3).map { max(-64, min(319, Int(p[offset + $0]) + error[e + $0] / 16)) }
                    var best = 0, bestDistance = Int.max
                    for (i, c) in palette16.enumerated() {
                        let dr = want[0] - c.0, dg = want[1] - c.1, db = want[2] - c.2
                        let distance = 3 * dr * dr + 4 * dg * dg + 2 * db * db
                        if distance < bestDistance {
                            best = i
                            bestDistance = distance
                        }
                    }
                    indices[y * width + x] = best
                    let c = palette16[best]
                    let left = forward ? -3 : 3
                    for (k, got) in [c.0, c.1, c.2].enumerated() {
                        let d = want[k] - got
                        error[e - left + k] += d * 7  // the next pixel in this row
                        error[next + (x + 1) * 3 + left + k] += d * 3  // behind, below
                        error[next + (x + 1) * 3 + k] += d * 5  // below
                        error[next + (x + 1) * 3 - left + k] += d  // ahead, below
                    }
                }
            }
        }
        return indices
    }

    // MARK: - Kitty graphics

    /// RGBA of exactly `size` pixels, shown one to one (no `c`/`r`: kitty would stretch it to whole
    /// cells), zlib-compressed (`o=z`; libchafa 1.12 sends it raw, megabytes a picture), with `q=2` so
    /// that the terminal sends no reply that could reach the line editor as typed keys, and `C=1`: the
    /// cursor is placed by `placed`. (Placed below the text, `z=-1`, kitty 0.26 with Mesa's software
    /// OpenGL left earlier frames' text and pictures on screen: pictures a smaller window lays over
    /// text are deleted instead, `deletingPictures`.)
    ///
    /// A kitty on this machine that can read shared memory or a file is handed the pixels there
    /// (`t=s`, `t=t`: raw RGBA, the name or path in base64), a sequence of a hundred bytes instead of
    /// megabytes of base64 for the pty to carry and kitty to decode; base64 when that cannot be made.
    ///
    /// `placement` says where it goes: by default at the cursor, which stays (`C=1`); inside tmux a
    /// virtual placement for placeholders (`U=1,i=…,c=…,r=…`).
    func kitty(_ pixels: Pixels, size: PixelSize, placement: String = "C=1") -> [UInt8] {
        kittyTransfer(
            pixels, payload: PixelSize(width: pixels.width, height: pixels.height).fitted(in: size),
            control: "a=T,f=32,o=z,q=2,\(placement),", handedOver: { medium in "a=T,f=32,t=\(medium),q=2,\(placement)," })
    }

    /// `pixels` made `payloadSize` (when larger) and sent in chunks, the first after `control`
    /// (the action and its keys, each followed by a comma) and the size; or, given `handedOver` (the
    /// keys for raw RGBA) and a kitty that reads them, left in shared memory or a file.
    func kittyTransfer(
        _ pixels: Pixels, payload payloadSize: PixelSize, control: String,
        handedOver: ((_ medium: String) -> String)? = nil
    ) -> [UInt8] {
        let payload = payloadSize.width < pixels.width || payloadSize.height < pixels.height ? pixels.resampled(to: payloadSize) : pixels
        if let handedOver, let name = KittyHandoff.leave(payload.rgba, in: kittyMedium) {
            let medium = kittyMedium == .sharedMemory ? "s" : "t"
            var sequence = Array("\u{1B}_G\(handedOver(medium))s=\(payload.width),v=\(payload.height),S=\(payload.rgba.count);".utf8)
            sequence += Base64.encode(Array(name.utf8))
            sequence += [0x1B, 0x5C]
            return passthrough(sequence)
        }
        let data = Base64.encode(Self.deflate(payload.rgba))
        var out = [UInt8]()
        var offset = 0
        repeat {
            let end = min(data.count, offset + Self.kittyChunk)
            let more = end < data.count ? 1 : 0
            var sequence = Array("\u{1B}_G".utf8)
            if offset == 0 {
                sequence += Array("\(control)s=\(payload.width),v=\(payload.height),".utf8)
            }
            sequence += Array("m=\(more);".utf8)
            sequence += data[offset..<end]
            sequence += [0x1B, 0x5C]
            out += passthrough(sequence)
            offset = end
        } while offset < data.count
        return out
    }

    /// Deletes every kitty picture on screen (its text stays): after the window shrinks, kitty
    /// reflows the text and leaves pictures where they would hide it.
    package var deletingPictures: TerminalPicture {
        TerminalPicture(generated: passthrough(Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)), transcriptText: nil)
    }

    static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var length = compressBound(UInt(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = out.withUnsafeMutableBufferPointer { o in
            bytes.withUnsafeBufferPointer { i in compress2(o.baseAddress, &length, i.baseAddress, UInt(i.count), 6) }
        }
        precondition(status == Z_OK, "zlib failed on a buffer of its own bound")
        out.removeSubrange(Int(length)...)
        return out
    }

    // MARK: - libchafa

    private func chafa(
        _ pixels: Pixels, columns: Int, rows: Int, cell: PixelSize, output: photorepl_chafa_output,
        colours: PictureStyle.Colours
    ) -> [UInt8] {
        Self.setThreadsOnce
        let palette: photorepl_chafa_colours =
            switch colours {
            case .truecolor: PHOTOREPL_CHAFA_TRUECOLOR
            case .indexed256: PHOTOREPL_CHAFA_256
            case .indexed16: PHOTOREPL_CHAFA_16
            case .monochrome: PHOTOREPL_CHAFA_MONOCHROME
            }
        var length = 0
        let bytes = pixels.rgba.withUnsafeBufferPointer { p in
            photorepl_chafa_render(
                p.baseAddress, Int32(pixels.width), Int32(pixels.height), output, palette,
                Int32(columns), Int32(rows), Int32(cell.width), Int32(cell.height), &length)
        }
        guard let bytes else { return [] }
        defer { photorepl_chafa_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    private static let setThreadsOnce: Void = photorepl_chafa_threads(chafaThreads)

    /// Why libchafa cannot be loaded (naming its Debian package), or nil when it is: loaded at the
    /// first picture that needs it, not at start.
    private static var chafaMissing: String? { photorepl_chafa_load().map { String(cString: $0) } }

    /// Without libchafa, iTerm2 pictures are drawn as symbols, which are then half blocks of our own:
    /// a picture always appears, in the cells the pixel picture would have taken. (Sixels are ours.)
    var symbolsWithoutChafa: PictureRenderer? {
        guard style == .iterm, Self.chafaMissing != nil else { return nil }
        return PictureRenderer(
            style: .symbols(.truecolor), cellSize: cellSize, inTmux: inTmux, sixelMaximum: sixelMaximum,
            sixelRegisters: sixelRegisters, background: background)
    }

    /// Inside tmux, wrapped for the terminal outside; else as it is.
    func passthrough(_ sequence: [UInt8]) -> [UInt8] {
        inTmux ? Self.tmuxPassthrough(sequence) : sequence
    }

    /// `ESC Ptmux; … ESC \` with every ESC inside doubled (tmux needs allow-passthrough).
    static func tmuxPassthrough(_ sequence: [UInt8]) -> [UInt8] {
        var out = Array("\u{1B}Ptmux;".utf8)
        out.reserveCapacity(sequence.count + sequence.count / 64 + 16)
        for byte in sequence {
            if byte == 0x1B { out.append(0x1B) }
            out.append(byte)
        }
        out += [0x1B, 0x5C]
        return out
    }
}

/// Standard base64 with padding, as the kitty protocol wants it.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let v = Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2])
            out += [alphabet[v >> 18], alphabet[(v >> 12) & 63], alphabet[(v >> 6) & 63], alphabet[v & 63]]
            i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
            let v = Int(bytes[i]) << 16 | (rest == 2 ? Int(bytes[i + 1]) << 8 : 0)
            out += [alphabet[v >> 18], alphabet[(v >> 12) & 63]]
            out += rest == 2 ? [alphabet[(v >> 6) & 63], UInt8(ascii: "=")] : [UInt8(ascii: "="), UInt8(ascii: "=")]
        }
        return out
    }
}
