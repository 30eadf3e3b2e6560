/// A source listed whole, as an image viewer lists a folder (`photorepl ~/Pictures`): every photo at
/// once, in an order the user chooses, where the sample app's flow draws a few at random.

/// The orders a whole listing comes in.
public enum PhotoOrder: String, CaseIterable, Sendable {
    /// By path, byte by byte (what `ls` shows in the C locale): stable on every file system.
    case name
    /// Oldest first: by EXIF DateTimeOriginal (else DateTime), else the file's modification time;
    /// photos of one date by name.
    case date
    /// Largest file first; files of one size by name.
    case size
}

public protocol PhotoListingWorker: Sendable {
    /// Every photo, in `order`: its notes say what was found (and skipped). Listing by name or size
    /// opens no file; by date, each photo's header is read (what was read is kept for next time).
    func listing(sortedBy order: PhotoOrder) async throws -> FetchedPhotos
}

/// Where a photo gets, when the detail shows it, what a list does not read of it: the fields its
/// header tells when it was listed by name only (its size, EXIF description, artist and camera),
/// and an animation's frames.
public protocol PhotoDescribingWorker: Sendable {
    /// The photo with what its header says and its frames counted; as it is when the header cannot
    /// be read, or it was read.
    func described(_ photo: Photo) async -> Photo
}
