import CImageFormats

/// Camera RAW files and TIFFs are TIFF containers: DNG, CR2, NEF, ARW and PEF start as a TIFF does
/// (`II*\0`, `MM\0*`), ORF with `IIRO`/`IIRS`/`MMOR` and RW2 with `IIU\0`. Every camera puts JPEG
/// previews in them, up to full size: photorepl shows the smallest one that covers the box, found
/// by walking the IFDs itself (IFD0 and the ones after it, SubIFDs, RW2's JpgFromRaw tag), and
/// never decodes the sensor data. Every offset and count comes from the file and is checked before
/// it is read; the walk is bounded (IFDs, entries, a loop of IFDs).
enum TIFFContainer {
    /// A JPEG inside the container: where its bytes are.
    struct JPEGImage: Equatable {
        var range: Range<Int>
        /// The IFD's JPEGTables (tag 347) for a strip that leaves its tables out, as ImageMagick and
        /// Pillow write a JPEG-compressed TIFF: TurboJPEG reads them inserted after the strip's SOI.
        var tables: Range<Int>? = nil
        /// IFD0's own image: a TIFF's page, not a preview of it.
        var isFirst = false

        /// The JPEG as a decoder reads it: its bytes, with the tables' segments (between their SOI
        /// and EOI) after its SOI when it has tables.
        func withBytes<Value>(in raw: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws(ImageFailure) -> Value)
            throws(ImageFailure) -> Value
        {
            let strip = UnsafeRawBufferPointer(rebasing: raw[range])
            guard let tables, tables.count >= 4 else { return try body(strip) }
            var segments = tables.lowerBound + 2..<tables.upperBound
            if raw[tables.upperBound - 2] == 0xFF, raw[tables.upperBound - 1] == 0xD9 {
                segments = segments.lowerBound..<segments.upperBound - 2
            }
            let merged = Array(strip.prefix(2)) + Array(raw[segments]) + Array(strip.dropFirst(2))
            let result: Result<Value, ImageFailure> = merged.withUnsafeBytes { bytes in
                do throws(ImageFailure) { return .success(try body(bytes)) } catch { return .failure(error) }
            }
            return try result.get()
        }
    }

    /// What the IFDs say.
    struct Contents: Equatable {
        /// The largest image an IFD describes (the sensor's, in a RAW): the photo's size.
        var largest: PixelSize?
        /// IFD0's image size: a TIFF's first page, which libtiff decodes.
        var first: PixelSize?
        /// Every JPEG the IFDs point to (previews, thumbnails; a RAW's own lossless JPEG too, which
        /// libjpeg-turbo refuses when it is decoded).
        var jpegs: [JPEGImage] = []
        /// IFD0's orientation (tag 0x0112).
        var orientation: Orientation = .up
        /// What kind of file the tags say it is: "DNG", "CR2", "NEF"…, else "TIFF".
        var kind = "TIFF"
    }

    /// IFDs walked at most, and entries read in each: cameras use a handful of each.
    static let maxIFDs = 32
    static let maxEntries = 1_000

    /// The format `bytes` start as: a TIFF (TIFF magic: DNG, NEF, ARW and PEF too, told apart
    /// later by their tags), a camera RAW with a magic of its own (ORF, RW2) or CR2's mark; nil
    /// for no TIFF container.
    static func sniff(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        guard let (_, magic) = header(bytes) else { return nil }
        return magic == 42 && !isCR2(bytes) ? .tiff : .cameraRaw
    }

    /// Canon's CR2: "CR" and version 2 after the TIFF header.
    private static func isCR2(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 11 && bytes[8] == 0x43 && bytes[9] == 0x52 && bytes[10] == 2
    }

