import REPLEngine

/// Where the View of a scene that lists photos sends the photo opened.
@MainActor
protocol PhotoListRoutingLogic: AnyObject {
    func routeToDetail()
}

/// The router of a scene that lists photos: with this protocol's extension it opens a photo in a
/// detail scene, as CleanStore's `routeToShowOrder` does: the detail is made, its DataStore given what
/// it needs (`passDataToDetail`), and it is pushed.
@MainActor
protocol PhotoListRouting: PhotoListRoutingLogic {
    /// Not owned: the engine's navigation stack outlives its scenes.
    var navigator: (any Navigator)? { get }
    /// The scene's store, in its part of a list's.
    var listDataStore: PhotoListDataStore? { get }
    /// The list as the detail is told of it: its name, the key of a position in it, whether a move
    /// applies.
    var detailOrigin: PhotoDetail.Origin { get }
}

extension PhotoListRouting {
    func routeToDetail() {
        guard let destination = navigator?.instantiate(PhotoDetailView.self) else { return }
        destination.router?.delegate = self as? PhotoDetailRouterDelegate
        guard let listDataStore, var destinationDataStore = destination.router?.dataStore else { return }
        passDataToDetail(source: listDataStore, destination: &destinationDataStore)
        navigator?.push(destination)
    }

    /// Hands the detail scene the opened photo, its position, the photos of the list (a copy: `next`
    /// and `prev` step through them there) and what the list is called.
    func passDataToDetail(source: PhotoListDataStore, destination: inout PhotoDetailDataStore) {
        let list = source.list
        destination.photo = list.index.flatMap { list.photos.indices.contains($0) ? list.photos[$0] : nil }
        destination.index = list.index
        destination.photos = list.photos
        destination.loadMore = { [weak source] in await source?.loadMoreForDetail() }
        destination.origin = detailOrigin
    }

    /// The back-channel from the detail (the scene's router is its delegate): where the photo shown
    /// last is, and the moves saved there, written into the scene's store for when it appears again.
    func dismissWithChange(index: Int, moves: [PhotoDetail.Moved]) {
        listDataStore?.changedIndex = index
        listDataStore?.movesMade = moves
    }
}
