import REPLEngine

@MainActor
protocol RatesRoutingLogic: AnyObject {
    func routeToCurrency() throws(CommandError)
}

/// The rates scene's DataStore, for the router to pass from (Clean Swift's `router?.dataStore`).
@MainActor
protocol RatesDataPassing: AnyObject {
    var dataStore: RatesDataStore? { get }
}

/// R (Router) of the rates scene: opens the currency scene and hands it the currency selected. The
/// destination's DataStore is written by `passDataToCurrency`, then the destination is pushed.
final class RatesRouter: RatesRoutingLogic, RatesDataPassing {
    /// Not owned: the engine outlives every scene.
    weak var navigator: (any Navigator)?
    var dataStore: RatesDataStore?

    // MARK: Routing

    func routeToCurrency() throws(CommandError) {
        guard let navigator, let dataStore else { return }
        let destination = try navigator.instantiate(CurrencyView.self)
        guard var destinationDS = destination.router?.dataStore else { return }
        passDataToCurrency(source: dataStore, destination: &destinationDS)
        try navigateToCurrency(destination: destination)
    }

    // MARK: Navigation

    func navigateToCurrency(destination: CurrencyView) throws(CommandError) {
        try navigator?.push(destination)
    }

    // MARK: Passing data

    func passDataToCurrency(source: RatesDataStore, destination: inout CurrencyDataStore) {
        destination.exchangeRate = source.selectedCurrency
    }
}
