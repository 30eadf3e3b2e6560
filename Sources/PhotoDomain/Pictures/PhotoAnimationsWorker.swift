import Imaging

/// Where an animated photo's frames come from, decoded one at a time as they play (a folder's
/// files). Injected at the composition root, like `PhotoPicturesWorker`; nil for sources with no
/// animations to play (the catalog's BlurHashes).
public protocol PhotoAnimationsWorker: Sendable {
    /// The photo's frames for a picture in `box`, nil when its file is no animation. Throws
    /// `PictureFailure` (a file that cannot be read, refused by the limits).
    func animation(of photo: Photo, fitting box: PixelSize) async throws -> AnimationFrames?
}

extension FolderPhotosWorker: PhotoAnimationsWorker {
    public nonisolated func animation(of photo: Photo, fitting box: PixelSize) async throws -> AnimationFrames? {
        guard photo.frameCount != nil else { return nil }
        guard let relative = paths.withLock({ $0[Array(photo.id.utf8)]?.relativePath }) else {
            throw PictureFailure("the photo is not from this folder")
        }
        let bytes = try readFile(Array(folder.root.utf8) + [UInt8(ascii: "/")] + relative)
        do {
            return try AnimationFrames(bytes, fitting: box, limits: limits)
        } catch {
            throw PictureFailure(error.reason)
        }
    }
}
