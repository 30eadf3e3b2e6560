import Imaging
import PhotoDomain
import Testing
@testable import Scenes

@MainActor
final class DetailPresenterSpy: PhotoDetailPresentationLogic {
    var responses: [PhotoDetail.Show.Response] = []
    func presentPhoto(_ response: PhotoDetail.Show.Response) { responses.append(response) }
    var saved: [PhotoDetail.Save.Response] = []
    func presentSaved(_ response: PhotoDetail.Save.Response) { saved.append(response) }
    var judged: [PhotoDetail.Judge.Response] = []
    func presentJudged(_ response: PhotoDetail.Judge.Response) { judged.append(response) }
    var paths: [PhotoPaths.Response] = []
    func presentPaths(_ response: PhotoPaths.Response) { paths.append(response) }
    var copies: [PhotoFileActions.Response] = []
    func presentFileAction(_ response: PhotoFileActions.Response) { copies.append(response) }
    func presentPhotoMovedAway() { movedAway += 1 }
    var movedAway = 0
    var marked: [PhotoDetail.Mark.Response] = []
    func presentMarked(_ response: PhotoDetail.Mark.Response) { marked.append(response) }
    var undone: [PhotoDetail.Undo.Response] = []
    func presentUndone(_ response: PhotoDetail.Undo.Response) { undone.append(response) }
    var infos: [PhotoDetail.Info.Response] = []
    func presentInfo(_ response: PhotoDetail.Info.Response) { infos.append(response) }
    var indexEdits: [PhotoDetail.Move.Response] = []
    func presentIndexEdit(_ response: PhotoDetail.Move.Response) { indexEdits.append(response) }
    var refusals: [PhotoDetail.Move.Refusal.Response] = []
    func presentMoveRefused(_ response: PhotoDetail.Move.Refusal.Response) { refusals.append(response) }
    var stepRefusals: [PhotoDetail.Step.Refusal] = []
    func presentStepRefused(_ response: PhotoDetail.Step.Refusal) { stepRefusals.append(response) }
    var frames: [PhotoDetail.Animate.Frame.Response] = []
    func presentAnimationFrame(_ response: PhotoDetail.Animate.Frame.Response) { frames.append(response) }
    var sendings: [PhotoDetail.Animate.Sending.Response] = []
    func presentAnimationSending(_ response: PhotoDetail.Animate.Sending.Response) { sendings.append(response) }
    var stops = 0
    func presentAnimationStopped() { stops += 1 }
    var animationFailures: [String] = []
    func presentAnimationFailure(_ response: PhotoDetail.Animate.Failure.Response) { animationFailures.append(response.reason) }
}

/// Something a picture worker may throw that is neither a PictureFailure nor a cancellation.
private struct DiskOnFire: Error, Sendable, CustomStringConvertible {
    var description: String { "the disk is on fire" }
}

@MainActor
@Suite struct PhotoDetailMoveTests {
    @Test func aMoveIsChosenOnlyWhereTheListCanMove() throws {
        let spy = DetailPresenterSpy()
        let detail = PhotoDetailInteractor()
        detail.presenter = spy
        detail.origin = PhotoDetail.Origin(listName: "the collection", positionKey: "index", canMove: true)
        try detail.choosePosition(.init(position: "4"))
        try detail.choosePosition(.init(position: nil))
        #expect(spy.indexEdits == [.init(position: "4"), .init(position: nil)] && spy.refusals.isEmpty)
        detail.origin = PhotoDetail.Origin(listName: "the photographer's photos", positionKey: "authorIndex", canMove: false)
        try detail.choosePosition(.init(position: "2"))
        #expect(spy.indexEdits.count == 2 && spy.refusals == [.init(listName: "the photographer's photos")])
    }
}

// MARK: - The picture

@MainActor
@Suite struct PhotoDetailPictureTests {
    let spy = DetailPresenterSpy()
    let effects = CollectingEffects()
    let box = PixelSize(width: 60, height: 40)

    func makeInteractor(_ pictures: PhotoPicturesWorker?, index: Int? = 1) -> PhotoDetailInteractor {
        let interactor = PhotoDetailInteractor(pictures: pictures)
        interactor.presenter = spy
        interactor.effects = effects
        interactor.photo = index.flatMap { Photo.abcde.indices.contains($0) ? Photo.abcde[$0] : nil }
        interactor.photos = Photo.abcde
        interactor.index = index
        return interactor
    }

