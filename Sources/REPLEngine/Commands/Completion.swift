import PhotoreplPlatform

/// What Tab does to the word before the cursor.
package struct Completion: Equatable, Sendable {
    /// Text to insert at the cursor: the rest of the only match and a space, or the prefix all the
    /// matches share.
    package var insertion: String
    /// The matches to list when there is more than one.
    package var choices: [String]

    /// A completion that inserts `insertion` and lists `choices`.
    package init(insertion: String, choices: [String]) {
        self.insertion = insertion
        self.choices = choices
    }

    /// Nothing matched: the line editor beeps.
    package var isEmpty: Bool { insertion.isEmpty && choices.isEmpty }
}

extension Engine {
    /// Completes the last word of `line` (the text before the cursor): a command name of the top scene
    /// or a global one, or the argument the command declares there (words, positions, file names).
    package func complete(_ line: String) -> Completion {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let startsNewWord = line.isEmpty || line.last == " " || line.last == "\t"
        let prefix = startsNewWord ? "" : (words.popLast() ?? "")
        let candidates: [String]
        var isFiles = false
        if words.isEmpty {
            candidates = commandNames
        } else if let (command, target) = resolve(words[0]), let argument = command.argument(at: words.count - 1) {
            switch argument.completion {
            case .none: candidates = []
            case .words(let list): candidates = list
            case .commands: candidates = commandNames
            case .options(let table):
                if words.count >= 2, let values = table[words[words.count - 1]] {
                    candidates = values
                } else {
                    candidates = prefix.hasPrefix("-") ? table.keys.sorted() : []
                }
            case .positions: candidates = (target as? any SceneView)?.positions(for: command.name) ?? []
            case .files:
                candidates = Self.files(matching: prefix)
                isFiles = true
            }
        } else {
            candidates = []
        }
        var seen = Set<String>()
        let matches = candidates.filter { $0.hasPrefix(prefix) && seen.insert($0).inserted }
        guard let first = matches.first else { return Completion(insertion: "", choices: []) }
        if matches.count == 1 {
            let rest = String(first.dropFirst(prefix.count))
            let end = isFiles && first.hasSuffix("/") ? "" : " "
            return Completion(insertion: Self.escaped(rest, isFiles) + end, choices: [])
        }
        var common = first
        for match in matches.dropFirst() {
            while !match.hasPrefix(common) { common.removeLast() }
        }
        let shown = isFiles ? matches.map { Self.lastComponent($0) } : matches
        return Completion(insertion: Self.escaped(String(common.dropFirst(prefix.count)), isFiles), choices: shown)
    }

    /// Paths that start with `prefix`, folders ending in `/`; hidden ones only when asked for.
    static func files(matching prefix: String) -> [String] {
        let slash = prefix.lastIndex(of: "/")
        let folder = slash.map { String(prefix[...$0]) } ?? ""
        let name = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
        guard let dir = opendir(folder.isEmpty ? "." : folder) else { return [] }
        defer { closedir(dir) }
        var found: [String] = []
        while let entry = readdir(dir) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if entryName == "." || entryName == ".." { continue }
            if entryName.hasPrefix(".") && !name.hasPrefix(".") { continue }
            guard entryName.hasPrefix(name) else { continue }
            var info = stat()
            let path = folder + entryName
            let isFolder = stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            found.append(path + (isFolder ? "/" : ""))
        }
        return found.sorted()
    }

    private static func lastComponent(_ path: String) -> String {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        let name = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
        return path.hasSuffix("/") ? name + "/" : name
    }

    /// File names are typed as the tokenizer reads them: blanks, quotes and backslashes escaped.
    private static func escaped(_ text: String, _ isFiles: Bool) -> String {
        guard isFiles else { return text }
        var out = ""
        for ch in text {
            if ch == " " || ch == "\t" || ch == "\"" || ch == "'" || ch == "\\" { out.append("\\") }
            out.append(ch)
        }
        return out
    }
}
