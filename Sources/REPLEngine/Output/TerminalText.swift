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
            if b >= 0x20 && b != 0x7F && b != 0xC2 && b != 0xE2 { i += 1; continue }
            if b == 0x09 || b == 0x0A { i += 1; continue }
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

    /// Columns `text` takes on a terminal: wide East Asian characters and emoji take two, combining
    /// marks and joiners none. Good enough for aligning columns; not a full UAX #11.
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
                    if lead < 0x20 ? lead != 0x09 && lead != 0x0A : lead == 0x7F { isClean = false }
                    width += 1
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
        if v < 0x300 { return 1 }
        switch v {
        case 0x300...0x36F, 0x200B...0x200F, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0100...0xE01EF:
            return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

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
        if isASCII(text) { return String(text.utf8.prefix(columns - 1))! + "…" }
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
                if !word.isEmpty { pieces.append((gap, word)); word = ""; gap = 0 }
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
                if pendingSpace { out.append(" "); pendingSpace = false }
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