    @Test func theBoxGoesToTheWorkerAndThePixelsToThePresenter() async throws {
        let pictures = FakePicturesWorker()
        try makeInteractor(pictures).showPhoto(.init(pictureBox: box))
        try await effects.finish()
        #expect(await pictures.requests == [.init(id: "b", box: box)])
        #expect(await pictures.prefetches.isEmpty)
        #expect(
            spy.responses == [.init(photo: .fixture("b"), picture: .success(FakePicturesWorker.picture("b", box)), index: 1, photoCount: 5)]
        )
    }

    @Test func withoutABoxTheWorkerIsNotAsked() async throws {
        let pictures = FakePicturesWorker()
        let interactor = makeInteractor(pictures)
        try interactor.showPhoto(.init())
        try await effects.finish()
        try interactor.showPhoto(.init())
        try await effects.finish()
        #expect(await pictures.requests.isEmpty)
        #expect(spy.responses == Array(repeating: .init(photo: .fixture("b"), picture: nil, index: 1, photoCount: 5), count: 2))
        // No worker at all (a session without pictures): a box changes nothing.
        try makeInteractor(nil).showPhoto(.init(pictureBox: box))
        try await effects.finish()
        #expect(spy.responses.last == .init(photo: .fixture("b"), picture: nil, index: 1, photoCount: 5))
    }

    @Test func aFailedPictureStillShowsThePhoto() async throws {
        let pictures = FakePicturesWorker(errors: ["b": PictureFailure("corrupt JPEG: bogus marker")])
        try makeInteractor(pictures).showPhoto(.init(pictureBox: box))
        try await effects.finish()
        #expect(
            spy.responses == [
                .init(photo: .fixture("b"), picture: .failure(PictureFailure("corrupt JPEG: bogus marker")), index: 1, photoCount: 5)
            ])
    }

    /// Ctrl-C while decoding gives up the picture only; any other error is worded as itself.
    @Test func otherErrorsBecomeFailuresToo() async throws {
        let pictures = FakePicturesWorker(errors: ["a": CancellationError(), "c": DiskOnFire()])
        let interactor = makeInteractor(pictures, index: 0)
        try interactor.showPhoto(.init(pictureBox: box))
        try await effects.finish()
        // Another photo opened: its router hands it over.
        interactor.photo = Photo.abcde[2]
        interactor.index = 2
        try interactor.showPhoto(.init(pictureBox: box))
        try await effects.finish()
        #expect(spy.responses.map(\.picture) == [.failure(PictureFailure("interrupted")), .failure(PictureFailure("the disk is on fire"))])
        #expect(spy.responses.map(\.photo?.id) == ["a", "c"])
    }

    @Test func noPhotoAtTheIndexMeansNoPicture() async throws {
        let pictures = FakePicturesWorker()
        try makeInteractor(pictures, index: 9).showPhoto(.init(pictureBox: box))
        try await effects.finish()
        #expect(await pictures.requests.isEmpty)
        #expect(spy.responses == [.init(photo: nil, picture: nil, index: 9, photoCount: 5)])
    }

    /// After a move the same photo is shown at its new position, and its picture asked for again.
    @Test func showingAgainAsksForThePictureOfTheSamePhoto() async throws {
        let pictures = FakePicturesWorker()
        let interactor = makeInteractor(pictures)
        try interactor.showPhoto(.init(pictureBox: box))
        try await effects.finish()
        interactor.index = 3
        try interactor.showPhoto(.init(pictureBox: box))
        try await effects.finish()
        #expect(await pictures.requests == [.init(id: "b", box: box), .init(id: "b", box: box)])
        #expect(spy.responses.map(\.index) == [1, 3])
        #expect(spy.responses.map(\.photo?.id) == ["b", "b"])
    }
}

@MainActor
@Suite struct PhotoDetailPicturePresenterTests {
    let spy = DetailDisplaySpy()
    let presenter = PhotoDetailPresenter()
    init() { presenter.view = spy }

    @Test func pixelsAreDrawnAndAFailureIsOneLine() throws {
        let pixels = FakePicturesWorker.picture("b", PixelSize(width: 3, height: 2))
        try presenter.presentPhoto(.init(photo: .fixture("b"), picture: .success(pixels), index: 1, photoCount: 5))
        try presenter.presentPhoto(
            .init(photo: .fixture("b"), picture: .failure(PictureFailure("the JPEG file is truncated")), index: 1, photoCount: 5))
        try presenter.presentPhoto(.init(photo: .fixture("b"), picture: nil, index: 1, photoCount: 5))
        #expect(spy.photos.map(\.picture) == [.pixels(pixels), .unavailable("(picture not shown: the JPEG file is truncated)"), nil])
        #expect(spy.photos.map(\.heading) == Array(repeating: "Photo 2 of 5", count: 3))
    }

    /// A folder's photo: no username, no likes.
    @Test func aFolderPhotosFields() throws {
        let photo = Photo(
            id: "trips/sea.jpg", width: 20, height: 40, color: nil, blurHash: nil, description: "sea.jpg",
            altDescription: nil, likes: nil, user: .init(id: "", username: "", name: "unknown"),
            urls: .init(
                raw: "trips/sea.jpg", full: "trips/sea.jpg", regular: "trips/sea.jpg", small: "trips/sea.jpg", thumb: "trips/sea.jpg"))
        try presenter.presentPhoto(.init(photo: photo, picture: nil, index: 0, photoCount: 1))
        #expect(spy.photos.first?.fields.map(\.value) == ["trips/sea.jpg", "sea.jpg", "unknown", "—", "20 × 40", "trips/sea.jpg"])
    }
}
