import PhotoDomain
import REPLEngine
import Testing
@testable import Scenes

/// Files for `paths`, from memory: each photo's path is `shoot/ID`; the marked ones are given;
/// lists written are kept.
actor StubActing: PhotoActingWorker, PhotoCopyingWorker, PhotoMovingWorker, PhotoRenamingWorker {
    let marked: [String]
    private(set) var written: [(bytes: [UInt8], path: String, replacing: Bool)] = []

    init(marked: [String] = []) { self.marked = marked }

    func files(of ids: [String]) async -> [PhotoFile] { ids.map { PhotoFile(photoID: $0, path: Array("shoot/\($0)".utf8)) } }
    func markedFiles() async -> [PhotoFile] { await files(of: marked) }
    func writeList(_ bytes: [UInt8], to path: String, replacing: Bool) async throws -> SavedPhoto {
        written.append((bytes, path, replacing))
        return SavedPhoto(path: path, byteCount: bytes.count)
    }

    /// Copies asked for, as their commands.
    private(set) var copies: [String] = []
    /// A plan of each photo into `folder`, 1,000 bytes each.
    func planCopy(of ids: [String], to folder: String, suffixing: Bool, pairs: Bool) async throws -> FilePlan {
        let files = ids.map { id in
            FilePlan.File(
                photoID: id, source: "shoot/" + id, shownSource: id, target: folder + "/" + id, shownTarget: folder + "/" + id,
                byteCount: 1000,
                isSidecar: false)
        }
        return FilePlan(folder: folder, makesFolder: false, files: files)
    }
    func copy(_ plan: FilePlan, command: String) async -> FileOutcome {
        copies.append(command)
        return FileOutcome(files: plan.files)
    }

    /// Moves asked for, as their commands; how many were done.
    private(set) var moves: [String] = []
    func planMove(of ids: [String], to folder: String, suffixing: Bool, pairs: Bool) async throws -> FilePlan {
        var plan = try await planCopy(of: ids, to: folder, suffixing: suffixing, pairs: pairs)
        plan.action = .move
        return plan
    }
    func move(_ plan: FilePlan, command: String) async -> FileOutcome {
        moves.append(command)
        return FileOutcome(files: plan.files)
    }
    func movesMade() async -> Int { moves.count }
    func planTrash(of ids: [String], pairs: Bool) async throws -> FilePlan {
        var plan = try await planCopy(of: ids, to: "the Trash", suffixing: true, pairs: pairs)
        plan.action = .trash
        return plan
    }
    func planRename(of ids: [String], pattern: String, suffixing: Bool) async throws -> FilePlan {
        var plan = try await planCopy(of: ids, to: ".", suffixing: false, pairs: false)
        plan.action = .rename
        return plan
    }
    func rename(_ plan: FilePlan, command: String) async -> FileOutcome {
        moves.append(command)
        return FileOutcome(files: plan.files)
    }
    func trash(_ plan: FilePlan, command: String) async -> FileOutcome {
        moves.append(command)
        return FileOutcome(files: plan.files)
    }
}

@MainActor
@Suite struct PhotoPathsTests {
    @Test func aPathIsQuotedOnlyWhenXargsWouldSplitIt() {
        func quoted(_ path: String) -> String { String(decoding: PhotoPaths.quotedForXargs(Array(path.utf8)), as: UTF8.self) }
        #expect(quoted("shoot/IMG_0001.CR2") == "shoot/IMG_0001.CR2")
        #expect(quoted("shoot/é\u{1B}.jpg") == "shoot/é\u{1B}.jpg", "xargs splits at blanks, quotes and backslashes only")
        #expect(quoted("a b") == "'a b'")
        #expect(quoted("it's") == "'it'\\''s'")
        #expect(quoted("a\\b\"c") == "'a\\b\"c'")
        #expect(quoted("one\ntwo") == "'one'\\\n'two'")
    }

    @Test func whatPathsTakesIsChecked() throws {
        let request = try ActionCommands.pathsRequest(["-0", "picks.txt", "--marked", "--force"])
        #expect(request == PhotoPaths.Request(file: "picks.txt", separatedByNUL: true, marked: true, replacing: true))
        #expect(try ActionCommands.pathsRequest([]) == PhotoPaths.Request())
        #expect(throws: CommandError.self) { try ActionCommands.pathsRequest(["-z"]) }
        #expect(throws: CommandError.self) { try ActionCommands.pathsRequest(["a.txt", "b.txt"]) }
        #expect(throws: CommandError.self) { try ActionCommands.pathsRequest(["--force"]) }
        do {
            _ = try ActionCommands.pathsRequest(["-z"])
        } catch let error as CommandError {
            #expect(error.message.contains("'paths ./-z' for a file of that name"))
        }
    }

    /// The detail lists its photo's file; the list file is written with the request's form.
    @Test func theDetailListsItsPhotoAndWritesTheFile() async throws {
        let acting = StubActing(marked: ["b.jpg", "c.jpg"])
        let detail = PhotoDetailInteractor(acting: acting)
        let spy = DetailPresenterSpy()
        detail.presenter = spy
        detail.photo = .fixture("a b.jpg")
        try await detail.listPaths(.init())
        try await detail.listPaths(.init(file: "marked.txt", separatedByNUL: true, marked: true))
        #expect(spy.paths.map { $0.files.map(\.photoID) } == [["a b.jpg"], ["b.jpg", "c.jpg"]])
        #expect(PhotoPaths.viewModel(spy.paths[0]) == .paths(Array("'shoot/a b.jpg'\n".utf8)))
        let written = await acting.written
        #expect(written.count == 1 && written[0].bytes == Array("shoot/b.jpg\0shoot/c.jpg\0".utf8) && written[0].path == "marked.txt")
        #expect(
            PhotoPaths.viewModel(spy.paths[1]) == .notice("2 paths written to marked.txt (each ended by a NUL, for xargs -0 -a marked.txt)")
        )
    }

    /// Printed NUL-separated, a newline follows the last NUL; nothing to list is a failure.
    @Test func printedFormsAndNothingToList() {
        let files = [PhotoFile(photoID: "a", path: Array("shoot/a".utf8))]
        #expect(PhotoPaths.viewModel(.init(request: .init(separatedByNUL: true), files: files)) == .paths(Array("shoot/a\0\n".utf8)))
        #expect(
            PhotoPaths.viewModel(.init(request: .init(), files: []))
                == .failure("no photo is shown, so there is no path to list (type 'fetch' to list the photos)"))
        let refused = PhotoPaths.Response(
            request: .init(file: "x"), files: files, written: .failure(PhotosWorkerError("x exists: add --force to replace it")))
        #expect(PhotoPaths.viewModel(refused) == .failure("x exists: add --force to replace it"))
    }
}
