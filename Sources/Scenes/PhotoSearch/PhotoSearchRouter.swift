import REPLEngine

@MainActor
protocol PhotoSearchDataPassing: AnyObject {
    var dataStore: PhotoSearchDataStore? { get }
}

@MainActor
protocol PhotoSearchRoutingLogic: PhotoListRoutingLogic {
    /// Back to the scene the search was typed in (a first search that found nothing).
    func routeBack()
}

/// The results scene's router: the collection's router writes the query into its DataStore; a
/// result it opens in a detail scene that knows it came from the search results, where moving does
/// not apply.
final class PhotoSearchRouter: PhotoSearchDataPassing, PhotoSearchRoutingLogic, PhotoListRouting, PhotoDetailRouterDelegate {
    var dataStore: PhotoSearchDataStore?
    /// Not owned: the engine's navigation stack outlives its scenes.
    private(set) weak var navigator: (any Navigator)?
    var listDataStore: PhotoListDataStore? { dataStore }
    let detailOrigin = PhotoDetail.Origin(listName: "the search results", positionKey: "resultIndex", canMove: false)

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    func routeBack() {
        navigator?.pop()
    }
}
