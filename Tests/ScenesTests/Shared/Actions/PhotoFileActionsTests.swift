import PhotoDomain
import REPLEngine
import Testing
@testable import Scenes

/// Answers every question as told, keeping what was asked.
@MainActor
final class StubQuestions: SceneQuestions {
    let answers: Bool
    private(set) var asked: [(question: String, line: String)] = []
    init(answers: Bool) { self.answers = answers }
    func confirm(_ question: String, thenRun line: String) -> Bool {
        if answers { asked.append((question, line)) }
        return answers
    }
}

/// `copy DIR` as the scenes say it: asked first (the line a yes runs holds `--yes` and every
/// option given), a script told to add `--yes`, `--dry-run` and a refusal copying nothing.
@MainActor
@Suite struct PhotoFileActionsTests {
    let acting = StubActing(marked: ["m.jpg"])
    let shown = [Photo.fixture("a.jpg"), Photo.fixture("b.jpg")]

    func respond(_ request: PhotoFileActions.Request, questions: StubQuestions? = nil) async -> PhotoFileActions.Response {
        await PhotoFileActions.response(to: request, shown: shown, acting: acting, questions: questions)
    }

    @Test func aPersonIsAskedAndTheLineAYesRunsHoldsEveryOption() async {
        let questions = StubQuestions(answers: true)
        var request = PhotoFileActions.Request(folder: "my share")
        request.marked = true
        request.suffixing = true
        guard case .asked = await respond(request, questions: questions) else {
            Issue.record("not asked")
            return
        }
        #expect(questions.asked.map(\.question) == ["Copy 1 photo (1 KB) to my share?"])
        #expect(questions.asked.map(\.line) == ["copy 'my share' --yes --marked --suffix"])
        #expect(await acting.copies.isEmpty, "nothing copied before the answer")
    }

