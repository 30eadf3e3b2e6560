import REPLEngine

@MainActor
public protocol PhotoAuthorRoutingLogic: AnyObject {
    func routeToDetail()
}

@MainActor
public protocol PhotoAuthorDataPassing: AnyObject {
    var dataStore: PhotoAuthorDataStore? { get }
}

public final class PhotoAuthorRouter: PhotoAuthorRoutingLogic, PhotoAuthorDataPassing {
    public var dataStore: PhotoAuthorDataStore?
    /// Not owned: the engine's navigation stack outlives its scenes.
    private weak var navigator: (any Navigator)?

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    /// A detail scene for one of the photographer's photos. No delegate: what is moved is the
    /// collection's own list, so nothing comes back from there.
    public func routeToDetail() {
        guard let destination = navigator?.instantiate(PhotoDetailView.self) else { return }
        guard let dataStore, var destinationDataStore = destination.router?.dataStore else { return }
        passDataToDetail(source: dataStore, destination: &destinationDataStore)
        navigator?.push(destination)
    }

    /// Hands the detail scene the opened photo, its position and how many photos the photographer
    /// has here; it cannot move them.
    public func passDataToDetail(source: PhotoAuthorDataStore, destination: inout PhotoDetailDataStore) {
        destination.photo = source.index.flatMap { source.photos.indices.contains($0) ? source.photos[$0] : nil }
        destination.photoCount = source.photos.count
        destination.index = source.index
        destination.origin = PhotoDetail.Origin(listName: "the photographer's photos", positionKey: "authorIndex", canMove: false)
    }
}
