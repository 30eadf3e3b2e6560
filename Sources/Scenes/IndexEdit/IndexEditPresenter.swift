import REPLEngine

@MainActor
public protocol IndexEditPresentationLogic: AnyObject {
    func presentPositions(_ response: IndexEdit.Positions.Response)
    func presentSaveIndex(_ response: IndexEdit.SaveIndex.Response)
}

public final class IndexEditPresenter: IndexEditPresentationLogic {
    /// Not owned: the view owns the interactor that owns this presenter. Unowned, where the original
    /// holds it weakly: a weakly held view would take the slow path on every retain and release.
    unowned var view: IndexEditDisplayLogic?
    /// The positions as worded for each list and current one, shared with the module's other sheets.
    private let texts: IndexEditTexts

    public init() {
        texts = IndexEditTexts()
    }

    init(texts: IndexEditTexts) {
        self.texts = texts
    }

    public func presentPositions(_ response: IndexEdit.Positions.Response) {
        let current = response.currentIndex
        let positions = texts.wording(for: .init(positions: response.positions, currentIndex: current)) {
            // A loop, not `map`: a closure handed to `map` is checked for the main actor at every call.
            var positions: [String] = []
            positions.reserveCapacity(response.positions.count)
            for position in response.positions {
                let number = PhotoFormatting.number(position + 1)
                positions.append(position == current ? "[" + number + "]" : number)
            }
            return positions
        }
        view?.displayPositions(.init(
            prompt: PhotoFormatting.joined("Move photo ", PhotoFormatting.number(current + 1), " to which position? (1…", PhotoFormatting.number(response.positions.count), ")"),
            positions: positions,
            hint: "Type 'move N' to save it, or 'cancel'."
        ))
    }

    public func presentSaveIndex(_ response: IndexEdit.SaveIndex.Response) {
        guard let problem = response.problem else {
            view?.displaySaveIndex(.init(index: response.index, alert: nil))
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
        view?.displaySaveIndex(.init(index: nil, alert: .init(
            title: "An error occurred",
            message: "An invalid value was passed: \(what); \(range)."
        )))
    }
}
