/// Splits a typed line into words the way a shell would: blanks separate words, `"…"` and `'…'` quote,
/// and a backslash escapes the next character (outside single quotes).
public enum Tokenizer {
    public enum Failure: Error, Equatable {
        case unterminatedQuote(Character)
        case trailingBackslash
    }

    public static func words(_ line: String) throws(Failure) -> [String] {
        // Most lines have no quotes or escapes: split on blanks without building words byte by byte.
        if !line.utf8.contains(where: { $0 == 0x22 || $0 == 0x27 || $0 == 0x5C }) {
            return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        }
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
}
