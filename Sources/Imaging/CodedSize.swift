/// The size an HEVC or AV1 stream decodes to, read from its own headers (the HEVC sequence parameter
/// sets, the AV1 sequence headers) wherever they are: the decoder believes these, not the container's
/// `ispe`. Every set found is returned (a decoder may use any of them); nil for one that cannot be
/// read, which the caller refuses rather than guess what the decoder would make of it.
enum CodedSize {
    /// Sizes in the HEVC sequence parameter sets of an `hvcC` configuration (ISO/IEC 14496-15
    /// §8.3.3).
    static func hevc(configuration: [UInt8]) -> [PixelSize?] {
        var units: [ArraySlice<UInt8>] = []
        // 22 bytes of profile, level, chroma and bit depth, then lengthSizeMinusOne (libheif's
        // decoder reads 4-byte lengths whatever it says), then the arrays.
        if configuration.count >= 23 {
            var at = 23
            for _ in 0..<Int(configuration[22]) {
                guard at + 3 <= configuration.count else { break }
                let count = Int(configuration[at + 1]) << 8 | Int(configuration[at + 2])
                at += 3
                for _ in 0..<count {
                    guard at + 2 <= configuration.count else { break }
                    let length = Int(configuration[at]) << 8 | Int(configuration[at + 1])
                    at += 2
                    guard length <= configuration.count - at else { break }
                    units.append(configuration[at..<at + length])
                    at += length
                }
            }
        }
        return hevcSequences(units)
    }

    /// Sizes in the sequence parameter sets among `data`'s NAL units, each preceded by its length in
    /// `lengthSize` bytes.
    static func hevc(data: [UInt8], lengthSize: Int) -> [PixelSize?] {
        var units: [ArraySlice<UInt8>] = []
        var at = 0
        while at + lengthSize <= data.count {
            let length = data[at..<at + lengthSize].reduce(0) { $0 << 8 | Int($1) }
            at += lengthSize
            guard length <= data.count - at else { break }
            units.append(data[at..<at + length])
            at += length
        }
        return hevcSequences(units)
    }

    /// The NAL unit type is bits 1…6 of the first header byte; 33 is a sequence parameter set.
    private static func hevcSequences(_ units: [ArraySlice<UInt8>]) -> [PixelSize?] {
        units.filter { $0.count > 2 && $0.first! >> 1 & 0x3F == 33 }.map(hevcSequence)
    }

    /// `pic_width_in_luma_samples` and `pic_height_in_luma_samples` of a sequence parameter set
    /// (H.265 §7.3.2.2), after its 2-byte NAL header.
    private static func hevcSequence(_ unit: ArraySlice<UInt8>) -> PixelSize? {
        var bits = BitReader(unescaping: unit.dropFirst(2).prefix(256))
        guard bits.skip(4), let maxSubLayersMinus1 = bits.read(3), bits.skip(1) else { return nil }
        // profile_tier_level: the general profile (88 bits) and level (8), then each sub-layer's.
        guard bits.skip(96) else { return nil }
        var present: [(profile: Bool, level: Bool)] = []
        for _ in 0..<maxSubLayersMinus1 {
            guard let profile = bits.read(1), let level = bits.read(1) else { return nil }
            present.append((profile == 1, level == 1))
        }
        if maxSubLayersMinus1 > 0 { guard bits.skip(2 * (8 - maxSubLayersMinus1)) else { return nil } }
        for layer in present {
            guard bits.skip(layer.profile ? 88 : 0), bits.skip(layer.level ? 8 : 0) else { return nil }
        }
        guard bits.readExpGolomb() != nil, let chromaFormat = bits.readExpGolomb() else { return nil }
        if chromaFormat == 3 { guard bits.skip(1) else { return nil } }
        guard let width = bits.readExpGolomb(), let height = bits.readExpGolomb() else { return nil }
        return PixelSize(width: width, height: height)
    }

    /// Sizes in the AV1 sequence headers among `obus` (an `av1C` configuration after its 4 bytes,
    /// or an image's data).
    static func av1(obus stream: [UInt8]) -> [PixelSize?] {
        var sizes: [PixelSize?] = []
        var at = 0
        while at < stream.count {
            // The OBU header: its type (bits 3…6), an extension byte (bit 2), a size field (bit 1).
            let header = stream[at]
            let type = Int(header >> 3 & 15)
            at += header & 4 != 0 ? 2 : 1
            var length = stream.count - at
            if header & 2 != 0 {
                guard let (value, used) = leb128(stream, at: at) else { break }
                at += used
                length = value
            }
            guard at <= stream.count, length <= stream.count - at else { break }
            if type == 1 { sizes.append(av1Sequence(stream[at..<at + length])) }
            at += length
        }
        return sizes
    }

