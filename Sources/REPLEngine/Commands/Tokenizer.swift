/// Splits a typed line into words the way a shell would: blanks separate words, `"…"` and `'…'` quote,
/// and a backslash escapes the next character (outside single quotes).
public enum Tokenizer {
    /// Why a line cannot be split.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// A quote (`"` or `'`) that is never closed.
        case unterminatedQuote(Character)
        /// A backslash with nothing after it.
        case trailingBackslash

        /// What to do about it, in words (never Swift's debug text).
        public var description: String {
            switch self {
            case .unterminatedQuote(let quote): "missing closing \(quote): close the quote, or escape it as \\\(quote)"
            case .trailingBackslash: "a line cannot end with \\: remove it, or type \\\\ for a backslash"
            }
        }
    }

    /// The words of `line`, quotes and escapes removed: `say "a b" c\ d` is `say`, `a b`, `c d`.
    public static func words(_ line: String) throws(Failure) -> [String] {
        // Most lines have no quotes or escapes: split on blanks, on bytes (blanks are ASCII, so every
        // cut falls between characters).
        if let words = plainWords(line) { return words }
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character? = nil
        var escaped = false
        for ch in line {
            if escaped {
                word.append(ch)
                escaped = false
                continue
            }
            if let open = quote {
                if ch == open {
                    quote = nil
                } else if ch == "\\" && open == "\"" {
                    escaped = true
                } else {
                    word.append(ch)
                }
                continue
            }
            switch ch {
            case " ", "\t":
                if inWord { words.append(word); word = ""; inWord = false }
            case "\"", "'":
                quote = ch
                inWord = true
            case "\\":
                escaped = true
                inWord = true
            default:
                word.append(ch)
                inWord = true
            }
        }
        if let open = quote { throw .unterminatedQuote(open) }
        if escaped { throw .trailingBackslash }
        if inWord { words.append(word) }
        return words
    }

    /// The words of a line with no quotes or backslashes; nil when it has some. Cut on bytes: blanks
    /// are ASCII, so every cut falls between characters.
    private static func plainWords(_ line: String) -> [String]? {
        TerminalText.withBytes(of: line) { bytes -> [String]? in
            var words: [String] = []
            words.reserveCapacity(4)  // a command and its arguments: growing from empty would copy twice
            var start = -1
            for i in bytes.indices {
                let byte = bytes[i]
                if byte == 0x22 || byte == 0x27 || byte == 0x5C { return nil }
                if byte == 0x20 || byte == 0x09 {
                    if start >= 0 { words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)) }
                    start = -1
                } else if start < 0 {
                    start = i
                }
            }
            if start >= 0 { words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)) }
            return words
        }
    }
}
