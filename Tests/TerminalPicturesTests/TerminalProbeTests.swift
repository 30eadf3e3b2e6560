import Foundation
import Imaging
import REPLEngine
import Testing
@testable import TerminalPictures
#if canImport(Glibc)
    import Glibc
#endif

private let esc = "\u{1B}"

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

private func answer(kitty: Bool = false, sixel: Bool = false, complete: Bool = false) -> TerminalProbe.Answer {
    var answer = TerminalProbe.Answer()
    answer.kittyGraphics = kitty
    answer.sixel = sixel
    answer.complete = complete
    return answer
}

/// Milliseconds on the monotonic clock.
private func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1_000_000
}

/// A terminal made of two pipes: photorepl writes its queries to one, reads the answers from the
/// other. The fake runs on its own thread: it reads the queries until the DA1 request, then does
/// what `respond` says with the answer pipe's write end.
final class FakeTerminal: @unchecked Sendable {
    let queriesRead: Int32, queriesWrite: Int32, answersRead: Int32, answersWrite: Int32
    private let lock = NSLock()
    private var _received: [UInt8] = []
    private let done = DispatchSemaphore(value: 0)

    /// What the fake read from photorepl.
    var received: [UInt8] { lock.withLock { _received } }

    /// Whether the fake closes its end of the answers after responding (the terminal going away).
    private let closesAnswers: Bool

    init(closesAnswers: Bool = false, respond: @escaping @Sendable (_ answers: Int32) -> Void) {
        self.closesAnswers = closesAnswers
        var q: [Int32] = [0, 0], a: [Int32] = [0, 0]
        precondition(pipe(&q) == 0 && pipe(&a) == 0)
        (queriesRead, queriesWrite, answersRead, answersWrite) = (q[0], q[1], a[0], a[1])
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 256)
            while !received.contains(Array("\(esc)[c".utf8)) {
                let n = buffer.withUnsafeMutableBytes { read(queriesRead, $0.baseAddress, $0.count) }
                guard n > 0 else { break }
                lock.withLock { _received += buffer[..<n] }
            }
            respond(answersWrite)
            if closesAnswers { Glibc.close(answersWrite) }
            done.signal()
        }
        thread.start()
    }

    /// Waits for the fake's thread (the queries read, the answer written), then closes every end.
    /// The queries' write end goes first: a fake still waiting for them reads the end of the file.
    func finish() {
        Glibc.close(queriesWrite)
        done.wait()
        for fd in [queriesRead, answersRead] + (closesAnswers ? [] : [answersWrite]) { Glibc.close(fd) }
    }

    static func write(_ text: String, to fd: Int32) {
        let data = Array(text.utf8)
        let n = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        precondition(n == data.count)
    }
}

