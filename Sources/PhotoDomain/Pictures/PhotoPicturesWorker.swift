import Imaging

/// Where a photo's pixels come from: its BlurHash (the embedded catalog), its file (a folder), or a
/// download (Unsplash, through the same decoders). Injected at the composition root, like
/// `PhotosWorker`; the scenes never know which one they use.
public protocol PhotoPicturesWorker: Sendable {
    /// The photo's pixels, upright, at least as large as the photo fitted in `box` where the source
    /// can decode at a smaller size. Throws `PictureFailure`, or `CancellationError` when cancelled.
    func pixels(for photo: Photo, fitting box: PixelSize) async throws -> Pixels
    /// Starts decoding a picture that will probably be asked for next (the next page's).
    func prefetch(_ photo: Photo, fitting box: PixelSize) async
    /// Starts decoding pictures that will probably be asked for next (the next sheet's).
    func prefetch(_ photos: [Photo], fitting box: PixelSize) async
    /// What changes when the photo's picture may have (a folder's file replaced, rewritten or
    /// touched: its device, inode, size and time); nil where it cannot change (a catalog's BlurHash,
    /// a download by its URL). Pictures kept in memory are kept by it too.
    func version(of photo: Photo) -> String?
    /// Where decoding many pictures at once (a sheet's) is shown, if anywhere.
    var progress: WorkProgress? { get }
}

extension PhotoPicturesWorker {
    public var progress: WorkProgress? { nil }
}

extension PhotoPicturesWorker {
    public func prefetch(_ photo: Photo, fitting box: PixelSize) async {}
    public func prefetch(_ photos: [Photo], fitting box: PixelSize) async {}
    public func version(of photo: Photo) -> String? { nil }
}

/// Why a picture cannot be shown, in one line.
public struct PictureFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String
    /// The file was read, and is not a picture that can be decoded (corrupt, truncated, of an
    /// unsupported kind): no other program will make a picture of it either, until it changes.
    public var isUndecodable = false
    public init(_ reason: String, isUndecodable: Bool = false) {
        self.reason = reason
        self.isUndecodable = isUndecodable
    }
    public var description: String { reason }
}

/// The embedded catalog has no image files: its pictures are the photos' BlurHashes, which is what
/// Unsplash itself shows while a photo loads.
public struct BlurHashPicturesWorker: PhotoPicturesWorker {
    /// A BlurHash holds at most 9×9 components: more pixels than this add no detail, only time.
    static let longestSide = 32

    public init() {}

    public func pixels(for photo: Photo, fitting box: PixelSize) async throws -> Pixels {
        guard let hash = photo.blurHash else { throw PictureFailure("the photo has no BlurHash") }
        let shape = PixelSize(width: max(1, photo.width), height: max(1, photo.height))
        let bound = PixelSize(width: min(box.width, Self.longestSide), height: min(box.height, Self.longestSide))
        let size = shape.fitted(in: bound)
        do {
            return try BlurHash.decode(hash, size: size)
        } catch {
            throw PictureFailure("its BlurHash is malformed: \(error.reason)")
        }
    }
}
