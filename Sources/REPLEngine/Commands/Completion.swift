import SystemCalls

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
        var (words, startsNewWord) = Self.typedWords(line)
        let prefix = startsNewWord ? "" : (words.popLast() ?? "")
        let candidates: [String]
        var isFiles = false
        if words.isEmpty {
            candidates = commandNames
        } else if let (command, target) = resolve(words[0]) ?? runBelow(words[0]), let argument = command.argument(at: words.count - 1) {
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
            case .positions:
                let scene = target as? any SceneView
                // Names once a word is begun: `open <Tab>` lists the positions, `open Sto<Tab>` a name.
                candidates = (scene?.positions(for: command.name) ?? []) + (prefix.isEmpty ? [] : scene?.names(for: command.name) ?? [])
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
            return Completion(insertion: Self.escaped(rest) + end, choices: [])
        }
        var common = first
        for match in matches.dropFirst() {
            while !match.hasPrefix(common) { common.removeLast() }
        }
        let shown = isFiles ? matches.map { Self.lastComponent($0) } : matches
        return Completion(insertion: Self.escaped(String(common.dropFirst(prefix.count))), choices: shown)
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

    /// The words typed before the cursor as the tokenizer reads them (a backslash keeps a blank in
    /// its word: `open Été\ 2024`), and whether the cursor starts a new one.
    static func typedWords(_ line: String) -> (words: [String], startsNewWord: Bool) {
        var words: [String] = []
        var word: String?
        var escaping = false
        for ch in line {
            if escaping {
                word = (word ?? "") + String(ch)
                escaping = false
            } else if ch == "\\" {
                escaping = true
                word = word ?? ""
            } else if ch == " " || ch == "\t" {
                if let done = word { words.append(done) }
                word = nil
            } else {
                word = (word ?? "") + String(ch)
            }
        }
        guard let word else { return (words, true) }
        return (words + [word], false)
    }

    /// What Tab inserts is typed as the tokenizer reads it: blanks, quotes and backslashes escaped
    /// (file names and photo names hold them; commands, words and positions never do).
    private static func escaped(_ text: String) -> String {
        var out = ""
        for ch in text {
            if ch == " " || ch == "\t" || ch == "\"" || ch == "'" || ch == "\\" { out.append("\\") }
            out.append(ch)
        }
        return out
    }
}