extension Array where Element == UInt8 {
    fileprivate func contains(_ needle: [UInt8]) -> Bool {
        guard needle.count <= count else { return false }
        return (0...(count - needle.count)).contains { self[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}

/// No test here asserts how fast anything is (benchmarks do that): a terminal that answers is given a
/// minute-long time-out, so only an answer can end the wait within the suite's time limit; a lower
/// bound checks that a silent terminal is waited for, as long as the time-out says.
@Suite(.timeLimit(.minutes(2))) struct TerminalProbeTests {
    // MARK: Parsing

    /// The answer to DSR 6 that says tmux has taken in what came before a picture.
    @Test func aCursorReportIsFoundAmongKeys() {
        #expect(TerminalProbe.cursorReportEnd(in: Array("\u{1B}[12;1R".utf8)) == 7)
        #expect(TerminalProbe.cursorReportEnd(in: Array("ab\u{1B}[3;40Rcd".utf8)) == 9)
        // Not yet whole, or not a report: an arrow key, F3 with a modifier (ESC [ 1 ; 2 R).
        #expect(TerminalProbe.cursorReportEnd(in: Array("\u{1B}[12;1".utf8)) == nil)
        #expect(TerminalProbe.cursorReportEnd(in: Array("\u{1B}[A".utf8)) == nil)
        #expect(TerminalProbe.cursorReportEnd(in: Array("\u{1B}[1;2".utf8) + [UInt8(ascii: "Q")]) == nil)
    }

    @Test func deviceAttributesTellSixel() {
        #expect(TerminalProbe.parse(bytes("\(esc)[?62;4;22c")) == answer(sixel: true, complete: true))
        #expect(TerminalProbe.parse(bytes("\(esc)[?1;2c")) == answer(complete: true))
        #expect(TerminalProbe.parse(bytes("\(esc)[?4c")) == answer(sixel: true, complete: true))
        // 42 and 14 are not 4.
        #expect(TerminalProbe.parse(bytes("\(esc)[?64;42;14c")) == answer(complete: true))
        #expect(TerminalProbe.parse(bytes("\(esc)[?c")) == answer(complete: true))
    }

    @Test func kittyAnswersCountBeforeTheDeviceAttributes() {
        #expect(TerminalProbe.parse(bytes("\(esc)_Gi=31;OK\(esc)\\\(esc)[?62;22c")) == answer(kitty: true, complete: true))
        #expect(TerminalProbe.parse(bytes("\(esc)_Gi=31;OK\(esc)\\\(esc)[?62;4;22c")) == answer(kitty: true, sixel: true, complete: true))
        // An error: no kitty graphics.
        #expect(
            TerminalProbe.parse(bytes("\(esc)_Gi=31;ENOENT:Unsupported transmission type\(esc)\\\(esc)[?62;4c"))
                == answer(sixel: true, complete: true))
        // Another query's answer is not ours.
        #expect(TerminalProbe.parse(bytes("\(esc)_Gi=7;OK\(esc)\\\(esc)[?62c")) == answer(complete: true))
        // After the DA1 reply nothing counts.
        #expect(TerminalProbe.parse(bytes("\(esc)[?62c\(esc)_Gi=31;OK\(esc)\\")) == answer(complete: true))
    }

    /// Keys typed while the terminal was asked are handed back, in order, arrows and all; every
    /// terminal answer (ours, a cursor report, an OSC colour reply) is taken out.
    @Test func typedKeysAreKeptAndAnswersTakenOut() {
        let typed = "ls -l\r\(esc)[A\(esc)OB\(esc)[1;5C\u{7F}x"
        let text = "abc\(typed)\(esc)_Gi=31;OK\(esc)\\\(esc)[24;1R\(esc)]11;rgb:0000/0000/0000\u{07}q\(typed)\(esc)[?65;1;4;9c zz"
        var expected = answer(kitty: true, sixel: true, complete: true)
        expected.background = .black  // the OSC 11 reply
        expected.typed = bytes("abc\(typed)q\(typed) zz")
        #expect(TerminalProbe.parse(bytes(text)) == expected)
        var other = answer(sixel: true, complete: true)
        other.typed = bytes("\u{00}\u{FF}\(esc)")
        #expect(TerminalProbe.parse(bytes("\u{00}\u{FF}\(esc)\(esc)[?62;4c")) == other)
    }

    /// The background colour (OSC 11) in any number of hex digits a channel, ended by ST or BEL;
    /// the cell size (CSI 16 t) when plausible.
    @Test func backgroundAndCellSizeAreRead() {
        var expected = answer(complete: true)
        expected.background = RGB(red: 255, green: 128, blue: 0)
        #expect(TerminalProbe.parse(bytes("\(esc)]11;rgb:ffff/8080/0000\(esc)\\\(esc)[?62c")) == expected)
        #expect(TerminalProbe.parse(bytes("\(esc)]11;rgb:ff/80/00\u{07}\(esc)[?62c")) == expected)
        expected.background = RGB(red: 255, green: 136, blue: 0)
        #expect(TerminalProbe.parse(bytes("\(esc)]11;rgb:f/8/0\u{07}\(esc)[?62c")) == expected)
        // Not a colour we can read: none.
        for reply in ["rgb:ffff/ffff", "rgba:ffff/ffff/ffff/ffff", "rgb:fffff/0/0", "rgb:zz/00/00", "#ffffff"] {
            #expect(TerminalProbe.parse(bytes("\(esc)]11;\(reply)\u{07}\(esc)[?62c")) == answer(complete: true))
        }
        var cells = answer(complete: true)
        cells.cellSize = PixelSize(width: 9, height: 18)
        #expect(TerminalProbe.parse(bytes("\(esc)[6;18;9t\(esc)[?62c")) == cells)
        // Cells no picture can trust are ignored.
        for reply in ["6;0;9", "6;18;0", "6;65535;65535", "6;1000;500", "6;257;20", "6;20;129", "6;18", "4;504;594", "6;-1;9"] {
            #expect(TerminalProbe.parse(bytes("\(esc)[\(reply)t\(esc)[?62c")) == answer(complete: true))
        }
    }

    /// Cut off by the time-out: not complete, and what kind of rest is still to come (the
    /// line editor swallows it, where it was typed as keys).
    @Test func anIncompleteReplyIsNotComplete() {
        func cut(_ answer: TerminalProbe.Answer, _ tail: EditLineSource.AnswerTail) -> TerminalProbe.Answer {
            var answer = answer
            answer.cutOff = tail
            return answer
        }
        #expect(TerminalProbe.parse([]) == answer())
        #expect(TerminalProbe.parse(bytes("\(esc)_Gi=31;OK\(esc)\\\(esc)[?62;4")) == cut(answer(kitty: true), .csi))
        #expect(TerminalProbe.parse(bytes("\(esc)_Gi=31;O")) == cut(answer(), .string))
        #expect(TerminalProbe.parse(bytes("\(esc)P>|XTe")) == cut(answer(), .string))
        #expect(TerminalProbe.parse(bytes("\(esc)]11;rgb:00")) == cut(answer(), .string))
        #expect(TerminalProbe.parse(bytes("\(esc)[?62;4;22")) == cut(answer(), .csi))
        #expect(TerminalProbe.parse(bytes("\(esc)[?")) == cut(answer(), .csi))
        #expect(TerminalProbe.parse(bytes("\(esc)[")) == cut(answer(), .csi))
        #expect(TerminalProbe.parse(bytes(esc)) == cut(answer(), .afterEscape))
        // Cut between the ESC and the backslash that end a string (found by the terminal-answers
        // fuzz target: the tail's backslash did not end it, and the keys after it were swallowed).
        #expect(TerminalProbe.parse(bytes("\(esc)_Gi=31;OK\(esc)")) == cut(answer(), .stringAfterEscape))
        // Complete: nothing to come.
        #expect(TerminalProbe.parse(bytes("\(esc)[?62;4c")).cutOff == nil)
    }

    /// The line editor swallows the rest of a cut-off answer up to its end, and not a byte more.
    @Test func theRestOfACutOffAnswerIsSwallowedToItsEnd() {
        let keys = bytes("x\rquit\r")
        for (tail, rest) in [
            (EditLineSource.AnswerTail.string, "OK\(esc)\\"), (.string, "rgb:0000/0000/0000\u{07}"),
            (.stringAfterEscape, "\\"), (.csi, "62;4c"), (.afterEscape, "[?62;4c"), (.afterEscape, "_Gi=31;OK\(esc)\\")
        ] {
            #expect(EditLineSource.answerTailLength(tail, in: bytes(rest) + keys) == bytes(rest).count, "\(tail) \(rest)")
        }
        // After a lone ESC, a key is a key (Alt-x): nothing swallowed.
        #expect(EditLineSource.answerTailLength(.afterEscape, in: keys) == 0)
    }

    /// Whatever arrives, parsing ends and the answer is one of the possible ones.
    @Test func randomBytesNeverTrap() {
        var state: UInt64 = 0x1234_5678_9ABC_DEF1
        func next() -> UInt8 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 40)
        }
        // Mostly the bytes that matter, so that the parser's paths are walked, not skipped.
        let alphabet = bytes("\(esc)\(esc)\(esc)_[?G\\c;4;62i=31OK0")
        for round in 0..<5_000 {
            let count = round % 64
            let input = (0..<count).map { _ in round % 3 == 0 ? next() : alphabet[Int(next()) % alphabet.count] }
            let parsed = TerminalProbe.parse(input)
            #expect(parsed.complete || !parsed.sixel)
        }
    }

    // MARK: Querying a fake terminal

    static let kittyQuery = "\(esc)_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\(esc)\\"
    /// Everything asked, DA1 last: kitty graphics, XTSMGRAPHICS registers and geometry, XTVERSION,
    /// XTGETTCAP RGB and Tc.
    static let queries =
        kittyQuery + "\(esc)[?1;1;0S\(esc)[?2;1;0S\(esc)[>0q\(esc)P+q524742;5463\(esc)\\\(esc)]11;?\(esc)\\\(esc)[16t\(esc)[c"

    @Test func aTerminalThatAnswersIsReadUntilItsDeviceAttributes() {
        let terminal = FakeTerminal { FakeTerminal.write("\(esc)_Gi=31;OK\(esc)\\\(esc)[?62;4c", to: $0) }
        let result = TerminalProbe.query(input: terminal.answersRead, output: terminal.queriesWrite, tmux: false, timeout: 60_000)
        terminal.finish()
        #expect(result == answer(kitty: true, sixel: true, complete: true))
        #expect(terminal.received == bytes(Self.queries))
    }

