import Testing
@testable import Imaging

/// One IFD0 entry as a test writes it.
enum EXIFField {
    /// Type 3 SHORT, count 1: the value in the first 2 bytes of the value field.
    case short(UInt16, UInt16)
    /// Type 2 ASCII: the text's UTF-8 and a NUL; in the value field when ≤ 4 bytes, else after the IFD.
    case text(UInt16, String)
    /// Type 2 ASCII with exactly these bytes (no NUL added).
    case bytes(UInt16, [UInt8])
    /// Anything at all: the value field written as a u32 in the file's byte order.
    case raw(tag: UInt16, type: UInt16, count: UInt32, value: UInt32)
}

/// Assembles test files: a TIFF header and IFD0 in either byte order, wrapped in JPEG segments.
enum EXIFFixture {
    static let soi: [UInt8] = [0xFF, 0xD8]
    /// A short scan and the end: the reader must stop before them.
    static let scanAndEnd: [UInt8] = [0xFF, 0xDA, 0x00, 0x04, 0x12, 0x34, 0xFF, 0xD9]

    static func tiff(_ fields: [EXIFField], bigEndian: Bool, entryCount: UInt16? = nil, ifdOffset: UInt32 = 8) -> [UInt8] {
        var out: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        put16(42, &out, bigEndian)
        put32(ifdOffset, &out, bigEndian)
        put16(entryCount ?? UInt16(fields.count), &out, bigEndian)
        var data: [UInt8] = []
        let dataStart = 8 + 2 + 12 * fields.count + 4
        for field in fields {
            switch field {
            case .short(let tag, let value):
                put16(tag, &out, bigEndian)
                put16(3, &out, bigEndian)
                put32(1, &out, bigEndian)
                put16(value, &out, bigEndian)
                put16(0, &out, bigEndian)
            case .text(let tag, let text):
                ascii(tag, Array(text.utf8) + [0])
            case .bytes(let tag, let bytes):
                ascii(tag, bytes)
            case .raw(let tag, let type, let count, let value):
                put16(tag, &out, bigEndian)
                put16(type, &out, bigEndian)
                put32(count, &out, bigEndian)
                put32(value, &out, bigEndian)
            }
        }
        put32(0, &out, bigEndian)  // no IFD1
        return out + data

        func ascii(_ tag: UInt16, _ bytes: [UInt8]) {
            put16(tag, &out, bigEndian)
            put16(2, &out, bigEndian)
            put32(UInt32(bytes.count), &out, bigEndian)
            if bytes.count <= 4 {
                out += bytes + [UInt8](repeating: 0, count: 4 - bytes.count)
            } else {
                put32(UInt32(dataStart + data.count), &out, bigEndian)
                data += bytes
            }
        }
    }

    /// An APP1 payload holding `tiff`.
    static func exif(_ tiff: [UInt8]) -> [UInt8] { Array("Exif".utf8) + [0, 0] + tiff }

