import Imaging
import Networking

/// `--source unsplash`: random photos from the Unsplash API (or, with `feed`, the latest photos, a
/// topic's or a collection's, a page at a time), their pictures downloaded from the image host at the
/// size they are shown (`urls.raw` resized by imgix) and decoded like a folder's files, and `save` as
/// the API guidelines ask (the full image, and a call to the photo's `download_location`).
public struct UnsplashPhotosWorker: PhotosWorker, PhotographersWorker, PhotoPicturesWorker, PhotoSavingWorker, PhotoFeedWorker,
    PhotoSearchWorker
{
    private let api: UnsplashAPI
    /// Downloaded images, so that a picture asked for twice at one size costs one download.
    private let downloads = Downloads()
    /// What `feedPage` pages through.
    public let feed: UnsplashAPI.Feed
    /// When this few requests are left in the hour, `fetch` says so.
    static let fewLeft = 5

    /// Where `save` writes what it is asked to write at a path (a transcript's check: a folder of its
    /// own); nil: at the path.
    private let writePlace: (@Sendable (String) -> String)?

    public init(api: UnsplashAPI, feed: UnsplashAPI.Feed = .latest, writePlace: (@Sendable (String) -> String)? = nil) {
        self.api = api
        self.feed = feed
        self.writePlace = writePlace
    }

    public var rateLimit: RateLimit? { api.rateLimit }

    public func fetchRandomPhotos(count: Int) async throws -> [Photo] {
        try await fetch(count: count).photos
    }

    public func fetch(count: Int) async throws -> FetchedPhotos {
        guard count >= 1, count <= 30 else {
            throw PhotosWorkerError("a random fetch takes 1…30 photos, not \(count)")
        }
        let photos = try await api.randomPhotos(count: count)
        guard !photos.isEmpty else { throw PhotosWorkerError("Unsplash sent no photos: try again") }
        return FetchedPhotos(photos: photos, notes: quotaNotes())
    }

    // MARK: - Photographers

    /// `GET /users/:username` for the profile, then `GET /users/:username/photos` for their photos.
    public func photographer(_ user: Photo.User, limit: Int) async throws -> PhotographerPhotos {
        guard !user.username.isEmpty else { throw PhotosWorkerError("Unsplash gave no username for this photographer") }
        let profile = try await api.user(user.username)
        try Task.checkCancellation()
        let photos = try await api.photos(of: user.username, perPage: limit)
        return PhotographerPhotos(profile: profile, photos: photos)
    }

    // MARK: - Pictures

    public func pixels(for photo: Photo, fitting box: PixelSize) async throws -> Pixels {
        guard let url = Self.imageURL(of: photo, fitting: box) else { throw PictureFailure("Unsplash gave no image URL for this photo") }
        let bytes = try await downloads.bytes(of: url) { try await api.image(url) }
        try Task.checkCancellation()
        return try PictureDecoding.decode(bytes, fitting: box)
    }

    /// The photo's image at the size it is shown: `urls.raw` with imgix's `w`, `h`, `fit=max` (the
    /// photo fitted inside the box, its shape kept, never enlarged) and `dpr=1` (the box is already in
    /// the terminal's pixels), as a JPEG (`fm=jpg&q=80`, what `urls.small` asks too). Unsplash's
    /// supported resizing parameters, so a sixel picture on a large window is sharp and a sheet's
    /// thumbnails are a few kilobytes each. Without `urls.raw`, `urls.regular` (or `small`).
    static func imageURL(of photo: Photo, fitting box: PixelSize) -> String? {
        let raw = photo.urls.raw
        guard !raw.isEmpty else {
            let fixed = photo.urls.regular.isEmpty ? photo.urls.small : photo.urls.regular
            return fixed.isEmpty ? nil : fixed
        }
        let width = min(max(box.width, 1), 8192), height = min(max(box.height, 1), 8192)
        return raw + (raw.contains("?") ? "&" : "?") + "fm=jpg&q=80&w=\(width)&h=\(height)&fit=max&dpr=1"
    }

    /// The session's downloaded images, by URL, up to a cap on bytes (oldest out first); a download
    /// already under way is shared, not started again.
    actor Downloads {
        private var kept: [String: [UInt8]] = [:]
        private var running: [String: Task<[UInt8], Error>] = [:]
        private var order: [String] = []
        private var total = 0
        static let capacity = 32 << 20

        func bytes(of url: String, download: @escaping @Sendable () async throws -> [UInt8]) async throws -> [UInt8] {
            if let bytes = kept[url] { return bytes }
            let task = running[url] ?? Task { try await download() }
            running[url] = task
            let result = await task.result
            running[url] = nil
            let bytes = try result.get()
            if kept[url] == nil, bytes.count <= Self.capacity {
                kept[url] = bytes
                order.append(url)
                total += bytes.count
                while total > Self.capacity, let oldest = order.first {
                    order.removeFirst()
                    total -= kept.removeValue(forKey: oldest)?.count ?? 0
                }
            }
            return bytes
        }
    }

    // MARK: - Feed and search

    public var feedName: String { feed.name }

    public func feedPage(_ page: Int, perPage: Int) async throws -> PhotoPage {
        var found = try await api.feedPage(feed, page: page, perPage: perPage)
        found.notes = quotaNotes()
        return found
    }

    public func search(_ query: PhotoQuery, page: Int, perPage: Int) async throws -> PhotoPage {
        var found = try await api.search(query, page: page, perPage: perPage)
        found.notes = quotaNotes()
        return found
    }

    /// A line when few requests are left this hour.
    private func quotaNotes() -> [String] {
        guard let limit = api.rateLimit, limit.remaining <= Self.fewLeft else { return [] }
        return ["Only \(limit.remaining) of \(limit.limit) Unsplash requests are left this hour."]
    }

    // MARK: - Saving

    public func save(_ photo: Photo, to path: String?, replacing: Bool) async throws -> SavedPhoto {
        let target = path ?? PhotoFiles.defaultName(for: photo.id, fileExtension: "jpg")
        let written = writePlace?(target) ?? target
        if !replacing && FileBytes.exists(written) {
            throw PhotosWorkerError("\(target) exists: add --force to replace it, or give another PATH")
        }
        guard !photo.urls.full.isEmpty else { throw PhotosWorkerError("Unsplash gave no image URL for this photo") }
        // Streamed to the file as it arrives: a full-size photo may be far larger than an answer
        // photorepl keeps in memory.
        var saved = try await PhotoFiles.write(to: written, shownAs: target, replacing: replacing) { file in
            do {
                try await api.download(photo.urls.full, into: file.fd)
            } catch let failure as PictureFailure {
                throw PhotosWorkerError("cannot download the photo: \(failure.reason) (nothing was written)")
            } catch let failure as HTTPFailure where failure.kind == .fileWrite {
                throw PhotosWorkerError("cannot write \(target): \(failure.message) (nothing was written)")
            }
            try Task.checkCancellation()
        }
        // The guidelines: a download is reported to download_location, with the key, which goes to
        // the API's own server only. The file is written first: the report failing costs no photo.
        guard let location = photo.links?.downloadLocation, !location.isEmpty else { return saved }
        guard api.isOnAPIServer(location) else {
            saved.note = "The download was not reported to Unsplash: its download_location is not on \(UnsplashAPI.host(of: api.base))."
            return saved
        }
        do {
            _ = try await api.get(location)
        } catch let failure as PhotosWorkerError {
            saved.note = "The download could not be reported to Unsplash: \(failure.message)."
        }
        return saved
    }
}
