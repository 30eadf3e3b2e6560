import PhotoDomain
import REPLEngine
import Testing
@testable import Scenes

/// `rate`, `label`, `keyword` and `undo` in the list (and the grid): they judge the current photo,
/// and its row shows the judgement after.
@MainActor
@Suite struct PhotoCollectionJudgementTests {
    let spy = CollectionPresenterSpy()

    func collection(_ judges: StubJudges?) -> PhotoCollectionInteractor {
        let interactor = PhotoCollectionInteractor(worker: StubWorker(), judges: judges, describer: SidecarlessDescriber())
        interactor.presenter = spy
        interactor.list = PhotoList(["a.jpg", "b.jpg"].map { ListedJudgementTests.photo($0) })
        return interactor
    }

    @Test func theCurrentPhotoIsJudgedAndItsRowShowsIt() async throws {
        let judges = StubJudges()
        let collection = collection(judges)
        _ = try collection.list.turn(toPage: 1).get()
        try await collection.judgeCurrentPhoto(.init(change: .rate(5), sharedToo: true))
        let asked = await judges.asked
        #expect(asked.count == 1 && asked[0].id == "b.jpg" && asked[0].change == .rate(5) && asked[0].sharedToo)
        #expect(collection.list.photos.map { $0.facts?.metadata.rating } == [nil, 5])
        #expect(try spy.judged.first?.result?.get().photo.id == "b.jpg")
        // Taken back: the row is read again, without its rating.
        try await collection.undoJudgement()
        #expect(collection.list.photos.map { $0.facts?.metadata.rating } == [nil, nil])
        #expect(try spy.undone.first?.result.get()?.command == "rate 5")
    }

    @Test func aRefusalLeavesTheRowAsItWas() async throws {
        let judges = StubJudges()
        await judges.failNext(PhotosWorkerError("a.jpg.xmp is a symbolic link"))
        let collection = collection(judges)
        try await collection.judgeCurrentPhoto(.init(change: .label(.red), sharedToo: false))
        #expect(collection.list.photos[0].facts?.metadata.label == nil)
        guard case .failure(let failure)? = spy.judged.first?.result else {
            Issue.record("not a failure")
            return
        }
        #expect(failure.message == "a.jpg.xmp is a symbolic link")
    }

    @Test func withNoPhotoListedOrNoFolderNothingIsJudged() async throws {
        let empty = PhotoCollectionInteractor(worker: StubWorker(), judges: StubJudges())
        empty.presenter = spy
        try await empty.judgeCurrentPhoto(.init(change: .reject, sharedToo: false))
        #expect(spy.failures == [.nothingToJudge(command: "reject")])
        // The catalog's photos, no folder's: refused, nothing asked.
        let catalog = PhotoCollectionInteractor(worker: StubWorker())
        catalog.presenter = spy
        catalog.list = PhotoList([Photo.fixture("a")])
        try await catalog.judgeCurrentPhoto(.init(change: .rate(3), sharedToo: false))
        guard case .failure(let failure)? = spy.judged.last?.result else {
            Issue.record("not a failure")
            return
        }
        #expect(failure.message.contains("only a folder's photos are judged"))
        try await catalog.undoJudgement()
        #expect(try spy.undone.last?.result.get() == nil)
    }

    /// The names a session without judging leaves out are the commands' own.
    @Test func theNamesLeftOutAreTheCommands() {
        let commands: [Command<PhotoCollectionView>] = JudgementCommands.commands(judging: "the photo")
        #expect(Set(commands.map(\.name)) == JudgementCommands.names)
    }
}
