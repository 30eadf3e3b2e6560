import PhotoDomain
import Testing
@testable import Scenes

@MainActor
final class CollectionPresenterSpy: PhotoCollectionPresentationLogic {
    var marked: [PhotoCollection.Mark.Response] = []
    func presentMarked(_ response: PhotoCollection.Mark.Response) { marked.append(response) }
    var judged: [PhotoCollection.Judge.Response] = []
    func presentJudged(_ response: PhotoCollection.Judge.Response) { judged.append(response) }
    var paths: [PhotoPaths.Response] = []
    func presentPaths(_ response: PhotoPaths.Response) { paths.append(response) }
    var copies: [PhotoFileActions.Response] = []
    func presentFileAction(_ response: PhotoFileActions.Response) { copies.append(response) }
    var undone: [PhotoCollection.Undo.Response] = []
    func presentUndone(_ response: PhotoCollection.Undo.Response) { undone.append(response) }
    var counts: [PhotoCollection.Count.Response] = []
    var photos: [PhotoCollection.Photos.Response] = []
    var nothingToFetch = 0
    var failures: [PhotoCollection.Failure.Response.Problem] = []
    var searches = 0
    // The list's
    var pages: [PhotoList.Page.Response] = []
    var selections = 0
    var listFailures: [PhotoList.Failure.Problem] = []
    var more: [PhotoList.More.Response] = []
    var sheets: [ContactSheet.Response] = []

    func presentCount(_ response: PhotoCollection.Count.Response) { counts.append(response) }
    func presentPhotos(_ response: PhotoCollection.Photos.Response) { photos.append(response) }
    func presentNothingToFetch() { nothingToFetch += 1 }
    func presentFailure(_ response: PhotoCollection.Failure.Response) { failures.append(response.problem) }
    func presentSearch() { searches += 1 }
    func presentPage(_ response: PhotoList.Page.Response) { pages.append(response) }
    func presentSelection() { selections += 1 }
    func presentListFailure(_ response: PhotoList.Failure.Response) { listFailures.append(response.problem) }
    func presentMore(_ response: PhotoList.More.Response) { more.append(response) }
    func presentSheet(_ response: ContactSheet.Response) { sheets.append(response) }
    var filters: [PhotoCollection.Filter.Response] = []
    func presentFilters(_ response: PhotoCollection.Filter.Response) { filters.append(response) }
}

/// A collection's interactor, presenting to `spy` (its own responses and its list's), its effects in
/// `effects`.
@MainActor
func makeCollection(
    _ worker: PhotosWorker = StubWorker(), pictures: PhotoPicturesWorker? = nil, spy: CollectionPresenterSpy,
    effects: CollectingEffects
) -> PhotoCollectionInteractor {
    let interactor = PhotoCollectionInteractor(worker: worker, pictures: pictures)
    interactor.presenter = spy
    interactor.effects = effects
    return interactor
}

@MainActor
@Suite struct PhotoCollectionInteractorTests {
    let spy = CollectionPresenterSpy()
    let effects = CollectingEffects()

    func makeInteractor(_ worker: PhotosWorker = StubWorker()) -> PhotoCollectionInteractor {
        makeCollection(worker, spy: spy, effects: effects)
    }

    /// An interactor that has fetched [a,b,c,d,e].
    func fetched() async throws -> PhotoCollectionInteractor {
        let interactor = makeInteractor()
        try interactor.changeCount(.init(change: .set(5)))
        try await interactor.fetchPhotos(.init())
        spy.photos = []
        return interactor
    }

    @Test func startShowsTheCount() {
        makeInteractor().start()
        #expect(spy.counts == [.init(count: 0, limit: nil)])
    }

    @Test func steppingUpStopsAt30() throws {
        let interactor = makeInteractor()
        for _ in 0..<31 { try interactor.changeCount(.init(change: .increment)) }
        #expect(interactor.count == 30)
        #expect(spy.counts.count == 31)
        #expect(spy.counts[28] == .init(count: 29, limit: nil))
        #expect(spy.counts[29] == .init(count: 30, limit: nil))
        #expect(spy.counts[30] == .init(count: 30, limit: .maximum))
    }

