/// The default source: random photos from the catalog compiled into the binary. No network, and the
/// same seed gives the same photos everywhere. Each fetch draws afresh, like `/photos/random`.
public actor EmbeddedPhotosWorker: PhotosWorker {
    /// The seed used when none is given: fixed, so that sessions replay.
    public static let defaultSeed: UInt64 = 2024

    private let catalog: [Photo]
    private var generator: SeededGenerator

    public init(seed: UInt64 = defaultSeed, catalog: [Photo] = EmbeddedCatalog.photos) {
        self.catalog = catalog
        self.generator = SeededGenerator(seed: seed)
    }

    public func fetchRandomPhotos(count: Int) async throws -> [Photo] {
        guard count >= 1, count <= 30 else {
            throw PhotosWorkerError("a random fetch takes 1…30 photos, not \(count)")
        }
        guard count <= catalog.count else {
            throw PhotosWorkerError("the catalog holds only \(catalog.count) photos")
        }
        return generator.distinctIndices(count, of: catalog.count).map { catalog[$0] }
    }
}

extension EmbeddedPhotosWorker: PhotoSavingWorker {
    public nonisolated func save(_ photo: Photo, to path: String?, replacing: Bool) async throws -> SavedPhoto {
        throw PhotosWorkerError(
            "the embedded catalog has no image files, only each photo's BlurHash: nothing to save (browse your photos with --folder DIR, or Unsplash with --source unsplash)"
        )
    }
}

extension EmbeddedPhotosWorker: PhotographersWorker {
    /// The catalog's photos by the same photographer, in catalog order; the profile as the catalog has it.
    public nonisolated func photographer(_ user: Photo.User, limit: Int) async throws -> PhotographerPhotos {
        let theirs = catalog.filter { $0.user.username == user.username && $0.user.id == user.id }
        return PhotographerPhotos(profile: theirs.first?.user ?? user, photos: Array(theirs.prefix(max(0, limit))))
    }
}

extension EmbeddedPhotosWorker: PhotoFeedWorker, PhotoSearchWorker {
    public nonisolated var feedName: String { "the catalog's photos" }

    /// The catalog in its own order (catalog.json's): it holds no dates to order by.
    public nonisolated func feedPage(_ page: Int, perPage: Int) async throws -> PhotoPage {
        PhotoPage.slice(catalog, page: page, perPage: perPage)
    }

    /// The catalog's photos whose description, alt text, photographer's name or username, or
    /// photographer's location hold every word of the query, in catalog order; the orientation by
    /// width and height, the colour by the photo's dominant colour (`ColourName`).
    public nonisolated func search(_ query: PhotoQuery, page: Int, perPage: Int) async throws -> PhotoPage {
        let found = catalog.filter { photo in
            query.matchesOrientation(width: photo.width, height: photo.height)
                && (query.color.map { ColourName.names(ofHex: photo.color).contains($0) } ?? true)
                && query.matchesText([photo.description, photo.altDescription, photo.user.name, photo.user.username, photo.user.location])
        }
        return PhotoPage.slice(found, page: page, perPage: perPage)
    }
}
