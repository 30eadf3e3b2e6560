import Imaging
import PhotoDomain
import REPLEngine

@MainActor
protocol PhotoDetailBusinessLogic: AnyObject {
    /// Shows the photo at its current position: when the scene loads, on `show`, and when the sheet
    /// above it closes. With a picture to decode, the photo is shown by an effect the command awaits
    /// (the picture above the fields); without, at once.
    func showPhoto(_ request: PhotoDetail.Show.Request) throws(CommandError)
    /// Writes the photo's image file, by an effect the command awaits; Ctrl-C writes nothing.
    func savePhoto(_ request: PhotoDetail.Save.Request)
    /// Every tag of the photo's file, read by the metadata library (a folder's photo only).
    func showInfo(_ request: PhotoDetail.Info.Request) async throws(CommandError)
    /// `rate`, `reject`, `label`, `keyword`: the judgement written into the photo's sidecar, by an
    /// effect the command awaits.
    func judgePhoto(_ request: PhotoDetail.Judge.Request) throws(CommandError)
    /// `undo`: the session's last judgement taken back, by an effect the command awaits.
    func undoJudgement() throws(CommandError)
    /// `mark` and `unmark`: the photo shown marked for this session, or not.
    func markPhoto(_ marking: Bool) async throws(CommandError)
    /// `paths`: the file of the photo shown, or of the marked photos.
    func listPaths(_ request: PhotoPaths.Request) async throws(CommandError)
    /// `copy DIR`, `move DIR`: the photo shown, or the marked photos, copied or moved into DIR.
    func actOnFiles(_ request: PhotoFileActions.Request) async throws(CommandError)
    /// Whether the photo shown is a file it can act on (a folder's).
    var actsOnFiles: Bool { get }
    /// `actOnFiles`, by an effect the command awaits: for a command that is not itself awaited.
    func actOnFilesBeforeTheCommandEnds(_ request: PhotoFileActions.Request)
    /// `edit` and `move N`: the index-edit sheet, where the list the photo came from can be reordered.
    func choosePosition(_ request: PhotoDetail.Move.Request) throws(CommandError)
    /// `next` and `prev`: shows the photo beside this one in the list it was opened from (as
    /// `showPhoto` shows one), or says there is none that way.
    func stepPhoto(_ request: PhotoDetail.Step.Request) throws(CommandError)
    /// Stops the animation playing: before another picture is shown or the detail is left, and
    /// when the view can no longer draw its frames in place.
    func stopAnimation()
}

/// Whether a key was pressed while an animation is redrawn (the terminal's keyboard; a fake in
/// tests): a key stops it, and stays for the line typed next.
@MainActor
protocol KeyPressWatching: AnyObject {
    func startWatching()
    func keyWasPressed() -> Bool
    func stopWatching()
}

/// The scene a detail was opened from, as the detail asks it for more photos when `next` steps past
/// the last it was handed (a feed, search results).
@MainActor
protocol MorePhotosSource: AnyObject {
    /// The source's next page, appended to the scene's list (and said so): the photos added; nil
    /// when the source has no more; none when the load failed or added nothing (what came of it
    /// was said).
    func loadMoreForDetail() async throws(CommandError) -> [Photo]?
}

/// What the detail scene keeps; routers write it (from the collection, and from the sheet).
@MainActor
protocol PhotoDetailDataStore: AnyObject {
    /// The photo shown, handed over by the router that opened it (nil when its index pointed at
    /// none). It stays the same when a move changes `index`: only its position changes.
    var photo: Photo? { get set }
    /// How many photos the list it was opened from holds (`photos.count`): positions are 1…photoCount.
    var photoCount: Int { get }
    /// 0-based position of the photo; the sheet writes the new one here.
    var index: Int? { get set }
    /// The list the photo was opened from, handed over by the router that opened it, and what
    /// `next` and `prev` step through (in the order the moves saved here give it).
    var photos: [Photo] { get set }
    /// Where `next` past the last of `photos` gets more: the scene the photo was opened from (not
    /// owned: it is below this one on the stack).
    var morePhotos: (any MorePhotosSource)? { get set }
    /// The list's name and its position's key, handed over by the router that opened it.
    var origin: PhotoDetail.Origin { get set }
    /// The moves saved here, in order: going back hands them to the scene below.
    var moves: [PhotoDetail.Moved] { get }
    /// The photos judged here (or whose judgement `undo` took back) as they are now, by id: going
    /// back hands them to the scene below, whose list shows their judgements.
    var judged: [String: Photo] { get }
}

