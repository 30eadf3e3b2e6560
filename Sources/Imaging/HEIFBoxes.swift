/// Just enough of a HEIF file's boxes (ISO/IEC 23008-12) to know, before libheif decodes it, what
/// its primary image is and how large every picture decoding it makes is. libheif 1.15 allocates
/// from what the data claims, not from the `ispe` it reports:
/// - a derived image's canvas from its description: a 1,211-byte AVIF whose primary item is an
///   overlay (`iovl`) took 4 GB and crashed (found by the `formats` fuzz target);
/// - a coded image (`hvc1`, `av01`) at the size its stream's headers say: a 23 KB HEIC whose `ispe`
///   says 100×100 but whose HEVC stream is 10000×10000 was decoded at full size (650 MB).
/// So a grid's or an overlay's canvas is checked here, and so is every coded image's stream (the
/// primary, a grid's tiles, thumbnails): within the limits, and no larger than its `ispe` but for
/// the padding a codec may add (64 pixels: HEVC codes whole blocks and crops). Anything else is refused.
enum HEIFBoxes {
    /// How much larger than its `ispe` a coded picture may be: HEVC codes whole coding blocks (up
    /// to 64 pixels) and crops the rest with its conformance window.
    static let codingPadding = 64

    /// Throws when the file's pictures cannot be decoded within `limits`, or its primary image is
    /// of a kind not decoded.
    static func check(_ raw: UnsafeRawBufferPointer, limits: ImageLimits, format: ImageFormat) throws(ImageFailure) {
        let reader = Reader(raw)
        guard let meta = reader.box("meta", in: 0..<raw.count, isFull: true) else {
            throw ImageFailure("corrupt \(format.rawValue): no meta box")
        }
        let items = reader.items(in: meta)
        guard let primary = reader.primaryItem(in: meta), let type = items.first(where: { $0.id == primary })?.type else {
            throw ImageFailure("corrupt \(format.rawValue): no primary image")
        }
        switch type {
        case "hvc1", "av01":
            break
        case "grid", "iovl":
            guard let data = reader.itemData(of: primary, in: meta, count: 32) else {
                throw ImageFailure("corrupt \(format.rawValue): the \(type) image's description is missing")
            }
            guard let canvas = Self.canvas(of: data, type: type) else {
                throw ImageFailure("corrupt \(format.rawValue): the \(type) image's description is cut short")
            }
            try (type == "grid" ? limits.forTiledGrid : limits).check(canvas)
        default:
            throw ImageFailure(
                "unsupported \(format.rawValue): its primary image is of type '\(type.filter { $0.isASCII && !$0.isNewline })'")
        }
        // Each coded image's data is read for its parameter sets: at most the file's size in all
        // (items' data do not overlap), however many items share the same bytes.
        guard let locations = reader.locations(in: meta) else {
            throw ImageFailure("corrupt \(format.rawValue): where its images' data are cannot be read")
        }
        let properties = reader.propertyTable(in: meta)
        // What this reader does not see would go unchecked: more items or properties than it reads
        // (libheif reads more), or an association with a property that is not there.
        guard items.count < Reader.mostBoxes, properties.all.count < Reader.mostBoxes, !properties.dangling else {
            throw ImageFailure("corrupt \(format.rawValue): its items and properties cannot all be read")
        }
        // Images other than the primary (a grid's tiles, thumbnails) are decoded whenever it is: each
        // within what a HEIF image may be decoded at (the primary's own size is judged when it is
        // decoded, when a thumbnail may stand for it).
        var others = limits
        others.maxPixels = min(limits.maxPixels, limits.maxHEIFPixels)
        func stated(_ item: Int) -> PixelSize? { reader.statedSize(of: item, in: properties) }
        // Every derived image, not the primary alone: libheif makes a grid's or an overlay's canvas
        // at the size its description says, whatever the image is (a 985-byte HEIC whose thumbnail
        // was a grid claiming 30000×30000 crashed libheif, its `ispe` alone checked). Each canvas is
        // within the limits and no larger than the image says it is (a thumbnail is chosen, and its
        // pixels counted, by that).
        for item in items where item.type == "grid" || item.type == "iovl" {
            guard let ranges = locations[item.id], !ranges.isEmpty else {
                throw ImageFailure("corrupt \(format.rawValue): the \(item.type) image's description is missing")
            }
            guard let canvas = Self.canvas(of: reader.data(in: ranges, count: 32), type: item.type) else {
                throw ImageFailure("corrupt \(format.rawValue): the \(item.type) image's description is cut short")
            }
            try (item.id == primary ? (item.type == "grid" ? limits.forTiledGrid : limits) : others).check(canvas)
            if let stated = stated(item.id), canvas.width > stated.width || canvas.height > stated.height {
                throw ImageFailure("corrupt \(format.rawValue): its \(item.type) image is \(canvas) pixels, though the file says \(stated)")
            }
        }
        // A configuration shared by many items (a grid's tiles share one) is read once.
        var configurations: [Int: [PixelSize?]] = [:]
        var budget = raw.count
        var seen: Set<Int> = []
        for item in items where (item.type == "hvc1" || item.type == "av01") && seen.insert(item.id).inserted {
            let data = reader.data(in: locations[item.id] ?? [], count: budget + 1)
            guard data.count <= budget else { throw ImageFailure("corrupt \(format.rawValue): its images' data overlap") }
            budget -= data.count
            let own = properties.associations[item.id] ?? []
            let configuration = own.first { properties.all[$0 - 1].type == (item.type == "hvc1" ? "hvcC" : "av1C") }
            var fromConfiguration: [PixelSize?] = []
            if let configuration {
                if let known = configurations[configuration] {
                    fromConfiguration = known
                } else {
                    let bytes = [UInt8](UnsafeRawBufferPointer(rebasing: raw[properties.all[configuration - 1].contents]))
                    fromConfiguration =
                        item.type == "hvc1" ? CodedSize.hevc(configuration: bytes) : CodedSize.av1(obus: Array(bytes.dropFirst(4)))
                    configurations[configuration] = fromConfiguration
                }
            }
            // libheif's HEVC decoder reads the data's NAL units after 4-byte lengths, whatever hvcC says.
            let inBand = item.type == "hvc1" ? CodedSize.hevc(data: data, lengthSize: 4) : CodedSize.av1(obus: data)
            guard let stated = stated(item.id) else {
                throw ImageFailure("corrupt \(format.rawValue): image \(item.id) does not say its size")
            }
            try checkCoded(
                fromConfiguration + inBand, stated: stated,
                codec: item.type == "hvc1" ? "HEVC" : "AV1", limits: item.id == primary ? limits : others, format: format)
        }
    }

