/// Where the photographer scene gets a photographer's profile and photos: Unsplash asks
/// `GET /users/:username` and `GET /users/:username/photos`; the catalog and a folder look through
/// their own photos.
public protocol PhotographersWorker: Sendable {
    /// `user`'s profile (as complete as the source has it) and their photos, at most `limit`.
    /// Throws PhotosWorkerError with words for the user, or CancellationError (Ctrl-C).
    func photographer(_ user: Photo.User, limit: Int) async throws -> PhotographerPhotos
}

/// A photographer and their photos, as a source found them.
public struct PhotographerPhotos: Equatable, Sendable {
    public var profile: Photo.User
    public var photos: [Photo]

    public init(profile: Photo.User, photos: [Photo]) {
        self.profile = profile
        self.photos = photos
    }
}
