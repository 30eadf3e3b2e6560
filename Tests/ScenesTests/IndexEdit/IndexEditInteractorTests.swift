import Testing
@testable import Scenes

@MainActor
final class IndexEditPresenterSpy: IndexEditPresentationLogic {
    var positions: [IndexEdit.Positions.Response] = []
    var saves: [IndexEdit.SaveIndex.Response] = []
    func presentPositions(_ response: IndexEdit.Positions.Response) { positions.append(response) }
    func presentSaveIndex(_ response: IndexEdit.SaveIndex.Response) { saves.append(response) }
}

@MainActor
@Suite struct IndexEditInteractorTests {
    let spy = IndexEditPresenterSpy()
    let interactor = IndexEditInteractor()

    init() {
        interactor.presenter = spy
        interactor.positions = [0, 1, 2, 3, 4]
        interactor.currentIndex = 1
    }

    @Test func startListsThePositions() {
        interactor.start(.init())
        #expect(spy.positions == [.init(positions: [0, 1, 2, 3, 4], currentIndex: 1)])
    }

    /// A valid position chosen before the sheet opened is saved at once; an invalid one is not, and
    /// the sheet then waits for one.
    @Test(arguments: [("4", true), (" 5 ", true), ("6", false), ("x", false)])
    func aChosenPositionSavesAtOnceOnlyWhenValid(chosen: String, savesAtOnce: Bool) {
        interactor.chosenPosition = chosen
        interactor.start(.init())
        #expect(spy.positions.map(\.savesAtOnce) == [savesAtOnce])
    }

    @Test(arguments: [("1", 0), ("5", 4), ("4", 3), ("+3", 2), ("2", 1)])
    func aValidPositionIsSaved(typed: String, index: Int) throws {
        try interactor.save(.init(value: typed))
        #expect(interactor.currentIndex == index)
        #expect(spy.saves == [.init(index: index, problem: nil, positionCount: 5)])
    }

    @Test(arguments: [
        ("x", IndexEdit.SaveIndex.Response.Problem.notAWholeNumber("x")),
        ("0", .outOfRange("0")),
        ("6", .outOfRange("6")),
        ("-1", .outOfRange("-1")),
        ("99999999999999999999", .outOfRange("99999999999999999999")),
        ("-9223372036854775808", .outOfRange("-9223372036854775808")),
        ("9223372036854775807", .outOfRange("9223372036854775807")),
        ("2.5", .notAWholeNumber("2.5")),
        ("", .notAWholeNumber("")),
        ("٣", .notAWholeNumber("٣"))
    ])
    func anInvalidValueRaisesTheAlertAndChangesNothing(typed: String, problem: IndexEdit.SaveIndex.Response.Problem) throws {
        try interactor.save(.init(value: typed))
        #expect(interactor.currentIndex == 1)
        #expect(spy.saves == [.init(index: nil, problem: problem, positionCount: 5)])
    }
}
