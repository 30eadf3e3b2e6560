import Imaging

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

    public var rateLimit: RateLimit? { base.rateLimit }

    public func fetch(count: Int) async throws -> FetchedPhotos {
        try await Task.sleep(for: delay)
        return try await base.fetch(count: count)
    }
}

/// Pictures made slow on purpose, like a download over a slow network: each waits before it is
/// decoded, and can be cancelled while it waits.
public struct DelayedPicturesWorker: PhotoPicturesWorker {
    private let base: PhotoPicturesWorker
    private let delay: Duration

    public init(_ base: PhotoPicturesWorker, delay: Duration) {
        self.base = base
        self.delay = delay
    }

    public func pixels(for photo: Photo, fitting box: PixelSize) async throws -> Pixels {
        try await Task.sleep(for: delay)
        return try await base.pixels(for: photo, fitting: box)
    }

    public func prefetch(_ photo: Photo, fitting box: PixelSize) async {
        await base.prefetch(photo, fitting: box)
    }
}
