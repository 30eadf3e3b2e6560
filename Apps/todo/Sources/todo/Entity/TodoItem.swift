/// E (Entity): a to-do, the seed's `Todo` (`id`, `title`) with the `done` mark a to-do list needs.
struct TodoItem: Equatable, Sendable {
    /// Given by the store, never reused: it tells a to-do apart from one with the same title.
    let id: Int
    var title: String
    var isDone = false
}

/// What the business rules refuse.
enum TodoError: Error, Equatable {
    /// A to-do needs some text that is not blanks.
    case emptyTitle
}

extension TodoItem {
    /// `title` without the blanks around it; throws when nothing is left.
    static func validTitle(_ title: String) throws(TodoError) -> String {
        var slice = Substring(title)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        guard !slice.isEmpty else { throw .emptyTitle }
        return String(slice)
    }
}
