/// A source listed whole, as an image viewer lists a folder (`photorepl ~/Pictures`): every photo at
/// once, in an order the user chooses, where the sample app's flow draws a few at random.

/// The orders a whole listing comes in.
public enum PhotoOrder: String, CaseIterable, Sendable {
    /// By path, byte by byte (what `ls` shows in the C locale): stable on every file system.
    case name
    /// Oldest first: by when it was taken (EXIF DateTimeOriginal, as the camera's clock said), else
    /// the file's modification time.
    case taken
    /// Largest file first.
    case size
    /// By camera, A–Z (case-insensitive); photos without one last.
    case camera
    /// Highest ISO first; photos without one last.
    case iso
    /// Longest focal length first; photos without one last.
    case focal
    /// Highest rating first; photos without one count as 0 (no stars), rejected last.
    case rating

    /// The order a word names: `date` is `taken`'s older name. Case-insensitive.
    public init?(word: String) {
        let lowered = word.lowercased()
        self.init(rawValue: lowered == "date" ? "taken" : lowered)
    }

    /// Whether this order needs the photos' metadata (read from the index, or from the files).
    public var needsMetadata: Bool { self != .name && self != .size }

    /// The words `sort` takes, for help and completion.
    public static let words = allCases.map(\.rawValue)
}

/// What a whole listing holds besides its photos: how many the folder had before the filters.
public struct ListingRequest: Sendable, Equatable {
    public var order: PhotoOrder
    /// All must hold for a photo to be listed.
    public var filters: [PhotoFilter]

    public init(order: PhotoOrder, filters: [PhotoFilter] = []) {
        self.order = order
        self.filters = filters
    }
}

public protocol PhotoListingWorker: Sendable {
    /// Every photo the filters let through, in the request's order; the photos carry the column of
    /// what they are sorted by (`listColumn`) and, where it was read, their metadata (`facts`). Its
    /// notes say what was found (and skipped); `totalCount` how many there were before the filters.
    /// Listing by name or size without filters opens no file; otherwise each photo's metadata comes
    /// from the photo index, or is read (and kept there for next time).
    func listing(_ request: ListingRequest) async throws -> FetchedPhotos
}

/// Where a photo gets, when the detail shows it, what a list does not read of it: the fields its
/// header tells when it was listed by name only (its size, EXIF description, artist and camera),
/// and an animation's frames.
public protocol PhotoDescribingWorker: Sendable {
    /// The photo with what its header says and its frames counted; as it is when the header cannot
    /// be read, or it was read.
    func described(_ photo: Photo) async -> Photo
    /// Every tag the metadata library reads in the photo's file, in its order (`info`); or why not.
    func allTags(of photo: Photo) async -> Result<[MetadataTag], MetadataReader.Failure>
}

extension PhotoListingWorker {
    /// Every photo, in `order`, with no filter.
    public func listing(sortedBy order: PhotoOrder) async throws -> FetchedPhotos {
        try await listing(ListingRequest(order: order))
    }
}
