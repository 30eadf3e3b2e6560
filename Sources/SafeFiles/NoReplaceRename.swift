import CTemporaryFiles
import SystemCalls

/// A rename that never replaces a file: what `move` and its undo put a photo in place with.
public enum NoReplaceRename {
    /// Renames `from` to `to` on one file system, unless a file (or a link, or a folder) is at `to`:
    /// `renameat2(RENAME_NOREPLACE)`, one step. Where the file system has no such rename, a hard
    /// link then the old name's removal (the file is under both names in between, never under
    /// neither); where it has neither, a check then a rename. Returns 0, or the errno: `EEXIST`
    /// when `to` is taken, `EXDEV` when the two are on different file systems.
    public static func renaming(_ from: String, to: String) -> Int32 {
        if temporary_files_rename_noreplace(from, to) == 0 { return 0 }
        let failure = errno
        guard failure == EINVAL || failure == ENOSYS else { return failure }
        if link(from, to) == 0 {
            return unlink(from) == 0 ? 0 : errno
        }
        let linking = errno
        guard linking == EPERM || linking == EOPNOTSUPP || linking == ENOSYS else { return linking }
        var info = stat()
        if lstat(to, &info) == 0 { return EEXIST }
        return rename(from, to) == 0 ? 0 : errno
    }
}
