import CZlib
import Imaging
import REPLEngine
import Testing
@testable import TerminalPictures

/// Pictures the tests draw.
enum TestPictures {
    static func make(_ width: Int, _ height: Int, _ colour: (Int, Int) -> [UInt8]) -> Pixels {
        var rgba: [UInt8] = []
        rgba.reserveCapacity(width * height * 4)
        for y in 0..<height { for x in 0..<width { rgba += colour(x, y) } }
        return Pixels(width: width, height: height, rgba: rgba)
    }

    /// Colourful and smooth: red across, green down, blue the other way.
    static func colourful(_ width: Int, _ height: Int) -> Pixels {
        make(width, height) { x, y in
            [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), UInt8(255 - x * 255 / max(1, width - 1)), 255]
        }
    }

    /// Deterministic noise: it does not compress.
    static func noise(_ width: Int, _ height: Int) -> Pixels {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        return make(width, height) { _, _ in
            (0..<4).map { _ in
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                return UInt8(truncatingIfNeeded: state >> 24)
            }
        }
    }
}

/// Standard base64 decoding, for checking what the renderer encoded.
func base64Decode(_ text: [UInt8]) -> [UInt8]? {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var values = [Int](repeating: -1, count: 256)
    for (i, c) in alphabet.enumerated() { values[Int(c)] = i }
    guard text.count % 4 == 0 else { return nil }
    var out: [UInt8] = []
    var i = 0
    while i < text.count {
        let quad = text[i..<(i + 4)]
        let padding = quad.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        guard padding <= 2, padding == 0 || i + 4 == text.count else { return nil }
        var v = 0
        for c in quad.prefix(4 - padding) {
            guard values[Int(c)] >= 0 else { return nil }
            v = v << 6 | values[Int(c)]
        }
        v <<= 6 * padding
        out += [UInt8(v >> 16), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)].prefix(3 - padding)
        i += 4
    }
    return out
}

/// zlib's uncompress into a buffer larger than `expected`: the true length comes back.
func inflate(_ data: [UInt8], expected: Int) -> [UInt8]? {
    var length = UInt(expected + 64)
    var out = [UInt8](repeating: 0, count: Int(length))
    let status = out.withUnsafeMutableBufferPointer { o in
        data.withUnsafeBufferPointer { uncompress(o.baseAddress, &length, $0.baseAddress, UInt($0.count)) }
    }
    guard status == Z_OK else { return nil }
    return Array(out[..<Int(length)])
}

/// The kitty APC sequences `ESC _ G <control> ; <payload> ESC \` of `bytes`, in order; nil when
/// anything else is found between them.
func kittyChunks(_ bytes: [UInt8]) -> [(control: String, payload: [UInt8])]? {
    var chunks: [(control: String, payload: [UInt8])] = []
    var i = 0
    while i < bytes.count {
        guard bytes.count - i >= 5, bytes[i] == 0x1B, bytes[i + 1] == UInt8(ascii: "_"), bytes[i + 2] == UInt8(ascii: "G") else {
            return nil
        }
        guard let end = (i + 3..<(bytes.count - 1)).first(where: { bytes[$0] == 0x1B && bytes[$0 + 1] == 0x5C }),
            let semicolon = bytes[(i + 3)..<end].firstIndex(of: UInt8(ascii: ";"))
        else { return nil }
        chunks.append((String(decoding: bytes[(i + 3)..<semicolon], as: UTF8.self), Array(bytes[(semicolon + 1)..<end])))
        i = end + 2
    }
    return chunks
}

/// A pixel picture's own bytes, without what places it (`rows` new lines, back up, save the cursor,
/// the picture, restore the cursor, down past it); nil when they are not placed that way.
func unplaced(_ bytes: [UInt8], rows: Int) -> [UInt8]? {
    let before = [UInt8](repeating: 0x0A, count: rows) + Array("\u{1B}[\(rows)A\u{1B}7".utf8)
    let after = Array("\u{1B}8".utf8) + (rows > 1 ? Array("\u{1B}[\(rows - 1)B".utf8) : []) + [0x0A]
    guard bytes.count >= before.count + after.count, Array(bytes.prefix(before.count)) == before,
        Array(bytes.suffix(after.count)) == after
    else { return nil }
    return Array(bytes[before.count..<(bytes.count - after.count)])
}

