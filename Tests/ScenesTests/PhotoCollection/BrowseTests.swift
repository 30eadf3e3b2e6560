import SystemCalls
import Imaging
import PhotoDomain
import REPLEngine
import TerminalPictures
import Testing
@testable import Scenes

/// Browsing as the seeds' apps do: the feed a page at a time, and contact sheets (search results:
/// PhotoSearch/PhotoSearchTests).
@MainActor
@Suite struct BrowseTests {
    // MARK: - The feed

    @Test func theFeedLoadsItsNextPageWhenNextGoesPastTheLastPhoto() async {
        let pages = StubPages()
        let app = App(feed: pages)
        await app.run("count 10", "fetch")
        #expect(app.output.text.contains("Fetched page 1 of the stub's photos: 10 photos, more to come."))
        #expect(app.ids == (1...10).map { "p\($0)" })
        await app.run("page 10")
        app.output.clear()
        await app.run("next")
        #expect(
            app.output.text == """
                Loaded page 2 of the stub's photos: 10 more photos (20 in all).
                ▸ 11  p11  Photo p11                         Author P11          ♥ 10
                ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ● ○ ○ ○ ○ ○ ○ ○ ○ ○  11/20

                """)
        #expect(app.ids == (1...20).map { "p\($0)" })
        await app.run("page 20", "next")
        #expect(app.ids.count == 23)
        #expect(app.collection.list.pagesLoaded == 3 && !app.collection.list.hasMore)
        app.output.clear()
        await app.run("page 23", "next")
        #expect(app.output.text.hasSuffix("Already on the last page.\n○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ○ ●  23/23\n"))
        #expect(await pages.asked == [1, 2, 3])
        #expect(await app.stateJSON().contains(#""feed":{"name":"the stub's photos","pages":3,"more":false}"#))
    }

    @Test func aPageThatFailsKeepsWhatWasLoadedAndNextTriesAgain() async {
        let pages = StubPages(failing: [2])
        let app = App(feed: pages)
        await app.run("count 10", "fetch", "page 10")
        guard case .failed(let error) = await app.engine.execute("next") else {
            Issue.record("next did not fail")
            return
        }
        #expect(
            error.message == "cannot load more photos: page 2 is down (the 10 loaded are kept; type 'next' or 'grid next' to try again)")
        #expect(app.ids.count == 10 && app.collection.list.page == 9 && app.collection.list.pagesLoaded == 1)
        await pages.heal()
        await app.run("next")
        #expect(app.ids.count == 20 && app.collection.list.page == 10)
    }

    @Test func photosAPageRepeatsAreDroppedAndFetchStartsAgainFromPage1() async {
        // A photo published while the feed is read pushes the last of page 1 onto page 2.
        let photos = (1...6).map { Photo.fixture("p\($0)") }
        let pages = StubPages([photos[0], photos[1], photos[2], photos[2], photos[3], photos[4]])
        let app = App(feed: pages)
        await app.run("count 3", "fetch", "page 3", "next")
        #expect(app.ids == ["p1", "p2", "p3", "p4", "p5"])
        #expect(app.output.text.contains("Loaded page 2 of the stub's photos: 2 more photos (5 in all; that is the last page)."))
        await app.run("fetch")
        #expect(app.ids == ["p1", "p2", "p3"] && app.collection.list.pagesLoaded == 1)
    }

    @Test func randomPhotosHaveNoMoreToLoad() async {
        let app = App()
        await app.run("count 2", "fetch", "next")
        app.output.clear()
        await app.run("next")
        #expect(app.output.text == "Already on the last page.\n○ ●  2/2\n")
        #expect(
            await app.stateJSON() == #"{"stack":["collection"],"count":2,"photos":["a","b"],"page":2,"source":"embedded","layout":"list"}"#
                + "\n")
    }

    // MARK: - Contact sheets

    @Test func aSheetWithoutPicturesIsAGridOfNumberedCaptions() async {
        let app = App(worker: StubWorker((1...11).map { Photo.fixture("p\($0)", description: "A long description of photo \($0)") }))
        await app.run("count 11", "fetch", "page 3")
        app.output.clear()
        await app.run("grid")
        // Four columns and two rows without a terminal: eight photos a sheet.
        #expect(
            app.output.text == """
                Sheet 1 of 2 (photos 1–8 of 11):
                 1 A long descrip…   2 A long descrip…  ▸3 A long descrip…   4 A long descrip…
                 5 A long descrip…   6 A long descrip…   7 A long descrip…   8 A long descrip…

                """)
        app.output.clear()
        await app.run("grid next")
        // The page goes with the sheets, so that `next` and `open` go on from the sheet shown.
        #expect(
            app.output.text == """
                Sheet 2 of 2 (photos 9–11 of 11):
                ▸9 A long descrip…   10 A long descri…   11 A long descri…

                """)
        #expect(app.collection.list.page == 8)
        for (command, message) in [
            ("grid next", "this is the last sheet (2 of 2): type 'grid prev' or 'grid 1'"),
            ("grid 3", "there is no sheet 3: sheets are 1…2 (type e.g. 'grid 2')"),
            ("grid 0", "there is no sheet 0: sheets are 1…2 (type e.g. 'grid 2')"),
            // Past 64 bits, refused as any number outside the sheets (it suggested 'grid 1').
            ("grid 99999999999999999999", "there is no sheet 99999999999999999999: sheets are 1…2 (type e.g. 'grid 2')"),
            ("grid -99999999999999999999", "there is no sheet -99999999999999999999: sheets are 1…2 (type e.g. 'grid 2')"),
            ("grid x", "'x' is not a sheet: type a whole number, e.g. 'grid 1'")
        ] {
            guard case .failed(let error) = await app.engine.execute(command) else {
                Issue.record("\(command) did not fail")
                continue
            }
            #expect(error.message == message)
        }
        await app.run("grid prev")
        guard case .failed(let error) = await app.engine.execute("grid prev") else {
            Issue.record("grid prev did not fail")
            return
        }
        #expect(error.message == "this is the first sheet: type 'grid next'")
        #expect(app.collection.list.sheet == 0)
        // `open` opens the current page's photo: the first of the sheet paged to.
        await app.run("open")
        #expect(app.engine.prompt == "photos/detail 1> ")
    }

    @Test func gridBeforeAnyPhotoSaysToFetch() async {
        let app = App()
        guard case .failed(let error) = await app.engine.execute("grid") else {
            Issue.record("grid did not fail")
            return
        }
        #expect(error.message == "there are no photos to lay out: type 'fetch' first")
    }

    @Test func gridNextPastTheLastSheetOfAFeedLoadsItsNextPage() async {
        let pages = StubPages()
        let app = App(feed: pages)
        await app.run("count 8", "fetch", "grid")
        #expect(app.output.text.contains("Sheet 1 of 1+ (photos 1–8 of 8 loaded):"))
        #expect(app.output.text.contains("More photos to load: type 'grid next'."))
        app.output.clear()
        await app.run("grid next")
        #expect(
            app.output.text.hasPrefix(
                "Loaded page 2 of the stub's photos: 8 more photos (16 in all).\nSheet 2 of 2+ (photos 9–16 of 16 loaded):\n"))
        #expect(app.collection.list.sheet == 1)
        // The page control learned the photos the sheet loaded: `next` from the old last page turns
        // to photo 9, and asks for no page more.
        await app.run("page 8")
        app.output.clear()
        await app.run("next")
        #expect(app.output.text.hasPrefix("▸ 9  p9"), "\(app.output.text)")
        #expect(app.collection.list.page == 8 && app.ids.count == 16)
        #expect(await pages.asked == [1, 2])
    }

    /// `page N` one past the last photo loaded loads the next page, in the collection as in search.
    @Test func pageOnePastTheLastPhotoOfAFeedLoadsItsNextPage() async {
        let pages = StubPages()
        let app = App(feed: pages)
        await app.run("count 10", "fetch")
        app.output.clear()
        await app.run("page 11")
        #expect(
            app.output.text.hasPrefix("Loaded page 2 of the stub's photos: 10 more photos (20 in all).\n▸ 11  p11"), "\(app.output.text)")
        #expect(app.collection.list.page == 10)
        guard case .failed(let error) = await app.engine.execute("page 22") else {
            Issue.record("page 22 did not fail")
            return
        }
        #expect(error.message == "there is no page 22: pages are 1…20 (type e.g. 'page 20')")
    }

    /// A sheet is filled before it is shown, where the source has more, so that `grid
    /// next` (and Enter repeating it) goes on to the next sheet, never the same one filled (it did,
    /// after a part-full one), and skips no photo.
    @Test func aSheetIsFilledBeforeItIsShownSoGridNextGoesOn() async {
        let app = App(feed: StubPages())
        // Pages of 10, sheets of 8: sheet 2 would hold photos 9 and 10 until page 2 comes.
        await app.run("count 10", "fetch")
        app.output.clear()
        await app.run("grid 2")
        #expect(
            app.output.text.hasPrefix(
                "Loaded page 2 of the stub's photos: 10 more photos (20 in all).\nSheet 2 of 3+ (photos 9–16 of 20 loaded):\n"),
            "\(app.output.text)")
        app.output.clear()
        await app.run("grid next")
        #expect(
            app.output.text.hasPrefix(
                "Loaded page 3 of the stub's photos: 3 more photos (23 in all; that is the last page).\nSheet 3 of 3 (photos 17–23 of 23):\n"
            ), "\(app.output.text)")
        // In the grid layout `next` is `grid next`, from the sheet shown (it turned to photo 2).
        await app.run("layout grid", "grid 1")
        app.output.clear()
        await app.run("next", "next")
        #expect(app.output.text.hasPrefix("Sheet 2 of 3 (photos 9–16 of 23):\n"), "\(app.output.text)")
        #expect(app.output.text.contains("Sheet 3 of 3 (photos 17–23 of 23):\n"), "\(app.output.text)")
        #expect(app.collection.list.page == 16)
        await app.run("prev")
        #expect(app.collection.list.sheet == 1 && app.collection.list.page == 8)
    }

    /// A sheet loads at most four pages to fill itself (a feed of one photo a page
    /// spent a request per cell).
    @Test func aSheetLoadsAtMostFourPagesToFillItself() async {
        let pages = StubPages()
        let app = App(feed: pages)
        await app.run("count 1", "fetch", "grid")
        #expect(await pages.asked == [1, 2, 3, 4, 5])
        #expect(app.output.text.contains("Sheet 1 of 1+ (photos 1–5 of 5 loaded):"), "\(app.output.text)")
    }

    @Test func aFeedThatRepeatsItselfEnds() async {
        // The stub's page 2 holds only photos of page 1 again.
        let photos = (1...3).map { Photo.fixture("p\($0)") }
        let app = App(feed: StubPages(photos + photos + photos))
        await app.run("count 3", "fetch", "page 3", "next")
        #expect(
            app.output.text.contains("Loaded page 2 of the stub's photos: no photos not listed already (3 in all; that is the last page)."))
        #expect(!app.collection.list.hasMore)
        app.output.clear()
        await app.run("next")
        #expect(app.output.text == "Already on the last page.\n○ ○ ●  3/3\n")
    }

    @Test func theGridLayoutSticksAcrossScenes() async {
        let app = App(search: StubPages())
        await app.run("count 5", "fetch")
        app.output.clear()
        await app.run("layout")
        #expect(app.output.text == "layout: list\n")
        await app.run("layout grid", "list")
        #expect(app.output.text.contains("5 photos:\nSheet 1 of 1 (photos 1–5 of 5):\n▸1 Photo a"))
        #expect(!app.output.text.contains("● ○"), "no rows and no page control in the grid layout")
        app.output.clear()
        await app.run("open 2", "back")
        #expect(
            app.output.text.hasSuffix(
                "Photo 2 stays at position 2.\nSheet 1 of 1 (photos 1–5 of 5):\n 1 Photo a          ▸2 Photo b           3 Photo c           4 Photo d\n 5 Photo e\n"
            ))
        app.output.clear()
        await app.run("search p1")
        #expect(
            app.output.text.hasPrefix(
                "Found 11 photos for \"p1\"; 10 loaded:\nSheet 1 of 2+ (photos 1–8 of 10 loaded):\n▸1 Photo p1          2 Photo p10"))
        #expect(await app.stateJSON().contains(#""layout":"grid""#))
        guard case .failed(let error) = await app.engine.execute("layout tiles") else {
            Issue.record("layout tiles did not fail")
            return
        }
        #expect(error.message == "layout takes list or grid, not 'tiles' (type e.g. 'layout grid')")
    }

    @Test func sheetThumbnailsAreDecodedTogetherAndTheNextSheetsAhead() async {
        let pictures = FakePicturesWorker(errors: ["p2": PictureFailure("it is not a picture")])
        let display = PictureDisplay(
            .init(mode: .ascii, size: nil, outputIsTerminal: false, environment: [:]), probe: { _ in nil }, windowSize: { nil })
        let app = App(worker: StubWorker((1...12).map { Photo.fixture("p\($0)") }), pictures: pictures, display: display)
        await app.run("count 12", "fetch")
        app.output.clear()
        await app.run("grid")
        let box = PixelSize(width: 144, height: 144)
        #expect(Set(await pictures.requests.map(\.id)) == Set((1...8).map { "p\($0)" }))
        #expect(await pictures.requests.allSatisfy { $0.box == box })
        // The next sheet's, ahead.
        #expect(await pictures.prefetches == (1...12).map { .init(id: "p\($0)", box: box) })
        let lines = app.output.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "Sheet 1 of 2 (photos 1–8 of 12):")
        // The fake's pictures are the box's size, 144×144 pixels, half transparent grey: 18×9
        // cells of ':'. The second photo has none: its cell is blank.
        let cell = String(repeating: ":", count: 18)
        for line in lines[1...9] { #expect(line == cell + String(repeating: " ", count: 22) + cell + "  " + cell) }
        #expect(lines[10] == "▸1 Photo p1          2 Photo p2          3 Photo p3          4 Photo p4")
        #expect(app.output.text.contains("(picture 2 not shown: it is not a picture)"))
    }
}

