import CImageFormats
import SystemCalls

/// JPEG XL through libjxl (loaded at the first JPEG XL), upright (libjxl applies the codestream's
/// orientation), decoded whole and scaled down by the largest whole factor that still covers the
/// box. An animation shows its first frame. No cheaper rung: libjxl 0.7 cannot decode at a smaller
/// size, and its progressive flush of the 1:8 DC image was slower than the whole decode here (64
/// against 48 ms for a 2560×1600 photo, 93 against 66 ms for one encoded at distance 1).
enum JPEGXL {
    /// A bare codestream (`FF 0A`) or the ISO container's signature box.
    static func sniff(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0x0A { return true }
        return bytes.starts(with: [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A])
    }

    /// The size, upright, and the EXIF's description, artist and date (its orientation is left out:
    /// the codestream's is the one that counts, and libjxl applies it).
    static func info(_ raw: UnsafeRawBufferPointer) throws(ImageFailure) -> (PixelSize, EXIFInfo) {
        var width: Int32 = 0, height: Int32 = 0
        var exif: UnsafeMutablePointer<UInt8>?
        var exifLength = 0
        var text = [CChar](repeating: 0, count: 256)
        let status = libraryCall { photorepl_jxl_info(base(raw), raw.count, &width, &height, &exif, &exifLength, &text, text.count) }
        guard status == 0 else {
            throw ImageFailure(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        var info = EXIFInfo()
        if let exif {
            info = readExifBox(UnsafeRawBufferPointer(start: exif, count: exifLength))
            free(exif)
        }
        return (PixelSize(width: Int(width), height: Int(height)), info)
    }

    /// An `Exif` box's contents: a big-endian offset, then (that many bytes on) the TIFF header.
    static func readExifBox(_ box: UnsafeRawBufferPointer) -> EXIFInfo {
        guard box.count >= 4 else { return EXIFInfo() }
        let skip = Int(box[0]) << 24 | Int(box[1]) << 16 | Int(box[2]) << 8 | Int(box[3])
        guard skip <= box.count - 4 else { return EXIFInfo() }
        var exif = EXIF.readIFD0(UnsafeRawBufferPointer(rebasing: box[(4 + skip)...]))
        exif.orientation = .up
        return exif
    }

    static func decode(_ raw: UnsafeRawBufferPointer, size: PixelSize, limits: ImageLimits, atLeast target: PixelSize) throws(ImageFailure)
        -> Pixels
    {
        let factor = size.wholeFactor(covering: target)
        let scaled = size.dividedRoundingUp(by: factor)
        // libjxl holds about 4 bytes a pixel beside the whole picture's 4 (a 10000×10000 one took
        // 651 MB), and the scaled picture; its own allocations are capped by the same pixels.
        var request = photorepl_isolated_request()
        request.decoder = Int32(PHOTOREPL_ISOLATED_JXL)
        request.max_pixels = limits.maxPixels
        request.factor = Int32(factor)
        request.memory = IsolatedDecoding.memory(size, bytesPerPixel: 8, more: scaled.width * scaled.height * 4 + (32 << 20))
        try IsolatedDecoding.checkBudget(request.memory, "its \(size) image")
        return try IsolatedDecoding.decode(request, library: "libjxl", bytes: raw, size: scaled)
    }
}
