/// Where photos come from (`GET /photos/random?count=N` in the original). Injected into the
/// collection interactor at the composition root; tests inject fakes.
public protocol PhotosWorker: Sendable {
    /// `count` random photos, 1…30. Throws a `PhotosWorkerError` (or `CancellationError`).
    func fetchRandomPhotos(count: Int) async throws -> [Photo]
    /// The same, with what the source has to say about it (a folder: what it found and skipped).
    func fetch(count: Int) async throws -> FetchedPhotos
}

extension PhotosWorker {
    public func fetch(count: Int) async throws -> FetchedPhotos {
        FetchedPhotos(photos: try await fetchRandomPhotos(count: count))
    }
}

/// A fetch's photos, and notes for the user about how they were found.
public struct FetchedPhotos: Equatable, Sendable {
    public var photos: [Photo]
    /// Lines shown before the photos, e.g. `Found 8 photos in ~/Pictures (3 files skipped: …)`.
    public var notes: [String]

    public init(photos: [Photo], notes: [String] = []) {
        self.photos = photos
        self.notes = notes
    }
}

/// Why a fetch failed, in words a user can act on.
public struct PhotosWorkerError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
