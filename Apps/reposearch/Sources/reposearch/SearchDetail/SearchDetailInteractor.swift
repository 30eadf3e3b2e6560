import REPLEngine

@MainActor
protocol SearchDetailBusinessLogic: AnyObject {
    func showRepository()
}

/// What the search's router writes before it pushes the detail (`passDataToSearchDetail`).
@MainActor
protocol SearchDetailDataStore: AnyObject {
    var repository: Repository? { get set }
}

/// I (Interactor) of the detail: holds the repository it was passed.
final class SearchDetailInteractor: SearchDetailBusinessLogic, SearchDetailDataStore {
    var presenter: SearchDetailPresentationLogic?
    var repository: Repository?

    func showRepository() {
        guard let repository else { return }
        presenter?.presentRepository(response: .init(repository: repository))
    }
}
