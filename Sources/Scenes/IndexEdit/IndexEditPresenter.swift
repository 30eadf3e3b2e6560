import REPLEngine

@MainActor
protocol IndexEditPresentationLogic: AnyObject {
    func presentPositions(_ response: IndexEdit.Positions.Response)
    func presentSaveIndex(_ response: IndexEdit.SaveIndex.Response) throws(CommandError)
}

final class IndexEditPresenter: IndexEditPresentationLogic {
    /// Not owned: the view owns the interactor that owns this presenter.
    weak var view: IndexEditDisplayLogic?

    init() {}

    func presentPositions(_ response: IndexEdit.Positions.Response) {
        let current = response.currentIndex
        let positions = response.positions.map { $0 == current ? "[\($0 + 1)]" : "\($0 + 1)" }
        view?.displayPositions(
            .init(
                prompt: "Move photo \(current + 1) to which position? (1…\(response.positions.count))",
                positions: positions,
                hint: response.savesAtOnce ? nil : "Type 'move N' to save it, or 'cancel'."
            ))
    }

    func presentSaveIndex(_ response: IndexEdit.SaveIndex.Response) throws(CommandError) {
        guard let problem = response.problem else {
            try view?.displaySaveIndex(.init(index: response.index, alert: nil))
            return
        }
        let what: String
        switch problem {
        case .notAWholeNumber(let text):
            what = text.isEmpty ? "no position was given" : "'\(TerminalText.truncate(text, toWidth: 40))' is not a whole number"
        case .outOfRange(let text):
            what = "\(TerminalText.truncate(text, toWidth: 40)) is not a position"
        }
        let range = response.positionCount == 1 ? "the only position is 1" : "choose a position from 1 to \(response.positionCount)"
        try view?.displaySaveIndex(
            .init(
                index: nil,
                alert: .init(
                    title: "An error occurred",
                    message: "An invalid value was passed: \(what); \(range)."
                )))
    }
}