/// Sheets are laid out anew when the window changes: `grid next` goes on from the first photo the
/// sheet shown did not hold, in the sheets as the window holds them now (after a larger window,
/// "there is only one sheet" and photos 9–22 were never shown).
@MainActor
@Suite struct SheetsAfterAResizeTests {
    final class Window {
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
    }

    static func app(_ window: Window) -> App {
        let display = PictureDisplay(
            .init(mode: .none, size: nil, outputIsTerminal: true, environment: [:]), probe: { _ in nil },
            windowSize: { window.size })
        return App(worker: StubWorker((1...22).map { Photo.fixture("p\($0)") }), display: display)
    }

    static func headline(_ text: String) -> String { text.split(separator: "\n").first.map(String.init) ?? "" }

    @Test func aLargerWindowShowsThePhotosNotShownYet() async {
        let window = Window()
        let app = Self.app(window)
        await app.run("count 22", "fetch")
        app.output.clear()
        await app.run("grid")
        #expect(Self.headline(app.output.text) == "Sheet 1 of 3 (photos 1–8 of 22):", "\(app.output.text)")
        window.size = winsize(ws_row: 60, ws_col: 200, ws_xpixel: 0, ws_ypixel: 0)
        app.output.clear()
        await app.run("grid next")
        #expect(Self.headline(app.output.text) == "Sheet 1 of 1 (photos 1–22 of 22):", "\(app.output.text)")
        #expect(app.output.text.contains(" 22 Photo p22"), "photo 22 is shown: \(app.output.text)")
        guard case .failed(let error) = await app.engine.execute("grid next") else {
            Issue.record("a second grid next went on")
            return
        }
        #expect(error.message.hasPrefix("there is only one sheet"), "\(error.message)")
    }

    @Test func aSmallerWindowGoesOnFromThePhotoAfterTheSheetShown() async {
        let window = Window()
        window.size = winsize(ws_row: 60, ws_col: 200, ws_xpixel: 0, ws_ypixel: 0)
        let app = Self.app(window)
        await app.run("count 22", "fetch", "page 12")
        app.output.clear()
        await app.run("grid")
        let big = Self.headline(app.output.text)
        #expect(big.hasPrefix("Sheet 1 of 1"), "\(big)")
        window.size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        guard case .failed(let error) = await app.engine.execute("grid next") else {
            Issue.record("past the last photo")
            return
        }
        #expect(
            error.message
                == "the sheet shown held the last photo (22 of 22): type 'grid 1' for the first sheet as this window lays them out",
            "every photo was on the sheet shown: \(error.message)")
        app.output.clear()
        await app.run("grid")
        #expect(Self.headline(app.output.text) == "Sheet 2 of 3 (photos 9–16 of 22):", "the current photo's sheet: \(app.output.text)")
        app.output.clear()
        await app.run("grid prev")
        #expect(Self.headline(app.output.text) == "Sheet 1 of 3 (photos 1–8 of 22):", "\(app.output.text)")
    }
}
