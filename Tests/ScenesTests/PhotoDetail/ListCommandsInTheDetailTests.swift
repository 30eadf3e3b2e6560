import PhotoDomain
import REPLEngine
import Testing
@testable import Scenes

/// The photo view is a viewer's: the list's commands typed in the detail go back to the list it was
/// opened from and run there, with only their own output shown.
@MainActor
@Suite struct ListCommandsInTheDetailTests {
    @Test func openInTheDetailOpensAnotherPhotoOfTheList() async {
        let app = App()
        await app.run("count 5", "fetch", "open 2")
        app.output.clear()
        await app.run("open 4")
        // The list `back` would have shown is not printed: the photo follows at once.
        #expect(app.output.text.hasPrefix("Photo 4 of 5\n  id           d\n"), "\(app.output.text)")
        #expect(!app.output.text.contains("stays at position"))
        #expect(app.engine.stackNames == ["collection", "detail"])
        #expect(app.engine.prompt == "photos/detail 4> ")
    }

    @Test func aMoveSavedInTheDetailIsAppliedBeforeTheCommandRuns() async {
        let app = App()
        await app.run("count 5", "fetch", "open 1", "move 3", "open 1")
        // a moved to the third place (b c a d e), then the new first photo opened.
        #expect(app.ids == ["b", "c", "a", "d", "e"])
        #expect(app.engine.prompt == "photos/detail 1> ")
    }

    @Test func pageGridAndListRunInTheListWithThePhotoShownSelected() async {
        let app = App()
        await app.run("count 5", "fetch", "open 2", "next")
        app.output.clear()
        await app.run("list")
        #expect(app.engine.stackNames == ["collection"])
        #expect(app.output.text.contains("▸ 3  c"), "\(app.output.text)")
        await app.run("open 1")
        app.output.clear()
        await app.run("page 5")
        #expect(app.engine.stackNames == ["collection"])
        #expect(await app.stateJSON().contains(#""page":5"#))
        await app.run("open 2")
        app.output.clear()
        await app.run("grid")
        #expect(app.engine.stackNames == ["collection"])
        #expect(app.output.text.hasPrefix("Sheet 1 of 1"), "\(app.output.text)")
    }

    @Test func aCommandTheDetailHasItselfStaysTheDetails() async {
        let app = App()
        await app.run("count 5", "fetch", "open 2")
        await app.run("next")
        #expect(app.engine.prompt == "photos/detail 3> ", "next steps the detail, not the list")
        #expect(await app.engine.execute("count 3") != .done, "count is not among the commands run below")
        #expect(app.engine.stackNames == ["collection", "detail"])
    }

    @Test func fromTheAuthorsPhotoOpenRunsInTheAuthorsList() async {
        let app = App()
        await app.run("count 2", "fetch", "open 1", "author", "open 1")
        #expect(app.engine.stackNames == ["collection", "detail", "author", "detail"])
        await app.run("open 2")
        #expect(app.engine.stackNames == ["collection", "detail", "author", "detail"])
        #expect(app.engine.prompt.hasSuffix("detail 2> "), "\(app.engine.prompt)")
    }

    @Test func helpAndTabInTheDetailKnowTheListsCommands() async {
        let app = App(worker: StubWorker(["storm.jpg", "sun.jpg", "Nature/Storm.png"].map { Photo.fixture($0) }))
        await app.run("count 3", "fetch", "open 1")
        #expect(app.engine.complete("gr") == Completion(insertion: "id ", choices: []))
        #expect(app.engine.complete("open su") == Completion(insertion: "n.jpg ", choices: []))
        app.output.clear()
        await app.run("help")
        #expect(
            app.output.text.contains("Also open, page, list, grid, sort, filter, search: back to the list, and run there."),
            "\(app.output.text)")
        app.output.clear()
        await app.run("help open")
        #expect(app.output.text.hasPrefix("usage: open [N|NAME]"), "\(app.output.text)")
        #expect(app.engine.stackNames == ["collection", "detail"], "help goes nowhere")
        await app.run("open 2 --help")
        #expect(app.engine.stackNames == ["collection", "detail"])
    }
}
