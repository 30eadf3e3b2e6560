import CImageFormats
import SystemCalls

/// A HEIF whose primary image is a grid of coded tiles, as phones store their photos (512×512 HEVC
/// tiles; a 200-megapixel Galaxy S24 Ultra photo is 24×32 of them). libheif decodes a grid whole,
/// about 6.5 bytes a pixel (1.3 GB for 200 MP); here each tile is handed to libheif as a small HEIF
/// file of its own, decoded, and summed into the scaled picture, so that a decode holds the picture
/// and one tile whatever the grid's size.
struct HEIFTiles {
    let columns: Int, rows: Int
    let tile: PixelSize
    let canvas: PixelSize
    /// The primary's own turn and mirror (`irot`, `imir`), which libheif would have applied.
    let orientation: Orientation
    /// Each tile as a HEIF file of its own, one after another: tile `i` is `offsets[i]..<offsets[i + 1]`.
    let files: [UInt8]
    let offsets: [Int]

    /// The grid of `raw`'s primary image, or nil when it is not a grid of coded tiles of one size
    /// and codec that cover its canvas.
    init?(_ raw: UnsafeRawBufferPointer) {
        let reader = HEIFBoxes.Reader(raw)
        guard let meta = reader.box("meta", in: 0..<raw.count, isFull: true), let primary = reader.primaryItem(in: meta) else { return nil }
        let items = reader.items(in: meta)
        let types = Dictionary(items.map { ($0.id, $0.type) }, uniquingKeysWith: { first, _ in first })
        guard types[primary] == "grid", let description = reader.itemData(of: primary, in: meta, count: 32), description.count >= 8,
            let canvas = HEIFBoxes.canvas(of: description, type: "grid")
        else { return nil }
        let rows = Int(description[2]) + 1, columns = Int(description[3]) + 1
        let tiles = reader.references(in: meta).first { $0.type == "dimg" && $0.from == primary }?.to ?? []
        guard tiles.count == rows * columns, let codec = types[tiles[0]], codec == "hvc1" || codec == "av01",
            tiles.allSatisfy({ types[$0] == codec && $0 != primary }), let locations = reader.locations(in: meta)
        else { return nil }
        let properties = reader.propertyTable(in: meta)
        let configurationType = codec == "hvc1" ? "hvcC" : "av1C"
        guard let tile = reader.statedSize(of: tiles[0], in: properties), tile.width > 0, tile.height > 0,
            tile.width * columns >= canvas.width, tile.height * rows >= canvas.height
        else { return nil }
        func property(_ type: String, of item: Int) -> Range<Int>? {
            (properties.associations[item] ?? []).first { properties.all[$0 - 1].type == type }.map { properties.all[$0 - 1].contents }
        }
        var files: [UInt8] = [], offsets: [Int] = [0]
        for id in tiles {
            guard reader.statedSize(of: id, in: properties) == tile, let configuration = property(configurationType, of: id),
                let ranges = locations[id], !ranges.isEmpty
            else { return nil }
            files += Self.file(
                codec: codec, configuration: UnsafeRawBufferPointer(rebasing: raw[configuration]), size: tile,
                data: reader.data(in: ranges))
            offsets.append(files.count)
        }
        (self.columns, self.rows, self.tile, self.canvas, self.files, self.offsets) = (columns, rows, tile, canvas, files, offsets)
        orientation = Self.orientation(properties.associations[primary] ?? [], properties.all.map(\.type)) { index in
            let contents = properties.all[index - 1].contents
            return contents.isEmpty ? 0 : Int(raw[contents.lowerBound])
        }
    }

    /// The turn and mirror of `irot` and `imir` in the order the image lists them, as an EXIF
    /// orientation: `irot` turns anticlockwise by quarters, `imir` mirrors top–bottom (0) or
    /// left–right (1), as libheif 1.15 reads it (the 2022 amendment's meaning; the 2017 text reads
    /// the other way round); `firstByte` reads a property's first byte.
    static func orientation(_ associations: [Int], _ types: [String], firstByte: (Int) -> Int) -> Orientation {
        var quarters = 0, mirrored = false
        for index in associations where index >= 1 && index <= types.count {
            switch types[index - 1] {
            case "irot":
                // A turn after a mirror turns the other way round.
                quarters = (quarters + (mirrored ? 4 - (firstByte(index) & 3) : firstByte(index) & 3)) % 4
            case "imir":
                // Top–bottom is left–right and a half turn.
                if firstByte(index) & 1 == 0 { quarters = (quarters + 2) % 4 }
                mirrored.toggle()
            default: break
            }
        }
        // The stored picture turned `quarters` anticlockwise, then mirrored left–right.
        return mirrored
            ? [Orientation.upMirrored, .rightMirrored, .downMirrored, .leftMirrored][quarters]
            : [Orientation.up, .left, .down, .right][quarters]
    }

