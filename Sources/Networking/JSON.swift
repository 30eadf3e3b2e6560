// A strict JSON reader (RFC 8259) safe on hostile input, and a deterministic writer, for Unsplash
// answers and cassette files. Ours, without Foundation: JSONSerialization would cost start-up time.
//
// Choices, where the RFC leaves room:
// - Positions in errors are 1-based; lines are counted by LF (a lone CR does not start a line) and
//   columns count bytes (UTF-8 code units), not characters.
// - A lone or mismatched surrogate in a `\uXXXX` escape becomes U+FFFD (lenient: real APIs emit
//   them). Surrogates encoded directly in UTF-8 (ED A0 80…) are invalid UTF-8 and rejected.
// - Invalid UTF-8 inside a string is an error, never replaced. A byte order mark is rejected.
// - Duplicate keys are kept, in document order; `value["key"]` returns the first.
// - Nesting is bounded by `maxDepth` and the reader never recurses, so no input can exhaust the
//   stack while parsing.
// - The values are bounded by `maxValues`: a value costs 24 bytes and more (a string longer than 15
//   bytes, or a container, is an allocation of its own), where its text may be two bytes (`0,`), so
//   that 16 MB of `[0,0,…]` took 435 MB to read. What a parse may cost is capped by counting, not by
//   the input's size. (Destroying, comparing or writing a value does recurse, once per level:
//   keep `maxDepth` in the hundreds or low thousands, not millions.)
// - Numbers keep their text: `1.0` and `1` are different values, and no digit is ever lost.

/// A JSON value. Objects keep their members in document order (cassettes are written back in a
/// stable order).
public enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// The number's text as written (exact; no Double rounding): read it with `int` or `double`.
    case number(String)
    /// A string, its escapes decoded.
    case string(String)
    /// An array, its elements in order.
    case array([JSONValue])
    /// An object, its members in document order, duplicate keys included.
    case object([(String, JSONValue)])

    /// Exact equality: numbers compare by their text, strings and keys by their UTF-8 bytes (so,
    /// unlike `String ==`, "é" precomposed and decomposed differ), object members in order.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return sameBytes(a, b)
        case let (.string(a), .string(b)): return sameBytes(a, b)
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) where !sameBytes(x.0, y.0) || x.1 != y.1 { return false }
            return true
        default: return false
        }
    }
}

private func sameBytes(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
}

// MARK: - Accessors (nil on a type mismatch)

extension JSONValue {
    /// The first member with that key, if this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        for (name, value) in members where sameBytes(name, key) { return value }
        return nil
    }

    /// The element at that position, if this is an array and the position is in it.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The text of a string; nil for any other value.
    public var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    /// Integral numbers written without fraction or exponent that fit `Int` ("9214598", "-3", "-0").
    /// Not "1.5", and not "1.0" or "1e3" either: exponents are not interpreted.
    /// A count or a size a server sends (likes, pixels, totals): a whole number 0…2,147,483,647, else
    /// nil, so that no negative or absurd number is shown or computed with.
    public var count: Int? {
        guard let value = int, (0...Int(Int32.max)).contains(value) else { return nil }
        return value
    }

    /// An integral number written without fraction or exponent that fits `Int` ("9214598", "-3",
    /// "-0"); nil otherwise. Not "1.5", and not "1.0" or "1e3" either: exponents are not interpreted.
    public var int: Int? {
        guard case .number(let text) = self else { return nil }
        var digits = text.utf8[...]
        if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(text)  // nil when it does not fit
    }

    /// Any number, correctly rounded to the nearest Double; nil if it overflows to infinity.
    public var double: Double? {
        guard case .number(let text) = self, JSON.isNumber(text), let value = Double(text), value.isFinite else {
            return nil
        }
        return value
    }

    /// The value of `true` or `false`; nil for any other value.
    public var bool: Bool? {
        guard case .bool(let flag) = self else { return nil }
        return flag
    }

    /// The elements of an array; nil for any other value.
    public var array: [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }

    /// The members in document order, duplicates included.
    public var object: [(String, JSONValue)]? {
        guard case .object(let members) = self else { return nil }
        return members
    }

    /// Whether the value is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

