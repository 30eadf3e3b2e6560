import Imaging
import REPLEngine
import Synchronization
import Testing
@testable import TerminalPictures
#if canImport(Glibc)
    import Glibc
#endif

/// The bytes that play an animation. kitty: the first frame under an image
/// number, the others added with `a=f` and their gap, `a=a` to run with the loop count, `a=d` to
/// delete; the other styles: a frame drawn over the picture in place; and where animations play at all.
@MainActor
@Suite struct AnimationPicturesTests {
    let kitty = PictureRenderer(style: .kitty, cellSize: PixelSize(width: 10, height: 20))
    let box = CellBox(columns: 8, rows: 4)
    static let red = TestPictures.make(40, 40) { _, _ in [255, 0, 0, 255] }
    static let blue = TestPictures.make(40, 40) { _, _ in [0, 0, 255, 255] }

    /// The control keys and the payload (inflated) of every kitty sequence in `bytes`.
    static func sequences(_ bytes: [UInt8]) -> [(control: String, payload: [UInt8])] {
        let text = String(decoding: bytes, as: UTF8.self)
        var found: [(String, [UInt8])] = []
        var data = ""
        var control = ""
        for part in text.components(separatedBy: "\u{1B}_G").dropFirst() {
            let body = part.components(separatedBy: "\u{1B}\\")[0]
            let pieces = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            let keys = String(pieces[0])
            if control.isEmpty { control = keys }
            data += pieces.count > 1 ? String(pieces[1]) : ""
            if !keys.contains("m=1") {
                let compressed = data.isEmpty ? [] : base64Decode(Array(data.utf8)) ?? []
                found.append((control, compressed.isEmpty ? [] : inflate(compressed, expected: 1 << 20) ?? []))
                control = ""
                data = ""
            }
        }
        return found
    }

    @Test func theFirstFrameIsPlacedUnderItsImageNumber() {
        let (picture, payload) = kitty.kittyAnimationStart(Self.red, in: box, id: 7)
        let sequences = Self.sequences(picture.bytes)
        #expect(sequences.map(\.control) == ["a=T,i=7,f=32,o=z,q=2,C=1,s=\(payload.width),v=\(payload.height),m=0"])
        #expect(Array(sequences[0].payload.prefix(4)) == [255, 0, 0, 255])
        // Placed as a still picture is: rows made first, the cursor saved and brought back.
        #expect(String(decoding: picture.bytes, as: UTF8.self).hasPrefix("\n\n\n\n\u{1B}[4A\u{1B}7\u{1B}_G"))
    }

    @Test func framesAreAddedWithTheirGapAtTheFirstFramesSize() {
        let frame = kitty.kittyAnimationFrame(Self.blue, payload: PixelSize(width: 20, height: 20), id: 7, gap: 300)
        let sequences = Self.sequences(frame.bytes)
        #expect(sequences.map(\.control) == ["a=f,i=7,f=32,o=z,q=2,z=300,s=20,v=20,m=0"])
        #expect(sequences[0].payload.count == 20 * 20 * 4)
        #expect(Array(sequences[0].payload.prefix(4)) == [0, 0, 255, 255])
    }

    @Test func runningSetsTheFirstGapThenPlaysWithKittysLoopCount() {
        let twice = kitty.kittyAnimationRun(id: 7, firstGap: 200, plays: 2)
        #expect(String(decoding: twice.bytes, as: UTF8.self) == "\u{1B}_Ga=a,i=7,r=1,z=200,q=2\u{1B}\\\u{1B}_Ga=a,i=7,s=3,v=3,q=2\u{1B}\\")
        let forEver = kitty.kittyAnimationRun(id: 7, firstGap: 100, plays: nil)
        #expect(String(decoding: forEver.bytes, as: UTF8.self).hasSuffix("\u{1B}_Ga=a,i=7,s=3,v=1,q=2\u{1B}\\"))
    }

    @Test func deletingTakesTheImageAndItsFrames() {
        #expect(String(decoding: kitty.kittyAnimationDelete(id: 7).bytes, as: UTF8.self) == "\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\\")
        let inTmux = PictureRenderer(style: .kitty, inTmux: true)
        #expect(
            String(decoding: inTmux.kittyAnimationDelete(id: 7).bytes, as: UTF8.self)
                == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\u{1B}\\\u{1B}\\")
    }