    /// A HEIF file holding one coded image: `ftyp`, a `meta` whose only item is the image (its
    /// configuration and size its properties, its data in `mdat`), and the `mdat`.
    static func file(codec: String, configuration: UnsafeRawBufferPointer, size: PixelSize, data: [UInt8]) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { u32(8 + payload.count) + Array(type.utf8) + payload }
        func fullBox(_ type: String, version: UInt8 = 0, _ payload: [UInt8]) -> [UInt8] { box(type, [version, 0, 0, 0] + payload) }
        let brand = codec == "hvc1" ? "heic" : "avif"
        let ftyp = box("ftyp", Array(brand.utf8) + u32(0) + Array("mif1".utf8) + Array(brand.utf8))
        func meta(dataAt offset: Int) -> [UInt8] {
            fullBox(
                "meta",
                fullBox("hdlr", u32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 12) + [0])
                    + fullBox("pitm", u16(1))
                    // 4-byte offsets and lengths, no base offset; item 1, one extent.
                    + fullBox("iloc", [0x44, 0x00] + u16(1) + u16(1) + u16(0) + u16(1) + u32(offset) + u32(data.count))
                    + fullBox("iinf", u16(1) + fullBox("infe", version: 2, u16(1) + u16(0) + Array(codec.utf8) + [0]))
                    + box(
                        "iprp",
                        box(
                            "ipco",
                            box(codec == "hvc1" ? "hvcC" : "av1C", Array(configuration))
                                + fullBox("ispe", u32(size.width) + u32(size.height)))
                            // Item 1: its configuration (essential), then its size.
                            + fullBox("ipma", u32(1) + u16(1) + [2, 0x81, 0x02])))
        }
        let metaLength = meta(dataAt: 0).count
        return ftyp + meta(dataAt: ftyp.count + metaLength + 8) + box("mdat", data)
    }

    /// The picture of `size` from the children's sums (each a "picture" four times as wide).
    static func pixels(fromSums parts: [Pixels], _ size: PixelSize) -> Pixels {
        let rgba = [UInt8](unsafeUninitializedCapacity: size.width * size.height * 4) { out, initialized in
            let buffers = parts.map { $0.rgba }
            var pointers: [UnsafePointer<UInt32>?] = []
            func gather(_ index: Int) {
                guard index < buffers.count else {
                    photorepl_tile_sums_to_rgba(pointers, Int32(pointers.count), size.width * size.height, out.baseAddress)
                    return
                }
                buffers[index].withUnsafeBytes { raw in
                    pointers.append(raw.baseAddress!.assumingMemoryBound(to: UInt32.self))
                    gather(index + 1)
                }
            }
            gather(0)
            initialized = size.width * size.height * 4
        }
        return Pixels(width: size.width, height: size.height, rgba: rgba)
    }

    /// The grid decoded a tile at a time by child processes (one a core), scaled down by the largest whole factor
    /// that still covers `target` (upright), turned upright.
    func decode(format: ImageFormat, atLeast target: PixelSize) throws(ImageFailure) -> Pixels {
        let stored = orientation.swapsDimensions ? PixelSize(width: target.height, height: target.width) : target
        let factor = canvas.wholeFactor(covering: stored)
        let scaled = canvas.dividedRoundingUp(by: factor)
        // The tiles shared among children, one a core (at most four), each summing its rows of
        // tiles into a picture of sums of its own: 16 bytes a pixel, and one tile's decode.
        let count = columns * rows
        let children = max(1, min(4, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), count))
        let sums = PixelSize(width: scaled.width * 4, height: scaled.height)
        let parts = (0..<children).map { child -> (request: photorepl_isolated_request, size: PixelSize?) in
            var request = photorepl_isolated_request()
            request.decoder = Int32(PHOTOREPL_ISOLATED_HEIF_TILES)
            request.first_tile = Int32(count * child / children)
            request.tile_count = Int32(count * (child + 1) / children - count * child / children)
            request.columns = Int32(columns)
            request.tile_width = Int32(tile.width)
            request.tile_height = Int32(tile.height)
            request.width = Int32(canvas.width)
            request.height = Int32(canvas.height)
            request.factor = Int32(factor)
            request.memory = IsolatedDecoding.memory(
                scaled, bytesPerPixel: 16, more: IsolatedDecoding.memory(tile, bytesPerPixel: 7) + (16 << 20))
            return (request, sums)
        }
        try IsolatedDecoding.checkBudget(
            parts.reduce(0) { $0 + $1.request.memory } + scaled.width * scaled.height * 4,
            "its \(canvas) grid scaled to \(scaled)")
        // A tile of 512×512 takes about 8 ms: the deadline grows with the grid.
        let deadline = IsolatedDecoding.deadline + .milliseconds(20 * count / children)
        let offsets = self.offsets
        let result: Result<Pixels, ImageFailure> = files.withUnsafeBytes { bytes in
            offsets.withUnsafeBufferPointer { offsets in
                do throws(ImageFailure) {
                    let pictures = try IsolatedDecoding.decodeTogether(
                        parts.map { part in
                            var request = part.request
                            request.tile_offsets = offsets.baseAddress
                            return (request, part.size)
                        }, library: "libheif", bytes: bytes, deadline: deadline)
                    return .success(Self.pixels(fromSums: pictures, scaled))
                } catch {
                    return .failure(ImageFailure(error.reason.replacing("HEIF", with: format.rawValue), isTooLarge: error.isTooLarge))
                }
            }
        }
        var pixels = try result.get().oriented(orientation)
        pixels.source = .tiles(
            format: format.rawValue, count: columns * rows, tile: tile, photo: orientation.uprightSize(of: canvas),
            decoded: PixelSize(width: pixels.width, height: pixels.height))
        return pixels
    }
}
