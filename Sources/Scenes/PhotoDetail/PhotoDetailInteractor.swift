import PhotoDomain

@MainActor
public protocol PhotoDetailBusinessLogic: AnyObject {
    /// Loads the photo at `index` (when the scene loads).
    func loadPhoto(_ request: PhotoDetail.Show.Request)
    /// Shows the loaded photo again, at its current position.
    func showPhoto(_ request: PhotoDetail.Show.Request)
}

/// What the detail scene keeps; routers write it (from the collection, and from the sheet).
@MainActor
public protocol PhotoDetailDataStore: AnyObject {
    var photos: [Photo] { get set }
    /// 0-based position of the photo; the sheet writes the new one here.
    var index: Int? { get set }
}

public final class PhotoDetailInteractor: PhotoDetailBusinessLogic, PhotoDetailDataStore {
    var presenter: PhotoDetailPresentationLogic?

    public var photos: [Photo] = []
    public var index: Int?
    /// The photo shown. It stays the same when a move changes `index`: it is the same photo,
    /// only its position will change.
    private(set) var photo: Photo?

    public init() {}

    public func loadPhoto(_ request: PhotoDetail.Show.Request) {
        photo = index.flatMap { photos.indices.contains($0) ? photos[$0] : nil }
        showPhoto(request)
    }

    public func showPhoto(_ request: PhotoDetail.Show.Request) {
        presenter?.presentPhoto(.init(photo: photo, index: index, photoCount: photos.count))
    }
}
