import Imaging
import SystemCalls

/// One `filter KEY VALUE` condition on a folder's photos: the key, the value as the user typed it
/// (shown in the list's heading and in `state --json`), and the condition parsed from it.
public struct PhotoFilter: Sendable, Equatable, CustomStringConvertible {
    /// What a filter can look at, in the order help and completion show them.
    public enum Key: String, Sendable, CaseIterable {
        case taken, camera, lens, format, iso, aperture, shutter, focal, orientation, place, rating, label, keyword, name, rejected,
            marked

        /// Whether the key is the whole filter, with no value (`filter rejected`).
        public var takesNoValue: Bool { self == .rejected || self == .marked }
    }

    public let key: Key
    /// As typed: `2024-06`, `>=800`, `near 44.85,34.97 10`.
    public let value: String
    let condition: Condition

    /// The keys' names, in the order of `Key`.
    public static let keys: [String] = Key.allCases.map(\.rawValue)

    /// The list's heading: `taken 2024-06`, `iso >=800`.
    public var description: String { value.isEmpty ? key.rawValue : key.rawValue + " " + value }

    /// Whether the filter is the session's marks (which the lister knows, not the photo).
    public var isMarks: Bool { key == .marked }

    enum Condition: Sendable, Equatable {
        /// Days as `YYYYMMDD` numbers, both ends included.
        case taken(first: Int, last: Int)
        /// Lowercased, for `camera`, `lens` and `format`.
        case contains(String)
        case number(Comparison)
        case orientation(Orientation)
        case hasPlace(Bool)
        case near(latitude: Double, longitude: Double, kilometres: Double)
        /// Lowercased; nil for `label none`.
        case label(String?)
        /// Lowercased.
        case keyword(String)
        case name(Glob)
        /// xmp:Rating −1.
        case rejected
        /// Marked in this session (`mark`): the session's marks decide, not the photo's facts.
        case marked
    }

    enum Orientation: String, Sendable, CaseIterable {
        case portrait, landscape, square
    }

    /// Parses `filter KEY VALUE`; `value` is the rest of the command's line, its words joined by single
    /// spaces (`place near 44.85,34.97 10` has three). The key is taken in any case.
    public static func parse(key: String, value: String) throws(PhotoFilterError) -> PhotoFilter {
        guard let parsedKey = Key(rawValue: key.lowercased()) else { throw PhotoFilterError(unknownKey: key) }
        let text = value.trimmedOfBlanks
        if parsedKey.takesNoValue {
            guard text.isEmpty else {
                throw PhotoFilterError("'filter \(parsedKey.rawValue)' takes no value: \(usage(of: parsedKey))")
            }
            return PhotoFilter(key: parsedKey, value: "", condition: parsedKey == .marked ? .marked : .rejected)
        }
        guard !text.isEmpty else {
            throw PhotoFilterError("'filter \(parsedKey.rawValue)' needs a value: \(usage(of: parsedKey))")
        }
        return PhotoFilter(key: parsedKey, value: value, condition: try condition(of: parsedKey, text))
    }

    private static func condition(of key: Key, _ text: String) throws(PhotoFilterError) -> Condition {
        switch key {
        case .taken: return try takenCondition(text)
        case .camera, .lens: return .contains(text.lowercased())
        case .format: return try formatCondition(text)
        case .iso, .aperture, .shutter, .focal, .rating: return .number(try comparison(text, key: key))
        case .orientation:
            return .orientation(Orientation(rawValue: try choice(text, among: Orientation.allCases.map(\.rawValue), key: key))!)
        case .place: return try placeCondition(text)
        case .label:
            let colour = try choice(text, among: labelColours + ["none"], key: key)
            return .label(colour == "none" ? nil : colour)
        case .keyword: return .keyword(text.lowercased())
        case .name: return .name(try Glob(text))
        case .rejected: return .rejected
        case .marked: return .marked
        }
    }

