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
@Suite struct PhotoCopyingTests {
    let acting = StubActing(marked: ["m.jpg"])
    let shown = [Photo.fixture("a.jpg"), Photo.fixture("b.jpg")]

    func respond(_ request: PhotoCopying.Request, questions: StubQuestions? = nil) async -> PhotoCopying.Response {
        await PhotoCopying.response(to: request, shown: shown, acting: acting, copying: acting, questions: questions)
    }

    @Test func aPersonIsAskedAndTheLineAYesRunsHoldsEveryOption() async {
        let questions = StubQuestions(answers: true)
        var request = PhotoCopying.Request(folder: "my share")
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
            PhotoCopying.viewModel(response).failure
                == "Copy 2 photos (2 KB) to share only with --yes here, where no one is asked (type 'copy share --yes'; --dry-run shows what it copies)"
        )
        #expect(await acting.copies.isEmpty)
    }

    @Test func yesCopiesAndDryRunOnlySays() async {
        var dry = PhotoCopying.Request(folder: "share")
        dry.dryRun = true
        dry.yes = true
        #expect(
            PhotoCopying.viewModel(await respond(dry)).lines == [
                "Would copy 2 photos (2 KB) to share:", "  a.jpg → share/a.jpg", "  b.jpg → share/b.jpg", "Nothing was copied (--dry-run)."
            ])
        #expect(await acting.copies.isEmpty)
        var yes = PhotoCopying.Request(folder: "share")
        yes.yes = true
        #expect(PhotoCopying.viewModel(await respond(yes)).lines == ["Copied 2 photos (2 KB) to share ('undo' removes the copies)."])
        #expect(await acting.copies == ["copy share --yes"])
    }

    @Test func nothingShownOrMarkedCopiesNothing() async {
        let none = await PhotoCopying.response(
            to: .init(folder: "x", yes: true), shown: [], acting: acting, copying: acting, questions: nil)
        #expect(PhotoCopying.viewModel(none).failure == "no photo is shown, so there is nothing to copy (type 'fetch' to list the photos)")
        let unmarked = StubActing(marked: [])
        let noMarks = await PhotoCopying.response(
            to: .init(folder: "x", yes: true, marked: true), shown: shown, acting: unmarked, copying: unmarked, questions: nil)
        #expect(PhotoCopying.viewModel(noMarks).failure?.hasPrefix("no photo is marked, so there is nothing to copy") == true)
    }

    @Test func aStoppedCopySaysWhatStays() {
        let file = CopyPlan.File(
            photoID: "a", source: "s/a", shownSource: "a", target: "d/a", shownTarget: "d/a", byteCount: 1, isSidecar: false)
        let plan = CopyPlan(folder: "d", makesFolder: false, files: [file, file])
        #expect(
            PhotoCopying.viewModel(.copied(plan, Copied(files: [file], stopped: "interrupted"))).failure
                == "copy stopped after 1 of 2 files (interrupted): the 1 copied stay ('undo' removes them)")
        #expect(
            PhotoCopying.viewModel(.copied(plan, Copied(files: [], stopped: "interrupted"))).failure
                == "copy stopped after 0 of 2 files (interrupted): nothing was copied")
    }

    /// Copies that would not fit where they go are refused before anything is written; a dry run
    /// says it would be.
    @Test func aCopyTooBigForItsDiskIsRefusedFirst() {
        let file = CopyPlan.File(
            photoID: "a", source: "s/a", shownSource: "a", target: "d/a", shownTarget: "d/a", byteCount: 5 << 20, isSidecar: false)
        var plan = CopyPlan(folder: "d", makesFolder: false, files: [file])
        plan.freeBytes = 6 << 20
        #expect(!plan.outgrowsDisk)
        plan.freeBytes = 4 << 20
        #expect(plan.outgrowsDisk)
        #expect(
            PhotoCopying.viewModel(.outgrowsDisk(plan)).failure
                == "copy refused: 5.2 MB to copy, and the disk of d has 4.2 MB free: nothing copied (free some space, or copy fewer photos)"
        )
        #expect(
            PhotoCopying.viewModel(.planned(plan)).lines.suffix(2) == [
                "It would be refused: 5.2 MB to copy, and the disk of d has 4.2 MB free.", "Nothing was copied (--dry-run)."
            ])
    }

    @Test func theCommandReadsItsOptionsAndRefusesOthers() throws {
        #expect(try ActionCommands.copyRequest(["~/share", "--yes", "--suffix"]) == .init(folder: "~/share", yes: true, suffixing: true))
        #expect(throws: CommandError.self) { try ActionCommands.copyRequest(["--yes"]) }
        #expect(throws: CommandError.self) { try ActionCommands.copyRequest(["a", "b"]) }
        #expect(throws: CommandError.self) { try ActionCommands.copyRequest(["share", "--force"]) }
    }
}