/// Undoes tmux passthrough: each `ESC P tmux; … ESC \` with its inner ESCs doubled. Nil when the
/// bytes are not wrapped that way (an ESC inside not doubled, bytes between wrappers).
func unwrapTmux(_ bytes: [UInt8]) -> [UInt8]? {
    let prefix = Array("\u{1B}Ptmux;".utf8)
    var out: [UInt8] = []
    var i = 0
    while i < bytes.count {
        guard bytes.count - i >= prefix.count, Array(bytes[i..<(i + prefix.count)]) == prefix else { return nil }
        i += prefix.count
        var closed = false
        while i < bytes.count {
            if bytes[i] != 0x1B {
                out.append(bytes[i])
                i += 1
                continue
            }
            guard i + 1 < bytes.count else { return nil }
            if bytes[i + 1] == 0x1B {
                out.append(0x1B)
                i += 2
                continue
            }
            guard bytes[i + 1] == 0x5C else { return nil }  // an ESC tmux would take as its own
            i += 2
            closed = true
            break
        }
        guard closed else { return nil }
    }
    return out
}

extension Array where Element == UInt8 {
    func contains(_ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard needle.count <= count else { return false }
        return (0...(count - needle.count)).contains { self[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    var text: String { String(decoding: self, as: UTF8.self) }
}

@Suite struct PictureRendererTests {
    // MARK: ASCII

    static let gradient = TestPictures.make(32, 16) { x, y in
        let v = UInt8(y < 8 ? 8 * x : 8 * (31 - x))  // bright to the right on top, to the left below
        return [v, v, v, 255]
    }

    @Test func asciiOfAGradientIsPinned() throws {
        let renderer = PictureRenderer(style: .ascii)
        let picture = try #require(renderer.render(Self.gradient, in: CellBox(columns: 16, rows: 4)))
        // Each character averages 2×4 pixels: grey 16c+4 on top (16c+244 below, mirrored), and
        // " .:-=+*#%@"[grey * 10 / 256]; trailing blanks are cut.
        let expected = """
              .::--=++*##%%@
              .::--=++*##%%@
            @%%##*++=--::.
            @%%##*++=--::.

            """
        #expect(picture.bytes.text == expected)
        #expect(picture.transcriptText == expected)
        #expect(PictureRenderer.ascii(Self.gradient, cells: CellBox(columns: 16, rows: 4)) == Array(expected.utf8))
    }

    @Test func asciiIsPlainPrintableTextOfTheBoxSize() throws {
        let renderer = PictureRenderer(style: .ascii)
        let cases: [(Pixels, CellBox, CellBox)] = [
            (TestPictures.colourful(400, 300), CellBox(columns: 40, rows: 20), CellBox(columns: 40, rows: 15)),
            (TestPictures.colourful(300, 400), CellBox(columns: 40, rows: 20), CellBox(columns: 30, rows: 20)),
            (TestPictures.noise(97, 31), CellBox(columns: 13, rows: 7), CellBox(columns: 13, rows: 2)),
            (TestPictures.noise(5, 3), CellBox(columns: 80, rows: 24), CellBox(columns: 80, rows: 24))
        ]
        for (pixels, box, cells) in cases {
            #expect(renderer.cells(for: PixelSize(width: pixels.width, height: pixels.height), in: box) == cells)
            let bytes = try #require(renderer.render(pixels, in: box)).bytes
            #expect(bytes.allSatisfy { (0x20...0x7E).contains($0) || $0 == 0x0A })
            #expect(!bytes.contains(0x1B))
            #expect(bytes.last == 0x0A)
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == cells.rows)
            #expect(lines.allSatisfy { $0.count <= cells.columns })
            #expect(lines.contains { $0.count == cells.columns } || pixels.width == 5)
            // The same bytes every time.
            #expect(try #require(renderer.render(pixels, in: box)).bytes == bytes)
        }
    }

    @Test func transparentPartsOfAnAsciiPictureAreBlank() throws {
        let renderer = PictureRenderer(style: .ascii)
        let clear = TestPictures.make(32, 16) { _, _ in [255, 255, 255, 0] }
        #expect(try #require(renderer.render(clear, in: CellBox(columns: 16, rows: 4))).bytes.text == "\n\n\n\n")
        // White on the left, transparent white on the right; then transparent on the left.
        let half = TestPictures.make(32, 16) { x, _ in [255, 255, 255, x < 16 ? 255 : 0] }
        #expect(
            try #require(renderer.render(half, in: CellBox(columns: 16, rows: 4))).bytes.text == String(repeating: "@@@@@@@@\n", count: 4))
        let other = TestPictures.make(32, 16) { x, _ in [255, 255, 255, x < 16 ? 0 : 255] }
        #expect(
            try #require(renderer.render(other, in: CellBox(columns: 16, rows: 4))).bytes.text
                == String(repeating: "        @@@@@@@@\n", count: 4))
    }

    // MARK: Any shape

    /// Defect: a 4000×10 strip in sixel (libchafa's encoder, given less than one band of six pixel
    /// rows) ended photorepl with SIGFPE, exit 136. Every style draws strips one pixel high or wide,
    /// a single pixel, and pictures just under a band, in windows down to one column or one row.
    @Test func everyStyleDrawsAnyShapeInAnyBox() throws {
        let shapes = [(4000, 10), (4000, 1), (1, 4000), (1, 1), (3000, 7), (2, 5), (600, 5)]
        let boxes = [
            CellBox(columns: 80, rows: 24), CellBox(columns: 1, rows: 1), CellBox(columns: 1, rows: 40), CellBox(columns: 2, rows: 1)
        ]
        let styles: [PictureStyle] = [.sixel, .kitty, .iterm, .symbols(.truecolor), .symbols(.indexed256), .symbols(.monochrome), .ascii]
        for style in styles {
            for cell in [PixelSize(width: 10, height: 20), PixelSize(width: 7, height: 14)] {
                let renderer = PictureRenderer(style: style, cellSize: cell)
                for (width, height) in shapes {
                    let pixels = TestPictures.make(width, height) { x, _ in [UInt8(x % 256), 90, 200, 255] }
                    for box in boxes {
                        let picture = try #require(renderer.render(pixels, in: box), "\(style) \(width)x\(height) in \(box)")
                        #expect(!picture.bytes.isEmpty, "\(style) \(width)x\(height) in \(box)")
                        let cells = renderer.cells(for: PixelSize(width: width, height: height), in: box)
                        #expect(cells.columns >= 1 && cells.columns <= box.columns && cells.rows >= 1 && cells.rows <= box.rows)
                        if style == .sixel {
                            // A whole sixel: DCS … ST, with at least one band of pixels in it.
                            #expect(
                                picture.bytes.text.contains("\u{1B}P") && picture.bytes.text.contains("\u{1B}\\"),
                                "\(width)x\(height) in \(box)")
                        }
                    }
                }
            }
        }
    }

