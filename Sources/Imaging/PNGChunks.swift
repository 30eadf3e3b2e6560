import CZlib

/// A PNG file's chunks, walked by us before libpng sees any of it. libpng reads every chunk before
/// IDAT into memory whole, at the length the chunk claims: a 44-byte file whose `tEXt` claims
/// 0x7fffffff bytes made it allocate 2 GB. Here each length is checked against what the file holds,
/// ancillary chunks are skipped (their bytes never copied, nor inflated), and libpng gets only what a
/// picture needs. The size comes from IHDR itself, so a file with megabytes of chunks before IDAT
/// still says how large it is; an `eXIf` chunk is kept apart for its orientation and text.
enum PNGChunks {
    /// The chunks libpng gets: the critical ones (IHDR, PLTE, IDAT, IEND, and any other whose name
    /// starts with a capital, which libpng then refuses) and the few small ancillary ones that change
    /// the pixels (transparency, gamma, colour space).
    private static let keptAncillary: Set<String> = ["tRNS", "gAMA", "sRGB", "cHRM", "sBIT"]
    /// No kept ancillary chunk is near this; a longer one is corrupt.
    private static let ancillaryLimit = 1024
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static var signatureCount: Int { signature.count }

    struct Walk {
        /// The PNG with only the chunks libpng needs, in their order.
        var essential: [UInt8]
        /// The `eXIf` chunk's data (a TIFF structure), if any.
        var exif: ArraySlice<UInt8>?
    }

    /// The size in IHDR, which the PNG specification puts first; its limits are the caller's.
    static func size(_ raw: UnsafeRawBufferPointer) throws(ImageFailure) -> PixelSize {
        guard raw.count >= signatureCount + 8 + 13 else { throw ImageFailure("the PNG file is truncated (it ends before its header)") }
        guard type(raw, at: signatureCount + 4) == "IHDR", bigEndian(raw, at: signatureCount) == 13 else {
            throw ImageFailure("corrupt PNG: it does not start with its header chunk (IHDR)")
        }
        let width = bigEndian(raw, at: signatureCount + 8), height = bigEndian(raw, at: signatureCount + 12)
        // PNG's own limit: 2^31 - 1 a side.
        guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
            throw ImageFailure("the image claims a size of \(width)×\(height)")
        }
        return PixelSize(width: Int(width), height: Int(height))
    }

    /// Every chunk's length checked against the file; the chunks libpng needs copied out (unless
    /// only the `eXIf` chunk is wanted: `copying` false).
    static func walk(_ raw: UnsafeRawBufferPointer, copying: Bool = true) throws(ImageFailure) -> Walk {
        _ = try size(raw)
        var essential = [UInt8](raw[0..<signatureCount])
        if copying { essential.reserveCapacity(raw.count) }
        var exif: ArraySlice<UInt8>?
        var position = signatureCount
        while position + 8 <= raw.count {
            let length = Int(bigEndian(raw, at: position))
            let name = type(raw, at: position + 4)
            let end = position + 12 + length  // length, type, data, CRC
            guard length <= 0x7FFF_FFFF else { throw ImageFailure("corrupt PNG: a \(printable(name)) chunk claims \(length) bytes") }
            let isCritical = name.first.map { $0.isUppercase } ?? false
            if end > raw.count {
                // Cut short: a picture's data is decoded as far as it goes (libpng says "truncated");
                // any other chunk cut short is said as it is.
                guard name == "IDAT" else {
                    throw ImageFailure(
                        "the PNG file is truncated (a \(printable(name)) chunk claims \(length) bytes, \(max(0, raw.count - position - 8)) remain)"
                    )
                }
                if copying { essential += raw[position..<raw.count] }
                break
            }
            if isCritical || keptAncillary.contains(name) {
                if !isCritical && length > ancillaryLimit {
                    throw ImageFailure("corrupt PNG: a \(name) chunk of \(length) bytes (at most \(ancillaryLimit))")
                }
                if copying { essential += raw[position..<end] }
            } else if name == "eXIf" {
                exif = ArraySlice(raw[(position + 8)..<(end - 4)])
            }
            position = end
            if name == "IEND" { break }
        }
        return Walk(essential: essential, exif: exif)
    }

    /// What photorepl's own reader needs of a PNG it decodes (8-bit grey, grey + alpha, RGB, RGBA,
    /// with no transparent colour and sRGB gamma, interlaced or not): the IDAT chunks' contents,
    /// their CRCs checked. nil for any other PNG, which libpng decodes. The chunks' lengths are
    /// those `walk` checked.
    struct ImageData {
        var idat: [UInt8]
        var channels: Int
        /// Bits a sample: 8, or 16 (not interlaced).
        var depth: Int
        var isInterlaced: Bool
    }

    static func imageData(_ raw: UnsafeRawBufferPointer) throws(ImageFailure) -> ImageData? {
        _ = try walk(raw, copying: false)
        let header = signatureCount + 8
        let depth = raw[header + 8], colourType = raw[header + 9], interlace = raw[header + 12]
        let channels: [UInt8: Int] = [0: 1, 2: 3, 4: 2, 6: 4]
        // 16-bit ones too, but for Adam7's (libpng reads those, within the budget).
        guard depth == 8 || (depth == 16 && interlace == 0), let count = channels[colourType], raw[header + 10] == 0,
            raw[header + 11] == 0, interlace <= 1
        else { return nil }
        var idat: [UInt8] = []
        var position = signatureCount, hasSRGB = false, gamma: UInt32?
        while position + 8 <= raw.count {
            let length = Int(bigEndian(raw, at: position)), name = type(raw, at: position + 4)
            let dataEnd = min(raw.count, position + 8 + length)
            switch name {
            case "IDAT":
                if position + 12 + length <= raw.count {
                    let crc = crc32(0, base(UnsafeRawBufferPointer(rebasing: raw[(position + 4)...])), UInt32(4 + length))
                    guard crc == bigEndian(raw, at: position + 8 + length) else { throw ImageFailure("corrupt PNG: IDAT: CRC error") }
                }
                idat += raw[(position + 8)..<dataEnd]
            case "tRNS": return nil  // a transparent colour: libpng's
            case "sRGB": hasSRGB = true
            case "gAMA" where length == 4 && dataEnd == position + 12: gamma = bigEndian(raw, at: position + 8)
            case "IHDR", "PLTE", "IEND": break  // a palette is only a suggestion in these kinds
            default: if name.first?.isUppercase == true { return nil }  // an unknown critical chunk: libpng refuses it
            }
            position += 12 + length
            if name == "IEND" { break }
        }
        // libpng turns another gamma into sRGB's; 1/2.2 (45455) is taken for sRGB, as libpng does.
        if let gamma, !hasSRGB, !(45_000...46_000).contains(gamma) { return nil }
        return ImageData(idat: idat, channels: count, depth: Int(depth), isInterlaced: interlace == 1)
    }

    static func bigEndian(_ raw: UnsafeRawBufferPointer, at i: Int) -> UInt32 {
        UInt32(raw[i]) << 24 | UInt32(raw[i + 1]) << 16 | UInt32(raw[i + 2]) << 8 | UInt32(raw[i + 3])
    }

    static func type(_ raw: UnsafeRawBufferPointer, at i: Int) -> String {
        String(decoding: raw[i..<(i + 4)], as: UTF8.self)
    }

    /// A chunk name from the file, for a message: letters only, as names are.
    private static func printable(_ name: String) -> String {
        name.allSatisfy { $0.isASCII && $0.isLetter } ? name : "malformed"
    }
}