    /// The byte order and the magic number after it, when `bytes` start a TIFF container.
    private static func header(_ bytes: UnsafeRawBufferPointer) -> (bigEndian: Bool, magic: UInt16)? {
        guard bytes.count >= 8 else { return nil }
        let bigEndian: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: return nil
        }
        let magic = TIFFData(bytes: bytes, bigEndian: bigEndian).u16(at: 2)
        // 42: TIFF (DNG, CR2, NEF, ARW, PEF); "RO"/"RS": Olympus ORF; 0x55: Panasonic RW2.
        guard [42, 0x4F52, 0x5352, 0x0055].contains(magic) else { return nil }
        return (bigEndian, magic)
    }

    /// The container's images and IFD0's orientation; nil when `bytes` are no TIFF container.
    static func read(_ bytes: UnsafeRawBufferPointer) -> Contents? {
        guard let (bigEndian, magic) = header(bytes) else { return nil }
        let data = TIFFData(bytes: bytes, bigEndian: bigEndian)
        var contents = Contents()
        switch magic {
        case 0x4F52, 0x5352: contents.kind = "ORF"
        case 0x0055: contents.kind = "RW2"
        default:
            if isCR2(bytes) { contents.kind = "CR2" }
        }
        // The IFDs still to walk, taken from the front by an index: `removeFirst()` moved every one
        // left behind (13–15 s for 31 IFDs of 1,000 SubIFDs tags each).
        var pending = [data.u32(at: 4)]
        var nextPending = 0
        var walked: Set<UInt32> = []
        var listed: Set<Range<Int>> = []
        var isFirst = true
        while nextPending < pending.count, walked.count < maxIFDs {
            let offset = pending[nextPending]
            nextPending += 1
            guard offset != 0, walked.insert(offset).inserted, let ifd = data.offset(offset, length: 2) else { continue }
            let count = min(Int(data.u16(at: ifd)), maxEntries, (bytes.count - ifd - 2) / 12)
            let tags = readIFD(data, at: ifd, count: count, isFirst: isFirst, contents: &contents, pending: &pending)
            // Each JPEG once, however many IFDs point to it.
            for var jpeg in tags.jpegs(in: data) where listed.insert(jpeg.range).inserted {
                jpeg.isFirst = isFirst
                contents.jpegs.append(jpeg)
            }
            let (width, height) = (tags.width, tags.height)
            // (Sides of up to 2^32 would overflow their product: no camera comes near 2^20.)
            if isFirst, width > 0, height > 0, width <= 1 << 20, height <= 1 << 20 {
                contents.first = PixelSize(width: width, height: height)
            }
            if width > 0, height > 0, width <= 1 << 20, height <= 1 << 20,
                width * height > (contents.largest.map { $0.width * $0.height } ?? 0)
            {
                contents.largest = PixelSize(width: width, height: height)
            }
            // The next IFD in the chain.
            if let next = data.offset(UInt32(ifd + 2 + Int(data.u16(at: ifd)) * 12), length: 4) {
                pending.append(data.u32(at: next))
            }
            isFirst = false
        }
        // Only the JPEGs that start as one: SOI, then a marker.
        contents.jpegs = contents.jpegs.filter {
            $0.range.count >= 4 && $0.range.upperBound <= bytes.count
                && bytes[$0.range.lowerBound] == 0xFF && bytes[$0.range.lowerBound + 1] == 0xD8
        }
        return contents
    }

    /// What one IFD's tags say of its image and where its JPEGs are.
    private struct IFDTags {
        var width = 0, height = 0, compression = 0
        var jpegOffset: UInt32?, jpegLength: UInt32?
        var stripOffsets: UInt32?, stripCounts: UInt32?, stripCount: UInt32 = 0
        var tables: Range<Int>?
        var found: [JPEGImage] = []

        /// The JPEGs the tags point to: RW2's JpgFromRaw, the JPEG interchange format's, and a
        /// JPEG-compressed strip's.
        func jpegs(in data: TIFFData) -> [JPEGImage] {
            var found = found
            var interchange: (offset: UInt32, length: UInt32)? = nil
            var strips: (offset: UInt32, length: UInt32)?
            if let jpegOffset, let jpegLength { interchange = (jpegOffset, jpegLength) }
            // One strip (a single offset and count in the value fields) of a JPEG-compressed image.
            if (compression == 6 || compression == 7), stripCount == 1, let stripOffsets, let stripCounts {
                strips = (stripOffsets, stripCounts)
            }
            // Only a new-style strip (compression 7) leaves its tables to JPEGTables.
            let located = [
                interchange.map { ($0.offset, $0.length, nil) }, strips.map { ($0.offset, $0.length, compression == 7 ? tables : nil) }
            ]
            for case let (start, length, stripTables)? in located {
                let capped = Int(min(length, UInt32(Int32.max)))
                guard let at = data.offset(start, length: capped), capped >= 4 else { continue }
                found.append(JPEGImage(range: at..<at + capped, tables: stripTables))
            }
            return found
        }
    }

    /// The `count` entries of the IFD at `ifd`: its image's tags; the kind of file and IFD0's
    /// orientation go to `contents`, SubIFDs to `pending`.
    private static func readIFD(
        _ data: TIFFData, at ifd: Int, count: Int, isFirst: Bool, contents: inout Contents, pending: inout [UInt32]
    ) -> IFDTags {
        var tags = IFDTags()
        // A tag listed again in one IFD is read once, the first time: a RW2 listing its
        // JpgFromRaw 31,936 times took 29–38 s (each copy's JPEG sized again), and each copy of
        // SubIFDs queued its offsets again.
        var seen: Set<UInt16> = []
        for index in 0..<count {
            let entry = ifd + 2 + index * 12
            let (tag, type, valueCount) = (data.u16(at: entry), data.u16(at: entry + 2), data.u32(at: entry + 4))
            guard seen.insert(tag).inserted else { continue }
            // A SHORT or a LONG, whichever the file wrote, as one number.
            func number() -> Int {
                type == 3 ? Int(data.u16(at: entry + 8)) : Int(data.u32(at: entry + 8))
            }
            switch tag {
            case 0x0100: tags.width = number()
            case 0x0101: tags.height = number()
            case 0x0103: tags.compression = number()
            case 0x0112 where isFirst && type == 3: contents.orientation = Orientation(rawValue: number()) ?? .up
            case 0x0201: tags.jpegOffset = data.u32(at: entry + 8)
            case 0x0202: tags.jpegLength = data.u32(at: entry + 8)
            case 0x0111:
                tags.stripOffsets = data.u32(at: entry + 8)
                tags.stripCount = valueCount
            case 0x0117: tags.stripCounts = data.u32(at: entry + 8)
            case 0x015B where type == 7 && valueCount > 4:
                // JPEGTables: SOI, the tables, EOI, where the value field points.
                let length = Int(min(valueCount, UInt32(Int32.max)))
                if let start = data.offset(data.u32(at: entry + 8), length: length) { tags.tables = start..<start + length }
            case 0x002E where type == 7 && contents.kind == "RW2":
                // RW2's JpgFromRaw: a whole JPEG as the tag's value.
                let length = Int(min(valueCount, UInt32(Int32.max)))
                if let start = data.offset(data.u32(at: entry + 8), length: length) {
                    tags.found.append(JPEGImage(range: start..<start + length))
                }
            case 0x014A where type == 4 || type == 13:
                // SubIFDs: one offset in the value field, or a list of them where it points.
                if valueCount == 1 {
                    pending.append(data.u32(at: entry + 8))
                } else if let list = data.offset(data.u32(at: entry + 8), length: Int(min(valueCount, 16)) * 4) {
                    for k in 0..<Int(min(valueCount, 16)) { pending.append(data.u32(at: list + 4 * k)) }
                }
            case 0xC612: contents.kind = "DNG"
            case 0x010F where type == 2 && contents.kind == "TIFF":
                let make = data.ascii(count: valueCount, valueField: entry + 8)?.uppercased() ?? ""
                if make.hasPrefix("NIKON") {
                    contents.kind = "NEF"
                } else if make.hasPrefix("SONY") {
                    contents.kind = "ARW"
                } else if make.hasPrefix("PENTAX") || make.hasPrefix("RICOH") {
                    contents.kind = "PEF"
                }
            default: continue
            }
        }
        return tags
    }

    /// A TIFF's first page through libtiff, scaled down as its rows come by the largest whole factor
    /// that still covers `box`, upright. Its size meets the limits of a file before anything is
    /// allocated.
    static func decodeFirstPage(
        _ raw: UnsafeRawBufferPointer, size: PixelSize, orientation: Orientation, fitting box: PixelSize,
        limits: ImageLimits
    ) throws(ImageFailure) -> Pixels {
        try limits.check(size)
        let target = orientation.uprightSize(of: size).fitted(in: box)
        let storedTarget = orientation.swapsDimensions ? PixelSize(width: target.height, height: target.width) : target
        let factor = size.wholeFactor(covering: storedTarget)
        let scaled = size.dividedRoundingUp(by: factor)
        var request = photorepl_isolated_request()
        request.decoder = Int32(PHOTOREPL_ISOLATED_TIFF)
        request.width = Int32(size.width)
        request.height = Int32(size.height)
        request.orientation = Int32(orientation.rawValue)
        request.factor = Int32(factor)
        // Most TIFFs are read a row at a time (the scaled picture and a row); other kinds whole,
        // which the decoder refuses past this.
        request.memory = min(
            IsolatedDecoding.budget, IsolatedDecoding.memory(size, bytesPerPixel: 4, more: scaled.width * scaled.height * 4 + (32 << 20)))
        var pixels = try IsolatedDecoding.decode(request, library: "libtiff", bytes: raw, size: scaled).oriented(orientation)
        pixels.source = .file(
            format: "TIFF", stored: orientation.uprightSize(of: size), decoded: PixelSize(width: pixels.width, height: pixels.height))
        return pixels
    }

    /// The smallest JPEG inside that covers the box with the photo's shape (within 2 %), decoded and
    /// turned upright. A camera RAW none of whose JPEGs covers the box is decoded from its sensor
    /// data by libraw instead; when that fails (libraw missing, a camera it does not know), the
    /// largest JPEG is shown, its source saying it is smaller than the box. A TIFF is its page, as
    /// every other reader shows it: a JPEG smaller than the page only as a preview that covers the
    /// box with the page's shape (a 60×40 thumbnail in IFD1 was drawn for a 600×400 page).
    static func decodePreview(_ raw: UnsafeRawBufferPointer, header: ImageHeader, fitting box: PixelSize, limits: ImageLimits)
        throws(ImageFailure) -> Pixels
    {
        let kind: String, jpegs: [JPEGImage]
        var firstPage: PixelSize?
        if CR3.isCR3(raw) {
            (kind, jpegs) = ("CR3", CR3.read(raw).jpegs.map { JPEGImage(range: $0) })
        } else {
            guard let contents = read(raw) else { throw ImageFailure("not a TIFF container") }
            (kind, jpegs, firstPage) = (contents.kind, contents.jpegs, contents.kind == "TIFF" ? contents.first : nil)
        }
        // Each JPEG's size, read once and checked as a file's would be (a RAW's lossless sensor
        // JPEG is refused here). A strip's frame header is its own: its tables are not needed.
        let sized = jpegs.compactMap { jpeg in
            (try? JPEG.checkedSize(UnsafeRawBufferPointer(rebasing: raw[jpeg.range]), limits: limits)).map { (jpeg: jpeg, size: $0) }
        }
        if kind == "TIFF" { return try decodeTIFF(raw, sized: sized, firstPage: firstPage, header: header, fitting: box, limits: limits) }
        let choice = smallestCovering(sized, header: header, fitting: box)
        if choice?.covers != true {
            do {
                return try decodeSensorData(raw, kind: kind, header: header, fitting: box, limits: limits)
            } catch {
                guard choice != nil else {
                    throw ImageFailure(
                        "no JPEG preview photorepl can decode inside this \(kind) file, and \(error.reason)", isTooLarge: error.isTooLarge)
                }
            }
        }
        guard let choice else { throw ImageFailure("no JPEG preview photorepl can decode inside this \(kind) file") }
        let what = choice.covers ? "JPEG preview" : "largest JPEG preview, smaller than the box,"
        return try decodeJPEG(raw, choice.jpeg, storedTarget: choice.storedTarget, header: header, kind: "\(kind) \(what)")
    }

    /// A TIFF: the smallest JPEG preview that covers the box with the page's shape, else the page,
    /// from its own JPEG when it is one (scaled while decoding), else through libtiff.
    private static func decodeTIFF(
        _ raw: UnsafeRawBufferPointer, sized: [(jpeg: JPEGImage, size: PixelSize)], firstPage: PixelSize?,
        header: ImageHeader, fitting box: PixelSize, limits: ImageLimits
    ) throws(ImageFailure) -> Pixels {
        let target = header.uprightSize.fitted(in: box)
        let storedTarget = header.exif.orientation.swapsDimensions ? PixelSize(width: target.height, height: target.width) : target
        let previews = sized.filter { !$0.jpeg.isFirst && $0.size.isPreview(of: header.storedSize, covering: storedTarget) }
        if let preview = previews.min(by: { $0.size.width < $1.size.width }) {
            return try decodeJPEG(raw, preview, storedTarget: storedTarget, header: header, kind: "TIFF JPEG preview")
        }
        // A page TurboJPEG cannot read (a colour space it does not know) is left to libtiff.
        if let page = sized.first(where: { $0.jpeg.isFirst && $0.size == firstPage }),
            var pixels = try? decodeJPEG(raw, page, storedTarget: storedTarget, header: header, kind: "TIFF")
        {
            pixels.source = .file(
                format: "TIFF", stored: header.exif.orientation.uprightSize(of: page.size),
                decoded: PixelSize(width: pixels.width, height: pixels.height))
            return pixels
        }
        guard let firstPage else { throw ImageFailure("no page photorepl can decode inside this TIFF file") }
        return try decodeFirstPage(raw, size: firstPage, orientation: header.exif.orientation, fitting: box, limits: limits)
    }

    /// A JPEG inside the file, decoded to cover `storedTarget` and turned upright; its source a
    /// preview of `kind`.
    private static func decodeJPEG(
        _ raw: UnsafeRawBufferPointer, _ jpeg: (jpeg: JPEGImage, size: PixelSize), storedTarget: PixelSize,
        header: ImageHeader, kind: String
    ) throws(ImageFailure) -> Pixels {
        var pixels = try jpeg.jpeg.withBytes(in: raw) { (bytes) throws(ImageFailure) -> Pixels in
            try JPEG.decode(bytes, size: jpeg.size, atLeast: storedTarget)
        }.oriented(header.exif.orientation)
        pixels.source = .preview(
            kind: kind, size: header.exif.orientation.uprightSize(of: jpeg.size),
            photo: header.uprightSize, decoded: PixelSize(width: pixels.width, height: pixels.height))
        return pixels
    }

    /// Of the JPEGs `sized`, the smallest of the photo's shape that covers the box (in the stored
    /// shape), else the largest; nil when there are none.
    static func smallestCovering(_ sized: [(jpeg: JPEGImage, size: PixelSize)], header: ImageHeader, fitting box: PixelSize)
        -> (jpeg: (jpeg: JPEGImage, size: PixelSize), covers: Bool, storedTarget: PixelSize)?
    {
        let photo = header.storedSize
        let target = header.uprightSize.fitted(in: box)
        let storedTarget = header.exif.orientation.swapsDimensions ? PixelSize(width: target.height, height: target.width) : target
        func hasShape(_ size: PixelSize) -> Bool {
            abs(size.width * photo.height - size.height * photo.width) * 50 <= photo.width * size.height
        }
        let shaped = sized.filter { hasShape($0.size) }
        let candidates = shaped.isEmpty ? sized : shaped
        let covering = candidates.filter { $0.size.width >= storedTarget.width && $0.size.height >= storedTarget.height }
        if let smallest = covering.min(by: { $0.size.width < $1.size.width }) { return (smallest, true, storedTarget) }
        return candidates.max { $0.size.width < $1.size.width }.map { ($0, false, storedTarget) }
    }

    /// The sensor data through libraw: at half size when that covers the box (no demosaicking,
    /// about 4 times faster), else at full size. libraw turns it upright itself.
    static func decodeSensorData(
        _ raw: UnsafeRawBufferPointer, kind: String, header: ImageHeader, fitting box: PixelSize,
        limits: ImageLimits
    ) throws(ImageFailure) -> Pixels {
        let target = header.uprightSize.fitted(in: box)
        let half = header.uprightSize.width / 2 >= target.width && header.uprightSize.height / 2 >= target.height
        // The sensor's 16-bit samples, and libraw's pictures (16-bit RGBG, 8-bit RGB, RGBA) at half
        // or full size; libraw reads the true sizes and picks the size that fits what is reserved.
        let sensor = header.storedSize
        let quarter =
            IsolatedDecoding.memory(sensor, bytesPerPixel: 2, more: 0) / 1 + IsolatedDecoding.memory(sensor, bytesPerPixel: 15) / 4
        let full = IsolatedDecoding.memory(sensor, bytesPerPixel: 2 + 15)
        try IsolatedDecoding.checkBudget(quarter, "its \(sensor) sensor")
        var request = photorepl_isolated_request()
        request.decoder = Int32(PHOTOREPL_ISOLATED_RAW)
        request.half = half ? 1 : 0
        request.max_pixels = limits.maxPixels
        request.memory = min(IsolatedDecoding.budget, (half ? quarter : full) + (32 << 20))
        var pixels = try IsolatedDecoding.decode(request, library: "libraw", bytes: raw, size: nil)
        pixels.source = .sensorData(kind: kind, photo: header.uprightSize, decoded: PixelSize(width: pixels.width, height: pixels.height))
        return pixels
    }
}

