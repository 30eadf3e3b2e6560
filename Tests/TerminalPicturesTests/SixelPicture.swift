/// A sixel read back into pixels, as a terminal draws it (registers in percents turned into 8 bits
/// as xterm does), for checking what the encoder wrote. Pixels no sixel set are nil.
struct SixelPicture {
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    let width: Int
    let height: Int
    /// Row by row; nil where no sixel set the pixel.
    let pixels: [[UInt8]?]
    /// The registers the sixel set, as 8-bit colours.
    let registers: [Int: [UInt8]]

    init(_ bytes: [UInt8]) throws {
        guard let start = bytes.firstRange(of: Array("\u{1B}P".utf8))?.upperBound,
            let q = bytes[start...].firstIndex(of: UInt8(ascii: "q")),
            let end = bytes.firstRange(of: Array("\u{1B}\\".utf8))?.lowerBound, end > q
        else { throw Malformed(description: "no DCS … q … ST") }
        let body = Array(bytes[(q + 1)..<end])
        var i = 0
        func number() -> Int? {
            var value: Int?
            while i < body.count, let digit = Int(exactly: body[i]).flatMap({ (48...57).contains($0) ? $0 - 48 : nil }) {
                value = (value ?? 0) * 10 + digit
                i += 1
            }
            return value
        }
        func numbers() -> [Int] {
            var list: [Int] = []
            repeat {
                if i < body.count, body[i] == UInt8(ascii: ";") { i += 1 }
                list.append(number() ?? 0)
            } while i < body.count && body[i] == UInt8(ascii: ";")
            return list
        }
        var declared: (Int, Int)?
        var registers: [Int: [UInt8]] = [:]
        var set: [Int32] = []  // red << 16 | green << 8 | blue a pixel, -1 where unset
        var colour: [UInt8] = [0, 0, 0]
        var x = 0, band = 0, widest = 0
        while i < body.count {
            let c = body[i]
            switch c {
            case UInt8(ascii: "\""):
                i += 1
                let attributes = numbers()
                guard attributes.count == 4 else { throw Malformed(description: "raster attributes \(attributes)") }
                declared = (attributes[2], attributes[3])
                set = [Int32](repeating: -1, count: attributes[2] * attributes[3])
            case UInt8(ascii: "#"):
                i += 1
                let fields = numbers()
                if fields.count == 5 {
                    guard fields[1] == 2, fields[2...].allSatisfy({ (0...100).contains($0) }) else {
                        throw Malformed(description: "register \(fields)")
                    }
                    registers[fields[0]] = fields[2...].map { UInt8(($0 * 255 + 50) / 100) }
                } else {
                    guard fields.count == 1, let chosen = registers[fields[0]] else {
                        throw Malformed(description: "colour \(fields) before it is set")
                    }
                    colour = chosen
                }
            case UInt8(ascii: "!"):
                i += 1
                guard let count = number(), i < body.count, (63...126).contains(body[i]) else { throw Malformed(description: "repeat") }
                guard let (width, height) = declared else { throw Malformed(description: "sixels before the raster attributes") }
                for _ in 0..<count { Self.draw(body[i], x: &x, band: band, colour: colour, into: &set, width: width, height: height) }
                i += 1
            case UInt8(ascii: "$"):
                x = 0
                i += 1
            case UInt8(ascii: "-"):
                x = 0
                band += 1
                i += 1
            case 63...126:
                guard let (width, height) = declared else { throw Malformed(description: "sixels before the raster attributes") }
                Self.draw(c, x: &x, band: band, colour: colour, into: &set, width: width, height: height)
                i += 1
            default:
                throw Malformed(description: "byte \(c) at \(i)")
            }
            widest = max(widest, x)
        }
        guard let (width, height) = declared else { throw Malformed(description: "no raster attributes") }
        guard widest <= width else { throw Malformed(description: "\(widest) columns drawn in a picture \(width) wide") }
        self.width = width
        self.height = height
        self.registers = registers
        self.pixels = set.map { $0 < 0 ? nil : [UInt8($0 >> 16), UInt8($0 >> 8 & 255), UInt8($0 & 255)] }
    }

    private static func draw(_ sixel: UInt8, x: inout Int, band: Int, colour: [UInt8], into set: inout [Int32], width: Int, height: Int) {
        let bits = Int(sixel) - 63
        let packed = Int32(colour[0]) << 16 | Int32(colour[1]) << 8 | Int32(colour[2])
        // Rows and columns past the raster attributes are not shown (xterm clips them).
        for row in 0..<6 where bits >> row & 1 == 1 && band * 6 + row < height && x < width { set[(band * 6 + row) * width + x] = packed }
        x += 1
    }

    func pixel(_ x: Int, _ y: Int) -> [UInt8]? { pixels[y * width + x] }
}
