import Foundation
import Testing
@testable import PhotoDomain

/// `copy`: every byte of each photo and its sidecars in the folder named, never over a file, and
/// taken back by `undo` only while the copies are as they were made. The photos are real JPEGs
/// whose EXIF exiftool wrote, and exiftool reads the copies.
@Suite(.enabled(if: hasExiftool, "needs exiftool (libimage-exiftool-perl)")) struct PhotoCopyTests {
    let folder: TemporaryFolder
    var root: String { folder.path }
    var shoot: String { root + "/shoot" }

    init() throws {
        folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: root + "/shoot", withIntermediateDirectories: false)
    }

    /// A camera's JPEG at `name` in the shoot, its EXIF written by exiftool.
    func photo(_ name: String, model: String = "Canon EOS R5") throws {
        let path = shoot + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(TestImage.jpeg(width: 40, height: 30)).write(to: URL(fileURLWithPath: path))
        _ = try exiftool(["-q", "-overwrite_original", "-Make=Canon", "-Model=\(model)", path])
    }

    func write(_ text: String, _ path: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }
    func names(_ path: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    /// The worker on the shoot, and its photos' ids by name.
    func listed() async throws -> (FolderPhotosWorker, [String]) {
        let worker = FolderPhotosWorker(root: shoot)
        let photos = try await worker.listing(ListingRequest(order: .name)).photos
        return (worker, photos.map(\.id))
    }

    /// Every photo and every sidecar beside it (darktable's NAME.EXT.xmp, Lightroom's NAME.xmp) is
    /// copied byte for byte into a folder made for them; undo removes the copies and that folder.
    @Test func everyByteAndEverySidecarTravels() async throws {
        try photo("a.jpg")
        try photo("b.jpg", model: "Canon EOS R6")
        try photo("c.jpg")
        try write("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>\n", shoot + "/a.jpg.xmp")
        try write("<x:xmpmeta xmlns:x='adobe:ns:meta/'><!-- Lightroom --></x:xmpmeta>\n", shoot + "/b.xmp")
        let (worker, ids) = try await listed()
        let plan = try await worker.planCopy(of: ids, to: root + "/share", suffixing: false, pairs: false)
        #expect(plan.makesFolder && plan.photoCount == 3 && plan.sidecarCount == 2)
        #expect(
            plan.byteCount == ["a.jpg", "b.jpg", "c.jpg", "a.jpg.xmp", "b.xmp"].reduce(0) { $0 + (bytes(shoot + "/" + $1)?.count ?? 0) })
        #expect(names(root).contains("share") == false, "planning writes nothing")

        let copied = await worker.copy(plan, command: "copy share --yes")
        #expect(copied.stopped == nil && copied.files.count == 5)
        #expect(names(root + "/share") == ["a.jpg", "a.jpg.xmp", "b.jpg", "b.xmp", "c.jpg"])
        for name in names(root + "/share") {
            #expect(bytes(root + "/share/" + name) == bytes(shoot + "/" + name), "\(name)")
            let copy = try FileManager.default.attributesOfItem(atPath: root + "/share/" + name)
            let original = try FileManager.default.attributesOfItem(atPath: shoot + "/" + name)
            #expect(copy[.modificationDate] as? Date == original[.modificationDate] as? Date, "\(name) keeps its time, as cp -p")
        }
        #expect(try exiftool(["-s3", "-Model", root + "/share/b.jpg"]).trimmingCharacters(in: .whitespacesAndNewlines) == "Canon EOS R6")

        let undone = try #require(try await worker.undo())
        #expect(undone.command == "copy share --yes")
        #expect(undone.removedCopies?.count == 5 && undone.removedCopies?.goneAlready == 0)
        #expect(!FileManager.default.fileExists(atPath: root + "/share"), "the folder it made, emptied, is gone")
        #expect(names(shoot) == ["a.jpg", "a.jpg.xmp", "b.jpg", "b.xmp", "c.jpg"], "the originals stay")
        #expect(try await worker.undo() == nil)
    }

    /// A name that is there refuses the whole copy, changing nothing; `--suffix` takes the next free
    /// name for the photo and its sidecar together. Copied onto its own folder, every name clashes.
    @Test func aClashRefusesOrTakesASuffix() async throws {
        try photo("a.jpg")
        try photo("b.jpg")
        try write("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>\n", shoot + "/a.jpg.xmp")
        try FileManager.default.createDirectory(atPath: root + "/share", withIntermediateDirectories: false)
        try write("someone else's", root + "/share/a.jpg")
        try write("and theirs too", root + "/share/a-1.jpg.xmp")
        let (worker, ids) = try await listed()
        await #expect {
            _ = try await worker.planCopy(of: ids, to: root + "/share", suffixing: false, pairs: false)
        } throws: {
            ($0 as? PhotosWorkerError)?.message.hasPrefix("\(root)/share/a.jpg is there already: nothing copied; add --suffix") == true
        }
        await #expect(throws: PhotosWorkerError.self) { _ = try await worker.planCopy(of: ids, to: shoot, suffixing: false, pairs: false) }

        let plan = try await worker.planCopy(of: ids, to: root + "/share", suffixing: true, pairs: false)
        #expect(plan.files.map { ($0.target as NSString).lastPathComponent } == ["a-2.jpg", "a-2.jpg.xmp", "b.jpg"])
        #expect(plan.makesFolder == false)
        #expect(await worker.copy(plan, command: "copy share --yes --suffix").stopped == nil)
        #expect(bytes(root + "/share/a.jpg") == Data("someone else's".utf8))
        #expect(bytes(root + "/share/a-1.jpg.xmp") == Data("and theirs too".utf8))
        #expect(bytes(root + "/share/a-2.jpg") == bytes(shoot + "/a.jpg"))
        _ = try await worker.undo()
        #expect(names(root + "/share") == ["a-1.jpg.xmp", "a.jpg"], "undo removes only the copies; the folder was there")
    }

    /// Two photos of one name in subfolders are refused unless `--suffix`; a RAW+JPEG pair's shared
    /// NAME.xmp travels once.
    @Test func sameNamesAndSharedSidecars() async throws {
        try photo("a.jpg")
        try photo("sub/a.jpg")
        let (worker, ids) = try await listed()
        await #expect {
            _ = try await worker.planCopy(of: ids, to: root + "/share", suffixing: false, pairs: false)
        } throws: { ($0 as? PhotosWorkerError)?.message.hasPrefix("two photos of the same name (a.jpg)") == true }
        let plan = try await worker.planCopy(of: ids, to: root + "/share", suffixing: true, pairs: false)
        #expect(plan.files.map { ($0.target as NSString).lastPathComponent } == ["a.jpg", "a-1.jpg"])

        try FileManager.default.removeItem(atPath: shoot + "/sub")
        try photo("IMG_1.jpg")
        try Data(TestImage.jpeg(width: 40, height: 30)).write(to: URL(fileURLWithPath: shoot + "/IMG_1.png"))
        _ = try exiftool(["-q", "-o", shoot + "/IMG_1.xmp", "-Rating=4", shoot + "/IMG_1.jpg"])
        let (paired, pairIDs) = try await listed()
        let pairPlan = try await paired.planCopy(of: pairIDs, to: root + "/pair", suffixing: false, pairs: false)
        #expect(
            pairPlan.files.map { ($0.target as NSString).lastPathComponent }.sorted() == ["IMG_1.jpg", "IMG_1.png", "IMG_1.xmp", "a.jpg"])
    }

    /// `--pairs`: a RAW+JPEG pair's other half goes with the photo listed, its sidecar with it and
    /// the same suffix, once even when both halves are listed; `IMG_1.2.jpg` is no half of `IMG_1`.
    @Test func aPairTravelsWhole() async throws {
        try photo("IMG_1.JPG")
        try photo("IMG_1.2.jpg")
        try Data(TestImage.jpeg(width: 40, height: 30)).write(to: URL(fileURLWithPath: shoot + "/IMG_1.CR2"))
        try write("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>\n", shoot + "/IMG_1.CR2.xmp")
        let (worker, ids) = try await listed()
        let jpeg = try #require(ids.first { $0 == "IMG_1.JPG" })
        func targets(_ plan: FilePlan) -> [String] { plan.files.map { ($0.target as NSString).lastPathComponent } }
        #expect(targets(try await worker.planCopy(of: [jpeg], to: root + "/share", suffixing: false, pairs: false)) == ["IMG_1.JPG"])
        let paired = try await worker.planCopy(of: [jpeg], to: root + "/share", suffixing: false, pairs: true)
        #expect(targets(paired) == ["IMG_1.JPG", "IMG_1.CR2", "IMG_1.CR2.xmp"])
        #expect(paired.files.map(\.shownSource) == ["IMG_1.JPG", "IMG_1.CR2", "IMG_1.CR2.xmp"] && paired.photoCount == 2)
        let all = try await worker.planCopy(of: ids, to: root + "/share", suffixing: false, pairs: true)
        #expect(targets(all).sorted() == ["IMG_1.2.jpg", "IMG_1.CR2", "IMG_1.CR2.xmp", "IMG_1.JPG"])
        _ = await worker.copy(paired, command: "copy share --yes --pairs")
        let suffixed = try await worker.planCopy(of: [jpeg], to: root + "/share", suffixing: true, pairs: true)
        #expect(targets(suffixed) == ["IMG_1-1.JPG", "IMG_1-1.CR2", "IMG_1-1.CR2.xmp"])
        #expect(bytes(root + "/share/IMG_1.CR2") == bytes(shoot + "/IMG_1.CR2"))
    }

    /// Undo removes nothing when a copy changed since (someone edited it in the folder shared); a
    /// copy removed meanwhile is said, and the others go.
    @Test func undoChecksTheCopiesFirst() async throws {
        try photo("a.jpg")
        try photo("b.jpg")
        let (worker, ids) = try await listed()
        _ = await worker.copy(
            try await worker.planCopy(of: ids, to: root + "/share", suffixing: false, pairs: false), command: "copy share --yes")
        _ = try exiftool(["-q", "-overwrite_original", "-Artist=Someone", root + "/share/b.jpg"])
        let edited = bytes(root + "/share/b.jpg")
        await #expect {
            _ = try await worker.undo()
        } throws: { ($0 as? PhotosWorkerError)?.message.hasPrefix("\(root)/share/b.jpg changed since photorepl copied it") == true }
        #expect(names(root + "/share") == ["a.jpg", "b.jpg"] && bytes(root + "/share/b.jpg") == edited)

        _ = await worker.copy(
            try await worker.planCopy(of: ids, to: root + "/again", suffixing: false, pairs: false), command: "copy again --yes")
        try FileManager.default.removeItem(atPath: root + "/again/a.jpg")
        let undone = try #require(try await worker.undo())
        #expect(undone.removedCopies?.count == 1 && undone.removedCopies?.goneAlready == 1)
        #expect(!FileManager.default.fileExists(atPath: root + "/again"))
    }

    /// Undo takes back the newest change of either kind: a copy after a rating goes first.
    @Test func undoTakesCopiesAndJudgementsNewestFirst() async throws {
        try photo("a.jpg")
        let (worker, ids) = try await listed()
        let photos = try await worker.listing(ListingRequest(order: .name)).photos
        _ = try await worker.judge(photos[0], .rate(5), sharedToo: false)
        _ = await worker.copy(
            try await worker.planCopy(of: ids, to: root + "/share", suffixing: false, pairs: false), command: "copy share --yes")
        #expect(names(root + "/share") == ["a.jpg", "a.jpg.xmp"], "the sidecar just written travels too")
        #expect(try await worker.undo()?.command == "copy share --yes")
        #expect(try await worker.undo()?.command == "rate 5")
        #expect(!FileManager.default.fileExists(atPath: shoot + "/a.jpg.xmp"))
    }

    /// A file that appears under a copy's name after the plan is never written over: the copy stops
    /// there, and what it made stays for undo. A folder (or a link) that appears where the copy was
    /// to make one is never written into.
    @Test func aFileThatAppearsMeanwhileIsNeverReplaced() async throws {
        try photo("a.jpg")
        try photo("b.jpg")
        let (worker, ids) = try await listed()
        let planned = try await worker.planCopy(of: ids, to: root + "/new", suffixing: false, pairs: false)
        try FileManager.default.createSymbolicLink(atPath: root + "/new", withDestinationPath: root + "/elsewhere")
        try FileManager.default.createDirectory(atPath: root + "/elsewhere", withIntermediateDirectories: false)
        let stopped = await worker.copy(planned, command: "copy new --yes")
        #expect(stopped.files.isEmpty && stopped.stopped == "cannot make \(root)/new: it appeared meanwhile")
        #expect(names(root + "/elsewhere").isEmpty)
        #expect(try await worker.undo() == nil, "nothing copied, nothing to undo")

        try FileManager.default.createDirectory(atPath: root + "/share", withIntermediateDirectories: false)
        let plan = try await worker.planCopy(of: ids, to: root + "/share", suffixing: false, pairs: false)
        try write("appeared", root + "/share/b.jpg")
        let copied = await worker.copy(plan, command: "copy share --yes")
        #expect(copied.files.count == 1 && copied.stopped?.contains("appeared meanwhile") == true)
        #expect(bytes(root + "/share/b.jpg") == Data("appeared".utf8))
        #expect(names(root + "/share") == ["a.jpg", "b.jpg"], "no temporary file left")
        _ = try await worker.undo()
        #expect(names(root + "/share") == ["b.jpg"])
    }

    /// What cannot be a folder says so: a file, or a folder whose parent is not there; `share/`
    /// is `share`; a read-only session copies nothing.
    @Test func aFolderThatCannotBeIsSaid() async throws {
        try photo("a.jpg")
        let (worker, ids) = try await listed()
        let slashed = try await worker.planCopy(of: ids, to: root + "/share//", suffixing: false, pairs: false)
        #expect(slashed.makesFolder && slashed.files.map(\.target) == [root + "/share/a.jpg"])
        #expect(slashed.files.map(\.shownTarget) == [root + "/share//a.jpg"], "the folder as typed")
        let readOnly = FolderPhotosWorker(root: shoot, readOnly: true)
        _ = try await readOnly.listing(ListingRequest(order: .name))
        await #expect {
            _ = try await readOnly.planCopy(of: ids, to: root + "/share", suffixing: false, pairs: false)
        } throws: { ($0 as? PhotosWorkerError)?.message.hasPrefix("photorepl is read-only") == true }
        await #expect(throws: PhotosWorkerError.self) {
            _ = try await worker.planCopy(of: ids, to: shoot + "/a.jpg", suffixing: false, pairs: false)
        }
        await #expect(throws: PhotosWorkerError.self) {
            _ = try await worker.planCopy(of: ids, to: root + "/no/such", suffixing: false, pairs: false)
        }
        #expect(names(root) == ["shoot"])
    }
}