    /// A segment: FF, the marker, the big-endian length (itself included, or `length`), the payload.
    static func segment(_ marker: UInt8, _ payload: [UInt8], length: Int? = nil) -> [UInt8] {
        let length = length ?? payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// SOI, an APP0, the segments, then a scan and EOI.
    static func jpeg(_ segments: [UInt8]...) -> [UInt8] {
        soi + segment(0xE0, Array("JFIF".utf8) + [0, 1, 2, 0, 0, 1, 0, 1, 0, 0]) + segments.flatMap { $0 } + scanAndEnd
    }

    static func jpeg(_ fields: [EXIFField], bigEndian: Bool = false) -> [UInt8] {
        jpeg(segment(0xE1, exif(tiff(fields, bigEndian: bigEndian))))
    }

    private static func put16(_ value: UInt16, _ out: inout [UInt8], _ bigEndian: Bool) {
        out += bigEndian ? [UInt8(value >> 8), UInt8(value & 0xFF)] : [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    private static func put32(_ value: UInt32, _ out: inout [UInt8], _ bigEndian: Bool) {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        out += bigEndian ? bytes.reversed() : bytes
    }
}

@Suite struct EXIFTests {
    let description: UInt16 = 0x010E, artist: UInt16 = 0x013B, orientation: UInt16 = 0x0112

    @Test(arguments: [false, true]) func readsEveryOrientation(bigEndian: Bool) {
        for value in 1...8 {
            let file = EXIFFixture.jpeg([.short(orientation, UInt16(value))], bigEndian: bigEndian)
            #expect(EXIF.read(jpeg: file).orientation == Orientation(rawValue: value))
        }
    }

    /// The pointer form is the one the decoder calls; the array form must agree with it.
    @Test func bothEntryPointsAgree() {
        let file = EXIFFixture.jpeg([.short(orientation, 6), .text(artist, "Ann Lee")])
        let viaPointer = file.withUnsafeBytes { EXIF.read(jpeg: $0) }
        #expect(viaPointer == EXIF.read(jpeg: file))
        #expect(viaPointer == EXIFInfo(orientation: .right, artist: "Ann Lee"))
    }

    @Test(arguments: [false, true]) func orientationsNobodyDefinedAreUp(bigEndian: Bool) {
        for value: UInt16 in [0, 9, 0x0100, 0x0600, 0xFFFF] {
            #expect(EXIF.read(jpeg: EXIFFixture.jpeg([.short(orientation, value)], bigEndian: bigEndian)).orientation == .up)
        }
    }

    /// LONG 6 little-endian has 6 in its first two bytes: only the type check stops it being read.
    @Test(arguments: [false, true]) func orientationOfTheWrongTypeOrNoCountIsIgnored(bigEndian: Bool) {
        for (type, count): (UInt16, UInt32) in [(4, 1), (9, 1), (1, 1), (2, 2), (3, 0)] {
            let file = EXIFFixture.jpeg([.raw(tag: orientation, type: type, count: count, value: 6)], bigEndian: bigEndian)
            #expect(EXIF.read(jpeg: file).orientation == .up)
        }
    }

    @Test(arguments: [false, true]) func readsTextInlineAndByOffset(bigEndian: Bool) {
        let inline = EXIFFixture.jpeg([.text(description, "Sea"), .bytes(artist, Array("Abcd".utf8))], bigEndian: bigEndian)
        #expect(EXIF.read(jpeg: inline) == EXIFInfo(imageDescription: "Sea", artist: "Abcd"))
        let byOffset = EXIFFixture.jpeg(
            [.text(description, "A sunset over the bay"), .short(orientation, 8), .text(artist, "Jo Smith")],
            bigEndian: bigEndian)
        #expect(EXIF.read(jpeg: byOffset) == EXIFInfo(orientation: .left, imageDescription: "A sunset over the bay", artist: "Jo Smith"))
    }

    /// Make and Model (0x010F, 0x0110), as a camera writes them: inline ("SON" and its NUL fill the
    /// value field) and by offset, trailing blanks dropped; of another type, not read.
    @Test(arguments: [false, true]) func readsTheCamerasMakeAndModel(bigEndian: Bool) {
        let short = EXIFFixture.jpeg([.text(0x010F, "SON"), .text(0x0110, "A1")], bigEndian: bigEndian)
        #expect(EXIF.read(jpeg: short) == EXIFInfo(make: "SON", model: "A1"))
        let file = EXIFFixture.jpeg([.text(0x010F, "SONY"), .text(0x0110, "ILCE-7M3  ")], bigEndian: bigEndian)
        #expect(EXIF.read(jpeg: file) == EXIFInfo(make: "SONY", model: "ILCE-7M3"))
        let long = EXIFFixture.jpeg([.text(0x010F, "NIKON CORPORATION"), .text(0x0110, "NIKON D850")], bigEndian: bigEndian)
        #expect(EXIF.read(jpeg: long) == EXIFInfo(make: "NIKON CORPORATION", model: "NIKON D850"))
        let wrongType = EXIFFixture.jpeg(
            [.raw(tag: 0x010F, type: 4, count: 1, value: 0x4142), .raw(tag: 0x0110, type: 7, count: 2, value: 0x4142)],
            bigEndian: bigEndian)
        #expect(EXIF.read(jpeg: wrongType) == EXIFInfo())
    }

    @Test func decodesUTF8AndReplacesWhatIsNot() {
        let file = EXIFFixture.jpeg([.text(description, "Fjällräven at 東京 🌲"), .bytes(artist, [0x41, 0xFF, 0x42, 0xC3, 0x00])])
        #expect(EXIF.read(jpeg: file) == EXIFInfo(imageDescription: "Fjällräven at 東京 🌲", artist: "A\u{FFFD}B\u{FFFD}"))
    }

    @Test func endsAtTheFirstNULAndDropsTrailingSpaces() {
        let cases: [([UInt8], String?)] = [
            (Array("one\0two\0".utf8), "one"), (Array("Jane Doe    \0".utf8), "Jane Doe"), (Array("  x ".utf8), "  x"),
            (Array("     \0".utf8), nil), (Array("\0abcdef".utf8), nil), ([], nil), ([0], nil), ([0x20], nil),
            (Array("tabs\t\0".utf8), "tabs\t")
        ]
        for (bytes, expected) in cases {
            #expect(EXIF.read(jpeg: EXIFFixture.jpeg([.bytes(description, bytes)])).imageDescription == expected)
        }
    }

    /// A hostile count cannot make a huge string, and the cap never leaves half a character.
    @Test func capsStringsAtAThousandBytes() {
        let long = String(repeating: "a", count: 1_500)
        #expect(EXIF.read(jpeg: EXIFFixture.jpeg([.text(artist, long)])).artist == String(repeating: "a", count: 1_000))
        for (prefix, kept) in [(999, "é"), (998, "🌲"), (997, "🌲"), (996, "🌲"), (998, "é"), (997, "東")] {
            let text = String(repeating: "a", count: prefix) + kept + "tail"
            let fits = prefix + kept.utf8.count <= 1_000
            let expected = String(repeating: "a", count: prefix) + (fits ? kept : "")
            #expect(EXIF.read(jpeg: EXIFFixture.jpeg([.text(artist, text)])).artist == expected)
        }
    }

    @Test func skipsXMPAndOtherSegmentsBeforeTheExif() {
        let xmp = EXIFFixture.segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>".utf8))
        let exif = EXIFFixture.segment(0xE1, EXIFFixture.exif(EXIFFixture.tiff([.short(orientation, 3)], bigEndian: true)))
        let icc = EXIFFixture.segment(0xE2, Array("ICC_PROFILE\0".utf8) + [1, 1])
        #expect(EXIF.read(jpeg: EXIFFixture.jpeg(xmp, icc, exif)).orientation == .down)
        // Fill bytes before a marker; TEM and RSTn stand alone.
        let odd: [UInt8] = [0xFF, 0xFF, 0xFF, 0x01, 0xFF, 0xD3]
        #expect(EXIF.read(jpeg: EXIFFixture.jpeg(odd, xmp, [0xFF, 0xFF], exif)).orientation == .down)
    }

    @Test func withoutExifEverythingIsDefault() {
        let exif = EXIFFixture.segment(0xE1, EXIFFixture.exif(EXIFFixture.tiff([.short(orientation, 6)], bigEndian: false)))
        #expect(EXIF.read(jpeg: EXIFFixture.jpeg()) == EXIFInfo())
        // After the scan starts, or in the wrong marker, or not behind a SOI, it is not EXIF.
        #expect(EXIF.read(jpeg: EXIFFixture.jpeg() + exif) == EXIFInfo())
        #expect(EXIF.read(jpeg: EXIFFixture.soi + EXIFFixture.scanAndEnd + exif) == EXIFInfo())
        #expect(
            EXIF.read(
                jpeg: EXIFFixture.jpeg(
                    EXIFFixture.segment(0xE2, EXIFFixture.exif(EXIFFixture.tiff([.short(orientation, 6)], bigEndian: false)))))
                == EXIFInfo())
        #expect(EXIF.read(jpeg: Array(exif)) == EXIFInfo())
        for file: [UInt8] in [[], [0xFF], [0xFF, 0xD8], [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], [0xFF, 0xD8, 0x00, 0xFF, 0xE1]] {
            #expect(EXIF.read(jpeg: file) == EXIFInfo())
        }
        // Not "II" or "MM", or not 42.
        #expect(
            EXIF.read(jpeg: EXIFFixture.jpeg(EXIFFixture.segment(0xE1, EXIFFixture.exif([0x49, 0x4D, 42, 0, 8, 0, 0, 0, 0, 0]))))
                == EXIFInfo())
        #expect(
            EXIF.read(jpeg: EXIFFixture.jpeg(EXIFFixture.segment(0xE1, EXIFFixture.exif([0x49, 0x49, 43, 0, 8, 0, 0, 0, 0, 0]))))
                == EXIFInfo())
    }

