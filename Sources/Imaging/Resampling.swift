extension Pixels {
    /// The picture at `size`, each output pixel the average of the source pixels it covers (at least
    /// one when enlarging), colours weighted by their alpha. Integer arithmetic only, so the result is
    /// the same on every machine: the ASCII pictures of golden files depend on it.
    public func resampled(to size: PixelSize) -> Pixels {
        let outWidth = max(1, size.width), outHeight = max(1, size.height)
        if outWidth == width && outHeight == height { return self }
        let columns = Self.spans(outWidth, over: width), rows = Self.spans(outHeight, over: height)
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        rgba.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                var o = 0
                for (y0, y1) in rows {
                    for (x0, x1) in columns {
                        var r = 0, g = 0, b = 0, a = 0
                        for y in y0..<y1 {
                            var i = (y * width + x0) * 4
                            for _ in x0..<x1 {
                                let alpha = Int(source[i + 3])
                                r += Int(source[i]) * alpha
                                g += Int(source[i + 1]) * alpha
                                b += Int(source[i + 2]) * alpha
                                a += alpha
                                i += 4
                            }
                        }
                        let n = (y1 - y0) * (x1 - x0)
                        if a > 0 {
                            target[o] = UInt8((r + a / 2) / a)
                            target[o + 1] = UInt8((g + a / 2) / a)
                            target[o + 2] = UInt8((b + a / 2) / a)
                            target[o + 3] = UInt8((a + n / 2) / n)
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

    /// For each of `count` output positions, the source range [start, end) it covers.
    private static func spans(_ count: Int, over length: Int) -> [(Int, Int)] {
        (0..<count).map { i in
            let start = min(length - 1, i * length / count)
            return (start, max(start + 1, (i + 1) * length / count))
        }
    }
}
