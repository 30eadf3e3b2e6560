import REPLEngine

/// The currency scene's DataStore, for the router that opens it to write into (Clean Swift's
/// `destinationVC.router!.dataStore!`).
@MainActor
protocol CurrencyDataPassing: AnyObject {
    var dataStore: CurrencyDataStore? { get }
}

/// R (Router) of the currency scene: data passing only (the rates scene writes into it); `back` is
/// the engine's.
final class CurrencyRouter: CurrencyDataPassing {
    var dataStore: CurrencyDataStore?
}
