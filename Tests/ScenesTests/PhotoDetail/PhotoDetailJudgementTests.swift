import Imaging
import PhotoDomain
import REPLEngine
import Testing
@testable import Scenes

/// A judging worker that keeps each photo's judgement in memory, records what it was asked, and
/// fails when told to.
actor StubJudges: PhotoJudgingWorker {
    private(set) var asked: [(id: String, change: JudgementChange, sharedToo: Bool)] = []
    private var made: [(id: String, command: String)] = []
    var failure: PhotosWorkerError?

    func failNext(_ failure: PhotosWorkerError) { self.failure = failure }

    func judge(_ photo: Photo, _ change: JudgementChange, sharedToo: Bool) async throws -> Judged {
        asked.append((photo.id, change, sharedToo))
        if let failure {
            self.failure = nil
            throw failure
        }
        var judged = photo
        var facts = photo.facts ?? PhotoFacts(relativePath: Array(photo.id.utf8), format: .jpeg, fileSize: 10, metadata: PhotoMetadata())
        if case .rate(let stars) = change { facts.metadata.rating = stars }
        if case .reject = change { facts.metadata.rating = -1 }
        if case .label(let label) = change { facts.metadata.label = label?.xmpWord }
        if case .addKeywords(let words) = change { facts.metadata.keywords += words }
        judged.facts = facts
        made.append((photo.id, change.command))
        return Judged(photo: judged, sidecar: photo.id + ".xmp", changed: true, created: made.count == 1)
    }

    private var marks: Set<String> = []
    func mark(_ ids: [String], _ marking: Bool) async -> (changed: Int, marked: Int) {
        var changed = 0
        for id in ids { if marking ? marks.insert(id).inserted : marks.remove(id) != nil { changed += 1 } }
        return (changed, marks.count)
    }

    func undo() async throws -> Undone? {
        guard let last = made.popLast() else { return nil }
        return Undone(photoID: last.id, command: last.command, sidecar: last.id + ".xmp", removed: made.isEmpty)
    }
}

@MainActor
@Suite struct PhotoDetailJudgementTests {
    /// A folder's photo (it has facts), shown in a detail whose judgements go to `judges`.
    func detail(_ judges: (any PhotoJudgingWorker)?, describer: PhotoDescribingWorker? = nil, pictures: PhotoPicturesWorker? = nil) -> (
        PhotoDetailInteractor, DetailPresenterSpy, CollectingEffects
    ) {
        let interactor = PhotoDetailInteractor(pictures: pictures, describer: describer, judges: judges)
        let spy = DetailPresenterSpy(), effects = CollectingEffects()
        interactor.presenter = spy
        interactor.effects = effects
        var photo = Photo.fixture("a.jpg")
        photo.facts = PhotoFacts(relativePath: Array("a.jpg".utf8), format: .jpeg, fileSize: 10, metadata: PhotoMetadata())
        interactor.photos = [photo, .fixture("b.jpg")]
        interactor.photo = photo
        interactor.index = 0
        return (interactor, spy, effects)
    }

    /// The judgement goes to the worker, and the photo shown (in its list too) is the judged one.
    @Test func aJudgementIsWrittenAndShown() async throws {
        let judges = StubJudges()
        let (detail, spy, effects) = detail(judges)
        try detail.judgePhoto(.init(change: .rate(4), sharedToo: false))
        #expect(spy.judged.isEmpty && effects.pending == 1, "written by an effect the command awaits")
        try await effects.finish()
        let asked = await judges.asked
        #expect(asked.count == 1 && asked[0].id == "a.jpg" && asked[0].change == .rate(4) && !asked[0].sharedToo)
        #expect(detail.photo?.facts?.metadata.rating == 4 && detail.photos[0].facts?.metadata.rating == 4)
        #expect(try spy.judged.first?.result?.get().created == true)
    }

    /// Going back hands the judged photos to the list; an `undo` of a photo no longer shown reads
    /// that photo again, in the list and in what is handed back, and leaves the one shown alone.
    @Test func theJudgedPhotosAreHandedBackAndAnUndoneOneIsReadAgain() async throws {
        let judges = StubJudges()
        let (detail, _, effects) = detail(judges, describer: SidecarlessDescriber())
        try detail.judgePhoto(.init(change: .rate(4), sharedToo: false))
        try await effects.finish()
        #expect(detail.judged["a.jpg"]?.facts?.metadata.rating == 4)
        // On to b.jpg, then `undo`: the stub takes back a.jpg's rating.
        detail.photo = detail.photos[1]
        detail.index = 1
        try detail.undoJudgement()
        try await effects.finish()
        #expect(detail.photos[0].facts?.metadata.rating == nil && detail.judged["a.jpg"]?.facts?.metadata.rating == nil)
        #expect(detail.photo?.id == "b.jpg" && detail.judged["b.jpg"] == nil)
    }

