import REPLEngine

/// What the scenes of one module share, so that a scene made anew for each navigation (as a view
/// controller would be) does not word, measure and sanitize the same texts again: the presenter's
/// wording of a value, by key, and the view's lines for that wording. A detail of a photo opened
/// again, or shown again after a move, costs a copy. It forgets everything once it holds `limit`
/// values, so it stays small however long a session runs.
@MainActor
final class SharedTexts<Key: Hashable, Element: Equatable> {
    private var wordings: [Key: [Element]] = [:]
    /// Keyed by where a wording's array keeps its elements, which stays put while it is held here.
    private var linesByWording: [UnsafeRawPointer: (wording: [Element], lines: Console.Prepared)] = [:]
    private let limit: Int

    init(limit: Int = 256) {
        self.limit = limit
    }

    /// The wording for `key`: `make`'s the first time, the same array after that.
    func wording(for key: Key, make: () -> [Element]) -> [Element] {
        if let kept = wordings[key] { return kept }
        let wording = make()
        if wordings.count >= limit { wordings.removeAll() }
        wordings[key] = wording
        return wording
    }

    /// Writes the lines of `wording`: `layout` writes them the first time, a copy of its bytes after
    /// that (the same array gives the same lines; an equal one made elsewhere is laid out anew).
    func writeLines(of wording: [Element], on console: Console, layout: () -> Void) {
        let key = wording.isEmpty ? nil : wording.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        if let key, let kept = linesByWording[key], kept.wording == wording {
            console.write(kept.lines)
            return
        }
        guard let lines = console.prepare(layout), let key else { return }
        if linesByWording.count >= limit { linesByWording.removeAll() }
        linesByWording[key] = (wording, lines)
    }
}