    @Test func insideTmuxTheKittyQueryIsPassedThrough() {
        let terminal = FakeTerminal { FakeTerminal.write("\(esc)[?1;2c", to: $0) }
        let result = TerminalProbe.query(input: terminal.answersRead, output: terminal.queriesWrite, tmux: true, timeout: 60_000)
        terminal.finish()
        #expect(result == answer(complete: true))
        // Every query goes to the outer terminal: tmux would answer DA1 itself, before the others.
        let wrapped = Self.queries.replacingOccurrences(of: esc, with: esc + esc)
        #expect(terminal.received == bytes("\(esc)Ptmux;\(wrapped)\(esc)\\"))
    }

    @Test func anAnswerInTwoHalvesIsPutTogether() {
        let terminal = FakeTerminal { fd in
            FakeTerminal.write("\(esc)_Gi=31;O", to: fd)
            usleep(30_000)
            FakeTerminal.write("K\(esc)\\\(esc)[?6", to: fd)
            usleep(30_000)
            FakeTerminal.write("2;4c", to: fd)
        }
        let start = now()
        let result = TerminalProbe.query(input: terminal.answersRead, output: terminal.queriesWrite, tmux: false, timeout: 60_000)
        let elapsed = now() - start
        terminal.finish()
        #expect(result == answer(kitty: true, sixel: true, complete: true))
        #expect(elapsed >= 50, "returned before the second half")
    }

    @Test func garbageOnlyIsIncompleteAfterTheTimeout() {
        let terminal = FakeTerminal { FakeTerminal.write("hello\(esc)[?62;4", to: $0) }
        let start = now()
        let result = TerminalProbe.query(input: terminal.answersRead, output: terminal.queriesWrite, tmux: false, timeout: 100)
        let elapsed = now() - start
        terminal.finish()
        var expected = answer()
        expected.typed = bytes("hello")  // the answer cut short is dropped, its rest to be swallowed
        expected.cutOff = .csi
        #expect(result == expected)
        #expect(elapsed >= 90, "gave up after \(elapsed) ms")
    }

    @Test func aTerminalThatNeverAnswersCostsTheTimeout() {
        let terminal = FakeTerminal { _ in }
        let start = now()
        let result = TerminalProbe.query(input: terminal.answersRead, output: terminal.queriesWrite, tmux: false, timeout: 100)
        let elapsed = now() - start
        terminal.finish()
        #expect(result == answer())
        #expect(elapsed >= 90, "gave up after \(elapsed) ms")
        #expect(terminal.received == bytes(Self.queries))
    }

    /// The terminal goes away (end of file): no waiting for the time-out.
    @Test func aClosedTerminalEndsTheWait() {
        let terminal = FakeTerminal(closesAnswers: true) { _ in }
        let result = TerminalProbe.query(input: terminal.answersRead, output: terminal.queriesWrite, tmux: false, timeout: 60_000)
        terminal.finish()
        #expect(result == answer())
    }
}

@MainActor @Suite struct PictureDisplayTests {
    /// What the fake probe was asked.
    final class Probe {
        /// Whether each call was inside tmux.
        var calls: [Bool] { requests.map(\.tmux) }
        var requests: [TerminalProbe.Request] = []
        let answer: TerminalProbe.Answer?
        init(_ answer: TerminalProbe.Answer?) { self.answer = answer }
    }

    static func window(columns: UInt16 = 100, rows: UInt16 = 50, width: UInt16 = 1000, height: UInt16 = 1000) -> winsize {
        winsize(ws_row: rows, ws_col: columns, ws_xpixel: width, ws_ypixel: height)
    }

    static func display(
        _ environment: [String: String], mode: PreviewMode = .auto, terminal: Bool = true,
        size: CellBox? = nil, probe: Probe = Probe(nil), window: winsize? = window()
    ) -> PictureDisplay {
        PictureDisplay(
            .init(mode: mode, size: size, outputIsTerminal: terminal, environment: environment),
            probe: { request in
                probe.requests.append(request)
                return probe.answer
            },
            windowSize: { window })
    }

    static let sixelTerminal = answer(sixel: true, complete: true)
    static let pixels = TestPictures.colourful(64, 48)

    @Test func autoShowsNothingWhenOutputIsNoTerminal() {
        let probe = Probe(Self.sixelTerminal)
        let display = Self.display(["TERM": "xterm-256color", "COLORTERM": "truecolor"], terminal: false, probe: probe)
        #expect(!display.mayShowPictures)
        #expect(display.pixelBox(for: .detail) == nil)
        #expect(display.pixelBox(for: .page) == nil)
        #expect(display.picture(Self.pixels, for: .detail) == nil)
        #expect(display.renderer.style == PictureStyle.none)
        #expect(probe.calls.isEmpty)
    }

    @Test func autoShowsNothingOnADumbTerminal() {
        let probe = Probe(Self.sixelTerminal)
        let display = Self.display(["TERM": "dumb"], probe: probe)
        #expect(!display.mayShowPictures)
        #expect(display.pixelBox(for: .detail) == nil)
        #expect(display.picture(Self.pixels, for: .page) == nil)
        #expect(probe.calls.isEmpty)
    }

    @Test func noColorMeansMonochromeSymbols() throws {
        let probe = Probe(Self.sixelTerminal)
        let display = Self.display(["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"], probe: probe)
        #expect(display.renderer.style == .symbols(.monochrome))
        // 100×30 cells of 8×16 pixels.
        #expect(display.pixelBox(for: .detail) == PixelSize(width: 800, height: 480))
        #expect(probe.calls.isEmpty)
        let picture = try #require(display.picture(Self.pixels, for: .detail))
        #expect(!String(decoding: picture.bytes, as: UTF8.self).contains("38;"), "no colour sequence")
        // An empty NO_COLOR does not count.
        #expect(Self.display(["TERM": "xterm-256color", "NO_COLOR": ""]).renderer.style == .symbols(.indexed256))
    }

