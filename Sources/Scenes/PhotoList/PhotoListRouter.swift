import REPLEngine

@MainActor
public protocol PhotoListRoutingLogic: AnyObject {
    func routeToDetail()
}

public final class PhotoListRouter: PhotoListRoutingLogic {
    public var dataStore: PhotoListDataStore?
    /// Where the detail hands the opened photo's position back: the collection's router, which moves
    /// it; nil for a list a move does not apply to.
    public weak var delegate: PhotoDetailRouterDelegate?
    /// Not owned: the engine's navigation stack outlives its scenes.
    private weak var navigator: (any Navigator)?
    /// The list as the detail is told of it.
    private let origin: PhotoDetail.Origin

    init(navigator: any Navigator, origin: PhotoDetail.Origin) {
        self.navigator = navigator
        self.origin = origin
    }

    public func routeToDetail() {
        guard let destination = navigator?.instantiate(PhotoDetailView.self) else { return }
        destination.router?.delegate = delegate
        guard let dataStore, var destinationDataStore = destination.router?.dataStore else { return }
        passDataToDetail(source: dataStore, destination: &destinationDataStore)
        navigator?.push(destination)
    }

    /// Hands the detail scene the opened photo, its position, how many photos there are and the list
    /// they are in: not the list itself, which stays the scene's alone (a move changes it in place).
    public func passDataToDetail(source: PhotoListDataStore, destination: inout PhotoDetailDataStore) {
        destination.photo = source.index.flatMap { source.photos.indices.contains($0) ? source.photos[$0] : nil }
        destination.photoCount = source.photos.count
        destination.index = source.index
        destination.origin = origin
    }
}
