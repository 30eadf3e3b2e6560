import REPLEngine

@MainActor
protocol SearchDetailPresentationLogic: AnyObject {
    func presentRepository(response: SearchDetail.ShowRepository.Response)
}

/// P (Presenter) of the detail: the repository's fields, each on one line.
final class SearchDetailPresenter: SearchDetailPresentationLogic {
    /// Not owned: the view owns the interactor that owns this presenter.
    weak var view: SearchDetailDisplayLogic?

    func presentRepository(response: SearchDetail.ShowRepository.Response) {
        view?.displayRepository(viewModel: Self.viewModel(response.repository))
    }

    static func viewModel(_ repository: Repository) -> SearchDetail.ShowRepository.ViewModel {
        func text(_ value: String?, otherwise: String) -> String {
            let line = value.map(TerminalText.singleLine) ?? ""
            return line.isEmpty ? otherwise : line
        }
        return .init(heading: TerminalText.oneLine(repository.fullName), fields: [
            ("description", text(repository.description, otherwise: "(no description)")),
            ("stars", SearchPresenter.grouped(repository.stars)),
            ("forks", SearchPresenter.grouped(repository.forks)),
            ("open issues", SearchPresenter.grouped(repository.openIssues)),
            ("language", text(repository.language, otherwise: "(none)")),
            ("licence", text(repository.license, otherwise: "(none)")),
            ("url", TerminalText.oneLine(repository.url)),
            ("owner", TerminalText.oneLine(repository.owner)),
        ])
    }
}