    @Test func steppingDownAtZeroStaysAtZero() throws {
        let interactor = makeInteractor()
        try interactor.changeCount(.init(change: .decrement))
        #expect(interactor.count == 0)
        #expect(spy.counts == [.init(count: 0, limit: .minimum)])
        try interactor.changeCount(.init(change: .set(2)))
        try interactor.changeCount(.init(change: .decrement))
        #expect(interactor.count == 1)
    }

    @Test(arguments: [31, -1, 1000, Int.min])
    func settingOutsideTheRangeChangesNothing(value: Int) throws {
        let interactor = makeInteractor()
        try interactor.changeCount(.init(change: .set(3)))
        try interactor.changeCount(.init(change: .set(value)))
        #expect(interactor.count == 3)
        #expect(spy.failures == [.countOutOfRange("\(value)")])
    }

    @Test func fetchAtZeroHasNothingToDo() async throws {
        let worker = StubWorker()
        try await makeInteractor(worker).fetchPhotos(.init())
        #expect(spy.nothingToFetch == 1)
        #expect(await worker.calls.isEmpty)
    }

    @Test func fetchReplacesTheListAndResetsPageAndSelection() async throws {
        let worker = StubWorker()
        let interactor = makeInteractor(worker)
        try interactor.changeCount(.init(change: .set(3)))
        try await interactor.fetchPhotos(.init())
        try interactor.changeCount(.init(change: .set(5)))
        try interactor.selectPhoto(.init(row: 4 - 2))
        try await interactor.fetchPhotos(.init())
        #expect(await worker.calls == [3, 5])
        // The command awaits the fetch itself: nothing is left for the engine to run after it.
        #expect(effects.pending == 0)
        #expect(interactor.list.photos.map(\.id) == ["a", "b", "c", "d", "e"])
        #expect(interactor.list.page == 0 && interactor.list.index == nil && interactor.changedIndex == nil)
        #expect(spy.photos.last == .init(event: .fetched, rows: .init(photos: Photo.abcde, page: 0, hasMore: false)))
    }

    @Test func aFailedFetchKeepsThePhotosAndSaysWhy() async throws {
        let interactor = makeInteractor(FailingWorker())
        interactor.list = PhotoList(Photo.abcde)
        try interactor.changeCount(.init(change: .set(2)))
        try await interactor.fetchPhotos(.init())
        #expect(interactor.list.photos == Photo.abcde)
        #expect(spy.failures == [.fetchFailed("the source is unreachable", photosKept: 5)])
    }

    @Test func aCancelledSlowFetchChangesNothingAndSaysSo() async throws {
        for worker: PhotosWorker in [SlowWorker(), IgnoresCancellationWorker()] {
            let spy = CollectionPresenterSpy(), effects = CollectingEffects()
            let interactor = makeCollection(worker, spy: spy, effects: effects)
            interactor.list = PhotoList([.fixture("old")])
            try interactor.changeCount(.init(change: .set(4)))
            let task = Task { try await interactor.fetchPhotos(.init()) }
            try await Task.sleep(for: .milliseconds(20))
            task.cancel()
            try await task.value
            #expect(interactor.list.photos.map(\.id) == ["old"])
            #expect(spy.photos.isEmpty && spy.failures == [.fetchInterrupted])
        }
    }

    @Test func thePageIsTheOffsetOverTheWidth() async throws {
        let interactor = try await fetched()
        try interactor.changeToPage(.init(width: 80, offset: 160))
        try interactor.changeToPage(.init(width: 80, offset: 239.5))
        #expect(spy.pages.map(\.page) == [2, 2])
        #expect(spy.pages[0] == .init(page: 2, photo: .fixture("c"), pageCount: 5, picture: nil, hasMore: false))
        #expect(interactor.list.page == 2)
    }

