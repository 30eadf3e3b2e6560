import SystemCalls

/// Where a transcript's check (`APP test`) writes what its commands write: a folder of its own, made
/// for one check and removed after it. A replay has no effect outside it: `record x.txt` or `save
/// photo.jpg` in a transcript writes there, under a name made from the path asked, and says what it
/// said when it ran (its messages name the path asked).
package final class ReplayWrites: Sendable {
    /// The folder, made with `mkdtemp` (only its owner may enter it).
    package let folder: String

    /// The folders' names start so, then the process's id: a check that a signal ended leaves its
    /// folder behind, which the next check removes (`removeLeftovers`).
    static let prefix = "repl-replay-"
    /// What the folders were called before 0.2.0: a check that was killed then left one of these.
    static let earlierPrefix = "photorepl-replay-"

    /// The folder a relative path asked for is resolved against: the one the session being checked
    /// ran in (nil: the current one).
    let workingFolder: String?
    /// The only folder a check reads scripts from (`run FILE`): the transcript's, as its cassettes
    /// (nil: any). A planted transcript's `run /proc/self/environ` printed the user's API key.
    let readableFolder: String?

    /// A new, empty folder under `$TMPDIR` (else /tmp); nil when none can be made.
    /// - Parameter workingFolder: the folder the transcript's session ran in (absolute).
    /// - Parameter readableFolder: the transcript's folder, the only one `run FILE` reads in.
    package init?(workingFolder: String? = nil, readableFolder: String? = nil) {
        self.workingFolder = workingFolder
        self.readableFolder = readableFolder.flatMap { folder in
            realpath(folder, nil).map { real in
                defer { free(real) }
                return String(cString: real)
            }
        }
        var template = Array((Self.base + "/" + Self.prefix + "\(getpid())-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
        folder = String(cString: made)
    }

    private static var base: String {
        getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    }

    /// Removes the folders of checks whose process is gone (a signal ended it before it removed its
    /// own), under `$TMPDIR`: only folders, owned by this user, and never through a link (anyone may
    /// plant a folder of that name in a shared /tmp, and swap a folder in it for a link to theirs).
    package static func removeLeftovers() {
        let base = base
        let parent = open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parent >= 0 else { return }
        defer { close(parent) }
        for leftPrefix in [Self.prefix, Self.earlierPrefix] {
            for name in Leftovers.ofDeadProcesses(in: parent, prefix: leftPrefix, type: S_IFDIR) { removeTree(in: parent, name) }
        }
    }

    /// Where a file asked for at `path` is written instead: in the folder, named by the path made
    /// absolute (its characters other than letters, digits, `.`, `-` and `_` as `_`, and a hash of it
    /// so that two paths never share a name), ending with the path's own file name. Where the path
    /// asked could not be written for its folder (none, or a file in its place) or is a folder, the
    /// place is made to fail in the same way, so that the check says what the session said.
    package func place(for path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : (workingFolder ?? Self.currentDirectory()) + "/" + path
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in absolute.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        let name = absolute.split(separator: "/").last.map(String.init) ?? "file"
        let safe = String(
            name.unicodeScalars.prefix(80).map { scalar -> Character in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || ".-_".unicodeScalars.contains(scalar))
                    ? Character(scalar) : "_"
            })
        let hex = String(hash, radix: 16)
        let place = folder + "/" + String(repeating: "0", count: 16 - hex.count) + hex + "-" + safe
        var info = stat()
        let parent = absolute.lastIndex(of: "/").map { String(absolute[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        if stat(parent, &info) != 0 {
            return place + "-no-folder/" + safe  // a folder that is not there: ENOENT
        }
        if (info.st_mode & S_IFMT) != S_IFDIR {
            close(open(place + "-not-a-folder", O_WRONLY | O_CREAT | O_CLOEXEC, 0o600))
            return place + "-not-a-folder/" + safe  // ENOTDIR
        }
        if stat(absolute, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            mkdir(place, 0o700)  // written over, a folder refuses
        }
        return place
    }

    /// Why a check may not read the script at `path` (nil: it may): it lies outside the transcript's
    /// folder, its links followed.
    package func readProblem(_ path: String) -> String? {
        guard let readableFolder else { return nil }
        guard let real = realpath(read(path), nil) else { return nil }  // not there: `run` says so
        defer { free(real) }
        let resolved = String(cString: real)
        if resolved.hasPrefix(readableFolder == "/" ? "/" : readableFolder + "/") { return nil }
        return "a transcript's check reads scripts only in the transcript's folder (\(readableFolder)), as its cassettes"
    }

    /// Where a script named `path` in the session is read in the check: from the folder the
    /// session ran in.
    package func read(_ path: String) -> String {
        path.hasPrefix("/") ? path : (workingFolder ?? Self.currentDirectory()) + "/" + path
    }

    /// Whether the check wrote a file for `path` in its folder (a second `save x.jpg` finds it there).
    package func wrote(_ path: String) -> Bool {
        var info = stat()
        return lstat(place(for: path), &info) == 0
    }

    /// Removes the folder and what the check wrote in it.
    package func remove() {
        let slash = folder.lastIndex(of: "/")!
        let parentPath = folder[..<slash].isEmpty ? "/" : String(folder[..<slash])
        let parent = open(parentPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parent >= 0 else { return }
        defer { close(parent) }
        Self.removeTree(in: parent, Array(String(folder[folder.index(after: slash)...]).utf8CString))
    }

    private static func currentDirectory() -> String {
        guard let cwd = getcwd(nil, 0) else { return "." }
        defer { free(cwd) }
        return String(cString: cwd)
    }

    /// How deep a tree is removed at most (a check writes one level; a planted tree may be deeper).
    static let deepest = 32

    /// Removes `name` in the open folder `parent` and, for a folder, everything in it: each name is
    /// looked at and removed relative to the folder it is in, opened without following links, so a
    /// link swapped in for a folder at any moment is removed itself, never followed.
    /// `name` is the bytes of the name as the folder holds it, NUL-terminated.
    static func removeTree(in parent: Int32, _ name: [CChar], depth: Int = 0) {
        var info = stat()
        guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            unlinkat(parent, name, 0)
            return
        }
        guard depth < deepest else { return }
        // O_NOFOLLOW: a link put there since the look above makes this fail, and it is left alone.
        let folder = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return }
        for entry in Leftovers.names(in: folder) { removeTree(in: folder, entry, depth: depth + 1) }
        close(folder)
        unlinkat(parent, name, AT_REMOVEDIR)
    }
}
