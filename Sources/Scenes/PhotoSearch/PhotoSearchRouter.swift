import REPLEngine

@MainActor
public protocol PhotoSearchDataPassing: AnyObject {
    var dataStore: PhotoSearchDataStore? { get }
}

/// The results scene's router: the collection's router writes the query into its DataStore. A
/// result is opened by the list's router (`PhotoListRouter`), which tells the detail it came from
/// the search results, where moving does not apply.
public final class PhotoSearchRouter: PhotoSearchDataPassing {
    public var dataStore: PhotoSearchDataStore?
}