    /// A file cut anywhere gives each field whole or not at all, and never traps.
    @Test func everyPrefixOfAValidFileIsSafe() {
        for bigEndian in [false, true] {
            let full = EXIFFixture.jpeg(
                [.text(description, "Morning fog, Lisbon"), .short(orientation, 6), .text(artist, "Ana")], bigEndian: bigEndian)
            #expect(EXIF.read(jpeg: full) == EXIFInfo(orientation: .right, imageDescription: "Morning fog, Lisbon", artist: "Ana"))
            for length in 0..<full.count {
                let info = EXIF.read(jpeg: Array(full[..<length]))
                #expect(info.orientation == .up || info.orientation == .right)
                #expect(info.imageDescription == nil || info.imageDescription == "Morning fog, Lisbon")
                #expect(info.artist == nil || info.artist == "Ana")
            }
        }
    }

    @Test(arguments: [false, true]) func offsetsPastTheEndAreNotFollowed(bigEndian: Bool) {
        for ifdOffset: UInt32 in [0xFFFF_FFFF, 0x8000_0000, 1_000, 21] {
            let file = EXIFFixture.jpeg(
                EXIFFixture.segment(
                    0xE1, EXIFFixture.exif(EXIFFixture.tiff([.short(orientation, 6)], bigEndian: bigEndian, ifdOffset: ifdOffset))))
            #expect(EXIF.read(jpeg: file) == EXIFInfo())
        }
        // 2 entries + the next-IFD link make 8 + 2 + 24 + 4 = 38 bytes of TIFF.
        for offset: UInt32 in [0xFFFF_FFFF, 0xFFFF_FFF0, 0x7FFF_FFFF, 38, 33] {
            let fields: [EXIFField] = [.raw(tag: description, type: 2, count: 6, value: offset), .short(orientation, 5)]
            #expect(EXIF.read(jpeg: EXIFFixture.jpeg(fields, bigEndian: bigEndian)) == EXIFInfo(orientation: .leftMirrored))
        }
    }