/// Why a text is not JSON, with the line and column where it goes wrong.
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// e.g. "unexpected '}' at line 3, column 7 (expected a value)" or "the JSON ends too early
    /// (line 1, column 120)".
    public let message: String
    /// The text holds more values than the parse was allowed (`maxValues`): well-formed or not, it
    /// is too large to read.
    public var isTooLarge = false

    init(_ message: String, isTooLarge: Bool = false) {
        self.message = message
        self.isTooLarge = isTooLarge
    }

    public var description: String { message }
}

/// Reads and writes JSON text: a strict reader (RFC 8259) bounded in depth and in values, safe on
/// hostile input, and a deterministic writer.
public enum JSON {
    /// At most this many values (each array element, object member and scalar counts): a quarter of
    /// a million, where a page of 30 Unsplash photos holds about 3,000 and one of 100 GitHub
    /// repositories about 11,000. Measured (a client fetching each, over its 24 MB at rest): 12 MB
    /// for `[0,0,…]`, 13 MB for `[[0],[0],…]`, 36 MB for 22-byte strings, 44 MB for members with
    /// 19-byte keys (6 MB of text), where 16 MB of `[0,0,…]` took 435 MB unbounded.
    public static let defaultMaxValues = 250_000

    /// Reads one JSON value that must be the whole input (surrounding whitespace aside). Containers
    /// nested deeper than `maxDepth` and more than `maxValues` values are refused (`JSONError.isTooLarge`
    /// for the values); the input's size is the caller's business. Linear time, never crashes.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = 64, maxValues: Int = defaultMaxValues) throws(JSONError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { parse(buffer: $0, maxDepth: maxDepth, maxValues: maxValues) }.get()
    }

    /// Reads one JSON value from `text`, as `parse(_:maxDepth:maxValues:)` reads it from bytes.
    public static func parse(_ text: String, maxDepth: Int = 64, maxValues: Int = defaultMaxValues) throws(JSONError) -> JSONValue {
        var text = text
        return try text.withUTF8 { parse(buffer: $0, maxDepth: maxDepth, maxValues: maxValues) }.get()
    }

    private static func parse(buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int, maxValues: Int) -> Result<JSONValue, JSONError> {
        var parser = Parser(buffer, maxDepth: maxDepth, maxValues: maxValues)
        do {
            return .success(try parser.document())
        } catch {
            return .failure(error)
        }
    }

    /// As `parse`, but the value of every member named `rawKey` in an object nested `rawDepth` deep
    /// (the document's own members are 1 deep) is checked and not built: it stands in the tree as
    /// `.number("N")`, N its place in the list of their byte ranges returned beside. A cassette's
    /// inline bodies are read so, each then held to the cap of a body by its size, where building
    /// them first took 1.3 GB for a 50 MB cassette. Their values do not count against `maxValues`.
    static func parse(_ bytes: [UInt8], maxDepth: Int, maxValues: Int, rawKey: String, rawDepth: Int) throws(JSONError) -> (
        JSONValue, [Range<Int>]
    ) {
        let result = bytes.withUnsafeBufferPointer { buffer -> Result<(JSONValue, [Range<Int>]), JSONError> in
            var parser = Parser(buffer, maxDepth: maxDepth, maxValues: maxValues)
            parser.raw = (Array(rawKey.utf8), rawDepth)
            do throws(JSONError) {
                let value = try parser.document()
                return .success((value, parser.rawRanges))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Whether `bytes` are one JSON value nested at most `maxDepth` deep, checked as `parse` checks
    /// them but without building anything (a body about to be recorded inline: its size is its cost).
    static func isValid(_ bytes: [UInt8], maxDepth: Int) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(buffer, maxDepth: maxDepth, maxValues: .max)
            do {
                parser.skipWhitespace()
                try parser.skipValue(depth: 0)
                parser.skipWhitespace()
                return parser.i == parser.n
            } catch {
                return false
            }
        }
    }

    /// Appends valid JSON to `out` with the whitespace between its tokens taken out (strings kept
    /// byte for byte, their escapes as written): what a pretty-printed body reads as, without
    /// building it. False, with `out` as it was, when that would be more than `limit` bytes.
    static func appendWithoutWhitespace(_ bytes: ArraySlice<UInt8>, to out: inout [UInt8], limit: Int = .max) -> Bool {
        let start = out.count
        out.reserveCapacity(start + min(bytes.count, limit))
        var inString = false, escaped = false
        for b in bytes {
            if inString {
                if escaped { escaped = false } else if b == Byte.backslash { escaped = true } else if b == Byte.quote { inString = false }
            } else if b == Byte.space || b == Byte.lf || b == Byte.cr || b == Byte.tab {
                continue
            } else if b == Byte.quote {
                inString = true
            }
            guard out.count - start < limit else {
                out.removeSubrange(start...)
                return false
            }
            out.append(b)
        }
        return true
    }

    /// Pretty and deterministic: 2-space indent, members in their order, `"key": value`, one array
    /// element per line, `[]` and `{}` when empty, no final newline. Strings are escaped per RFC 8259:
    /// `"` and `\`, and control characters below 0x20 as `\n \r \t \b \f` or `\u00xx`; everything
    /// else (DEL, non-ASCII, U+2028/U+2029) is written as its UTF-8. A `.number` whose text is not a
    /// JSON number (only possible for a value built by hand) is written as `null`, so the output is
    /// always JSON.
    public static func pretty(_ value: JSONValue) -> String {
        var writer = Writer(pretty: true)
        writer.write(value, level: 0)
        return String(decoding: writer.out, as: UTF8.self)
    }

    /// One line, no spaces, the same escaping.
    public static func compact(_ value: JSONValue) -> String {
        var writer = Writer(pretty: false)
        writer.write(value, level: 0)
        return String(decoding: writer.out, as: UTF8.self)
    }

    /// Whether the whole text is a number per the RFC 8259 grammar.
    static func isNumber(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard !bytes.isEmpty, case .end(let end) = scanNumber(bytes, from: 0) else { return false }
            return end == bytes.count
        }
    }
}