    @Test func terminalsThatSayWhoTheyAreAreNotAskedWhatTheyAre() {
        let cases: [([String: String], PictureStyle)] = [
            (["TERM": "xterm-kitty"], .kitty),
            (["TERM": "xterm-ghostty"], .kitty),
            (["TERM": "xterm-256color", "KITTY_WINDOW_ID": "3"], .kitty),
            (["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], .iterm),
            (["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], .iterm)
        ]
        for (environment, style) in cases {
            let probe = Probe(Self.sixelTerminal)
            let display = Self.display(environment, probe: probe)
            #expect(display.renderer.style == style, "\(environment)")
            #expect(display.pixelBox(for: .detail) != nil)
            // A kitty is asked once, only whether it can read pixels outside the pty (it said it is
            // kitty; the sixel terminal's answer does not change that).
            let asked = style == .kitty ? [TerminalProbe.Request(tmux: false, kittyMedia: true)] : []
            #expect(probe.requests == asked, "\(environment)")
        }
    }

    @Test func theProbeDecidesBetweenKittySixelAndSymbols() {
        let cases: [(TerminalProbe.Answer?, [String: String], PictureStyle)] = [
            (Self.sixelTerminal, ["TERM": "xterm-256color"], .sixel),
            (answer(kitty: true, sixel: true, complete: true), ["TERM": "xterm-256color"], .kitty),
            (answer(kitty: true, complete: true), ["TERM": "foot"], .kitty),
            // No answer, or one cut short: symbols in the colours the environment names.
            (nil, ["TERM": "xterm-256color"], .symbols(.indexed256)),
            (answer(complete: true), ["TERM": "xterm-256color"], .symbols(.indexed256)),
            (answer(kitty: true, sixel: true), ["TERM": "xterm-256color"], .symbols(.indexed256)),
            (nil, ["TERM": "xterm-256color", "COLORTERM": "truecolor"], .symbols(.truecolor)),
            (nil, ["TERM": "xterm", "COLORTERM": "24bit"], .symbols(.truecolor)),
            (nil, ["TERM": "xterm-direct"], .symbols(.truecolor)),
            (nil, ["TERM": "xterm"], .symbols(.indexed16)),
            (nil, [:], .symbols(.indexed16))
        ]
        for (reply, environment, style) in cases {
            let probe = Probe(reply)
            let display = Self.display(environment, probe: probe)
            #expect(display.renderer.style == style, "\(String(describing: reply)) \(environment)")
            #expect(probe.calls == [false])
        }
    }

    @Test func theTerminalIsAskedOnceAtMost() {
        let probe = Probe(nil)
        let display = Self.display(["TERM": "xterm-256color", "TMUX": "/tmp/tmux-0/default,1,0"], probe: probe)
        #expect(probe.calls.isEmpty)  // not at start-up
        for _ in 0..<20 {
            #expect(display.pixelBox(for: .detail) == PixelSize(width: 800, height: 480))
            #expect(display.pixelBox(for: .page) == PixelSize(width: 400, height: 240))
        }
        #expect(display.picture(Self.pixels, for: .page) != nil)
        // Inside tmux the probe is told so, and the renderer wraps its sequences.
        #expect(probe.calls == [true])
        #expect(display.renderer.inTmux)
    }

    @Test func explicitModesNeedNoTerminal() throws {
        let probe = Probe(Self.sixelTerminal)
        let ascii = Self.display(["TERM": "dumb"], mode: .ascii, terminal: false, probe: probe, window: nil)
        #expect(ascii.mayShowPictures)
        #expect(ascii.renderer.style == .ascii)
        // No window: an 80×14 box of 8×16-pixel cells.
        #expect(ascii.box(for: .detail) == CellBox(columns: 80, rows: 14))
        #expect(ascii.pixelBox(for: .detail) == PixelSize(width: 640, height: 224))
        let picture = try #require(ascii.picture(TestPictures.make(64, 48) { _, _ in [255, 255, 255, 255] }, for: .detail))
        // 64×48 in 640×224 pixels: 299×224, 38×14 cells of '@'.
        #expect(picture.bytes.text == String(repeating: String(repeating: "@", count: 38) + "\n", count: 14))
        let none = Self.display(["TERM": "xterm-kitty"], mode: .none, probe: probe)
        #expect(!none.mayShowPictures)
        #expect(none.pixelBox(for: .detail) == nil)
        #expect(none.picture(Self.pixels, for: .detail) == nil)
        #expect(
            Self.display(["TERM": "xterm-256color"], mode: .symbols, terminal: false, probe: probe).renderer.style == .symbols(.indexed256))
        #expect(Self.display([:], mode: .sixel, terminal: false, probe: probe).renderer.style == .sixel)
        #expect(Self.display([:], mode: .kitty, terminal: false, probe: probe).renderer.style == .kitty)
        #expect(Self.display([:], mode: .iterm, terminal: false, probe: probe).renderer.style == .iterm)
        #expect(probe.calls.isEmpty)
    }

    @Test func theDefaultBoxComesFromTheWindow() {
        let display = Self.display(["TERM": "xterm-kitty"])
        #expect(display.box(for: .detail) == CellBox(columns: 100, rows: 30))
        #expect(display.box(for: .page) == CellBox(columns: 50, rows: 15))
        // --preview-size wins over the window.
        let sized = Self.display(["TERM": "xterm-kitty"], size: CellBox(columns: 40, rows: 20))
        #expect(sized.box(for: .detail) == CellBox(columns: 40, rows: 20))
        #expect(sized.box(for: .page) == CellBox(columns: 20, rows: 10))
        // A tiny window: never taller than the window less two rows (the line after the picture and
        // the prompt), and a page no larger than the detail's box.
        let tiny = Self.display(["TERM": "xterm-kitty"], window: Self.window(columns: 10, rows: 5))
        #expect(tiny.box(for: .detail) == CellBox(columns: 10, rows: 3))
        #expect(tiny.box(for: .page) == CellBox(columns: 8, rows: 3))
        // --preview-size larger than the window is cut to the window: the top of a
        // picture taller than the window would scroll away.
        let large = Self.display(["TERM": "xterm-kitty"], size: CellBox(columns: 200, rows: 100))
        #expect(large.box(for: .detail) == CellBox(columns: 100, rows: 48))
        #expect(large.box(for: .page) == CellBox(columns: 100, rows: 48).page)
        // A window wider than the largest box, and one that says nothing.
        #expect(
            Self.display(["TERM": "xterm-kitty"], window: Self.window(columns: 2000, rows: 100)).box(for: .detail)
                == CellBox(columns: 1000, rows: 60))
        #expect(
            Self.display(["TERM": "xterm-kitty"], window: Self.window(columns: 0, rows: 0)).box(for: .detail)
                == CellBox(columns: 80, rows: 14))
    }

    @Test func theCellSizeComesFromTheWindowsPixels() {
        let kitty = ["TERM": "xterm-kitty"]
        let display = Self.display(kitty, window: Self.window(columns: 100, rows: 50, width: 1000, height: 1000))
        #expect(display.renderer.cellSize == PixelSize(width: 10, height: 20))
        #expect(display.pixelBox(for: .detail) == PixelSize(width: 1000, height: 600))
        let odd = Self.display(kitty, window: Self.window(columns: 100, rows: 50, width: 900, height: 1100))
        #expect(odd.renderer.cellSize == PixelSize(width: 9, height: 22))
        #expect(odd.pixelBox(for: .page) == PixelSize(width: 450, height: 330))
        // No pixels reported, implausible ones, or no window at all: 10×20.
        for window: winsize? in [
            Self.window(width: 0, height: 0), Self.window(width: 150, height: 1000), Self.window(width: 1000, height: 150), nil
        ] {
            #expect(Self.display(kitty, window: window).renderer.cellSize == PixelSize(width: 10, height: 20))
        }
    }
}

/// What the terminal says beyond kitty and sixel: its sixel limits, its name, its colours.
@MainActor
@Suite struct TerminalCapabilityTests {
    private let esc = "\u{1B}"

