import REPLEngine

@MainActor
protocol IndexEditBusinessLogic: AnyObject {
    func start(_ request: IndexEdit.Positions.Request)
    func save(_ request: IndexEdit.SaveIndex.Request) throws(CommandError)
}

/// What the sheet keeps; the detail router writes it.
@MainActor
protocol IndexEditDataStore: AnyObject {
    /// 0-based positions to choose from.
    var positions: [Int] { get set }
    /// 0-based position selected now.
    var currentIndex: Int { get set }
    /// A position chosen before the sheet opened (the detail's `move N`, as typed): saved as soon as
    /// the sheet has listed the positions, as if typed there.
    var chosenPosition: String? { get set }
}

final class IndexEditInteractor: IndexEditBusinessLogic, IndexEditDataStore {
    var presenter: IndexEditPresentationLogic?

    var positions: [Int] = []
    var currentIndex = 0
    var chosenPosition: String?

    init() {}

    func start(_ request: IndexEdit.Positions.Request) {
        let savesAtOnce = chosenPosition.map { row(typed: $0) != nil } ?? false
        presenter?.presentPositions(.init(positions: positions, currentIndex: currentIndex, savesAtOnce: savesAtOnce))
    }

    /// A valid value is a whole number within 1…count (typed 1-based); anything else is refused
    /// and nothing changes.
    func save(_ request: IndexEdit.SaveIndex.Request) throws(CommandError) {
        let text = request.value.trimmingBlanks()
        guard let row = row(typed: text) else {
            let problem: IndexEdit.SaveIndex.Response.Problem =
                TypedNumber.isWholeNumber(text) ? .outOfRange(text) : .notAWholeNumber(request.value)
            try presenter?.presentSaveIndex(.init(index: nil, problem: problem, positionCount: positions.count))
            return
        }
        currentIndex = positions[row]
        try presenter?.presentSaveIndex(.init(index: currentIndex, problem: nil, positionCount: positions.count))
    }

    /// The row of the position typed (1-based, blanks around it allowed), if it is one.
    private func row(typed: String) -> Int? {
        guard let typed = Int(typed.trimmingBlanks()) else { return nil }
        let row = TypedNumber.row(ofPosition: typed)
        return positions.indices.contains(row) ? row : nil
    }
}

extension String {
    func trimmingBlanks() -> String {
        // Typed words have no blanks at their ends, and printable ASCII ones need no Characters.
        if let first = utf8.first, let last = utf8.last, first > 0x20 && first < 0x7F, last > 0x20 && last < 0x7F { return self }
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
