import Imaging

/// A source made slow on purpose, like a slow network: each fetch, photographer, feed page and
/// search waits, its progress shown as a network's wait is, and can be cancelled while it waits
/// (saving a photo does not wait).
public struct DelayedSourceWorker: PhotoSourceWorker {
    private let base: any PhotoSourceWorker
    private let delay: Duration
    private let progress: WorkProgress?

    public init(_ base: any PhotoSourceWorker, delay: Duration, progress: WorkProgress? = nil) {
        self.base = base
        self.delay = delay
        self.progress = progress
    }

    /// The wait, shown as `label` while it lasts (a line after 0.3 s, on a terminal).
    private func wait(_ label: String) async throws {
        let work = progress?.begin(label)
        defer { if let work { progress?.end(work) } }
        try await Task.sleep(for: delay)
    }

    public func fetchRandomPhotos(count: Int) async throws -> [Photo] {
        try await wait("Fetching \(count) photo\(count == 1 ? "" : "s")")
        return try await base.fetchRandomPhotos(count: count)
    }

    public var rateLimit: RateLimit? { base.rateLimit }

    public func fetch(count: Int) async throws -> FetchedPhotos {
        try await wait("Fetching \(count) photo\(count == 1 ? "" : "s")")
        return try await base.fetch(count: count)
    }

    public func photographer(_ user: Photo.User, limit: Int) async throws -> PhotographerPhotos {
        try await wait("Loading the photographer's photos")
        return try await base.photographer(user, limit: limit)
    }

    public var feedName: String { base.feedName }

    public func feedPage(_ page: Int, perPage: Int) async throws -> PhotoPage {
        try await wait("Loading page \(page) of \(base.feedName)")
        return try await base.feedPage(page, perPage: perPage)
    }

    public func search(_ query: PhotoQuery, page: Int, perPage: Int) async throws -> PhotoPage {
        try await wait("Searching")
        return try await base.search(query, page: page, perPage: perPage)
    }

    public func save(_ photo: Photo, to path: String?, replacing: Bool) async throws -> SavedPhoto {
        try await base.save(photo, to: path, replacing: replacing)
    }
}

/// Pictures made slow on purpose, like a download over a slow network: each waits before it is
/// decoded, and can be cancelled while it waits.
public struct DelayedPicturesWorker: PhotoPicturesWorker {
    private let base: PhotoPicturesWorker
    private let delay: Duration

    public var progress: WorkProgress? { base.progress }

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

    public func prefetch(_ photos: [Photo], fitting box: PixelSize) async {
        await base.prefetch(photos, fitting: box)
    }

    public func version(of photo: Photo) -> String? { base.version(of: photo) }
}
