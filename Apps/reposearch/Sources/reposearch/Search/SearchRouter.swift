import REPLEngine

@MainActor
protocol SearchRoutingLogic: AnyObject {
    func routeToSearchDetail() throws(CommandError)
}

/// The search's DataStore, for the router to pass from (the seed's `router?.dataStore`).
@MainActor
protocol SearchDataPassing: AnyObject {
    var dataStore: SearchDataStore? { get }
}

/// R (Router) of the search: opens the detail and hands it the repository, as the seed's
/// `routeToSearchDetail(segue:)` does: the destination's DataStore is written by
/// `passDataToSearchDetail`, then the destination is pushed (`navigateToSearchDetail`).
final class SearchRouter: SearchRoutingLogic, SearchDataPassing {
    /// Not owned: the engine outlives every scene.
    weak var navigator: (any Navigator)?
    var dataStore: SearchDataStore?

    // MARK: Routing

    func routeToSearchDetail() throws(CommandError) {
        guard let navigator, let dataStore else { return }
        let destination = try navigator.instantiate(SearchDetailView.self)
        guard var destinationDS = destination.router?.dataStore else { return }
        passDataToSearchDetail(source: dataStore, destination: &destinationDS)
        try navigateToSearchDetail(destination: destination)
    }

    // MARK: Navigation

    func navigateToSearchDetail(destination: SearchDetailView) throws(CommandError) {
        try navigator?.push(destination)
    }

    // MARK: Passing data

    func passDataToSearchDetail(source: SearchDataStore, destination: inout SearchDetailDataStore) {
        destination.repository = source.selectedRepository
    }
}
