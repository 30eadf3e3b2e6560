import REPLEngine

@MainActor
protocol IndexEditDisplayLogic: AnyObject {
    func displayPositions(_ viewModel: IndexEdit.Positions.ViewModel)
    func displaySaveIndex(_ viewModel: IndexEdit.SaveIndex.ViewModel) throws(CommandError)
}

/// The index-edit sheet's View: lists the positions; `move N` saves, `cancel` closes.
package final class IndexEditView: SceneView, IndexEditDisplayLogic {
    package static let sceneName = "index-edit"

    var interactor: IndexEditBusinessLogic?
    var router: (IndexEditRoutingLogic & IndexEditDataPassing)?
    private let console: Console

    package var title: String { "index" }

    init(console: Console) {
        self.console = console
    }

    package static func module() -> SceneModule {
        SceneModule(IndexEditView.self) { context in
            let view = IndexEditView(console: context.console)
            let interactor = IndexEditInteractor()
            let presenter = IndexEditPresenter()
            let router = IndexEditRouter(navigator: context.navigator)
            view.interactor = interactor
            view.router = router
            interactor.presenter = presenter
            presenter.view = view
            router.dataStore = interactor
            return view
        }
    }

    /// Lists the positions; a position chosen before the sheet opened is then saved.
    package func sceneDidLoad() throws(CommandError) {
        interactor?.start(.init())
        if let chosen = router?.dataStore?.chosenPosition {
            router?.dataStore?.chosenPosition = nil
            try interactor?.save(.init(value: chosen))
        }
    }

    package func positions(for command: String) -> [String] {
        (router?.dataStore?.positions ?? []).map { String($0 + 1) }
    }

    package static let commands: [Command<IndexEditView>] = [
        Command("show", summary: "list the positions, the current one in brackets") { view, _ in
            view.interactor?.start(.init())
        },
        Command(
            "move", arguments: [Argument("N", completion: .positions)],
            summary: "save position N and close the sheet (an invalid N raises an alert)", example: "move 4"
        ) { view, arguments in
            try view.interactor?.save(.init(value: arguments[0]))
        },
        Command("cancel", summary: "close the sheet without a change") { view, _ in
            try view.router?.routeToDetail(with: nil)
        },
        Command("back", summary: "the same as cancel") { view, _ in
            try view.router?.routeToDetail(with: nil)
        }
    ]

    // MARK: - Display logic

    func displayPositions(_ viewModel: IndexEdit.Positions.ViewModel) {
        console.writeLine(viewModel.prompt, style: .bold)
        for position in viewModel.positions {
            console.writeSpaces(2)
            console.write(position)
        }
        console.writeLine()
        if let hint = viewModel.hint { console.writeLine(hint, style: .dim) }
    }

    /// A saved position closes the sheet; an invalid one shows the original's alert and the sheet stays.
    func displaySaveIndex(_ viewModel: IndexEdit.SaveIndex.ViewModel) throws(CommandError) {
        if let alert = viewModel.alert {
            console.writeLine("[\(alert.title)] \(alert.message)", style: .error)
            return
        }
        try router?.routeToDetail(with: viewModel.index)
    }
}