    /// A failure is the presenter's to word; the photo stays as it was.
    @Test func aRefusalChangesNothing() async throws {
        let judges = StubJudges()
        await judges.failNext(PhotosWorkerError("IMG.xmp is a symbolic link"))
        let (detail, spy, effects) = detail(judges)
        try detail.judgePhoto(.init(change: .label(.red), sharedToo: true))
        try await effects.finish()
        #expect(detail.photo?.facts?.metadata.label == nil)
        guard case .failure(let failure)? = spy.judged.first?.result else {
            Issue.record("not a failure")
            return
        }
        #expect(failure.message == "IMG.xmp is a symbolic link")
    }

    static let advancing = PhotoDetail.Judge.Request(
        change: .rate(4), sharedToo: false, advance: (pictureBox: PixelSize(width: 8, height: 6), playback: nil))

    /// `--advance`: the next photo is decoded while the judgement is written (the judges write
    /// only once its picture was asked for: done one after the other, this would never end), and
    /// shown once it is judged.
    @Test(.timeLimit(.minutes(5))) func anAdvanceMakesTheNextPhotoReadyWhileTheJudgementIsWritten() async throws {
        let asked = Signal()
        let pictures = SignallingPictures(for: "b.jpg", asked)
        let judges = WaitingJudges(until: asked, pictures: pictures)
        let (detail, spy, effects) = detail(judges, pictures: pictures)
        try detail.judgePhoto(Self.advancing)
        try await effects.finish()
        #expect(await judges.pictureAskedBeforeWriting == [true])
        #expect(detail.index == 1 && detail.photo?.id == "b.jpg")
        #expect(spy.responses.map(\.photo?.id) == ["b.jpg"] && spy.responses.first?.index == 1 && spy.responses.first?.photoCount == 2)
        #expect(try spy.responses.first?.picture?.get() == FakePicturesWorker.picture("b.jpg", PixelSize(width: 8, height: 6)))
        #expect(detail.photos[0].facts?.metadata.rating == 4, "the judged photo stays judged in the list")
    }

    /// With `--both` the next photo may share the sidecar written: it is read only after the write.
    @Test func anAdvanceOverASharedSidecarReadsTheNextPhotoAfterTheWrite() async throws {
        let pictures = SignallingPictures(for: "b.jpg", Signal())
        let judges = WaitingJudges(until: nil, pictures: pictures)
        let (detail, spy, effects) = detail(judges, pictures: pictures)
        var request = Self.advancing
        request.sharedToo = true
        try detail.judgePhoto(request)
        try await effects.finish()
        #expect(await judges.pictureAskedBeforeWriting == [false])
        #expect(detail.index == 1 && spy.responses.map(\.photo?.id) == ["b.jpg"])
    }

    /// A judgement refused stays on its photo (the next one's picture, made ready, is dropped); the
    /// last photo stays shown after its judgement.
    @Test func anAdvanceGoesNowhereAfterARefusalOrFromTheLastPhoto() async throws {
        let pictures = FakePicturesWorker()
        let judges = StubJudges()
        await judges.failNext(PhotosWorkerError("a.jpg.xmp is a symbolic link"))
        let (detail, spy, effects) = detail(judges, pictures: pictures)
        try detail.judgePhoto(Self.advancing)
        try await effects.finish()
        #expect(detail.index == 0 && detail.photo?.id == "a.jpg" && spy.responses.isEmpty && spy.judged.count == 1)
        detail.index = 1
        detail.photo = detail.photos[1]
        try detail.judgePhoto(Self.advancing)
        try await effects.finish()
        #expect(detail.index == 1 && spy.responses.isEmpty && spy.judged.count == 2)
    }

    /// A judgement's command, as echoed and as `undo` names it, reads back as the same words.
    @Test func aJudgementsCommandReadsBackAsTyped() throws {
        let words = ["new york", "it's", "trips|2024", "plain", "Крым"]
        for change in [JudgementChange.addKeywords(words), .removeKeywords(words)] {
            #expect(try Tokenizer.words(change.command).dropFirst(2) == ArraySlice(words), "\(change.command)")
        }
        #expect(JudgementChange.addKeywords(["new york", "plain"]).command == "keyword add 'new york' plain")
    }

    /// A photo that is not a file (the catalog's, Unsplash's) has no sidecar: refused at once.
    @Test func aPhotoThatIsNoFileIsNotJudged() async throws {
        let (detail, spy, effects) = detail(nil)
        try detail.judgePhoto(.init(change: .reject, sharedToo: false))
        #expect(effects.pending == 0)
        guard case .failure(let failure)? = spy.judged.first?.result else {
            Issue.record("not a failure")
            return
        }
        #expect(failure.message.contains("only a folder's photos are judged"))
    }

