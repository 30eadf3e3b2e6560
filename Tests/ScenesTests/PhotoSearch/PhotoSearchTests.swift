import Imaging
import PhotoDomain
import REPLEngine
import TerminalPictures
import Testing
@testable import Scenes

/// The search scene: `search` pushes its results, which page, open and search again.
@MainActor
@Suite struct PhotoSearchTests {
    @Test func searchPushesAResultsSceneThatPagesAndOpens() async {
        let pages = StubPages()
        let app = App(search: pages)
        await app.run("count 3", "fetch")
        app.output.clear()
        await app.run("search p1 --orientation landscape")
        #expect(app.engine.stackNames == ["collection", "search"])
        #expect(app.engine.prompt == "photos/search> ")
        #expect(await pages.queries == [PhotoQuery(text: "p1", orientation: .landscape)])
        #expect(app.output.text.hasPrefix("Found 11 photos for \"p1\" (landscape); 10 loaded:\n▸  1  p1   Photo p1 "))
        await app.run("page 10")
        app.output.clear()
        await app.run("next")
        // p1, p10…p19 match; the stub's second page holds the last one.
        #expect(app.output.text.hasPrefix("Loaded 1 more result (11 of 11 loaded; that is all of them).\n▸ 11  p19"))
        await app.run("open 2")
        #expect(app.engine.stackNames == ["collection", "search", "detail"])
        guard case .failed(let error) = await app.engine.execute("move 1") else {
            Issue.record("move did not fail")
            return
        }
        #expect(error.message.hasPrefix("this photo was opened from the search results, and moving applies to the collection's own list"))
        let state = await app.stateJSON()
        #expect(state.contains(#""search":{"query":"p1","orientation":"landscape","color":null}"#), "\(state)")
        #expect(
            state.contains(#""resultsPage":2,"resultsPagesLoaded":2,"resultsTotal":11,"resultsMore":false,"resultIndex":2"#), "\(state)")
        app.output.clear()
        await app.run("back")
        #expect(app.output.text.hasPrefix("Found 11 photos for \"p1\" (landscape):\n"))
        await app.run("back")
        #expect(app.engine.stackNames == ["collection"])
        #expect(app.ids == ["a", "b", "c"], "the collection is untouched")
    }

    @Test(arguments: [
        ("search --color red", "search needs words to look for (type e.g. 'search misty forest')"),
        ("search \"   \"", "search needs words to look for (type e.g. 'search misty forest')"),
        ("search x --orientation sideways", "--orientation takes landscape, portrait or squarish, not 'sideways'"),
        (
            "search x --color pink",
            "--color takes black_and_white, black, white, yellow, orange, red, purple, magenta, green, teal, blue, not 'pink'"
        ),
        (
            "search x --colour red",
            "search knows --orientation and --color, not '--colour' (type e.g. 'search forest --orientation landscape')"
        ),
        ("search x --color", "--color needs a value (type e.g. 'search forest --color green')")
    ])
    func searchWordsThatCannotBeSearched(_ line: String, _ message: String) async {
        let app = App()
        guard case .failed(let error) = await app.engine.execute(line) else {
            Issue.record("\(line) did not fail")
            return
        }
        #expect(error.message == message)
        #expect(app.engine.stackNames == ["collection"])
    }

    @Test func aSearchThatFailsSaysWhyAndShowTriesAgain() async {
        let pages = StubPages(failing: [1])
        let app = App(search: pages)
        await app.run("search p2")
        #expect(app.output.text.hasSuffix("Cannot search for \"p2\": page 1 is down. Type 'show' to try again, or 'back'.\n"))
        await pages.heal()
        app.output.clear()
        await app.run("show")
        #expect(app.output.text.hasPrefix("Found 5 photos for \"p2\":\n▸ 1  p2   Photo p2 "))
        await app.run("grid")
        #expect(
            app.output.text.hasSuffix(
                "Sheet 1 of 1 (photos 1–5 of 5):\n▸1 Photo p2          2 Photo p20         3 Photo p21         4 Photo p22\n 5 Photo p23\n")
        )
    }

    /// A search that finds nothing leaves you where you typed it (it opened an empty
    /// results scene you had to `back` out of); typed in the results, a search replaces them when
    /// it finds some, and keeps them when not.
    @Test func noResultsStayInTheSceneAndASearchInTheResultsReplacesThem() async {
        let app = App(search: StubPages())
        await app.run("search zebra")
        #expect(app.output.text.hasSuffix("No photos found for \"zebra\": back to the collection.\n"))
        #expect(app.engine.stackNames == ["collection"])
        for command in ["open", "page 1", "grid"] {
            guard case .failed(let error) = await app.engine.execute(command) else {
                Issue.record("\(command) did not fail")
                continue
            }
            #expect(error.message.contains("there are no"), "\(error.message)")
        }
        await app.run("search p2")
        #expect(app.engine.stackNames == ["collection", "search"])
        app.output.clear()
        await app.run("search p1")
        #expect(app.output.text.hasPrefix("Found 11 photos for \"p1\"; 10 loaded:\n▸  1  p1 "), "\(app.output.text)")
        #expect(app.engine.stackNames == ["collection", "search"], "replaced, not pushed again")
        #expect(app.scene(PhotoSearchView.self)?.router?.dataStore?.source == .query(PhotoQuery(text: "p1")))
        app.output.clear()
        await app.run("search zebra")
        #expect(app.output.text == "No photos found for \"zebra\": the results for \"p1\" stay.\n")
        #expect(app.scene(PhotoSearchView.self)?.router?.dataStore?.list.photos.first?.id == "p1")
        // Tab completes the query's options and their values, in both scenes.
        #expect(app.engine.complete("search forest --or").insertion == "ientation ")
        #expect(app.engine.complete("search forest --orientation ").choices == ["landscape", "portrait", "squarish"])
        #expect(app.engine.complete("search forest --orientation sq").insertion == "uarish ")
        #expect(app.engine.complete("search fo").isEmpty)
        await app.run("back")
        #expect(app.engine.complete("search x --color bl").choices == ["black_and_white", "black", "blue"])
    }
}