    /// The primary image's JPEG-coded thumbnails (items of type `jpeg`, as Canon's .hif files carry
    /// beside their HEVC image), which libheif 1.15 does not list: each one's data (read by
    /// photorepl's JPEG decoder, its header checked as a file's) and its own turn and mirror.
    static func jpegThumbnails(_ raw: UnsafeRawBufferPointer) -> [(data: [UInt8], orientation: Orientation)] {
        let reader = Reader(raw)
        guard let meta = reader.box("meta", in: 0..<raw.count, isFull: true), let primary = reader.primaryItem(in: meta),
            let locations = reader.locations(in: meta)
        else { return [] }
        let jpegs = Set(reader.items(in: meta).filter { $0.type == "jpeg" }.map(\.id))
        let ids = Set(reader.references(in: meta).filter { $0.type == "thmb" && $0.to == [primary] && jpegs.contains($0.from) }.map(\.from))
        let properties = reader.propertyTable(in: meta)
        // Each at most the file's size in all: items' data do not overlap.
        var budget = raw.count
        return ids.sorted().compactMap { id in
            guard let ranges = locations[id], !ranges.isEmpty else { return nil }
            let data = reader.data(in: ranges, count: budget + 1)
            guard data.count <= budget else { return nil }
            budget -= data.count
            let orientation = HEIFTiles.orientation(properties.associations[id] ?? [], properties.all.map(\.type)) { index in
                let contents = properties.all[index - 1].contents
                return contents.isEmpty ? 0 : Int(raw[contents.lowerBound])
            }
            return (data, orientation)
        }
    }

