import Foundation
import PhotoDomain
import Testing
@testable import Scenes

/// Whole flows through the three scenes, checked on the DataStores and `state --json`.
@MainActor
@Suite struct FlowTests {
    @Test func moveTheSecondPhotoToTheFourthPosition() async {
        let app = App()
        await app.run("count 5", "fetch", "open 2", "move 4")
        #expect(app.engine.stackNames == ["collection", "detail"])
        #expect(app.engine.prompt == "photos/detail 4> ")
        #expect(
            await app.stateJSON()
                == #"{"stack":["collection","detail"],"count":5,"photos":["a","b","c","d","e"],"page":2,"source":"embedded","layout":"list","index":4}"#
                + "\n")
        await app.run("back")
        #expect(app.ids == ["a", "c", "d", "b", "e"])
        #expect(
            await app.stateJSON()
                == #"{"stack":["collection"],"count":5,"photos":["a","c","d","b","e"],"page":4,"source":"embedded","layout":"list"}"# + "\n"
        )
    }

    @Test func moveTheLastPhotoFirst() async {
        let app = App()
        await app.run("count 5", "fetch", "open 5", "move 1", "back")
        #expect(app.ids == ["e", "a", "b", "c", "d"])
    }

    @Test func anInvalidMoveLeavesTheSheetOpenAndNothingChanged() async {
        let app = App()
        await app.run("count 5", "fetch", "open 2", "move 9")
        #expect(app.engine.stackNames == ["collection", "detail", "index-edit"])
        #expect(
            await app.stateJSON()
                == #"{"stack":["collection","detail","index-edit"],"count":5,"photos":["a","b","c","d","e"],"page":2,"source":"embedded","layout":"list","index":2}"#
                + "\n")
        await app.run("cancel", "back")
        #expect(app.ids == ["a", "b", "c", "d", "e"])
        #expect(app.engine.stackNames == ["collection"])
    }

    @Test func theShortcutAndTheTwoStepsEndTheSame() async {
        let shortcut = App()
        await shortcut.run("count 5", "fetch", "open 3")
        shortcut.output.clear()
        await shortcut.run("move 1")
        let steps = App()
        await steps.run("count 5", "fetch", "open 3")
        steps.output.clear()
        await steps.run("edit", "move 1")
        // The same, but for the sheet's hint: the shortcut has its position already.
        #expect(shortcut.output.text == steps.output.text.replacingOccurrences(of: "Type 'move N' to save it, or 'cancel'.\n", with: ""))
        #expect(steps.output.text.contains("Type 'move N' to save it"))
        #expect(await shortcut.stateJSON() == steps.stateJSON())
    }

    @Test func severalMovesInARow() async {
        let app = App()
        await app.run("count 5", "fetch", "open 1", "move 5", "move 3", "back", "open 5", "move 2", "back")
        #expect(app.ids == ["b", "e", "c", "a", "d"])
    }

    @Test func openAndBackWithoutAMoveKeepsTheOrder() async {
        let app = App()
        await app.run("count 5", "fetch", "open 3", "back")
        #expect(app.ids == ["a", "b", "c", "d", "e"])
        #expect(app.collection.list.index == nil && app.collection.changedIndex == nil)
    }

    @Test func untrustedTextIsSanitizedOnItsWayOut() async {
        let hostile = Photo.fixture("x", description: "evil\u{1B}]52;c;AAAA\u{07} \u{9B}31m caption", name: "Bad\u{1B}[2J Actor")
        let app = App(worker: StubWorker([hostile]))
        await app.run("count 1", "fetch", "open 1")
        #expect(!app.output.captured.contains(0x1B))
        #expect(!app.output.text.unicodeScalars.contains("\u{9B}"))
        #expect(app.output.text.contains("evil^[]52;c;AAAA^G <U+009B>31m caption"))
        #expect(app.output.text.contains("Bad^[[2J Actor (@user_x)"))
    }
}
