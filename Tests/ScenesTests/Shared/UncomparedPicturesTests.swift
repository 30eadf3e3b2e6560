import Imaging
import PhotoDomain
import REPLEngine
import TerminalPictures
import Testing
@testable import Scenes

/// A transcript holds a picture's text only in ASCII: a session drawing in symbols (or sixel, kitty)
/// leaves its pictures, and the lines saying why one was not drawn, out of its transcript, and the
/// transcript's check decodes none of them (it took 8–9 s to check a session on 48 photos that
/// compared no picture).
@MainActor
@Suite struct UncomparedPicturesTests {
    static func display(_ mode: PreviewMode, check: Bool) -> PictureDisplay {
        let display = PictureDisplay(
            .init(mode: mode, size: CellBox(columns: 40, rows: 12), outputIsTerminal: false, environment: [:]),
            probe: { _ in nil }, windowSize: { nil })
        display.decodesOnlyComparedPictures = check
        return display
    }

    static let photos = (1...12).map { Photo.fixture("p\($0)") }

    @Test func aCheckOfASymbolsSessionDecodesNoPicture() async {
        let pictures = FakePicturesWorker(errors: ["p2": PictureFailure("it is not a picture")])
        let app = App(worker: StubWorker(Self.photos), pictures: pictures, display: Self.display(.symbols, check: true))
        await app.run("count 12", "fetch", "page 2", "next", "grid", "grid next")
        #expect(await pictures.requests.isEmpty)
        #expect(await pictures.prefetches.isEmpty)
        #expect(!app.output.text.contains("not shown"), "\(app.output.text)")
    }

    @Test func aSessionDecodesThemAndKeepsTheirLinesOutOfItsTranscript() async {
        let pictures = FakePicturesWorker(errors: ["p2": PictureFailure("it is not a picture")])
        let app = App(worker: StubWorker(Self.photos), pictures: pictures, display: Self.display(.symbols, check: false))
        let transcript = OutputSink.memory()
        app.engine.console.transcript = transcript
        await app.run("count 12", "fetch", "page 2", "grid")
        #expect(!(await pictures.requests.isEmpty))
        #expect(app.output.text.contains("(picture not shown: it is not a picture)"), "\(app.output.text)")
        #expect(app.output.text.contains("(picture 2 not shown: it is not a picture)"), "\(app.output.text)")
        #expect(!transcript.text.contains("not shown"), "\(transcript.text)")

        // The check of that transcript prints it as it is.
        let check = App(
            worker: StubWorker(Self.photos), pictures: FakePicturesWorker(errors: ["p2": PictureFailure("it is not a picture")]),
            display: Self.display(.symbols, check: true))
        await check.run("count 12", "fetch", "page 2", "grid")
        #expect("count: 0\n" + transcript.text == check.output.text)
    }

    @Test func asciiPicturesAreComparedSoACheckDecodesThem() async {
        let pictures = FakePicturesWorker(errors: ["p2": PictureFailure("it is not a picture")])
        let app = App(worker: StubWorker(Self.photos), pictures: pictures, display: Self.display(.ascii, check: true))
        await app.run("count 12", "fetch", "page 2")
        #expect(await pictures.requests.map(\.id) == ["p2"])
        #expect(app.output.text.contains("(picture not shown: it is not a picture)"))
    }

    @Test func showWhyDecodesInACheck() {
        let display = Self.display(.symbols, check: true)
        #expect(display.pixelBox(for: .detail) == nil)
        #expect(display.pixelBox(for: .detail, explaining: true) != nil)
        #expect(display.sheetPixelBox() == nil)
        #expect(Self.display(.symbols, check: false).pixelBox(for: .detail) != nil)
    }
}