final class PhotoDetailInteractor: PhotoDetailBusinessLogic, PhotoDetailDataStore {
    var presenter: PhotoDetailPresentationLogic?
    /// Where a picture's decode is scheduled: the engine awaits it before the command ends. Not
    /// owned: the engine outlives its scenes.
    weak var effects: (any SceneEffects)?
    private let pictures: PhotoPicturesWorker?
    private let saver: PhotoSavingWorker?
    /// Reads the header of a photo listed by name only (a folder browsed whole), for its fields.
    private let describer: PhotoDescribingWorker?
    /// Decodes an animated photo's frames as they play.
    private let animations: PhotoAnimationsWorker?
    /// Keeps judgements in the photos' sidecars (a folder's photos only).
    private let judges: PhotoJudgingWorker?
    /// Acts on the photo as a file (a folder's).
    private let acting: (any PhotoFileWorker)?
    /// Where `copy` asks before it acts.
    weak var questions: (any SceneQuestions)?
    private let keys: KeyPressWatching?
    /// Raised by `stopAnimation` while frames are redrawn: the loop ends before its next frame.
    private var animationStopRequested = false

    var photo: Photo?
    var photoCount: Int { photos.count }
    var index: Int?
    var photos: [Photo] = []
    weak var morePhotos: (any MorePhotosSource)?
    private(set) var moves: [PhotoDetail.Moved] = []
    private(set) var judged: [String: Photo] = [:]
    /// Until a router says: a list no move applies to, the position under `index`.
    var origin = PhotoDetail.Origin(listName: "the list it was opened from", positionKey: "index", canMove: false)

    init(
        pictures: PhotoPicturesWorker? = nil, saver: PhotoSavingWorker? = nil, describer: PhotoDescribingWorker? = nil,
        animations: PhotoAnimationsWorker? = nil, keys: KeyPressWatching? = nil, judges: PhotoJudgingWorker? = nil,
        acting: (any PhotoFileWorker)? = nil
    ) {
        self.judges = judges
        self.acting = acting
        self.pictures = pictures
        self.saver = saver
        self.describer = describer
        self.animations = animations
        self.keys = keys
    }

    func showPhoto(_ request: PhotoDetail.Show.Request) throws(CommandError) {
        placeMovedPhoto()
        let box = pictures == nil ? nil : request.pictureBox
        guard let photo, let effects, box != nil || describer != nil else {
            try presenter?.presentPhoto(
                .init(photo: photo, picture: nil, index: index, photoCount: photoCount, explainsPicture: request.explainsPicture))
            return
        }
        effects.finishBeforeCommandEnds { [self] in
            try await present(prepared(photo, request), request)
        }
    }

    /// What `showPhoto` shows of `photo`: its header read (once, when the list it came from named
    /// it only; its frames counted, which no list shows) and its picture decoded. Nothing of the
    /// scene changes: `present` shows it.
    private func prepared(_ photo: Photo, _ request: PhotoDetail.Show.Request) async -> PhotoDetail.Show.Response {
        let shown = await describer?.described(photo) ?? photo
        var response = PhotoDetail.Show.Response(
            photo: shown, picture: nil, index: nil, photoCount: photoCount, explainsPicture: request.explainsPicture)
        if let box = request.pictureBox, let pictures { response.picture = await PictureLoading.load(pictures, shown, box: box) }
        return response
    }

