import Imaging
import PhotoDomain
import REPLEngine

@MainActor
protocol PhotoDetailBusinessLogic: AnyObject {
    /// Shows the photo at its current position: when the scene loads, on `show`, and when the sheet
    /// above it closes. With a picture to decode, the photo is shown by an effect the command awaits
    /// (the picture above the fields); without, at once.
    func showPhoto(_ request: PhotoDetail.Show.Request)
    /// Writes the photo's image file, by an effect the command awaits; Ctrl-C writes nothing.
    func savePhoto(_ request: PhotoDetail.Save.Request)
    /// `edit` and `move N`: the index-edit sheet, where the list the photo came from can be reordered.
    func choosePosition(_ request: PhotoDetail.Move.Request)
    /// `next` and `prev`: shows the photo beside this one in the list it was opened from (as
    /// `showPhoto` shows one), or says there is none that way.
    func stepPhoto(_ request: PhotoDetail.Step.Request)
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
    /// Where `next` past the last of `photos` gets more, for a list with pages still to load (a
    /// feed, search results): the photos added, or nil when there are none.
    var loadMore: (@MainActor () async -> [Photo]?)? { get set }
    /// The list's name and its position's key, handed over by the router that opened it.
    var origin: PhotoDetail.Origin { get set }
    /// The moves saved here, in order: going back hands them to the scene below.
    var moves: [PhotoDetail.Moved] { get }
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

    var photo: Photo?
    var photoCount: Int { photos.count }
    var index: Int?
    var photos: [Photo] = []
    var loadMore: (@MainActor () async -> [Photo]?)?
    private(set) var moves: [PhotoDetail.Moved] = []
    /// Until a router says: a list no move applies to, the position under `index`.
    var origin = PhotoDetail.Origin(listName: "the list it was opened from", positionKey: "index", canMove: false)

    init(pictures: PhotoPicturesWorker? = nil, saver: PhotoSavingWorker? = nil, describer: PhotoDescribingWorker? = nil) {
        self.pictures = pictures
        self.saver = saver
        self.describer = describer
    }

    func showPhoto(_ request: PhotoDetail.Show.Request) {
        placeMovedPhoto()
        let box = pictures == nil ? nil : request.pictureBox
        let listedByName = describer != nil && photo.map { $0.width == 0 && $0.height == 0 } == true
        guard let photo, let effects, box != nil || listedByName else {
            presenter?.presentPhoto(.init(photo: photo, picture: nil, index: index, photoCount: photoCount, explainsPicture: request.explainsPicture))
            return
        }
        effects.finishBeforeCommandEnds { [self] in
            var shown = photo
            if listedByName, let describer {
                // Its header read now, once: the list it came from named it only.
                shown = await describer.described(photo)
                self.photo = shown
                if let index, photos.indices.contains(index), photos[index].id.utf8.elementsEqual(shown.id.utf8) { photos[index] = shown }
            }
            var response = PhotoDetail.Show.Response(photo: shown, picture: nil, index: index, photoCount: photoCount, explainsPicture: request.explainsPicture)
            if let box, let pictures { response.picture = await PictureLoading.load(pictures, shown, box: box) }
            presenter?.presentPhoto(response)
        }
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
            presenter?.presentSaved(.init(result: result, position: position))
        }
    }

    /// After the sheet saved a position (`index`): the photo takes it in the list it steps through too,
    /// and the move is kept for the scene below (a photo moved again, with no step between, is one move).
    private func placeMovedPhoto() {
        guard let photo, let index, photos.indices.contains(index),
              let from = photos.firstIndex(where: { $0.id.utf8.elementsEqual(photo.id.utf8) }), from != index else { return }
        photos.insert(photos.remove(at: from), at: index)
        if let last = moves.last, last.to == from {
            moves[moves.count - 1].to = index
            if moves[moves.count - 1].from == index { moves.removeLast() }
        } else {
            moves.append(PhotoDetail.Moved(from: from, to: index))
        }
    }

    func stepPhoto(_ request: PhotoDetail.Step.Request) {
        placeMovedPhoto()
        guard let index else { return }
        let target = index + request.delta
        if target == photos.count, let loadMore, let effects {
            effects.finishBeforeCommandEnds { [self] in
                guard let added = await loadMore() else {
                    return presenter?.presentStepRefused(.init(delta: request.delta, index: index, photoCount: photoCount, listName: origin.listName)) ?? ()
                }
                // A load that failed (or brought nothing new) has said so: the photo stays.
                guard !added.isEmpty else { return }
                photos += added
                step(to: target, pictureBox: request.pictureBox)
            }
            return
        }
        guard photos.indices.contains(target) else {
            presenter?.presentStepRefused(.init(delta: request.delta, index: index, photoCount: photoCount, listName: origin.listName))
            return
        }
        step(to: target, pictureBox: request.pictureBox)
    }

    private func step(to target: Int, pictureBox: PixelSize?) {
        index = target
        photo = photos[target]
        showPhoto(.init(pictureBox: pictureBox))
    }

    func choosePosition(_ request: PhotoDetail.Move.Request) {
        guard origin.canMove else {
            presenter?.presentMoveRefused(.init(listName: origin.listName))
            return
        }
        presenter?.presentIndexEdit(.init(position: request.position))
    }
}
