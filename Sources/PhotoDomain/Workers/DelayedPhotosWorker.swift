/// A source made slow on purpose, like a slow network: each fetch waits, and can be cancelled
/// while it waits.
public struct DelayedPhotosWorker: PhotosWorker {
    private let base: PhotosWorker
    private let delay: Duration

    public init(_ base: PhotosWorker, delay: Duration) {
        self.base = base
        self.delay = delay
    }

    public func fetchRandomPhotos(count: Int) async throws -> [Photo] {
        try await Task.sleep(for: delay)
        return try await base.fetchRandomPhotos(count: count)
    }

    public func fetch(count: Int) async throws -> FetchedPhotos {
        try await Task.sleep(for: delay)
        return try await base.fetch(count: count)
    }
}