    @Test func graphicsAttributesVersionAndDirectColourAreRead() {
        let reply = "\(esc)[?1;0;256S\(esc)[?2;0;1000;950S\(esc)P>|XTerm(379)\(esc)\\\(esc)P1+r524742=38\(esc)\\\(esc)[?64;4;22c"
        let parsed = TerminalProbe.parse(Array(reply.utf8))
        #expect(parsed.complete && parsed.sixel)
        #expect(parsed.sixelColourRegisters == 256)
        #expect(parsed.sixelMaximum == PixelSize(width: 1000, height: 950))
        #expect(parsed.version == "XTerm(379)")
        #expect(parsed.directColour)
        #expect(parsed.typed.isEmpty)
        // Failures and nonsense are not taken: status 3 (failure), zero sizes, a missing capability.
        let refused = TerminalProbe.parse(Array("\(esc)[?2;3;0S\(esc)[?1;0;0S\(esc)P0+r524742\(esc)\\\(esc)[?2;0;0;0S\(esc)[?1c".utf8))
        #expect(refused.complete)
        #expect(refused.sixelMaximum == nil && refused.sixelColourRegisters == nil && !refused.directColour)
        // Answers after DA1 belong to nobody: ignored.
        let late = TerminalProbe.parse(Array("\(esc)[?1c\(esc)[?2;0;800;600S".utf8))
        #expect(late.sixelMaximum == nil)
    }

    static func display(
        _ environment: [String: String], mode: PreviewMode = .auto, answer: TerminalProbe.Answer?,
        size: CellBox? = nil, window: winsize = winsize(ws_row: 50, ws_col: 160, ws_xpixel: 1440, ws_ypixel: 950)
    ) -> PictureDisplay {
        PictureDisplay(
            .init(mode: mode, size: size, outputIsTerminal: true, environment: environment),
            probe: { _ in answer }, windowSize: { window })
    }

    static func reply(
        sixel: Bool = false, version: String? = nil, directColour: Bool = false, maximum: PixelSize? = nil, registers: Int? = nil
    ) -> TerminalProbe.Answer {
        var answer = TerminalProbe.Answer()
        answer.sixel = sixel
        answer.version = version
        answer.directColour = directColour
        answer.sixelMaximum = maximum
        answer.sixelColourRegisters = registers
        answer.complete = true
        return answer
    }

    @Test func aStockXtermGetsDirectColourSymbols() {
        // TERM=xterm and no COLORTERM: 16 colours by the environment, but xterm names itself.
        #expect(Self.display(["TERM": "xterm"], answer: Self.reply(version: "XTerm(379)")).renderer.style == .symbols(.truecolor))
        #expect(Self.display(["TERM": "xterm"], answer: Self.reply(directColour: true)).renderer.style == .symbols(.truecolor))
        // An xterm older than patch 331, or a terminal that says nothing of itself: the environment.
        #expect(Self.display(["TERM": "xterm"], answer: Self.reply(version: "XTerm(330)")).renderer.style == .symbols(.indexed16))
        #expect(Self.display(["TERM": "xterm-256color"], answer: Self.reply()).renderer.style == .symbols(.indexed256))
        // --preview symbols asks too; inside tmux nothing needs asking: tmux converts direct colour.
        #expect(
            Self.display(["TERM": "xterm"], mode: .symbols, answer: Self.reply(version: "XTerm(379)")).renderer.style
                == .symbols(.truecolor))
        #expect(Self.display(["TERM": "screen", "TMUX": "/tmp/t,1,0"], mode: .symbols, answer: nil).renderer.style == .symbols(.truecolor))
    }

    @Test func sixelPicturesFitTheTerminalsLargest() {
        // 160×50 cells of 9×19: a 16:9 photo would be 1013×570; xterm shows at most 1000×950.
        let display = Self.display(
            ["TERM": "xterm"], answer: Self.reply(sixel: true, maximum: PixelSize(width: 1000, height: 950), registers: 256))
        #expect(display.renderer.style == .sixel)
        #expect(display.renderer.cellSize == PixelSize(width: 9, height: 19))
        let box = display.box(for: .detail)
        #expect(box.columns * 9 <= 1000 && box.rows * 19 <= 950)
        #expect(box == CellBox(columns: 111, rows: 30))
        let picture = display.picture(TestPictures.colourful(1280, 720), for: .detail)
        #expect(picture != nil)
        // Fewer colour registers, a smaller palette.
        #expect(Self.display(["TERM": "xterm"], answer: Self.reply(sixel: true, registers: 16)).renderer.sixelRegisters == 16)
        #expect(Self.display(["TERM": "xterm"], answer: Self.reply(sixel: true)).renderer.sixelRegisters == 256)
    }

    @Test func sixelAskedOfATerminalWithoutItIsDrawnInSymbolsAndSaidOnce() {
        let display = Self.display(["TERM": "xterm"], mode: .sixel, answer: Self.reply(version: "XTerm(379)"))
        #expect(display.renderer.style == .symbols(.truecolor))
        #expect(display.takeNote() == "This terminal does not show sixel pictures: drawing them with symbols instead.")
        #expect(display.takeNote() == nil)
        // A terminal that does: no note.
        let sixel = Self.display(["TERM": "xterm"], mode: .sixel, answer: Self.reply(sixel: true))
        #expect(sixel.renderer.style == .sixel)
        #expect(sixel.takeNote() == nil)
        // tmux that passes nothing through.
        let tmux = Self.display(["TERM": "screen", "TMUX": "/tmp/t,1,0"], mode: .sixel, answer: nil)
        #expect(tmux.renderer.style == .symbols(.truecolor))
        #expect(tmux.takeNote()?.contains("allow-passthrough") == true)
    }