    @Test(arguments: [false, true]) func hugeCountsAreNotBelieved(bigEndian: Bool) {
        for count: UInt32 in [UInt32.max, UInt32.max - 3, 0x8000_0000, 1_001] {
            let fields: [EXIFField] = [.raw(tag: artist, type: 2, count: count, value: 8), .short(orientation, 7)]
            #expect(EXIF.read(jpeg: EXIFFixture.jpeg(fields, bigEndian: bigEndian)) == EXIFInfo(orientation: .rightMirrored))
        }
        // An entry count far beyond the data: the entries that are there are read.
        let tiff = EXIFFixture.tiff([.short(orientation, 2), .text(artist, "Kim")], bigEndian: bigEndian, entryCount: 0xFFFF)
        #expect(
            EXIF.read(jpeg: EXIFFixture.jpeg(EXIFFixture.segment(0xE1, EXIFFixture.exif(tiff))))
                == EXIFInfo(orientation: .upMirrored, artist: "Kim"))
    }

    /// Offsets are checked against the APP1 segment, not the file: a string past its end is not read
    /// even when the bytes that follow in the file happen to hold it.
    @Test func theSegmentLengthBoundsTheData() {
        let tiff = EXIFFixture.tiff([.short(orientation, 4), .text(artist, "Out of bounds")], bigEndian: false)
        let cut = 2 + 6 + 8 + 2 + 24 + 4
        let file = EXIFFixture.jpeg([0xFF, 0xE1, UInt8(cut >> 8), UInt8(cut & 0xFF)] + EXIFFixture.exif(tiff))
        #expect(EXIF.read(jpeg: file) == EXIFInfo(orientation: .downMirrored))
        // A segment too short for its own length field, or one "Exif\0\0" and nothing else.
        #expect(EXIF.read(jpeg: EXIFFixture.jpeg(EXIFFixture.segment(0xE1, [], length: 1))) == EXIFInfo())
        #expect(EXIF.read(jpeg: EXIFFixture.jpeg(EXIFFixture.segment(0xE1, EXIFFixture.exif([])))) == EXIFInfo())
    }

    /// Any single byte changed, and random data behind a plausible header: no trap, whatever comes out.
    @Test func hostileBytesNeverTrap() {
        let valid = EXIFFixture.jpeg([.text(description, "Morning fog"), .short(orientation, 6), .text(artist, "Ana")], bigEndian: true)
        for index in valid.indices {
            for value: UInt8 in [0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF] {
                var file = valid
                file[index] = value
                _ = EXIF.read(jpeg: file)
            }
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt8 {  // xorshift64: no dependency for a little noise
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 32)
        }
        for round in 0..<3_000 {
            let header: [UInt8] = round % 2 == 0 ? [0x49, 0x49, 42, 0] : [0x4D, 0x4D, 0, 42]
            let noise = (0..<(round % 300)).map { _ in next() }
            _ = EXIF.read(jpeg: EXIFFixture.jpeg(EXIFFixture.segment(0xE1, EXIFFixture.exif(header + noise))))
            _ = EXIF.read(jpeg: EXIFFixture.soi + noise)
        }
    }
}