    /// Whether the primary image is a grid (of tiles, each an image of its own).
    static func primaryIsGrid(_ raw: UnsafeRawBufferPointer) -> Bool {
        let reader = Reader(raw)
        guard let meta = reader.box("meta", in: 0..<raw.count, isFull: true), let primary = reader.primaryItem(in: meta) else {
            return false
        }
        return reader.items(in: meta).first { $0.id == primary }?.type == "grid"
    }

    /// The primary image's thumbnails in the order libheif 1.15 lists them (by item id: it keeps
    /// its images in a map keyed by id), each with the size its `ispe` states, or nil for one that
    /// may not be decoded as a thumbnail: only a coded image (`hvc1`, `av01`) or a grid of coded
    /// tiles, none of them the primary, is decoded at the size `check` held it to (an `iden` or an
    /// overlay decodes other images at their own sizes, the primary's among them).
    static func thumbnails(_ raw: UnsafeRawBufferPointer) -> [PixelSize?] {
        let reader = Reader(raw)
        guard let meta = reader.box("meta", in: 0..<raw.count, isFull: true), let primary = reader.primaryItem(in: meta) else { return [] }
        let items = reader.items(in: meta)
        let types = Dictionary(items.map { ($0.id, $0.type) }, uniquingKeysWith: { first, _ in first })
        // Two items of one id: which one libheif keeps is its own affair; no thumbnail is told apart.
        guard types.count == items.count else { return [] }
        let references = reader.references(in: meta)
        let properties = reader.propertyTable(in: meta)
        let coded: Set = ["hvc1", "av01"], images: Set = ["hvc1", "av01", "grid", "iden", "iovl"]
        let ids = Set(references.filter { $0.type == "thmb" && $0.to == [primary] && images.contains(types[$0.from] ?? "") }.map(\.from))
            .sorted()
        // Each image's inputs found at once, not by a walk of every reference for each thumbnail.
        let inputs = Dictionary(references.filter { $0.type == "dimg" }.map { ($0.from, $0.to) }, uniquingKeysWith: { first, _ in first })
        return ids.map { id in
            let type = types[id] ?? ""
            let tiles = inputs[id] ?? []
            let decodable =
                coded.contains(type)
                || (type == "grid" && !tiles.isEmpty && tiles.allSatisfy { $0 != primary && coded.contains(types[$0] ?? "") })
            return decodable ? reader.statedSize(of: id, in: properties) : nil
        }
    }

