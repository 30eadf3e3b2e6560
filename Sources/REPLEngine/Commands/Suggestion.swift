/// "Did you mean …?" for mistyped commands.
package enum Suggestion {
    /// The candidate closest to `word`, if it is close enough to be a typo (at most 2 edits, and
    /// fewer than half the word's letters).
    package static func closest(to word: String, among candidates: [String]) -> String? {
        let typed = Array(word.lowercased().unicodeScalars)
        guard !typed.isEmpty, typed.count <= 32 else { return nil }
        var best: (name: String, distance: Int)? = nil
        for candidate in candidates {
            let d = distance(typed, Array(candidate.unicodeScalars))
            if d <= 2, d * 2 <= max(typed.count, 2), d < (best?.distance ?? .max) {
                best = (candidate, d)
            }
        }
        return best?.name
    }

    /// Words people type for a command that has another name, by the name they mean (`rm 1` for
    /// `remove 1`): no spelling is near, so the distance alone never suggests them.
    static let synonyms: [String: [String]] = [
        "remove": ["delete", "del", "rm", "erase"],
        "list": ["ls", "dir"],
        "open": ["view"],
        "help": ["?", "man"]
    ]

    /// The command `word` is another people's word for, among `candidates`; nil when it is none.
    package static func synonym(of word: String, among candidates: [String]) -> String? {
        let typed = word.lowercased()
        return candidates.first { synonyms[$0]?.contains(typed) == true }
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
