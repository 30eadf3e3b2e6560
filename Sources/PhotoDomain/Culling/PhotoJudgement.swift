/// A judgement of a photo as culling makes it: a rating, a reject, a colour label, keywords. Each
/// is written into the photo's XMP sidecar as Lightroom, Bridge and darktable write it.
public enum JudgementChange: Sendable, Equatable {
    /// xmp:Rating 0…5 (0: no stars).
    case rate(Int)
    /// xmp:Rating −1, as Adobe Bridge and darktable write a reject.
    case reject
    /// xmp:Label as Lightroom writes it (`Red`); nil removes it.
    case label(ColourLabel?)
    /// Words added to dc:subject (`a|b|c` also to lr:hierarchicalSubject, its parts to dc:subject).
    case addKeywords([String])
    /// Words taken out of them.
    case removeKeywords([String])

    /// Whether it adds or removes keywords.
    var changesKeywords: Bool {
        switch self {
        case .addKeywords, .removeKeywords: true
        case .rate, .reject, .label: false
        }
    }

    /// The command that makes it, as it would be typed (a digit key's echo, `undo`'s message, a
    /// word of what to type): a keyword that is not one plain word quoted, so that the line reads
    /// back as the same words (`keyword add 'new york'`).
    public var command: String {
        switch self {
        case .rate(let stars): "rate \(stars)"
        case .reject: "reject"
        case .label(let label): "label \(label?.rawValue ?? "none")"
        case .addKeywords(let words): (["keyword", "add"] + words.map(Self.typed)).joined(separator: " ")
        case .removeKeywords(let words): (["keyword", "remove"] + words.map(Self.typed)).joined(separator: " ")
        }
    }

    /// `word` as the REPL's tokenizer reads it back: as it is when it holds only letters, digits,
    /// `/._-+:,=@%` and characters past ASCII; else in single quotes, `'\''` for a quote (the rule
    /// of REPLEngine's `Tokenizer.quoted`, which this module does not see).
    static func typed(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    ? scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/._-+:,=@%".unicodeScalars.contains(scalar)
                    : scalar.value >= 0xA0
            }
        return plain ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// Why `word` cannot be a keyword (nil: it can): tabs, newlines and other control characters
    /// have no place in one, nor does an empty part of a hierarchy (`a||b`).
    public static func keywordProblem(_ word: String) -> String? {
        if word.isEmpty { return "a keyword cannot be empty (type e.g. 'keyword add beach')" }
        if word.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "a keyword holds no control characters (tabs, newlines)"
        }
        if word.split(separator: "|", omittingEmptySubsequences: false).contains(where: { $0.isEmpty }) {
            return "\"\(word)\" has an empty part: a hierarchy is written a|b|c"
        }
        return nil
    }

    /// The XMP edits that make this change to a sidecar holding `current` (the sidecar's own
    /// properties), and the properties after.
    func edits(from current: Judgement) -> (edits: [XMPEdit], after: Judgement) {
        var after = current
        switch self {
        // What the sidecar says already is not written again (nor kept for undo).
        case .rate(let stars):
            after.rating = stars
            return (current.rating == stars ? [] : [.text(key: "Xmp.xmp.Rating", value: String(stars))], after)
        case .reject:
            after.rating = -1
            return (current.rating == -1 ? [] : [.text(key: "Xmp.xmp.Rating", value: "-1")], after)
        case .label(let label):
            after.label = label?.xmpWord
            guard current.label?.lowercased() != label?.rawValue else { return ([], current) }
            return ([label.map { .text(key: "Xmp.xmp.Label", value: $0.xmpWord) } ?? .remove(key: "Xmp.xmp.Label")], after)
        case .addKeywords(let words):
            for word in words {
                let parts = word.split(separator: "|").map(String.init)
                if parts.count > 1, !after.hierarchy.contains(word) { after.hierarchy.append(word) }
                for part in parts where !after.keywords.contains(part) { after.keywords.append(part) }
            }
        case .removeKeywords(let words):
            for word in words {
                after.hierarchy.removeAll { $0 == word }
                // A hierarchy's last part names it in dc:subject; a part other hierarchies still hold stays.
                let leaf = word.split(separator: "|").last.map(String.init) ?? word
                if !after.hierarchy.contains(where: { $0.split(separator: "|").contains(Substring(leaf)) }) {
                    after.keywords.removeAll { $0 == leaf }
                }
            }
        }
        var edits: [XMPEdit] = []
        if after.keywords != current.keywords { edits.append(.bag(key: "Xmp.dc.subject", words: after.keywords)) }
        if after.hierarchy != current.hierarchy { edits.append(.bag(key: "Xmp.lr.hierarchicalSubject", words: after.hierarchy)) }
        return (edits, after)
    }
}

/// The colour labels Lightroom's keys set (6–9: red, yellow, green, blue) and purple.
public enum ColourLabel: String, Sendable, CaseIterable {
    case red, yellow, green, blue, purple

    /// As Lightroom writes it in xmp:Label.
    public var xmpWord: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The label a word names, in any case (`Red`, `red`, `RED`); nil for another word (Bridge's
    /// `Select`, which Lightroom shows as white).
    public init?(word: String) {
        self.init(rawValue: word.lowercased())
    }
}

/// What a sidecar says of the judgement: its rating, label, keywords and their hierarchies.
struct Judgement: Equatable, Sendable {
    var rating: Int?
    var label: String?
    var keywords: [String] = []
    var hierarchy: [String] = []

    /// As the metadata reader gave a sidecar's tags.
    init(tags: [MetadataTag]) {
        let metadata = PhotoMetadata(tags: tags)
        rating = metadata.rating
        label = metadata.label
        keywords = PhotoMetadata.items("Xmp.dc.subject", in: tags) ?? []
        hierarchy = PhotoMetadata.items("Xmp.lr.hierarchicalSubject", in: tags) ?? []
    }

    init() {}

    /// `metadata` with the sidecar's judgement over the file's own (a sidecar's rating wins; its
    /// keywords, when it has any).
    func over(_ metadata: PhotoMetadata) -> PhotoMetadata {
        var merged = metadata
        if let rating { merged.rating = rating }
        if let label { merged.label = label }
        if !keywords.isEmpty { merged.keywords = keywords }
        return merged
    }
}