    /// Whether the photo meets the condition. A photo lacking the field never does, except that a
    /// photo without a label is `label none`, one without a place `place no`, and one without a rating
    /// is rated 0 (Lightroom's "no stars").
    public func matches(_ photo: PhotoFacts) -> Bool {
        let metadata = photo.metadata
        switch condition {
        case .taken(let first, let last):
            guard let day = metadata.taken.flatMap(Self.day(ofTaken:)) else { return false }
            return first <= day && day <= last
        case .contains(let word):
            let field: String? =
                switch key {
                case .camera: metadata.camera
                case .lens: metadata.lens
                default: photo.format.rawValue
                }
            // A format named whole is that format: `jpeg` is not JPEG XL.
            if key == .format, ImageFormat.allCases.contains(where: { $0.rawValue.lowercased() == word }) {
                return photo.format.rawValue.lowercased() == word
            }
            return field?.lowercased().contains(word) ?? false
        case .number(let comparison):
            guard let number = Self.number(of: key, in: metadata) else { return false }
            return comparison.holds(for: number, tolerance: Self.rule(for: key).tolerance)
        case .orientation(let orientation):
            guard let width = metadata.width, let height = metadata.height, width > 0, height > 0 else { return false }
            switch orientation {
            case .portrait: return height > width
            case .landscape: return width > height
            case .square: return width == height
            }
        case .hasPlace(let wanted):
            return (metadata.latitude != nil && metadata.longitude != nil) == wanted
        case .near(let latitude, let longitude, let kilometres):
            guard let photoLatitude = metadata.latitude, let photoLongitude = metadata.longitude else { return false }
            return Self.distance(from: (latitude, longitude), to: (photoLatitude, photoLongitude)) <= kilometres
        case .label(let colour):
            let label = metadata.label?.trimmedOfBlanks.lowercased()
            guard let colour else { return label == nil || label == "" }
            return label == colour
        case .keyword(let word):
            return metadata.keywords.contains { $0.lowercased() == word }
        case .name(let glob):
            return glob.matches(String(decoding: photo.fileName, as: UTF8.self))
        case .rejected:
            return metadata.rating == -1
        case .marked:
            // Not a fact of the photo: the lister asks the session's marks (`isMarks`).
            return false
        }
    }

    private static func number(of key: Key, in metadata: PhotoMetadata) -> Double? {
        switch key {
        case .iso: metadata.iso.map { Double($0) }
        case .aperture: metadata.aperture
        case .shutter: metadata.shutter
        case .focal: metadata.focalLength
        case .rating: Double(metadata.rating ?? 0)
        default: nil
        }
    }

    /// What to type for a key, with examples.
    static func usage(of key: Key) -> String {
        switch key {
        case .taken:
            "type a day, a month, a year or a range of them, as in 'filter taken 2024-06-01', 'filter taken 2024-06', "
                + "'filter taken 2024' or 'filter taken 2024-06-01..2024-08-31'"
        case .camera: "type a word of the camera's make or model, as in 'filter camera iphone'"
        case .lens: "type a word of the lens's name, as in 'filter lens 24-70'"
        case .format: "type a format (\(formatNames)), as in 'filter format heic'"
        case .iso, .aperture, .shutter, .focal, .rating:
            "type N, >N, <N, >=N, <=N or A..B (no spaces), as in "
                + rule(for: key).examples.map { "'filter \(key.rawValue) \($0)'" }.joined(separator: " or ")
        case .orientation: "type 'portrait', 'landscape' or 'square', as in 'filter orientation portrait'"
        case .place:
            "type 'yes', 'no' or 'near LATITUDE,LONGITUDE KILOMETRES', as in 'filter place yes' or 'filter place near 44.85,34.97 10'"
        case .label: "type a colour (\(labelColours.joined(separator: ", "))) or 'none', as in 'filter label red'"
        case .keyword: "type one of the photo's keywords, as in 'filter keyword beach'"
        case .name: "type a file name or a pattern ('*' any run, '?' any one, '[abc]', '[a-z]', '[!x]'), as in 'filter name IMG_*.HEIC'"
        case .rejected: "type 'filter rejected' alone: the photos rejected (XMP rating -1)"
        case .marked: "type 'filter marked' alone: the photos marked in this session ('mark')"
        }
    }

    static let labelColours = ["red", "yellow", "green", "blue", "purple"]

    /// `text` as one of `choices` (case-insensitively), or an error that offers the closest.
    private static func choice(_ text: String, among choices: [String], key: Key) throws(PhotoFilterError) -> String {
        let lowered = text.lowercased()
        if choices.contains(lowered) { return lowered }
        let guess = closest(to: lowered, among: choices).map { " (did you mean '\($0)'?)" } ?? ""
        throw PhotoFilterError("'filter \(key.rawValue) \(text)'\(guess): \(usage(of: key))")
    }
}

