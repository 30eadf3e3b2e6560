import PhotoDomain
import REPLEngine
import Testing
@testable import Scenes

/// On a terminal, lines fit its width: rows, page controls and the detail's fields are cut
/// with "…", the widest column first, instead of wrapping; in scripts and files nothing is cut.
@MainActor
@Suite struct TerminalWidthTests {
    /// An app whose console says it is on a terminal `columns` wide.
    static func app(columns: Int?) -> App {
        let app = App(worker: StubWorker(longPhotos))
        app.engine.console.terminalColumns = { columns }
        return app
    }

    /// Thirty photos whose every text is longer than its column.
    static let longPhotos = (1...30).map {
        Photo.fixture(
            "a-photo-with-a-very-long-file-name-\($0).jpg", likes: 1_000_000 + $0,
            description: "A long description of photo \($0), longer than any column", name: "An Author With A Rather Long Name")
    }

    static func widths(_ text: String) -> [Int] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.width(String($0)) }
    }

    @Test func rowsAndFieldsFitTheWindow() async {
        for columns in [80, 60, 40] {
            let app = Self.app(columns: columns)
            // `show --why`'s line too (it ran past the window).
            await app.run("count 5", "fetch", "open 1", "show --why")
            #expect(app.output.text.contains("picture: none"))
            let widths = Self.widths(app.output.text)
            #expect(widths.allSatisfy { $0 <= columns }, "\(columns): \(widths)\n\(app.output.text)")
            // Cut, not dropped: every row still shows its position, its id's start and its likes.
            #expect(app.output.text.contains("…"))
            #expect(app.output.text.contains("♥"))
        }
    }

    /// A name is what tells photos apart: the description gives way first (to 16
    /// columns), then the author (to 12), then the widest column, the name too.
    @Test func theDescriptionGivesWayFirstThenTheAuthorThenTheWidest() {
        var widths = DisplayedPhoto.ColumnWidths(id: 11)
        Console.fit(&widths, hasAuthor: true, into: 61)
        #expect(widths == DisplayedPhoto.ColumnWidths(id: 11, description: 32, author: 18))
        Console.fit(&widths, hasAuthor: true, into: 50)
        #expect(widths == DisplayedPhoto.ColumnWidths(id: 11, description: 21, author: 18))
        Console.fit(&widths, hasAuthor: true, into: 40)
        #expect(widths == DisplayedPhoto.ColumnWidths(id: 11, description: 16, author: 13))
        var long = DisplayedPhoto.ColumnWidths(id: 40, description: 57, author: 33)
        Console.fit(&long, hasAuthor: true, into: 98)
        #expect(long == DisplayedPhoto.ColumnWidths(id: 40, description: 25, author: 33), "the name whole")
        Console.fit(&long, hasAuthor: true, into: 60)
        #expect(long.id + long.description + long.author == 60 && long.description == 16 && long.author <= 16)
        // Never narrower than six columns: past that, the line wraps.
        Console.fit(&widths, hasAuthor: true, into: 3)
        #expect(widths == DisplayedPhoto.ColumnWidths(id: 6, description: 6, author: 6))
    }

    @Test func aPageControlTooWideForTheWindowShowsWhereYouAre() async {
        let app = Self.app(columns: 20)
        await app.run("count 30", "fetch")
        let last = app.output.text.split(separator: "\n").last.map(String.init)
        #expect(last == "● 1/30")
        let wide = Self.app(columns: 200)
        await wide.run("count 30", "fetch")
        #expect(wide.output.text.split(separator: "\n").last?.hasSuffix("○  1/30") == true)
    }

    @Test func theTranscriptKeepsWholeLines() async {
        let app = Self.app(columns: 60)
        let transcript = OutputSink.memory()
        app.engine.console.transcript = transcript
        await app.run("count 30", "fetch", "open 1")
        #expect(Self.widths(app.output.text).allSatisfy { $0 <= 60 }, "\(app.output.text)")
        // The record of the session is what a session without a window prints (from the moment
        // the transcript was attached: after the first "count: 0").
        let plain = Self.app(columns: nil)
        await plain.run("count 30", "fetch", "open 1")
        #expect("count: 0\n" + transcript.text == plain.output.text)
    }

    /// In a pipe the columns keep their fixed widths (an id 28 columns, cut in its middle;
    /// a description 32; an author 18), whatever the window; on a terminal wide enough, nothing is
    /// cut, and in a narrower one the widest column gives way first.
    @Test func aWideWindowShowsWholeNamesAndAPipeTheFixedWidths() async {
        let plain = Self.app(columns: nil)
        await plain.run("count 5", "fetch")
        #expect(
            plain.output.text.contains(
                "▸ 1  a-photo-with-…ile-name-1.jpg  A long description of photo 1, …  An Author With A …  ♥ 1,000,001\n"),
            "\(plain.output.text)")
        let wide = Self.app(columns: 500)
        await wide.run("count 5", "fetch")
        #expect(!wide.output.text.contains("…"), "\(wide.output.text)")
        #expect(
            wide.output.text.contains(
                "▸ 1  a-photo-with-a-very-long-file-name-1.jpg  A long description of photo 1, longer than any column  An Author With A Rather Long Name  ♥ 1,000,001\n"
            ), "\(wide.output.text)")
        let window = Self.app(columns: 120)
        await window.run("count 5", "fetch")
        let rows = window.output.text.split(separator: "\n").filter { $0.contains("♥") }
        #expect(rows.allSatisfy { TerminalText.width(String($0)) <= 120 }, "\(window.output.text)")
        #expect(
            rows.first?.contains("a-photo-with-a-very-long-file-name-1.jpg") == true,
            "the name whole, the description cut: \(window.output.text)")
    }
}

