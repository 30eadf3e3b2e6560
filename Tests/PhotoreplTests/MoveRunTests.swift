import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// `move DIR` as scripts run it, killed (SIGKILL, which nothing catches) or interrupted (Ctrl-C's
/// SIGINT) at moments spread over a move of ten 4 MB photos, on one disk and across two (the shoot
/// on /tmp's disk, the folder on /dev/shm's tmpfs): every photo is whole in exactly one place
/// after each — or, across disks, in both with the same bytes while the one it was copied from
/// was not yet removed — and never in neither; no file under a photo's name holds other bytes.
@Suite final class MoveRunTests {
    let shootParent: String
    let targetParent: String
    let photos: [String: Data]

    init() throws {
        shootParent = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-move-\(UUID().uuidString)").path
        targetParent = "/dev/shm/photorepl-move-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: shootParent, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: targetParent, withIntermediateDirectories: true)
        let jpeg = try Data(contentsOf: Binary.packageRoot.appendingPathComponent("Examples/photos/sunset.jpg"))
        var photos: [String: Data] = [:]
        let random = try #require(FileHandle(forReadingAtPath: "/dev/urandom"))
        defer { try? random.close() }
        for index in 1...10 {
            var bytes = jpeg
            bytes.append(random.readData(ofLength: 4 << 20))
            photos[String(format: "IMG_%04d.jpg", index)] = bytes
        }
        self.photos = photos
    }

    deinit {
        try? FileManager.default.removeItem(atPath: shootParent)
        try? FileManager.default.removeItem(atPath: targetParent)
    }

    /// The shoot as it was: every photo in it, nothing moved yet.
    func freshShoot() throws {
        for folder in [shootParent + "/shoot", shootParent + "/out", targetParent + "/out"] {
            try? FileManager.default.removeItem(atPath: folder)
        }
        try FileManager.default.createDirectory(atPath: shootParent + "/shoot", withIntermediateDirectories: false)
        for (name, bytes) in photos { try bytes.write(to: URL(fileURLWithPath: shootParent + "/shoot/" + name)) }
    }

