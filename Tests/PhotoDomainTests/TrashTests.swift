import Foundation
import Testing
@testable import PhotoDomain

/// Where the freedesktop.org Trash specification puts a file's Trash, and the note it writes.
@Suite struct TrashTests {
    /// On the home's disk: `$XDG_DATA_HOME/Trash`, its notes' paths absolute.
    @Test func aFileOnTheHomesDiskGoesToTheHomesTrash() throws {
        let home = try TemporaryFolder()
        try home.write("shoot/a.jpg", [1])
        let trash = try #require(Trash.forFile(at: home.path + "/shoot/a.jpg", home: home.path, dataHome: nil))
        #expect(trash == Trash(base: home.path + "/.local/share/Trash", topdir: nil))
        #expect(
            Trash.forFile(at: home.path + "/shoot/a.jpg", home: home.path, dataHome: "/elsewhere/data")?.base == "/elsewhere/data/Trash")
        let note = trash.infoText(for: "/tmp/a b/é%.jpg", at: 0)
        #expect(note.hasPrefix("[Trash Info]\nPath=/tmp/a%20b/%C3%A9%25.jpg\nDeletionDate="))
        #expect(note.split(separator: "\n").last?.count == "DeletionDate=1970-01-01T00:00:00".count)
    }

    /// On another disk (/dev/shm's tmpfs): its mount point's `.Trash/$UID` when `.Trash` is a sticky
    /// folder, not a link; else `.Trash-$UID`; notes' paths relative to the mount point.
    @Test func aFileOnAnotherDiskGoesToItsMountPointsTrash() throws {
        let home = try TemporaryFolder()
        let shm = try TemporaryFolder(under: "/dev/shm")
        var a = stat(), b = stat()
        guard stat(home.path, &a) == 0, stat(shm.path, &b) == 0, a.st_dev != b.st_dev else {
            Issue.record("/dev/shm is on the disk of /tmp here: no other disk to test")
            return
        }
        try shm.write("a.jpg", [1])
        let trash = try #require(Trash.forFile(at: shm.path + "/a.jpg", home: home.path, dataHome: nil))
        #expect(trash == Trash(base: "/dev/shm/.Trash-\(getuid())", topdir: "/dev/shm"))
        #expect(
            trash.infoText(for: shm.path + "/a.jpg", at: 0).contains("\nPath=" + String(shm.path.dropFirst("/dev/shm/".count)) + "/a.jpg\n")
        )
    }

    /// A shared `$topdir/.Trash` is used only when it is a folder with the sticky bit and not a link
    /// (anyone can make one on a shared disk): else the user's own `$topdir/.Trash-$UID`.
    @Test(arguments: ["none", "sticky", "not sticky", "a link to a sticky folder", "a file"])
    func aSharedTrashIsUsedOnlyWhenStickyAndNoLink(_ kind: String) throws {
        let home = try TemporaryFolder()
        let top = try TemporaryFolder(under: "/dev/shm")
        try top.write("shoot/a.jpg", [1])
        let shared = top.path + "/.Trash"
        switch kind {
        case "sticky", "not sticky":
            let mode: mode_t = kind == "sticky" ? 0o1777 : 0o777
            #expect(mkdir(shared, mode) == 0 && chmod(shared, mode) == 0)
        case "a link to a sticky folder":
            #expect(mkdir(top.path + "/elsewhere", 0o1777) == 0 && chmod(top.path + "/elsewhere", 0o1777) == 0)
            #expect(symlink(top.path + "/elsewhere", shared) == 0)
        case "a file": try top.write(".Trash", [1])
        default: break
        }
        let trash = try #require(
            Trash.forFile(at: top.path + "/shoot/a.jpg", home: home.path, dataHome: nil, mountPoint: { _ in top.path }))
        let expected = kind == "sticky" ? shared + "/\(getuid())" : top.path + "/.Trash-\(getuid())"
        #expect(trash == Trash(base: expected, topdir: top.path))
        #expect(trash.infoText(for: top.path + "/shoot/a.jpg", at: 0).contains("\nPath=shoot/a.jpg\n"))
        // Made for its owner alone, inside the shared folder when that is the one.
        try trash.make()
        var info = stat()
        #expect(lstat(trash.files, &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(lstat(trash.base, &info) == 0 && info.st_mode & 0o777 == 0o700)
    }
}
