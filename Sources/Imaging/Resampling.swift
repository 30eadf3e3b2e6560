extension Pixels {
    /// The picture at `size`, each output pixel the average of the source area it covers, a source
    /// pixel on its edge weighted by the part of it inside (a box filter centred on pixel centres, as
    /// Pillow's BOX; whole pixels only, as before, shifted a picture by up to half a source pixel up
    /// and left), colours weighted by their alpha. Integer arithmetic only, so the result is the same
    /// on every machine: the ASCII pictures of golden files depend on it.
    public func resampled(to size: PixelSize) -> Pixels {
        let outWidth = max(1, size.width), outHeight = max(1, size.height)
        if outWidth == width && outHeight == height { return self }
        let columns = Self.coverage(outWidth, over: width), rows = Self.coverage(outHeight, over: height)
        // Every output pixel's weights add up to width × height (the area it covers, in units of
        // 1/outWidth × 1/outHeight of a source pixel).
        let area = width * height
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        rgba.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                var o = 0
                for row in rows {
                    for column in columns {
                        var r = 0, g = 0, b = 0, a = 0
                        for (y, wy) in row {
                            var i = (y * width + column[0].index) * 4
                            for (_, wx) in column {
                                let weight = wx * wy
                                let alpha = Int(source[i + 3]) * weight
                                r += Int(source[i]) * alpha
                                g += Int(source[i + 1]) * alpha
                                b += Int(source[i + 2]) * alpha
                                a += alpha
                                i += 4
                            }
                        }
                        if a > 0 {
                            target[o] = UInt8((r + a / 2) / a)
                            target[o + 1] = UInt8((g + a / 2) / a)
                            target[o + 2] = UInt8((b + a / 2) / a)
                            target[o + 3] = UInt8((a + area / 2) / area)
                        }
                        o += 4
                    }
                }
            }
        }
        return Pixels(width: outWidth, height: outHeight, rgba: out, isSmooth: isSmooth)
    }

    /// The picture enlarged to `size` by bilinear interpolation (each output pixel a blend of the four
    /// source pixels around its centre), so that edges stay smooth instead of turning into steps.
    /// Fixed-point integer arithmetic: the same result on every machine.
    public func enlarged(to size: PixelSize) -> Pixels {
        let outWidth = max(1, size.width), outHeight = max(1, size.height)
        if outWidth == width && outHeight == height { return self }
        // Source coordinates of each output centre, in 1/256ths, clamped to the picture.
        func positions(_ count: Int, over length: Int) -> [(Int, Int, Int)] {
            (0..<count).map { i in
                let centre = max(0, ((2 * i + 1) * length * 256 / (2 * count)) - 128)
                let low = min(length - 1, centre >> 8)
                return (low, min(length - 1, low + 1), centre & 255)
            }
        }
        let xs = positions(outWidth, over: width), ys = positions(outHeight, over: height)
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        rgba.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                var o = 0
                for (y0, y1, fy) in ys {
                    for (x0, x1, fx) in xs {
                        let a = (y0 * width + x0) * 4, b = (y0 * width + x1) * 4
                        let c = (y1 * width + x0) * 4, d = (y1 * width + x1) * 4
                        for channel in 0..<4 {
                            let top = Int(source[a + channel]) * (256 - fx) + Int(source[b + channel]) * fx
                            let bottom = Int(source[c + channel]) * (256 - fx) + Int(source[d + channel]) * fx
                            target[o + channel] = UInt8((top * (256 - fy) + bottom * fy + 32768) >> 16)
                        }
                        o += 4
                    }
                }
            }
        }
        return Pixels(width: outWidth, height: outHeight, rgba: out, isSmooth: isSmooth)
    }

    /// For each of `count` output positions, the source pixels it covers and how much of each, in
    /// units of 1/count of a source pixel: output pixel i spans [i × length, (i + 1) × length) and
    /// source pixel j spans [j × count, (j + 1) × count) on one integer axis, so each weight is their
    /// overlap, exact, and a position's weights add up to `length`. Enlarging, a position covers
    /// part of one source pixel (or of two).
    private static func coverage(_ count: Int, over length: Int) -> [[(index: Int, weight: Int)]] {
        (0..<count).map { i in
            let start = i * length, end = (i + 1) * length
            var pixels: [(index: Int, weight: Int)] = []
            var j = start / count
            while j < length, j * count < end {
                let overlap = min(end, (j + 1) * count) - max(start, j * count)
                if overlap > 0 { pixels.append((j, overlap)) }
                j += 1
            }
            return pixels
        }
    }
}