    private static func leb128(_ bytes: [UInt8], at start: Int) -> (Int, Int)? {
        var value = 0
        for i in 0..<8 where start + i < bytes.count {
            value |= Int(bytes[start + i] & 0x7F) << (7 * i)
            if bytes[start + i] & 0x80 == 0 { return (value, i + 1) }
        }
        return nil
    }

    /// `max_frame_width_minus_1 + 1` and `max_frame_height_minus_1 + 1` of a sequence header OBU
    /// (AV1 §5.5.1).
    private static func av1Sequence(_ obu: ArraySlice<UInt8>) -> PixelSize? {
        var bits = BitReader(obu)
        guard bits.skip(4), let reduced = bits.read(1) else { return nil }
        if reduced == 1 {
            guard bits.skip(5) else { return nil }
        } else {
            guard let timingInfo = bits.read(1) else { return nil }
            var decoderModel = 0
            var bufferDelayLength = 0
            if timingInfo == 1 {
                guard bits.skip(64), let equalInterval = bits.read(1) else { return nil }
                if equalInterval == 1 { guard bits.readExpGolomb(thirtyTwoZerosAreMax: true) != nil else { return nil } }
                guard let model = bits.read(1) else { return nil }
                decoderModel = model
                if model == 1 {
                    guard let delayLength = bits.read(5), bits.skip(42) else { return nil }
                    bufferDelayLength = delayLength + 1
                }
            }
            guard let displayDelay = bits.read(1), let operatingPoints = bits.read(5) else { return nil }
            for _ in 0...operatingPoints {
                guard bits.skip(12), let level = bits.read(5) else { return nil }
                if level > 7 { guard bits.skip(1) else { return nil } }
                if decoderModel == 1 {
                    guard let present = bits.read(1) else { return nil }
                    if present == 1 { guard bits.skip(2 * bufferDelayLength + 1) else { return nil } }
                }
                if displayDelay == 1 {
                    guard let present = bits.read(1) else { return nil }
                    if present == 1 { guard bits.skip(4) else { return nil } }
                }
            }
        }
        guard let widthBits = bits.read(4), let heightBits = bits.read(4),
            let width = bits.read(widthBits + 1), let height = bits.read(heightBits + 1)
        else { return nil }
        return PixelSize(width: width + 1, height: height + 1)
    }
}

/// Reads a bit string most significant bit first; every read checked against the end.
struct BitReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: ArraySlice<UInt8>) { self.bytes = Array(bytes) }

    /// An HEVC NAL unit's payload without its emulation prevention bytes (00 00 03 → 00 00).
    init(unescaping escaped: ArraySlice<UInt8>) {
        var bytes: [UInt8] = []
        var zeros = 0
        for byte in escaped {
            if zeros >= 2, byte == 3 {
                zeros = 0
                continue
            }
            zeros = byte == 0 ? zeros + 1 : 0
            bytes.append(byte)
        }
        self.bytes = bytes
    }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, position + count <= bytes.count * 8 else { return false }
        position += count
        return true
    }

    /// `count` bits (at most 32) as a number.
    mutating func read(_ count: Int) -> Int? {
        guard count >= 0, count <= 32, position + count <= bytes.count * 8 else { return nil }
        var value = 0
        for _ in 0..<count {
            value = value << 1 | Int(bytes[position >> 3] >> (7 - position & 7) & 1)
            position += 1
        }
        return value
    }

    /// HEVC's ue(v) and AV1's uvlc(): as many zero bits as the value has bits after its leading
    /// one, then the value + 1. 32 zeros are corrupt in HEVC (nil); in AV1 (`thirtyTwoZerosAreMax`)
    /// they are the largest value, with nothing after, as dav1d reads them.
    mutating func readExpGolomb(thirtyTwoZerosAreMax: Bool = false) -> Int? {
        var zeros = 0
        while true {
            guard let bit = read(1) else { return nil }
            if bit == 1 { break }
            zeros += 1
            if zeros == 32 { return thirtyTwoZerosAreMax ? Int(UInt32.max) : nil }
        }
        guard let rest = read(zeros) else { return nil }
        return (1 << zeros) - 1 + rest
    }
}
