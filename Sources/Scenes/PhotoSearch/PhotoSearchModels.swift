import Imaging
import PhotoDomain
import REPLEngine

/// The search results scene's use cases: Request (View → Interactor), Response (Interactor →
/// Presenter), ViewModel (Presenter → View).
enum PhotoSearch {
    /// The results: when the scene loads (the first page), and on `show`.
    enum Results {
        struct Request: Equatable, Sendable {
            /// A new search typed in the results scene (`search QUERY`): it replaces the results
            /// when it finds some. nil: the query the collection handed over.
            var query: PhotoQuery?

            init(query: PhotoQuery? = nil) {
                self.query = query
            }
        }

        struct Response: Equatable, Sendable {
            var query: PhotoQuery
            var rows: PhotoList.Rows.Response
            /// How many results the source has in all, when it says.
            var total: Int?
            var notes: [String] = []
        }

        struct ViewModel: Equatable, Sendable {
            var notes: [String]
            /// `Found 23 photos for "forest" (landscape) — 10 loaded:`, or that none were.
            var headline: String
            var rows: PhotoList.Rows.ViewModel
        }
    }

    /// A search that found nothing: the scene it was typed in stays as it was.
    enum NoResults {
        struct Response: Equatable, Sendable {
            var query: PhotoQuery
            /// The search whose results stay listed; nil: there are none, and the scene goes back
            /// to the collection it was searched from.
            var kept: PhotoQuery?
        }

        struct ViewModel: Equatable, Sendable {
            var message: String
            /// Whether the scene goes back: it has no results to show.
            var goesBack: Bool
        }
    }

    /// Why the search could not be done; the scene stays, and `show` tries again.
    enum SearchFailure {
        struct Response: Equatable, Sendable {
            var query: PhotoQuery
            var reason: LoadingFailure
        }

        struct ViewModel: Equatable, Sendable {
            var message: String
        }
    }
}

/// `search`'s words: the query, then `--orientation X` and `--color C` anywhere among them
/// (`--orientation=X` too).
enum PhotoQueryParsing {
    /// What Tab completes in a query: its options, and their values.
    static let completion = Argument.Completion.options([
        "--orientation": PhotoQuery.Orientation.allCases.map(\.rawValue), "--color": PhotoQuery.colors
    ])

    static func parse(_ words: Arguments) throws -> PhotoQuery {
        var text: [String] = []
        var orientation: PhotoQuery.Orientation?
        var color: String?
        var index = 0
        func value(of option: String, _ word: String) throws -> String {
            if let equals = word.firstIndex(of: "=") { return String(word[word.index(after: equals)...]) }
            index += 1
            guard index < words.count else {
                throw CommandError(
                    "\(option) needs a value (type e.g. 'search forest \(option) \(option == "--color" ? "green" : "landscape")')")
            }
            return words[index]
        }
        while index < words.count {
            let word = words[index]
            if word == "--orientation" || word.hasPrefix("--orientation=") {
                let given = try value(of: "--orientation", word)
                guard let parsed = PhotoQuery.Orientation(rawValue: given) else {
                    throw CommandError(
                        "--orientation takes landscape, portrait or squarish, not '\(TerminalText.truncate(given, toWidth: 40))'")
                }
                orientation = parsed
            } else if word == "--color" || word.hasPrefix("--color=") {
                let given = try value(of: "--color", word)
                guard PhotoQuery.colors.contains(given) else {
                    throw CommandError(
                        "--color takes \(PhotoQuery.colors.joined(separator: ", ")), not '\(TerminalText.truncate(given, toWidth: 40))'")
                }
                color = given
            } else if word.hasPrefix("--") {
                throw CommandError(
                    "search knows --orientation and --color, not '\(TerminalText.truncate(word, toWidth: 40))' (type e.g. 'search forest --orientation landscape')"
                )
            } else {
                text.append(word)
            }
            index += 1
        }
        let query = text.joined(separator: " ")
        guard !query.allSatisfy(\.isWhitespace) else {
            throw CommandError("search needs words to look for (type e.g. 'search misty forest')")
        }
        guard query.utf8.count <= 200 else {
            throw CommandError("the query is \(query.utf8.count) bytes long: search for at most 200 (a few words)")
        }
        return PhotoQuery(text: query, orientation: orientation, color: color)
    }
}
