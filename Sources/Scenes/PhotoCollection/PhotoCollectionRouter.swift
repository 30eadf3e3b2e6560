import REPLEngine

@MainActor
public protocol PhotoCollectionRoutingLogic: AnyObject {
    func routeToDetail()
}

@MainActor
public protocol PhotoCollectionDataPassing: AnyObject {
    var dataStore: PhotoCollectionDataStore? { get }
}

public final class PhotoCollectionRouter: PhotoCollectionRoutingLogic, PhotoCollectionDataPassing {
    public var dataStore: PhotoCollectionDataStore?
    private unowned let navigator: any Navigator

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    public func routeToDetail() {
        let destination = navigator.instantiate(PhotoDetailView.self)
        destination.router?.delegate = self
        guard let dataStore, var destinationDataStore = destination.router?.dataStore else { return }
        passDataToDetail(source: dataStore, destination: &destinationDataStore)
        navigator.push(destination)
    }

    /// Hands the detail scene the photos and the opened position.
    public func passDataToDetail(source: PhotoCollectionDataStore, destination: inout PhotoDetailDataStore) {
        destination.photos = source.photos
        destination.index = source.index
    }
}

/// The back-channel from the detail scene: where the opened photo should go.
extension PhotoCollectionRouter: PhotoDetailRouterDelegate {
    public func dismissWithChange(index: Int) {
        dataStore?.changedIndex = index
    }
}
