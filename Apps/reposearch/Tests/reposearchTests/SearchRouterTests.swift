import Testing
import REPLEngine
import REPLTesting
@testable import reposearch

/// The search's router alone: data passing into the detail's DataStore, and the route through a
/// navigator spy.
@MainActor
struct SearchRouterTests {
    @Test func passDataToSearchDetailHandsOverTheSelectedRepository() {
        let source = SearchDataStoreStub()
        source.selectedRepository = repository("swift", 2)
        var destination: SearchDetailDataStore = SearchDetailInteractor()
        SearchRouter().passDataToSearchDetail(source: source, destination: &destination)
        #expect(destination.repository == repository("swift", 2))
    }

    @Test func nothingSelectedPassesNothing() {
        var destination: SearchDetailDataStore = SearchDetailInteractor()
        destination.repository = repository("old", 1)
        SearchRouter().passDataToSearchDetail(source: SearchDataStoreStub(), destination: &destination)
        #expect(destination.repository == nil)
    }

    @Test func routeToSearchDetailPushesTheDetailWithTheRepositoryInItsDataStore() throws {
        let navigator = NavigatorSpy()
        let source = SearchDataStoreStub()
        source.selectedRepository = repository("swift", 3)
        let router = SearchRouter()
        router.navigator = navigator
        router.dataStore = source
        try router.routeToSearchDetail()
        let pushed = try #require(navigator.pushed.first as? SearchDetailView)
        #expect(navigator.pushed.count == 1)
        #expect(pushed.router?.dataStore?.repository == repository("swift", 3))
    }

    @Test func withoutItsDataStoreTheRouterGoesNowhere() throws {
        let navigator = NavigatorSpy()
        let router = SearchRouter()
        router.navigator = navigator
        try router.routeToSearchDetail()
        #expect(navigator.pushed.isEmpty)
    }
}

/// Makes the detail as its module does, and keeps what was pushed.
@MainActor
final class NavigatorSpy: Navigator {
    /// A console that writes to memory: the one of an engine made for the purpose.
    private let console = SceneTester { _ in }.engine.console
    private(set) var pushed: [any SceneView] = []

    func instantiate<View: SceneView>(_ view: View.Type) throws(CommandError) -> View {
        let detail = SearchDetailView(console: console)
        let interactor = SearchDetailInteractor()
        let router = SearchDetailRouter()
        router.dataStore = interactor
        detail.interactor = interactor
        detail.router = router
        guard let made = detail as? View else { throw CommandError("the search routes to the detail only, not to \(View.self)") }
        return made
    }

    func push(_ scene: any SceneView) { pushed.append(scene) }
    func pop() { Issue.record("pop") }
    func present(_ scene: any SceneView) { Issue.record("present") }
    func dismiss() { Issue.record("dismiss") }
}