// MARK: - Reading

/// Bytes the grammar names.
private enum Byte {
    static let space: UInt8 = 0x20, tab: UInt8 = 0x09, lf: UInt8 = 0x0A, cr: UInt8 = 0x0D
    static let quote: UInt8 = 0x22, backslash: UInt8 = 0x5C, slash: UInt8 = 0x2F
    static let comma: UInt8 = 0x2C, colon: UInt8 = 0x3A
    static let openBracket: UInt8 = 0x5B, closeBracket: UInt8 = 0x5D
    static let openBrace: UInt8 = 0x7B, closeBrace: UInt8 = 0x7D
    static let minus: UInt8 = 0x2D, plus: UInt8 = 0x2B, point: UInt8 = 0x2E
    static let zero: UInt8 = 0x30, nine: UInt8 = 0x39
    static let lowerE: UInt8 = 0x65, upperE: UInt8 = 0x45
    static let t: UInt8 = 0x74, f: UInt8 = 0x66, n: UInt8 = 0x6E, u: UInt8 = 0x75, b: UInt8 = 0x62, r: UInt8 = 0x72
}

@inline(__always) private func isDigit(_ b: UInt8) -> Bool { b &- Byte.zero < 10 }

private enum NumberScan {
    case end(Int)
    /// What is wrong, and the offset of the byte where a digit was wanted (may be the end).
    case problem(String, Int)
}

/// Scans `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` from `start`, which must be in bounds.
private func scanNumber(_ p: UnsafeBufferPointer<UInt8>, from start: Int) -> NumberScan {
    let n = p.count
    var i = start
    if p[i] == Byte.minus {
        i += 1
        guard i < n, isDigit(p[i]) else { return .problem("expected a digit after '-'", i) }
    }
    if p[i] == Byte.zero {
        i += 1
        if i < n, isDigit(p[i]) { return .problem("a leading zero", i - 1) }
    } else {
        guard isDigit(p[i]) else { return .problem("expected a digit", i) }
        while i < n, isDigit(p[i]) { i += 1 }
    }
    if i < n, p[i] == Byte.point {
        i += 1
        guard i < n, isDigit(p[i]) else { return .problem("expected a digit after '.'", i) }
        while i < n, isDigit(p[i]) { i += 1 }
    }
    if i < n, p[i] == Byte.lowerE || p[i] == Byte.upperE {
        i += 1
        if i < n, p[i] == Byte.plus || p[i] == Byte.minus { i += 1 }
        guard i < n, isDigit(p[i]) else { return .problem("expected a digit in the exponent", i) }
        while i < n, isDigit(p[i]) { i += 1 }
    }
    return .end(i)
}

