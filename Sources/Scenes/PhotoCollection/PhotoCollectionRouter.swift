import REPLEngine

@MainActor
public protocol PhotoCollectionRoutingLogic: AnyObject {
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
}

/// The back-channel from the detail scene (the list's router makes this router its delegate):
/// where the opened photo should go.
extension PhotoCollectionRouter: PhotoDetailRouterDelegate {
    public func dismissWithChange(index: Int) {
        dataStore?.changedIndex = index
    }
}
