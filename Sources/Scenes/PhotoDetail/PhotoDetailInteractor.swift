import Imaging
import PhotoDomain

@MainActor
public protocol PhotoDetailBusinessLogic: AnyObject {
    /// Loads the photo at `index` (when the scene loads), with its picture when the request asks.
    func loadPhoto(_ request: PhotoDetail.Show.Request) async
    /// Shows the loaded photo again, at its current position.
    func showPhoto(_ request: PhotoDetail.Show.Request) async
    /// `loadPhoto` for a request that asks for no picture: there is nothing to wait for.
    func loadPhotoWithoutPicture()
    /// `showPhoto` for a request that asks for no picture.
    func showPhotoWithoutPicture()
    /// Writes the photo's image file. Throws only CancellationError (Ctrl-C), and then writes nothing.
    func savePhoto(_ request: PhotoDetail.Save.Request) async throws
}

/// What the detail scene keeps; routers write it (from the collection, and from the sheet).
@MainActor
public protocol PhotoDetailDataStore: AnyObject {
    var photos: [Photo] { get set }
    /// 0-based position of the photo; the sheet writes the new one here.
    var index: Int? { get set }
    /// Whether the photos are the collection's own list, where a move applies (false when the detail
    /// was opened from a photographer's photos).
    var movesInCollection: Bool { get set }
    /// Where the photos came from when they are not the collection's: `the photographer's photos`,
    /// `the search results`; and the `state` key of the position among them.
    var otherList: (name: String, stateKey: String) { get set }
    /// The photo shown, once the scene has loaded.
    var photo: Photo? { get }
}

public final class PhotoDetailInteractor: PhotoDetailBusinessLogic, PhotoDetailDataStore {
    var presenter: PhotoDetailPresentationLogic?
    private let pictures: PhotoPicturesWorker?
    private let saver: PhotoSavingWorker?

    public var photos: [Photo] = []
    public var index: Int?
    public var movesInCollection = true
    public var otherList = (name: "the photographer's photos", stateKey: "authorIndex")
    /// The photo shown. It stays the same when a move changes `index`: it is the same photo,
    /// only its position will change.
    public private(set) var photo: Photo?

    public init(pictures: PhotoPicturesWorker? = nil, saver: PhotoSavingWorker? = nil) {
        self.pictures = pictures
        self.saver = saver
    }

    public func loadPhoto(_ request: PhotoDetail.Show.Request) async {
        selectPhoto()
        await showPhoto(request)
    }

    public func showPhoto(_ request: PhotoDetail.Show.Request) async {
        let picture = if let photo { await PictureLoading.load(pictures, photo, box: request.pictureBox) } else { Result<Pixels, PictureFailure>?.none }
        presenter?.presentPhoto(.init(photo: photo, picture: picture, index: index, photoCount: photos.count, explainsPicture: request.explainsPicture))
    }

    public func loadPhotoWithoutPicture() {
        selectPhoto()
        showPhotoWithoutPicture()
    }

    public func showPhotoWithoutPicture() {
        presenter?.presentPhoto(.init(photo: photo, picture: nil, index: index, photoCount: photos.count))
    }

    private func selectPhoto() {
        photo = index.flatMap { photos.indices.contains($0) ? photos[$0] : nil }
    }

    public func savePhoto(_ request: PhotoDetail.Save.Request) async throws {
        guard let photo, let saver else { return }
        let result: Result<SavedPhoto, PhotosWorkerError>
        do {
            result = .success(try await saver.save(photo, to: request.path, replacing: request.replacing))
        } catch let failure as PhotosWorkerError {
            result = .failure(failure)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            result = .failure(PhotosWorkerError("\(error)"))
        }
        presenter?.presentSaved(.init(result: result, position: index ?? 0))
    }
}