    @Test func insideTmuxNoSequenceIsOverItsLimit() throws {
        // Noise makes the largest sixels: 1600×950 pixels of it is several megabytes.
        let pixels = TestPictures.noise(1600, 950)
        let box = CellBox(columns: 160, rows: 50)
        let plain = try #require(PictureRenderer(style: .sixel, cellSize: PixelSize(width: 10, height: 19)).render(pixels, in: box)).bytes
        #expect(plain.count > 1_048_576, "the test needs a sixel over tmux's limit, not \(plain.count) bytes")
        let wrapped = try #require(
            PictureRenderer(style: .sixel, cellSize: PixelSize(width: 10, height: 19), inTmux: true).render(pixels, in: box)
        ).bytes
        #expect(wrapped.count < 1_048_576)
        // Still a sixel picture (smaller), wrapped for tmux.
        #expect(wrapped.starts(with: Array(repeating: 0x0A, count: 3)))
        #expect(String(decoding: wrapped, as: UTF8.self).contains("\u{1B}Ptmux;\u{1B}\u{1B}P"))
    }
}

/// Kitty draws pictures above text and reflows text under them when its window shrinks:
/// the pictures drawn before are deleted at the next prompt.
@MainActor
@Suite struct KittyResizeTests {
    final class Window { var size = winsize(ws_row: 40, ws_col: 100, ws_xpixel: 900, ws_ypixel: 760) }

    @Test func picturesAreDeletedWhenTheWindowShrinks() throws {
        let window = Window()
        let display = PictureDisplay(
            .init(mode: .kitty, size: nil, outputIsTerminal: true, environment: ["TERM": "xterm-kitty"]),
            probe: { _ in nil }, windowSize: { window.size })
        #expect(display.tidyAfterResize() == nil, "no picture yet")
        _ = try #require(display.picture(TestPictures.colourful(64, 48), for: .detail))
        #expect(display.tidyAfterResize() == nil, "the same window")
        window.size.ws_row = 39
        let deleting = try #require(display.tidyAfterResize())
        #expect(deleting.bytes == Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8))
        #expect(display.tidyAfterResize() == nil, "deleted once")
        // A larger window moves the text under a picture too (kitty reflows it): the picture goes.
        _ = try #require(display.picture(TestPictures.colourful(64, 48), for: .detail))
        window.size.ws_row = 60
        #expect(try #require(display.tidyAfterResize()).bytes == deleting.bytes, "a larger window")
        _ = try #require(display.picture(TestPictures.colourful(64, 48), for: .detail))
        window.size.ws_col = 300
        window.size.ws_col = 100
        #expect(display.tidyAfterResize() == nil, "back to the size it was drawn at, unseen: nothing moved")
        // Not kitty: nothing to delete.
        let sixel = PictureDisplay(
            .init(mode: .sixel, size: nil, outputIsTerminal: false, environment: [:]), probe: { _ in nil }, windowSize: { window.size })
        _ = sixel.picture(TestPictures.colourful(64, 48), for: .detail)
        window.size.ws_col = 10
        #expect(sixel.tidyAfterResize() == nil)
    }

    /// GNU screen re-wraps a symbols picture's rows when its window changes size: at the prompt the
    /// window is cleared (once), never in another terminal, and not when the size is the same.
    @Test func screensPicturesAreClearedAfterAResize() throws {
        let window = Window()
        let display = PictureDisplay(
            .init(mode: .symbols, size: nil, outputIsTerminal: true, environment: ["TERM": "screen-256color", "STY": "1.pts-0.host"]),
            probe: { _ in nil }, windowSize: { window.size })
        #expect(display.clearAfterResizeInScreen() == nil, "no picture yet")
        _ = try #require(display.picture(TestPictures.colourful(64, 48), for: .detail))
        #expect(display.clearAfterResizeInScreen() == nil, "the same window")
        window.size.ws_col = 60
        #expect(try #require(display.clearAfterResizeInScreen()).bytes == Array("\u{1B}[H\u{1B}[2J".utf8))
        #expect(display.clearAfterResizeInScreen() == nil, "cleared once")
        let xterm = PictureDisplay(
            .init(mode: .symbols, size: nil, outputIsTerminal: true, environment: ["TERM": "xterm-256color"]),
            probe: { _ in nil }, windowSize: { window.size })
        _ = try #require(xterm.picture(TestPictures.colourful(64, 48), for: .detail))
        window.size.ws_col = 100
        #expect(xterm.clearAfterResizeInScreen() == nil, "another terminal redraws nothing of ours")
    }

    /// A sheet at 100×40, the window shrunk to 80×24 while at the prompt, then `open 16`:
    /// the old thumbnails are deleted before the new picture is drawn, not left beside it.
    @Test func theNextPictureAfterAShrinkDeletesTheOldOnesFirst() throws {
        let window = Window()
        let display = PictureDisplay(
            .init(mode: .kitty, size: nil, outputIsTerminal: true, environment: ["TERM": "xterm-kitty"]),
            probe: { _ in nil }, windowSize: { window.size })
        _ = try #require(display.sheetRow([TestPictures.colourful(64, 48), TestPictures.colourful(64, 48)]))
        (window.size.ws_col, window.size.ws_row) = (80, 24)
        let picture = try #require(display.picture(TestPictures.colourful(64, 48), for: .detail))
        let deleting = Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)
        #expect(Array(picture.bytes.prefix(deleting.count)) == deleting)
        #expect(display.tidyAfterResize() == nil, "nothing more to delete at the prompt")
        // The same window again: no deletion in front of the next picture.
        let next = try #require(display.picture(TestPictures.colourful(64, 48), for: .detail))
        #expect(Array(next.bytes.prefix(deleting.count)) != deleting)
    }
}

/// GNU screen, the background, the real cell size, sheets inside tmux.
@MainActor
@Suite struct OtherTerminalsTests {
    final class Asked { var count = 0 }

    static func display(
        _ environment: [String: String], mode: PreviewMode = .auto, answer: TerminalProbe.Answer? = nil, asked: Asked = Asked(),
        window: winsize = winsize(ws_row: 40, ws_col: 100, ws_xpixel: 900, ws_ypixel: 760)
    ) -> PictureDisplay {
        PictureDisplay(
            .init(mode: mode, size: nil, outputIsTerminal: true, environment: environment),
            probe: { _ in
                asked.count += 1
                return answer
            }, windowSize: { window })
    }

    static func reply(sixel: Bool = true, background: RGB? = nil, cellSize: PixelSize? = nil) -> TerminalProbe.Answer {
        var answer = TerminalProbe.Answer()
        answer.sixel = sixel
        answer.background = background
        answer.cellSize = cellSize
        answer.complete = true
        return answer
    }

