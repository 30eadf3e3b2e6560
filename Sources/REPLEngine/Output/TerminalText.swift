/// Text as it may reach a terminal: the one sanitizer for untrusted text, and display widths for layout.
public enum TerminalText {
    /// Makes `text` safe to print: C0 controls but tab and newline, DEL and C1 controls are shown in
    /// caret or `<U+XXXX>` notation, as are the bidi overrides that can reorder what a reader sees.
    /// Swift strings are always valid UTF-8 (invalid input was already replaced by U+FFFD when decoded).
    public static func sanitize(_ text: String) -> String {
        if isSafe(text) { return text }
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count + 8)
        appendEscaped(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// An identifier from a source (a photo's id, a username, a URL) kept on one line: its line feeds
    /// and tabs in caret notation (`^J`, `^I`) and Unicode's line and paragraph separators as
    /// `<U+2028>`, `<U+2029>`, as the Console's sanitizer shows ESC; so that an id of
    /// `"ID1\nphotos> X"` cannot print a forged prompt line. Everything else is left for the
    /// sanitizer, and unlike `singleLine` nothing is dropped: the reader sees what was sent.
    public static func oneLine(_ text: String) -> String {
        guard withBytes(of: text, hasLineBreakOrTab) else { return text }
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A:
                out.append(UInt8(ascii: "^"))
                out.append(UInt8(scalar.value + 0x40))
            case 0x2028, 0x2029:
                out.append(contentsOf: "<U+".utf8)
                appendHex(scalar.value, to: &out)
                out.append(UInt8(ascii: ">"))
            default:
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A tab, a line feed, or U+2028/U+2029 (E2 80 A8/A9) among the bytes.
    private static func hasLineBreakOrTab(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Nearly every id and URL has none of the three first bytes: a loop with no branch per byte
        // says so, and only text with one is looked at byte by byte.
        var seen: UInt8 = 0
        for byte in bytes { seen |= (byte == 0x09 ? 1 : 0) | (byte == 0x0A ? 1 : 0) | (byte == 0xE2 ? 1 : 0) }
        if seen == 0 { return false }
        for i in bytes.indices {
            switch bytes[i] {
            case 0x09, 0x0A: return true
            case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9): return true
            default: continue
            }
        }
        return false
    }

    /// Appends `text` to `buffer`, sanitized; the hot path of every line the Console writes.
    static func appendSanitized(_ text: String, to buffer: inout [UInt8]) {
        if isSafe(text) {
            buffer.append(contentsOf: text.utf8)
        } else {
            appendEscaped(text, to: &buffer)
        }
    }

    /// Appends `text` scalar by scalar, with what needs it shown in caret or `<U+XXXX>` notation.
    private static func appendEscaped(_ text: String, to buffer: inout [UInt8]) {
        for scalar in text.unicodeScalars {
            let v = scalar.value
            switch v {
            case 0x09, 0x0A:
                buffer.append(UInt8(v))
            case 0x00..<0x20:
                buffer.append(UInt8(ascii: "^"))
                buffer.append(UInt8(v + 0x40))
            case 0x7F:
                buffer.append(contentsOf: "^?".utf8)
            case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069:
                buffer.append(contentsOf: "<U+".utf8)
                appendHex(v, to: &buffer)
                buffer.append(UInt8(ascii: ">"))
            default:
                buffer.append(contentsOf: String(scalar).utf8)
            }
        }
    }

    /// True when no byte of `text` needs sanitizing (checked on bytes, without decoding scalars).
    static func isSafe(_ text: String) -> Bool { withBytes(of: text, isSafe(bytes:)) }

    /// Runs `body` on the UTF-8 bytes of `text`: byte loops over a buffer are what keeps the
    /// per-line work small.
    @inline(__always)
    static func withBytes<R>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var native = text  // a shared or bridged string: make it contiguous once
        native.makeContiguousUTF8()
        return native.utf8.withContiguousStorageIfAvailable(body)!
    }

    /// Whether every byte is printable ASCII (0x20…0x7E), the common case: then the text is safe,
    /// and each byte a column. Without a branch per byte, a loop the compiler vectorizes (reading
    /// eight bytes at a time by hand took more instructions).
    static func isPrintableASCII(_ text: String) -> Bool { withBytes(of: text, isPrintableASCII(bytes:)) }

