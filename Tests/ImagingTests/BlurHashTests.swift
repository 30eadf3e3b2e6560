import Testing
@testable import Imaging

/// The reason a hash is refused for, or nil if it is accepted.
private func reason(_ hash: String) -> String? {
    do {
        _ = try BlurHash.components(of: hash)
        return nil
    } catch {
        return error.reason
    }
}

/// A hash with only the DC term (1×1 components), the shape an encoder gives a flat colour.
private func flatHash(_ rgb: Int) -> String {
    let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")
    return "00" + String([83 * 83 * 83, 83 * 83, 83, 1].map { alphabet[rgb / $0 % 83] })
}

/// FNV-1a, 64 bits: pins decoded bytes in one constant.
private func fnv1a(_ bytes: [UInt8]) -> UInt64 {
    bytes.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
}

@Test(arguments: [
    ("LEHV6nWB2yk8pyo0adR*.7kCMdnj", 0x97, 0x96, 0x95),
    ("LlMF%n00%#MwS|WCWEM{R*bbWBbH", 0xC1, 0x9A, 0x8A),
    ("L~I64nofRjof%MQZWBS$Mxnhx]t6", 0x9D, 0xAE, 0xB9),
    ("L025+IJ-0^=K72$P,VE~IlW;$ksA", 0x12, 0x0F, 0x1B)
])
func knownVectors(hash: String, r: Int, g: Int, b: Int) throws {
    let components = try BlurHash.components(of: hash)
    #expect(components.x == 4 && components.y == 3)
    let average = try BlurHash.averageColour(of: hash)
    #expect([Int(average.r), Int(average.g), Int(average.b)] == [r, g, b])
}

@Test func maximumACComesFromTheSecondCharacter() throws {
    #expect(try BlurHash.parse("L~I64nofRjof%MQZWBS$Mxnhx]t6").maxAC == 0.5)
    #expect(try BlurHash.parse("000000").maxAC == 1.0 / 166)
}

@Test(arguments: [(1, 1), (32, 32), (17, 9), (3, 40)])
func decodeGivesTheSizeAskedForAndOpaquePixels(width: Int, height: Int) throws {
    let pixels = try BlurHash.decode("LEHV6nWB2yk8pyo0adR*.7kCMdnj", size: PixelSize(width: width, height: height))
    #expect(pixels.width == width && pixels.height == height)
    #expect(pixels.rgba.count == width * height * 4)
    #expect(stride(from: 3, to: pixels.rgba.count, by: 4).allSatisfy { pixels.rgba[$0] == 255 })
}

@Test(arguments: [0x000000, 0xFFFFFF, 0x123456, 0x979695, 0x010203, 0xFEFDFC])
func dcOnlyHashDecodesToItsColourEverywhere(rgb: Int) throws {
    let hash = flatHash(rgb)
    #expect(hash.count == 6)
    let pixels = try BlurHash.decode(hash, size: PixelSize(width: 7, height: 5))
    let expected: [UInt8] = [UInt8(rgb >> 16), UInt8(rgb >> 8 & 0xFF), UInt8(rgb & 0xFF), 255]
    #expect(pixels.rgba == Array((0..<35).map { _ in expected }.joined()))
}

@Test func punchZeroLeavesOnlyTheAverageColour() throws {
    let hash = "LlMF%n00%#MwS|WCWEM{R*bbWBbH"
    let average = try BlurHash.averageColour(of: hash)
    let pixels = try BlurHash.decode(hash, size: PixelSize(width: 6, height: 4), punch: 0)
    #expect(pixels.rgba == Array((0..<24).map { _ in [average.r, average.g, average.b, 255] }.joined()))
}

@Test func decodingIsRepeatableAndPinned() throws {
    let size = PixelSize(width: 32, height: 32)
    let first = try BlurHash.decode("LEHV6nWB2yk8pyo0adR*.7kCMdnj", size: size)
    let second = try BlurHash.decode("LEHV6nWB2yk8pyo0adR*.7kCMdnj", size: size)
    #expect(first == second)
    // Computed with this implementation and matched byte for byte by a Python port of the reference decoder
    // (math.cos, math.pow). Only IEEE basic operations are used, so it must hold on every architecture.
    #expect(fnv1a(first.rgba) == 0xEF6B_13A6_A71C_F04E)
}