    /// GNU screen prints queries it does not know as text (`+q524742;5463` above the first picture)
    /// and passes no picture through: it is never asked, and pictures are symbols, in 256 colours
    /// when its TERM says its terminal has them, else in 16 (under `TERM=xterm`
    /// screen's TERM is `screen`, and screen turned 256 colours into 16 by a coarse table: a yellow
    /// disc red, a grey ramp 4 blocks).
    @Test func gnuScreenIsNeverAskedAndGetsSymbolsInTheColoursItsTerminalHas() throws {
        let environments: [([String: String], PictureStyle.Colours)] = [
            (["TERM": "screen", "STY": "1234.pts-0.host"], .indexed16),  // screen in `xterm -tn xterm`
            (["TERM": "screen"], .indexed16),  // ssh from inside screen: TERM came along, STY did not
            (["TERM": "screen.linux", "STY": "1.x"], .indexed16),
            (["TERM": "xterm", "STY": "1.x"], .indexed16),  // a screenrc's `term xterm`
            (["TERM": "screen.xterm-256color"], .indexed256),  // screen in `xterm -tn xterm-256color`
            (["TERM": "screen.xterm-256color", "STY": "1.x"], .indexed256),
            (["TERM": "screen-256color", "STY": "1.x"], .indexed256),  // a screenrc's `term screen-256color`
            (["TERM": "screen-256color-bce", "STY": "1.x"], .indexed256)
        ]
        for (environment, colours) in environments {
            for mode: PreviewMode in [.auto, .sixel, .kitty, .iterm, .symbols] {
                let asked = Asked()
                let display = Self.display(environment, mode: mode, answer: Self.reply(), asked: asked)
                #expect(display.renderer.style == .symbols(colours), "\(environment) \(mode)")
                #expect(asked.count == 0, "\(environment) \(mode): asked")
                let note = display.takeNote()
                #expect(mode == .auto || mode == .symbols ? note == nil : note?.contains("GNU screen") == true)
            }
        }
        // COLORTERM says more: direct colour. tmux (TERM=screen too) is not screen.
        #expect(Self.display(["TERM": "screen", "STY": "1.x", "COLORTERM": "truecolor"]).renderer.style == .symbols(.truecolor))
        let tmux = Asked()
        _ = Self.display(["TERM": "screen", "TMUX": "/tmp/t,1,0"], answer: Self.reply(), asked: tmux).renderer
        #expect(tmux.count == 1)
    }

    /// The cell size the terminal states (CSI 16 t) wins over TIOCGWINSZ's, which xterm counts with
    /// its border (904 pixels for 100 columns of 9).
    @Test func theTerminalsOwnCellSizeIsUsed() {
        #expect(
            Self.display(["TERM": "xterm"], answer: Self.reply(cellSize: PixelSize(width: 7, height: 15))).renderer.cellSize
                == PixelSize(width: 7, height: 15))
        #expect(Self.display(["TERM": "xterm"], answer: Self.reply()).renderer.cellSize == PixelSize(width: 9, height: 19))
    }

    /// See-through pixels are laid over the terminal's background before sixel sees them (it drops
    /// pixels under half opaque): white at alpha 100 over black is grey, not nothing.
    @Test func transparentPixelsAreLaidOverTheBackground() throws {
        let silk = TestPictures.make(32, 32) { _, _ in [255, 255, 255, 100] }
        #expect(silk.composited(onto: .black).rgba.prefix(4) == [100, 100, 100, 255])
        #expect(silk.composited(onto: RGB(red: 255, green: 255, blue: 255)).rgba.prefix(4) == [255, 255, 255, 255])
        #expect(silk.composited(onto: RGB(red: 0, green: 0, blue: 200)).rgba.prefix(4) == [100, 100, 222, 255])
        let opaque = TestPictures.colourful(16, 16)
        #expect(opaque.composited(onto: RGB(red: 9, green: 9, blue: 9)) == opaque)
        let display = Self.display(["TERM": "xterm"], mode: .sixel, answer: Self.reply(background: RGB(red: 255, green: 255, blue: 255)))
        #expect(display.renderer.background == RGB(red: 255, green: 255, blue: 255))
        #expect(Self.display(["TERM": "xterm"], mode: .sixel, answer: Self.reply()).renderer.background == .black)
        // The sixel of white at alpha 100 over black has colour (a grey), not only the transparent.
        let sixel = try #require(PictureRenderer(style: .sixel).render(silk, in: CellBox(columns: 4, rows: 2))).bytes
        #expect(String(decoding: sixel, as: UTF8.self).contains(";2;39;39;39"), "a colour register of 39 % grey (100 of 255)")
    }

    /// A terminal's geometry is a claim: a pty of 80×24 cells of 65535×65535 pixels, or a huge
    /// `--preview-size` with XTSMGRAPHICS answering 10000×10000, never makes a picture of more than
    /// `PictureRenderer.maximumPixels` (it made 7.8 GB allocations and a SIGABRT).
    @Test func aLyingTerminalMakesNoHugePicture() throws {
        let lying = Self.display(["TERM": "xterm-kitty"], window: winsize(ws_row: 24, ws_col: 80, ws_xpixel: 65535, ws_ypixel: 65535))
        #expect(lying.renderer.cellSize == PixelSize(width: 10, height: 20))
        let box = try #require(lying.pixelBox(for: .detail))
        #expect(box.width * box.height <= PictureRenderer.maximumPixels)
        var answer = Self.reply(cellSize: PixelSize(width: 128, height: 256))
        answer.sixelMaximum = PixelSize(width: 10_000, height: 10_000)
        let huge = PictureDisplay(
            .init(mode: .sixel, size: CellBox(columns: 1000, rows: 500), outputIsTerminal: true, environment: ["TERM": "xterm"]),
            probe: { _ in answer }, windowSize: { winsize(ws_row: 500, ws_col: 1000, ws_xpixel: 0, ws_ypixel: 0) })
        let hugeBox = try #require(huge.pixelBox(for: .detail))
        #expect(hugeBox.width * hugeBox.height <= PictureRenderer.maximumPixels)
        #expect(hugeBox.width > 2000, "a large window still gets a large picture: \(hugeBox)")
        // What is drawn stays within it too.
        let renderer = PictureRenderer(style: .kitty, cellSize: PixelSize(width: 128, height: 256))
        let shown = renderer.shownSize(of: PixelSize(width: 60_000, height: 40_000), in: CellBox(columns: 1000, rows: 500))
        #expect(shown.width * shown.height <= PictureRenderer.maximumPixels)
    }

    /// The font changed (kitty's Ctrl+Shift+−): the window's pixels say so, and pictures are made for
    /// the new cells, not the ones learned at the first picture.
    @Test func aFontChangeIsSeenAtTheNextPicture() {
        final class Window { var size = winsize(ws_row: 40, ws_col: 100, ws_xpixel: 900, ws_ypixel: 760) }
        let window = Window()
        let display = PictureDisplay(
            .init(mode: .kitty, size: nil, outputIsTerminal: true, environment: ["TERM": "xterm-kitty"]),
            probe: { _ in nil }, windowSize: { window.size })
        #expect(display.renderer.cellSize == PixelSize(width: 9, height: 19))
        (window.size.ws_xpixel, window.size.ws_ypixel) = (700, 560)
        #expect(display.renderer.cellSize == PixelSize(width: 7, height: 14))
        #expect(display.pixelBox(for: .detail) == PixelSize(width: 700, height: 24 * 14))
        // A window that stops saying: the cells last known are kept.
        (window.size.ws_xpixel, window.size.ws_ypixel) = (0, 0)
        #expect(display.renderer.cellSize == PixelSize(width: 7, height: 14))
    }

    /// A sheet fills the window less four lines (headline, prompt, the command's line): two rows of
    /// four at 80×24, three of five at 100×40; one row when only one fits.
    @Test func sheetsFillTheWindow() {
        func layout(_ columns: UInt16, _ rows: UInt16) -> SheetLayout {
            Self.display(
                ["TERM": "xterm-kitty"], window: winsize(ws_row: rows, ws_col: columns, ws_xpixel: columns * 9, ws_ypixel: rows * 19)
            ).sheetLayout()
        }
        #expect(layout(80, 24) == SheetLayout(columns: 4, rows: 2))
        #expect(layout(100, 40) == SheetLayout(columns: 5, rows: 3))
        #expect(layout(80, 23) == SheetLayout(columns: 4, rows: 1))
        #expect(layout(17, 5) == SheetLayout(columns: 1, rows: 1))
    }

    /// Inside tmux, a sheet's pixel pictures would land wherever the outer terminal's cursor is: the
    /// sheet is drawn in symbols there; single pictures stay pixels.
    @Test func sheetsInsideTmuxAreSymbols() throws {
        let display = Self.display(["TERM": "screen", "TMUX": "/tmp/t,1,0"], mode: .sixel, answer: Self.reply())
        #expect(display.renderer.style == .sixel)
        let row = try #require(display.sheetRow([TestPictures.colourful(64, 48)])).bytes
        #expect(!String(decoding: row, as: UTF8.self).contains("Ptmux;"))
        #expect(String(decoding: row, as: UTF8.self).contains("▀") || String(decoding: row, as: UTF8.self).contains("\u{1B}[38;2;"))
        let single = try #require(display.picture(TestPictures.colourful(64, 48), for: .detail)).bytes
        #expect(String(decoding: single, as: UTF8.self).contains("\u{1B}Ptmux;"))
    }
}