/// An open array or object: where its elements (and keys) start on the parser's stacks.
private struct Frame {
    var isObject: Bool
    var valueStart: Int
    var keyStart: Int
}

/// An iterative reader: open containers live on explicit stacks, never on the call stack.
private struct Parser {
    let p: UnsafeBufferPointer<UInt8>
    let n: Int
    let maxDepth: Int
    let maxValues: Int
    var i = 0
    /// The values read so far, against `maxValues`.
    var valueCount = 0
    /// The bytes of a string with escapes, reused from string to string.
    var scratch: [UInt8] = []
    /// Members whose values are checked, not built (`JSON.parse(_:…rawKey:rawDepth:)`), and where
    /// those values were found.
    var raw: (key: [UInt8], depth: Int)?
    var rawRanges: [Range<Int>] = []
    /// The member whose key was just read is such a one.
    var isRawValue = false

    init(_ p: UnsafeBufferPointer<UInt8>, maxDepth: Int, maxValues: Int) {
        self.p = p
        self.n = p.count
        self.maxDepth = maxDepth
        self.maxValues = maxValues
    }

    mutating func document() throws(JSONError) -> JSONValue {
        var values: [JSONValue] = []  // elements of the open containers, innermost last
        var keys: [String] = []  // keys of the open objects' members, innermost last
        var frames: [Frame] = []
        var value = JSONValue.null
        skipWhitespace()
        if i == n { throw failure("the JSON is empty", at: i, end: true) }
        parsing: while true {
            skipWhitespace()
            guard i < n else { throw endsEarly() }
            if isRawValue {
                isRawValue = false
                let start = i
                try skipValue(depth: frames.count)
                rawRanges.append(start..<i)
                value = .number(String(rawRanges.count - 1))
            } else {
                valueCount += 1
                guard valueCount <= maxValues else {
                    let (line, column) = position(of: i)
                    throw JSONError("more than \(maxValues) values, at line \(line), column \(column)", isTooLarge: true)
                }
                switch p[i] {
                case Byte.openBrace, Byte.openBracket:
                    let isObject = p[i] == Byte.openBrace
                    guard frames.count < maxDepth else { throw failure("nested deeper than \(maxDepth)", at: i) }
                    i += 1
                    skipWhitespace()
                    if i < n, p[i] == (isObject ? Byte.closeBrace : Byte.closeBracket) {
                        i += 1
                        value = isObject ? .object([]) : .array([])
                    } else {
                        frames.append(Frame(isObject: isObject, valueStart: values.count, keyStart: keys.count))
                        if isObject { keys.append(try member(depth: frames.count)) }
                        continue parsing
                    }
                case Byte.quote:
                    i += 1
                    value = .string(try string())
                case Byte.t:
                    try literal("true")
                    value = .bool(true)
                case Byte.f:
                    try literal("false")
                    value = .bool(false)
                case Byte.n:
                    try literal("null")
                    value = .null
                case Byte.minus, Byte.zero...Byte.nine:
                    value = .number(try number())
                default:
                    throw unexpected(expecting: "a value")
                }
            }
            // A value is complete: give it to its container, and close the containers that end here.
            while let frame = frames.last {
                values.append(value)
                skipWhitespace()
                guard i < n else { throw endsEarly() }
                if p[i] == Byte.comma {
                    i += 1
                    if frame.isObject { keys.append(try member(depth: frames.count)) }
                    continue parsing
                }
                guard p[i] == (frame.isObject ? Byte.closeBrace : Byte.closeBracket) else {
                    throw unexpected(expecting: frame.isObject ? "',' or '}'" : "',' or ']'")
                }
                i += 1
                frames.removeLast()
                let count = values.count - frame.valueStart
                if frame.isObject {
                    var members: [(String, JSONValue)] = []
                    members.reserveCapacity(count)
                    for k in 0..<count { members.append((keys[frame.keyStart + k], values[frame.valueStart + k])) }
                    keys.removeLast(count)
                    value = .object(members)
                } else {
                    value = .array(Array(values[frame.valueStart...]))
                }
                values.removeLast(count)
            }
            break
        }
        skipWhitespace()
        if i < n { throw failure("unexpected \(describe(p[i])) after the JSON value", at: i) }
        return value
    }