    @Test func pagesOutsideTheCollectionAreRefused() async throws {
        let interactor = try await fetched()
        try interactor.changeToPage(.init(width: 80, offset: 400))
        try interactor.changeToPage(.init(width: 80, offset: -80))
        try interactor.changeToPage(.init(width: 0, offset: 0))
        try interactor.changeToPage(.init(width: 80, offset: .infinity))
        #expect(
            spy.listFailures == [
                .pageOutOfRange(requested: "6", pageCount: 5), .pageOutOfRange(requested: "0", pageCount: 5),
                .pageOutOfRange(requested: "0", pageCount: 5), .pageOutOfRange(requested: "0", pageCount: 5)
            ])
        #expect(interactor.list.page == 0 && spy.pages.isEmpty)
        try makeInteractor().changeToPage(.init(width: 80, offset: 0))
        #expect(spy.listFailures.last == .noPhotos(command: "page"))
    }

    /// `page -9223372036854775808` trapped (SIGILL) in `- 1`, `page 9223372036854775807`
    /// in converting its offset back to an Int, and `page -9223372036854775806` was reported as
    /// -9223372036854775807 (a Double holds integers exactly only up to 2^53).
    @Test func pagesAtTheEndsOfIntAreRefusedAsTheyWereAsked() async throws {
        let interactor = try await fetched()
        for typed in [Int.min, Int.min + 2, Int.max, -(1 << 53) - 1] {
            try interactor.changeToPage(.init(page: TypedNumber.row(ofPosition: typed), width: 80))
            #expect(spy.listFailures.last == .pageOutOfRange(requested: "\(typed)", pageCount: 5))
        }
        // An offset beyond any Int (not typed: a layout's) is the last page number an Int holds.
        try interactor.changeToPage(.init(width: 1, offset: 1e300))
        #expect(spy.listFailures.last == .pageOutOfRange(requested: "\(Int.max)", pageCount: 5))
        try interactor.changeToPage(.init(width: 1, offset: -1e300))
        #expect(spy.listFailures.last == .pageOutOfRange(requested: "\(Int.min + 1)", pageCount: 5))
        #expect(interactor.list.page == 0 && spy.pages.isEmpty)
    }

    @Test func positionsAtTheEndsOfIntAreRefusedAsTheyWereAsked() async throws {
        let interactor = try await fetched()
        for typed in [Int.min, Int.max] {
            try interactor.selectPhoto(.init(row: TypedNumber.row(ofPosition: typed)))
            #expect(spy.listFailures.last == .positionOutOfRange(requested: "\(typed)", photoCount: 5))
        }
        #expect(spy.selections == 0)
    }

    @Test func selectingSetsTheIndex() async throws {
        let interactor = try await fetched()
        try interactor.selectPhoto(.init(row: 1))
        #expect(interactor.list.index == 1)
        #expect(spy.selections == 1)
        try interactor.selectPhoto(.init(row: 5))
        try interactor.selectPhoto(.init(row: -1))
        #expect(
            spy.listFailures == [.positionOutOfRange(requested: "6", photoCount: 5), .positionOutOfRange(requested: "0", photoCount: 5)])
        #expect(interactor.list.index == 1)
        try makeInteractor().selectPhoto(.init(row: 0))
        #expect(spy.listFailures.last == .noPhotos(command: "open"))
    }

    /// Remove at `from`, insert at `to`: a move, not a swap.
    @Test(arguments: [
        (0, 4, "bcdea"), (4, 0, "eabcd"), (1, 3, "acdbe"), (2, 2, "abcde"), (1, 2, "acbde"), (2, 1, "acbde"), (3, 4, "abced")
    ])
    func reappearingMovesTheOpenedPhoto(from: Int, to: Int, order: String) async throws {
        let interactor = try await fetched()
        try interactor.selectPhoto(.init(row: from))
        interactor.changedIndex = to
        interactor.applyChangedIndex()
        #expect(interactor.list.photos.map(\.id).joined() == order)
        #expect(interactor.list.index == nil && interactor.changedIndex == nil)
        #expect(interactor.list.page == (from == to ? from : to))
        let event: PhotoCollection.Photos.Response.Event = from == to ? .unchanged(at: from) : .moved(from: from, to: to)
        #expect(spy.photos.last?.event == event)
    }

    @Test func reappearingWithoutASelectionDoesNothing() async throws {
        let interactor = try await fetched()
        interactor.applyChangedIndex()
        #expect(spy.photos.isEmpty)
        #expect(interactor.list.photos == Photo.abcde)
    }
}
