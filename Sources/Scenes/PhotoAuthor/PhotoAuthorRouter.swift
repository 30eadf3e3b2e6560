import REPLEngine

@MainActor
public protocol PhotoAuthorDataPassing: AnyObject {
    var dataStore: PhotoAuthorDataStore? { get }
}

/// The photographer scene's router: the detail's router writes the photographer into its DataStore.
/// A photo is opened by the list's router (`PhotoListRouter`), which tells the detail it came from
/// the photographer's photos, where moving does not apply.
public final class PhotoAuthorRouter: PhotoAuthorDataPassing {
    public var dataStore: PhotoAuthorDataStore?
}