    /// A member's key, in an object nested `depth` deep; notes whether its value is to be kept raw.
    mutating func member(depth: Int) throws(JSONError) -> String {
        let name = try key()
        if let raw, depth == raw.depth, name.utf8.elementsEqual(raw.key) { isRawValue = true }
        return name
    }

    /// Steps over one value, checked as `document` checks it but built into nothing, with `i` at its
    /// first byte; `depth` containers are open around it.
    mutating func skipValue(depth: Int) throws(JSONError) {
        var open: [Bool] = []  // whether each container open inside the value is an object
        skipping: while true {
            skipWhitespace()
            guard i < n else { throw endsEarly() }
            switch p[i] {
            case Byte.openBrace, Byte.openBracket:
                let isObject = p[i] == Byte.openBrace
                guard depth + open.count < maxDepth else { throw failure("nested deeper than \(maxDepth)", at: i) }
                i += 1
                skipWhitespace()
                if i < n, p[i] == (isObject ? Byte.closeBrace : Byte.closeBracket) {
                    i += 1
                } else {
                    open.append(isObject)
                    if isObject { _ = try key() }
                    continue skipping
                }
            case Byte.quote:
                i += 1
                _ = try string(keeping: false)
            case Byte.t: try literal("true")
            case Byte.f: try literal("false")
            case Byte.n: try literal("null")
            case Byte.minus, Byte.zero...Byte.nine: try number(keeping: false)
            default: throw unexpected(expecting: "a value")
            }
            while let isObject = open.last {
                skipWhitespace()
                guard i < n else { throw endsEarly() }
                if p[i] == Byte.comma {
                    i += 1
                    if isObject { _ = try key() }
                    continue skipping
                }
                guard p[i] == (isObject ? Byte.closeBrace : Byte.closeBracket) else {
                    throw unexpected(expecting: isObject ? "',' or '}'" : "',' or ']'")
                }
                i += 1
                open.removeLast()
            }
            return
        }
    }

    @inline(__always) mutating func skipWhitespace() {
        while i < n {
            let b = p[i]
            guard b == Byte.space || b == Byte.lf || b == Byte.cr || b == Byte.tab else { return }
            i += 1
        }
    }

    /// `"name":`, whitespace around allowed, with `i` at the whitespace before the opening quote.
    mutating func key() throws(JSONError) -> String {
        skipWhitespace()
        guard i < n else { throw endsEarly() }
        guard p[i] == Byte.quote else { throw unexpected(expecting: "a string key") }
        i += 1
        let name = try string()
        skipWhitespace()
        guard i < n else { throw endsEarly() }
        guard p[i] == Byte.colon else { throw unexpected(expecting: "':'") }
        i += 1
        return name
    }

    mutating func literal(_ word: StaticString) throws(JSONError) {
        for k in 0..<word.utf8CodeUnitCount {
            guard i < n else { throw endsEarly() }
            guard p[i] == word.utf8Start[k] else {
                throw failure("unexpected \(describe(p[i]))", at: i, expecting: "'\(word)'")
            }
            i += 1
        }
    }

    /// A number's text; with `keeping` false, only checked (a value skipped), and empty.
    @discardableResult
    mutating func number(keeping: Bool = true) throws(JSONError) -> String {
        let start = i
        switch scanNumber(p, from: i) {
        case .end(let end):
            i = end
            return keeping ? String(decoding: UnsafeBufferPointer(rebasing: p[start..<end]), as: UTF8.self) : ""
        case .problem(let what, let at):
            if at == n { throw endsEarly() }
            throw failure("invalid number: \(what)", at: at)
        }
    }

