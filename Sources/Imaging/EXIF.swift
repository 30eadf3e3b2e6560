/// What photorepl reads from a JPEG's EXIF (IFD0 only).
public struct EXIFInfo: Equatable, Sendable {
    /// Tag 0x0112, SHORT, values 1...8; anything else is .up (showing the pixels as stored is the
    /// least surprising answer to a value nobody defined).
    public var orientation: Orientation = .up
    /// Tag 0x010E, ASCII: the caption cameras and editors write.
    public var imageDescription: String?
    /// Tag 0x013B, ASCII: the photographer, for the credit line.
    public var artist: String?
    /// When the photo was taken, `YYYY:MM:DD HH:MM:SS` as EXIF writes it (local time, no zone):
    /// DateTimeOriginal (0x9003, in the Exif IFD), else DateTime (0x0132). Only a value of exactly
    /// that shape is kept, so that dates compare as text.
    public var dateTaken: String?
    /// Tags 0x010F and 0x0110, ASCII: the camera's maker and model, as it writes them ("NIKON
    /// CORPORATION", "NIKON D850"); a RAW file always has them.
    public var make: String?
    public var model: String?

    public init(
        orientation: Orientation = .up, imageDescription: String? = nil, artist: String? = nil, dateTaken: String? = nil,
        make: String? = nil, model: String? = nil
    ) {
        self.orientation = orientation
        self.imageDescription = imageDescription
        self.artist = artist
        self.dateTaken = dateTaken
        self.make = make
        self.model = model
    }
}

/// A reader for the IFD0 tags photorepl uses (orientation, description, artist, camera), and the Exif IFD's date. Files come from the network, so every byte is
/// hostile: each offset and length is checked against the segment before it is read (the raw
/// buffer's subscript is unchecked in release builds), and nothing is allocated but the strings.
public enum EXIF {
    /// Reads the EXIF of a JPEG held in `bytes` (the whole file or at least its header part). Never traps on any input: malformed, truncated or hostile data gives the fields it could read (or an empty EXIFInfo).
    public static func read(jpeg bytes: UnsafeRawBufferPointer) -> EXIFInfo {
        guard let tiff = exifSegment(in: bytes) else { return EXIFInfo() }
        return readIFD0(tiff)
    }

    public static func read(jpeg bytes: [UInt8]) -> EXIFInfo {
        bytes.withUnsafeBytes { read(jpeg: $0) }
    }

    /// EXIF entries looked at, at most: IFD0 holds a few dozen in practice, and a hostile count
    /// (up to 65,535) should not cost more than this.
    static let maxEntries = 1_000
    /// Bytes of one string kept, at most: enough for any caption, and a hostile count cannot make
    /// a huge string.
    static let maxStringBytes = 1_000

    /// The TIFF data of the first Exif APP1 segment, or nil. Walks the markers from SOI and stops
    /// at the start of the scan: EXIF always comes before it, and past it the bytes are image data.
    /// A segment cut short by the end of `bytes` is kept as far as it goes.
    static func exifSegment(in bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        var found: UnsafeRawBufferPointer?
        JPEGSegments.walk(bytes) { marker, payload in
            guard marker == 0xE1, payload.count >= 6, isExifHeader(bytes, at: payload.lowerBound) else { return true }
            found = UnsafeRawBufferPointer(rebasing: bytes[(payload.lowerBound + 6)..<payload.upperBound])
            return false
        }
        return found
    }

    private static func isExifHeader(_ bytes: UnsafeRawBufferPointer, at i: Int) -> Bool {
        bytes[i] == 0x45 && bytes[i + 1] == 0x78 && bytes[i + 2] == 0x69 && bytes[i + 3] == 0x66
            && bytes[i + 4] == 0 && bytes[i + 5] == 0  // "Exif\0\0"
    }

