import Foundation
import Imaging
import Testing

@testable import TerminalPictures

/// Colour science for the checks: CIE L*a*b* (D65) of an sRGB colour, and the CIE76 distance.
enum Lab {
    static func of(_ rgb: [UInt8]) -> (Double, Double, Double) {
        func linear(_ v: UInt8) -> Double {
            let c = Double(v) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let r = linear(rgb[0]), g = linear(rgb[1]), b = linear(rgb[2])
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }

    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Double {
        let p = of(a), q = of(b)
        return ((p.0 - q.0) * (p.0 - q.0) + (p.1 - q.1) * (p.1 - q.1) + (p.2 - q.2) * (p.2 - q.2)).squareRoot()
    }
}

/// A sixel's palette is chosen for its picture. A grey ramp gets a register for each of
/// its shades and no grain (libchafa's palette gave 41–54 levels with a one-pixel checker); a photo
/// keeps its colours; dither appears only where the palette lacks a colour.
@Suite struct SixelPaletteTests {
    /// 40…215 across 1600 pixels, 60 high: 176 shades of grey, as in the issue.
    static let ramp = TestPictures.make(1600, 60) { x, _ in
        let v = UInt8(40 + (x * 175 + 799) / 1599)
        return [v, v, v, 255]
    }

    /// Draws `pixels` as a sixel one to one (cells of 10×20 pixels, a box just its size), read back.
    static func sixel(_ pixels: Pixels, registers: Int = 256) throws -> SixelPicture {
        let renderer = PictureRenderer(style: .sixel, cellSize: PixelSize(width: 10, height: 20), sixelRegisters: registers)
        let box = CellBox(columns: pixels.width / 10, rows: pixels.height / 20)
        let picture = try #require(renderer.render(pixels, in: box))
        let sixel = try SixelPicture(picture.bytes)
        #expect(sixel.width == pixels.width && sixel.height == pixels.height, "drawn one to one")
        return sixel
    }

    static func brightness(_ rgb: [UInt8]) -> Double { 0.2126 * Double(rgb[0]) + 0.7152 * Double(rgb[1]) + 0.0722 * Double(rgb[2]) }

    /// The mean brightness difference between vertical neighbours: 0 for a picture without grain.
    static func grain(_ sixel: SixelPicture) -> Double {
        var sum = 0.0, count = 0
        for y in 0..<(sixel.height - 1) {
            for x in 0..<sixel.width {
                guard let a = sixel.pixel(x, y), let b = sixel.pixel(x, y + 1) else { continue }
                sum += abs(brightness(a) - brightness(b))
                count += 1
            }
        }
        return sum / Double(max(1, count))
    }

    /// The mean CIE76 distance between the source and the sixel after a blur of radius 2 on both
    /// (what the eye sees of a fine dither from a normal distance).
    static func blurredDistance(_ source: Pixels, _ sixel: SixelPicture) -> Double {
        let radius = 2
        var total = 0.0, count = 0
        for y in stride(from: radius, to: source.height - radius, by: 3) {
            for x in stride(from: radius, to: source.width - radius, by: 3) {
                var a = [0.0, 0.0, 0.0], b = [0.0, 0.0, 0.0]
                for dy in -radius...radius {
                    for dx in -radius...radius {
                        let i = ((y + dy) * source.width + x + dx) * 4
                        let shown = sixel.pixel(x + dx, y + dy) ?? [0, 0, 0]
                        for c in 0..<3 {
                            a[c] += Double(source.rgba[i + c])
                            b[c] += Double(shown[c])
                        }
                    }
                }
                let n = Double((2 * radius + 1) * (2 * radius + 1))
                total += Lab.distance(a.map { UInt8(($0 / n).rounded()) }, b.map { UInt8(($0 / n).rounded()) })
                count += 1
            }
        }
        return total / Double(count)
    }