extension PictureDisplayTests {
    /// A kitty on this machine that reads shared memory gets its pictures that way, one that reads
    /// only files by file, any other through the pty; over ssh and inside tmux kitty is not asked
    /// for media and pictures go through the pty.
    @Test func theMediumComesFromKittysAnswer() {
        func kittyAnswer(sharedMemory: Bool, file: Bool) -> TerminalProbe.Answer {
            var reply = answer(kitty: true, complete: true)
            reply.kittySharedMemory = sharedMemory
            reply.kittyTemporaryFile = file
            return reply
        }
        let cases: [(TerminalProbe.Answer?, [String: String], PreviewMode, KittyMedium, [TerminalProbe.Request])] = [
            (
                kittyAnswer(sharedMemory: true, file: true), ["TERM": "xterm-kitty"], .auto, .sharedMemory,
                [.init(tmux: false, kittyMedia: true)]
            ),
            (
                kittyAnswer(sharedMemory: false, file: true), ["TERM": "xterm-kitty"], .auto, .temporaryFile,
                [.init(tmux: false, kittyMedia: true)]
            ),
            (
                kittyAnswer(sharedMemory: false, file: false), ["TERM": "xterm-kitty"], .auto, .direct,
                [.init(tmux: false, kittyMedia: true)]
            ),
            // Asked why it is kitty, and the media in the same round trip.
            (
                kittyAnswer(sharedMemory: true, file: false), ["TERM": "xterm-256color"], .auto, .sharedMemory,
                [.init(tmux: false, kittyMedia: true)]
            ),
            (
                kittyAnswer(sharedMemory: true, file: false), ["TERM": "xterm-256color"], .kitty, .sharedMemory,
                [.init(tmux: false, kittyMedia: true)]
            ),
            // An answer cut short (no DA1) says nothing.
            (
                {
                    var reply = kittyAnswer(sharedMemory: true, file: true)
                    reply.complete = false
                    return reply
                }(), ["TERM": "xterm-kitty"], .auto,
                .direct, [.init(tmux: false, kittyMedia: true)]
            ),
            (
                kittyAnswer(sharedMemory: true, file: true), ["TERM": "xterm-kitty", "SSH_CONNECTION": "10.0.0.1 5 10.0.0.2 22"], .auto,
                .direct, []
            ),
            (kittyAnswer(sharedMemory: true, file: true), ["TERM": "xterm-kitty", "SSH_TTY": "/dev/pts/3"], .kitty, .direct, []),
            (
                kittyAnswer(sharedMemory: true, file: true), ["TERM": "xterm-256color", "SSH_TTY": "/dev/pts/3"], .auto, .direct,
                [.init(tmux: false, kittyMedia: false)]
            ),
            // Inside tmux kitty is asked who it is (placeholders), never about media.
            (
                kittyAnswer(sharedMemory: true, file: true), ["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0"], .kitty, .direct,
                [.init(tmux: true, kittyMedia: false)]
            ),
            (
                kittyAnswer(sharedMemory: true, file: true), ["TERM": "xterm-256color", "TMUX": "/tmp/tmux-0/default,1,0"], .auto, .direct,
                [.init(tmux: true, kittyMedia: false)]
            ),
            // Sixel asked for: kitty's media are not asked.
            (
                kittyAnswer(sharedMemory: true, file: true), ["TERM": "xterm-256color"], .sixel, .direct,
                [.init(tmux: false, kittyMedia: false)]
            )
        ]
        for (reply, environment, mode, medium, requests) in cases {
            let probe = Probe(reply)
            let display = Self.display(environment, mode: mode, probe: probe)
            #expect(display.renderer.kittyMedium == medium, "\(environment) \(mode)")
            #expect(probe.requests == requests, "\(environment) \(mode)")
        }
    }
}