    @Test func wording() throws {
        let view = DetailDisplaySpy()
        let presenter = PhotoDetailPresenter()
        presenter.view = view
        var photo = Photo.fixture("IMG_0001.CR2")
        photo.facts = PhotoFacts(relativePath: Array("IMG_0001.CR2".utf8), format: .jpeg, fileSize: 10, metadata: PhotoMetadata())
        photo.facts?.metadata.keywords = ["beach", "sea, salt"]
        let judged = Judged(photo: photo, sidecar: "IMG_0001.CR2.xmp", changed: true, created: true)
        try presenter.presentJudged(.init(result: .success(judged), change: .rate(3)))
        try presenter.presentJudged(.init(result: .success(judged), change: .rate(0)))
        try presenter.presentJudged(.init(result: .success(Judged(photo: photo, sidecar: "IMG_0001.xmp", changed: false)), change: .reject))
        try presenter.presentJudged(.init(result: .success(judged), change: .label(nil)))
        try presenter.presentJudged(.init(result: .success(judged), change: .addKeywords(["sea, salt"])))
        try presenter.presentJudged(.init(result: .failure(PhotosWorkerError("it is a link")), change: .label(.purple)))
        try presenter.presentJudged(.init(result: nil, change: .rate(2)))
        try presenter.presentUndone(
            .init(result: .success(Undone(photoID: "IMG_0001.CR2", command: "rate 3", sidecar: "IMG_0001.CR2.xmp", removed: true))))
        try presenter.presentUndone(.init(result: .success(nil)))
        #expect(
            view.judged == [
                .init(message: "IMG_0001.CR2 rated 3 ★★★☆☆: written to IMG_0001.CR2.xmp (a new sidecar)", failed: false),
                .init(message: "IMG_0001.CR2 rated 0 (no stars): written to IMG_0001.CR2.xmp (a new sidecar)", failed: false),
                .init(message: "IMG_0001.CR2 rejected ✗: IMG_0001.xmp already said so", failed: false),
                .init(message: "IMG_0001.CR2 label removed: written to IMG_0001.CR2.xmp (a new sidecar)", failed: false),
                .init(message: "IMG_0001.CR2 keywords beach, \"sea, salt\": written to IMG_0001.CR2.xmp (a new sidecar)", failed: false),
                .init(message: "label purple failed: it is a link", failed: true),
                .init(message: "interrupted: rate 2 was cancelled and changed nothing", failed: true),
                .init(message: "undid 'rate 3' on IMG_0001.CR2: IMG_0001.CR2.xmp removed (photorepl had made it)", failed: false),
                .init(message: "Nothing to undo: no photo was judged, copied, moved, renamed or trashed in this session.", failed: false)
            ])
    }
}

/// Something that happened once, awaited by others.
actor Signal {
    private var happened = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func fire() {
        happened = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }

    /// Returns once it happened, or once the waiting task is cancelled (a test's time limit): a
    /// cancellation fires it, so that no test waits for ever.
    func wait() async {
        if happened { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { waiting.append($0) }
        } onCancel: {
            Task { await self.fire() }
        }
    }
}

/// Pictures as FakePicturesWorker gives them, firing `signal` when the photo `id`'s is asked for.
actor SignallingPictures: PhotoPicturesWorker {
    let id: String
    let signal: Signal
    private let pictures = FakePicturesWorker()
    private(set) var asked = false

    init(for id: String, _ signal: Signal) { (self.id, self.signal) = (id, signal) }

    func pixels(for photo: Photo, fitting box: PixelSize) async throws -> Pixels {
        if photo.id == id {
            asked = true
            await signal.fire()
        }
        return try await pictures.pixels(for: photo, fitting: box)
    }
}

/// Judges as StubJudges does, each judgement after `signal` fired (none: at once), noting
/// whether the watched picture had been asked for by then.
actor WaitingJudges: PhotoJudgingWorker {
    private let judges = StubJudges()
    private let signal: Signal?
    private let pictures: SignallingPictures
    private(set) var pictureAskedBeforeWriting: [Bool] = []

    init(until signal: Signal?, pictures: SignallingPictures) { (self.signal, self.pictures) = (signal, pictures) }

    func judge(_ photo: Photo, _ change: JudgementChange, sharedToo: Bool) async throws -> Judged {
        await signal?.wait()
        pictureAskedBeforeWriting.append(await pictures.asked)
        return try await judges.judge(photo, change, sharedToo: sharedToo)
    }

    func mark(_ ids: [String], _ marking: Bool) async -> (changed: Int, marked: Int) { await judges.mark(ids, marking) }
    func undo() async throws -> Undone? { try await judges.undo() }
}

/// Reads a photo's header as a folder would once its sidecar is gone: no judgement.
struct SidecarlessDescriber: PhotoDescribingWorker {
    func described(_ photo: Photo) async -> Photo {
        var photo = photo
        photo.facts?.metadata.rating = nil
        photo.facts?.metadataRead = true
        return photo
    }

    func allTags(of photo: Photo) async -> Result<[MetadataTag], MetadataReader.Failure> { .success([]) }
}
