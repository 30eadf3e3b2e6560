import PhotoDomain
import Testing
@testable import Scenes

/// The detail steps through the list it was opened from (`next`, `prev`), in every scene
/// that opens one; `move` and `back` keep working, and `back` lands on the photo shown last.
@MainActor
@Suite struct DetailSteppingTests {
    @Test func nextAndPrevStepThroughTheCollectionAndBackLandsOnThePhotoShownLast() async {
        let app = App()
        await app.run("count 5", "fetch", "open 2")
        app.output.clear()
        await app.run("next")
        #expect(app.output.text.hasPrefix("Photo 3 of 5\n  id           c\n"), "\(app.output.text)")
        await app.run("next", "next")
        #expect(app.engine.prompt == "photos/detail 5> ")
        app.output.clear()
        await app.run("next")
        #expect(app.output.text == "Already at the last photo of the collection (5 of 5).\n")
        #expect(app.engine.prompt == "photos/detail 5> ")
        await app.run("prev")
        #expect(app.engine.prompt == "photos/detail 4> ")
        #expect(
            await app.stateJSON()
                == #"{"stack":["collection","detail"],"count":5,"photos":["a","b","c","d","e"],"page":2,"source":"embedded","layout":"list","index":4}"#
                + "\n")
        app.output.clear()
        await app.run("back")
        #expect(app.ids == ["a", "b", "c", "d", "e"], "stepping moves nothing")
        #expect(app.output.text.hasPrefix("Photo 4 stays at position 4.\n"), "\(app.output.text)")
        #expect(
            await app.stateJSON()
                == #"{"stack":["collection"],"count":5,"photos":["a","b","c","d","e"],"page":4,"source":"embedded","layout":"list"}"# + "\n"
        )
        await app.run("open 1")
        app.output.clear()
        await app.run("prev")
        #expect(app.output.text == "Already at the first photo of the collection (1 of 5).\n")
    }

    @Test func movesSavedWhileSteppingAreAllKeptInOrder() async {
        let app = App()
        await app.run("count 5", "fetch", "open 2", "move 4")
        // b is 4th now (a c d b e): the next photo is e, the previous d.
        await app.run("next")
        #expect(app.engine.prompt == "photos/detail 5> ")
        #expect(app.scene(PhotoDetailView.self)?.router?.dataStore?.photo?.id == "e")
        await app.run("move 1")
        await app.run("next")
        #expect(app.scene(PhotoDetailView.self)?.router?.dataStore?.photo?.id == "a", "e a c d b: after e comes a")
        app.output.clear()
        await app.run("back")
        #expect(app.ids == ["e", "a", "c", "d", "b"])
        #expect(app.output.text.hasPrefix("Moved photo 2 to position 4, then photo 5 to position 1.\n"), "\(app.output.text)")
        #expect(app.collection.list.page == 1)
    }

    @Test func aPhotoMovedTwiceWithoutAStepIsOneMove() async {
        let app = App()
        await app.run("count 5", "fetch", "open 2", "move 4", "move 5")
        app.output.clear()
        await app.run("back")
        #expect(app.ids == ["a", "c", "d", "e", "b"])
        #expect(app.output.text.hasPrefix("Moved photo 2 to position 5.\n"), "\(app.output.text)")
    }

    @Test func inTheFeedNextPastTheLastPhotoLoadedLoadsTheNextPage() async {
        let pages = StubPages()
        let app = App(feed: pages)
        await app.run("count 10", "fetch", "open 10")
        app.output.clear()
        await app.run("next")
        #expect(
            app.output.text.hasPrefix("Loaded page 2 of the stub's photos: 10 more photos (20 in all).\nPhoto 11 of 20\n"),
            "\(app.output.text)")
        await app.run("move 12", "back")
        #expect(app.ids.count == 20 && app.ids[11] == "p11")
        #expect(app.collection.list.page == 11)
        // At the very end of the feed the detail says so.
        await app.run("page 20", "next", "open 23")
        app.output.clear()
        await app.run("next")
        #expect(app.output.text == "Already at the last photo of the collection (23 of 23).\n")
        #expect(await pages.asked == [1, 2, 3])
    }

    @Test func searchResultsStepAndBackLandsOnThePhotoShownLast() async {
        let app = App(search: StubPages())
        await app.run("search p1", "open 1", "next", "next")
        #expect(app.engine.prompt == "photos/search/detail 3> ")
        await app.run("back")
        #expect(app.engine.prompt == "photos/search> ")
        let state = await app.stateJSON()
        #expect(state.contains(#""resultsPage":3"#), "\(state)")
    }

    @Test func aPhotographersPhotosStep() async {
        let app = App()
        await app.run("count 5", "fetch", "open 2", "author", "open 1", "next", "next")
        #expect(app.scene(PhotoDetailView.self).map { _ in app.engine.prompt } == "photos/detail 2/author/detail 3> ")
        app.output.clear()
        await app.run("next")
        #expect(app.output.text.hasPrefix("Already at the last photo of "), "\(app.output.text)")
        await app.run("back")
        #expect(await app.stateJSON().contains(#""authorPage":3"#))
    }
}
