import REPLEngine

/// The detail's DataStore, for the router that opens it to write into (the seed's
/// `destinationVC.router!.dataStore!`).
@MainActor
protocol SearchDetailDataPassing: AnyObject {
    var dataStore: SearchDetailDataStore? { get }
}

/// R (Router) of the detail: only data passing (the search writes into it); `back` is the engine's.
final class SearchDetailRouter: SearchDetailDataPassing {
    var dataStore: SearchDetailDataStore?
}
