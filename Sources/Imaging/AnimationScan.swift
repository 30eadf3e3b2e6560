/// How many frames an animated file holds, from its structure alone (no pixel is decoded): what
/// the detail's fields say ("animated, 3 frames") and what a player expects. GIF: its image
/// descriptors, found by skipping its blocks; WebP: the ANMF chunks of an extended WebP whose
/// animation flag is set; PNG: the acTL chunk's count (APNG), when acTL comes before the image data
/// as the APNG specification requires; AVIF: the samples of an image sequence's colour track
/// (`AVIFSequence`: its boxes, the media data skipped). Linear in the file, never more than one pass.
public enum AnimationScan {
    /// The number of frames when there are two or more; nil for a still picture, a file of another
    /// format, or one whose structure breaks before a second frame.
    public static func frameCount(of bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { raw -> Int? in
            let count: Int?
            switch ImageFormat.sniff(raw) {
            case .gif?: count = gifFrames(raw)
            case .webp?: count = webpFrames(raw)
            case .png?: count = apngFrames(raw)
            case .avif?: count = AVIFSequence.read(raw)?.frameCount
            default: count = nil
            }
            return count.flatMap { $0 >= 2 ? $0 : nil }
        }
    }

    /// The image descriptors of a GIF, counted until the trailer or where the blocks stop making
    /// sense (a file cut short counts the frames that began in it).
    static func gifFrames(_ raw: UnsafeRawBufferPointer) -> Int? {
        guard raw.count >= 13 else { return nil }
        var position = 13
        // The global colour table, when the screen descriptor's flag says there is one.
        if raw[10] & 0x80 != 0 { position += 3 << (Int(raw[10] & 7) + 1) }
        var frames = 0
        /// Skips a chain of sub-blocks (a length byte, that many bytes, until a length of 0).
        func skipSubBlocks() -> Bool {
            while position < raw.count {
                let length = Int(raw[position])
                position += 1 + length
                if length == 0 { return true }
            }
            return false
        }
        while position < raw.count {
            switch raw[position] {
            case 0x2C:  // an image descriptor: 9 bytes, a local colour table, the LZW code size, the data
                guard position + 10 <= raw.count else { return frames }
                frames += 1
                let flags = raw[position + 9]
                position += 10
                if flags & 0x80 != 0 { position += 3 << (Int(flags & 7) + 1) }
                position += 1
                guard skipSubBlocks() else { return frames }
            case 0x21:  // an extension: its label, then sub-blocks
                position += 2
                guard skipSubBlocks() else { return frames }
            default:  // the trailer (0x3B), or bytes that are no block: the frames end here
                return frames
            }
        }
        return frames
    }

    /// Whether a WebP's first bytes (30 are enough) say it is animated: an extended WebP (VP8X)
    /// with its animation flag set.
    public static func isAnimatedWebP(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in raw.count >= 30 && chunkName(raw, at: 12) == "VP8X" && raw[20] & 0x02 != 0 }
    }

    /// Whether an AVIF's first bytes (its `ftyp` box) name the image-sequence brand, `avis`: the
    /// sequence's boxes may be anywhere in the file, a still AVIF's are never read for them.
    public static func isAVIFSequence(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            guard raw.count >= 16, chunkName(raw, at: 4) == "ftyp" else { return false }
            let size = Int(raw[0]) << 24 | Int(raw[1]) << 16 | Int(raw[2]) << 8 | Int(raw[3])
            // The major brand, then the compatible ones (12…16 is the minor version).
            return stride(from: 8, through: min(raw.count, size) - 4, by: 4).contains { $0 != 12 && chunkName(raw, at: $0) == "avis" }
        }
    }

    /// An extended WebP's ANMF chunks, when its VP8X flags say it is animated.
    static func webpFrames(_ raw: UnsafeRawBufferPointer) -> Int? {
        guard raw.count >= 30, chunkName(raw, at: 12) == "VP8X", raw[20] & 0x02 != 0 else { return nil }
        var position = 12
        var frames = 0
        while position + 8 <= raw.count {
            let length = Int(raw[position + 4]) | Int(raw[position + 5]) << 8 | Int(raw[position + 6]) << 16 | Int(raw[position + 7]) << 24
            if chunkName(raw, at: position) == "ANMF" { frames += 1 }
            // Chunks are padded to an even length.
            position += 8 + length + (length & 1)
        }
        return frames
    }

    /// An APNG's frames: the frames present (its fcTL chunks, one a frame), at most as many as its
    /// acTL says; nil for a PNG with no acTL before its image data (where the specification puts it).
    /// acTL alone is a claim: 2 frames under a count of 4,000,000,000 said "animated, 4000000000
    /// frames". Chunks are walked by their lengths, to IEND or the end of what is read.
    static func apngFrames(_ raw: UnsafeRawBufferPointer) -> Int? {
        guard let claimed = apngClaim(raw) else { return nil }
        var position = PNGChunks.signatureCount, frames = 0
        while position + 8 <= raw.count {
            let length = Int(PNGChunks.bigEndian(raw, at: position))
            let name = PNGChunks.type(raw, at: position + 4)
            if name == "fcTL" { frames += 1 }
            if name == "IEND" || length > 0x7FFF_FFFF { break }
            position += 12 + length
        }
        return min(claimed, frames)
    }

    /// The frame count an APNG's acTL claims; nil for a PNG without one before its image data.
    public static func apngClaim(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { apngClaim($0) }
    }

    static func apngClaim(_ raw: UnsafeRawBufferPointer) -> Int? {
        var position = PNGChunks.signatureCount
        while position + 8 <= raw.count {
            let length = Int(PNGChunks.bigEndian(raw, at: position))
            let name = PNGChunks.type(raw, at: position + 4)
            if name == "IDAT" { return nil }
            if name == "acTL" {
                guard length >= 8, position + 16 <= raw.count else { return nil }
                return Int(PNGChunks.bigEndian(raw, at: position + 8))
            }
            guard length <= 0x7FFF_FFFF else { return nil }
            position += 12 + length
        }
        return nil
    }

    private static func chunkName(_ raw: UnsafeRawBufferPointer, at i: Int) -> String {
        String(decoding: raw[i..<i + 4], as: UTF8.self)
    }
}