    /// The tags of IFD0, read from the TIFF data (offsets in it count from its first byte).
    static func readIFD0(_ tiff: UnsafeRawBufferPointer) -> EXIFInfo {
        var info = EXIFInfo()
        guard tiff.count >= 8 else { return info }
        let bigEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): bigEndian = false  // "II"
        case (0x4D, 0x4D): bigEndian = true  // "MM"
        default: return info
        }
        let data = TIFFData(bytes: tiff, bigEndian: bigEndian)
        guard data.u16(at: 2) == 42, let ifd = data.offset(data.u32(at: 4), length: 2) else { return info }
        // Entries past the end of the data are not there: read those that are.
        let entries = min(Int(data.u16(at: ifd)), maxEntries, (tiff.count - ifd - 2) / 12)
        // A tag listed again is read once, the first time, as the container's walk does (each copy
        // of the Exif IFD's tag walked that IFD again).
        var seen: Set<UInt16> = []
        for index in 0..<entries {
            let entry = ifd + 2 + index * 12
            let (tag, type, count) = (data.u16(at: entry), data.u16(at: entry + 2), data.u32(at: entry + 4))
            guard seen.insert(tag).inserted else { continue }
            switch tag {
            case 0x0112 where type == 3 && count >= 1:
                info.orientation = Orientation(rawValue: Int(data.u16(at: entry + 8))) ?? .up
            case 0x010E where type == 2:
                info.imageDescription = data.ascii(count: count, valueField: entry + 8)
            case 0x013B where type == 2:
                info.artist = data.ascii(count: count, valueField: entry + 8)
            case 0x010F where type == 2:
                info.make = data.ascii(count: count, valueField: entry + 8)
            case 0x0110 where type == 2:
                info.model = data.ascii(count: count, valueField: entry + 8)
            case 0x0132 where type == 2:
                info.dateTaken = info.dateTaken ?? date(data.ascii(count: count, valueField: entry + 8))
            case 0x8769 where (type == 4 || type == 13) && count == 1:
                // The Exif IFD: DateTimeOriginal there is when the shutter fired (DateTime, when
                // the file was last changed).
                if let original = dateTimeOriginal(data, ifd: data.u32(at: entry + 8)) { info.dateTaken = original }
            default: continue
            }
        }
        return info
    }

    /// DateTimeOriginal from the Exif IFD at `offset`, when it is there and of the right shape.
    private static func dateTimeOriginal(_ data: TIFFData, ifd offset: UInt32) -> String? {
        guard let ifd = data.offset(offset, length: 2) else { return nil }
        let entries = min(Int(data.u16(at: ifd)), maxEntries, (data.bytes.count - ifd - 2) / 12)
        for index in 0..<entries {
            let entry = ifd + 2 + index * 12
            if data.u16(at: entry) == 0x9003, data.u16(at: entry + 2) == 2 {
                return date(data.ascii(count: data.u32(at: entry + 4), valueField: entry + 8))
            }
        }
        return nil
    }

    /// `text` when it is `YYYY:MM:DD HH:MM:SS` with digits where digits go (cameras write
    /// `0000:00:00 00:00:00` or blanks for an unknown date: those are no date).
    static func date(_ text: String?) -> String? {
        guard let text else { return nil }
        let bytes = Array(text.utf8)
        guard bytes.count == 19 else { return nil }
        for (i, byte) in bytes.enumerated() {
            switch i {
            case 4, 7, 13, 16: guard byte == UInt8(ascii: ":") else { return nil }
            case 10: guard byte == UInt8(ascii: " ") else { return nil }
            default: guard byte >= 0x30 && byte <= 0x39 else { return nil }
            }
        }
        return text.hasPrefix("0000") ? nil : text
    }
}

/// TIFF data in its byte order. `u16` and `u32` take offsets the caller has checked;
/// `offset(_:length:)` is the check for offsets found in the data.
struct TIFFData {
    let bytes: UnsafeRawBufferPointer
    let bigEndian: Bool