    @Test func whereNoOneIsAskedTheMessageSaysToAddYes() async {
        let response = await respond(.init(folder: "share"), questions: StubQuestions(answers: false))
        #expect(
            PhotoFileActions.viewModel(response).failure
                == "Copy 2 photos (2 KB) to share only with --yes here, where no one is asked (type 'copy share --yes'; --dry-run shows what it copies)"
        )
        #expect(await acting.copies.isEmpty)
    }

    @Test func yesCopiesAndDryRunOnlySays() async {
        var dry = PhotoFileActions.Request(folder: "share")
        dry.dryRun = true
        dry.yes = true
        #expect(
            PhotoFileActions.viewModel(await respond(dry)).lines == [
                "Would copy 2 photos (2 KB) to share:", "  a.jpg → share/a.jpg", "  b.jpg → share/b.jpg", "Nothing was copied (--dry-run)."
            ])
        #expect(await acting.copies.isEmpty)
        var yes = PhotoFileActions.Request(folder: "share")
        yes.yes = true
        #expect(PhotoFileActions.viewModel(await respond(yes)).lines == ["Copied 2 photos (2 KB) to share ('undo' removes the copies)."])
        #expect(await acting.copies == ["copy share --yes"])
    }

    @Test func nothingShownOrMarkedCopiesNothing() async {
        let none = await PhotoFileActions.response(
            to: .init(folder: "x", yes: true), shown: [], acting: acting, questions: nil)
        #expect(
            PhotoFileActions.viewModel(none).failure == "no photo is shown, so there is nothing to copy (type 'fetch' to list the photos)")
        let unmarked = StubActing(marked: [])
        let noMarks = await PhotoFileActions.response(
            to: .init(folder: "x", yes: true, marked: true), shown: shown, acting: unmarked, questions: nil)
        #expect(PhotoFileActions.viewModel(noMarks).failure?.hasPrefix("no photo is marked, so there is nothing to copy") == true)
    }

    @Test func aStoppedCopySaysWhatStays() {
        let file = FilePlan.File(
            photoID: "a", source: "s/a", shownSource: "a", target: "d/a", shownTarget: "d/a", byteCount: 1, isSidecar: false)
        let plan = FilePlan(folder: "d", makesFolder: false, files: [file, file])
        #expect(
            PhotoFileActions.viewModel(.done(plan, FileOutcome(files: [file], stopped: "interrupted"))).failure
                == "copy stopped after 1 of 2 files (interrupted): the 1 copied stay ('undo' removes them)")
        #expect(
            PhotoFileActions.viewModel(.done(plan, FileOutcome(files: [], stopped: "interrupted"))).failure
                == "copy stopped after 0 of 2 files (interrupted): nothing was copied")
    }

    /// Copies that would not fit where they go are refused before anything is written; a dry run
    /// says it would be.
    @Test func aCopyTooBigForItsDiskIsRefusedFirst() {
        let file = FilePlan.File(
            photoID: "a", source: "s/a", shownSource: "a", target: "d/a", shownTarget: "d/a", byteCount: 5 << 20, isSidecar: false)
        var plan = FilePlan(folder: "d", makesFolder: false, files: [file])
        plan.freeBytes = 6 << 20
        #expect(!plan.outgrowsDisk)
        plan.freeBytes = 4 << 20
        #expect(plan.outgrowsDisk)
        #expect(
            PhotoFileActions.viewModel(.outgrowsDisk(plan)).failure
                == "copy refused: 5.2 MB to copy, and the disk of d has 4.2 MB free: nothing copied (free some space, or copy fewer photos)"
        )
        #expect(
            PhotoFileActions.viewModel(.planned(plan)).lines.suffix(2) == [
                "It would be refused: 5.2 MB to copy, and the disk of d has 4.2 MB free.", "Nothing was copied (--dry-run)."
            ])
    }

    @Test func theCommandReadsItsOptionsAndRefusesOthers() throws {
        #expect(
            try ActionCommands.fileRequest(.copy, ["~/share", "--yes", "--suffix"]) == .init(folder: "~/share", yes: true, suffixing: true))
        #expect(throws: CommandError.self) { try ActionCommands.fileRequest(.copy, ["--yes"]) }
        #expect(throws: CommandError.self) { try ActionCommands.fileRequest(.copy, ["a", "b"]) }
        #expect(throws: CommandError.self) { try ActionCommands.fileRequest(.copy, ["share", "--force"]) }
    }

    /// `move` asks, says and is recorded in its own words; a whole number is no folder (`./4` is).
    @Test func aMoveSpeaksOfMovingAndTakesNoNumberForAFolder() async throws {
        let questions = StubQuestions(answers: true)
        guard case .asked = await respond(.init(action: .move, folder: "rejects"), questions: questions) else {
            Issue.record("not asked")
            return
        }
        #expect(questions.asked.map(\.question) == ["Move 2 photos (2 KB) to rejects?"])
        #expect(questions.asked.map(\.line) == ["move rejects --yes"])
        #expect(await acting.moves.isEmpty, "nothing moved before the answer")
        let done = await respond(.init(action: .move, folder: "rejects", yes: true))
        #expect(PhotoFileActions.viewModel(done).lines == ["Moved 2 photos (2 KB) to rejects ('undo' moves them back)."])
        let (moves, copies) = (await acting.moves, await acting.copies)
        #expect(moves == ["move rejects --yes"] && copies.isEmpty)
        #expect(
            PhotoFileActions.viewModel(.refused(.move, PhotosWorkerError("a.jpg is in rejects already: nothing moved"))).failure
                == "move refused: a.jpg is in rejects already: nothing moved")

        #expect(try ActionCommands.fileRequest(.move, ["./4", "--yes"]) == .init(action: .move, folder: "./4", yes: true))
        do {
            _ = try ActionCommands.fileRequest(.move, ["4"])
            Issue.record("move 4 taken for a folder")
        } catch let error as CommandError {
            #expect(error.message.contains("type 'move ./4'"))
        }
    }
}
