import CZlib

/// PNG files photorepl writes (thumbnails) and the text they carry.
public enum PNGFile {
    /// An 8-bit RGBA PNG of `pixels`, compressed for speed, with `text` as `tEXt` chunks in their
    /// order. Keys are 1…79 printable ASCII characters; values are Latin-1 (here ASCII). Written here
    /// rather than by libpng: its fastest setting took 160 ms for a 1024 × 576 thumbnail, this takes
    /// a fraction (each row's Sub filter, then zlib's fastest level: a thumbnail is written once and
    /// read often, and inflating costs about the same whatever the level).
    public static func encode(_ pixels: Pixels, text: [(key: String, value: String)] = []) throws(ImageFailure) -> [UInt8] {
        let rowBytes = pixels.width * 4
        // Each row: its filter type (1, Sub), then each byte less the byte of the pixel on its left.
        var filtered = [UInt8](unsafeUninitializedCapacity: (rowBytes + 1) * pixels.height) { out, count in
            pixels.rgba.withUnsafeBufferPointer { rgba in
                var o = 0
                for y in 0..<pixels.height {
                    let row = y * rowBytes
                    out[o] = 1
                    o += 1
                    for x in 0..<min(4, rowBytes) { out[o + x] = rgba[row + x] }
                    var x = 4
                    while x < rowBytes {
                        out[o + x] = rgba[row + x] &- rgba[row + x - 4]
                        x += 1
                    }
                    o += rowBytes
                }
            }
            count = (rowBytes + 1) * pixels.height
        }
        var compressedSize = compressBound(uLong(filtered.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedSize))
        let status = compressed.withUnsafeMutableBufferPointer { out in
            filtered.withUnsafeMutableBufferPointer { input in
                compress2(out.baseAddress, &compressedSize, input.baseAddress, uLong(input.count), Z_BEST_SPEED)
            }
        }
        filtered = []
        guard status == Z_OK else { throw ImageFailure("cannot write a PNG: zlib failed (\(status))") }
        compressed.removeSubrange(Int(compressedSize)...)
        var file = PNGChunks.signature
        // IHDR: width, height, 8 bits a channel, colour type 6 (RGBA), deflate, adaptive filtering, no interlace.
        file += chunk("IHDR", bigEndian(UInt32(pixels.width)) + bigEndian(UInt32(pixels.height)) + [8, 6, 0, 0, 0])
        for (key, value) in text {
            precondition(
                (1...79).contains(key.utf8.count) && key.utf8.allSatisfy { (0x20...0x7E).contains($0) },
                "a tEXt key is 1…79 printable characters")
            file += chunk("tEXt", Array(key.utf8) + [0] + value.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") })
        }
        file += chunk("IDAT", compressed)
        file += chunk("IEND", [])
        return file
    }

    /// The `tEXt` chunks before the image data, key → value (Latin-1); the first of a key wins.
    /// Every length is checked against the file; a value over `limit` bytes is passed over.
    public static func text(_ bytes: [UInt8], limit: Int = 16 << 10) -> [String: String] {
        var found: [String: String] = [:]
        guard bytes.starts(with: PNGChunks.signature) else { return found }
        bytes.withUnsafeBytes { raw in
            var position = PNGChunks.signatureCount
            while position + 12 <= raw.count {
                let length = Int(PNGChunks.bigEndian(raw, at: position)), type = PNGChunks.type(raw, at: position + 4)
                let start = position + 8
                guard length <= raw.count - start - 4, type != "IDAT", type != "IEND" else { break }  // cut short, or the image
                if type == "tEXt", length <= limit, let zero = raw[start..<(start + length)].firstIndex(of: 0) {
                    let key = String(decoding: raw[start..<zero], as: UTF8.self)
                    let value = String(String.UnicodeScalarView(raw[(zero + 1)..<(start + length)].map { Unicode.Scalar($0) }))
                    if found[key] == nil { found[key] = value }
                }
                position = start + length + 4
            }
        }
        return found
    }

    /// A chunk: its length, type, data and the CRC of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = UInt32(body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) })
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

}
