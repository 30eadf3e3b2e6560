/// Splits a typed line into words the way a shell would: blanks separate words, `"…"` and `'…'` quote,
/// and a backslash escapes the next character (outside single quotes).
package enum Tokenizer {
    /// Why a line cannot be split.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// A quote (`"` or `'`) that is never closed.
        case unterminatedQuote(Character)
        /// A backslash with nothing after it.
        case trailingBackslash

        /// What to do about it, in words (never Swift's debug text).
        package var description: String {
            switch self {
            case .unterminatedQuote(let quote): "missing closing \(quote): close the quote, or escape it as \\\(quote)"
            case .trailingBackslash: "a line cannot end with \\: remove it, or type \\\\ for a backslash"
            }
        }
    }

    /// The words of `line`, quotes and escapes removed: `say "a b" c\ d` is `say`, `a b`, `c d`.
    package static func words(_ line: String) throws(Failure) -> [String] {
        // Most lines have no quotes or escapes: split on blanks, on bytes (blanks are ASCII, so every
        // cut falls between characters).
        if let words = plainWords(line) { return words }
        var words: [String] = []
        var word = String.UnicodeScalarView()
        var inWord = false
        var quote: Unicode.Scalar? = nil
        var escaped = false
        // Scalar by scalar, as a shell reads bytes: a quote or a blank followed by a combining mark
        // is still a quote or a blank (as characters, the two would make one).
        for scalar in line.unicodeScalars {
            if escaped {
                word.append(scalar)
                escaped = false
                continue
            }
            if let open = quote {
                if scalar == open {
                    quote = nil
                } else if scalar == "\\" && open == "\"" {
                    escaped = true
                } else {
                    word.append(scalar)
                }
                continue
            }
            switch scalar {
            case " ", "\t":
                if inWord {
                    words.append(String(word))
                    word = String.UnicodeScalarView()
                    inWord = false
                }
            case "\"", "'":
                quote = scalar
                inWord = true
            case "\\":
                escaped = true
                inWord = true
            default:
                word.append(scalar)
                inWord = true
            }
        }
        if let open = quote { throw .unterminatedQuote(Character(open)) }
        if escaped { throw .trailingBackslash }
        if inWord { words.append(String(word)) }
        return words
    }

    /// `word` as `words` reads it back: as it is when it holds nothing to quote, else in single
    /// quotes (a single quote inside as `'\''`).
    package static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    ? (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/._-+:,=@%".unicodeScalars.contains(scalar))
                    : scalar.value >= 0xA0
            }
        if plain { return word }
        return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
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