    @Test func aGreyRampGetsARegisterForEachShadeWithoutGrain() throws {
        let sixel = try Self.sixel(Self.ramp)
        // Every pixel is set.
        #expect(sixel.pixels.allSatisfy { $0 != nil })
        // Levels: the distinct colours along a row. Registers are whole percents, so neutral greys
        // between 40 and 215 are 69; triples a percent off grey stand for the shades between them.
        let row = (0..<sixel.width).map { sixel.pixel($0, 30)! }
        let levels = Set(row.map { $0.map(String.init).joined(separator: ",") }).count
        #expect(levels >= 150, "\(levels) levels along the ramp")
        // No tint that shows: every column within 1.5 ΔE of its grey (half a whole-percent step of
        // lightness, 2.55 levels, is up to 1 ΔE in the darks), 0.75 on average.
        var total = 0.0
        for x in 0..<sixel.width {
            let grey = Self.ramp.rgba[x * 4]
            let distance = Lab.distance(row[x], [grey, grey, grey])
            total += distance
            #expect(distance < 1.5, "column \(x): \(row[x]) for \(grey)")
        }
        #expect(total / Double(sixel.width) < 0.75, "mean ΔE \(total / Double(sixel.width))")
        // The tints cancel: over any nine neighbouring shades the mean a*b* is within 0.5 of grey
        // (a tint the eye could see is one held over a wide band, not one that alternates shade by
        // shade).
        var shades: [[UInt8]] = []
        for x in 0..<sixel.width where x == 0 || Self.ramp.rgba[x * 4] != Self.ramp.rgba[(x - 1) * 4] { shades.append(row[x]) }
        try #require(shades.count == 176)
        let tints = shades.map { Lab.of($0) }
        for first in 0...(tints.count - 9) {
            let window = tints[first..<(first + 9)]
            let a = window.map(\.1).reduce(0, +) / 9, b = window.map(\.2).reduce(0, +) / 9
            #expect((a * a + b * b).squareRoot() < 0.5, "shades \(first)…\(first + 8): mean tint \(a), \(b)")
        }
        // No grain: each column is one colour.
        #expect(Self.grain(sixel) == 0, "grain \(Self.grain(sixel))")
        // Each column as bright as its shade within a level and a half, and never darker than the
        // column before it.
        for x in 0..<sixel.width {
            let wanted = Double(Self.ramp.rgba[x * 4])
            #expect(abs(Self.brightness(row[x]) - wanted) <= 1.5, "column \(x): \(row[x]) for \(wanted)")
            if x > 0 { #expect(Lab.of(row[x]).0 >= Lab.of(row[x - 1]).0, "column \(x) darker than the one before") }
        }
    }

    /// Greys far apart are set each on its own (a review found black drawn (3, 3, 3) because its
    /// rounding was carried along to the next grey, 34 levels up): black stays black, white white, a
    /// grey alone stays neutral, and two greys side by side stay within 1.5 ΔE.
    @Test func blackWhiteAndLoneGreysKeepTheirColours() throws {
        // The last: more greys than registers, 254 beside white (a box's mean rounded to white took
        // white's pixels from the register kept for it).
        let cases: [([UInt8], Int)] = [
            ([0, 34, 35], 256), ([255, 21, 104], 256), ([3, 21, 22], 256), ([0, 128, 255], 256),
            ([0, 255, 20, 14, 68, 254, 99, 164, 75, 178, 205], 7)
        ]
        for (greys, registers) in cases {
            let stripes = TestPictures.make(60 * greys.count, 60) { x, _ in
                let g = greys[x / 60]
                return [g, g, g, 255]
            }
            let sixel = try Self.sixel(stripes, registers: registers)
            for (i, g) in greys.enumerated() {
                let shown = try #require(sixel.pixel(60 * i + 30, 30))
                let alone = greys.allSatisfy { $0 == g || abs(Lab.of([$0, $0, $0]).0 - Lab.of([g, g, g]).0) > 2 }
                if registers < greys.count && g != 0 && g != 255 { continue }  // dithered: only the ends are exact
                if g == 0 || g == 255 || alone {
                    #expect(shown[0] == shown[1] && shown[1] == shown[2], "\(greys): \(g) drawn \(shown)")
                }
                if g == 0 || g == 255 { #expect(shown == [g, g, g], "\(greys): \(g) drawn \(shown)") }
                #expect(Lab.distance(shown, [g, g, g]) < 1.5, "\(greys): \(g) drawn \(shown)")
            }
        }
    }

    @Test func fewColoursAreDrawnAsTheyAreWithoutDither() throws {
        let colours: [[UInt8]] = [[200, 30, 40], [20, 120, 220], [250, 250, 250], [10, 10, 10], [90, 180, 60]]
        let picture = TestPictures.make(200, 120) { x, y in colours[(x / 40 + y / 60) % colours.count] + [255] }
        let sixel = try Self.sixel(picture)
        #expect(sixel.registers.count == colours.count)
        for y in 0..<sixel.height {
            for x in 0..<sixel.width {
                let wanted = colours[(x / 40 + y / 60) % colours.count], shown = sixel.pixel(x, y)!
                // Whole percents are 2.55 levels apart: within 2 levels of the colour (1.3 and rounding),
                // everywhere.
                #expect(zip(wanted, shown).allSatisfy { abs(Int($0) - Int($1)) <= 2 }, "(\(x), \(y)): \(shown) for \(wanted)")
            }
        }
    }

    @Test func aPhotoKeepsItsColours() throws {
        // Photo-like: smooth colour across the frame, a bright disc, and fine texture everywhere.
        var state: UInt32 = 12345
        let photo = TestPictures.make(400, 240) { x, y in
            state = state &* 1_103_515_245 &+ 12345
            let texture = Int(state >> 27) - 16
            let dx = x - 260, dy = y - 100
            let disc = dx * dx + dy * dy < 50 * 50
            let base = disc ? [240, 200, 90] : [60 + x * 120 / 400, 90 + y * 100 / 240, 160 - x * 80 / 400]
            return base.map { UInt8(clamping: $0 + texture) } + [255]
        }
        let full = try Self.sixel(photo)
        let distance = Self.blurredDistance(photo, full)
        #expect(distance < 1.5, "mean ΔE after a blur of radius 2: \(distance)")
        // With the 16 registers of a VT340 the palette lacks most colours: dither makes up for it.
        let sixteen = try Self.sixel(photo, registers: 16)
        #expect(sixteen.registers.count <= 16)
        let sixteenDistance = Self.blurredDistance(photo, sixteen)
        #expect(sixteenDistance < 4, "mean ΔE after a blur, 16 registers: \(sixteenDistance)")
    }

    @Test func aPaletteTooSmallForTheRampIsDitheredToItsShades() throws {
        let sixel = try Self.sixel(Self.ramp, registers: 16)
        #expect(sixel.registers.count <= 16)
        #expect(Self.grain(sixel) > 0, "dithered")
        // Averaged over a column of 60 pixels and its neighbours, each shade is still there.
        for x in stride(from: 2, to: sixel.width - 2, by: 5) {
            var sum = 0.0
            for y in 0..<sixel.height { for dx in -2...2 { sum += Self.brightness(sixel.pixel(x + dx, y)!) } }
            let shown = sum / Double(sixel.height * 5)
            #expect(abs(shown - Double(Self.ramp.rgba[x * 4])) <= 3, "column \(x): \(shown)")
        }
    }

    @Test func theSameBytesEveryTime() throws {
        let renderer = PictureRenderer(style: .sixel, cellSize: PixelSize(width: 10, height: 20))
        let photo = TestPictures.noise(300, 200)
        let first = try #require(renderer.render(photo, in: CellBox(columns: 30, rows: 10))).bytes
        for _ in 0..<3 { #expect(try #require(renderer.render(photo, in: CellBox(columns: 30, rows: 10))).bytes == first) }
    }
}