    // MARK: Cells

    @Test func cellsKeepTheAspectRatio() {
        let box = CellBox(columns: 80, rows: 40)
        for style: PictureStyle in [.symbols(.truecolor), .ascii, .kitty, .sixel] {
            let renderer = PictureRenderer(style: style)
            #expect(renderer.cells(for: PixelSize(width: 4000, height: 3000), in: box) == CellBox(columns: 80, rows: 30))
            #expect(renderer.cells(for: PixelSize(width: 3000, height: 4000), in: box) == CellBox(columns: 60, rows: 40))
            // Never outside the box, never empty.
            #expect(renderer.cells(for: PixelSize(width: 10_000, height: 1), in: box) == CellBox(columns: 80, rows: 1))
            #expect(renderer.cells(for: PixelSize(width: 1, height: 10_000), in: box) == CellBox(columns: 1, rows: 40))
        }
        // Symbol cells are 8×16 pixels; pixel styles use the terminal's cell.
        #expect(PictureRenderer(style: .symbols(.indexed16)).pixelBox(for: box) == PixelSize(width: 640, height: 640))
        #expect(
            PictureRenderer(style: .kitty, cellSize: PixelSize(width: 9, height: 18)).pixelBox(for: box)
                == PixelSize(width: 720, height: 720))
        // A cell 12×20: 4000×3000 fits 960×720 pixels, 80×36 cells.
        #expect(
            PictureRenderer(style: .sixel, cellSize: PixelSize(width: 12, height: 20)).cells(
                for: PixelSize(width: 4000, height: 3000), in: box)
                == CellBox(columns: 80, rows: 36))
    }

    /// A pixel picture is drawn at exactly its size in pixels (never stretched to whole
    /// cells), and takes every row it touches; symbols use the shape of the terminal's cell.
    @Test func pixelPicturesKeepTheirShapeInAnyCell() throws {
        // 16:9 in a sheet cell of 18×9 cells of 7×15 pixels: 126×71 pixels in kitty, 5 rows (75 px).
        let photo = PixelSize(width: 1280, height: 720)
        let kitty = PictureRenderer(style: .kitty, cellSize: PixelSize(width: 7, height: 15))
        #expect(kitty.shownSize(of: photo, in: CellBox(columns: 18, rows: 9)) == PixelSize(width: 126, height: 71))
        #expect(kitty.cells(for: photo, in: CellBox(columns: 18, rows: 9)) == CellBox(columns: 18, rows: 5))
        // A sixel is made of bands of 6 pixel rows, which xterm counts whole when it moves the
        // cursor past it: 66 high, and 117 wide to keep the shape, in 17×5 cells.
        let sixel = PictureRenderer(style: .sixel, cellSize: PixelSize(width: 7, height: 15))
        #expect(sixel.shownSize(of: photo, in: CellBox(columns: 18, rows: 9)) == PixelSize(width: 117, height: 66))
        #expect(sixel.cells(for: photo, in: CellBox(columns: 18, rows: 9)) == CellBox(columns: 17, rows: 5))
        // The sixel's raster attributes say so, and it is that size.
        let bytes = try #require(sixel.render(TestPictures.colourful(1280, 720), in: CellBox(columns: 18, rows: 9))).bytes
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\"1;1;117;66#"), "raster attributes: \(text.prefix(80).debugDescription)")
        let drawn = try SixelPicture(bytes)
        #expect(drawn.height == 66)
        // Its last row drawn: every pixel of rows 0…65 set (rows past 66 are not read).
        #expect((0..<drawn.width).allSatisfy { drawn.pixel($0, 65) != nil })
        // Symbols: 8 pixels wide, as tall as the terminal's cell is for its width.
        #expect(
            PictureRenderer(style: .symbols(.truecolor), cellSize: PixelSize(width: 9, height: 19)).cell == PixelSize(width: 8, height: 17))
        #expect(
            PictureRenderer(style: .symbols(.truecolor), cellSize: PixelSize(width: 10, height: 20)).cell == PixelSize(width: 8, height: 16)
        )
        // ASCII stays 8×16 whatever the terminal: its bytes are the same on every machine.
        #expect(PictureRenderer(style: .ascii, cellSize: PixelSize(width: 9, height: 19)).cell == PixelSize(width: 8, height: 16))
    }

    // MARK: libchafa

    static func symbols(
        _ colours: PictureStyle.Colours, _ pixels: Pixels = TestPictures.colourful(160, 120),
        in box: CellBox = CellBox(columns: 20, rows: 10)
    ) throws -> [UInt8] {
        try #require(PictureRenderer(style: .symbols(colours)).render(pixels, in: box)).bytes
    }

    @Test(arguments: [PictureStyle.Colours.truecolor, .indexed256, .indexed16, .monochrome])
    func symbolsHaveTheRowsAskedFor(colours: PictureStyle.Colours) throws {
        // 160×120 in 20×10: 20×8 cells (8×16 pixels each: 160×120 fits 160×120, 7.5 rows round to 8).
        let bytes = try Self.symbols(colours)
        #expect(!bytes.isEmpty)
        #expect(bytes.filter { $0 == 0x0A }.count + 1 == 8)
        // The same bytes every time.
        #expect(try Self.symbols(colours) == bytes)
        let picture = try #require(
            PictureRenderer(style: .symbols(colours)).render(TestPictures.colourful(160, 120), in: CellBox(columns: 20, rows: 10)))
        #expect(picture.transcriptText == nil, "escape sequences have no text form")
    }

    @Test func symbolColoursUseTheirOwnSequences() throws {
        let truecolor = try Self.symbols(.truecolor)
        #expect(truecolor.contains("\u{1B}[38;2;") || truecolor.contains("\u{1B}[48;2;"))
        #expect(!truecolor.contains("38;5;") && !truecolor.contains("48;5;"))
        let indexed = try Self.symbols(.indexed256)
        #expect(indexed.contains("\u{1B}[38;5;") || indexed.contains("\u{1B}[48;5;"))
        #expect(!indexed.contains("38;2;") && !indexed.contains("48;2;"))
        let sixteen = try Self.symbols(.indexed16)
        #expect(!sixteen.contains("38;2;") && !sixteen.contains("48;2;") && !sixteen.contains("38;5;") && !sixteen.contains("48;5;"))
        #expect(sixteen.contains("\u{1B}[3") || sixteen.contains("\u{1B}[9") || sixteen.contains("\u{1B}[4"))
        let monochrome = try Self.symbols(.monochrome)
        #expect(!monochrome.contains("38;") && !monochrome.contains("48;"))
        #expect(!monochrome.contains("\u{1B}[3") && !monochrome.contains("\u{1B}[4") && !monochrome.contains("\u{1B}[9"))
        // Every picture shows something other than blanks.
        for bytes in [truecolor, indexed, sixteen, monochrome] {
            #expect(bytes.contains { $0 != 0x20 && $0 != 0x0A && $0 != 0x1B })
        }
    }

    @Test func sixelIsOneDeviceControlString() throws {
        let renderer = PictureRenderer(style: .sixel, cellSize: PixelSize(width: 10, height: 20))
        let pixels = TestPictures.colourful(200, 100)
        let picture = try #require(renderer.render(pixels, in: CellBox(columns: 20, rows: 10)))
        // 200×100 in 20×10 cells of 10×20: 20×5 cells.
        let bytes = try #require(unplaced(picture.bytes, rows: 5))
        #expect(Array(bytes.prefix(2)) == [0x1B, 0x50])  // ESC P
        #expect(bytes.contains(UInt8(ascii: "q")))
        #expect(Array(bytes.suffix(2)) == [0x1B, 0x5C])  // ESC \
        #expect(bytes.filter { $0 == 0x1B }.count == 2)  // nothing else in between
        #expect(picture.transcriptText == nil)
        #expect(try #require(renderer.render(pixels, in: CellBox(columns: 20, rows: 10))).bytes == picture.bytes)
        // A second renderer: the same bytes (libchafa's thread count is fixed).
        #expect(try #require(PictureRenderer(style: .sixel).render(pixels, in: CellBox(columns: 20, rows: 10))).bytes == picture.bytes)
    }

    // MARK: Kitty

    @Test func kittyChunksAreWithinTheProtocolLimits() throws {
        let pixels = TestPictures.noise(200, 200)
        let renderer = PictureRenderer(style: .kitty, cellSize: PixelSize(width: 10, height: 20))
        let picture = try #require(renderer.render(pixels, in: CellBox(columns: 20, rows: 10)))
        #expect(picture.transcriptText == nil)
        let placed = try #require(unplaced(picture.bytes, rows: 10))
        let chunks = try #require(kittyChunks(placed))
        #expect(chunks.count > 10)
        #expect(chunks.allSatisfy { $0.payload.count <= 4096 })
        #expect(chunks.dropLast().allSatisfy { $0.payload.count == 4096 })
        // 200×200 in 20×10 cells of 10×20 (200×200 pixels): sent and shown at its own size (no c or r,
        // which would stretch it to whole cells), the cursor left where it was (C=1).
        #expect(chunks[0].control == "a=T,f=32,o=z,q=2,C=1,s=200,v=200,m=1")
        #expect(chunks.dropFirst().dropLast().allSatisfy { $0.control == "m=1" })
        #expect(chunks.last?.control == "m=0")
        let data = try #require(base64Decode(chunks.flatMap(\.payload)))
        let raw = try #require(inflate(data, expected: 200 * 200 * 4))
        #expect(raw.count == 200 * 200 * 4)
        #expect(raw == pixels.rgba)
    }

    @Test func kittySendsNoMorePixelsThanTheCellsShow() throws {
        let pixels = TestPictures.colourful(2000, 1000)
        let renderer = PictureRenderer(style: .kitty, cellSize: PixelSize(width: 10, height: 20))
        let bytes = try #require(renderer.render(pixels, in: CellBox(columns: 20, rows: 10))).bytes
        let placed = try #require(unplaced(bytes, rows: 5))
        let chunks = try #require(kittyChunks(placed))
        // 2000×1000 in 200×200 pixels: 200×100, 20×5 cells.
        #expect(chunks[0].control.hasPrefix("a=T,f=32,o=z,q=2,C=1,s=200,v=100,m="))
        #expect(chunks.last?.control.hasSuffix("m=0") == true)
        let data = try #require(base64Decode(chunks.flatMap(\.payload)))
        let raw = try #require(inflate(data, expected: 200 * 100 * 4))
        #expect(raw == pixels.resampled(to: PixelSize(width: 200, height: 100)).rgba)
        // A small picture is enlarged smoothly to the cells' pixels (the terminal would repeat pixels).
        let tiny = TestPictures.colourful(4, 2)
        let smallPicture = try #require(renderer.render(tiny, in: CellBox(columns: 20, rows: 10)))
        let smallPlaced = try #require(unplaced(smallPicture.bytes, rows: 5))
        let small = try #require(kittyChunks(smallPlaced))
        #expect(small[0].control.hasPrefix("a=T,f=32,o=z,q=2,C=1,s=200,v=100,m="))
        let smallData = try #require(base64Decode(small.flatMap(\.payload)))
        #expect(inflate(smallData, expected: 200 * 100 * 4) == tiny.enlarged(to: PixelSize(width: 200, height: 100)).rgba)
    }

    // MARK: tmux

    @Test func insideTmuxEverySequenceIsPassedThrough() throws {
        let pixels = TestPictures.noise(100, 100)
        let box = CellBox(columns: 40, rows: 20)
        for style: PictureStyle in [.kitty, .sixel, .iterm] {
            let plainPicture = try #require(PictureRenderer(style: style).render(pixels, in: box))
            let wrappedPicture = try #require(PictureRenderer(style: style, inTmux: true).render(pixels, in: box))
            let plain = try #require(unplaced(plainPicture.bytes, rows: 20))
            let wrapped = try #require(unplaced(wrappedPicture.bytes, rows: 20))
            #expect(Array(wrapped.prefix(7)) == Array("\u{1B}Ptmux;".utf8))
            #expect(wrapped.count > plain.count)
            #expect(unwrapTmux(wrapped) == plain, "\(style)")
            // What comes before the passthrough is to be drawn first (Console.writePicture): the split
            // is where the passthrough starts; outside tmux pictures are written whole.
            let split = try #require(wrappedPicture.drawnBefore, "\(style)")
            #expect(Array(wrappedPicture.bytes[split...].prefix(7)) == Array("\u{1B}Ptmux;".utf8), "\(style)")
            #expect(plainPicture.drawnBefore == nil)
        }
        // Symbols and ASCII are text: no passthrough.
        for style: PictureStyle in [.ascii, .symbols(.truecolor)] {
            let plain = try #require(PictureRenderer(style: style).render(pixels, in: box)).bytes
            #expect(try #require(PictureRenderer(style: style, inTmux: true).render(pixels, in: box)).bytes == plain)
        }
        let renderer = PictureRenderer(style: .kitty, inTmux: true)
        #expect(
            renderer.passthrough([0x1B, 0x41, 0x1B, 0x1B, 0x42]) == Array("\u{1B}Ptmux;\u{1B}\u{1B}A\u{1B}\u{1B}\u{1B}\u{1B}B\u{1B}\\".utf8)
        )
        #expect(PictureRenderer(style: .kitty).passthrough([0x1B, 0x41]) == [0x1B, 0x41])
    }

    // MARK: Others

    @Test func base64KnownVectors() {
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (input, output) in vectors {
            #expect(Base64.encode(Array(input.utf8)).text == output)
        }
        #expect(Base64.encode([0xFB, 0xFF, 0xBF]).text == "+/+/")
        #expect(Base64.encode([0, 0, 0, 0xFF]).text == "AAAA/w==")
        let all = (0...255).map(UInt8.init)
        #expect(base64Decode(Base64.encode(all)) == all)
    }

    @Test func noneDrawsNothing() {
        #expect(PictureRenderer(style: .none).render(TestPictures.colourful(10, 10), in: CellBox(columns: 10, rows: 10)) == nil)
    }
}

