import CZlib
import Testing
@testable import Imaging

/// PNGs of the common kinds are read by photorepl itself (libdeflate's inflate, the rows
/// unfiltered and scaled as they come; an interlaced one from its first passes). Each file here is
/// written by a small encoder of the test's own, every filter type in turn, and compared with
/// libpng's reading of the same file.
@Suite struct PNGReaderTests {
    /// A PNG of `channels` 8-bit samples a pixel (`samples`, rows packed), each row filtered with
    /// type `row % 5` (None, Sub, Up, Average, Paeth), interlaced with Adam7 or not; `extra`
    /// chunks go before IDAT.
    static func encode(
        width: Int, height: Int, channels: Int, samples: [UInt8], interlaced: Bool = false,
        extra: [(String, [UInt8])] = [], depth: UInt8 = 8
    ) -> [UInt8] {
        let colourType: UInt8 = [1: 0, 2: 4, 3: 2, 4: 6][channels]!
        // 16-bit samples are two bytes each, big-endian: a pixel of `channels` samples is twice the bytes.
        let channels = channels * Int(depth) / 8
        var raw: [UInt8] = []
        if interlaced {
            let start = [(0, 0), (4, 0), (0, 4), (2, 0), (0, 2), (1, 0), (0, 1)],
                step = [(8, 8), (8, 8), (4, 8), (4, 4), (2, 4), (2, 2), (1, 2)]
            for pass in 0..<7 {
                let xs = Array(stride(from: start[pass].0, to: width, by: step[pass].0))
                let ys = Array(stride(from: start[pass].1, to: height, by: step[pass].1))
                guard !xs.isEmpty, !ys.isEmpty else { continue }
                let rows = ys.map { y in xs.flatMap { x in samples[((y * width + x) * channels)..<((y * width + x + 1) * channels)] } }
                raw += filtered(rows, channels: channels)
            }
        } else {
            raw = filtered(
                (0..<height).map { y in Array(samples[(y * width * channels)..<((y + 1) * width * channels)]) }, channels: channels)
        }
        var compressed = [UInt8](repeating: 0, count: Int(compressBound(UInt(raw.count))))
        var length = UInt(compressed.count)
        precondition(compress2(&compressed, &length, raw, UInt(raw.count), 9) == Z_OK)
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [depth, colourType, 0, 0, interlaced ? 1 : 0]
        return PNGChunks.signature + chunk("IHDR", header) + extra.flatMap { chunk($0.0, $0.1) }
            + chunk("IDAT", Array(compressed[..<Int(length)])) + chunk("IEND", [])
    }

