import Imaging
import PhotoDomain
import Testing
@testable import Scenes

@MainActor
@Suite struct PhotoCollectionPictureTests {
    let spy = CollectionPresenterSpy()
    let effects = CollectingEffects()
    let box = PixelSize(width: 48, height: 24)

    func fetched(_ pictures: FakePicturesWorker) async throws -> PhotoCollectionInteractor {
        let interactor = makeCollection(pictures: pictures, spy: spy, effects: effects)
        try interactor.changeCount(.init(change: .set(5)))
        try await interactor.fetchPhotos(.init())
        return interactor
    }

    @Test func aPageShowsItsPictureThenTheNextOneIsPrefetched() async throws {
        let pictures = FakePicturesWorker()
        let interactor = try await fetched(pictures)
        try interactor.changeToPage(.init(width: 80, offset: 80, pictureBox: box))
        try await effects.finish()
        #expect(
            spy.pages == [
                .init(page: 1, photo: .fixture("b"), pageCount: 5, picture: .success(FakePicturesWorker.picture("b", box)), hasMore: false)
            ])
        #expect(await pictures.requests == [.init(id: "b", box: box)])
        #expect(await pictures.prefetches == [.init(id: "c", box: box)])
    }

    @Test func theLastPageHasNothingToPrefetch() async throws {
        let pictures = FakePicturesWorker()
        let interactor = try await fetched(pictures)
        try interactor.changeToPage(.init(width: 80, offset: 320, pictureBox: box))
        try await effects.finish()
        #expect(spy.pages.map(\.page) == [4])
        #expect(spy.pages.first?.picture == .success(FakePicturesWorker.picture("e", box)))
        #expect(await pictures.requests == [.init(id: "e", box: box)])
        #expect(await pictures.prefetches.isEmpty)
    }

    @Test func aFailedPictureIsShownAsSuchAndNothingIsPrefetched() async throws {
        let pictures = FakePicturesWorker(errors: ["a": PictureFailure("not a regular file")])
        let interactor = try await fetched(pictures)
        try interactor.changeToPage(.init(width: 80, offset: 0, pictureBox: box))
        try await effects.finish()
        #expect(
            spy.pages == [
                .init(page: 0, photo: .fixture("a"), pageCount: 5, picture: .failure(PictureFailure("not a regular file")), hasMore: false)
            ])
        #expect(await pictures.prefetches.isEmpty)
    }

    @Test func withoutABoxThereIsNoPictureAndNoPrefetch() async throws {
        let pictures = FakePicturesWorker()
        let interactor = try await fetched(pictures)
        try interactor.changeToPage(.init(width: 80, offset: 80))
        try await effects.finish()
        #expect(spy.pages == [.init(page: 1, photo: .fixture("b"), pageCount: 5, picture: nil, hasMore: false)])
        #expect(await pictures.requests.isEmpty)
        #expect(await pictures.prefetches.isEmpty)
    }

    @Test func aRefusedPageAsksForNoPicture() async throws {
        let pictures = FakePicturesWorker()
        let interactor = try await fetched(pictures)
        try interactor.changeToPage(.init(width: 80, offset: 400, pictureBox: box))
        try await effects.finish()
        #expect(spy.listFailures == [.pageOutOfRange(requested: "6", pageCount: 5)])
        #expect(await pictures.requests.isEmpty)
        #expect(await pictures.prefetches.isEmpty)
    }

    @Test func theSourcesNotesReachTheResponse() async throws {
        let notes = [
            "Found 5 photos in ~/Pictures (1 file skipped: 1 not an image).", "The folder has only 5 photos, not 8: all of them are shown."
        ]
        let interactor = makeCollection(NotingWorker(notes: notes), spy: spy, effects: effects)
        try interactor.changeCount(.init(change: .set(5)))
        try await interactor.fetchPhotos(.init())
        #expect(spy.photos == [.init(event: .fetched, rows: .init(photos: Photo.abcde, page: 0, hasMore: false), notes: notes)])
        // Listing again shows the photos, not the fetch's notes.
        interactor.listPhotos(.init())
        #expect(spy.photos.last?.notes == [])
    }
}

@MainActor
@Suite struct PhotoCollectionPicturePresenterTests {
    let spy = CollectionDisplaySpy()
    let presenter = PhotoCollectionPresenter()
    init() { presenter.view = spy }

    @Test func notesComeBeforeTheHeadline() {
        let notes = [
            "Found 2 photos in photos (2 files skipped: 2 not an image).", "The folder has only 2 photos, not 3: all of them are shown."
        ]
        presenter.presentPhotos(
            .init(event: .fetched, rows: .init(photos: [.fixture("a"), .fixture("b")], page: 0, hasMore: false), notes: notes))
        #expect(spy.photos.map(\.notes) == [notes])
        #expect(spy.photos.map(\.headline) == ["Fetched 2 photos."])
    }

    @Test func aPagesPictureOrWhyNot() {
        let spy = CollectionDisplaySpy()
        let presenter = PhotoCollectionPresenter()
        presenter.view = spy
        let pixels = FakePicturesWorker.picture("c", PixelSize(width: 4, height: 2))
        presenter.presentPage(.init(page: 2, photo: .fixture("c"), pageCount: 5, picture: .success(pixels), hasMore: false))
        presenter.presentPage(
            .init(page: 2, photo: .fixture("c"), pageCount: 5, picture: .failure(PictureFailure("unreadable")), hasMore: false))
        #expect(spy.pages.map(\.picture) == [.pixels(pixels), .unavailable("(picture not shown: unreadable)")])
        #expect(spy.pages.map(\.pageControl.text) == Array(repeating: "○ ○ ● ○ ○  3/5", count: 2))
    }
}
