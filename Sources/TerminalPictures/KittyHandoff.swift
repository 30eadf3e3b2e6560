import CTemporaryFiles
import SystemCalls
import Synchronization

/// How a kitty picture's pixels reach kitty.
package enum KittyMedium: Sendable, Equatable {
    /// Base64 through the pty (`t=d`, zlib-compressed): over ssh, inside tmux, and wherever kitty did
    /// not say it could read the others. A photo is megabytes of text for the pty to carry.
    case direct
    /// A POSIX shared memory object (`t=s`), which kitty maps, reads and unlinks.
    case sharedMemory
    /// A file (`t=t`) in /dev/shm or the temporary folder, which kitty reads and deletes.
    case temporaryFile
}

/// Pixels left outside the pty for a kitty on the same machine to read: a shared memory object or a
/// file, made exclusively (`O_EXCL`, mode 0600) under a name no one can guess, written whole or removed
/// at once. kitty removes each after reading it; what it has not read (a picture it rejected, bytes
/// that never reached it: an opening command's output is dropped, a write to the terminal fails)
/// photorepl removes: a few seconds later, at exit, or when a signal ends the process (the names are
/// in CTemporaryFiles' table from before they exist).
package enum KittyHandoff {
    /// Shared memory names start with this: `ls /dev/shm` says whose they are.
    static let sharedMemoryPrefix = "/photorepl-kitty-"
    /// kitty deletes a `t=t` file after reading it only when its path holds `tty-graphics-protocol`.
    static let filePrefix = "tty-graphics-protocol-photorepl-"
    /// kitty reads a picture as it parses it, milliseconds after it was written: one still there this
    /// long after was not read (rejected, or never sent) and is removed.
    static let unreadAfter = 5_000
    /// At exit, how long photorepl waits for kitty to read what it was just sent (`run` ending on a
    /// picture) before removing what is left.
    static let exitWait = 1_000

    private struct Left {
        let name: String
        let medium: KittyMedium
        let slot: Int32
        let made: Int
    }

    private static let left = Mutex<[Left]>([])
    /// Whether the exit handler is registered (once, after CTemporaryFiles' own: atexit runs the
    /// last registered first, so it waits for kitty before that table removes what is left).
    private static let exitHandlerRegistered = Mutex(false)

    /// Leaves `bytes` for kitty in `medium`: the name (shared memory) or path (file) to send, or nil
    /// when it could not be made or written whole (then nothing is left, and the picture goes through
    /// the pty).
    static func leave(_ bytes: [UInt8], in medium: KittyMedium) -> String? {
        removeUnread(olderThan: unreadAfter)
        guard medium != .direct else { return nil }
        removeLeftoversOnce()
        for _ in 0..<4 {
            let name = medium == .sharedMemory ? sharedMemoryPrefix + uniquePart() : fileFolder() + "/" + filePrefix + uniquePart()
            // Registered before it exists, so that a signal in between cannot leave it behind.
            let slot = medium == .sharedMemory ? temporary_files_remember_shared_memory(name) : temporary_files_remember(name)
            guard slot >= 0 else { return nil }  // the table is full: through the pty, nothing unrecorded left
            registerExitHandler()
            let fd =
                medium == .sharedMemory
                ? shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0o600)
                : open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                let code = errno
                temporary_files_forget(slot)
                if code == EEXIST { continue }  // 64 random bits taken: another name
                return nil
            }
            // write(2), not mmap: a full /dev/shm is then an error here (ENOSPC), not SIGBUS later.
            let written = writeAll(bytes, to: fd)
            LibC.close(fd)
            guard written else {
                remove(name, medium)
                temporary_files_forget(slot)
                return nil
            }
            left.withLock { $0.append(Left(name: name, medium: medium, slot: slot, made: milliseconds())) }
            return name
        }
        return nil
    }

    /// Removes what was left under `name` (kitty has read it or never will), if it is still there.
    static func take(_ name: String) {
        let taken = left.withLock { left -> Left? in
            guard let index = left.firstIndex(where: { $0.name == name }) else { return nil }
            return left.remove(at: index)
        }
        guard let taken else { return }
        remove(taken.name, taken.medium)
        temporary_files_forget(taken.slot)
    }

    /// The names and paths left that kitty has not read yet (or that are not yet removed).
    static var waiting: [String] { left.withLock { $0.map(\.name) } }

    /// Removes what kitty has not read `age` milliseconds after it was left.
    static func removeUnread(olderThan age: Int) {
        let now = milliseconds()
        let old = left.withLock { left -> [Left] in
            let old = left.filter { now - $0.made >= age }
            left.removeAll { now - $0.made >= age }
            return old
        }
        for item in old {
            remove(item.name, item.medium)
            temporary_files_forget(item.slot)
        }
    }

    /// At exit: waits a moment for kitty to read what it was just sent (what it has read is gone),
    /// then removes the rest.
    static func finish() {
        let deadline = milliseconds() + exitWait
        while milliseconds() < deadline, left.withLock({ $0 }).contains(where: { exists($0.name, $0.medium) }) {
            usleep(10_000)
        }
        removeUnread(olderThan: 0)
    }

    /// Whether the leftovers of earlier sessions were looked for.
    private static let leftoversRemoved = Mutex(false)

    /// Removes, the first time pictures are handed over, what sessions that are gone left in /dev/shm
    /// and the temporary folder: a SIGKILL leaves its objects there for good (921,600 bytes each), and
    /// kitty never reads them. Only this user's files, named with a dead process's id.
    private static func removeLeftoversOnce() {
        let first = leftoversRemoved.withLock { removed in
            defer { removed = true }
            return !removed
        }
        guard first else { return }
        removeLeftovers(in: "/dev/shm", prefix: String(sharedMemoryPrefix.dropFirst()))
        removeLeftovers(in: fileFolder(), prefix: filePrefix)
    }

    /// Removes the files named `prefix` + the id of a process that is gone in `folder` (see
    /// `Leftovers`).
    static func removeLeftovers(in folder: String, prefix: String) {
        let parent = LibC.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parent >= 0 else { return }
        defer { LibC.close(parent) }
        for name in Leftovers.ofDeadProcesses(in: parent, prefix: prefix, type: S_IFREG) { unlinkat(parent, name, 0) }
    }

    private static func registerExitHandler() {
        let first = exitHandlerRegistered.withLock { registered in
            defer { registered = true }
            return !registered
        }
        if first { atexit { KittyHandoff.finish() } }
    }

    private static func remove(_ name: String, _ medium: KittyMedium) {
        if medium == .sharedMemory { shm_unlink(name) } else { unlink(name) }
    }

    private static func exists(_ name: String, _ medium: KittyMedium) -> Bool {
        guard medium == .sharedMemory else { return access(name, F_OK) == 0 }
        let fd = shm_open(name, O_RDONLY, 0)
        if fd >= 0 { LibC.close(fd) }
        return fd >= 0
    }

    /// The process and 64 random bits: unique, and not to be guessed by another user who would make
    /// the name first (O_EXCL refuses it then, and another is drawn).
    private static func uniquePart() -> String {
        var random = SystemRandomNumberGenerator()
        let bits = String(random.next() as UInt64, radix: 16)
        return "\(getpid())-" + String(repeating: "0", count: 16 - bits.count) + bits
    }

    /// /dev/shm where there is one (memory, and a folder kitty deletes from), else $TMPDIR or /tmp.
    private static func fileFolder() -> String {
        var status = stat()
        if stat("/dev/shm", &status) == 0, status.st_mode & S_IFMT == S_IFDIR, access("/dev/shm", W_OK) == 0 { return "/dev/shm" }
        if let folder = getenv("TMPDIR").map({ String(cString: $0) }), folder.hasPrefix("/") {
            return folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        }
        return "/tmp"
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { LibC.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n > 0 {
                offset += n
                continue
            }
            if n < 0 && errno == EINTR { continue }
            return false
        }
        return true
    }

    private static func milliseconds() -> Int {
        var clock = timespec()
        clock_gettime(CLOCK_MONOTONIC, &clock)
        return clock.tv_sec * 1000 + clock.tv_nsec / 1_000_000
    }
}
