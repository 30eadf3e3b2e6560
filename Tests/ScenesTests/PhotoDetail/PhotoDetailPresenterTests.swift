import PhotoDomain
import Testing
@testable import Scenes

@MainActor
final class DetailDisplaySpy: PhotoDetailDisplayLogic {
    var photos: [PhotoDetail.Show.ViewModel] = []
    var missing: [String] = []
    func displayPhoto(_ viewModel: PhotoDetail.Show.ViewModel) { photos.append(viewModel) }
    func displayMissingPhoto(_ viewModel: PhotoDetail.Missing.ViewModel) { missing.append(viewModel.message) }
    var saved: [PhotoDetail.Save.ViewModel] = []
    func displaySaved(_ viewModel: PhotoDetail.Save.ViewModel) { saved.append(viewModel) }
    var judged: [PhotoDetail.Judge.ViewModel] = []
    func displayJudged(_ viewModel: PhotoDetail.Judge.ViewModel) { judged.append(viewModel) }
    var paths: [PhotoPaths.ViewModel] = []
    func displayPaths(_ viewModel: PhotoPaths.ViewModel) { paths.append(viewModel) }
    var copies: [PhotoFileActions.ViewModel] = []
    func displayFileAction(_ viewModel: PhotoFileActions.ViewModel) { copies.append(viewModel) }
    func displayPhotoMovedAway() { movedAway += 1 }
    var movedAway = 0
    var infos: [PhotoDetail.Info.ViewModel] = []
    func displayInfo(_ viewModel: PhotoDetail.Info.ViewModel) { infos.append(viewModel) }
    var indexEdits: [String?] = []
    func displayIndexEdit(_ viewModel: PhotoDetail.Move.ViewModel) { indexEdits.append(viewModel.position) }
    var refusals: [String] = []
    func displayMoveRefused(_ viewModel: PhotoDetail.Move.Refusal.ViewModel) { refusals.append(viewModel.message) }
    var stepRefusals: [String] = []
    func displayStepRefused(_ viewModel: PhotoDetail.Step.ViewModel) { stepRefusals.append(viewModel.message) }
    var frames: [PhotoDetail.Animate.Frame.ViewModel] = []
    func displayAnimationFrame(_ viewModel: PhotoDetail.Animate.Frame.ViewModel) { frames.append(viewModel) }
    var sendings: [PhotoDetail.Animate.Sending.ViewModel] = []
    func displayAnimationSending(_ viewModel: PhotoDetail.Animate.Sending.ViewModel) { sendings.append(viewModel) }
    var stops = 0
    func displayAnimationStopped() { stops += 1 }
    var animationFailures: [String] = []
    func displayAnimationFailure(_ viewModel: PhotoDetail.Animate.Failure.ViewModel) { animationFailures.append(viewModel.message) }
}

@MainActor
@Suite struct PhotoDetailPresenterTests {
    let spy = DetailDisplaySpy()
    let presenter = PhotoDetailPresenter()
    init() { presenter.view = spy }

    @Test func detailText() throws {
        try presenter.presentPhoto(.init(photo: .fixture("b", likes: 2087), index: 3, photoCount: 5))
        #expect(
            spy.photos == [
                .init(
                    heading: "Photo 4 of 5",
                    fields: [
                        .init(label: "id", value: "b"),
                        .init(label: "description", value: "Photo b"),
                        .init(label: "author", value: "Author B (@user_b)"),
                        .init(label: "likes", value: "♥ 2,087"),
                        .init(label: "size", value: "4000 × 3000"),
                        .init(label: "url", value: "https://img/b?w=1080")
                    ])
            ])
    }

    @Test func aMissingPhotoSaysWhy() throws {
        try presenter.presentPhoto(.init(photo: nil, index: 7, photoCount: 5))
        try presenter.presentPhoto(.init(photo: nil, index: nil, photoCount: 5))
        #expect(spy.missing == ["There is no photo 8 among 5: back to the collection.", "No photo was selected: back to the collection."])
    }

    @Test func aSaveCutShortOrFailedIsTheCommandsError() throws {
        try presenter.presentSaved(.init(result: nil, position: 1))
        try presenter.presentSaved(.init(result: .failure(PhotosWorkerError("the disk is full")), position: 1))
        #expect(
            spy.saved == [
                .init(message: "interrupted: save was cancelled and changed nothing", failed: true),
                .init(message: "save failed: the disk is full", failed: true)
            ])
    }

    @Test func aMoveGoesToTheSheetOrSaysWhyNot() throws {
        try presenter.presentIndexEdit(.init(position: "4"))
        try presenter.presentIndexEdit(.init(position: nil))
        #expect(spy.indexEdits == ["4", nil])
        try presenter.presentMoveRefused(.init(listName: "the search results"))
        #expect(
            spy.refusals == [
                "this photo was opened from the search results, and moving applies to the collection's own list: type 'back' until the prompt is 'photos>', then open the photo there"
            ])
    }
}
