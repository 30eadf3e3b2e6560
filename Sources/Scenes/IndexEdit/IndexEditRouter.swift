import REPLEngine

/// The back-channel to the scene that presented the sheet: the position that was saved.
@MainActor
protocol IndexEditRouterDelegate: AnyObject {
    func dismissWithSuccess(changedIndex: Int)
}

@MainActor
protocol IndexEditRoutingLogic: AnyObject {
    /// Where a saved position goes: set by the router that presented the sheet.
    var delegate: IndexEditRouterDelegate? { get set }
    /// Closes the sheet; with an index, hands it back first.
    func routeToDetail(with index: Int?) throws(CommandError)
}

@MainActor
protocol IndexEditDataPassing: AnyObject {
    var dataStore: IndexEditDataStore? { get }
}

final class IndexEditRouter: IndexEditRoutingLogic, IndexEditDataPassing {
    var dataStore: IndexEditDataStore?
    /// Not owned: the detail below the sheet outlives it.
    weak var delegate: IndexEditRouterDelegate?
    /// Not owned: the engine's navigation stack outlives its scenes.
    private weak var navigator: (any Navigator)?

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    func routeToDetail(with index: Int?) throws(CommandError) {
        if let index { delegate?.dismissWithSuccess(changedIndex: index) }
        try navigator?.dismiss()
    }
}
