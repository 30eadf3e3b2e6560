/// EXIF orientation: how the stored pixels must be turned to show the picture upright.
///
/// Cameras store the sensor's rows as they come and write this tag instead of turning the pixels,
/// so every picture read from a file goes through `Pixels.oriented(_:)` before it is shown or sized.
/// The raw values are the EXIF/TIFF ones; the names say what the viewer sees when nothing is done
/// (the UIKit convention): `.right` (6) is a picture lying on its right-hand side.
public enum Orientation: Int, Sendable, CaseIterable {
    /// 1: stored upright.
    case up = 1
    /// 2: mirrored left–right.
    case upMirrored = 2
    /// 3: upside down (turn 180°).
    case down = 3
    /// 4: mirrored top–bottom.
    case downMirrored = 4
    /// 5: transposed (mirrored across the top-left/bottom-right diagonal).
    case leftMirrored = 5
    /// 6: turn 90° clockwise to view: the stored top row is the visual right-hand side.
    case right = 6
    /// 7: transversed (mirrored across the top-right/bottom-left diagonal).
    case rightMirrored = 7
    /// 8: turn 90° counter-clockwise to view: the stored top row is the visual left-hand side.
    case left = 8
}

extension Orientation {
    /// Whether width and height swap (5–8): the stored rows become the upright columns.
    public var swapsDimensions: Bool { rawValue >= 5 }

    /// The upright size of a picture stored as `stored`: what layout and fitting must use, not the
    /// stored size (a portrait photo from a phone is often stored landscape with orientation 6).
    public func uprightSize(of stored: PixelSize) -> PixelSize {
        swapsDimensions ? PixelSize(width: stored.height, height: stored.width) : stored
    }
}

extension Pixels {
    /// The picture turned upright according to `orientation` (returns self for .up).
    ///
    /// With the stored picture S (w×h) and the output O, O(x, y) is:
    /// 1 S(x, y) · 2 S(w-1-x, y) · 3 S(w-1-x, h-1-y) · 4 S(x, h-1-y) · and, O being h×w,
    /// 5 S(y, x) · 6 S(y, h-1-x) · 7 S(w-1-y, h-1-x) · 8 S(w-1-y, x).
    /// Every one of these is an affine walk over the stored pixel indices, so one loop serves all
    /// eight: the source index of O(x, y) is `start + x * stepX + y * stepY`.
    public func oriented(_ orientation: Orientation) -> Pixels {
        let (w, h) = (width, height)
        let start, stepX, stepY: Int
        switch orientation {
        case .up: return self
        case .upMirrored: (start, stepX, stepY) = (w - 1, -1, w)
        case .down: (start, stepX, stepY) = (h * w - 1, -1, -w)
        case .downMirrored: (start, stepX, stepY) = ((h - 1) * w, 1, -w)
        case .leftMirrored: (start, stepX, stepY) = (0, w, 1)
        case .right: (start, stepX, stepY) = ((h - 1) * w, -w, 1)
        case .rightMirrored: (start, stepX, stepY) = (h * w - 1, -w, -1)
        case .left: (start, stepX, stepY) = (w - 1, w, -1)
        }
        let out = orientation.uprightSize(of: PixelSize(width: w, height: h))
        // `rgba` is a public var: a caller may have resized it. The loops below are unchecked, so a
        // wrong size must stop here rather than read past the buffer.
        precondition(rgba.count == w * h * 4, "RGBA buffer of the wrong size")
        let rgba = [UInt8](unsafeUninitializedCapacity: rgba.count) { target, initialized in
            self.rgba.withUnsafeBytes { source in
                Self.copy(
                    from: source, to: UnsafeMutableRawBufferPointer(target), size: out,
                    start: start, stepX: stepX, stepY: stepY)
            }
            initialized = target.count
        }
        return Pixels(width: out.width, height: out.height, rgba: rgba)
    }

    /// Fills `target` (row after row of `size`) with whole 4-byte pixels taken from `source`.
    /// When an output row walks down a stored column (5–8), the work goes in bands of 16 output
    /// columns: one band reads 16 stored rows front to back, each 64-byte cache line serving 16
    /// output rows in turn, instead of every read landing on a new line (stored rows are 4·w apart).
    private static func copy(
        from source: UnsafeRawBufferPointer, to target: UnsafeMutableRawBufferPointer,
        size: PixelSize, start: Int, stepX: Int, stepY: Int
    ) {
        guard let from = source.baseAddress, let to = target.baseAddress else { return }
        let (width, height) = (size.width, size.height)
        let band = abs(stepX) == 1 ? width : 16
        var x0 = 0
        while x0 < width {
            let x1 = min(x0 + band, width)
            for y in 0..<height {
                var s = start + x0 * stepX + y * stepY
                var t = y * width + x0
                for _ in x0..<x1 {
                    to.storeBytes(
                        of: from.loadUnaligned(fromByteOffset: s &* 4, as: UInt32.self),
                        toByteOffset: t &* 4, as: UInt32.self)
                    s &+= stepX
                    t &+= 1
                }
            }
            x0 = x1
        }
    }
}
