import REPLEngine

@MainActor
public protocol PhotoCollectionRoutingLogic: AnyObject {
    func routeToDetail()
    func routeToSearch()
}

@MainActor
public protocol PhotoCollectionDataPassing: AnyObject {
    var dataStore: PhotoCollectionDataStore? { get }
}

public final class PhotoCollectionRouter: PhotoCollectionRoutingLogic, PhotoCollectionDataPassing {
    public var dataStore: PhotoCollectionDataStore?
    /// Not owned: the engine's navigation stack outlives its scenes.
    private weak var navigator: (any Navigator)?

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    public func routeToDetail() {
        guard let destination = navigator?.instantiate(PhotoDetailView.self) else { return }
        destination.router?.delegate = self
        guard let dataStore, var destinationDataStore = destination.router?.dataStore else { return }
        passDataToDetail(source: dataStore, destination: &destinationDataStore)
        navigator?.push(destination)
    }

    /// The search results scene, for the query `search` was given.
    public func routeToSearch() {
        guard let destination = navigator?.instantiate(PhotoSearchView.self) else { return }
        guard let dataStore, var destinationDataStore = destination.router?.dataStore else { return }
        passDataToSearch(source: dataStore, destination: &destinationDataStore)
        navigator?.push(destination)
    }

    public func passDataToSearch(source: PhotoCollectionDataStore, destination: inout PhotoSearchDataStore) {
        destination.query = source.query
    }

    /// Hands the detail scene the opened photo, its position and how many photos there are: not the
    /// list itself, which stays the collection's alone (a move then changes it in place).
    public func passDataToDetail(source: PhotoCollectionDataStore, destination: inout PhotoDetailDataStore) {
        destination.photo = source.index.flatMap { source.photos.indices.contains($0) ? source.photos[$0] : nil }
        destination.photoCount = source.photos.count
        destination.index = source.index
        destination.origin = PhotoDetail.Origin(listName: "the collection", positionKey: "index", canMove: true)
    }
}

/// The back-channel from the detail scene: where the opened photo should go.
extension PhotoCollectionRouter: PhotoDetailRouterDelegate {
    public func dismissWithChange(index: Int) {
        dataStore?.changedIndex = index
    }
}
