import SystemCalls

/// Where the commands of a replayed script (`APP run FILE`, `APP < FILE`, `run FILE` at the prompt)
/// may write, and what they may not do: replace a file that is there, or write outside the folders
/// its person named (the current folder, the scripts' own). A script is anyone's text: one planted
/// with `record ~/.bashrc` replaced the shell's start-up file with what followed. What a person types
/// at the prompt is theirs, and is not held by these rules; a transcript's check writes into a
/// folder of its own (`ReplayWrites`), and is not either.
package struct ScriptWrites: Sendable {
    /// The folders written into, their links followed (absolute, without a trailing slash).
    package private(set) var folders: [String] = []

    /// Writes allowed in `folders` (and below them).
    package init(folders: [String]) {
        for folder in folders { allow(folder) }
    }

    /// Allows writes in `folder` too (a script's own folder, as it is run).
    package mutating func allow(_ folder: String) {
        guard let real = Self.resolved(folder), !folders.contains(real) else { return }
        folders.append(real)
    }

    /// Why the script may not write the file at `path`, in words that say what to do instead; nil
    /// when it may (or when the path's folder is not there, which the command reports itself).
    /// - Parameters:
    ///   - folder: where a relative path is from (nil: the current folder); a transcript's check
    ///     gives the folder the session ran in.
    ///   - alsoThere: whether the file is there for the command in another sense (a check's own
    ///     copy of what the session wrote).
    package func problem(writing path: String, from folder: String? = nil, alsoThere: (String) -> Bool = { _ in false }) -> String? {
        let absolute = path.hasPrefix("/") ? path : (folder ?? Self.currentDirectory()) + "/" + path
        let slash = absolute.lastIndex(of: "/")!
        let parent = absolute[..<slash].isEmpty ? "/" : String(absolute[..<slash])
        guard let folder = Self.resolved(parent) else { return nil }
        let shown = TerminalText.truncate(TerminalText.oneLine(path), toWidth: 60)
        guard allows(folder) else {
            return "a replayed script writes only in the current folder and its own, and \(shown) is elsewhere "
                + "(type the command at the prompt to write there)"
        }
        var info = stat()
        if lstat(absolute, &info) == 0 || alsoThere(path) {
            return
                "a replayed script replaces no file, and \(shown) is there (type the command at the prompt to replace it, or give a new name)"
        }
        return nil
    }

    /// Why the script may not write new files into the folder `path` (it, or its parent when it is
    /// to be made, outside the folders allowed, or neither there); nil when it may.
    package func problem(writingInto path: String, from folder: String? = nil) -> String? {
        var named = path
        // `~/share` as the command reads it: the home folder's; `share/` is `share`.
        while named.count > 1 && named.hasSuffix("/") { named.removeLast() }
        if named == "~" || named.hasPrefix("~/"), let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
            named = home + named.dropFirst()
        }
        let absolute = named.hasPrefix("/") ? named : (folder ?? Self.currentDirectory()) + "/" + named
        let slash = absolute.lastIndex(of: "/")!
        let parent = absolute[..<slash].isEmpty ? "/" : String(absolute[..<slash])
        // Neither there: the command finds no folder to write into either, but the rule does not
        // lean on that.
        guard let real = Self.resolved(absolute) ?? Self.resolved(parent) else {
            return "a replayed script writes only into a folder that is there, or one it makes beside others, and "
                + "\(TerminalText.truncate(TerminalText.oneLine(path), toWidth: 60)) is neither (type the command at the prompt)"
        }
        guard allows(real) else {
            return "a replayed script writes only in the current folder and its own, and "
                + "\(TerminalText.truncate(TerminalText.oneLine(path), toWidth: 60)) is elsewhere (type the command at the prompt to write there)"
        }
        return nil
    }

    /// Whether the resolved folder `real` is one of `folders` or below one.
    private func allows(_ real: String) -> Bool {
        folders.contains { real == $0 || real.hasPrefix($0 == "/" ? "/" : $0 + "/") }
    }

    private static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        let text = String(cString: real)
        return text.count > 1 && text.hasSuffix("/") ? String(text.dropLast()) : text
    }

    private static func currentDirectory() -> String {
        guard let cwd = getcwd(nil, 0) else { return "." }
        defer { free(cwd) }
        return String(cString: cwd)
    }
}