/// A smooth picture (a BlurHash) in symbols mode: half blocks of our own, two pixels a cell.
@Suite struct HalfBlockTests {
    /// Top row red, bottom row blue, 2×2, marked smooth as the BlurHash decoder marks its pictures.
    static let smooth = Pixels(width: 2, height: 2, rgba: [255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255], isSmooth: true)

    @Test func truecolorCellsAreTheTopPixelOverTheBottomOne() throws {
        let renderer = PictureRenderer(style: .symbols(.truecolor))
        let bytes = try #require(renderer.render(Self.smooth, in: CellBox(columns: 2, rows: 1))).bytes
        let cell = "\u{1B}[38;2;255;0;0m\u{1B}[48;2;0;0;255m▀"
        #expect(String(decoding: bytes, as: UTF8.self) == cell + cell + "\u{1B}[0m\n")
    }

    @Test func fewerColoursUseTheirOwnSequences() throws {
        let indexed = try #require(PictureRenderer(style: .symbols(.indexed256)).render(Self.smooth, in: CellBox(columns: 2, rows: 1)))
        #expect(String(decoding: indexed.bytes, as: UTF8.self).hasPrefix("\u{1B}[38;5;196m\u{1B}[48;5;21m▀"))
        let sixteen = try #require(PictureRenderer(style: .symbols(.indexed16)).render(Self.smooth, in: CellBox(columns: 2, rows: 1)))
        #expect(String(decoding: sixteen.bytes, as: UTF8.self).hasPrefix("\u{1B}[91m\u{1B}[44m▀"))
        #expect(sixteen.transcriptText == nil)
    }

    @Test func aDetailedPictureStillGoesToLibchafa() throws {
        var detailed = Self.smooth
        detailed.isSmooth = false
        let bytes = try #require(PictureRenderer(style: .symbols(.truecolor)).render(detailed, in: CellBox(columns: 2, rows: 1))).bytes
        #expect(!bytes.isEmpty)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("\u{1B}[0m"), "libchafa starts with a reset")
    }
}
