import REPLEngine

/// A number the user typed for a page or a position.
enum TypedNumber {
    /// `text` as a whole number for `command` (`page`, `open`), or an error that repeats it. A
    /// whole number past what 64 bits hold is the largest (or smallest) Int: no list is that long,
    /// and the scene refuses it as it refuses any number outside its list, repeating it as typed
    /// (`typed(_:)`).
    static func parse(_ text: String, naming what: String, for command: String) throws -> Int {
        guard let value = WholeNumber.saturated(text) else {
            throw CommandError("'\(typed(text))' is not a \(what): type a whole number, e.g. '\(command) 1'", kind: .usage)
        }
        return value
    }

    /// A number as it was typed, for a message that repeats it: at most 40 columns.
    static func typed(_ text: String) -> String { TerminalText.truncate(text, toWidth: 40) }

    /// The 0-based row of a page or position typed 1-based. Wrapping, so that no typed number traps
    /// (-9223372036854775808 becomes Int.max, never a row) and `position(ofRow:)` gives back exactly
    /// what was typed, for the error that repeats it.
    static func row(ofPosition position: Int) -> Int { position &- 1 }

    /// The 1-based position of a row: the inverse of `row(ofPosition:)`.
    static func position(ofRow row: Int) -> Int { row &+ 1 }

    /// Digits with an optional sign, however many, as the engine reads a number argument: here so
    /// that an interactor asks without importing the engine.
    static func isWholeNumber(_ text: String) -> Bool { WholeNumber.isWholeNumber(text) }
}
