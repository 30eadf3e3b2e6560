import Foundation
import Testing
@testable import PhotoDomain

/// `move`: each photo and its sidecars leave for the folder named, by a rename on one disk and by
/// a flushed, compared copy across disks; never over a file; in one place at every moment; the
/// folder's list and its index follow; `undo` moves them back while they are as they were left.
/// The photos are real JPEGs whose EXIF exiftool wrote.
@Suite(.enabled(if: hasExiftool, "needs exiftool (libimage-exiftool-perl)")) struct PhotoMoveTests {
    let folder: TemporaryFolder
    var root: String { folder.path }
    var shoot: String { root + "/shoot" }

    init() throws {
        folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: root + "/shoot", withIntermediateDirectories: false)
    }

    func photo(_ name: String, taken: String = "2024:06:01 10:00:00") throws {
        let path = shoot + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(TestImage.jpeg(width: 40, height: 30)).write(to: URL(fileURLWithPath: path))
        _ = try exiftool(["-q", "-overwrite_original", "-Make=Canon", "-Model=Canon EOS R5", "-DateTimeOriginal=\(taken)", path])
    }

    func write(_ text: String, _ path: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }
    func names(_ path: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
    func inode(_ path: String) -> UInt64? {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    func listed(_ worker: FolderPhotosWorker) async throws -> [String] {
        try await worker.listing(ListingRequest(order: .name)).photos.map(\.id)
    }

    /// On one disk a move is a rename: the same inode, every sidecar with its photo, the folder
    /// made; the worker knows the photo no more; undo puts each back and removes the folder.
    @Test func onOneDiskAMoveIsARename() async throws {
        try photo("a.jpg")
        try photo("b.jpg")
        try write("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>\n", shoot + "/a.jpg.xmp")
        let worker = FolderPhotosWorker(root: shoot)
        _ = try await listed(worker)
        let before = (bytes(shoot + "/a.jpg"), inode(shoot + "/a.jpg"))
        let plan = try await worker.planMove(of: ["a.jpg"], to: root + "/rejects", suffixing: false, pairs: false)
        #expect(plan.action == .move && plan.makesFolder && plan.photoCount == 1 && plan.sidecarCount == 1)
        #expect(plan.files.allSatisfy { !$0.crossesDisks } && plan.bytesWritten == 0, "a rename writes no byte")
        #expect(names(root).contains("rejects") == false, "planning moves nothing")

        let moved = await worker.move(plan, command: "move rejects --yes")
        #expect(moved.stopped == nil && moved.files.count == 2)
        #expect(names(root + "/rejects") == ["a.jpg", "a.jpg.xmp"] && names(shoot) == ["b.jpg"])
        #expect(bytes(root + "/rejects/a.jpg") == before.0 && inode(root + "/rejects/a.jpg") == before.1)
        #expect(await worker.files(of: ["a.jpg", "b.jpg"]).map(\.photoID) == ["b.jpg"], "a.jpg is no file of the folder now")
        #expect(await worker.movesMade() == 1)

        let undone = try #require(try await worker.undo())
        #expect(undone.movedBack?.count == 2 && undone.command == "move rejects --yes")
        #expect(names(shoot) == ["a.jpg", "a.jpg.xmp", "b.jpg"] && !FileManager.default.fileExists(atPath: root + "/rejects"))
        #expect(bytes(shoot + "/a.jpg") == before.0)
        #expect(await worker.movesMade() == 2, "moving back is a move the list follows")
    }

    /// Across disks (the shoot on the disk, the folder on /dev/shm's tmpfs) a move copies,
    /// flushes, compares and then removes: every byte arrives, the photo leaves; undo copies back.
    @Test func acrossDisksAMoveCopiesComparesThenRemoves() async throws {
        let shm = try TemporaryFolder(under: "/dev/shm")
        var disk = stat(), memory = stat()
        guard stat(shoot, &disk) == 0, stat(shm.path, &memory) == 0, disk.st_dev != memory.st_dev else {
            Issue.record("/dev/shm is on the same file system as \(root) here: no move across disks to test")
            return
        }
        try photo("a.jpg")
        try write("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>\n", shoot + "/a.xmp")
        let worker = FolderPhotosWorker(root: shoot)
        _ = try await listed(worker)
        let original = bytes(shoot + "/a.jpg")
        let plan = try await worker.planMove(of: ["a.jpg"], to: shm.path + "/out", suffixing: false, pairs: false)
        #expect(plan.files.allSatisfy(\.crossesDisks) && plan.bytesWritten == plan.byteCount)
        let moved = await worker.move(plan, command: "move out --yes")
        #expect(moved.stopped == nil)
        #expect(names(shm.path + "/out") == ["a.jpg", "a.xmp"] && names(shoot).isEmpty)
        #expect(bytes(shm.path + "/out/a.jpg") == original)
        #expect(try exiftool(["-s3", "-Model", shm.path + "/out/a.jpg"]).trimmingCharacters(in: .whitespacesAndNewlines) == "Canon EOS R5")
        _ = try #require(try await worker.undo())
        #expect(names(shoot) == ["a.jpg", "a.xmp"] && bytes(shoot + "/a.jpg") == original)
        #expect(!FileManager.default.fileExists(atPath: shm.path + "/out"))
    }

    /// Refused whole, nothing moved: a name taken where it goes (unless --suffix), a photo already
    /// in that folder, a NAME.xmp the pair's other half shares (unless --pairs), a read-only session.
    @Test func refusalsMoveNothing() async throws {
        try photo("a.jpg")
        try photo("p.JPG")
        try Data(TestImage.jpeg(width: 8, height: 8)).write(to: URL(fileURLWithPath: shoot + "/p.CR2"))
        try write("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>\n", shoot + "/p.xmp")
        try FileManager.default.createDirectory(atPath: root + "/out", withIntermediateDirectories: false)
        try write("someone else's", root + "/out/a.jpg")
        let worker = FolderPhotosWorker(root: shoot)
        _ = try await listed(worker)
        func refusal(_ ids: [String], _ to: String, suffixing: Bool = false, pairs: Bool = false) async -> String? {
            do {
                _ = try await worker.planMove(of: ids, to: to, suffixing: suffixing, pairs: pairs)
                return nil
            } catch { return (error as? PhotosWorkerError)?.message }
        }
        #expect(await refusal(["a.jpg"], root + "/out")?.contains("is there already: nothing moved; add --suffix") == true)
        #expect(await refusal(["a.jpg"], shoot)?.contains("a.jpg is in \(shoot) already: nothing moved") == true)
        #expect(await refusal(["p.JPG"], root + "/out")?.contains("p.xmp is the sidecar of a RAW+JPEG pair's other half too") == true)
        #expect(await refusal(["p.JPG", "p.CR2"], root + "/out") == nil, "both halves go: the shared sidecar goes with them")
        #expect(await refusal(["p.JPG"], root + "/out", pairs: true) == nil)
        let suffixed = try await worker.planMove(of: ["a.jpg"], to: root + "/out", suffixing: true, pairs: false)
        #expect(suffixed.files.map(\.target) == [root + "/out/a-1.jpg"])
        #expect(names(shoot) == ["a.jpg", "p.CR2", "p.JPG", "p.xmp"] && bytes(root + "/out/a.jpg") == Data("someone else's".utf8))
        let readOnly = FolderPhotosWorker(root: shoot, readOnly: true)
        _ = try await listed(readOnly)
        await #expect(throws: PhotosWorkerError.self) {
            try await readOnly.planMove(of: ["a.jpg"], to: root + "/x", suffixing: false, pairs: false)
        }
    }

    /// A file put where the photo goes after the plan stops the move there, and is kept; undo
    /// refuses while a moved photo changed, or a file took its old name, and moves nothing.
    @Test func nothingIsEverMovedOverAFile() async throws {
        try photo("a.jpg")
        try photo("b.jpg")
        let worker = FolderPhotosWorker(root: shoot)
        _ = try await listed(worker)
        // A folder made since the plan meant to make it is not moved into.
        let early = try await worker.planMove(of: ["a.jpg"], to: root + "/out", suffixing: false, pairs: false)
        try FileManager.default.createDirectory(atPath: root + "/out", withIntermediateDirectories: false)
        let none = await worker.move(early, command: "move out --yes")
        #expect(none.files.isEmpty && none.stopped == "cannot make \(root)/out: it appeared meanwhile" && names(root + "/out").isEmpty)

        let plan = try await worker.planMove(of: ["a.jpg", "b.jpg"], to: root + "/out", suffixing: false, pairs: false)
        try write("came meanwhile", root + "/out/b.jpg")
        let moved = await worker.move(plan, command: "move out --yes")
        #expect(moved.files.map(\.photoID) == ["a.jpg"] && moved.stopped?.contains("appeared meanwhile") == true)
        #expect(bytes(root + "/out/b.jpg") == Data("came meanwhile".utf8) && names(shoot) == ["b.jpg"])

        try write("a new a.jpg", shoot + "/a.jpg")
        await #expect(throws: PhotosWorkerError.self) { try await worker.undo() }
        #expect(bytes(shoot + "/a.jpg") == Data("a new a.jpg".utf8), "undo put nothing over the new file")
        try FileManager.default.removeItem(atPath: shoot + "/a.jpg")
        let undone = try #require(try await worker.undo())
        #expect(undone.movedBack?.count == 1 && names(shoot) == ["a.jpg", "b.jpg"])
    }

    /// A photo moved within the folder keeps its metadata in the index under its new identity: a
    /// later session lists it by when it was taken with no metadata reader at all.
    @Test func theIndexFollowsAMoveWithinTheFolder() async throws {
        try photo("a.jpg", taken: "2019:01:01 00:00:00")
        try photo("b.jpg", taken: "2024:01:01 00:00:00")
        let cache = try TemporaryFolder()
        let indexPath = cache.path + "/index.sqlite"
        let worker = FolderPhotosWorker(root: shoot, index: PhotoIndex(path: indexPath))
        #expect(try await worker.listing(ListingRequest(order: .taken)).photos.map(\.id) == ["a.jpg", "b.jpg"])
        let plan = try await worker.planMove(of: ["b.jpg"], to: shoot + "/best", suffixing: false, pairs: false)
        #expect(await worker.move(plan, command: "move best --yes").stopped == nil)
        let noReader = MetadataReader(program: nil)
        let later = try await FolderPhotosWorker(root: shoot, index: PhotoIndex(path: indexPath), metadataReader: noReader).listing(
            ListingRequest(order: .taken))
        #expect(later.photos.map(\.id) == ["a.jpg", "best/b.jpg"])
        #expect(later.photos.map { $0.facts?.metadata.taken } == ["2019:01:01 00:00:00", "2024:01:01 00:00:00"])
        #expect(later.notes == ["Found 2 photos in \(shoot)."], "nothing was read again: \(later.notes)")
    }
}
