import Testing
@testable import Imaging

@Suite struct OrientationTests {
    /// A picture whose pixel labelled k is RGBA (k, k+64, k+128, 255-k): a channel mixed up or a
    /// pixel moved shows as a different picture.
    static func picture(_ rows: [[UInt8]]) -> Pixels {
        Pixels(width: rows[0].count, height: rows.count, rgba: rows.flatMap { $0.flatMap { [$0, $0 &+ 64, $0 &+ 128, 255 &- $0] } })
    }

    /// Stored as 3×2:  a b c
    ///                 d e f
    static let (a, b, c, d, e, f): (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (1, 2, 3, 4, 5, 6)
    static let stored = picture([[a, b, c], [d, e, f]])

    /// Worked out by hand from what each value means (where the stored row 0 and column 0 end up).
    static let expected: [Orientation: [[UInt8]]] = [
        .up: [[a, b, c], [d, e, f]],
        .upMirrored: [[c, b, a], [f, e, d]],  // row 0 at the top, column 0 on the right
        .down: [[f, e, d], [c, b, a]],  // row 0 at the bottom, column 0 on the right
        .downMirrored: [[d, e, f], [a, b, c]],  // row 0 at the bottom, column 0 on the left
        .leftMirrored: [[a, d], [b, e], [c, f]],  // row 0 on the left, column 0 at the top
        .right: [[d, a], [e, b], [f, c]],  // row 0 on the right, column 0 at the top
        .rightMirrored: [[f, c], [e, b], [d, a]],  // row 0 on the right, column 0 at the bottom
        .left: [[c, f], [b, e], [a, d]]  // row 0 on the left, column 0 at the bottom
    ]

    @Test(arguments: Orientation.allCases) func turnsTheSmallPictureAsWorkedOut(orientation: Orientation) {
        #expect(Self.stored.oriented(orientation) == Self.picture(Self.expected[orientation]!))
    }

    @Test func sizes() {
        let stored = PixelSize(width: 4000, height: 3000)
        for orientation in Orientation.allCases {
            let swaps = orientation.rawValue >= 5
            #expect(orientation.swapsDimensions == swaps)
            #expect(orientation.uprightSize(of: stored) == (swaps ? PixelSize(width: 3000, height: 4000) : stored))
            let turned = Self.stored.oriented(orientation)
            #expect(PixelSize(width: turned.width, height: turned.height) == orientation.uprightSize(of: PixelSize(width: 3, height: 2)))
        }
        #expect(Orientation.allCases.map(\.rawValue) == Array(1...8))
    }

    enum Side { case top, bottom, left, right }

    /// The EXIF definition in its own words: for each value, the visual side the stored row 0 lies
    /// along and the visual side column 0 lies along.
    static let sides: [Orientation: (row0: Side, column0: Side)] = [
        .up: (.top, .left), .upMirrored: (.top, .right), .down: (.bottom, .right), .downMirrored: (.bottom, .left),
        .leftMirrored: (.left, .top), .right: (.right, .top), .rightMirrored: (.right, .bottom), .left: (.left, .bottom)
    ]

    /// Each stored corner must land where its two sides meet, on a picture that is not square.
    @Test(arguments: Orientation.allCases) func cornersLandWhereTheDefinitionPutsThem(orientation: Orientation) {
        let (w, h) = (5, 3)
        let rows = (0..<h).map { y in (0..<w).map { x in UInt8(1 + y * w + x) } }
        let turned = Self.picture(rows).oriented(orientation)
        let (row0, column0) = Self.sides[orientation]!
        func opposite(_ side: Side) -> Side { [Side.top: .bottom, .bottom: .top, .left: .right, .right: .left][side]! }
        func label(where one: Side, meets other: Side) -> UInt8 {
            let x = [one, other].contains(.right) ? turned.width - 1 : 0
            let y = [one, other].contains(.bottom) ? turned.height - 1 : 0
            return turned.rgba[(y * turned.width + x) * 4]
        }
        #expect(label(where: row0, meets: column0) == rows[0][0])
        #expect(label(where: row0, meets: opposite(column0)) == rows[0][w - 1])
        #expect(label(where: opposite(row0), meets: column0) == rows[h - 1][0])
        #expect(label(where: opposite(row0), meets: opposite(column0)) == rows[h - 1][w - 1])
    }

    /// Every pixel, against the formulas written out one by one, on pictures with odd and even
    /// sides and single rows and columns (the band edges of the copy loop fall at 16 columns).
    @Test(arguments: Orientation.allCases) func everyPixelFollowsTheFormula(orientation: Orientation) {
        for (w, h) in [(1, 1), (1, 7), (7, 1), (2, 2), (5, 3), (17, 33), (40, 16)] {
            let rows = (0..<h).map { y in (0..<w).map { x in UInt8(truncatingIfNeeded: 1 + y * w + x) } }
            let turned = Self.picture(rows).oriented(orientation)
            let size = orientation.uprightSize(of: PixelSize(width: w, height: h))
            let expected = (0..<size.height).map { y in
                (0..<size.width).map { x -> UInt8 in
                    switch orientation {
                    case .up: rows[y][x]
                    case .upMirrored: rows[y][w - 1 - x]
                    case .down: rows[h - 1 - y][w - 1 - x]
                    case .downMirrored: rows[h - 1 - y][x]
                    case .leftMirrored: rows[x][y]
                    case .right: rows[h - 1 - x][y]
                    case .rightMirrored: rows[h - 1 - x][w - 1 - y]
                    case .left: rows[x][w - 1 - y]
                    }
                }
            }
            #expect(turned == Self.picture(expected), "\(w)×\(h)")
        }
    }

    @Test func turnsComposeAsTheyShould() {
        let picture = Self.picture([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
        #expect(picture.oriented(.up) == picture)
        for mirror in [Orientation.upMirrored, .down, .downMirrored, .leftMirrored, .rightMirrored] {
            #expect(picture.oriented(mirror).oriented(mirror) == picture)
        }
        #expect(picture.oriented(.right).oriented(.left) == picture)
        #expect(picture.oriented(.left).oriented(.right) == picture)
        #expect(picture.oriented(.right).oriented(.right) == picture.oriented(.down))
        #expect(picture.oriented(.right).oriented(.right).oriented(.right) == picture.oriented(.left))
        #expect(picture.oriented(.upMirrored).oriented(.right) == picture.oriented(.rightMirrored))
        #expect(picture.oriented(.upMirrored).oriented(.left) == picture.oriented(.leftMirrored))
    }
}