/// Canon's CR3, an ISO base media file (brand `crx `): a thumbnail (THMB, about 160×120) and IFD0 as
/// a TIFF (CMT1) in the moov box's Canon uuid box, and a larger preview (PRVW, about 1620×1080) in
/// a uuid box of its own. Each JPEG is found where its box says, as what starts with a JPEG's SOI
/// within the box's first bytes, and runs to the box's end (a JPEG decoder stops at its EOI).
enum CR3 {
    static let canonBox: [UInt8] = [0x85, 0xC0, 0xB6, 0x87, 0x82, 0x0F, 0x11, 0xE0, 0x81, 0x11, 0xF4, 0xCE, 0x46, 0x2B, 0x6A, 0x48]
    static let previewBox: [UInt8] = [0xEA, 0xF4, 0x2B, 0x5E, 0x1C, 0x98, 0x4B, 0x88, 0xB9, 0xFB, 0xB7, 0xDC, 0x40, 0x6E, 0x4D, 0x16]

    struct Contents: Equatable {
        var jpegs: [Range<Int>] = []
        /// CMT1: IFD0 as a TIFF (size, orientation, description, artist, date).
        var ifd0: Range<Int>?
    }

    /// Whether `raw` starts with an `ftyp` box of brand `crx `.
    static func isCR3(_ raw: UnsafeRawBufferPointer) -> Bool {
        raw.count >= 12 && Array(raw[4..<12]) == Array("ftypcrx ".utf8)
    }

