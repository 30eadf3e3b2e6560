import REPLEngine

@MainActor
protocol SearchRoutingLogic: AnyObject {
    func routeToSearchDetail()
}

/// R (Router) of the search: opens the detail and hands it the repository (the seed's
/// `routeToSearchDetail(segue:)` and `passDataToSearchDetail`).
final class SearchRouter: SearchRoutingLogic {
    /// Not owned: the engine outlives every scene.
    weak var navigator: (any Navigator)?
    weak var dataStore: SearchDataStore?

    func routeToSearchDetail() {
        guard let navigator else { return }
        let destination = navigator.instantiate(SearchDetailView.self)
        passDataToSearchDetail(source: dataStore, destination: destination.router?.dataStore)
        navigator.push(destination)
    }

    func passDataToSearchDetail(source: SearchDataStore?, destination: SearchDetailDataStore?) {
        destination?.repository = source?.selectedRepository
    }
}
