import PhotoDomain
import REPLEngine

/// The back-channel to the scene that pushed the detail: where the photo shown last is, and the
/// moves saved on the way.
@MainActor
protocol PhotoDetailRouterDelegate: AnyObject {
    /// Going back, as the seed's detail does: `index`, the position the photo shown last ends up at
    /// (the photo opened, or one `next` and `prev` stepped to); `moves`, the moves saved on the way,
    /// in order (the seed's is at most one: the opened photo's, to `index`); `judged`, the photos
    /// judged there as they are now, for the list to show their ratings, labels and keywords.
    func dismissWithChange(index: Int, moves: [PhotoDetail.Moved], judged: [Photo])
    /// Going back because the photo shown was moved away as a file: the list is listed anew,
    /// not shown as it was.
    func photoMovedAway()
}

extension PhotoDetailRouterDelegate {
    /// A list that cannot be made again is shown as it was.
    func photoMovedAway() {}
}

@MainActor
protocol PhotoDetailRoutingLogic: AnyObject {
    /// Where `routeBack` hands the index: set by the router that pushed this scene, when it wants it.
    var delegate: PhotoDetailRouterDelegate? { get set }
    func routeBack() throws(CommandError)
    /// Goes back after the photo shown was moved away as a file (see `routeBack`).
    func routeBackAfterMovingAway() throws(CommandError)
    /// Presents the index-edit sheet; with `position` (as typed), the sheet saves it at once.
    func routeToIndexEdit(choosing position: String?) throws(CommandError)
    func routeToAuthor() throws(CommandError)
}

@MainActor
protocol PhotoDetailDataPassing: AnyObject {
    var dataStore: PhotoDetailDataStore? { get }
}

final class PhotoDetailRouter: PhotoDetailRoutingLogic, PhotoDetailDataPassing {
    var dataStore: PhotoDetailDataStore?
    /// Not owned, as in the original: the scene below owns the way back and outlives this one.
    weak var delegate: PhotoDetailRouterDelegate?
    /// Not owned: the engine's navigation stack outlives its scenes.
    private weak var navigator: (any Navigator)?

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    /// Going back hands the index (and the moves and the photos judged) to the scene that opened
    /// the photo, changed or not (the collection moves the photo there; a list lands on its page),
    /// then pops.
    func routeBack() throws(CommandError) {
        if let dataStore, let index = dataStore.index {
            delegate?.dismissWithChange(index: index, moves: dataStore.moves, judged: Array(dataStore.judged.values))
        }
        try navigator?.pop()
    }

    func routeBackAfterMovingAway() throws(CommandError) {
        delegate?.photoMovedAway()
        try routeBack()
    }

    func routeToIndexEdit(choosing position: String?) throws(CommandError) {
        guard let destination = try navigator?.instantiate(IndexEditView.self) else { return }
        destination.router?.delegate = self
        guard let dataStore, var destinationDataStore = destination.router?.dataStore else { return }
        passDataToIndexEdit(source: dataStore, destination: &destinationDataStore)
        destinationDataStore.chosenPosition = position
        try navigator?.present(destination)
    }

    func routeToAuthor() throws(CommandError) {
        guard let destination = try navigator?.instantiate(PhotoAuthorView.self) else { return }
        guard let dataStore, var destinationDataStore = destination.router?.dataStore else { return }
        passDataToAuthor(source: dataStore, destination: &destinationDataStore)
        try navigator?.push(destination)
    }

    /// Hands the photographer scene the photo's photographer.
    func passDataToAuthor(source: PhotoDetailDataStore, destination: inout FoundPhotosDataStore) {
        destination.source = source.photo.map { .photographer($0.user) }
    }

    /// Hands the sheet every position and the current one.
    func passDataToIndexEdit(source: PhotoDetailDataStore, destination: inout IndexEditDataStore) {
        destination.positions = Array(0..<source.photoCount)
        destination.currentIndex = source.index ?? 0
    }
}

/// The back-channel from the sheet: a saved position.
extension PhotoDetailRouter: IndexEditRouterDelegate {
    func dismissWithSuccess(changedIndex: Int) {
        dataStore?.index = changedIndex
    }
}
