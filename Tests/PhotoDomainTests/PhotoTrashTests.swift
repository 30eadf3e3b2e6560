import Foundation
import Testing
@testable import PhotoDomain

/// `trash` at the worker: each file moves into the Trash after its note is written and flushed
/// (the notes made a batch ahead, together); a file that stays, for any reason, keeps no note in
/// the Trash; undo takes every file back out and removes its note.
@Suite struct PhotoTrashTests {
    let folder: TemporaryFolder
    var shoot: String { folder.path + "/shoot" }
    var trash: String { folder.path + "/Trash" }

    init() throws {
        folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: shoot, withIntermediateDirectories: false)
    }

    func names(_ path: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    /// `count` photos, IMG_001.jpg…, and a worker that has listed them, its Trash in the test's folder.
    func shootOf(_ count: Int) async throws -> (FolderPhotosWorker, [String]) {
        let jpeg = Data(TestImage.jpeg(width: 8, height: 8))
        let ids = (1...count).map { "IMG_" + String(1000 + $0).dropFirst() + ".jpg" }
        for id in ids { try jpeg.write(to: URL(fileURLWithPath: shoot + "/" + id)) }
        let trash = self.trash
        let worker = FolderPhotosWorker(root: shoot, writePlace: { _ in trash })
        #expect(try await worker.listing(ListingRequest(order: .name)).photos.count == count)
        return (worker, ids)
    }

    /// More photos than a batch of notes: every one in the Trash with its note, each note naming
    /// where its photo was; undo puts every photo back and leaves the Trash empty.
    @Test func everyPhotoGoesWithItsNoteAndUndoBringsThemBack() async throws {
        let (worker, ids) = try await shootOf(300)
        let plan = try await worker.planTrash(of: ids, pairs: false)
        #expect(plan.files.count == 300 && plan.action == .trash)
        let outcome = await worker.trash(plan, command: "trash --yes")
        #expect(outcome.stopped == nil && outcome.files.count == 300)
        #expect(names(shoot).isEmpty && names(trash + "/files") == ids)
        #expect(names(trash + "/info") == ids.map { $0 + ".trashinfo" })
        let note = try String(contentsOfFile: trash + "/info/IMG_257.jpg.trashinfo", encoding: .utf8)
        #expect(note.hasPrefix("[Trash Info]\nPath=" + Trash.percentEncoded(shoot + "/IMG_257.jpg") + "\nDeletionDate="))

        let undone = try #require(try await worker.undo())
        #expect(undone.movedBack?.count == 300)
        #expect(names(shoot) == ids && names(trash + "/files").isEmpty && names(trash + "/info").isEmpty)
    }

    /// A photo gone after the plan (another program took it), in the second batch of notes: the
    /// trash stops there, saying so; the photos before it are in the Trash with their notes, and
    /// no note is left for it or any photo after it.
    @Test func aPhotoGoneMidwayStopsTheTrashWithNoNoteLeftOver() async throws {
        let (worker, ids) = try await shootOf(200)
        let plan = try await worker.planTrash(of: ids, pairs: false)
        #expect(unlink(shoot + "/IMG_150.jpg") == 0)
        let outcome = await worker.trash(plan, command: "trash --yes")
        #expect(outcome.files.count == 149)
        #expect(outcome.stopped?.contains("IMG_150.jpg") == true, "\(outcome.stopped ?? "not stopped")")
        #expect(names(trash + "/files") == Array(ids[..<149]))
        #expect(names(trash + "/info") == ids[..<149].map { $0 + ".trashinfo" }, "no note without its photo")
        #expect(names(shoot) == Array(ids[150...]))
    }

    /// A note's name taken in the Trash after the plan (another program trashed a file of that
    /// name): that file is never written over; the trash stops before the photo whose note it is.
    @Test func aNoteTakenMeanwhileIsNeverWrittenOver() async throws {
        let (worker, ids) = try await shootOf(20)
        let plan = try await worker.planTrash(of: ids, pairs: false)
        try FileManager.default.createDirectory(atPath: trash + "/info", withIntermediateDirectories: true)
        let theirs = Data("[Trash Info]\nPath=/elsewhere/IMG_007.jpg\nDeletionDate=2020-01-01T00:00:00\n".utf8)
        try theirs.write(to: URL(fileURLWithPath: trash + "/info/IMG_007.jpg.trashinfo"))
        let outcome = await worker.trash(plan, command: "trash --yes")
        #expect(outcome.files.count == 6)
        #expect(outcome.stopped == "IMG_007.jpg.trashinfo appeared in the Trash meanwhile: nothing more trashed")
        #expect(FileManager.default.contents(atPath: trash + "/info/IMG_007.jpg.trashinfo") == theirs)
        #expect(names(trash + "/info").count == 7, "six notes of ours and theirs")
        #expect(names(shoot) == Array(ids[6...]))
    }
}
