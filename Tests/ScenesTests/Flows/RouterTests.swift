import PhotoDomain
import REPLEngine
import Testing
@testable import Scenes

@MainActor
final class DetailDelegateSpy: PhotoDetailRouterDelegate {
    var indices: [Int] = []
    var moves: [[PhotoDetail.Moved]] = []
    func dismissWithChange(index: Int, moves: [PhotoDetail.Moved], judged: [Photo]) {
        indices.append(index)
        self.moves.append(moves)
    }
}

@MainActor
final class IndexEditDelegateSpy: IndexEditRouterDelegate {
    var indices: [Int] = []
    func dismissWithSuccess(changedIndex: Int) { indices.append(changedIndex) }
}

@MainActor
@Suite struct RouterTests {
    @Test func passDataToDetailHandsOverThePhotoItsPositionAndTheCount() {
        let source = ListStore(Photo.abcde)
        #expect(source.list.open(2) == nil)
        var destination: PhotoDetailDataStore = PhotoDetailInteractor()
        let origin = PhotoDetail.Origin(listName: "the collection", positionKey: "index", canMove: true)
        let router = PhotoCollectionRouter(navigator: NoNavigator.shared)
        router.passDataToDetail(source: source, destination: &destination)
        #expect(destination.photo == .fixture("c") && destination.photoCount == 5)
        #expect(destination.index == 2)
        // The detail is told what list it shows: here the collection's, where a move applies.
        #expect(destination.origin == origin)
        // None opened: none handed over.
        source.list = PhotoList(Photo.abcde)
        router.passDataToDetail(source: source, destination: &destination)
        #expect(destination.photo == nil && destination.index == nil)
    }

