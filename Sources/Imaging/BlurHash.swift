/// BlurHash decoding (the woltapp/blurhash algorithm) into `Pixels`.
///
/// The bytes feed golden files, so they must be the same on every machine and architecture. libm's `cos` and
/// `pow` may differ in the last bit between platforms, so nothing here calls them: only +, −, ×, ÷ and
/// comparisons, which IEEE 754 rounds identically everywhere (Swift never contracts `a * b + c` into an FMA).
/// The cosine is a series after exact integer argument reduction; the sRGB curves are tables built once.
public enum BlurHash {
    public struct Malformed: Error, Equatable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    /// Decodes `hash` into a picture of `size`. `punch` scales the AC components (contrast), as in the reference.
    /// The size is the caller's choice, not the input's, so an absurd one is a programming error, not a throw.
    public static func decode(_ hash: String, size: PixelSize, punch: Int = 1) throws(Malformed) -> Pixels {
        precondition((1...4096).contains(size.width) && (1...4096).contains(size.height), "BlurHash size \(size) outside 1…4096")
        let parsed = try parse(hash)
        let (nx, ny, width, height) = (parsed.nx, parsed.ny, size.width, size.height)
        // Linear-light RGB of each component, x fastest, DC first: the reference's layout and summation order,
        // so the sums round as the reference's do.
        var colours = [Double](repeating: 0, count: 3 * nx * ny)
        let toLinear = sRGBToLinear
        colours[0] = toLinear[parsed.dc >> 16]
        colours[1] = toLinear[parsed.dc >> 8 & 0xFF]
        colours[2] = toLinear[parsed.dc & 0xFF]
        let scale = parsed.maxAC * Double(punch)
        for (n, value) in parsed.ac.enumerated() {
            for (c, quantised) in [value / 361, value / 19 % 19, value % 19].enumerated() {
                let f = Double(quantised - 9) / 9
                colours[3 * (n + 1) + c] = f * abs(f) * scale  // signPow(f, 2) · maxAC · punch
            }
        }
        var cosX = [Double](repeating: 0, count: width * nx)
        for x in 0..<width { for i in 0..<nx { cosX[x * nx + i] = cosPi(x * i, over: width) } }
        var cosY = [Double](repeating: 0, count: height * ny)
        for y in 0..<height { for j in 0..<ny { cosY[y * ny + j] = cosPi(y * j, over: height) } }

        let limits = thresholds
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                var (r, g, b) = (0.0, 0.0, 0.0)
                for j in 0..<ny {
                    let cy = cosY[y * ny + j]
                    for i in 0..<nx {
                        let basis = cosX[x * nx + i] * cy
                        let k = 3 * (i + j * nx)
                        r += colours[k] * basis
                        g += colours[k + 1] * basis
                        b += colours[k + 2] * basis
                    }
                }
                let p = 4 * (y * width + x)
                rgba[p] = byte(r, limits)
                rgba[p + 1] = byte(g, limits)
                rgba[p + 2] = byte(b, limits)
            }
        }
        var pixels = Pixels(width: width, height: height, rgba: rgba, isSmooth: true)
        pixels.source = .blurHash
        return pixels
    }

    /// The hash's component counts, after the same validation as `decode`: a caller can reject a bad hash
    /// (or size its work) without decoding it.
    public static func components(of hash: String) throws(Malformed) -> (x: Int, y: Int) {
        let parsed = try parse(hash)
        return (parsed.nx, parsed.ny)
    }

    /// The DC term as the encoder stored it. Not a decoded pixel: every pixel also carries AC terms.
    static func averageColour(of hash: String) throws(Malformed) -> (r: UInt8, g: UInt8, b: UInt8) {
        let dc = try parse(hash).dc
        return (UInt8(dc >> 16), UInt8(dc >> 8 & 0xFF), UInt8(dc & 0xFF))
    }

    // MARK: Parsing

    struct Parsed {
        var nx: Int, ny: Int, maxAC: Double, dc: Int, ac: [Int]
    }

    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~".utf8)
    private static let digitValues: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (value, c) in alphabet.enumerated() { table[Int(c)] = Int8(value) }
        return table
    }()

    /// Validates everything up front so a bad hash is refused with one reason, never half-decoded.
    /// Works on Unicode scalars, so any String is safe and positions are what a person counts.
    static func parse(_ hash: String) throws(Malformed) -> Parsed {
        let scalars = Array(hash.unicodeScalars)
        guard !scalars.isEmpty else { throw Malformed(reason: "BlurHash is empty") }
        guard scalars.count >= 6 else {
            throw Malformed(reason: "BlurHash too short: \(scalars.count) character\(scalars.count == 1 ? "" : "s"), at least 6 needed")
        }
        var digits: [Int] = []
        digits.reserveCapacity(scalars.count)
        for (offset, s) in scalars.enumerated() {
            let value = s.isASCII ? Int(digitValues[Int(s.value)]) : -1
            guard value >= 0 else {
                throw Malformed(reason: "BlurHash has \(describe(s)) at position \(offset + 1), not a Base83 digit")
            }
            digits.append(value)
        }
        let (nx, ny) = (digits[0] % 9 + 1, digits[0] / 9 + 1)
        let expected = 4 + 2 * nx * ny
        guard digits.count == expected else {
            throw Malformed(
                reason:
                    "BlurHash length \(digits.count) does not match its size flag '\(scalars[0])' (\(nx)×\(ny) components): expected \(expected)"
            )
        }
        let dc = base83(digits[2..<6])
        guard dc <= 0xFFFFFF else {
            throw Malformed(reason: "BlurHash DC value 0x\(String(dc, radix: 16, uppercase: true)) exceeds 0xFFFFFF")
        }
        var ac: [Int] = []
        for n in 1..<(nx * ny) {
            let start = 4 + 2 * n
            let value = base83(digits[start..<start + 2])
            guard value <= 6858 else {
                throw Malformed(
                    reason: "BlurHash AC component \(n) of \(nx * ny - 1) (characters \(start + 1)–\(start + 2)) is \(value), over 6858")
            }
            ac.append(value)
        }
        return Parsed(nx: nx, ny: ny, maxAC: Double(digits[1] + 1) / 166, dc: dc, ac: ac)
    }

    private static func base83(_ digits: ArraySlice<Int>) -> Int { digits.reduce(0) { $0 * 83 + $1 } }

    /// Quotes printable characters and gives a code point for anything that would not show (or would
    /// control the terminal) when the reason is printed.
    private static func describe(_ s: Unicode.Scalar) -> String {
        let hex = String(s.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        if s.isASCII { return (0x20...0x7E).contains(s.value) ? "'\(s)'" : code }
        switch s.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .spaceSeparator, .lineSeparator,
            .paragraphSeparator, .nonspacingMark, .spacingMark, .enclosingMark:
            return code
        default:
            return "'\(s)' (\(code))"
        }
    }

    // MARK: Deterministic arithmetic

    /// cos(π·k/n) for k ≥ 0, n ≥ 1. Reducing in integers keeps the reduction exact, so the only rounding is in
    /// one product, one quotient and the series on [0, π/2], where 10 terms leave a truncation error below 2e-17.
    static func cosPi(_ k: Int, over n: Int) -> Double {
        var m = k % (2 * n)  // cos is 2π-periodic …
        if m > n { m = 2 * n - m }  // … and even: now the angle is in [0, π]
        var sign = 1.0
        if 2 * m > n {
            m = n - m
            sign = -1
        }  // cos(π − θ) = −cos θ: now in [0, π/2]
        let x = Double.pi * Double(m) / Double(n)
        let x2 = x * x
        // cos x = 1 − x²/(1·2)·(1 − x²/(3·4)·(1 − x²/(5·6)·(…))), innermost term first.
        var p = 1.0
        for t in stride(from: 10, through: 1, by: -1) { p = 1 - x2 * p / Double((2 * t - 1) * (2 * t)) }
        return sign * p
    }

    /// The reference's sRGB → linear curve for one value in [0, 1]. x^2.4 is x²·(x^⅕)², with the fifth root by
    /// Newton's method: from 1 it descends monotonically onto the root, so it stops as soon as it stops descending.
    static func curve(_ v: Double) -> Double {
        if v <= 0.04045 { return v / 12.92 }
        let x = (v + 0.055) / 1.055
        var y = 1.0
        while true {
            let y2 = y * y
            let next = (4 * y + x / (y2 * y2)) / 5
            if next >= y { break }
            y = next
        }
        return x * x * (y * y)
    }

    /// Linear value of each sRGB byte, for the DC term.
    static let sRGBToLinear: [Double] = (0...255).map { curve(Double($0) / 255) }

    /// `thresholds[b]` is the linear value of sRGB (b + ½)/255. The reference rounds `255 · sRGB(v)` to nearest,
    /// so byte b is exactly the v in thresholds[b − 1] ..< thresholds[b]; searching these reproduces its rounding
    /// without the inverse curve. (Midpoints in linear light would round differently on the dark, curved end.)
    static let thresholds: [Double] = (0..<255).map { curve((Double($0) + 0.5) / 255) }

    /// The sRGB byte for a linear value, clamped: below 0 gives 0, above 1 gives 255 (and NaN gives 0).
    static func byte(_ v: Double, _ limits: [Double]) -> UInt8 {
        var (lo, hi) = (0, limits.count)
        while lo < hi {
            let mid = (lo + hi) / 2
            if limits[mid] <= v { lo = mid + 1 } else { hi = mid }
        }
        return UInt8(lo)
    }
}