    func u16(at i: Int) -> UInt16 {
        let (a, b) = (UInt16(bytes[i]), UInt16(bytes[i + 1]))
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    func u32(at i: Int) -> UInt32 {
        let (high, low) = (UInt32(u16(at: i)), UInt32(u16(at: i + 2)))
        return bigEndian ? high << 16 | low : low << 16 | high
    }

    /// `offset` as an index when `length` bytes from it are inside the data. `Int(exactly:)` keeps
    /// a 32-bit platform from trapping on offsets above Int32.max.
    func offset(_ offset: UInt32, length: Int) -> Int? {
        guard let start = Int(exactly: offset), start <= bytes.count, length <= bytes.count - start else { return nil }
        return start
    }

    /// An ASCII value: `count` bytes, in the value field when they fit in its 4 bytes, else at
    /// the offset it holds. Ends at the first NUL; trailing spaces (cameras pad with them) go;
    /// empty is nil. Not valid UTF-8 gives U+FFFD rather than nothing: a caption with one bad
    /// byte is still worth showing.
    func ascii(count: UInt32, valueField: Int) -> String? {
        guard count > 0 else { return nil }
        let capped = Int(min(count, UInt32(EXIF.maxStringBytes)))
        let start: Int
        if count <= 4 {
            start = valueField
        } else {
            guard let at = offset(u32(at: valueField), length: capped) else { return nil }
            start = at
        }
        var end = start
        while end < start + capped, bytes[end] != 0 { end += 1 }
        // Cut by the cap inside a UTF-8 sequence: drop the partial character, not show U+FFFD.
        if end == start + capped, count > capped { end = Self.characterStart(bytes, before: end, from: start) }
        while end > start, bytes[end - 1] == 0x20 { end -= 1 }
        guard end > start else { return nil }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// `end`, or the start of the UTF-8 sequence it cuts: the lead byte before `end` (after at
    /// most 3 continuation bytes) when its sequence needs more bytes than are left.
    private static func characterStart(_ bytes: UnsafeRawBufferPointer, before end: Int, from start: Int) -> Int {
        var lead = end - 1
        while lead > start, end - lead < 4, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        let byte = bytes[lead]
        let needed = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        return end - lead < needed ? lead : end
    }
}

/// The segments of a JPEG file before its first scan, marker by marker.
enum JPEGSegments {
    /// Calls `body` with each segment's marker and payload (cut short by the end of `bytes` where it
    /// is), from SOI to the first SOS or EOI; stops when `body` returns false or the bytes are lost.
    static func walk(_ bytes: UnsafeRawBufferPointer, _ body: (UInt8, Range<Int>) -> Bool) {
        let n = bytes.count
        guard n >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return }
        var i = 2
        while i < n {
            guard bytes[i] == 0xFF else { return }  // not a marker: lost, stop
            while i < n, bytes[i] == 0xFF { i += 1 }  // fill bytes before the marker code
            guard i < n else { return }
            let marker = bytes[i]
            i += 1
            switch marker {
            case 0xD9, 0xDA: return  // EOI, SOS
            case 0xD0...0xD8, 0x01: continue  // RSTn, SOI, TEM: no length
            case 0x00: return  // a stuffed byte is not a marker
            default: break
            }
            guard i + 2 <= n else { return }
            let length = Int(bytes[i]) << 8 | Int(bytes[i + 1])
            guard length >= 2 else { return }
            let end = i + length  // at most n + 65,535: no overflow
            guard body(marker, (i + 2)..<min(end, n)) else { return }
            i = end
        }
    }

    /// Whether the frame is progressive (SOF2, SOF6, SOF10, SOF14): its decoder keeps every
    /// coefficient of the whole image, about 3 bytes a pixel, whatever the scale it is shown at.
    static func isProgressive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var progressive = false
        walk(bytes) { marker, _ in
            guard (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC else { return true }
            progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(marker)
            return false
        }
        return progressive
    }
}

/// A smaller JPEG that a camera put inside a JPEG: the EXIF thumbnail (IFD1, usually 160×120) or an
/// MPF preview (CIPA DC-007, APP2 "MPF", often 1920 pixels wide). Decoding one that covers the
/// picture's box costs a fraction of the photo's own decode.
public struct EmbeddedPreview: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case exifThumbnail = "EXIF thumbnail"
        case mpfPreview = "MPF preview"
    }
    public var kind: Kind
    /// Where its bytes are in the file.
    public var range: Range<Int>

    /// The previews in `bytes` (a JPEG file, whole): every one within the file, none of them read yet.
    public static func find(inJPEG bytes: UnsafeRawBufferPointer) -> [EmbeddedPreview] {
        var found: [EmbeddedPreview] = []
        guard let start = bytes.baseAddress else { return [] }
        JPEGSegments.walk(bytes) { marker, payload in
            let p = payload.lowerBound
            if marker == 0xE1, payload.count >= 14, Array(bytes[p..<p + 6]) == Array("Exif\0\0".utf8) {
                let tiff = UnsafeRawBufferPointer(rebasing: bytes[(p + 6)..<payload.upperBound])
                if let range = exifThumbnail(in: tiff) {
                    let base = tiff.baseAddress! - start
                    found.append(EmbeddedPreview(kind: .exifThumbnail, range: base + range.lowerBound..<base + range.upperBound))
                }
            } else if marker == 0xE2, payload.count >= 12, Array(bytes[p..<p + 4]) == Array("MPF\0".utf8) {
                // MPF offsets count from its TIFF header, and point past this segment: the whole file.
                let base = p + 4
                for range in mpfImages(bytes, header: base) { found.append(EmbeddedPreview(kind: .mpfPreview, range: range)) }
            }
            return true
        }
        return found.filter {
            $0.range.lowerBound >= 0 && $0.range.upperBound <= bytes.count && $0.range.count >= 4
                && bytes[$0.range.lowerBound] == 0xFF && bytes[$0.range.lowerBound + 1] == 0xD8
        }
    }

    private static func byteOrder(_ bytes: UnsafeRawBufferPointer, at i: Int) -> Bool? {
        guard i + 8 <= bytes.count else { return nil }
        switch (bytes[i], bytes[i + 1]) {
        case (0x49, 0x49): return false
        case (0x4D, 0x4D): return true
        default: return nil
        }
    }

    /// IFD1's JPEGInterchangeFormat (0x0201) and its length (0x0202), offsets in the TIFF data.
    static func exifThumbnail(in tiff: UnsafeRawBufferPointer) -> Range<Int>? {
        guard let bigEndian = byteOrder(tiff, at: 0) else { return nil }
        let data = TIFFData(bytes: tiff, bigEndian: bigEndian)
        guard data.u16(at: 2) == 42, let ifd0 = data.offset(data.u32(at: 4), length: 2) else { return nil }
        let count0 = Int(data.u16(at: ifd0))
        guard let next = data.offset(UInt32(ifd0 + 2 + count0 * 12), length: 4),
            let ifd1 = data.offset(data.u32(at: next), length: 2), ifd1 != 0
        else { return nil }
        var offset: UInt32?, length: UInt32?
        let entries = min(Int(data.u16(at: ifd1)), EXIF.maxEntries, (tiff.count - ifd1 - 2) / 12)
        for index in 0..<entries {
            let entry = ifd1 + 2 + index * 12
            switch data.u16(at: entry) {
            case 0x0201: offset = data.u32(at: entry + 8)
            case 0x0202: length = data.u32(at: entry + 8)
            default: continue
            }
        }
        guard let offset, let length, let start = data.offset(offset, length: Int(length)) else { return nil }
        return start..<start + Int(length)
    }

    /// The MP Entry list (tag 0xB002) of the MP Index IFD: 16 bytes an image (attributes, size,
    /// offset from the MPF header, two dependents); the first is the photo itself (offset 0).
    static func mpfImages(_ bytes: UnsafeRawBufferPointer, header: Int) -> [Range<Int>] {
        guard let bigEndian = byteOrder(bytes, at: header) else { return [] }
        let tiff = UnsafeRawBufferPointer(rebasing: bytes[header...])
        let data = TIFFData(bytes: tiff, bigEndian: bigEndian)
        guard data.u16(at: 2) == 42, let ifd = data.offset(data.u32(at: 4), length: 2) else { return [] }
        let entries = min(Int(data.u16(at: ifd)), EXIF.maxEntries, (tiff.count - ifd - 2) / 12)
        for index in 0..<entries {
            let entry = ifd + 2 + index * 12
            guard data.u16(at: entry) == 0xB002, data.u16(at: entry + 2) == 7 else { continue }
            let count = Int(data.u32(at: entry + 4))
            guard count >= 16, count <= 16 * 64, let list = data.offset(data.u32(at: entry + 8), length: count) else { return [] }
            var images: [Range<Int>] = []
            for image in 1..<count / 16 {
                let at = list + image * 16
                let size = Int(data.u32(at: at + 4)), offset = Int(data.u32(at: at + 8))
                guard offset > 0, size > 0 else { continue }
                let (start, overflow) = header.addingReportingOverflow(offset)
                guard !overflow, start < bytes.count, size <= bytes.count - start else { continue }
                images.append(start..<start + size)
            }
            return images
        }
        return []
    }
}