/// Why a filter was refused, and what to type instead.
public struct PhotoFilterError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }

    init(unknownKey key: String) {
        let guess = PhotoFilter.closest(to: key.lowercased(), among: PhotoFilter.keys).map { ": did you mean '\($0)'?" } ?? "."
        self.init("no filter key '\(key)'\(guess) Keys: \(PhotoFilter.keys.joined(separator: ", "))")
    }
}

// MARK: - Did you mean

extension PhotoFilter {
    /// The choice a mistyped word most likely meant: the only one it begins, else the nearest by edit
    /// distance when near enough to be a typo (one edit for short words, two for longer) rather than
    /// another word; nil when none is.
    static func closest(to word: String, among choices: [String]) -> String? {
        if word.count >= 2 {
            let prefixed = choices.filter { $0.hasPrefix(word) }
            if prefixed.count == 1 { return prefixed[0] }
        }
        let limit = word.count <= 4 ? 1 : 2
        var best: (choice: String, distance: Int)?
        for choice in choices {
            let distance = editDistance(word, choice)
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (choice, distance) }
        }
        return best?.choice
    }

    /// Levenshtein's distance: the insertions, deletions and substitutions from one to the other.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

// MARK: - taken

extension PhotoFilter {
    private static func takenCondition(_ text: String) throws(PhotoFilterError) -> Condition {
        let ends = text.split(separator: "..", omittingEmptySubsequences: false)
        if ends.count == 1 {
            let (first, last) = try days(of: text)
            return .taken(first: first, last: last)
        }
        guard ends.count == 2 else {
            throw PhotoFilterError("'\(text)': a range has two ends, as in 'filter taken 2024-06-01..2024-08-31'")
        }
        guard !ends[0].isEmpty, !ends[1].isEmpty else {
            throw PhotoFilterError("'\(text)': a range needs both ends, as in 'filter taken 2024-06-01..2024-08-31'")
        }
        let first = try days(of: String(ends[0])).first, last = try days(of: String(ends[1])).last
        guard first <= last else {
            throw PhotoFilterError(
                "'\(text)' is an empty range: the earlier end comes first, as in 'filter taken \(ends[1])..\(ends[0])'")
        }
        return .taken(first: first, last: last)
    }

