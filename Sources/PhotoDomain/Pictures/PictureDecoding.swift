import Imaging

/// Image files' bytes to pixels for a picture's box, for every source that has files (a folder's,
/// Unsplash's downloads): one decoder, one set of limits.
public enum PictureDecoding {
    /// Decodes `bytes` for a picture in `box`; what is far larger than needed is scaled down now, so
    /// that the session's picture cache holds more pictures.
    public static func decode(_ bytes: [UInt8], fitting box: PixelSize, limits: ImageLimits = .init()) throws -> Pixels {
        do {
            let pixels = try ImageDecoder.decode(bytes, fitting: box, limits: limits)
            let needed = PixelSize(width: pixels.width, height: pixels.height).fitted(in: box)
            if pixels.width > 2 * needed.width || pixels.height > 2 * needed.height {
                try Task.checkCancellation()
                var resampled = pixels.resampled(to: needed)
                resampled.source = pixels.source
                return resampled
            }
            return pixels
        } catch let failure as ImageFailure {
            // A missing decoder library (which names its package) is this machine's, not the file's.
            throw PictureFailure(failure.reason, isUndecodable: !failure.isTooLarge && !failure.isMissingDecoder)
        }
    }
}
