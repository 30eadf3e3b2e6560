/// What a process that is gone left behind in a shared folder: names that start with a prefix and its
/// process id (`photorepl-kitty-4711-…`), which a signal it could not catch (SIGKILL) kept it from
/// removing. Anyone may plant such a name in a shared /tmp or /dev/shm, so only what this user owns
/// is taken, of the kind asked, looked at and removed relative to the open folder, never through a
/// link.
package enum Leftovers {
    /// The names in the folder open at `parent` that start with `prefix` then the id of a process
    /// that no longer runs (one whose id is another's now is left), owned by this user, of the kind
    /// `type` (`S_IFREG`, `S_IFDIR`; a link is never one): NUL-terminated bytes, as the folder holds
    /// them, for `unlinkat` and `openat`.
    package static func ofDeadProcesses(in parent: Int32, prefix: String, type: mode_t) -> [[CChar]] {
        names(in: parent).filter { name in
            let text = String(decoding: name.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.hasPrefix(prefix), let pid = Int32(text.dropFirst(prefix.count).prefix { $0.isNumber }), pid > 0, pid != getpid(),
                kill(pid, 0) == -1 && errno == ESRCH
            else { return false }
            var info = stat()
            return fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && (info.st_mode & S_IFMT) == type && info.st_uid == getuid()
        }
    }

    /// The names in the open folder `folder` (not `.` and `..`), as its bytes, NUL-terminated (a
    /// name that is no UTF-8 is kept by its bytes too); the descriptor stays open.
    package static func names(in folder: Int32) -> [[CChar]] {
        let copy = dup(folder)
        guard copy >= 0, let dir = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(dir) }
        // The copy shares the folder's read position with `folder`: a second look at the same open
        // folder would start where the first ended, and find nothing.
        rewinddir(dir)
        var names: [[CChar]] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.bindMemory(to: CChar.self).prefix { $0 != 0 }) + [0] }
            if name != [46, 0] && name != [46, 46, 0] { names.append(name) }
        }
        return names
    }
}