    /// Shows what `prepared` made ready as the photo at `index`, and plays it when it is an
    /// animation.
    private func present(_ prepared: PhotoDetail.Show.Response, _ request: PhotoDetail.Show.Request) async throws(CommandError) {
        var response = prepared
        guard let shown = response.photo else { return }
        photo = shown
        if let index, photos.indices.contains(index), photos[index].id.utf8.elementsEqual(shown.id.utf8) { photos[index] = shown }
        response.index = index
        response.photoCount = photoCount
        // An animation plays after its first frame and the fields are shown, where the view's
        // terminal can play it and there is a first frame to start from.
        let playback = shown.frameCount != nil && animations != nil && (try? response.picture?.get()) != nil ? request.playback : nil
        response.startsAnimation = playback == .byTerminal
        response.playsAnimation = playback != nil
        try presenter?.presentPhoto(response)
        if let playback, let box = request.pictureBox { await play(shown, fitting: box, playback) }
    }

    func stopAnimation() {
        animationStopRequested = true
        presenter?.presentAnimationStopped()
    }

    /// Plays `photo`'s frames: handed to the view to send to a terminal that plays them, or drawn
    /// one after the other in place, each for its delay, until the bounds of `playback`, a key or Ctrl-C.
    private func play(_ photo: Photo, fitting box: PixelSize, _ playback: PhotoDetail.Animate.Playback) async {
        guard let animations else { return }
        animationStopRequested = false
        let frames: AnimationFrames
        do {
            guard let opened = try await animations.animation(of: photo, fitting: box) else { return }
            frames = opened
        } catch {
            if !Task.isCancelled { presenter?.presentAnimationFailure(.init(reason: "\(error)")) }
            return
        }
        do {
            switch playback {
            case .byTerminal:
                // The frames are the view's to send, and to stop, from the prompt.
                presenter?.presentAnimationSending(.init(frames: frames))
                return
            case .redrawn(let longest, let plays):
                keys?.startWatching()
                defer { keys?.stopWatching() }
                try await redraw(frames, longest: longest, plays: plays)
            }
        } catch {
            // Ctrl-C ends it with nothing more said; a frame that cannot be decoded is said.
            if !Task.isCancelled { presenter?.presentAnimationFailure(.init(reason: error.reason)) }
        }
        await frames.stop()
    }

    /// Each frame drawn in place for its delay, from the second on (the first is on screen), until
    /// `longest` has passed, `plays` plays (or the file's own count) are done, a key is pressed,
    /// the view can draw no more, or Ctrl-C.
    private func redraw(_ frames: AnimationFrames, longest: Duration, plays: Int) async throws(ImageFailure) {
        let clock = ContinuousClock()
        let started = clock.now
        var played = 0
        var skipsFirst = true
        while !animationStopRequested, !Task.isCancelled, clock.now - started < longest {
            guard let frame = try await frames.nextFrame() else {
                played += 1
                let asked = await frames.plays
                if played >= plays || (asked > 0 && played >= asked) { return }
                continue
            }
            if skipsFirst {
                skipsFirst = false
                if await waits(frame.delay, since: clock.now, until: started + longest) { return }
                continue
            }
            // A frame decoded as Ctrl-C or a key came (its decode too quick to notice) is not drawn.
            if animationStopRequested || Task.isCancelled || keys?.keyWasPressed() == true { return }
            presenter?.presentAnimationFrame(.init(frame: frame))
            if await waits(frame.delay, since: clock.now, until: started + longest) { return }
        }
    }

    /// Waits `delay` (no later than `end`) in short steps; true when a key, a stop or Ctrl-C came
    /// meanwhile.
    private func waits(_ delay: Duration, since start: ContinuousClock.Instant, until end: ContinuousClock.Instant) async -> Bool {
        let until = min(start + delay, end)
        while ContinuousClock.now < until {
            if animationStopRequested || Task.isCancelled || keys?.keyWasPressed() == true { return true }
            try? await Task.sleep(for: min(.milliseconds(20), until - ContinuousClock.now))
        }
        return animationStopRequested || Task.isCancelled || keys?.keyWasPressed() == true
    }

    func showInfo(_ request: PhotoDetail.Info.Request) async throws(CommandError) {
        guard let photo, let describer, photo.facts != nil else { return try presenter?.presentInfo(.init(tags: nil)) ?? () }
        let tags = await describer.allTags(of: photo)
        try presenter?.presentInfo(.init(tags: tags))
    }

