import Foundation
import PhotoDomain
import REPLEngine
import Testing
@testable import Scenes

/// Commands that wait only for a picture run straight through without one, and a scene shown again
/// prints what it printed the first time.
@MainActor
@Suite struct RepeatedCommandsTests {
    @Test func theNoPictureFormsPresentWhatTheAsynchronousOnesDo() async throws {
        let spy = CollectionPresenterSpy(), effects = CollectingEffects()
        let collection = makeCollection(spy: spy, effects: effects)
        try collection.changeCount(.init(change: .set(5)))
        try await collection.fetchPhotos(.init())
        try collection.changeToPage(.init(width: 80, offset: 160))
        try collection.changeToPage(.init(width: 80, offset: 160))
        #expect(spy.pages.count == 2 && spy.pages[0] == spy.pages[1])
        #expect(spy.pages[0] == .init(page: 2, photo: .fixture("c"), pageCount: 5, picture: nil, hasMore: false))
        #expect(effects.pending == 0, "a page with no picture is shown at once")
        #expect(collection.list.page == 2)
        try collection.changeToPage(.init(width: 80, offset: 400))
        #expect(spy.listFailures == [.pageOutOfRange(requested: "6", pageCount: 5)])
        #expect(collection.list.page == 2)

        let detailSpy = DetailPresenterSpy()
        let detail = PhotoDetailInteractor()
        detail.presenter = detailSpy
        detail.photo = .fixture("d")
        detail.photos = Photo.abcde
        detail.index = 3
        try detail.showPhoto(.init())
        detail.index = 0  // a saved move: the same photo at its new position
        try detail.showPhoto(.init())
        try detail.showPhoto(.init())
        #expect(
            detailSpy.responses == [
                .init(photo: .fixture("d"), picture: nil, index: 3, photoCount: 5),
                .init(photo: .fixture("d"), picture: nil, index: 0, photoCount: 5),
                .init(photo: .fixture("d"), picture: nil, index: 0, photoCount: 5)
            ])
    }

    @Test func withoutPicturesNextOpenAndMoveNeverWait() async {
        let app = App()
        await app.run("count 5", "fetch")
        for line in ["next", "open 2", "move 4", "back", "page 3", "open", "edit", "move 1", "back"] {
            #expect(app.engine.runUntilItWaits(line) == .done, "\(line)")
        }
        #expect(app.ids == ["d", "a", "c", "b", "e"])
        // An invalid position raises the alert at once, and the sheet stays open.
        #expect(app.engine.runUntilItWaits("open 1") == .done)
        #expect(app.engine.runUntilItWaits("move 9") == .done)
        #expect(app.engine.stackNames == ["collection", "detail", "index-edit"])
        app.engine.console.flush()
        #expect(
            app.output.text.hasSuffix(
                "[An error occurred] An invalid value was passed: 9 is not a position; choose a position from 1 to 5.\n"))
    }

    /// What `command` prints, run in `app`.
    func printed(_ app: App, _ command: String) async -> String {
        let before = app.output.text.count
        await app.run(command)
        return String(app.output.text.dropFirst(before))
    }

    @Test func aPhotoOpenedAgainOrMovedPrintsWhatItPrintedTheFirstTime() async {
        let app = App()
        await app.run("count 5", "fetch")
        let first = await printed(app, "open 2")
        #expect(first.hasPrefix("Photo 2 of 5\n  id           b\n"))
        await app.run("back")
        #expect(await printed(app, "open 2") == first)
        // After a move the heading says the new position; the fields are the same lines.
        let moved = await printed(app, "move 4")
        #expect(moved.hasSuffix(first.replacingOccurrences(of: "Photo 2 of 5", with: "Photo 4 of 5")))
        // The sheet's line of positions, for another photo's sheet.
        await app.run("back", "open 3")
        #expect(
            await printed(app, "edit")
                == "Move photo 3 to which position? (1…5)\n  1  2  [3]  4  5\nType 'move N' to save it, or 'cancel'.\n")
        await app.run("cancel", "back", "open 2")
        #expect(
            await printed(app, "edit")
                == "Move photo 2 to which position? (1…5)\n  1  [2]  3  4  5\nType 'move N' to save it, or 'cancel'.\n")
    }

    /// "café" spelled with é and with e and a combining accent: equal to Unicode, two files to a folder.
    @Test func twoSpellingsOfOneNameAreTwoPhotosWhateverWasKept() throws {
        let composed = Photo.fixture("caf\u{E9}.png"), decomposed = Photo.fixture("cafe\u{301}.png")
        // Equal as Unicode compares strings, two files all the same.
        #expect(composed == decomposed && Array(composed.id.utf8) != Array(decomposed.id.utf8))
        let detailSpy = DetailDisplaySpy()
        let presenter = PhotoDetailPresenter()
        presenter.view = detailSpy
        for photo in [composed, decomposed, composed] {
            try presenter.presentPhoto(.init(photo: photo, picture: nil, index: 0, photoCount: 2))
        }
        let ids = detailSpy.photos.map { Array($0.fields[0].value.utf8) }
        #expect(ids == [Array(composed.id.utf8), Array(decomposed.id.utf8), Array(composed.id.utf8)])

        let listSpy = CollectionDisplaySpy()
        let list = PhotoCollectionPresenter()
        list.view = listSpy
        list.presentPhotos(.init(event: .fetched, photos: [composed], page: 0))
        list.presentPhotos(.init(event: .listed, photos: [decomposed], page: 0))
        #expect(listSpy.photos.map { Array($0.photos[0].id.string.utf8) } == [Array(composed.id.utf8), Array(decomposed.id.utf8)])
    }
}