    /// A string's contents and closing quote, with `i` just after the opening quote; with `keeping`
    /// false, only checked (a value skipped), and empty.
    mutating func string(keeping: Bool = true) throws(JSONError) -> String {
        let start = i
        var run = i  // start of the bytes not yet copied to `scratch`
        var escaped = false
        while true {
            guard i < n else { throw endsEarly() }
            let b = p[i]
            if b == Byte.quote { break }
            if b == Byte.backslash {
                if !escaped {
                    escaped = true
                    scratch.removeAll(keepingCapacity: true)
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: p[run..<i]))
                try escape()
                run = i
            } else if b < 0x20 {
                throw failure("unescaped control character \(hex(b)) in a string", at: i)
            } else if b < 0x80 {
                i += 1
            } else {
                try skipUTF8Sequence()
            }
        }
        let text: String
        if !keeping {
            text = ""
        } else if escaped {
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: p[run..<i]))
            text = String(decoding: scratch, as: UTF8.self)
        } else {
            text = String(decoding: UnsafeBufferPointer(rebasing: p[start..<i]), as: UTF8.self)
        }
        i += 1
        return text
    }

    /// One escape, with `i` at its backslash; appends what it stands for to `scratch`.
    mutating func escape() throws(JSONError) {
        let backslash = i
        i += 1
        guard i < n else { throw endsEarly() }
        let replacement: UInt8
        switch p[i] {
        case Byte.quote, Byte.backslash, Byte.slash: replacement = p[i]
        case Byte.b: replacement = 0x08
        case Byte.f: replacement = 0x0C
        case Byte.n: replacement = 0x0A
        case Byte.r: replacement = 0x0D
        case Byte.t: replacement = 0x09
        case Byte.u:
            let unit = try hex4(at: i + 1)
            i += 5
            var scalar = unit
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate combines with a low one right after it; alone, it becomes U+FFFD
                // and whatever follows is read on its own.
                if let low = lowSurrogate(at: i) {
                    scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                } else {
                    scalar = 0xFFFD
                }
            } else if (0xDC00...0xDFFF).contains(unit) {
                scalar = 0xFFFD  // a low surrogate without a high one
            }
            appendUTF8(scalar)
            return
        default:
            let what = p[i] >= 0x21 && p[i] <= 0x7E ? "'\\\(Character(Unicode.Scalar(p[i])))'" : "'\\' then \(describe(p[i]))"
            throw failure("invalid escape \(what) in a string", at: backslash)
        }
        scratch.append(replacement)
        i += 1
    }

    /// The four hex digits of a `\u` escape starting at `at`.
    func hex4(at start: Int) throws(JSONError) -> UInt32 {
        var unit: UInt32 = 0
        for k in start..<start + 4 {
            guard k < n else { throw endsEarly() }
            guard let digit = hexValue(p[k]) else {
                throw failure("invalid \\u escape: \(describe(p[k])) is not a hex digit", at: k)
            }
            unit = unit << 4 | digit
        }
        return unit
    }

    /// The low surrogate of a `\uDC00`…`\uDFFF` escape at `at`, if there is one.
    func lowSurrogate(at start: Int) -> UInt32? {
        guard start + 6 <= n, p[start] == Byte.backslash, p[start + 1] == Byte.u else { return nil }
        var unit: UInt32 = 0
        for k in start + 2..<start + 6 {
            guard let digit = hexValue(p[k]) else { return nil }
            unit = unit << 4 | digit
        }
        return (0xDC00...0xDFFF).contains(unit) ? unit : nil
    }

    mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Steps over one well-formed multi-byte UTF-8 sequence (Unicode Table 3-7), with `i` at its
    /// lead byte: no overlong forms, no surrogates, nothing above U+10FFFF.
    mutating func skipUTF8Sequence() throws(JSONError) {
        let lead = p[i]
        let count: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF  // the range of the second byte
        switch lead {
        case 0xC2...0xDF: count = 1
        case 0xE0:
            count = 2
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: count = 2
        case 0xED:
            count = 2
            high = 0x9F
        case 0xF0:
            count = 3
            low = 0x90
        case 0xF1...0xF3: count = 3
        case 0xF4:
            count = 3
            high = 0x8F
        default: throw invalidUTF8(through: i)
        }
        for k in 1...count {
            guard i + k < n else { throw endsEarly() }
            let b = p[i + k]
            guard k == 1 ? (low...high).contains(b) : (0x80...0xBF).contains(b) else {
                throw invalidUTF8(through: i + k)
            }
        }
        i += count + 1
    }

    // MARK: Errors

    func invalidUTF8(through last: Int) -> JSONError {
        let bytes = (i...last).map { hex(p[$0]) }.joined(separator: " ")
        return failure("invalid UTF-8 in a string (\(bytes))", at: i)
    }

    func unexpected(expecting: String) -> JSONError {
        failure("unexpected \(describe(p[i]))", at: i, expecting: expecting)
    }

    func endsEarly() -> JSONError {
        failure("the JSON ends too early", at: n, end: true)
    }

    /// "what at line L, column C (expected …)", or "what (line L, column C)" for the end.
    func failure(_ what: String, at offset: Int, expecting: String? = nil, end: Bool = false) -> JSONError {
        let (line, column) = position(of: offset)
        if end { return JSONError("\(what) (line \(line), column \(column))") }
        let expected = expecting.map { " (expected \($0))" } ?? ""
        return JSONError("\(what) at line \(line), column \(column)\(expected)")
    }

    /// 1-based line (counted by LF) and column (counted in bytes) of a byte offset.
    func position(of offset: Int) -> (line: Int, column: Int) {
        var line = 1, lineStart = 0
        for k in 0..<min(offset, n) where p[k] == Byte.lf {
            line += 1
            lineStart = k + 1
        }
        return (line, offset - lineStart + 1)
    }
}

