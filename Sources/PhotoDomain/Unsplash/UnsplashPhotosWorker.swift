import Imaging
import Networking

/// `--source unsplash`: random photos from the Unsplash API, their pictures downloaded from the image
/// host (`urls.small` for symbols and ASCII, `urls.regular` for the pixel protocols) and decoded like a
/// folder's files, and `save` as the API guidelines ask (the full image, and a call to the photo's
/// `download_location`).
public struct UnsplashPhotosWorker: PhotosWorker, PhotoPicturesWorker, PhotoSavingWorker {
    private let api: UnsplashAPI
    /// Whether pictures are drawn with pixels (sixel, kitty, iTerm2): asked at the first picture,
    /// when the terminal is known.
    private let wantsLargeImages: @Sendable () async -> Bool
    /// When this few requests are left in the hour, `fetch` says so.
    static let fewLeft = 5

    public init(api: UnsplashAPI, wantsLargeImages: @escaping @Sendable () async -> Bool = { false }) {
        self.api = api
        self.wantsLargeImages = wantsLargeImages
    }

    public func fetchRandomPhotos(count: Int) async throws -> [Photo] {
        try await fetch(count: count).photos
    }

    public func fetch(count: Int) async throws -> FetchedPhotos {
        guard count >= 1, count <= 30 else {
            throw PhotosWorkerError("a random fetch takes 1…30 photos, not \(count)")
        }
        let (photos, limit) = try await api.randomPhotos(count: count)
        guard !photos.isEmpty else { throw PhotosWorkerError("Unsplash sent no photos: try again") }
        var notes: [String] = []
        if let limit, limit.remaining <= Self.fewLeft {
            notes.append("Only \(limit.remaining) of \(limit.limit) Unsplash requests are left this hour.")
        }
        return FetchedPhotos(photos: photos, notes: notes, rateLimit: limit)
    }

    // MARK: - Pictures

    public func pixels(for photo: Photo, fitting box: PixelSize) async throws -> Pixels {
        let url = await wantsLargeImages() ? photo.urls.regular : photo.urls.small
        guard !url.isEmpty else { throw PictureFailure("Unsplash gave no image URL for this photo") }
        let bytes = try await api.image(url)
        try Task.checkCancellation()
        return try PictureDecoding.decode(bytes, fitting: box)
    }

    // MARK: - Saving

    public func save(_ photo: Photo, to path: String?, replacing: Bool) async throws -> SavedPhoto {
        let target = path ?? PhotoFiles.defaultName(for: photo.id, fileExtension: "jpg")
        if !replacing && FileBytes.exists(target) {
            throw PhotosWorkerError("\(target) exists: add --force to replace it, or give another PATH")
        }
        guard !photo.urls.full.isEmpty else { throw PhotosWorkerError("Unsplash gave no image URL for this photo") }
        let bytes: [UInt8]
        do {
            bytes = try await api.image(photo.urls.full)
        } catch let failure as PictureFailure {
            throw PhotosWorkerError("cannot download the photo: \(failure.reason) (nothing was written)")
        }
        // The guidelines: a download is reported to download_location, with the key.
        if let location = photo.links?.downloadLocation, !location.isEmpty {
            _ = try await api.get(location)
        }
        try Task.checkCancellation()
        return try PhotoFiles.write(bytes, to: target, replacing: replacing)
    }
}
