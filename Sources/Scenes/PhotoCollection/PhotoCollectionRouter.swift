import PhotoDomain
import REPLEngine

@MainActor
protocol PhotoCollectionRoutingLogic: AnyObject {
    /// Opens the photo selected in a detail scene.
    func routeToDetail() throws(CommandError)
    /// The search results scene, for the query `search` was given.
    func routeToSearch() throws(CommandError)
}

@MainActor
protocol PhotoCollectionDataPassing: AnyObject {
    var dataStore: PhotoCollectionDataStore? { get }
}

final class PhotoCollectionRouter: PhotoCollectionRoutingLogic, PhotoCollectionDataPassing {
    var dataStore: PhotoCollectionDataStore?
    /// Not owned: the engine's navigation stack outlives its scenes.
    private(set) weak var navigator: (any Navigator)?
    /// A photo opened from the collection: a move applies, and the collection makes it (this router
    /// is the detail's delegate) when it appears again.
    static let detailOrigin = PhotoDetail.Origin(listName: "the collection", positionKey: "index", canMove: true)

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    /// As CleanStore's `routeToShowOrder`: the detail is made, its DataStore given what it needs
    /// (`passDataToDetail`), and it is pushed; this router hears back from it as its delegate.
    func routeToDetail() throws(CommandError) {
        guard let destination = try navigator?.instantiate(PhotoDetailView.self), let destinationRouter = destination.router else { return }
        destinationRouter.delegate = self
        guard let dataStore, var destinationDataStore = destinationRouter.dataStore else { return }
        passDataToDetail(source: dataStore, destination: &destinationDataStore)
        try navigator?.push(destination)
    }

    func routeToSearch() throws(CommandError) {
        guard let destination = try navigator?.instantiate(PhotoSearchView.self) else { return }
        guard let dataStore, var destinationDataStore = destination.router?.dataStore else { return }
        passDataToSearch(source: dataStore, destination: &destinationDataStore)
        try navigator?.push(destination)
    }

    /// Hands the detail scene the opened photo, its position, the photos of the list (a copy: `next`
    /// and `prev` step through them there), where more come from, and what the list is called.
    func passDataToDetail(source: PhotoCollectionDataStore, destination: inout PhotoDetailDataStore) {
        let list = source.list
        destination.photo = list.index.flatMap { list.photos.indices.contains($0) ? list.photos[$0] : nil }
        destination.index = list.index
        destination.photos = list.photos
        destination.morePhotos = source
        destination.origin = Self.detailOrigin
    }

    func passDataToSearch(source: PhotoCollectionDataStore, destination: inout FoundPhotosDataStore) {
        destination.source = source.query.map { .query($0) }
        let list = source.list
        destination.shownID = list.photos.indices.contains(list.page) ? list.photos[list.page].id : nil
    }
}

/// The back-channel from the detail: where the photo shown last is, the moves saved there and the
/// photos judged, written into the collection's store for when it appears again
/// (`applyChangedIndex`).
extension PhotoCollectionRouter: PhotoDetailRouterDelegate {
    func dismissWithChange(index: Int, moves: [PhotoDetail.Moved], judged: [Photo]) {
        dataStore?.changedIndex = index
        dataStore?.movesMade = moves
        dataStore?.judgedPhotos = judged
    }

    func photoMovedAway() {
        dataStore?.photoMovedAway = true
    }
}