    func savePhoto(_ request: PhotoDetail.Save.Request) {
        guard let photo, let saver else { return }
        let position = index ?? 0
        effects?.finishBeforeCommandEnds { [self] in
            let result: Result<SavedPhoto, PhotosWorkerError>?
            do {
                result = .success(try await saver.save(photo, to: request.path, replacing: request.replacing))
            } catch let failure as PhotosWorkerError {
                result = .failure(failure)
            } catch is CancellationError {
                result = nil
            } catch {
                result = .failure(PhotosWorkerError("\(error)"))
            }
            try presenter?.presentSaved(.init(result: result, position: position))
        }
    }

    /// After the sheet saved a position (`index`): the photo takes it in the list it steps through too,
    /// and the move is kept for the scene below (a photo moved again, with no step between, is one move).
    private func placeMovedPhoto() {
        guard let photo, let index, photos.indices.contains(index),
            let from = photos.firstIndex(where: { $0.id.utf8.elementsEqual(photo.id.utf8) }), from != index
        else { return }
        photos.insert(photos.remove(at: from), at: index)
        if let last = moves.last, last.to == from {
            moves[moves.count - 1].to = index
            if moves[moves.count - 1].from == index { moves.removeLast() }
        } else {
            moves.append(PhotoDetail.Moved(from: from, to: index))
        }
    }

    func stepPhoto(_ request: PhotoDetail.Step.Request) throws(CommandError) {
        placeMovedPhoto()
        guard let index else { return }
        let target = index + request.delta
        if target == photos.count, let morePhotos, let effects {
            effects.finishBeforeCommandEnds { [self] in
                guard let added = try await morePhotos.loadMoreForDetail() else {
                    return presenter?.presentStepRefused(
                        .init(delta: request.delta, index: index, photoCount: photoCount, listName: origin.listName)) ?? ()
                }
                // A load that failed (or brought nothing new) has said so: the photo stays.
                guard !added.isEmpty else { return }
                photos += added
                try step(to: target, pictureBox: request.pictureBox, playback: request.playback)
            }
            return
        }
        guard photos.indices.contains(target) else {
            presenter?.presentStepRefused(.init(delta: request.delta, index: index, photoCount: photoCount, listName: origin.listName))
            return
        }
        try step(to: target, pictureBox: request.pictureBox, playback: request.playback)
    }

    private func step(to target: Int, pictureBox: PixelSize?, playback: PhotoDetail.Animate.Playback?) throws(CommandError) {
        index = target
        photo = photos[target]
        try showPhoto(.init(pictureBox: pictureBox, playback: playback))
    }

    func judgePhoto(_ request: PhotoDetail.Judge.Request) throws(CommandError) {
        guard let photo else { return }
        guard let judges, photo.facts != nil else {
            let refusal = PhotosWorkerError(JudgementWording.notAFile)
            return try presenter?.presentJudged(.init(result: .failure(refusal), change: request.change)) ?? ()
        }
        // Auto-advance: on to the next photo once this one is judged, where there is one (the last
        // stays shown). The next photo is made ready while the judgement is written, so that a key
        // waits for the longer of the two, not for both; not when the judgement may change it
        // too (a sidecar they share, `--both`).
        placeMovedPhoto()
        let next = request.advance.flatMap { advance in
            index.flatMap { $0 + 1 < photos.count ? $0 + 1 : nil }.map {
                (index: $0, show: PhotoDetail.Show.Request(pictureBox: advance.pictureBox, playback: advance.playback))
            }
        }
        effects?.finishBeforeCommandEnds { [self] in
            async let nextShown = request.sharedToo ? nil : prepared(next)
            let result = await judges.judgement(of: photo, request.change, sharedToo: request.sharedToo)
            if case .success(let judged)? = result { replaceShown(judged.photo) }
            try presenter?.presentJudged(.init(result: result, change: request.change))
            guard case .success? = result, let next else { return }
            if let ready = await nextShown {
                index = next.index
                try await present(ready, next.show)
            } else {
                try step(to: next.index, pictureBox: next.show.pictureBox, playback: next.show.playback)
            }
        }
    }

