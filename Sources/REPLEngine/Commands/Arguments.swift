/// The words typed after a command's name, already checked against the command's declared
/// `Argument`s: how many there are, that a `.number` argument is a whole number and that a
/// `.choice` argument is one of its words. A command reads them as it reads an array (`arguments[0]`,
/// `arguments.first`, `arguments.joined(separator: " ")`), and a number with `number(at:)`, so no
/// scene parses or words a malformed number itself.
public struct Arguments: RandomAccessCollection, ExpressibleByArrayLiteral, Equatable, Sendable {
    /// The words as typed, quotes and escapes removed.
    public let words: [String]

    /// The words typed after a command's name.
    public init(_ words: [String]) { self.words = words }

    /// The words of an array literal (for tests): `["2"]`.
    public init(arrayLiteral words: String...) { self.words = words }

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of words.
    public var endIndex: Int { words.count }
    /// The word at `index` (0-based, after the command's name).
    public subscript(index: Int) -> String { words[index] }

    /// The whole number typed at `index`, or nil when nothing was typed there (an optional argument
    /// left out) or the word there is no whole number (possible only for an argument not declared
    /// `.number`). A whole number past what 64 bits hold is `Int.max` (or `Int.min`): no list is that
    /// long, so the scene refuses it as it refuses any number outside its range, and it can repeat
    /// the word as typed (`self[index]`) in its message.
    public func number(at index: Int) -> Int? {
        index < words.count ? WholeNumber.saturated(words[index]) : nil
    }
}

/// Whole numbers as people type them: digits with an optional sign, however many.
package enum WholeNumber {
    /// `text` as an Int, the largest (or smallest) one when it does not fit; nil for anything but a
    /// whole number.
    package static func saturated(_ text: String) -> Int? {
        Int(text) ?? (isWholeNumber(text) ? (text.hasPrefix("-") ? Int.min : Int.max) : nil)
    }

    /// Digits with an optional sign, however many: "99999999999999999999" is a whole number too.
    package static func isWholeNumber(_ text: String) -> Bool {
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