@inline(__always) private func hexValue(_ b: UInt8) -> UInt32? {
    switch b {
    case 0x30...0x39: return UInt32(b - 0x30)
    case 0x41...0x46: return UInt32(b - 0x41 + 10)
    case 0x61...0x66: return UInt32(b - 0x61 + 10)
    default: return nil
    }
}

private let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
private let lowerHexDigits: [UInt8] = Array("0123456789abcdef".utf8)

private func hex(_ b: UInt8) -> String {
    "0x" + String(decoding: [hexDigits[Int(b >> 4)], hexDigits[Int(b & 0xF)]], as: UTF8.self)
}

/// A byte in a message: `'x'` when printable ASCII, `byte 0xHH` otherwise.
private func describe(_ b: UInt8) -> String {
    b >= 0x21 && b <= 0x7E ? "'\(Character(Unicode.Scalar(b)))'" : "byte \(hex(b))"
}

// MARK: - Writing

extension JSONValue {
    /// Not an array nor an object.
    var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }
}

private struct Writer {
    let pretty: Bool
    var out: [UInt8] = []

    init(pretty: Bool) {
        self.pretty = pretty
    }

    mutating func write(_ value: JSONValue, level: Int) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let text): out.append(contentsOf: (JSON.isNumber(text) ? text : "null").utf8)
        case .string(let text): write(string: text)
        case .array(let elements):
            // A short list of scalars (a cassette's ["Name", "value"] header) reads best on one line.
            let oneLine = pretty && elements.count <= 4 && elements.allSatisfy(\.isScalar)
            out.append(Byte.openBracket)
            for (k, element) in elements.enumerated() {
                if k > 0 { out.append(Byte.comma) }
                if oneLine { if k > 0 { out.append(Byte.space) } } else { newline(level + 1) }
                write(element, level: level + 1)
            }
            if !elements.isEmpty && !oneLine { newline(level) }
            out.append(Byte.closeBracket)
        case .object(let members):
            out.append(Byte.openBrace)
            for (k, (name, element)) in members.enumerated() {
                if k > 0 { out.append(Byte.comma) }
                newline(level + 1)
                write(string: name)
                out.append(Byte.colon)
                if pretty { out.append(Byte.space) }
                write(element, level: level + 1)
            }
            if !members.isEmpty { newline(level) }
            out.append(Byte.closeBrace)
        }
    }

    mutating func newline(_ level: Int) {
        guard pretty else { return }
        out.append(Byte.lf)
        out.append(contentsOf: repeatElement(Byte.space, count: 2 * level))
    }

    mutating func write(string: String) {
        out.append(Byte.quote)
        var text = string
        text.withUTF8 { bytes in
            var run = 0  // start of the bytes not yet copied
            for (k, b) in bytes.enumerated() where b < 0x20 || b == Byte.quote || b == Byte.backslash {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<k]))
                run = k + 1
                out.append(Byte.backslash)
                switch b {
                case Byte.quote, Byte.backslash: out.append(b)
                case 0x0A: out.append(Byte.n)
                case 0x0D: out.append(Byte.r)
                case 0x09: out.append(Byte.t)
                case 0x08: out.append(Byte.b)
                case 0x0C: out.append(Byte.f)
                default: out.append(contentsOf: [Byte.u, Byte.zero, Byte.zero, lowerHexDigits[Int(b >> 4)], lowerHexDigits[Int(b & 0xF)]])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        }
        out.append(Byte.quote)
    }
}
