/// Just enough of a HEIF file's boxes (ISO/IEC 23008-12) to know, before libheif decodes it, what
/// its primary image is and how large a canvas decoding it makes. libheif 1.15 allocates a derived
/// image's canvas from the size its data claims, not from the `ispe` it reports: a 1,211-byte AVIF
/// whose primary item is an overlay (`iovl`) took 4 GB and crashed (found by the `formats` fuzz
/// target). Coded images (`hvc1`, `av01`) are decoded at their `ispe` size, which the header's limits
/// already checked; a grid's or an overlay's canvas is checked here; anything else is refused.
enum HEIFBoxes {
    /// Throws when the primary image cannot be decoded within `limits`, or is of a kind not decoded.
    static func checkPrimary(_ raw: UnsafeRawBufferPointer, limits: ImageLimits, format: ImageFormat) throws(ImageFailure) {
        let reader = Reader(raw)
        guard let meta = reader.box("meta", in: 0..<raw.count, isFull: true) else {
            throw ImageFailure("corrupt \(format.rawValue): no meta box")
        }
        guard let primary = reader.primaryItem(in: meta), let type = reader.itemType(of: primary, in: meta) else {
            throw ImageFailure("corrupt \(format.rawValue): no primary image")
        }
        switch type {
        case "hvc1", "av01":
            return
        case "grid", "iovl":
            guard let data = reader.itemData(of: primary, in: meta, count: 32) else {
                throw ImageFailure("corrupt \(format.rawValue): the \(type) image's description is missing")
            }
            guard let canvas = Self.canvas(of: data, type: type) else {
                throw ImageFailure("corrupt \(format.rawValue): the \(type) image's description is cut short")
            }
            try limits.check(canvas)
        default:
            throw ImageFailure("unsupported \(format.rawValue): its primary image is of type '\(type.filter { $0.isASCII && !$0.isNewline })'")
        }
    }

    /// The output size in an `ImageGrid` or `ImageOverlay` description: a version byte, a flags byte
    /// (bit 0: 32-bit sizes), then the grid's rows and columns or the overlay's fill colour, then
    /// the width and height.
    static func canvas(of data: [UInt8], type: String) -> PixelSize? {
        guard data.count >= 2 else { return nil }
        let wide = data[1] & 1 != 0
        let start = type == "grid" ? 4 : 10
        let size = wide ? 4 : 2
        guard data.count >= start + 2 * size else { return nil }
        func number(at offset: Int) -> Int { data[offset..<offset + size].reduce(0) { $0 << 8 | Int($1) } }
        return PixelSize(width: number(at: start), height: number(at: start + size))
    }

    /// Big-endian reads within the file, every offset checked.
    struct Reader {
        let raw: UnsafeRawBufferPointer
        init(_ raw: UnsafeRawBufferPointer) { self.raw = raw }

        func number(at offset: Int, size: Int) -> Int? {
            guard size >= 0, size <= 8, offset >= 0, offset <= raw.count - size else { return nil }
            return raw[offset..<offset + size].reduce(0) { $0 << 8 | Int($1) }
        }

        func fourCC(at offset: Int) -> String? {
            guard offset >= 0, offset <= raw.count - 4 else { return nil }
            return String(decoding: UnsafeRawBufferPointer(rebasing: raw[offset..<offset + 4]), as: UTF8.self)
        }

        /// The boxes directly within `range`: each one's type and the range of its contents.
        func boxes(in range: Range<Int>) -> [(type: String, contents: Range<Int>)] {
            var found: [(String, Range<Int>)] = []
            var offset = range.lowerBound
            while offset + 8 <= range.upperBound, found.count < 4096 {
                guard var size = number(at: offset, size: 4), let type = fourCC(at: offset + 4) else { break }
                var header = 8
                if size == 1 {
                    guard let large = number(at: offset + 8, size: 8) else { break }
                    size = large
                    header = 16
                } else if size == 0 {
                    size = range.upperBound - offset
                }
                guard size >= header, size <= range.upperBound - offset else { break }
                found.append((type, offset + header..<offset + size))
                offset += size
            }
            return found
        }