    @Test func theCollectionTellsTheDetailItsListCanMove() async {
        let app = App()
        await app.run("count 5", "fetch", "open 3")
        #expect(
            app.scene(PhotoDetailView.self)?.router?.dataStore?.origin
                == PhotoDetail.Origin(listName: "the collection", positionKey: "index", canMove: true))
    }

    @Test func routeToDetailPushesTheDetailWithTheDataAndItselfAsDelegate() async {
        let app = App()
        await app.run("count 5", "fetch", "open 3")
        #expect(app.engine.stackNames == ["collection", "detail"])
        let detail = app.scene(PhotoDetailView.self)!
        #expect(detail.router?.dataStore?.photo == .fixture("c") && detail.router?.dataStore?.photoCount == 5)
        #expect(detail.router?.dataStore?.index == 2)
        let collectionRouter = (app.engine.scenes[0] as! PhotoCollectionView).router as! PhotoCollectionRouter
        #expect(detail.router?.delegate === collectionRouter)
    }

    @Test func theDetailDelegateWritesTheCollectionsChangedIndex() async {
        let app = App()
        await app.run("count 5", "fetch", "open 2")
        let collectionRouter = (app.engine.scenes[0] as! PhotoCollectionView).router as! PhotoCollectionRouter
        collectionRouter.dismissWithChange(index: 4, moves: [PhotoDetail.Moved(from: 1, to: 4)], judged: [])
        #expect(app.collection.changedIndex == 4)
        #expect(app.collection.movesMade == [PhotoDetail.Moved(from: 1, to: 4)])
        #expect(app.collection.list.index == 1)
    }

    @Test func routeBackHandsTheIndexBackAndPops() async throws {
        let app = App()
        await app.run("count 5", "fetch", "open 4")
        let detail = app.scene(PhotoDetailView.self)!
        let spy = DetailDelegateSpy()
        detail.router?.delegate = spy
        try detail.router?.routeBack()
        #expect(spy.indices == [3])
        #expect(app.engine.stackNames == ["collection"])
        #expect(app.ids == ["a", "b", "c", "d", "e"])
    }

    @Test func routeToIndexEditPassesEveryPositionAndTheCurrentOne() async {
        let app = App()
        await app.run("count 5", "fetch", "open 4", "edit")
        #expect(app.engine.stackNames == ["collection", "detail", "index-edit"])
        let sheet = app.scene(IndexEditView.self)!
        #expect(sheet.router?.dataStore?.positions == [0, 1, 2, 3, 4])
        #expect(sheet.router?.dataStore?.currentIndex == 3)
        #expect(sheet.router?.delegate === (app.scene(PhotoDetailView.self)!.router as! PhotoDetailRouter))
    }

    @Test func theSheetDelegateWritesTheDetailIndex() async {
        let app = App()
        await app.run("count 5", "fetch", "open 4")
        let detailRouter = app.scene(PhotoDetailView.self)!.router as! PhotoDetailRouter
        detailRouter.dismissWithSuccess(changedIndex: 0)
        #expect(detailRouter.dataStore?.index == 0)
    }

    @Test func theSheetHandsBackOnlyASavedPosition() async throws {
        let app = App()
        await app.run("count 5", "fetch", "open 2", "edit")
        let sheet = app.scene(IndexEditView.self)!
        let spy = IndexEditDelegateSpy()
        sheet.router?.delegate = spy
        try sheet.router?.routeToDetail(with: nil)
        #expect(spy.indices.isEmpty)
        #expect(app.engine.stackNames == ["collection", "detail"])
        await app.run("edit")
        let second = app.scene(IndexEditView.self)!
        second.router?.delegate = spy
        try second.router?.routeToDetail(with: 4)
        #expect(spy.indices == [4])
    }

    /// A router does not own its delegate (the scene below it does): no cycle keeps either alive. It
    /// holds it `weak`, as Clean Swift does: once the scene below is gone, there is no delegate.
    @Test func delegatesAreNotOwned() throws {
        let app = App()
        let detail = try app.engine.navigator.instantiate(PhotoDetailView.self)
        let sheet = try app.engine.navigator.instantiate(IndexEditView.self)
        weak var gone: DetailDelegateSpy?
        weak var goneToo: IndexEditDelegateSpy?
        do {
            let spy = DetailDelegateSpy(), sheetSpy = IndexEditDelegateSpy()
            detail.router?.delegate = spy
            sheet.router?.delegate = sheetSpy
            gone = spy
            goneToo = sheetSpy
            #expect(detail.router?.delegate === spy)
            #expect(sheet.router?.delegate === sheetSpy)
        }
        #expect(gone == nil && goneToo == nil)
        #expect(detail.router?.delegate == nil && sheet.router?.delegate == nil)
    }

    @Test func anIndexThatPointsAtNoPhotoRoutesStraightBack() async throws {
        let app = App()
        let detail = try app.engine.navigator.instantiate(PhotoDetailView.self)
        detail.router?.dataStore?.photos = Photo.abcde
        detail.router?.dataStore?.index = 7
        try app.engine.navigator.push(detail)
        // Pushed outside a command: the scene's loading is left to run.
        await app.engine.finishPendingEffects()
        #expect(app.engine.stackNames == ["collection"])
        app.engine.console.flush()
        #expect(app.output.text.hasSuffix("There is no photo 8 among 5: back to the collection.\n"))
    }
}

/// The collection's DataStore as its router reads it: a list, and nothing fetched from a source.
@MainActor
final class ListStore: PhotoCollectionDataStore {
    var list: PhotoList
    var count = 0
    var changedIndex: Int?
    var movesMade: [PhotoDetail.Moved]?
    var judgedPhotos: [Photo] = []
    var photoMovedAway = false
    let rateLimit: RateLimit? = nil
    let feedName: String? = nil
    let query: PhotoQuery? = nil
    let order: PhotoOrder? = nil
    let filters: [PhotoFilter] = []

    init(_ photos: [Photo]) {
        list = PhotoList(photos)
    }

    /// A list that came whole has nothing more to load.
    func loadMoreForDetail() async -> [Photo]? { nil }
}
