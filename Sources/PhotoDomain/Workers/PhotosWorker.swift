/// Where photos come from (`GET /photos/random?count=N` in the original). Injected into the
/// collection interactor at the composition root; tests inject fakes.
public protocol PhotosWorker: Sendable {
    /// `count` random photos, 1…30. Throws a `PhotosWorkerError` (or `CancellationError`).
    func fetchRandomPhotos(count: Int) async throws -> [Photo]
    /// The same, with what the source has to say about it (a folder: what it found and skipped).
    func fetch(count: Int) async throws -> FetchedPhotos
    /// What a rate-limited source's last answer said of its quota (any request: a fetch, a save).
    var rateLimit: RateLimit? { get }
}

extension PhotosWorker {
    public var rateLimit: RateLimit? { nil }

    public func fetch(count: Int) async throws -> FetchedPhotos {
        FetchedPhotos(photos: try await fetchRandomPhotos(count: count))
    }
}

/// A fetch's photos, and notes for the user about how they were found.
public struct FetchedPhotos: Equatable, Sendable {
    public var photos: [Photo]
    /// Lines shown before the photos, e.g. `Found 8 photos in ~/Pictures (3 files skipped: …)`.
    public var notes: [String]
    /// How many photos a whole listing had before its filters (nil: it had none).
    public var totalCount: Int?

    public init(photos: [Photo], notes: [String] = [], totalCount: Int? = nil) {
        self.photos = photos
        self.notes = notes
        self.totalCount = totalCount
    }
}

/// A source's quota: requests allowed in its window, and how many are left.
public struct RateLimit: Equatable, Sendable {
    public var limit: Int
    public var remaining: Int

    public init(limit: Int, remaining: Int) {
        self.limit = limit
        self.remaining = remaining
    }
}

/// A photo's image file, written where the user asked (`save`).
/// Everything a source of photos does for the scenes: random photos and photographers, pages of a
/// feed and of search results, and saving a photo's file. The catalog, a folder and Unsplash are
/// each one; the composition root hands the session's to every scene.
public typealias PhotoSourceWorker = PhotosWorker & PhotographersWorker & PhotoFeedWorker & PhotoSearchWorker & PhotoSavingWorker

public protocol PhotoSavingWorker: Sendable {
    /// Writes the photo's image to `path` (nil: a name made from its id, in the current directory),
    /// never over an existing file unless `replacing`. Throws `PhotosWorkerError` saying why not.
    func save(_ photo: Photo, to path: String?, replacing: Bool) async throws -> SavedPhoto
}

public struct SavedPhoto: Equatable, Sendable {
    public var path: String
    public var byteCount: Int
    /// Something the user should know although the file was written (a download not reported).
    public var note: String?

    public init(path: String, byteCount: Int, note: String? = nil) {
        self.path = path
        self.byteCount = byteCount
        self.note = note
    }
}

/// Why a fetch failed, in words a user can act on.
public struct PhotosWorkerError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