    static func read(_ raw: UnsafeRawBufferPointer) -> Contents {
        let reader = HEIFBoxes.Reader(raw)
        var contents = Contents()
        func uuid(_ box: Range<Int>) -> [UInt8]? { box.count >= 16 ? Array(raw[box.lowerBound..<box.lowerBound + 16]) : nil }
        /// A JPEG within the first 64 bytes of `box`, to its end.
        func jpeg(in box: Range<Int>) -> Range<Int>? {
            var i = box.lowerBound
            while i + 1 < min(box.upperBound, box.lowerBound + 64) {
                if raw[i] == 0xFF, raw[i + 1] == 0xD8 { return i..<box.upperBound }
                i += 1
            }
            return nil
        }
        for top in reader.boxes(in: 0..<raw.count) {
            if top.type == "moov" {
                for box in reader.boxes(in: top.contents) where box.type == "uuid" && uuid(box.contents) == canonBox {
                    for item in reader.boxes(in: box.contents.lowerBound + 16..<box.contents.upperBound) {
                        if item.type == "THMB", let found = jpeg(in: item.contents) { contents.jpegs.append(found) }
                        if item.type == "CMT1" { contents.ifd0 = item.contents }
                    }
                }
            } else if top.type == "uuid", uuid(top.contents) == previewBox {
                // After the UUID, 8 bytes, then the PRVW box.
                let inner = top.contents.lowerBound + 16
                for offset in [inner, inner + 8] where offset < top.contents.upperBound {
                    let previews = reader.boxes(in: offset..<top.contents.upperBound).filter { $0.type == "PRVW" }.compactMap {
                        jpeg(in: $0.contents)
                    }
                    contents.jpegs += previews
                    if !previews.isEmpty { break }
                }
            }
        }
        return contents
    }
}