    func names(_ folder: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

    /// A script that moves the whole shoot into `out` in the folder it runs in (`acrossDisks`: on
    /// /dev/shm, where a script may write: it runs there), with `undo` after it.
    func arguments(acrossDisks: Bool) throws -> (arguments: [String], directory: URL) {
        let script = try Binary.script("move out --yes\nundo\nmove out --yes\n", name: "moves-\(UUID().uuidString).txt")
        let directory = acrossDisks ? targetParent : shootParent
        return (
            ["run", "--folder", shootParent + "/shoot", "--browse", "--preview", "none", "--no-cache", script],
            URL(fileURLWithPath: directory)
        )
    }

    @Test func aScriptMovesOnlyWithYesAndUndoMovesBack() throws {
        try freshShoot()
        let script = try Binary.script(
            "move out\nmove out --dry-run\nmove 4\nmove out --yes\nundo\n", name: "move-\(UUID().uuidString).txt")
        let result = try Binary.run(
            ["run", "--keep-going", "--folder", "shoot", "--browse", "--preview", "none", "--no-cache", script],
            directory: URL(fileURLWithPath: shootParent))
        #expect(
            result.stderr.contains(
                "Move 10 photos (42 MB) to out (a new folder) only with --yes here, where no one is asked (type 'move out --yes'"),
            "\(result.stderr)")
        #expect(
            result.stdout.contains("Would move 10 photos (42 MB) to out (a new folder):\n  IMG_0001.jpg → out/IMG_0001.jpg\n"),
            "\(result.stdout)")
        #expect(
            result.stderr.contains(
                "move 4 moves a photo to position 4, in the photo's detail (type 'open N' first); to move photos into a folder named 4, type 'move ./4'"
            ))
        #expect(
            result.stdout.contains("Moved 10 photos (42 MB) to out ('undo' moves them back).\nNo photos are left in this list.\n"),
            "\(result.stdout)")
        #expect(result.stdout.contains("undid 'move out --yes': 10 files moved back from out\n"), "\(result.stdout)")
        #expect(names(shootParent + "/shoot") == photos.keys.sorted() && !FileManager.default.fileExists(atPath: shootParent + "/out"))
    }

    /// A transcript that moves photos, checked by `test`, moves those of a copy of its folder: its
    /// own photos stay, every byte, and no folder the moves made is left.
    @Test func aCheckMovesACopyOfItsFolder() throws {
        let examples = Binary.packageRoot.appendingPathComponent("Examples").path
        let copy = shootParent + "/Examples"
        try FileManager.default.copyItem(atPath: examples, toPath: copy)
        func contents(_ folder: String) -> [String: Data] {
            Dictionary(uniqueKeysWithValues: names(folder).map { ($0, FileManager.default.contents(atPath: folder + "/" + $0) ?? Data()) })
        }
        // A rename changes a file's change time: moved and moved back, a photo would show it.
        func changeTimes(_ folder: String) -> [String: Int] {
            Dictionary(
                uniqueKeysWithValues: names(folder).map { name in
                    var info = stat()
                    return (name, stat(folder + "/" + name, &info) == 0 ? info.st_ctim.tv_sec * 1_000_000_000 + info.st_ctim.tv_nsec : -1)
                })
        }
        let before = contents(copy + "/shoot"), timesBefore = changeTimes(copy + "/shoot")
        #expect(try String(contentsOfFile: copy + "/cull.txt", encoding: .utf8).contains("move rejects --yes"))
        let check = try Binary.run(["test", copy + "/cull.t"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(contents(copy + "/shoot") == before, "the transcript's photos are as they were")
        #expect(changeTimes(copy + "/shoot") == timesBefore, "no photo of the transcript's was moved, even and back")
        #expect(names(copy).filter { ["rejects", "older", "picks"].contains($0) }.isEmpty)
    }

    @Test(arguments: [(SIGKILL, false), (SIGKILL, true), (SIGINT, true)])
    func aSignalAnywhereLeavesEveryPhotoWholeInOnePlace(signal: Int32, acrossDisks: Bool) throws {
        var shoot = stat(), target = stat()
        #expect(stat(shootParent, &shoot) == 0 && stat(targetParent, &target) == 0)
        guard !acrossDisks || shoot.st_dev != target.st_dev else {
            Issue.record("/dev/shm is on the disk of \(shootParent) here: no move across disks to test")
            return
        }
        let out = (acrossDisks ? targetParent : shootParent) + "/out"
        let (arguments, directory) = try self.arguments(acrossDisks: acrossDisks)
        // How long the whole run takes here: the signals are spread over it, from start-up on.
        try freshShoot()
        let started = Date()
        #expect(try Binary.run(arguments, directory: directory).status == 0)
        let whole = Date().timeIntervalSince(started)
        #expect(names(out) == photos.keys.sorted(), "the run moved every photo")
        var movedCounts: Set<Int> = []
        var generator = SystemRandomNumberGenerator()
        let rounds = 12
        for round in 0..<rounds {
            try freshShoot()
            let at = UInt32(whole * 1e6 * Double(round + 1) / Double(rounds + 1))
            try Binary.runSignalled(arguments, directory: directory, within: at...(at + 5_000), signal: signal, using: &generator)
            var moved = 0
            for (name, bytes) in photos {
                let here = FileManager.default.contents(atPath: shootParent + "/shoot/" + name)
                let there = FileManager.default.contents(atPath: out + "/" + name)
                #expect(here != nil || there != nil, "\(name) is somewhere")
                #expect(here == nil || here == bytes, "\(name) is whole in the shoot")
                #expect(there == nil || there == bytes, "\(name) is whole where it went")
                #expect(here == nil || there == nil || acrossDisks, "on one disk \(name) is in one place only")
                if there != nil && here == nil { moved += 1 }
            }
            let strays = (names(shootParent + "/shoot") + names(out)).filter { photos[$0] == nil }
            #expect(
                strays.count <= (signal == SIGKILL && acrossDisks ? 1 : 0), "a hidden temporary file at most, of the copy killed: \(strays)"
            )
            movedCounts.insert(moved)
        }
        #expect(movedCounts.count > 1, "signals came before, during and after moves: \(movedCounts.sorted())")
    }
}