        /// The contents of the first `type` box within `range` (after its version and flags when it
        /// is a full box).
        func box(_ type: String, in range: Range<Int>, isFull: Bool = false) -> Range<Int>? {
            guard let box = boxes(in: range).first(where: { $0.type == type }) else { return nil }
            let start = box.contents.lowerBound + (isFull ? 4 : 0)
            return start <= box.contents.upperBound ? start..<box.contents.upperBound : nil
        }

        func version(ofFullBoxAt contents: Range<Int>) -> Int? { number(at: contents.lowerBound - 4, size: 1) }

        /// `pitm`: the primary item's id.
        func primaryItem(in meta: Range<Int>) -> Int? {
            guard let pitm = box("pitm", in: meta, isFull: true), let version = version(ofFullBoxAt: pitm) else { return nil }
            return number(at: pitm.lowerBound, size: version == 0 ? 2 : 4)
        }

        /// `iinf`'s `infe` (version 2 or 3) for `item`: its four-letter type.
        func itemType(of item: Int, in meta: Range<Int>) -> String? {
            guard let iinf = box("iinf", in: meta, isFull: true), let version = version(ofFullBoxAt: iinf) else { return nil }
            let entries = iinf.lowerBound + (version == 0 ? 2 : 4)..<iinf.upperBound
            for infe in boxes(in: entries) where infe.type == "infe" {
                guard let entryVersion = number(at: infe.contents.lowerBound, size: 1), entryVersion >= 2 else { continue }
                let idSize = entryVersion == 2 ? 2 : 4
                let idAt = infe.contents.lowerBound + 4
                guard number(at: idAt, size: idSize) == item else { continue }
                return fourCC(at: idAt + idSize + 2)
            }
            return nil
        }

        /// The first `count` bytes of `item`'s data, found through `iloc` (in the file, or in `idat`).
        func itemData(of item: Int, in meta: Range<Int>, count: Int) -> [UInt8]? {
            guard let iloc = box("iloc", in: meta, isFull: true), let version = version(ofFullBoxAt: iloc), version <= 2,
                  let sizes = number(at: iloc.lowerBound, size: 2) else { return nil }
            let offsetSize = sizes >> 12 & 15, lengthSize = sizes >> 8 & 15, baseSize = sizes >> 4 & 15
            let indexSize = version == 0 ? 0 : sizes & 15
            let idSize = version < 2 ? 2 : 4
            var at = iloc.lowerBound + 2
            guard let itemCount = number(at: at, size: version < 2 ? 2 : 4) else { return nil }
            at += version < 2 ? 2 : 4
            for _ in 0..<min(itemCount, 65536) {
                guard let id = number(at: at, size: idSize) else { return nil }
                at += idSize
                var method = 0
                if version >= 1 {
                    guard let value = number(at: at, size: 2) else { return nil }
                    method = value & 15
                    at += 2
                }
                at += 2  // data_reference_index
                guard let base = number(at: at, size: baseSize) else { return nil }
                at += baseSize
                guard let extents = number(at: at, size: 2) else { return nil }
                at += 2
                var first: (offset: Int, length: Int)?
                for _ in 0..<extents {
                    at += indexSize
                    guard let offset = number(at: at, size: offsetSize), let length = number(at: at + offsetSize, size: lengthSize) else { return nil }
                    at += offsetSize + lengthSize
                    if first == nil { first = (offset, length) }
                }
                guard id == item, let first else { continue }
                let origin: Int
                switch method {
                case 0: origin = 0
                case 1:
                    guard let idat = box("idat", in: meta) else { return nil }
                    origin = idat.lowerBound
                default: return nil
                }
                let (start, overflow) = origin.addingReportingOverflow(base)
                let (begin, overflow2) = start.addingReportingOverflow(first.offset)
                guard !overflow, !overflow2, begin >= 0, begin < raw.count else { return nil }
                let length = first.length == 0 ? raw.count - begin : min(first.length, raw.count - begin)
                return Array(raw[begin..<begin + min(count, length)])
            }
            return nil
        }
    }
}
