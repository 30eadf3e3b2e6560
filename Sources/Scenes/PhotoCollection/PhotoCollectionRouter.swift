import REPLEngine

@MainActor
protocol PhotoCollectionRoutingLogic: PhotoListRoutingLogic {
    func routeToSearch()
}

@MainActor
protocol PhotoCollectionDataPassing: AnyObject {
    var dataStore: PhotoCollectionDataStore? { get }
}

final class PhotoCollectionRouter: PhotoCollectionRoutingLogic, PhotoCollectionDataPassing, PhotoListRouting, PhotoDetailRouterDelegate {
    var dataStore: PhotoCollectionDataStore?
    /// Not owned: the engine's navigation stack outlives its scenes.
    private(set) weak var navigator: (any Navigator)?
    var listDataStore: PhotoListDataStore? { dataStore }
    /// A photo opened from the collection: a move applies, and the collection makes it (this router
    /// is the detail's delegate) when it appears again.
    let detailOrigin = PhotoDetail.Origin(listName: "the collection", positionKey: "index", canMove: true)

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    /// The search results scene, for the query `search` was given.
    func routeToSearch() {
        guard let destination = navigator?.instantiate(PhotoSearchView.self) else { return }
        guard let dataStore, var destinationDataStore = destination.router?.dataStore else { return }
        passDataToSearch(source: dataStore, destination: &destinationDataStore)
        navigator?.push(destination)
    }

    func passDataToSearch(source: PhotoCollectionDataStore, destination: inout PhotoSearchDataStore) {
        destination.query = source.query
        let list = source.list
        destination.shownID = list.photos.indices.contains(list.page) ? list.photos[list.page].id : nil
    }
}