    @Test func aSymbolsFrameIsDrawnOverThePictureAndTheCursorComesBack() throws {
        let symbols = PictureRenderer(style: .symbols(.truecolor), cellSize: PixelSize(width: 10, height: 20))
        let frame = try #require(symbols.frameInPlace(Self.blue, in: box, rowsUp: 12))
        let text = String(decoding: frame.bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}7\u{1B}[12A\r") && text.hasSuffix("\u{1B}8"))
        #expect(kitty.frameInPlace(Self.blue, in: box, rowsUp: 12) == nil, "kitty plays by itself")
    }

    static func display(
        _ mode: PreviewMode, terminal: Bool = true, animates: Bool = true, environment: [String: String] = ["TERM": "xterm-kitty"],
        rows: UInt16 = 50, answer: TerminalProbe.Answer? = nil
    ) -> PictureDisplay {
        PictureDisplay(
            .init(mode: mode, size: CellBox(columns: 8, rows: 4), outputIsTerminal: terminal, environment: environment, animates: animates),
            probe: { _ in answer }, windowSize: { winsize(ws_row: rows, ws_col: 100, ws_xpixel: 1000, ws_ypixel: 1000) })
    }

    @Test func animationsPlayOnlyOnATerminalThatCanShowThem() {
        #expect(Self.display(.kitty).animationPlayback() == .byTerminal)
        #expect(Self.display(.sixel).animationPlayback() == .redrawn)
        #expect(Self.display(.symbols).animationPlayback() == .redrawn)
        #expect(Self.display(.kitty, terminal: false).animationPlayback() == nil, "a pipe")
        #expect(Self.display(.ascii).animationPlayback() == nil, "golden files")
        #expect(Self.display(.none).animationPlayback() == nil)
        #expect(Self.display(.kitty, animates: false).animationPlayback() == nil, "--no-animation")
        // Inside tmux: a kitty that says nothing of itself gets symbols, text that tmux moves, redrawn
        // in place; a sixel frame would be passed through at the terminal's cursor: none.
        #expect(Self.display(.kitty, environment: ["TERM": "xterm-kitty", "TMUX": "/tmp/t,1,0"]).animationPlayback() == .redrawn)
        var sixel = TerminalProbe.Answer()
        sixel.sixel = true
        sixel.complete = true
        let sixelInTmux = Self.display(.sixel, environment: ["TERM": "xterm", "TMUX": "/tmp/t,1,0"], answer: sixel)
        #expect(sixelInTmux.renderer.style == .sixel && sixelInTmux.animationPlayback() == nil)
    }

    @Test func theDisplayNumbersItsAnimationsAndDeletesTheOneOnScreen() async throws {
        let display = Self.display(.kitty)
        #expect(display.animationStop() == nil, "none on screen")
        let first = try #require(display.animationStart(Self.red, for: .detail))
        let id = try #require(Self.sequences(first.bytes).first?.control.split(separator: ",").first { $0.hasPrefix("i=") })
        let output = FakePromptOutput()
        display.animationSend(try Self.threeFrames(), through: output)
        #expect(await output.ended())
        let sent = output.written.flatMap { Self.sequences($0) }
        #expect(!sent.isEmpty && sent.allSatisfy { $0.control.contains(",\(id),") }, "\(output.written.count) writes")
        let stop = try #require(display.animationStop())
        #expect(String(decoding: stop.bytes, as: UTF8.self) == "\u{1B}_Ga=d,d=I,\(id),q=2\u{1B}\\")
        #expect(display.animationStop() == nil, "deleted once")
    }

    /// Ctrl-C at the prompt halts kitty's animation where it is (`s=1`), the picture kept; `back`
    /// still deletes it.
    @Test func anAnimationKittyPlaysIsHaltedAndThenStillDeleted() throws {
        let display = Self.display(.kitty)
        #expect(display.animationHalt() == nil, "none on screen")
        let first = try #require(display.animationStart(Self.red, for: .detail))
        let id = try #require(Self.sequences(first.bytes).first?.control.split(separator: ",").first { $0.hasPrefix("i=") })
        let halt = try #require(display.animationHalt())
        #expect(String(decoding: halt.bytes, as: UTF8.self) == "\u{1B}_Ga=a,\(id),s=1,q=2\u{1B}\\")
        let stop = try #require(display.animationStop(), "still on screen after the halt")
        #expect(String(decoding: stop.bytes, as: UTF8.self) == "\u{1B}_Ga=d,d=I,\(id),q=2\u{1B}\\")
        #expect(display.animationHalt() == nil)
    }

    /// Tests/Fixtures/formats/three-frames.png: 200 ms, 300 ms, then 100 ms (its 0 as browsers show
    /// it); played twice. An APNG, decoded in this process: no child's deadline to meet on a busy machine.
    static func threeFrames() throws -> AnimationFrames {
        let path = #filePath.split(separator: "/").dropLast(2).joined(separator: "/") + "/Fixtures/formats/three-frames.png"
        let file = try #require(fopen("/" + path, "rb"))
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = fread(&chunk, 1, chunk.count, file), count > 0 { bytes += chunk[..<count] }
        return try #require(try AnimationFrames(bytes, fitting: PixelSize(width: 80, height: 80)))
    }

    /// kitty's frames are sent from the prompt, in the background, once the command has ended: each
    /// after the first with its gap, then the run, with the first frame's gap and the file's plays
    /// (kitty's count: plays + 1). They were all sent before the prompt came back.
    @Test func kittysFramesAreSentFromThePromptThenRun() async throws {
        let display = Self.display(.kitty)
        _ = try #require(display.animationStart(Self.red, for: .detail))
        let output = FakePromptOutput()
        display.animationSend(try Self.threeFrames(), through: output)
        #expect(await output.ended())
        let controls = output.written.flatMap { Self.sequences($0) }.map { $0.control.replacing(/i=\d+,/, with: "") }
        #expect(controls.count == 4, "\(controls)")
        #expect(controls.prefix(2).map { $0.split(separator: ",").first { $0.hasPrefix("z=") } } == ["z=300", "z=100"], "\(controls)")
        #expect(controls.prefix(2).allSatisfy { $0.hasPrefix("a=f,") }, "\(controls)")
        #expect(Array(controls.suffix(2)) == ["a=a,r=1,z=200,q=2", "a=a,s=3,v=3,q=2"], "\(controls)")
    }

    /// A key at the prompt ends the stream (the line editor's reader does): the sending stops before
    /// the next frame, and the animation is not run; the first frame stays, still deleted by leaving.
    @Test func aKeyAtThePromptStopsTheSending() async throws {
        let display = Self.display(.kitty)
        _ = try #require(display.animationStart(Self.red, for: .detail))
        let output = FakePromptOutput(keyAfter: 1)
        display.animationSend(try Self.threeFrames(), through: output)
        #expect(await output.ended())
        let controls = output.written.flatMap { Self.sequences($0) }.map(\.control)
        #expect(controls.count == 1 && controls.allSatisfy { $0.hasPrefix("a=f,") }, "\(controls)")
        #expect(display.animationStop() != nil)
    }

    /// Leaving (or another picture) ends the sending at once, before the animation is deleted.
    @Test func stoppingTheAnimationEndsTheSending() async throws {
        let display = Self.display(.kitty)
        _ = try #require(display.animationStart(Self.red, for: .detail))
        let output = FakePromptOutput(holdsWrites: true)
        display.animationSend(try Self.threeFrames(), through: output)
        #expect(display.animationStop() != nil)
        #expect(!output.isOpen)
        #expect(await output.ended())
        #expect(output.written.isEmpty)
    }

    @Test func aFrameThatWouldNotFitWhereThePictureWasIsNotDrawn() {
        #expect(Self.display(.symbols, rows: 50).animationFrameInPlace(Self.red, for: .detail, linesBelow: 8) != nil)
        #expect(Self.display(.symbols, rows: 9).animationFrameInPlace(Self.red, for: .detail, linesBelow: 8) == nil)
    }
}

/// The prompt's stream, as a test drives it: writes kept; a key after `keyAfter` writes (later
/// ones refused); with `holdsWrites`, every write waits (a command running) until the stream ends.
final class FakePromptOutput: PromptOutput {
    private struct State {
        var written: [[UInt8]] = []
        var open = true
        var ended = false
    }
    private let state = Mutex(State())
    private let keyAfter: Int?
    private let holdsWrites: Bool

    init(keyAfter: Int? = nil, holdsWrites: Bool = false) {
        self.keyAfter = keyAfter
        self.holdsWrites = holdsWrites
    }

    var written: [[UInt8]] { state.withLock { $0.written } }
    var isOpen: Bool { state.withLock { $0.open } }

    func write(_ bytes: [UInt8]) async -> Bool {
        while holdsWrites && isOpen { try? await Task.sleep(for: .milliseconds(5)) }
        return state.withLock { state in
            guard state.open else { return false }
            state.written.append(bytes)
            if let keyAfter, state.written.count >= keyAfter { state.open = false }
            return true
        }
    }

    func end() {
        state.withLock {
            $0.open = false
            $0.ended = true
        }
    }

    /// Whether the sender ended the stream within 20 s.
    func ended() async -> Bool {
        for _ in 0..<2000 {
            if state.withLock({ $0.ended }) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }
}
