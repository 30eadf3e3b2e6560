import PhotoDomain
import REPLEngine

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
