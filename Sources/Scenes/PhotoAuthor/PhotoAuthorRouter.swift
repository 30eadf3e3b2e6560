import REPLEngine

@MainActor
protocol PhotoAuthorDataPassing: AnyObject {
    var dataStore: PhotoAuthorDataStore? { get }
}

/// The photographer scene's router: the detail's router writes the photographer into its DataStore;
/// a photo of theirs it opens in a detail scene that knows it came from the photographer's photos,
/// where moving does not apply.
final class PhotoAuthorRouter: PhotoAuthorDataPassing, PhotoListRouting, PhotoDetailRouterDelegate {
    var dataStore: PhotoAuthorDataStore?
    /// Not owned: the engine's navigation stack outlives its scenes.
    private(set) weak var navigator: (any Navigator)?
    var listDataStore: PhotoListDataStore? { dataStore }
    let detailOrigin = PhotoDetail.Origin(listName: "the photographer's photos", positionKey: "authorIndex", canMove: false)

    init(navigator: any Navigator) {
        self.navigator = navigator
    }
}
