import PhotoDomain
import Testing
@testable import Scenes

@MainActor
final class IndexEditDisplaySpy: IndexEditDisplayLogic {
    var positions: [IndexEdit.Positions.ViewModel] = []
    var saves: [IndexEdit.SaveIndex.ViewModel] = []
    func displayPositions(_ viewModel: IndexEdit.Positions.ViewModel) { positions.append(viewModel) }
    func displaySaveIndex(_ viewModel: IndexEdit.SaveIndex.ViewModel) { saves.append(viewModel) }
}

@MainActor
@Suite struct IndexEditPresenterTests {
    let spy = IndexEditDisplaySpy()
    let presenter = IndexEditPresenter()
    init() { presenter.view = spy }

    @Test func theSheetListsPositionsWithTheCurrentOneMarked() {
        presenter.presentPositions(.init(positions: [0, 1, 2, 3, 4], currentIndex: 1))
        #expect(
            spy.positions == [
                .init(
                    prompt: "Move photo 2 to which position? (1…5)",
                    positions: ["1", "[2]", "3", "4", "5"],
                    hint: "Type 'move N' to save it, or 'cancel'."
                )
            ])
    }

    /// The detail's `move 4` saves at once: the sheet does not ask for a position it already has.
    @Test func aPositionChosenBeforeTheSheetOpenedIsNotAskedFor() {
        presenter.presentPositions(.init(positions: [0, 1, 2], currentIndex: 0, savesAtOnce: true))
        #expect(spy.positions.map(\.hint) == [nil])
    }

    @Test func theAlert() throws {
        try presenter.presentSaveIndex(.init(index: nil, problem: .notAWholeNumber("x"), positionCount: 5))
        try presenter.presentSaveIndex(.init(index: nil, problem: .outOfRange("9"), positionCount: 5))
        try presenter.presentSaveIndex(.init(index: nil, problem: .outOfRange("2"), positionCount: 1))
        try presenter.presentSaveIndex(.init(index: 3, problem: nil, positionCount: 5))
        #expect(
            spy.saves == [
                .init(
                    index: nil,
                    alert: .init(
                        title: "An error occurred",
                        message: "An invalid value was passed: 'x' is not a whole number; choose a position from 1 to 5.")),
                .init(
                    index: nil,
                    alert: .init(
                        title: "An error occurred",
                        message: "An invalid value was passed: 9 is not a position; choose a position from 1 to 5.")),
                .init(
                    index: nil,
                    alert: .init(
                        title: "An error occurred", message: "An invalid value was passed: 2 is not a position; the only position is 1.")),
                .init(index: 3, alert: nil)
            ])
    }
}
