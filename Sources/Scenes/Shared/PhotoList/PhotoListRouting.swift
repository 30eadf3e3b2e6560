import REPLEngine

/// Where the View of a scene that lists photos sends the photo opened.
@MainActor
public protocol PhotoListRoutingLogic: AnyObject {
    func routeToDetail()
}

/// The router of a scene that lists photos: with this protocol's extension it opens a photo in a
/// detail scene, as CleanStore's `routeToShowOrder` does: the detail is made, its DataStore given what
/// it needs (`passDataToDetail`), and it is pushed.
@MainActor
public protocol PhotoListRouting: PhotoListRoutingLogic {
    /// Not owned: the engine's navigation stack outlives its scenes.
    var navigator: (any Navigator)? { get }
    /// The scene's store, in its part of a list's.
    var listDataStore: PhotoListDataStore? { get }
    /// The list as the detail is told of it: its name, the key of a position in it, whether a move
    /// applies.
    var detailOrigin: PhotoDetail.Origin { get }
    /// Where the detail hands the opened photo's position back (the collection's router, which
    /// moves it); nil for a list a move does not apply to.
    var detailDelegate: PhotoDetailRouterDelegate? { get }
}

extension PhotoListRouting {
    public func routeToDetail() {
        guard let destination = navigator?.instantiate(PhotoDetailView.self) else { return }
        destination.router?.delegate = detailDelegate
        guard let listDataStore, var destinationDataStore = destination.router?.dataStore else { return }
        passDataToDetail(source: listDataStore, destination: &destinationDataStore)
        navigator?.push(destination)
    }

    /// Hands the detail scene the opened photo, its position, how many photos there are and the list
    /// they are in: not the list itself, which stays the scene's alone (a move changes it in place).
    public func passDataToDetail(source: PhotoListDataStore, destination: inout PhotoDetailDataStore) {
        let list = source.list
        destination.photo = list.index.flatMap { list.photos.indices.contains($0) ? list.photos[$0] : nil }
        destination.photoCount = list.photos.count
        destination.index = list.index
        destination.origin = detailOrigin
    }
}
