import Foundation
import Testing
@testable import PhotoDomain

/// `rename PATTERN`: its fields, and the rename itself on real JPEGs whose EXIF exiftool wrote.
@Suite(.enabled(if: hasExiftool, "needs exiftool (libimage-exiftool-perl)")) struct RenameTests {
    let folder: TemporaryFolder
    var shoot: String { folder.path + "/shoot" }

    init() throws {
        folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: shoot, withIntermediateDirectories: false)
    }

    func photo(_ name: String, taken: String?, model: String = "Canon EOS R5") throws {
        let path = shoot + "/" + name
        try Data(TestImage.jpeg(width: 20, height: 20)).write(to: URL(fileURLWithPath: path))
        _ = try exiftool(
            ["-q", "-overwrite_original", "-Make=Canon", "-Model=\(model)"] + (taken.map { ["-DateTimeOriginal=\($0)"] } ?? []) + [path])
    }

    func names(_ path: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    @Test func thePatternsFields() throws {
        var metadata = PhotoMetadata()
        metadata.taken = "2024:06:01 10:20:30"
        metadata.make = "Canon"
        metadata.model = "Canon EOS R5"
        metadata.rating = 4
        func name(_ pattern: String, _ file: String = "IMG_1.CR2", number: Int = 7) throws -> String? {
            try? RenamePattern(pattern).name(fileName: file, metadata: metadata, number: number).get()
        }
        #expect(try name("{taken:%Y-%m-%d}_{n:03}") == "2024-06-01_007.CR2", "the extension kept when the pattern has none")
        #expect(try name("{taken:%Y}/{taken:%m}/{name}.{ext}") == "2024/06/IMG_1.CR2")
        #expect(try name("{taken:%Y/%m}-{camera}-{rating}") == "2024_06-Canon EOS R5-4.CR2", "a / in a value is _")
        #expect(try name("{{{n}}}") == "{7}.CR2")
        #expect(try name("{taken:%A %j}") == "Saturday 153.CR2")
        var none = PhotoMetadata()
        none.taken = nil
        #expect(try RenamePattern("{taken}").name(fileName: "a.jpg", metadata: none, number: 1) == .failure(.field("taken")))
        for bad in ["{bogus}", "{n:x}", "{name", "a}b", ""] {
            #expect(throws: PhotosWorkerError.self, "\(bad)") { try RenamePattern(bad) }
        }
    }

    /// Renamed with its sidecar, into the folders the pattern names; refused whole when a photo
    /// lacks a field, when two would take one name, when a name is taken or cannot be; undo
    /// renames back and removes the folders it made.
    @Test func aRenameIsWholeOrNothing() async throws {
        try photo("a.jpg", taken: "2024:06:01 10:00:00")
        try photo("b.jpg", taken: "2023:01:02 03:04:05")
        try photo("c.jpg", taken: nil)
        try Data("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>\n".utf8).write(to: URL(fileURLWithPath: shoot + "/a.jpg.xmp"))
        let worker = FolderPhotosWorker(root: shoot)
        _ = try await worker.listing(ListingRequest(order: .name))
        func refusal(_ ids: [String], _ pattern: String) async -> String? {
            do {
                _ = try await worker.planRename(of: ids, pattern: pattern)
                return nil
            } catch { return (error as? PhotosWorkerError)?.message }
        }
        #expect(await refusal(["a.jpg", "c.jpg"], "{taken:%Y}")?.hasPrefix("c.jpg has no taken for {taken}: nothing renamed") == true)
        #expect(await refusal(["a.jpg", "b.jpg"], "same")?.hasPrefix("two photos would take one name") == true)
        #expect(await refusal(["a.jpg"], "b")?.hasPrefix("b.jpg is there already") == true)
        #expect(await refusal(["a.jpg"], "../out")?.contains("no name a folder can hold") == true)
        #expect(await refusal(["a.jpg"], String(repeating: "x", count: 300))?.contains("over 255 bytes") == true)
        #expect(await refusal(["a.jpg"], "{name}.{ext}.xmp")?.hasPrefix("a.jpg.xmp is there already") == true, "never onto its own sidecar")
        #expect(names(shoot) == ["a.jpg", "a.jpg.xmp", "b.jpg", "c.jpg"], "refusals rename nothing")

        let plan = try await worker.planRename(of: ["a.jpg", "b.jpg"], pattern: "{taken:%Y}/{taken:%m-%d}_{n:02}")
        #expect(await worker.rename(plan, command: "rename … --yes").stopped == nil)
        #expect(names(shoot) == ["2023", "2024", "c.jpg"])
        #expect(names(shoot + "/2024") == ["06-01_01.jpg", "06-01_01.jpg.xmp"] && names(shoot + "/2023") == ["01-02_02.jpg"])
        #expect(await worker.files(of: ["2024/06-01_01.jpg"]).count == 1, "known by its new name")
        let undone = try #require(try await worker.undo())
        #expect(undone.movedBack?.count == 3 && undone.movedBack?.folder == "")
        #expect(names(shoot) == ["a.jpg", "a.jpg.xmp", "b.jpg", "c.jpg"], "renamed back, the folders made gone")
    }

    /// With --suffix, a name taken (by a file there, or by another photo's new name) gets the first
    /// free -1, -2, … after the new stem, its sidecar with it; a stem is its last part's, so a
    /// folder's dot is no extension.
    @Test func suffixGivesTakenNamesTheFirstFreeNumber() async throws {
        try photo("a.jpg", taken: "2024:06:01 10:00:00")
        try photo("b.jpg", taken: "2024:06:01 11:00:00")
        try photo("c.jpg", taken: "2024:06:01 12:00:00")
        try Data("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>\n".utf8).write(to: URL(fileURLWithPath: shoot + "/b.jpg.xmp"))
        try Data([1]).write(to: URL(fileURLWithPath: shoot + "/2024-06-01.jpg"))
        let worker = FolderPhotosWorker(root: shoot)
        _ = try await worker.listing(ListingRequest(order: .name))
        do {
            _ = try await worker.planRename(of: ["a.jpg"], pattern: "{taken:%Y-%m-%d}")
            Issue.record("a name taken is refused without --suffix")
        } catch {
            #expect((error as? PhotosWorkerError)?.message.hasSuffix("(--suffix gives a taken name -1, -2, …)") == true)
        }
        let plan = try await worker.planRename(of: ["a.jpg", "b.jpg", "c.jpg"], pattern: "{taken:%Y-%m-%d}", suffixing: true)
        #expect(plan.files.map(\.shownTarget) == ["2024-06-01-1.jpg", "2024-06-01-2.jpg", "2024-06-01-2.jpg.xmp", "2024-06-01-3.jpg"])
        #expect(await worker.rename(plan, command: "rename {taken:%Y-%m-%d} --suffix --yes").stopped == nil)
        #expect(names(shoot) == ["2024-06-01-1.jpg", "2024-06-01-2.jpg", "2024-06-01-2.jpg.xmp", "2024-06-01-3.jpg", "2024-06-01.jpg"])
        #expect(FileManager.default.contents(atPath: shoot + "/2024-06-01.jpg") == Data([1]), "the file there is never touched")

        let folders = try await worker.planRename(
            of: ["2024-06-01-1.jpg", "2024-06-01-2.jpg"], pattern: "v1.0/shot", suffixing: true)
        #expect(folders.files.map(\.shownTarget) == ["v1.0/shot.jpg", "v1.0/shot-1.jpg", "v1.0/shot-1.jpg.xmp"])

        // A NAME.xmp follows the stem of the new name's last part (the folder's dot is none), and
        // the suffix finds a free name for both (before, the sidecar's name never changed: no end).
        try photo("d.jpg", taken: "2024:06:01 13:00:00")
        try Data("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>\n".utf8).write(to: URL(fileURLWithPath: shoot + "/d.xmp"))
        _ = try await worker.listing(ListingRequest(order: .name))
        let plain = try await worker.planRename(of: ["d.jpg"], pattern: "v1.0/{name}_{ext}")
        #expect(plain.files.map(\.shownTarget) == ["v1.0/d_jpg", "v1.0/d_jpg.xmp"])
        try FileManager.default.createDirectory(atPath: shoot + "/v1.0", withIntermediateDirectories: false)
        try Data([2]).write(to: URL(fileURLWithPath: shoot + "/v1.0/d_jpg.xmp"))
        let suffixed = try await worker.planRename(of: ["d.jpg"], pattern: "v1.0/{name}_{ext}", suffixing: true)
        #expect(suffixed.files.map(\.shownTarget) == ["v1.0/d_jpg-1", "v1.0/d_jpg-1.xmp"])
    }
}