    private static func isPrintableASCII(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var outside: UInt8 = 0
        for byte in bytes { outside |= (byte &- 0x20) & 0x80 | (byte == 0x7F ? 0x80 : 0) }
        return outside == 0
    }

    static func isSafe(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if isPrintableASCII(bytes: bytes) { return true }
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            // Most bytes: printable ASCII, or a byte of a scalar that cannot be a control.
            if b >= 0x20 && b != 0x7F && b != 0xC2 && b != 0xE2 {
                i += 1
                continue
            }
            if b == 0x09 || b == 0x0A {
                i += 1
                continue
            }
            if b < 0x80 { return false }  // other C0, DEL
            // C1 controls are U+0080…U+009F: C2 80…C2 9F.
            if b == 0xC2, i + 1 < n, bytes[i + 1] < 0xA0 { return false }
            // Bidi controls U+202A…U+202E (E2 80 AA…AE) and U+2066…U+2069 (E2 81 A6…A9).
            if b == 0xE2, i + 2 < n {
                let b1 = bytes[i + 1], b2 = bytes[i + 2]
                if b1 == 0x80 && (0xAA...0xAE).contains(b2) { return false }
                if b1 == 0x81 && (0xA6...0xA9).contains(b2) { return false }
            }
            i += 1
        }
        return true
    }

    private static func appendHex(_ value: UInt32, to buffer: inout [UInt8]) {
        let digits = Array("0123456789ABCDEF".utf8)
        var shift = value > 0xFFFF ? 20 : 12
        while shift >= 0 {
            buffer.append(digits[Int((value >> UInt32(shift)) & 0xF)])
            shift -= 4
        }
    }

    /// Columns `text` takes on a terminal once sanitized, as the Console prints it: wide East Asian
    /// characters and emoji take two (East Asian Width W and F, Unicode 15.1), combining marks and
    /// joiners none, a control its notation's (`^A` two, `<U+202E>` eight). Measured before it was
    /// sanitized, a name of bidi overrides made list rows of 96 columns in a window of 80.
    public static func width(_ text: String) -> Int { measure(text).width }

    /// What the Console needs to know of `text` to lay it out: whether it is clean (`isSafe`), whether
    /// every byte is ASCII, and its columns (`width`), found in one pass over its bytes, where asking
    /// the three one by one read a line three times and decoded it once more.
    static func measure(_ text: String) -> (isClean: Bool, isASCII: Bool, width: Int) {
        withBytes(of: text) { bytes in
            // Printable ASCII (nearly all text) is all three at once: clean, ASCII, a column a byte.
            if isPrintableASCII(bytes: bytes) { return (true, true, bytes.count) }
            var isClean = true, isASCII = true, width = 0
            var i = 0
            let n = bytes.count
            while i < n {
                let lead = bytes[i]
                if lead < 0x80 {
                    // A control but tab and line feed is printed as `^X`: two columns.
                    let isControl = lead < 0x20 ? lead != 0x09 && lead != 0x0A : lead == 0x7F
                    if isControl { isClean = false }
                    width += isControl ? 2 : 1
                    i += 1
                    continue
                }
                // A Swift string is valid UTF-8: the lead byte says how many bytes follow.
                isASCII = false
                let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                guard i + length <= n else { break }
                var value = UInt32(lead) & (0x7F >> length)
                for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
                if isControl(value) { isClean = false }
                width += self.width(ofScalar: value)
                i += length
            }
            return (isClean, isASCII, width)
        }
    }

    /// The scalars above ASCII that the sanitizer shows in notation: C1 controls and bidi overrides.
    private static func isControl(_ value: UInt32) -> Bool {
        (0x80...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// Whether every byte is ASCII: then one byte is one column and one character.
    static func isASCII(_ text: String) -> Bool {
        withBytes(of: text) { bytes in
            var any: UInt8 = 0
            for byte in bytes { any |= byte }
            return any < 0x80
        }
    }

    static func width(of scalar: Unicode.Scalar) -> Int { width(ofScalar: scalar.value) }

    private static func width(ofScalar v: UInt32) -> Int {
        if v < 0x300 {
            if v < 0x20 { return v == 0x09 || v == 0x0A ? 1 : 2 }  // `^A`
            if v == 0x7F { return 2 }  // `^?`
            return (0x80...0x9F).contains(v) ? 8 : 1  // `<U+0085>`
        }
        if isControl(v) { return 8 }  // `<U+202E>`
        switch v {
        case 0x300...0x36F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x200B...0x200F, 0x20D0...0x20FF, 0x2060...0x2064,
            0xFE00...0xFE0F, 0xFE20...0xFE2F, 0x1F3FB...0x1F3FF, 0xE0000...0xE007F, 0xE0100...0xE01EF:
            return 0
        default:
            return isWide(v) ? 2 : 1
        }
    }

    /// Whether the scalar is wide (East Asian Width W or F): a binary search of `wideScalars`.
    private static func isWide(_ v: UInt32) -> Bool {
        guard v >= 0x1100 else { return false }
        var low = 0, high = wideScalars.count
        while low < high {
            let middle = (low + high) / 2
            if wideScalars[middle].upperBound < v { low = middle + 1 } else { high = middle }
        }
        return low < wideScalars.count && wideScalars[low].contains(v)
    }

    /// The wide scalars, in order: CJK, Hangul, fullwidth forms, and the emoji shown as pictures
    /// (🚀 U+1F680, 🪄 U+1FA84 and the rest of their blocks), from Unicode 15.1's EastAsianWidth.txt.
    private static let wideScalars: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x18D00...0x18D08, 0x1AFF0...0x1B2FF,
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202,
        0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265,
        0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA,
        0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440,
        0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A,
        0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC,
        0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC,
        0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF,
        0x1FA70...0x1FA7C, 0x1FA80...0x1FA89, 0x1FA8F...0x1FAC6, 0x1FACE...0x1FADC, 0x1FADF...0x1FAE9,
        0x1FAF0...0x1FAF8, 0x20000...0x2FFFD, 0x30000...0x3FFFD
    ]

    /// `text` cut to `columns` in its middle when wider, its start and its end kept (what tells
    /// names apart is often at either end: `2024-06-01 Holi…ugal 003.jpg`); whole characters only.
    public static func truncateMiddle(_ text: String, toWidth columns: Int) -> String {
        if width(text) <= columns { return text }
        guard columns >= 3 else { return truncate(text, toWidth: columns) }
        let characters = Array(text)
        let widths = characters.map { $0.unicodeScalars.reduce(0) { $0 + width(of: $1) } }
        // The start gets half of what is left beside the ellipsis, the end the rest.
        let room = columns - 1
        var head = 0, headWidth = 0
        while head < characters.count, headWidth + widths[head] <= room / 2 {
            headWidth += widths[head]
            head += 1
        }
        var tail = characters.count, tailWidth = 0
        while tail > head, tailWidth + widths[tail - 1] <= room - headWidth {
            tailWidth += widths[tail - 1]
            tail -= 1
        }
        return String(characters[..<head]) + "…" + String(characters[tail...])
    }

    /// `text` cut to at most `columns` columns, ending in "…" when it was cut.
    public static func truncate(_ text: String, toWidth columns: Int) -> String {
        if width(text) <= columns { return text }
        guard columns > 0 else { return "" }
        if isPrintableASCII(text) { return String(text.utf8.prefix(columns - 1))! + "…" }
        // Whole characters (grapheme clusters): a cut inside an emoji's ZWJ sequence or before a
        // combining mark would leave a dangling joiner or a mark on the ellipsis.
        var out = ""
        var used = 0
        for character in text {
            let w = character.unicodeScalars.reduce(0) { $0 + width(of: $1) }
            if used + w > columns - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }

    /// `text` broken into lines of at most `columns` columns at its spaces, each line after the
    /// first starting with `indent` spaces (at most half the width, so a narrow window keeps room for
    /// words). Spaces between words on a line are kept as they are (a padded column); a word longer
    /// than a line is cut where the line ends.
    package static func wrapped(_ text: String, toWidth columns: Int, indent: Int) -> [String] {
        let columns = max(1, columns)
        let indent = max(0, min(indent, columns / 2))
        // Each word with the run of spaces before it.
        var pieces: [(gap: Int, word: String)] = []
        var gap = 0, word = ""
        for character in text {
            if character == " " {
                if !word.isEmpty {
                    pieces.append((gap, word))
                    word = ""
                    gap = 0
                }
                gap += 1
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { pieces.append((gap, word)) }
        var lines: [String] = []
        var line = "", lineWidth = 0
        for (index, piece) in pieces.enumerated() {
            var rest = piece.word
            var restWidth = width(rest)
            let isFirst = index == 0
            if isFirst || lineWidth + piece.gap + restWidth <= columns {
                line += String(repeating: " ", count: piece.gap)
                lineWidth += piece.gap
            } else {
                lines.append(line)
                line = String(repeating: " ", count: indent)
                lineWidth = indent
            }
            // A word longer than what is left of a line: what fits, then the rest on the next.
            while lineWidth + restWidth > columns {
                var taken = "", takenWidth = 0
                for character in rest {
                    let w = width(String(character))
                    if lineWidth + takenWidth + w > columns { break }
                    taken.append(character)
                    takenWidth += w
                }
                if taken.isEmpty && lineWidth <= indent { break }
                line += taken
                rest.removeFirst(taken.count)
                restWidth = width(rest)
                lines.append(line)
                line = String(repeating: " ", count: indent)
                lineWidth = indent
            }
            line += rest
            lineWidth += restWidth
        }
        lines.append(line)
        return lines
    }

    /// `text` padded with spaces on the right to `columns` columns.
    public static func pad(_ text: String, toWidth columns: Int) -> String {
        let w = width(text)
        return w >= columns ? text : text + String(repeating: " ", count: columns - w)
    }

    /// Collapses runs of whitespace (newlines included) into single spaces and trims the ends:
    /// text from a source shown on one line can never start a new one.
    public static func singleLine(_ text: String) -> String {
        if isSingleLine(text) { return text }
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            let isBlank = scalar.isASCII ? (scalar == " " || (0x09...0x0D).contains(scalar.value)) : scalar.properties.isWhitespace
            if isBlank {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace {
                    out.append(" ")
                    pendingSpace = false
                }
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// True for text with no control characters, no whitespace but single spaces, and no space at
    /// either end: most captions and names, which then need no work at all. Non-ASCII text passes
    /// when it holds none of Unicode's other spaces (U+0085, U+00A0, U+1680, U+2000…U+200A, U+2028,
    /// U+2029, U+202F, U+205F, U+3000).
    private static func isSingleLine(_ text: String) -> Bool {
        withBytes(of: text) { bytes in
            if isPrintableASCII(bytes: bytes) { return isSingleSpaced(bytes) }
            var previous: UInt8 = 0x20
            var i = 0
            let n = bytes.count
            while i < n {
                let byte = bytes[i]
                if byte >= 0x80 {
                    let b1: UInt8 = i + 1 < n ? bytes[i + 1] : 0, b2: UInt8 = i + 2 < n ? bytes[i + 2] : 0
                    switch byte {
                    case 0xC2 where b1 == 0x85 || b1 == 0xA0: return false
                    case 0xE1 where b1 == 0x9A && b2 == 0x80: return false
                    case 0xE2 where b1 == 0x80 && (b2 <= 0x8A || b2 == 0xA8 || b2 == 0xA9 || b2 == 0xAF): return false
                    case 0xE2 where b1 == 0x81 && b2 == 0x9F: return false
                    case 0xE3 where b1 == 0x80 && b2 == 0x80: return false
                    default: break
                    }
                } else if !(byte > 0x20 && byte < 0x7F || (byte == 0x20 && previous != 0x20)) {
                    return false
                }
                previous = byte
                i += 1
            }
            return previous != 0x20 || n == 0
        }
    }

    /// Printable ASCII with no space at either end and no two spaces in a row: a loop with no branch
    /// per byte, as `isPrintableASCII` is.
    private static func isSingleSpaced(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return true }
        if first == 0x20 || last == 0x20 { return false }
        var doubled: UInt8 = 0, wasSpace: UInt8 = 0
        for byte in bytes {
            let isSpace: UInt8 = byte == 0x20 ? 1 : 0
            doubled |= wasSpace & isSpace
            wasSpace = isSpace
        }
        return doubled == 0
    }
}
