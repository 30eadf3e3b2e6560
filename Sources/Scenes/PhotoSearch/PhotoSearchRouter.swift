import REPLEngine

@MainActor
public protocol PhotoSearchRoutingLogic: AnyObject {
    func routeToDetail()
}

@MainActor
public protocol PhotoSearchDataPassing: AnyObject {
    var dataStore: PhotoSearchDataStore? { get }
}

public final class PhotoSearchRouter: PhotoSearchRoutingLogic, PhotoSearchDataPassing {
    public var dataStore: PhotoSearchDataStore?
    /// Not owned: the engine's navigation stack outlives its scenes.
    private weak var navigator: (any Navigator)?

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    /// A detail scene for one of the results. No delegate: results are not the collection, so a
    /// move has nothing to change.
    public func routeToDetail() {
        guard let destination = navigator?.instantiate(PhotoDetailView.self) else { return }
        guard let dataStore, var destinationDataStore = destination.router?.dataStore else { return }
        passDataToDetail(source: dataStore, destination: &destinationDataStore)
        navigator?.push(destination)
    }

    /// Hands the detail scene the opened result, its position and how many results are loaded; it
    /// cannot move them.
    public func passDataToDetail(source: PhotoSearchDataStore, destination: inout PhotoDetailDataStore) {
        destination.photo = source.index.flatMap { source.photos.indices.contains($0) ? source.photos[$0] : nil }
        destination.photoCount = source.photos.count
        destination.index = source.index
        destination.origin = PhotoDetail.Origin(listName: "the search results", positionKey: "resultIndex", canMove: false)
    }
}