    /// The first and last day (as `YYYYMMDD`) of `2024`, `2024-06` or `2024-06-01`.
    private static func days(of text: String) throws(PhotoFilterError) -> (first: Int, last: Int) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let numbers = parts.map { part in
            part.allSatisfy { $0.isASCII && $0.isNumber } && (1...4).contains(part.count) ? Int(part) : nil
        }
        guard (1...3).contains(parts.count), parts[0].count == 4, parts.dropFirst().allSatisfy({ (1...2).contains($0.count) }),
            let year = numbers[0], numbers.allSatisfy({ $0 != nil })
        else { throw PhotoFilterError("'\(text)' is no date: \(usage(of: .taken))") }
        guard year >= 1 else { throw PhotoFilterError("'\(text)': there is no year 0000: \(usage(of: .taken))") }
        guard parts.count > 1, let month = numbers[1] else { return (year * 10000 + 101, year * 10000 + 1231) }
        guard (1...12).contains(month) else {
            throw PhotoFilterError("'\(text)': there is no month \(parts[1]) (months are 01 to 12): \(usage(of: .taken))")
        }
        let length = daysIn(month: month, year: year)
        let base = year * 10000 + month * 100
        guard parts.count > 2, let day = numbers[2] else { return (base + 1, base + length) }
        guard (1...length).contains(day) else {
            throw PhotoFilterError(
                "'\(text)': \(monthNames[month - 1]) \(year) has days 01 to \(length): \(usage(of: .taken))")
        }
        return (base + day, base + day)
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"
    ]

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `2024:06:01 12:00:00` (EXIF's wall clock; XMP's dashes too) as 20240601; nil for another shape.
    static func day(ofTaken taken: String) -> Int? {
        let bytes = Array(taken.utf8.prefix(10))
        guard bytes.count == 10 else { return nil }
        var day = 0
        for (i, byte) in bytes.enumerated() {
            if i == 4 || i == 7 {
                guard byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            day = day * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return day
    }
}

// MARK: - format

extension PhotoFilter {
    /// The formats' names, for the wording of `filter format`.
    private static let formatNames = ImageFormat.allCases.map(\.rawValue).joined(separator: ", ")

    /// The file extensions people type for a format whose name they do not contain.
    private static let formatAliases = ["jpg": "jpeg", "tif": "tiff", "jxl": "jpeg xl", "heif": "heic"]

    private static func formatCondition(_ text: String) throws(PhotoFilterError) -> Condition {
        let lowered = text.lowercased()
        let word = formatAliases[lowered] ?? lowered
        // A word no format contains would silently empty the list: say so instead.
        guard ImageFormat.allCases.contains(where: { $0.rawValue.lowercased().contains(word) }) else {
            throw PhotoFilterError("no format is '\(text)': \(usage(of: .format))")
        }
        return .contains(word)
    }
}

// MARK: - Numbers

extension PhotoFilter {
    /// `N`, `>N`, `<N`, `>=N`, `<=N` or `A..B` (both ends included).
    enum Comparison: Sendable, Equatable {
        case equal(Double), above(Double), below(Double), atLeast(Double), atMost(Double), within(Double, Double)

        /// Whether `number` meets it; numbers within `tolerance` (relative) of a bound are equal to it,
        /// since EXIF stores 1/60 s as 0.016666… and f/2.8 as 14/5.
        func holds(for number: Double, tolerance: Double) -> Bool {
            func same(_ bound: Double) -> Bool { abs(number - bound) <= tolerance * max(abs(number), abs(bound)) }
            switch self {
            case .equal(let n): return same(n)
            case .above(let n): return number > n && !same(n)
            case .below(let n): return number < n && !same(n)
            case .atLeast(let n): return number >= n || same(n)
            case .atMost(let n): return number <= n || same(n)
            case .within(let low, let high): return (number >= low || same(low)) && (number <= high || same(high))
            }
        }
    }

    /// What a numeric key accepts.
    struct NumberRule {
        /// As a sentence names it.
        var noun: String
        var whole = false
        /// Whether `1/60` is a number (a shutter's time).
        var fractions = false
        var minimum = 0.0
        var maximum: Double
        var tolerance = 0.01
        var examples: [String]
    }

    static func rule(for key: Key) -> NumberRule {
        switch key {
        case .iso: NumberRule(noun: "an ISO", whole: true, maximum: 100_000_000, tolerance: 0, examples: [">=800", "100..400"])
        case .aperture: NumberRule(noun: "an f-number", maximum: 1000, examples: ["2.8", "<=4"])
        case .shutter:
            NumberRule(noun: "a shutter time in seconds", fractions: true, maximum: 1_000_000, examples: ["1/60", "<=1/250", "0.5..2"])
        case .focal: NumberRule(noun: "a focal length in mm", maximum: 100_000, examples: ["35", "24..70"])
        default: NumberRule(noun: "a rating", whole: true, minimum: -1, maximum: 5, tolerance: 0, examples: [">=4", "-1"])
        }
    }

    private static func comparison(_ text: String, key: Key) throws(PhotoFilterError) -> Comparison {
        let ends = text.split(separator: "..", omittingEmptySubsequences: false)
        if ends.count > 1 {
            guard ends.count == 2 else { throw PhotoFilterError("'\(text)': a range has two ends: \(usage(of: key))") }
            guard !ends[0].isEmpty, !ends[1].isEmpty else {
                throw PhotoFilterError("'\(text)': a range needs both ends: \(usage(of: key))")
            }
            let low = try number(ends[0], key: key), high = try number(ends[1], key: key)
            guard low <= high else {
                throw PhotoFilterError(
                    "'\(text)' is an empty range: the smaller end comes first, as in 'filter \(key.rawValue) \(ends[1])..\(ends[0])'")
            }
            return .within(low, high)
        }
        let operators: [(String, (Double) -> Comparison)] = [
            (">=", Comparison.atLeast), ("<=", Comparison.atMost), (">", Comparison.above), ("<", Comparison.below)
        ]
        for (symbol, make) in operators where text.hasPrefix(symbol) {
            let rest = text.dropFirst(symbol.count)
            guard !rest.isEmpty else { throw PhotoFilterError("'\(text)' needs a number after '\(symbol)': \(usage(of: key))") }
            return make(try number(rest, key: key))
        }
        return .equal(try number(Substring(text), key: key))
    }

    /// A number as `rule(for: key)` allows: digits with at most one point (no exponents, no `nan` or
    /// `inf`), a sign where negatives are allowed, `A/B` for a shutter.
    private static func number(_ text: Substring, key: Key) throws(PhotoFilterError) -> Double {
        let rule = rule(for: key)
        let negative = text.hasPrefix("-")
        let digits = negative ? text.dropFirst() : text
        var magnitude: Double
        if rule.fractions, let slash = digits.firstIndex(of: "/") {
            let numerator = try decimal(digits[..<slash], whole: false, in: text, key: key)
            let denominator = try decimal(digits[digits.index(after: slash)...], whole: false, in: text, key: key)
            guard denominator > 0 else { throw PhotoFilterError("'\(text)' divides by zero: \(usage(of: key))") }
            magnitude = numerator / denominator
        } else {
            magnitude = try decimal(digits, whole: rule.whole, in: text, key: key)
        }
        guard magnitude.isFinite, magnitude <= max(rule.maximum, -rule.minimum) else {
            throw PhotoFilterError("'\(text)' is too large for \(rule.noun) (at most \(Self.plain(rule.maximum)))")
        }
        if negative { magnitude = -magnitude }
        guard magnitude >= rule.minimum, magnitude <= rule.maximum else {
            if rule.minimum == 0 { throw PhotoFilterError("'\(text)': \(rule.noun) is never negative: \(usage(of: key))") }
            throw PhotoFilterError("'\(text)': ratings go from -1 (rejected) through 0 (no stars) to 5: \(usage(of: key))")
        }
        return magnitude
    }

    private static func decimal(_ digits: Substring, whole: Bool, in text: Substring, key: Key) throws(PhotoFilterError) -> Double {
        let points = digits.count { $0 == "." }
        guard digits.contains(where: \.isASCIIDigit), points <= 1, digits.allSatisfy({ $0.isASCIIDigit || $0 == "." }),
            let value = Double(String(digits))
        else { throw PhotoFilterError("'\(text)' is not a number: \(usage(of: key))") }
        guard !whole || points == 0 else {
            throw PhotoFilterError("'\(text)': \(rule(for: key).noun) is a whole number: \(usage(of: key))")
        }
        return value
    }

    /// 100000000 rather than 1e+08.
    private static func plain(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

// MARK: - place

extension PhotoFilter {
    private static func placeCondition(_ text: String) throws(PhotoFilterError) -> Condition {
        var words = text.split(separator: " ").map(String.init)
        guard words.first?.lowercased() == "near" else {
            return .hasPlace(try choice(text, among: ["yes", "no"], key: .place) == "yes")
        }
        words.removeFirst()
        // `near 44.85, 34.97 10`: a space after the comma still makes one point.
        if words.count == 3, words[0].hasSuffix(",") { words = [words[0] + words[1], words[2]] }
        if words.count == 3, words[2].lowercased() == "km" { words.removeLast() }
        let point = words.first?.split(separator: ",", omittingEmptySubsequences: false) ?? []
        guard words.count == 2, point.count == 2 else {
            throw PhotoFilterError("'\(text)' is no place: \(usage(of: .place))")
        }
        let latitude = try coordinate(point[0], limit: 90, text: text)
        let longitude = try coordinate(point[1], limit: 180, text: text)
        let distance = words[1].lowercased().hasSuffix("km") ? words[1].dropLast(2) : Substring(words[1])
        guard let kilometres = signedDecimal(distance), kilometres > 0 else {
            throw PhotoFilterError(
                "'\(words[1])' is no distance: the kilometres are a number above 0, as in 'filter place near 44.85,34.97 10'")
        }
        return .near(latitude: latitude, longitude: longitude, kilometres: kilometres)
    }

    private static func coordinate(_ text: Substring, limit: Double, text line: String) throws(PhotoFilterError) -> Double {
        let name = limit == 90 ? "latitude" : "longitude"
        guard let value = signedDecimal(text) else {
            throw PhotoFilterError("'\(text)' is no \(name): \(usage(of: .place))")
        }
        guard abs(value) <= limit else {
            throw PhotoFilterError("'\(text)': a \(name) is from -\(Int(limit)) to \(Int(limit)) degrees: \(usage(of: .place))")
        }
        return value
    }

    /// `-12.5`, `12`, `.5`; nil for anything else (exponents, `nan`, `inf`, blanks).
    private static func signedDecimal(_ text: Substring) -> Double? {
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : text
        guard digits.contains(where: \.isASCIIDigit), digits.count(where: { $0 == "." }) <= 1,
            digits.allSatisfy({ $0.isASCIIDigit || $0 == "." }), let value = Double(String(digits)), value.isFinite
        else { return nil }
        return text.hasPrefix("-") ? -value : value
    }

    /// The great-circle distance in kilometres (haversine, on a sphere of the Earth's mean radius).
    static func distance(from a: (latitude: Double, longitude: Double), to b: (latitude: Double, longitude: Double)) -> Double {
        let radians = Double.pi / 180
        let φ1 = a.latitude * radians, φ2 = b.latitude * radians
        let halfΔφ = (b.latitude - a.latitude) * radians / 2, halfΔλ = (b.longitude - a.longitude) * radians / 2
        let h = sin(halfΔφ) * sin(halfΔφ) + cos(φ1) * cos(φ2) * sin(halfΔλ) * sin(halfΔλ)
        // Rounding can take h a hair past 1 for antipodes, where asin would answer NaN.
        return 2 * 6371 * asin(min(1, h).squareRoot())
    }
}

// MARK: - name

extension PhotoFilter {
    /// A shell-style pattern over a file name: `*` (any run, dots too), `?` (any one character), and
    /// sets `[abc]`, `[a-z]`, `[!x]` (or `[^x]`); a `]` first in a set is one of its members.
    /// Case-insensitive: pattern and name are lowercased alike.
    struct Glob: Sendable, Equatable {
        enum Token: Sendable, Equatable {
            case character(Character)
            case anyOne
            case anyRun
            case set(negated: Bool, members: [ClosedRange<Character>])

            func matches(_ character: Character) -> Bool {
                switch self {
                case .character(let c): return c == character
                case .anyOne: return true
                case .anyRun: return false
                case .set(let negated, let members): return members.contains { $0.contains(character) } != negated
                }
            }
        }

        let tokens: [Token]

        init(_ pattern: String) throws(PhotoFilterError) {
            let characters = Array(pattern.lowercased())
            var tokens: [Token] = []
            var i = 0
            while i < characters.count {
                switch characters[i] {
                case "*":
                    // Runs of stars are one: fewer restart points to try.
                    if tokens.last != .anyRun { tokens.append(.anyRun) }
                    i += 1
                case "?":
                    tokens.append(.anyOne)
                    i += 1
                case "[":
                    let (set, next) = try Self.set(in: characters, at: i, pattern: pattern)
                    tokens.append(set)
                    i = next
                default:
                    tokens.append(.character(characters[i]))
                    i += 1
                }
            }
            self.tokens = tokens
        }

        /// The set that opens at `characters[start]` (a `[`), and the index after its `]`.
        private static func set(in characters: [Character], at start: Int, pattern: String) throws(PhotoFilterError) -> (Token, Int) {
            var i = start + 1
            let negated = i < characters.count && (characters[i] == "!" || characters[i] == "^")
            if negated { i += 1 }
            var members: [ClosedRange<Character>] = []
            var first = true
            while i < characters.count, characters[i] != "]" || first {
                first = false
                let low = characters[i]
                if i + 2 < characters.count, characters[i + 1] == "-", characters[i + 2] != "]" {
                    let high = characters[i + 2]
                    guard low <= high else {
                        throw PhotoFilterError("'\(pattern)': the set's range '\(low)-\(high)' is empty (write '[\(high)-\(low)]')")
                    }
                    members.append(low...high)
                    i += 3
                } else {
                    members.append(low...low)
                    i += 1
                }
            }
            guard i < characters.count else {
                throw PhotoFilterError("'\(pattern)': a '[' opens a set that no ']' closes: \(PhotoFilter.usage(of: .name))")
            }
            return (.set(negated: negated, members: members), i + 1)
        }

        /// Whether the whole name matches. A star that fails is retried from the last star only, one
        /// character further each time: at most the name's length times the pattern's, never the
        /// exponential search of trying every star's every length (`*a*a*a*a*b`).
        func matches(_ name: String) -> Bool {
            let name = Array(name.lowercased())
            var t = 0, n = 0
            var star: (token: Int, name: Int)?
            while n < name.count {
                if t < tokens.count, tokens[t] == .anyRun {
                    star = (t, n)
                    t += 1
                } else if t < tokens.count, tokens[t].matches(name[n]) {
                    t += 1
                    n += 1
                } else if let last = star {
                    star = (last.token, last.name + 1)
                    t = last.token + 1
                    n = last.name + 1
                } else {
                    return false
                }
            }
            while t < tokens.count, tokens[t] == .anyRun { t += 1 }
            return t == tokens.count
        }
    }
}
