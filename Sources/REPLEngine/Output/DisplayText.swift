/// Text from a source, prepared for the terminal once, where it comes in: measured in columns and
/// checked for bytes that need sanitizing. The Console copies clean text as it is, with no second
/// look, and sanitizes the rest as it writes it (the way every `String` is written): a caption that
/// arrived once is printed a thousand times for the price of a copy. The text is kept as it came;
/// put it on one line first (`TerminalText.singleLine`) where that is wanted.
package struct DisplayText: Equatable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The text as it came: `isClean` says whether the Console may copy it as it is.
    package let string: String
    /// Columns `string` takes (`TerminalText.width`), as the Console lays out columns.
    package let width: Int
    /// Whether no byte needs sanitizing (`TerminalText.isSafe`): nearly all text.
    package let isClean: Bool
    /// Whether every byte is ASCII: then a byte is a column, and cutting the text needs no decoding.
    let isASCII: Bool

    /// `text`, measured and checked.
    package init(_ text: String) {
        string = text
        (isClean, isASCII, width) = TerminalText.measure(text)
    }

    /// A literal, prepared like any other text.
    package init(stringLiteral text: String) { self.init(text) }

    /// The text (unsanitized: print it through the Console).
    package var description: String { string }
}
