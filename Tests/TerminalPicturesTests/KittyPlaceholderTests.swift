import Imaging
import REPLEngine
import Testing
@testable import TerminalPictures
#if canImport(Glibc)
    import Glibc
#endif

/// kitty pictures inside tmux as Unicode placeholders: the image transmitted once with a virtual
/// placement, then drawn as text tmux moves.
@MainActor @Suite struct KittyPlaceholderTests {
    static func scalars(_ bytes: [UInt8]) -> [UInt32] { String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value) }

    @Test func theDiacriticsAreKittysTable() {
        // gen/rowcolumn-diacritics.txt in kitty's source: 297 marks, in this order.
        #expect(KittyPlaceholders.diacritics.count == 297)
        #expect(KittyPlaceholders.diacritics.prefix(8).map(\.value) == [0x0305, 0x030D, 0x030E, 0x0310, 0x0312, 0x033D, 0x033E, 0x033F])
        #expect(KittyPlaceholders.diacritics[255].value == 0xA8E5)
        #expect(KittyPlaceholders.diacritics.last?.value == 0x1D244)
        #expect(Set(KittyPlaceholders.diacritics).count == 297)
    }

    /// kitty's docs' 2×2 example for image 42, with the high byte 7 as the third diacritic: each
    /// cell U+10EEEE, its row's mark, its column's mark, the high byte's mark; the low byte the
    /// foreground colour, as one of the 256 colours.
    @Test func placeholderCellsSayRowColumnAndId() {
        let rows = KittyPlaceholders.rows(id: 7 << 24 | 42, columns: 3, rows: 2)
        #expect(rows.count == 2)
        for (row, line) in rows.enumerated() {
            let text = String(decoding: line, as: UTF8.self)
            #expect(text.hasPrefix("\u{1B}[38;5;42m") && text.hasSuffix("\u{1B}[39m"))
            let cells = Self.scalars(Array(line.dropFirst("\u{1B}[38;5;42m".utf8.count).dropLast("\u{1B}[39m".utf8.count)))
            let marks: [UInt32] = [0x0305, 0x030D, 0x030E]
            #expect(cells == (0..<3).flatMap { column in [0x10EEEE, marks[row], marks[column], 0x033F] })
        }
    }

    @Test func imageIdsAreNewAndFitAnIndexedColour() {
        let ids = (0..<300).map { _ in KittyPlaceholders.nextImageID() }
        for id in ids {
            #expect((16...255).contains(id & 0xFF))
            #expect(id & 0x00FF_FF00 == 0)
            #expect(id >> 24 != 0 && id >> 24 == ids[0] >> 24)
        }
        #expect(Set(ids.prefix(240)).count == 240)
    }

    @Test func onlyKittySince028AndGhosttyDrawPlaceholders() {
        #expect(KittyPlaceholders.drawnBy("kitty(0.28.0)"))
        #expect(KittyPlaceholders.drawnBy("kitty(0.35.2)"))
        #expect(KittyPlaceholders.drawnBy("kitty(1.0)"))
        #expect(KittyPlaceholders.drawnBy("ghostty 1.1.3"))
        #expect(!KittyPlaceholders.drawnBy("kitty(0.26.5)"))
        #expect(!KittyPlaceholders.drawnBy("kitty(0.9.0)"))
        #expect(!KittyPlaceholders.drawnBy("Konsole 22.12.3"))
        #expect(!KittyPlaceholders.drawnBy("WezTerm 20230712"))
        #expect(!KittyPlaceholders.drawnBy(nil))
    }

    /// The picture: the image transmitted (through tmux) with a virtual placement of its cells, then
    /// its cells' rows of placeholders, one line each: nothing moves the cursor but the text.
    @Test func aPictureIsTransmittedOnceThenWrittenAsText() throws {
        let pixels = TestPictures.colourful(2000, 1000)
        let renderer = PictureRenderer(style: .kitty, cellSize: PixelSize(width: 10, height: 20), inTmux: true, kittyPlaceholders: true)
        let id: UInt32 = 9 << 24 | 200
        let bytes = try #require(renderer.render(pixels, in: CellBox(columns: 20, rows: 10), kittyImageID: id)).bytes
        #expect(bytes.last == 0x0A)
        let sent = Self.transmission(bytes)
        // 2000×1000 in 200×200 pixels: 200×100, 20×5 cells.
        let placeholderLines = bytes[sent.count...].split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        #expect(placeholderLines.count == 5)
        for (row, line) in placeholderLines.enumerated() {
            #expect(Array(line) == KittyPlaceholders.rows(id: id, columns: 20, rows: 5)[row])
        }
        let transmission = try #require(unwrapTmux(sent))
        let chunks = try #require(kittyChunks(transmission))
        #expect(chunks[0].control.hasPrefix("a=T,f=32,o=z,q=2,U=1,i=\(id),c=20,r=5,s=200,v=100,m="))
        let data = try #require(base64Decode(chunks.flatMap(\.payload)))
        #expect(inflate(data, expected: 200 * 100 * 4) == pixels.resampled(to: PixelSize(width: 200, height: 100)).rgba)
        // Nothing that places by the cursor: no save, restore or moves.
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("\u{1B}7") && !text.contains("\u{1B}8") && !text.contains("A\u{1B}"))
    }

    /// The passthrough sequences at the start of `bytes` (everything before the first placeholder line).
    static func transmission(_ bytes: [UInt8]) -> [UInt8] {
        let colour = Array("\u{1B}[38;5;".utf8)
        var end = 0
        while end + colour.count <= bytes.count, Array(bytes[end..<(end + colour.count)]) != colour { end += 1 }
        return Array(bytes[..<end])
    }

    /// A sheet row: each thumbnail's image transmitted, then lines with each one's cells at its
    /// cell's column (18 columns and 2 between), blanks where a shorter one has no row.
    @Test func aSheetRowPlacesEachThumbnailAtItsColumn() throws {
        let renderer = PictureRenderer(style: .kitty, cellSize: PixelSize(width: 10, height: 20), inTmux: true, kittyPlaceholders: true)
        let wide = TestPictures.colourful(160, 90), tall = TestPictures.colourful(90, 160)
        let ids: [UInt32] = [5 << 24 | 20, 0, 5 << 24 | 21]
        let bytes = try #require(renderer.renderRow([wide, nil, tall], cell: SheetLayout.cell, gap: 2, kittyImageIDs: ids)).bytes
        let transmission = Self.transmission(bytes)
        let unwrapped = try #require(unwrapTmux(transmission))
        let chunks = try #require(kittyChunks(unwrapped))
        let firsts = chunks.filter { $0.control.hasPrefix("a=T") }.map(\.control)
        // 18×9 cells of 10×20: the wide one 180×101 (18×6 cells), the tall one 101×180 (11×9).
        #expect(firsts.count == 2)
        #expect(firsts[0].hasPrefix("a=T,f=32,o=z,q=2,U=1,i=\(ids[0]),c=18,r=6,"))
        #expect(firsts[1].hasPrefix("a=T,f=32,o=z,q=2,U=1,i=\(ids[2]),c=11,r=9,"))
        let lines = String(decoding: bytes[transmission.count...], as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast()
        #expect(lines.count == 9)
        for (row, line) in lines.enumerated() {
            // Columns before the third picture's first cell: the first picture's 18 (or blanks), the
            // empty cell's 18 and three gaps of 2.
            let thirdStart = try #require(line.range(of: "\u{1B}[38;5;21m"))
            let before = line[..<thirdStart.lowerBound]
            let width = before.unicodeScalars.filter { $0.value == 0x10EEEE || $0 == " " }.count
            #expect(width == 18 + 2 + 18 + 2, "row \(row): \(width) columns before the third picture")
            #expect(before.contains("\u{1B}[38;5;20m") == (row < 6), "row \(row)")
        }
    }

    // MARK: Choosing placeholders, and deleting images

    static func tmuxDisplay(version: String?, mode: PreviewMode = .auto, answered: Bool = true) -> PictureDisplay {
        var reply = TerminalProbe.Answer()
        reply.kittyGraphics = true
        reply.complete = true
        reply.version = version
        return PictureDisplay(
            .init(
                mode: mode, size: nil, outputIsTerminal: true,
                environment: ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "1"]),
            probe: { _ in answered ? reply : nil },
            windowSize: { winsize(ws_row: 40, ws_col: 100, ws_xpixel: 1000, ws_ypixel: 800) })
    }

    /// Inside tmux: placeholders where the terminal outside draws them; symbols elsewhere (a picture
    /// passed through would land at the outer terminal's cursor), with a note when kitty was asked for.
    @Test func insideTmuxKittyIsDrawnWithPlaceholdersOrSymbols() {
        let new = Self.tmuxDisplay(version: "kitty(0.32.2)")
        #expect(new.renderer.style == .kitty && new.renderer.kittyPlaceholders)
        #expect(new.takeNote() == nil)
        let old = Self.tmuxDisplay(version: "kitty(0.26.5)")
        #expect(old.renderer.style == .symbols(.truecolor))
        #expect(old.takeNote() == nil)
        let asked = Self.tmuxDisplay(version: "kitty(0.26.5)", mode: .kitty)
        #expect(asked.renderer.style == .symbols(.truecolor))
        #expect(asked.takeNote()?.contains("0.28") == true)
        let silent = Self.tmuxDisplay(version: nil, mode: .kitty, answered: false)
        #expect(silent.renderer.style == .symbols(.truecolor))
        #expect(silent.takeNote()?.contains("allow-passthrough") == true)
        // Sheets are placeholders too.
        let row = String(decoding: new.sheetRow([TestPictures.colourful(64, 36)])?.bytes ?? [], as: UTF8.self)
        #expect(row.unicodeScalars.contains("\u{10EEEE}"))
    }

    /// kitty keeps an image until it is deleted: once the pictures drawn after one take the window's
    /// rows, it has scrolled off and is deleted (`a=d,d=I`, through tmux) before the next is drawn.
    @Test func imagesScrolledOffAreDeleted() throws {
        let display = Self.tmuxDisplay(version: "kitty(0.32.2)")
        var drawn: [UInt32] = []
        var deleted: [UInt32] = []
        for _ in 0..<12 {
            let bytes = try #require(display.picture(TestPictures.colourful(64, 36), for: .page)).bytes
            let text = String(decoding: bytes, as: UTF8.self)
            let id = try #require(text.firstRange(of: /i=(\d+),c=/).map { UInt32(text[$0].dropFirst(2).dropLast(3))! })
            drawn.append(id)
            for match in text.matches(of: /a=d,d=I,i=(\d+),q=2/) { deleted.append(UInt32(match.output.1)!) }
            // Deletions come before the new image.
            if let deletion = text.range(of: "a=d"), let transmission = text.range(of: "a=T") {
                #expect(deletion.lowerBound < transmission.lowerBound)
            }
        }
        // A page picture is 43×12 cells in a 40-row window: once four have been drawn after one (48
        // rows), it is off the screen; three after it (36 rows) may not have pushed it off.
        #expect(deleted == Array(drawn.prefix(8)))
        #expect(display.keptImages == Array(drawn.suffix(4)))
    }
}
