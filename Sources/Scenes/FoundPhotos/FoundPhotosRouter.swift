import PhotoDomain
import REPLEngine

@MainActor
protocol FoundPhotosRoutingLogic: AnyObject {
    /// Opens the photo selected in a detail scene that knows which list it came from.
    func routeToDetail() throws(CommandError)
    /// Back to the scene the search was typed in (a first search that found nothing).
    func routeBack() throws(CommandError)
}

@MainActor
protocol FoundPhotosDataPassing: AnyObject {
    var dataStore: FoundPhotosDataStore? { get }
}

/// The found photos' router: the router that pushed the scene (the detail's, for a photographer; the
/// collection's, for a search) writes into its DataStore what the photos are found by; a photo it
/// opens in a detail scene that knows the list it came from, where moving to a position does not apply.
final class FoundPhotosRouter: FoundPhotosRoutingLogic, FoundPhotosDataPassing {
    var dataStore: FoundPhotosDataStore?
    /// Not owned: the engine's navigation stack outlives its scenes.
    private(set) weak var navigator: (any Navigator)?
    /// The list as the detail is told of it (`PhotoFinder.detailOrigin`).
    let detailOrigin: PhotoDetail.Origin

    init(navigator: any Navigator, detailOrigin: PhotoDetail.Origin) {
        self.navigator = navigator
        self.detailOrigin = detailOrigin
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

    func routeBack() throws(CommandError) {
        try navigator?.pop()
    }

    /// Hands the detail scene the opened photo, its position, the photos found (a copy: `next` and
    /// `prev` step through them there), where more come from, and what the list is called.
    func passDataToDetail(source: FoundPhotosDataStore, destination: inout PhotoDetailDataStore) {
        let list = source.list
        destination.photo = list.index.flatMap { list.photos.indices.contains($0) ? list.photos[$0] : nil }
        destination.index = list.index
        destination.photos = list.photos
        destination.morePhotos = source
        destination.origin = detailOrigin
    }
}

/// The back-channel from the detail: where the photo shown last is, for the page shown when the
/// scene appears again (no move to a position applies here, and no photo of Unsplash's is judged);
/// a photo moved away as a file has the photos found again.
extension FoundPhotosRouter: PhotoDetailRouterDelegate {
    func dismissWithChange(index: Int, moves: [PhotoDetail.Moved], judged: [Photo]) {
        dataStore?.changedIndex = index
    }

    func photoMovedAway() {
        dataStore?.photoMovedAway = true
    }
}