    /// The photo at `next.index` made ready to show, when there is one and showing it takes an
    /// effect (its header to read or its picture to decode).
    private func prepared(_ next: (index: Int, show: PhotoDetail.Show.Request)?) async -> PhotoDetail.Show.Response? {
        guard let next, photos.indices.contains(next.index), pictures != nil && next.show.pictureBox != nil || describer != nil else {
            return nil
        }
        return await prepared(photos[next.index], next.show)
    }

    func listPaths(_ request: PhotoPaths.Request) async throws(CommandError) {
        guard let acting else { return }
        try presenter?.presentPaths(await PhotoPaths.response(to: request, shown: photo.map { [$0] } ?? [], from: acting))
    }

    var actsOnFiles: Bool { acting != nil }

    func actOnFilesBeforeTheCommandEnds(_ request: PhotoFileActions.Request) {
        effects?.finishBeforeCommandEnds { [self] in try await actOnFiles(request) }
    }

    func actOnFiles(_ request: PhotoFileActions.Request) async throws(CommandError) {
        guard let acting else { return }
        let response = await PhotoFileActions.response(to: request, shown: photo.map { [$0] } ?? [], acting: acting, questions: questions)
        // The photo shown moved away: the detail closes on the list, which follows it; also when the
        // action stopped part way after moving it (its failure is then the command's).
        var movedAway = false
        if case .done(let plan, let outcome) = response, plan.action != .copy, let photo {
            movedAway = outcome.files.contains(where: { $0.photoID == photo.id && !$0.isSidecar })
        }
        do {
            try presenter?.presentFileAction(response)
        } catch {
            if movedAway { try? presenter?.presentPhotoMovedAway() }
            throw error
        }
        if movedAway { try presenter?.presentPhotoMovedAway() }
    }

    func markPhoto(_ marking: Bool) async throws(CommandError) {
        guard let photo else { return }
        guard let judges, photo.facts != nil else {
            return try presenter?.presentMarked(.init(photoID: photo.id, marking: marking, outcome: .notAFile)) ?? ()
        }
        let (changed, marked) = await judges.mark([photo.id], marking)
        try presenter?.presentMarked(.init(photoID: photo.id, marking: marking, outcome: .done(changed: changed > 0, marked: marked)))
    }

    func undoJudgement() throws(CommandError) {
        guard let judges else {
            return try presenter?.presentUndone(.init(result: .success(nil))) ?? ()
        }
        effects?.finishBeforeCommandEnds { [self] in
            do {
                let undone = try await judges.undo()
                // The photo undone, shown or not: its judgement read again from its sidecar.
                let undoneID = undone.map { Array($0.photoID.utf8) }
                if let undoneID, let describer,
                    let before = photo.flatMap({ $0.id.utf8.elementsEqual(undoneID) ? $0 : nil })
                        ?? photos.first(where: { $0.id.utf8.elementsEqual(undoneID) })
                {
                    var fresh = before
                    fresh.facts?.metadataRead = false
                    replaceJudged(await describer.described(fresh))
                }
                try presenter?.presentUndone(.init(result: .success(undone)))
            } catch let failure as PhotosWorkerError {
                try presenter?.presentUndone(.init(result: .failure(failure)))
            } catch {
                try presenter?.presentUndone(.init(result: .failure(PhotosWorkerError("\(error)"))))
            }
        }
    }

    /// The photo shown as it is now (judged), in the list it steps through too.
    private func replaceShown(_ shown: Photo) {
        photo = shown
        if let index, photos.indices.contains(index), photos[index].id.utf8.elementsEqual(shown.id.utf8) { photos[index] = shown }
        judged[shown.id] = shown
    }

    /// A photo judged again (its judgement taken back), wherever it is: shown, in the list, or both.
    private func replaceJudged(_ changed: Photo) {
        if let photo, photo.id.utf8.elementsEqual(changed.id.utf8) { self.photo = changed }
        if let i = photos.firstIndex(where: { $0.id.utf8.elementsEqual(changed.id.utf8) }) { photos[i] = changed }
        judged[changed.id] = changed
    }

    func choosePosition(_ request: PhotoDetail.Move.Request) throws(CommandError) {
        guard origin.canMove else {
            try presenter?.presentMoveRefused(.init(listName: origin.listName))
            return
        }
        try presenter?.presentIndexEdit(.init(position: request.position))
    }
}
