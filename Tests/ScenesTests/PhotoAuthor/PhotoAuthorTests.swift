import PhotoDomain
import REPLEngine
import Testing
@testable import Scenes

/// The photographer scene: reached from a detail, data passed by the routers, its own photos with a
/// page control, a detail of its own that cannot move, and back down the stack.
@MainActor
@Suite struct PhotoAuthorTests {
    @Test func authorOpenBackBackBack() async {
        let photographers = StubPhotographers()
        let app = App(photographers: photographers)
        await app.run("count 5", "fetch", "open 2")
        app.output.clear()
        await app.run("author")
        // The detail's router handed over the photo's photographer.
        #expect(await photographers.asked.map(\.username) == ["user_b"])
        #expect(app.engine.stackNames == ["collection", "detail", "author"])
        #expect(app.engine.prompt == "photos/detail 2/author> ")
        #expect(
            app.output.text == """
                Author B (@user_b)
                  location  Seoul , Korea
                  bio       Landscapes and streets. Long walks with a camera. Long walks
                            with a camera. Long walks with a camera. Long walks with a
                            camera.
                  totals    1,204 photos · 3,210 liked
                3 of their 1,204 photos:
                ▸ 1  b   Photo b                           ♥ 10
                  2  b2  Photo b2                          ♥ 7
                  3  b3  Photo b3                          ♥ 1,234
                ● ○ ○  1/3

                """)
        #expect(
            await app.stateJSON()
                == #"{"stack":["collection","detail","author"],"count":5,"photos":["a","b","c","d","e"],"page":2,"source":"embedded","layout":"list","index":2,"author":"user_b","authorPhotos":["b","b2","b3"],"authorPage":1}"#
                + "\n")

        await app.run("open 3")
        #expect(app.engine.stackNames == ["collection", "detail", "author", "detail"])
        #expect(
            await app.stateJSON()
                == #"{"stack":["collection","detail","author","detail"],"count":5,"photos":["a","b","c","d","e"],"page":2,"source":"embedded","layout":"list","index":2,"author":"user_b","authorPhotos":["b","b2","b3"],"authorPage":3,"authorIndex":3}"#
                + "\n")
        // Moving is the collection's business: refused here, with the way to do it.
        for command in ["move 1", "edit"] {
            guard case .failed(let error) = await app.engine.execute(command) else {
                Issue.record("\(command) did not fail")
                continue
            }
            #expect(error.message.contains("moving applies to the collection's own list"), "\(error.message)")
        }
        #expect(app.engine.stackNames == ["collection", "detail", "author", "detail"])

        await app.run("back")
        #expect(app.engine.stackNames == ["collection", "detail", "author"])
        await app.run("back")
        #expect(app.engine.prompt == "photos/detail 2> ")
        await app.run("back")
        #expect(app.engine.stackNames == ["collection"])
        #expect(app.ids == ["a", "b", "c", "d", "e"], "nothing moved")
    }

    @Test func pagingOverThePhotographersPhotos() async {
        let app = App()
        await app.run("count 5", "fetch", "open 2", "author")
        app.output.clear()
        await app.run("next", "next", "next", "page 1")
        #expect(
            app.output.text == """
                ▸ 2  b2  Photo b2                          ♥ 7
                ○ ● ○  2/3
                ▸ 3  b3  Photo b3                          ♥ 1,234
                ○ ○ ●  3/3
                Already on the last page.
                ○ ○ ●  3/3
                ▸ 1  b  Photo b                           ♥ 10
                ● ○ ○  1/3

                """)
        // `open` with no number opens the current page.
        await app.run("page 2", "open")
        #expect(app.scene(PhotoDetailView.self).flatMap { _ in app.engine.prompt } == "photos/detail 2/author/detail 2> ")
    }

    @Test(arguments: ["open 4", "page 0", "open x"])
    func aPositionOutOfRangeSaysWhichAreValid(command: String) async {
        let app = App()
        await app.run("count 5", "fetch", "open 2", "author")
        guard case .failed(let error) = await app.engine.execute(command) else {
            Issue.record("\(command) did not fail")
            return
        }
        #expect(error.message.contains("1…3") || error.message.contains("no photo listed is named 'x': did you mean"), "\(error.message)")
        #expect(app.engine.stackNames == ["collection", "detail", "author"])
    }

    @Test func aFailedLoadSaysWhyAndShowTriesAgain() async {
        let app = App(photographers: StubPhotographers(failures: 1))
        await app.run("count 5", "fetch", "open 2")
        app.output.clear()
        await app.run("author")
        #expect(app.output.text == "Cannot show @user_b's photos: the source is unreachable. Type 'show' to try again, or 'back'.\n")
        #expect(app.engine.stackNames == ["collection", "detail", "author"])
        #expect(
            await app.stateJSON()
                == #"{"stack":["collection","detail","author"],"count":5,"photos":["a","b","c","d","e"],"page":2,"source":"embedded","layout":"list","index":2,"author":"user_b","authorPhotos":[],"authorPage":0}"#
                + "\n")
        app.output.clear()
        await app.run("show")
        #expect(app.output.text.contains("3 of their 1,204 photos:"), "\(app.output.text)")
    }

    @Test func ctrlCWhileThePhotographerLoadsLeavesTheSceneEmpty() async {
        let app = App(photographers: SlowPhotographers())
        await app.run("count 5", "fetch", "open 2")
        app.output.clear()
        let command = Task { await app.engine.execute("author") }
        try? await Task.sleep(for: .milliseconds(50))
        command.cancel()
        _ = await command.value
        app.engine.console.flush()
        #expect(
            app.output.text.contains("Interrupted: @user_b's photos were not loaded. Type 'show' to try again, or 'back'."),
            "\(app.output.text)")
        #expect(app.engine.stackNames == ["collection", "detail", "author"])
    }

    @Test func theRoutersPassTheData() {
        let detail = PhotoDetailInteractor()
        detail.photos = Photo.abcde
        detail.index = 1
        let author = FoundPhotosInteractor(finding: .photographers(StubPhotographers()))
        var authorStore: FoundPhotosDataStore = author
        // A detail with no photo (its index pointed at none) hands over no photographer.
        PhotoDetailRouter(navigator: NoNavigator.shared).passDataToAuthor(source: detail, destination: &authorStore)
        #expect(author.source == nil)
        detail.photo = Photo.abcde[1]
        PhotoDetailRouter(navigator: NoNavigator.shared).passDataToAuthor(source: detail, destination: &authorStore)
        #expect(author.source == .photographer(Photo.abcde[1].user))

        let opened = PhotoDetailInteractor()
        var openedStore: PhotoDetailDataStore = opened
        let origin = PhotoDetail.Origin(listName: "the photographer's photos", positionKey: "authorIndex", canMove: false)
        FoundPhotosRouter(navigator: NoNavigator.shared, detailOrigin: FoundBy.photographer.detailOrigin)
            .passDataToDetail(source: author, destination: &openedStore)
        #expect(opened.origin == origin)
        // More photos are asked of the scene the detail was opened from, which it does not own.
        #expect(opened.morePhotos === author)
        #expect(!PhotoDetailInteractor().origin.canMove, "a detail moves photos only when the scene that opened it says so")
    }

    @Test func aFolderPhotographerHasANameOnly() {
        let user = Photo.User(id: "", username: "", name: "Ada Lovelace", totalPhotos: 1)
        #expect(FoundPhotosPresenter.name(user) == "Ada Lovelace")
        #expect(FoundPhotosPresenter.handle(user) == "Ada Lovelace's")
    }

    @Test func bioWrapping() {
        #expect(FoundPhotosPresenter.wrap("a bb ccc dddd", width: 6) == ["a bb", "ccc", "dddd"])
        #expect(FoundPhotosPresenter.wrap(String(repeating: "x", count: 10), width: 4) == ["xxx…"])
        #expect(FoundPhotosPresenter.wrap("", width: 4) == [])
    }
}

/// A navigator for router tests that only pass data.
@MainActor
final class NoNavigator: Navigator {
    static let shared = NoNavigator()
    func instantiate<View: SceneView>(_ type: View.Type) throws(CommandError) -> View {
        throw CommandError("this test's navigator makes no scene")
    }
    func push(_ scene: any SceneView) {}
    func present(_ scene: any SceneView) {}
    func pop() {}
    func dismiss() {}
}