@Test func everySRGBByteSurvivesTheRoundTripThroughLinear() {
    let limits = BlurHash.thresholds
    #expect((0...255).allSatisfy { BlurHash.byte(BlurHash.sRGBToLinear[$0], limits) == UInt8($0) })
    #expect(BlurHash.byte(-0.5, limits) == 0)
    #expect(BlurHash.byte(1.5, limits) == 255)
    #expect(BlurHash.byte(.nan, limits) == 0)
}

@Test func cosineIsExactWhereItShouldBeAndSymmetric() {
    for n in [1, 2, 3, 7, 32, 4096] {
        #expect(BlurHash.cosPi(0, over: n) == 1)
        #expect(BlurHash.cosPi(n, over: n) == -1)
        #expect(BlurHash.cosPi(2 * n, over: n) == 1)
        for k in 0..<min(n, 50) {
            #expect(BlurHash.cosPi(k, over: n) == BlurHash.cosPi(2 * n - k, over: n))
            #expect(BlurHash.cosPi(k, over: n) == -BlurHash.cosPi(n - k, over: n))
        }
    }
    // cos(π/3) = ½ and cos(π/4) = √½, within a few units in the last place.
    #expect(abs(BlurHash.cosPi(1, over: 3) - 0.5) < 1e-15)
    #expect(abs(BlurHash.cosPi(1, over: 4) - 0.7071067811865476) < 1e-15)
}

@Test func malformedHashesAreRefusedWithAReason() throws {
    #expect(reason("") == "BlurHash is empty")
    #expect(reason("L")?.contains("too short") == true)
    #expect(reason("L")?.contains("1 character") == true)

    let wrongLength = try #require(reason("LEHV6nWB2yk8pyo0adR*.7kCMdn"))
    #expect(wrongLength.contains("length 27") && wrongLength.contains("expected 28"))

    let space = try #require(reason("LEHV6 WB2yk8pyo0adR*.7kCMdnj"))
    #expect(space.contains("' '") && space.contains("position 6") && space.contains("Base83"))

    let accented = try #require(reason("LEHV6nWB2yk8pyo0adR*.7kCMdné"))
    #expect(accented.contains("U+00E9") && accented.contains("position 28"))

    let escape = try #require(reason("LEHV6nWB2yk8pyo0adR*.7kCMd\u{1B}j"))
    #expect(escape.contains("U+001B") && !escape.contains("\u{1B}"))

    let dc = try #require(reason("00~~~~"))
    #expect(dc.contains("DC") && dc.contains("0xFFFFFF"))

    // "~~" is 82·83 + 82 = 6888, past the largest quantised AC value 18·361 + 18·19 + 18 = 6858.
    let ac = try #require(reason("LEHV6n~~2yk8pyo0adR*.7kCMdnj"))
    #expect(ac.contains("AC component 1 of 11") && ac.contains("6888") && ac.contains("6858"))
    let lastAC = try #require(reason("LEHV6nWB2yk8pyo0adR*.7kCMd~~"))
    #expect(lastAC.contains("AC component 11 of 11"))
}

@Test func decodeRefusesWhatComponentsRefuses() {
    #expect(throws: BlurHash.Malformed.self) {
        try BlurHash.decode("LEHV6nWB2yk8pyo0adR*.7kCMdn", size: PixelSize(width: 4, height: 4))
    }
}

/// Enlarging blends neighbours (stair steps in small photos shown large).
@Suite struct EnlargingTests {
    @Test func enlargingBlendsInsteadOfRepeating() {
        // Black and white side by side, enlarged four times: the middle is grey, the ends keep their colour.
        let pixels = Pixels(width: 2, height: 1, rgba: [0, 0, 0, 255, 255, 255, 255, 255])
        let large = pixels.enlarged(to: PixelSize(width: 8, height: 1))
        let reds = stride(from: 0, to: large.rgba.count, by: 4).map { large.rgba[$0] }
        #expect(reds.first == 0 && reds.last == 255)
        #expect(reds == reds.sorted(), "a ramp, not steps: \(reds)")
        #expect(Set(reds).count >= 5, "intermediate values: \(reds)")
        #expect(large.rgba.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
        // The same size is the same picture.
        #expect(pixels.enlarged(to: PixelSize(width: 2, height: 1)).rgba == pixels.rgba)
    }
}
