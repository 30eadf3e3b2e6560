import Foundation
import Testing
@testable import PhotoDomain

/// Judgements kept in XMP sidecars, checked with exiftool on the other side: where the sidecar is,
/// what is written, what is kept of other programs' properties, undo byte for byte, and refusals
/// that leave every file as it was.
@Suite(.enabled(if: hasExiftool, "needs exiftool (libimage-exiftool-perl)")) struct SidecarTests {
    let folder: TemporaryFolder
    var root: String { folder.path }

    init() throws {
        folder = try TemporaryFolder()
    }

    /// A camera's JPEG at `name`, its EXIF written by exiftool.
    func photo(_ name: String) throws {
        let path = root + "/" + name
        try Data(TestImage.jpeg(width: 40, height: 30)).write(to: URL(fileURLWithPath: path))
        _ = try exiftool(["-q", "-overwrite_original", "-Make=Canon", "-Model=Canon EOS R5", path])
    }

    func bytes(_ name: String) -> Data? { FileManager.default.contents(atPath: root + "/" + name) }

    /// The worker, and its photo named `name` as a listing gives it.
    func listed(_ name: String, readOnly: Bool = false) async throws -> (FolderPhotosWorker, Photo) {
        let worker = FolderPhotosWorker(root: root, readOnly: readOnly)
        let photos = try await worker.listing(ListingRequest(order: .taken)).photos
        return (worker, try #require(photos.first { $0.id == name }))
    }

    /// exiftool's reading of one tag of a file (empty when it is not there).
    func tag(_ tag: String, of name: String) throws -> String {
        try exiftool(["-s3", "-sep", ";", "-" + tag, root + "/" + name]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A list by name opens no file, but keeps what the session read of a photo: one opened and
    /// rated in the detail shows its rating when the list is made again (`filter clear`), the
    /// others none until a sort or filter reads them.
    @Test func aListByNameKeepsTheJudgementsOfThisSession() async throws {
        try photo("a.jpg")
        try photo("b.jpg")
        let worker = FolderPhotosWorker(root: root)
        let photos = try await worker.listing(ListingRequest(order: .name)).photos
        let a = await worker.described(try #require(photos.first { $0.id == "a.jpg" }))
        _ = try await worker.judge(a, .rate(4), sharedToo: false)
        let again = try await worker.listing(ListingRequest(order: .name)).photos
        #expect(again.map(\.id) == ["a.jpg", "b.jpg"])
        #expect(again.map { $0.facts?.metadata.rating } == [4, nil])
        // Another file put under its name is not the photo rated: nothing of it is kept.
        #expect(rename(root + "/a.jpg", root + "/rated.jpg") == 0)
        try Data(TestImage.jpeg(width: 60, height: 30)).write(to: URL(fileURLWithPath: root + "/a.jpg"))
        let replaced = try await worker.listing(ListingRequest(order: .name)).photos
        #expect(replaced.map(\.id) == ["a.jpg", "b.jpg", "rated.jpg"])
        #expect(replaced.map { $0.facts?.metadata.rating } == [nil, nil, nil])
        #expect(await worker.described(replaced[0]).width == 60, "the new file described, not the old one")
        // A new session knows nothing of it until it reads the sidecars.
        let fresh = try await FolderPhotosWorker(root: root).listing(ListingRequest(order: .name)).photos
        #expect(fresh.map { $0.facts?.metadata.rating } == [nil, nil, nil])
    }

    /// A new sidecar is `NAME.EXT.xmp`, as darktable and digiKam name it, and exiftool reads what
    /// was written as XMP:Rating, XMP:Label, XMP:Subject and XMP:HierarchicalSubject.
    @Test func whatIsWrittenExiftoolReads() async throws {
        try photo("IMG_0001.jpg")
        let photoBefore = bytes("IMG_0001.jpg")
        let (worker, photo) = try await listed("IMG_0001.jpg")
        let rated = try await worker.judge(photo, .rate(4), sharedToo: false)
        #expect(rated.sidecar == "IMG_0001.jpg.xmp" && rated.created && rated.changed)
        #expect(rated.photo.facts?.metadata.rating == 4)
        _ = try await worker.judge(photo, .label(.red), sharedToo: false)
        _ = try await worker.judge(photo, .addKeywords(["beach", "sea, salt", "places|Crimea|Sudak"]), sharedToo: false)
        #expect(try tag("XMP:Rating", of: "IMG_0001.jpg.xmp") == "4")
        #expect(try tag("XMP:Label", of: "IMG_0001.jpg.xmp") == "Red")
        #expect(try tag("XMP:Subject", of: "IMG_0001.jpg.xmp") == "beach;sea, salt;places;Crimea;Sudak")
        #expect(try tag("XMP:HierarchicalSubject", of: "IMG_0001.jpg.xmp") == "places|Crimea|Sudak")
        _ = try await worker.judge(photo, .removeKeywords(["places|Crimea|Sudak", "beach"]), sharedToo: false)
        #expect(try tag("XMP:Subject", of: "IMG_0001.jpg.xmp") == "sea, salt;places;Crimea")
        #expect(try tag("XMP:HierarchicalSubject", of: "IMG_0001.jpg.xmp") == "")
        _ = try await worker.judge(photo, .reject, sharedToo: false)
        #expect(try tag("XMP:Rating", of: "IMG_0001.jpg.xmp") == "-1")
        // The photo itself is never written.
        #expect(bytes("IMG_0001.jpg") == photoBefore)
        // Listed again, the sidecar's judgement is the photo's.
        let again = try await FolderPhotosWorker(root: root).listing(ListingRequest(order: .taken)).photos
        #expect(again.first?.facts?.metadata.rating == -1 && again.first?.facts?.metadata.label == "Red")
        #expect(again.first?.facts?.metadata.keywords == ["sea, salt", "places", "Crimea"])
    }

    /// Sidecars as darktable (its editing history, an empty mask history, another program's
    /// namespace) and digiKam (its tags, colour label, face regions) write them, committed in
    /// Tests/Fixtures/sidecars: after photorepl rates, labels and tags the photo, exiftool's reading
    /// of the sidecar differs in the properties set only.
    @Test(arguments: [("darktable", 1), ("digikam", 3)])
    func everyOtherPropertyIsKept(program: String, rating: Int) async throws {
        try photo("IMG_0002.jpg")
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/sidecars/\(program).xmp")
        try FileManager.default.copyItem(atPath: fixture.path, toPath: root + "/IMG_0002.jpg.xmp")
        let before = try properties("IMG_0002.jpg.xmp")
        let (worker, photo) = try await listed("IMG_0002.jpg")
        #expect(photo.facts?.metadata.rating == rating, "the sidecar's rating is read")
        _ = try await worker.judge(photo, .rate(5), sharedToo: false)
        _ = try await worker.judge(photo, .label(.green), sharedToo: false)
        _ = try await worker.judge(photo, .addKeywords(["kept"]), sharedToo: false)
        var after = try properties("IMG_0002.jpg.xmp")
        #expect(after.removeValue(forKey: "XMP-xmp:Rating") as? Int == 5)
        #expect(after.removeValue(forKey: "XMP-xmp:Label") as? String == "Green")
        let subject = after.removeValue(forKey: "XMP-dc:Subject")
        let oldSubject = (before["XMP-dc:Subject"] as? [String]) ?? []
        #expect((subject as? [String] ?? [subject as? String].compactMap { $0 }) == oldSubject + ["kept"])
        var expected = before
        for changed in ["XMP-xmp:Rating", "XMP-xmp:Label", "XMP-dc:Subject"] { expected.removeValue(forKey: changed) }
        #expect(NSDictionary(dictionary: after).isEqual(to: expected), "\(after) against \(expected)")
        #expect(expected.count >= 6, "the fixture's other properties are there to keep")
        if program == "darktable" {
            #expect(before["XMP-darktable:History"] != nil && before["XMP-acme:Secret"] as? String == "kept")
            // The empty mask history stays in the file (exiftool drops an empty rdf:Seq when it reads).
            #expect(String(decoding: bytes("IMG_0002.jpg.xmp") ?? Data(), as: UTF8.self).contains("<darktable:masks_history>"))
        } else {
            #expect(before["XMP-mwg-rs:RegionInfo"] != nil && before["XMP-digiKam:TagsList"] != nil)
        }
    }

    /// exiftool's reading of a sidecar's XMP, by group and name, without the file's own facts
    /// (name, size, times) and the XMP toolkit's name (each writer puts its own).
    func properties(_ name: String) throws -> [String: Any] {
        let json = try exiftool(["-j", "-G1", "-struct", root + "/" + name])
        let all = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]).first ?? [:]
        return all.filter { $0.key.hasPrefix("XMP-") && $0.key != "XMP-x:XMPToolkit" }
    }

    /// A new sidecar keeps the keywords the file holds: tagging a photo never hides its own.
    @Test func aNewSidecarKeepsTheFilesKeywords() async throws {
        try photo("IMG_0010.jpg")
        _ = try exiftool(["-q", "-overwrite_original", "-XMP:Subject=street", "-XMP:Subject=night", root + "/IMG_0010.jpg"])
        let (worker, photo) = try await listed("IMG_0010.jpg")
        #expect(photo.facts?.metadata.keywords == ["street", "night"])
        let judged = try await worker.judge(photo, .addKeywords(["rain"]), sharedToo: false)
        #expect(judged.photo.facts?.metadata.keywords == ["street", "night", "rain"])
        #expect(try tag("XMP:Subject", of: "IMG_0010.jpg.xmp") == "street;night;rain")
    }

    /// A sidecar a rating made holds no keywords: the first keyword added to it starts from the
    /// file's too, for a photo listed by name only (its metadata never read) as well.
    @Test func keywordsAddedAfterARatingKeepTheFilesKeywords() async throws {
        try photo("IMG_0011.jpg")
        _ = try exiftool(["-q", "-overwrite_original", "-XMP:Subject=street", "-XMP:Subject=night", root + "/IMG_0011.jpg"])
        let worker = FolderPhotosWorker(root: root)
        let byName = try #require(try await worker.listing(ListingRequest(order: .name)).photos.first { $0.id == "IMG_0011.jpg" })
        #expect(byName.facts?.metadataRead != true, "listed by name, its metadata unread")
        let rated = try await worker.judge(byName, .rate(4), sharedToo: false)
        #expect(try tag("XMP:Subject", of: "IMG_0011.jpg.xmp") == "")
        var unread = rated.photo
        unread.facts?.metadata.keywords = []
        unread.facts?.metadataRead = false
        let judged = try await worker.judge(unread, .addKeywords(["rain"]), sharedToo: false)
        #expect(judged.photo.facts?.metadata.keywords == ["street", "night", "rain"])
        #expect(try tag("XMP:Subject", of: "IMG_0011.jpg.xmp") == "street;night;rain")
        #expect(try tag("XMP:Rating", of: "IMG_0011.jpg.xmp") == "4")
    }

    /// Lightroom's `NAME.xmp` is found and written in place; `NAME.EXT.xmp` wins when both exist.
    @Test func lightroomsSidecarIsFoundAndNAMEEXTWins() async throws {
        try photo("IMG_0003.jpg")
        try Data(Self.lightroom.utf8).write(to: URL(fileURLWithPath: root + "/IMG_0003.xmp"))
        var (worker, photo) = try await listed("IMG_0003.jpg")
        #expect(photo.facts?.metadata.rating == 2)
        let judged = try await worker.judge(photo, .rate(3), sharedToo: false)
        #expect(judged.sidecar == "IMG_0003.xmp" && !judged.created)
        #expect(try tag("XMP:Rating", of: "IMG_0003.xmp") == "3")
        #expect(try tag("XMP:CreatorTool", of: "IMG_0003.xmp") == "Adobe Photoshop Lightroom Classic 12.0")
        #expect(bytes("IMG_0003.jpg.xmp") == nil)

        try Data(Self.lightroom.utf8).write(to: URL(fileURLWithPath: root + "/IMG_0003.jpg.xmp"))
        (worker, photo) = try await listed("IMG_0003.jpg")
        let lightroomBefore = bytes("IMG_0003.xmp")
        #expect(try await worker.judge(photo, .rate(5), sharedToo: false).sidecar == "IMG_0003.jpg.xmp")
        #expect(bytes("IMG_0003.xmp") == lightroomBefore)
    }

    /// A `NAME.xmp` a RAW+JPEG pair shares is written only when asked to change both.
    @Test func aSharedSidecarIsWrittenOnlyForBoth() async throws {
        try photo("IMG_0004.jpg")
        try Data(TestImage.png(width: 4, height: 4)).write(to: URL(fileURLWithPath: root + "/IMG_0004.png"))
        try Data(Self.lightroom.utf8).write(to: URL(fileURLWithPath: root + "/IMG_0004.xmp"))
        let before = bytes("IMG_0004.xmp")
        let (worker, photo) = try await listed("IMG_0004.jpg")
        await #expect(throws: PhotosWorkerError.self) { _ = try await worker.judge(photo, .rate(4), sharedToo: false) }
        do {
            _ = try await worker.judge(photo, .rate(4), sharedToo: false)
        } catch let failure as PhotosWorkerError {
            #expect(
                failure.message.contains("IMG_0004.xmp is the sidecar of IMG_0004.png too") && failure.message.contains("rate 4 --both"))
        }
        #expect(bytes("IMG_0004.xmp") == before)
        _ = try await worker.judge(photo, .rate(4), sharedToo: true)
        #expect(try tag("XMP:Rating", of: "IMG_0004.xmp") == "4")
    }

    /// Undo puts each sidecar back byte for byte, newest first; one photorepl made is removed;
    /// with nothing left it says so (nil).
    @Test func undoPutsBackEveryByte() async throws {
        try photo("IMG_0005.jpg")
        try photo("IMG_0006.jpg")
        try Data(Self.lightroom.utf8).write(to: URL(fileURLWithPath: root + "/IMG_0006.jpg.xmp"))
        let original = bytes("IMG_0006.jpg.xmp")
        let (worker, _) = try await listed("IMG_0005.jpg")
        let photos = try await worker.listing(ListingRequest(order: .name)).photos
        _ = try await worker.judge(photos[0], .rate(4), sharedToo: false)
        let afterFirst = bytes("IMG_0005.jpg.xmp")
        _ = try await worker.judge(photos[0], .label(.blue), sharedToo: false)
        _ = try await worker.judge(photos[1], .reject, sharedToo: false)
        #expect(bytes("IMG_0006.jpg.xmp") != original)

        #expect(try await worker.undo()?.command == "reject")
        #expect(bytes("IMG_0006.jpg.xmp") == original)
        #expect(try await worker.undo()?.command == "label blue")
        #expect(bytes("IMG_0005.jpg.xmp") == afterFirst)
        let made = try await worker.undo()
        #expect(made?.removed == true && bytes("IMG_0005.jpg.xmp") == nil)
        #expect(try await worker.undo() == nil)
    }

    /// The undo history keeps the last changes only (here 3, to keep the test short): the older
    /// ones are let go, and `undo` says so on reaching them, changing nothing.
    @Test func undoKeepsTheLastChangesAndSaysSoPastThem() async throws {
        try photo("IMG_0015.jpg")
        let (worker, photo) = try await listed("IMG_0015.jpg")
        await worker.limitUndo(changes: 3)
        for stars in 1...5 { _ = try await worker.judge(photo, .rate(stars), sharedToo: false) }
        for stars in [4, 3, 2] {
            #expect(try await worker.undo()?.command == "rate \(stars + 1)")
            #expect(try tag("XMP:Rating", of: "IMG_0015.jpg.xmp") == String(stars))
        }
        let kept = bytes("IMG_0015.jpg.xmp")
        do {
            _ = try await worker.undo()
            Issue.record("undo went past the changes it keeps")
        } catch let failure as PhotosWorkerError {
            #expect(failure.message.hasPrefix("nothing more to undo: photorepl keeps a session's last 3 changes"))
        }
        #expect(bytes("IMG_0015.jpg.xmp") == kept)
        var history = UndoHistory()
        history.byteLimit = 10
        let sidecar = XMPSidecar(path: [], name: [], shownName: "x", bytes: [UInt8](repeating: 0, count: 8), version: nil, sharedWith: nil)
        for _ in 0..<3 { history.append(.sidecar(SidecarChange(photoID: "x", command: "rate 1", before: sidecar, after: sidecar))) }
        #expect(history.changes.count == 1 && history.forgotSome, "the newest is kept, whatever its size")
    }

    /// A sidecar another program wrote after photorepl: undo refuses rather than lose that change;
    /// a judgement made after another program's write keeps it (read again, merged).
    @Test func anotherProgramsChangeIsNeverLost() async throws {
        try photo("IMG_0007.jpg")
        let (worker, photo) = try await listed("IMG_0007.jpg")
        _ = try await worker.judge(photo, .rate(2), sharedToo: false)
        _ = try exiftool(["-q", "-overwrite_original", "-XMP-dc:Title=From another program", root + "/IMG_0007.jpg.xmp"])
        _ = try await worker.judge(photo, .label(.yellow), sharedToo: false)
        #expect(try tag("XMP:Title", of: "IMG_0007.jpg.xmp") == "From another program")
        #expect(try tag("XMP:Label", of: "IMG_0007.jpg.xmp") == "Yellow")
        _ = try exiftool(["-q", "-overwrite_original", "-XMP-dc:Title=Changed again", root + "/IMG_0007.jpg.xmp"])
        let changed = bytes("IMG_0007.jpg.xmp")
        await #expect(throws: PhotosWorkerError.self) { _ = try await worker.undo() }
        #expect(bytes("IMG_0007.jpg.xmp") == changed)
    }

    /// Undo never takes back over another program's write: after darktable (here exiftool) wrote
    /// between two judgements, the second's undo puts back what that program wrote, and the first's
    /// refuses, leaving it.
    @Test func undoStopsAtAnotherProgramsWrite() async throws {
        try photo("IMG_0011.jpg")
        let (worker, photo) = try await listed("IMG_0011.jpg")
        _ = try await worker.judge(photo, .rate(3), sharedToo: false)
        _ = try exiftool(["-q", "-overwrite_original", "-XMP-dc:Title=darktable's", root + "/IMG_0011.jpg.xmp"])
        let theirs = bytes("IMG_0011.jpg.xmp")
        _ = try await worker.judge(photo, .rate(4), sharedToo: false)
        #expect(try await worker.undo()?.command == "rate 4")
        #expect(bytes("IMG_0011.jpg.xmp") == theirs)
        await #expect(throws: PhotosWorkerError.self) { _ = try await worker.undo() }
        #expect(bytes("IMG_0011.jpg.xmp") == theirs, "their write stays: not removed, not put back")
    }

    /// A sidecar whose XMP does not parse is left as it is, never rewritten from nothing.
    @Test func aSidecarThatDoesNotParseIsLeftAlone() async throws {
        try photo("IMG_0012.jpg")
        let broken = Self.lightroom.replacingOccurrences(of: "crs:Version=\"15.0\"", with: "crs:Version=\"15 & 16\"")
        try Data(broken.utf8).write(to: URL(fileURLWithPath: root + "/IMG_0012.jpg.xmp"))
        let before = bytes("IMG_0012.jpg.xmp")
        let (worker, photo) = try await listed("IMG_0012.jpg")
        do {
            _ = try await worker.judge(photo, .rate(4), sharedToo: false)
            Issue.record("a sidecar that does not parse was written")
        } catch let failure as PhotosWorkerError {
            #expect(failure.message.contains("does not parse"), "\(failure.message)")
        }
        #expect(bytes("IMG_0012.jpg.xmp") == before)
    }

    /// The last keyword removed is gone (no copy of it comes back from elsewhere in the file); the
    /// last label removed leaves a sidecar every program reads; a judgement the sidecar already
    /// holds writes nothing and leaves nothing to undo.
    @Test func whatIsTakenOutStaysOut() async throws {
        try photo("IMG_0013.jpg")
        let (worker, photo) = try await listed("IMG_0013.jpg")
        _ = try await worker.judge(photo, .addKeywords(["only"]), sharedToo: false)
        _ = try await worker.judge(photo, .removeKeywords(["only"]), sharedToo: false)
        #expect(try tag("XMP:Subject", of: "IMG_0013.jpg.xmp") == "")
        let reread = try await FolderPhotosWorker(root: root).listing(ListingRequest(order: .taken)).photos
        #expect(reread.first?.facts?.metadata.keywords == [])
        try Data(Self.labelOnly.utf8).write(to: URL(fileURLWithPath: root + "/IMG_0013.jpg.xmp"))
        let (again, shown) = try await listed("IMG_0013.jpg")
        _ = try await again.judge(shown, .label(nil), sharedToo: false)
        #expect(try tag("XMP:Label", of: "IMG_0013.jpg.xmp") == "")
        #expect(try exiftool(["-s3", "-FileType", root + "/IMG_0013.jpg.xmp"]).contains("XMP"))
        _ = try await again.judge(shown, .rate(2), sharedToo: false)
        let second = try await again.judge(shown, .rate(2), sharedToo: false)
        #expect(!second.changed)
        #expect(try await again.undo()?.command == "rate 2")
        #expect(try await again.undo()?.command == "label none")
        #expect(try await again.undo() == nil)
    }

    /// A keyword another program wrote with a newline in it would be read as an edit of its own:
    /// photorepl refuses to rewrite the keywords, and the file stays as it was.
    @Test func aKeywordWithANewlineIsNeverSentAsAnEdit() async throws {
        try photo("IMG_0014.jpg")
        _ = try exiftool([
            "-q", "-o", root + "/IMG_0014.jpg.xmp", "-XMP-dc:Subject=x\n-Xmp.xmp.CreatorTool", "-XMP-xmp:CreatorTool=kept",
            root + "/IMG_0014.jpg"
        ])
        let before = bytes("IMG_0014.jpg.xmp")
        let (worker, photo) = try await listed("IMG_0014.jpg")
        await #expect(throws: PhotosWorkerError.self) { _ = try await worker.judge(photo, .addKeywords(["beach"]), sharedToo: false) }
        #expect(bytes("IMG_0014.jpg.xmp") == before)
        _ = try await worker.judge(photo, .rate(5), sharedToo: false)
        #expect(try tag("XMP:CreatorTool", of: "IMG_0014.jpg.xmp") == "kept")
    }

    /// A sidecar's judgement is read from the bytes photorepl checked, not from its path again (a
    /// FIFO or a link put there since is never opened by exiv2); XMP that does not parse is a failure.
    @Test func aSidecarIsReadFromItsBytes() throws {
        let tags = try MetadataReader.shared.tags(ofSidecar: Array(Self.lightroom.utf8)).get()
        #expect(tags.contains { $0.key == "Xmp.xmp.Rating" && $0.value == "2" })
        #expect(Judgement(tags: tags).rating == 2)
        let broken = Array(Self.lightroom.replacingOccurrences(of: "crs:Version=\"15.0\"", with: "crs:Version=\"1 & 2\"").utf8)
        #expect(throws: MetadataReader.Failure.self) { try MetadataReader.shared.tags(ofSidecar: broken).get() }
        #expect(try MetadataReader.shared.tags(ofSidecar: []).get().isEmpty)
    }

    /// A sidecar holding a colour label alone.
    static let labelOnly = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Label="Red"/></rdf:RDF></x:xmpmeta>
        """

    /// Sidecars that are not to be written: a link (its target stays as it was), a DOCTYPE (XML
    /// entities, never expanded), a read-only session; each says why, and nothing changes.
    @Test func refusalsLeaveEveryFileAsItWas() async throws {
        try photo("IMG_0008.jpg")
        try photo("IMG_0009.jpg")
        try Data(Self.lightroom.utf8).write(to: URL(fileURLWithPath: root + "/elsewhere.txt"))
        try FileManager.default.createSymbolicLink(atPath: root + "/IMG_0008.jpg.xmp", withDestinationPath: root + "/elsewhere.txt")
        let laughs = """
            <?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:title="&lol2;"/></rdf:RDF></x:xmpmeta>
            """
        try Data(laughs.utf8).write(to: URL(fileURLWithPath: root + "/IMG_0009.jpg.xmp"))
        let target = bytes("elsewhere.txt"), entities = bytes("IMG_0009.jpg.xmp")
        let (worker, _) = try await listed("IMG_0008.jpg")
        let photos = try await worker.listing(ListingRequest(order: .name)).photos
        for (photo, words) in [(photos[0], "symbolic link"), (photos[1], "DOCTYPE")] {
            do {
                _ = try await worker.judge(photo, .rate(5), sharedToo: false)
                Issue.record("\(photo.id) was judged")
            } catch let failure as PhotosWorkerError {
                #expect(failure.message.contains(words), "\(failure.message)")
            }
        }
        #expect(bytes("elsewhere.txt") == target && bytes("IMG_0009.jpg.xmp") == entities)

        let (readOnly, photo) = try await listed("IMG_0008.jpg", readOnly: true)
        await #expect(throws: PhotosWorkerError.self) { _ = try await readOnly.judge(photo, .rate(1), sharedToo: false) }
        #expect(bytes("elsewhere.txt") == target)
    }

    /// A Lightroom Classic sidecar of the kind it writes beside a RAW (`NAME.xmp`).
    static let lightroom = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Adobe XMP Core 7.0-c000 1.000000, 0000/00/00-00:00:00        ">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""
            xmlns:xmp="http://ns.adobe.com/xap/1.0/"
            xmlns:crs="http://ns.adobe.com/camera-raw-settings/1.0/"
           xmp:CreatorTool="Adobe Photoshop Lightroom Classic 12.0"
           xmp:Rating="2"
           crs:Version="15.0"
           crs:Exposure2012="+0.35"
           crs:Contrast2012="+12"/>
         </rdf:RDF>
        </x:xmpmeta>
        """
}