    /// A coded image's sizes as its decoder will see them (from its configuration property, `hvcC`
    /// or `av1C`, and from its own data: a stream may carry its parameter sets in band), against
    /// the limits and the size its `ispe` states.
    private static func checkCoded(
        _ sizes: [PixelSize?], stated: PixelSize, codec: String, limits: ImageLimits,
        format: ImageFormat
    ) throws(ImageFailure) {
        for size in sizes {
            guard let size else { throw ImageFailure("corrupt \(format.rawValue): its \(codec) stream's size cannot be read") }
            guard size.width > 0, size.height > 0 else {
                throw ImageFailure("corrupt \(format.rawValue): its \(codec) stream claims a size of \(size)")
            }
            try limits.check(size)
            if size.width > stated.width + codingPadding || size.height > stated.height + codingPadding {
                throw ImageFailure("corrupt \(format.rawValue): its \(codec) stream is \(size) pixels, though the file says \(stated)")
            }
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

        /// How many boxes `boxes(in:)` reads in one place.
        static let mostBoxes = 4096

        /// The boxes directly within `range`: each one's type and the range of its contents (at
        /// most `mostBoxes`).
        func boxes(in range: Range<Int>) -> [(type: String, contents: Range<Int>)] {
            var found: [(String, Range<Int>)] = []
            var offset = range.lowerBound
            while offset + 8 <= range.upperBound, found.count < Self.mostBoxes {
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

        /// Where each item's data is (`iloc`, read once): its extents as ranges of the file (in the
        /// file, or in `idat`), cut to the file. Nil when `iloc` cannot be read, or lists more than
        /// 65,536 extents in all: with offsets and lengths of zero bytes each, 65,536 items of
        /// 65,535 extents would be four billion turns reading nothing.
        func locations(in meta: Range<Int>) -> [Int: [Range<Int>]]? {
            guard let iloc = box("iloc", in: meta, isFull: true), let version = version(ofFullBoxAt: iloc), version <= 2,
                let sizes = number(at: iloc.lowerBound, size: 2)
            else { return nil }
            let offsetSize = sizes >> 12 & 15, lengthSize = sizes >> 8 & 15, baseSize = sizes >> 4 & 15
            let indexSize = version == 0 ? 0 : sizes & 15
            let idSize = version < 2 ? 2 : 4
            var at = iloc.lowerBound + 2
            guard let itemCount = number(at: at, size: version < 2 ? 2 : 4) else { return nil }
            at += version < 2 ? 2 : 4
            var found: [Int: [Range<Int>]] = [:]
            var extentsRead = 0
            // Looked up once: once an item walked all of meta's boxes again (65,536 items of
            // construction method 1 in a meta of 4,096 boxes).
            let idat = box("idat", in: meta)
            for _ in 0..<itemCount {
                guard let id = number(at: at, size: idSize) else { return nil }
                at += idSize
                var method = 0
                if version >= 1 {
                    guard let value = number(at: at, size: 2) else { return nil }
                    method = value & 15
                    at += 2
                }
                at += 2  // data_reference_index
                guard let base = number(at: at, size: baseSize), base >= 0, let extentCount = number(at: at + baseSize, size: 2) else {
                    return nil
                }
                at += baseSize + 2
                extentsRead += max(1, extentCount)
                guard extentsRead <= 65536 else { return nil }
                var origin = 0
                if method == 1 {
                    guard let idat else { return nil }
                    origin = idat.lowerBound
                } else if method != 0 {
                    return nil
                }
                var ranges: [Range<Int>] = []
                for _ in 0..<extentCount {
                    at += indexSize
                    // Eight-byte fields read as Int may be negative: no such offset or length.
                    guard let offset = number(at: at, size: offsetSize), let length = number(at: at + offsetSize, size: lengthSize),
                        offset >= 0, length >= 0
                    else { return nil }
                    at += offsetSize + lengthSize
                    let (start, overflow) = origin.addingReportingOverflow(base)
                    let (begin, overflow2) = start.addingReportingOverflow(offset)
                    guard !overflow, !overflow2, begin >= 0, begin < raw.count else { return nil }
                    ranges.append(begin..<(length == 0 ? raw.count : begin + min(length, raw.count - begin)))
                }
                found[id] = ranges
            }
            return found
        }

        /// `item`'s data, its extents joined, at most `count` bytes of it; nil when `iloc` does not
        /// say where it is.
        func itemData(of item: Int, in meta: Range<Int>, count: Int = .max) -> [UInt8]? {
            guard let ranges = locations(in: meta)?[item], !ranges.isEmpty else { return nil }
            return data(in: ranges, count: count)
        }

        /// The bytes of `ranges`, joined, at most `count` of them.
        func data(in ranges: [Range<Int>], count: Int = .max) -> [UInt8] {
            var data: [UInt8] = []
            for range in ranges where data.count < count {
                data += raw[range.lowerBound..<range.lowerBound + min(count - data.count, range.count)]
            }
            return data
        }

        /// Every item `iinf` lists: its id and four-letter type.
        func items(in meta: Range<Int>) -> [(id: Int, type: String)] {
            guard let iinf = box("iinf", in: meta, isFull: true), let version = version(ofFullBoxAt: iinf) else { return [] }
            let entries = iinf.lowerBound + (version == 0 ? 2 : 4)..<iinf.upperBound
            return boxes(in: entries).compactMap { infe in
                guard infe.type == "infe", let entryVersion = number(at: infe.contents.lowerBound, size: 1), entryVersion >= 2 else {
                    return nil
                }
                let idSize = entryVersion == 2 ? 2 : 4
                let idAt = infe.contents.lowerBound + 4
                guard let id = number(at: idAt, size: idSize), let type = fourCC(at: idAt + idSize + 2) else { return nil }
                return (id, type)
            }
        }

        /// `iref`'s references: of each its type (`thmb`, `dimg`, `cdsc`…), the item it is from and
        /// the items it is to (as many as its box holds).
        func references(in meta: Range<Int>) -> [(type: String, from: Int, to: [Int])] {
            guard let iref = box("iref", in: meta, isFull: true), let version = version(ofFullBoxAt: iref) else { return [] }
            let idSize = version == 0 ? 2 : 4
            return boxes(in: iref).compactMap { reference in
                let end = reference.contents.upperBound
                guard let from = number(at: reference.contents.lowerBound, size: idSize),
                    let count = number(at: reference.contents.lowerBound + idSize, size: 2)
                else { return nil }
                var at = reference.contents.lowerBound + idSize + 2
                var to: [Int] = []
                while to.count < count, at + idSize <= end, let id = number(at: at, size: idSize) {
                    to.append(id)
                    at += idSize
                }
                return (reference.type, from, to)
            }
        }

        /// The size `item`'s `ispe` states, when it has one.
        func statedSize(of item: Int, in properties: PropertyTable) -> PixelSize? {
            guard
                let ispe = (properties.associations[item] ?? []).first(where: { properties.all[$0 - 1].type == "ispe" }).map({
                    properties.all[$0 - 1].contents
                }),
                let width = number(at: ispe.lowerBound + 4, size: 4), let height = number(at: ispe.lowerBound + 8, size: 4)
            else { return nil }
            return PixelSize(width: width, height: height)
        }

        /// The properties `ipma` gives `item`, from `iprp`'s `ipco` (numbered from 1 there).
        func properties(of item: Int, in meta: Range<Int>) -> [(type: String, contents: Range<Int>)] {
            let table = propertyTable(in: meta)
            return (table.associations[item] ?? []).map { table.all[$0 - 1] }
        }

        typealias PropertyTable = (all: [(type: String, contents: Range<Int>)], associations: [Int: [Int]], dangling: Bool)

        /// `ipco`'s properties, and for each item the numbers (from 1, each within `ipco`) `ipma`
        /// gives it; read once. `dangling`: an association names a property `ipco` does not have.
        func propertyTable(in meta: Range<Int>) -> PropertyTable {
            guard let iprp = box("iprp", in: meta), let ipco = box("ipco", in: iprp) else { return ([], [:], false) }
            var dangling = false
            let all = boxes(in: ipco)
            var associations: [Int: [Int]] = [:]
            for ipma in boxes(in: iprp) where ipma.type == "ipma" {
                guard let version = number(at: ipma.contents.lowerBound, size: 1),
                    let flags = number(at: ipma.contents.lowerBound + 1, size: 3)
                else { continue }
                var at = ipma.contents.lowerBound + 4
                guard let entryCount = number(at: at, size: 4) else { continue }
                at += 4
                // Each entry takes at least 3 bytes and each association 1: bounded by the box.
                for _ in 0..<min(entryCount, ipma.contents.count / 3) {
                    guard let id = number(at: at, size: version < 1 ? 2 : 4) else { break }
                    at += version < 1 ? 2 : 4
                    guard let associationCount = number(at: at, size: 1) else { break }
                    at += 1
                    let indexSize = flags & 1 != 0 ? 2 : 1
                    for _ in 0..<associationCount {
                        guard let value = number(at: at, size: indexSize) else { break }
                        at += indexSize
                        let index = value & (indexSize == 2 ? 0x7FFF : 0x7F)
                        if index >= 1, index <= all.count {
                            associations[id, default: []].append(index)
                        } else if index != 0 {
                            dangling = true
                        }
                    }
                }
            }
            return (all, associations, dangling)
        }
    }
}