/// When a photo was taken: the Exif IFD's DateTimeOriginal, else IFD0's DateTime, only when well formed.
@Suite struct EXIFDateTests {
    /// IFD0 with an Exif IFD pointer (and DateTime, when given), the Exif IFD with DateTimeOriginal.
    static func tiff(original: String, dateTime: String? = nil) -> [UInt8] {
        var fields: [EXIFField] = []
        if let dateTime { fields.append(.text(0x0132, dateTime)) }
        // The Exif IFD goes after IFD0 and its data: 8 + 2 + 12 entries + 4, then DateTime's 20 bytes.
        let exifIFD = UInt32(8 + 2 + 12 * (fields.count + 1) + 4 + (dateTime == nil ? 0 : 20))
        fields.append(.raw(tag: 0x8769, type: 4, count: 1, value: exifIFD))
        var tiff = EXIFFixture.tiff(fields, bigEndian: false)
        #expect(tiff.count == Int(exifIFD))
        let text = Array(original.utf8) + [0]
        let at = UInt32(tiff.count + 2 + 12 + 4)
        tiff += [1, 0, 0x03, 0x90, 2, 0] + le32(UInt32(text.count)) + le32(at) + le32(0) + text
        return tiff
    }

    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    @Test func theShutterTimeWinsOverTheFilesChangeTime() {
        let file = EXIFFixture.jpeg(
            EXIFFixture.segment(0xE1, EXIFFixture.exif(Self.tiff(original: "2019:07:14 18:30:05", dateTime: "2023:01:01 00:00:00"))))
        #expect(EXIF.read(jpeg: file).dateTaken == "2019:07:14 18:30:05")
        #expect(EXIF.read(jpeg: EXIFFixture.jpeg([.text(0x0132, "2023:01:01 00:00:00")])).dateTaken == "2023:01:01 00:00:00")
    }

    @Test(arguments: ["0000:00:00 00:00:00", "    :  :     :  :  ", "2019-07-14 18:30:05", "2019:07:14", "2019:07:14 18:30:5x"])
    func aDateOfAnotherShapeIsNoDate(_ text: String) {
        #expect(EXIF.read(jpeg: EXIFFixture.jpeg([.text(0x0132, text)])).dateTaken == nil)
        let file = EXIFFixture.jpeg(EXIFFixture.segment(0xE1, EXIFFixture.exif(Self.tiff(original: text))))
        #expect(EXIF.read(jpeg: file).dateTaken == nil)
    }

    @Test func anExifPointerOutsideTheDataIsIgnored() {
        let file = EXIFFixture.jpeg([.text(0x0132, "2020:02:02 02:02:02"), .raw(tag: 0x8769, type: 4, count: 1, value: 0xFFFF_FFF0)])
        #expect(EXIF.read(jpeg: file).dateTaken == "2020:02:02 02:02:02")
    }
}