/// A folder's photos have no likes, and names and descriptions only where their EXIF gives them
///: the list leaves out what no photo has, repeats no file name and ends lines where
/// their text does.
@MainActor
@Suite struct FolderRowsTests {
    static func folderPhoto(_ path: String, description: String?, artist: String?) -> Photo {
        Photo(
            id: path, width: 40, height: 30, color: nil, blurHash: nil, description: description, altDescription: nil, likes: nil,
            user: .init(id: "", username: "", name: artist ?? ""),
            urls: .init(raw: path, full: path, regular: path, small: path, thumb: path))
    }

    @Test func columnsNoPhotoHasAreLeftOut() async {
        let app = App(
            worker: StubWorker([
                Self.folderPhoto("a/leaf.png", description: nil, artist: nil),
                Self.folderPhoto("sunset.jpg", description: "Sunset over the bay", artist: "Ada Lovelace"),
                Self.folderPhoto("gray.png", description: nil, artist: nil)
            ]))
        await app.run("count 3", "fetch")
        let rows = app.output.text.split(separator: "\n").filter { $0.contains(".png") || $0.contains(".jpg") }
        #expect(
            rows == [
                "▸ 1  a/leaf.png",
                "  2  sunset.jpg  Sunset over the bay               Ada Lovelace",
                "  3  gray.png"
            ])
        await app.run("open 1")
        #expect(app.output.text.contains("  author       unknown\n"))
    }

    @Test func photosFromUnsplashKeepEveryColumn() async {
        let app = App(worker: StubWorker(Photo.abcde))
        await app.run("count 2", "fetch")
        #expect(app.output.text.contains("▸ 1  a  Photo a                           Author A            ♥ 10\n"))
    }
}

/// The detail cuts a long id in its middle, as the lists do: two names that differ at their end stay
/// told apart at 80 columns; the other fields are cut at their end, and a transcript keeps them whole.
@MainActor
@Suite struct DetailIdCutInTheMiddleTests {
    static let names = [
        "Été 2024 — vacances/2024-06-01 Holiday in Portugal, the beach at dusk 045.jpg",
        "Été 2024 — vacances/2024-06-01 Holiday in Portugal, the beach at dusk 046.jpg"
    ]

    @Test func twoLongNamesStayApartAt80Columns() async {
        let app = App(worker: StubWorker(Self.names.map { Photo.fixture($0, description: String(repeating: "long words ", count: 12)) }))
        app.engine.console.terminalColumns = { 80 }
        await app.run("count 2", "fetch", "open 1")
        app.output.clear()
        await app.run("show", "next")
        let ids = app.output.text.split(separator: "\n").filter { $0.hasPrefix("  id ") }.map(String.init)
        #expect(ids.count == 2)
        #expect(ids.allSatisfy { TerminalText.width($0) <= 80 }, "\(ids)")
        #expect(ids[0].hasSuffix("dusk 045.jpg") && ids[1].hasSuffix("dusk 046.jpg"), "\(ids)")
        #expect(ids[0].contains("…") && ids[0].hasPrefix("  id           Été 2024"), "\(ids)")
        let description = app.output.text.split(separator: "\n").first { $0.hasPrefix("  description ") }.map(String.init) ?? ""
        #expect(description.hasSuffix("…") && TerminalText.width(description) == 80, "the description is cut at its end: \(description)")
    }

    @Test func aTranscriptKeepsTheIdWhole() async {
        let app = App(worker: StubWorker(Self.names.map { Photo.fixture($0) }))
        await app.run("count 2", "fetch", "open 2")
        #expect(app.output.text.contains("  id           \(Self.names[1])\n"), "\(app.output.text)")
    }
}

/// A list is never taller than the window: at 24 rows the heading, the rows, the current one's ▸,
/// the page control and the prompt all fit; a transcript and a pipe keep 30 rows.
@MainActor
@Suite struct ListsFitTheWindowTests {
    static func app(rows: Int?) -> App {
        let app = App(worker: StubWorker((1...48).map { Photo.fixture("photo-\($0).jpg") }))
        app.engine.console.terminalColumns = { rows == nil ? nil : 80 }
        app.engine.console.terminalRows = { rows }
        return app
    }

    static func rows(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("  ") || $0.hasPrefix("▸ ") }
    }

    @Test(arguments: [24, 12, 6])
    func theRowsAndThePageControlFitTheWindow(rows: Int) async {
        let app = Self.app(rows: rows)
        await app.run("count 30", "fetch")
        let listed = Self.rows(app.output.text)
        #expect(listed.count == max(1, rows - 4), "\(app.output.text)")
        #expect(listed.first?.hasPrefix("▸  1  ") == true, "the current photo is among them: \(listed)")
        // Further down the block, the rows around the current photo.
        await app.run("page 27")
        app.output.clear()
        await app.run("list")
        let around = Self.rows(app.output.text)
        #expect(around.count <= max(1, rows - 4))
        #expect(around.contains { $0.hasPrefix("▸ 27  ") }, "\(around)")
        #expect(app.output.text.split(separator: "\n").count + 1 <= rows, "heading, rows, page control and prompt: \(app.output.text)")
    }

    @Test func aPipeAndATranscriptKeepThirtyRows() async {
        let piped = Self.app(rows: nil)
        await piped.run("count 30", "fetch")
        #expect(Self.rows(piped.output.text).count == 30)
        let app = Self.app(rows: 24)
        let transcript = OutputSink.memory()
        app.engine.console.transcript = transcript
        await app.run("count 30", "fetch")
        #expect(Self.rows(transcript.text).count == 30, "\(transcript.text)")
        #expect(Self.rows(app.output.text).count == 20)
    }
}