    /// A 16-bit PNG went to libpng, which made it RGBA whole (a 190 KB one of 10000×10000
    /// took 403 MB), and a large 8-bit one was inflated whole (400 MB for 10000×10000 RGBA). Both
    /// are read a band of rows at a time now, scaled as they come.
    @Test func aSixteenBitPNGIsScaledAsItsRowsCome() throws {
        let width = 300, height = 200, block = 2
        func high(_ x: Int, _ y: Int, _ c: Int) -> UInt8 { UInt8(((x / block) * 7 + (y / block) * 13 + c * 50) & 0xFF) }
        var samples: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<3 { samples += [high(x, y, c), UInt8((x * 31 + y + c) & 0xFF)] }
            }
        }
        let png = Self.encode(width: width, height: height, channels: 3, samples: samples, depth: 16)
        let pixels = try ImageDecoder.decode(png, fitting: PixelSize(width: 100, height: 100))
        #expect(pixels.width == 150 && pixels.height == 100)
        for (x, y) in [(0, 0), (17, 3), (149, 99), (80, 50)] {
            let i = (y * pixels.width + x) * 4
            #expect(
                Array(pixels.rgba[i..<i + 4]) == [high(x * 2, y * 2, 0), high(x * 2, y * 2, 1), high(x * 2, y * 2, 2), 255], "at \(x),\(y)")
        }
    }

    @Test func aLargePNGIsInflatedARowAtATime() throws {
        // 4200×2000 RGBA: 33.6 MB inflated, past the 32 MB read whole. Rows unfiltered (the filters
        // are the small files' part), built a band at a time: a debug build takes seconds over
        // 33.6 million samples one by one, on a thread other suites share.
        let width = 4200, height = 2000, block = 10
        func value(_ x: Int, _ y: Int, _ c: Int) -> UInt8 { c == 3 ? 255 : UInt8(((x / block) * 7 + (y / block) * 13 + c * 50) & 0xFF) }
        let bands: [[UInt8]] = (0..<(height / block)).map { band in
            [0] + (0..<width).flatMap { x in (0..<4).map { value(x, band * block, $0) } }
        }
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (width * 4 + 1))
        for y in 0..<height { raw += bands[y / block] }
        var compressed = [UInt8](repeating: 0, count: Int(compressBound(UInt(raw.count))))
        var length = UInt(compressed.count)
        precondition(compress2(&compressed, &length, raw, UInt(raw.count), 1) == Z_OK)
        let chunk = Self.chunk
        let png =
            PNGChunks.signature + chunk("IHDR", Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height)) + [8, 6, 0, 0, 0])
            + chunk("IDAT", Array(compressed[..<Int(length)])) + chunk("IEND", [])
        let pixels = try ImageDecoder.decode(png, fitting: PixelSize(width: 420, height: 200))
        #expect(pixels.width == 420 && pixels.height == 200)
        for (x, y) in [(0, 0), (419, 199), (200, 100), (33, 177)] {
            let i = (y * pixels.width + x) * 4
            #expect(Array(pixels.rgba[i..<i + 4]) == (0..<4).map { value(x * block, y * block, $0) }, "at \(x),\(y)")
        }
    }

    /// A PNG chunk: its length, type, data and CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
        return bigEndian(UInt32(data.count)) + body + bigEndian(UInt32(crc))
    }

    /// The rows as PNG stores them: row `y` filtered with type `y % 5`, its type byte first.
    static func filtered(_ rows: [[UInt8]], channels: Int) -> [UInt8] {
        var out: [UInt8] = []
        var prior: [UInt8]?
        for (y, row) in rows.enumerated() {
            let type = y % 5
            out.append(UInt8(type))
            for i in row.indices {
                let a = i >= channels ? Int(row[i - channels]) : 0, b = prior.map { Int($0[i]) } ?? 0
                let c = i >= channels ? prior.map { Int($0[i - channels]) } ?? 0 : 0
                let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                let predicted = [0, a, b, (a + b) / 2, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][type]
                out.append(UInt8(truncatingIfNeeded: Int(row[i]) - predicted))
            }
            prior = row
        }
        return out
    }

    static func failure(_ body: () throws -> Pixels) -> String? {
        do {
            _ = try body()
            return nil
        } catch let error as ImageFailure {
            return error.reason
        } catch {
            return "\(error)"
        }
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }

    /// Noise: every filter has something to predict.
    static func samples(_ count: Int, seed: UInt64 = 7) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    /// libpng's reading of the same file: the reference.
    static func libpng(_ file: [UInt8]) throws -> Pixels {
        try file.withUnsafeBytes { raw in try PNG.decodeByLibpng(raw, size: try PNGChunks.size(raw)) }
    }

    @Test(arguments: [1, 2, 3, 4], [false, true])
    func everyKindAndFilterReadsAsLibpngReadsIt(channels: Int, interlaced: Bool) throws {
        let (width, height) = (37, 23)  // not a multiple of 8: every Adam7 pass is ragged
        let file = Self.encode(
            width: width, height: height, channels: channels, samples: Self.samples(width * height * channels), interlaced: interlaced)
        let ours = try ImageDecoder.decode(file, fitting: PixelSize(width: 500, height: 500))
        #expect(ours.width == width && ours.height == height)
        #expect(ours.rgba == (try Self.libpng(file)).rgba)
        #expect(
            ours.source
                == .file(format: "PNG", stored: PixelSize(width: width, height: height), decoded: PixelSize(width: width, height: height)))
    }

    /// Scaled as the rows come: each block of factor × factor pixels one, averaged (colours weighted
    /// by alpha), as the picture from libpng's full size would be.
    @Test func aPNGIsScaledByTheLargestFactorThatCoversTheBox() throws {
        // Left half red, right half transparent blue: the transparent pixels lend no colour.
        let (width, height) = (64, 32)
        var samples: [UInt8] = []
        for _ in 0..<height { for x in 0..<width { samples += x < 32 ? [200, 10, 10, 255] : [0, 0, 255, 0] } }
        let file = Self.encode(width: width, height: height, channels: 4, samples: samples)
        let scaled = try ImageDecoder.decode(file, fitting: PixelSize(width: 16, height: 16))  // factor 4
        #expect(scaled.width == 16 && scaled.height == 8)
        #expect(Array(scaled.rgba[0..<4]) == [200, 10, 10, 255] && Array(scaled.rgba[(15 * 4)..<(16 * 4)]) == [0, 0, 0, 0])
        // Blocks partly transparent stay red, as covered as they are: 6×2 pixels, the second row
        // red for 3 pixels then transparent blue, by 2 into 3×1.
        let odd = try ImageDecoder.decode(
            Self.encode(width: 6, height: 2, channels: 4, samples: Array(samples[0..<(6 * 4)]) + Array(samples[(29 * 4)..<(35 * 4)])),
            fitting: PixelSize(width: 3, height: 1))
        #expect(odd.width == 3 && odd.height == 1)
        #expect(odd.rgba == [200, 10, 10, 255, 200, 10, 10, 191, 200, 10, 10, 128])
    }

    /// An interlaced PNG shown small is read from its first pass alone (every eighth pixel of every
    /// eighth row): a file cut after that pass still shows, and says it came from that pass.
    @Test func anInterlacedPNGShownSmallIsReadFromItsFirstPasses() throws {
        let (width, height) = (256, 160)
        let samples = Self.samples(width * height * 3, seed: 11)
        let file = Self.encode(width: width, height: height, channels: 3, samples: samples, interlaced: true)
        let small = try ImageDecoder.decode(file, fitting: PixelSize(width: 32, height: 32))  // factor 8: pass 1
        #expect(small.width == 32 && small.height == 20)
        #expect(small.source.description == "the first Adam7 pass (32×20) inside the 256×160 photo")
        for (x, y) in [(0, 0), (5, 3), (31, 19)] {
            let i = ((y * 8) * width + x * 8) * 3, o = (y * 32 + x) * 4
            #expect(Array(small.rgba[o..<o + 3]) == Array(samples[i..<i + 3]), "pixel (\(x * 8), \(y * 8))")
        }
        let quarter = try ImageDecoder.decode(file, fitting: PixelSize(width: 64, height: 64))  // factor 4: passes 1–3
        #expect(quarter.width == 64 && quarter.height == 40 && quarter.source.description.hasPrefix("the first 3 Adam7 passes (64×40)"))
        // Cut to its first fifth: the first pass (1/64 of the pixels) is in it; the whole image is not.
        let cut = Array(file.prefix(file.count / 5))
        #expect(try ImageDecoder.decode(cut, fitting: PixelSize(width: 32, height: 32)) == small)
        let whole = Self.failure { try ImageDecoder.decode(cut, fitting: PixelSize(width: 500, height: 500)) }
        #expect(whole?.hasPrefix("the PNG file is truncated") == true, "\(whole ?? "decoded")")
    }

    /// An interlaced PNG whose `eXIf` says it is stored turned (orientation 6) is shown upright from
    /// its first pass, and `show --why` gives the upright sizes.
    @Test func aTurnedInterlacedPNGIsUprightFromItsFirstPass() throws {
        let (width, height) = (64, 32)
        var samples: [UInt8] = []
        for y in 0..<height { for _ in 0..<width { samples += y < 8 ? [255, 0, 0] : [0, 0, 255] } }  // the first rows red
        let orientation6: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
        let file = Self.encode(
            width: width, height: height, channels: 3, samples: samples, interlaced: true, extra: [("eXIf", orientation6)])
        let small = try ImageDecoder.decode(file, fitting: PixelSize(width: 4, height: 8))  // upright 32×64: factor 8
        #expect(small.width == 4 && small.height == 8)
        #expect(small.source.description == "the first Adam7 pass (4×8) inside the 32×64 photo")
        // Turned a quarter clockwise: the stored top rows are now the right-hand column.
        #expect(Array(small.rgba[(3 * 4)..<(3 * 4 + 3)]) == [255, 0, 0] && Array(small.rgba[0..<3]) == [0, 0, 255])
    }

    /// What the reader leaves to libpng, and what it refuses as libpng would.
    @Test func otherKindsGoToLibpngAndDamageIsSaid() throws {
        let rgb = Self.samples(16 * 8 * 3)
        // A transparent colour (tRNS), or a gamma other than sRGB's: libpng's, at full size.
        for extra in [[("tRNS", [0, 1, 0, 2, 0, 3] as [UInt8])], [("gAMA", Self.bigEndian(100_000))]] {
            let file = Self.encode(width: 16, height: 8, channels: 3, samples: rgb, extra: extra)
            let pixels = try ImageDecoder.decode(file, fitting: PixelSize(width: 4, height: 4))
            #expect(pixels.width == 16, "\(extra[0].0): libpng decodes at full size")
        }
        // sRGB's gamma (1/2.2) is ours, scaled.
        let srgb = Self.encode(width: 16, height: 8, channels: 3, samples: rgb, extra: [("gAMA", Self.bigEndian(45_455))])
        #expect(try ImageDecoder.decode(srgb, fitting: PixelSize(width: 4, height: 4)).width == 4)
        // A damaged IDAT: its CRC says so, as libpng would.
        var damaged = Self.encode(width: 16, height: 8, channels: 3, samples: rgb)
        damaged[damaged.count - 20] ^= 0x55
        #expect(throws: ImageFailure("corrupt PNG: IDAT: CRC error")) {
            try ImageDecoder.decode(damaged, fitting: PixelSize(width: 4, height: 4))
        }
        // A filter type past 4.
        let file = Self.encode(width: 16, height: 8, channels: 3, samples: rgb)
        var raw = [UInt8](repeating: 0, count: 8 * (16 * 3 + 1))
        raw[0] = 9
        var compressed = [UInt8](repeating: 0, count: 1000)
        var length = UInt(compressed.count)
        _ = compress2(&compressed, &length, raw, UInt(raw.count), 9)
        let idat = Array("IDAT".utf8) + compressed[..<Int(length)]
        let crc = idat.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
        let badFilter = Array(file[..<33]) + Self.bigEndian(UInt32(length)) + idat + Self.bigEndian(UInt32(crc)) + Array(file.suffix(12))
        #expect(throws: ImageFailure("corrupt PNG: row 0 has filter type 9")) {
            try ImageDecoder.decode(badFilter, fitting: PixelSize(width: 4, height: 4))
        }
    }
}
