import Networking
import SafeFiles
import SystemCalls

/// Photos this session moved (`move`): what `undo` moves back.
struct MovesChange: Sendable {
    /// One file moved: where it was and is, as opened and as messages name them, and its version
    /// where it is now (undo moves back only a file nothing changed since).
    struct Moved: Sendable {
        var from: String, to: String
        var shownFrom: String, shownTo: String
        var version: XMPSidecar.Version
    }

    /// What was typed (`move rejects --yes`).
    var command: String
    /// The folder as typed.
    var folder: String
    var moved: [Moved]
    /// The folder, when the move made it: removed by undo once it is empty again.
    var madeFolder: String?
    /// A trash's `.trashinfo` notes, removed by undo once their files are back.
    var trashNotes: [String] = []
    /// The folders a rename made, removed by undo (the deepest first) once empty again.
    var madeFolders: [String] = []
}

/// What a run of moves did, as `undo` and the index keep it.
struct MoveLog {
    var moved: [MovesChange.Moved] = []
    /// Each photo's identity before it moved, as the index knows it (a rename changes its change
    /// time), and where it went.
    var indexed: [(PhotoIndex.Key, String)] = []

    /// Moves the file (`FolderPhotosWorker.moveWhole`) and records it; `isPhoto`: the index keeps it.
    mutating func move(_ from: String, to: String, shownFrom: String, shownTo: String, isPhoto: Bool) throws {
        var before = stat()
        let known = stat(from, &before) == 0
        let version = try FolderPhotosWorker.moveWhole(from: from, to: to, shownFrom: shownFrom, shownTo: shownTo)
        moved.append(.init(from: from, to: to, shownFrom: shownFrom, shownTo: shownTo, version: version))
        if known, isPhoto { indexed.append((PhotoIndex.Key(before), to)) }
    }
}

/// Moving a folder's photos elsewhere, and back.
public protocol PhotoMovingWorker: Sendable {
    /// What `move` of the photos `ids` into `folder` would do, each photo's sidecars with it; throws,
    /// naming them, as `planCopy` does, and for a photo in that folder already or a sidecar a photo
    /// staying behind shares.
    func planMove(of ids: [String], to folder: String, suffixing: Bool, pairs: Bool) async throws -> FilePlan
    /// Moves the files `plan` holds, one at a time, each in exactly one place at every moment (a
    /// rename; across disks a copy, flushed and compared, then the photo removed), never over a
    /// file; kept for `undo`, as `command`.
    func move(_ plan: FilePlan, command: String) async -> FileOutcome
    /// How many times photos were moved (or moved back) in this session: a list made before it
    /// changed is listed again.
    func movesMade() async -> Int
    /// What `trash` of the photos `ids` would do: each photo and its sidecars into the desktop's
    /// Trash for their disk, under names free there; refused as `planMove` refuses.
    func planTrash(of ids: [String], pairs: Bool) async throws -> FilePlan
    /// Moves the files `plan` holds into its Trash, each with its `.trashinfo` note written first;
    /// kept for `undo`, as `command`.
    func trash(_ plan: FilePlan, command: String) async -> FileOutcome
}

extension FolderPhotosWorker: PhotoMovingWorker {
    public func planMove(of ids: [String], to folder: String, suffixing: Bool, pairs: Bool) async throws -> FilePlan {
        try await plan(.move, of: ids, to: folder, suffixing: suffixing, pairs: pairs)
    }

    public func movesMade() async -> Int { moveCount }

    public func planTrash(of ids: [String], pairs: Bool) async throws -> FilePlan {
        let environment = { (name: String) in getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } }
        let home = environment("HOME"), dataHome = environment("XDG_DATA_HOME")
        // Named as a session names it; in a transcript's check, kept in the check's own folder
        // (where the copy of its photos is too).
        let root = copyOf ?? folder.root
        guard
            var trash = Trash.forFile(at: root, home: home, dataHome: dataHome)
                ?? Trash.forFile(at: folder.root, home: home, dataHome: dataHome)
        else {
            throw PhotosWorkerError("no Trash is found for \(shownName): nothing trashed")
        }
        let shownBase =
            home.map { trash.base.hasPrefix($0 + "/") ? "~" + trash.base.dropFirst($0.count) : trash.base[...] } ?? trash.base[...]
        let shown = "the Trash (\(shownBase))", shownFiles = shownBase + "/files"
        if let writePlace { trash = Trash(base: writePlace(trash.base), topdir: nil) }
        var plan = try await plan(.trash, of: ids, to: shown, suffixing: true, pairs: pairs, trash: trash)
        for index in plan.files.indices { plan.files[index].shownTarget = shownFiles + "/" + Self.name(of: plan.files[index].target) }
        return plan
    }

    public func trash(_ plan: FilePlan, command: String) async -> FileOutcome {
        guard let trash = plan.trash else { return FileOutcome(files: [], stopped: "no Trash planned") }
        do { try trash.make() } catch { return FileOutcome(files: [], stopped: "\(error)") }
        var log = MoveLog()
        var notes: [String] = []
        let now = time(nil)
        var folderless = plan
        folderless.makesFolder = false  // made above, with `info` beside it
        // Each file's note is written and flushed before the file moves: a desktop reading the
        // Trash meanwhile (or after a kill) sees a note with no file, which it passes over, never a
        // file it cannot restore. The notes are made a batch ahead, flushed together.
        let batch = 128
        var ready: [Int: String] = [:]
        var next = 0
        var failed: (index: Int, error: PhotosWorkerError)?
        func prepareNotes(from start: Int) {
            let files = plan.files[start..<min(start + batch, plan.files.count)]
            let written = NewFiles.make(
                files.map { file in
                    let original = String(decoding: PhotoFolder.absolutePath(Array(file.source.utf8)), as: UTF8.self)
                    return (
                        trash.info + "/" + Self.name(of: file.target) + ".trashinfo", Array(trash.infoText(for: original, at: now).utf8)
                    )
                })
            for (offset, file) in files.enumerated().prefix(written.written) {
                ready[start + offset] = trash.info + "/" + Self.name(of: file.target) + ".trashinfo"
            }
            if let failure = written.failure {
                let shown = Self.name(of: plan.files[start + failure.index].target) + ".trashinfo"
                failed = (
                    start + failure.index,
                    PhotosWorkerError(
                        failure.errno == EEXIST
                            ? "\(shown) appeared in the Trash meanwhile: nothing more trashed"
                            : "cannot write \(shown) in the Trash: \(String(cString: strerror(failure.errno)))")
                )
            }
        }
        let (done, stopped) = Self.forEachFile(of: folderless) { file in
            let index = next
            next += 1
            if ready[index] == nil, failed == nil { prepareNotes(from: index) }
            if let failed, failed.index == index { throw failed.error }
            guard let note = ready.removeValue(forKey: index) else { throw PhotosWorkerError("no note for \(file.shownSource)") }
            do {
                try log.move(file.source, to: file.target, shownFrom: file.shownSource, shownTo: file.shownTarget, isPhoto: !file.isSidecar)
                notes.append(note)
            } catch {
                unlink(note)
                throw error
            }
        }
        // The notes of files that stayed (Ctrl-C, a failure) go.
        for note in ready.values { unlink(note) }
        if log.moved.isEmpty { return FileOutcome(files: [], stopped: stopped) }
        followMoves(log)
        undoHistory.append(.moves(MovesChange(command: command, folder: plan.folder, moved: log.moved, madeFolder: nil, trashNotes: notes)))
        return FileOutcome(files: done, stopped: stopped)
    }

    public func move(_ plan: FilePlan, command: String) async -> FileOutcome {
        var log = MoveLog()
        let (done, stopped) = Self.forEachFile(of: plan) { file in
            try log.move(file.source, to: file.target, shownFrom: file.shownSource, shownTo: file.shownTarget, isPhoto: !file.isSidecar)
        }
        if log.moved.isEmpty { return FileOutcome(files: [], stopped: stopped) }
        followMoves(log)
        undoHistory.append(
            .moves(
                MovesChange(command: command, folder: plan.folder, moved: log.moved, madeFolder: plan.makesFolder ? plan.folderPath : nil)))
        return FileOutcome(files: done, stopped: stopped)
    }

    /// Moves back what `change` moved, newest first, when nothing changed the files since and
    /// their old names are free; the folder it made, when empty.
    func undo(_ change: MovesChange) throws -> Undone {
        var info = stat()
        for file in change.moved {
            guard lstat(file.to, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, XMPSidecar.Version(info) == file.version else {
                throw PhotosWorkerError(
                    "\(file.shownTo) changed or went since photorepl moved it there: undoing \(change.command) could move another file, so every file stays where it is ('undo' goes on with the change before it)"
                )
            }
            // Kept to undo: once that file is gone, `undo` moves them back.
            guard lstat(file.from, &info) != 0 else {
                undoHistory.append(.moves(change))
                throw PhotosWorkerError(
                    "a file is at \(file.shownFrom) again: undoing \(change.command) would put \(file.shownTo) over it, so every file stays where it is (move that file away, then type 'undo' again)"
                )
            }
        }
        var back = MoveLog()
        for (index, file) in change.moved.enumerated().reversed() {
            do {
                try back.move(file.to, to: file.from, shownFrom: file.shownTo, shownTo: file.shownFrom, isPhoto: true)
            } catch {
                // What is not moved back yet stays to undo: the next `undo` tries it again.
                var rest = change
                rest.moved = Array(change.moved[...index])
                undoHistory.append(.moves(rest))
                followMoves(back)
                throw PhotosWorkerError("\(error) (\(back.moved.count) files before it are back, the others stay)")
            }
        }
        followMoves(back)
        for note in change.trashNotes { unlink(note) }
        for folder in change.madeFolders.reversed() { rmdir(folder) }
        if let folder = change.madeFolder { rmdir(folder) }
        return Undone(command: change.command, movedBack: change.moved.count, from: change.folder)
    }

    /// The file at `from` put at `to`, never over a file, in one place at every moment: a rename
    /// on one disk; across disks, a copy (flushed, then read back from the disk and compared),
    /// then `from` removed. Its version where it is now.
    static func moveWhole(from: String, to: String, shownFrom: String, shownTo: String) throws -> XMPSidecar.Version {
        var info = stat()
        switch NoReplaceRename.renaming(from, to: to) {
        case 0:
            break
        case EEXIST:
            throw PhotosWorkerError("\(shownTo) appeared meanwhile: it stays as it is, and \(shownFrom) where it was")
        case EXDEV:
            guard lstat(from, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw PhotosWorkerError("\(shownFrom) is gone") }
            let before = XMPSidecar.Version(info)
            let file = FilePlan.File(
                photoID: shownFrom, source: from, shownSource: shownFrom, target: to, shownTarget: shownTo, byteCount: Int(info.st_size),
                isSidecar: false)
            _ = try copyWhole(file, flushing: true)
            // Read back from the disk, not from memory, and compared byte for byte before the photo goes.
            guard sameBytes(from, to) else {
                unlink(to)
                throw PhotosWorkerError(
                    "the copy of \(shownFrom) at \(shownTo) read back differently: it is removed, and \(shownFrom) stays")
            }
            guard lstat(from, &info) == 0, XMPSidecar.Version(info) == before else {
                unlink(to)
                throw PhotosWorkerError("\(shownFrom) changed while it was moved: it stays where it was")
            }
            guard unlink(from) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(to)
                throw PhotosWorkerError("cannot remove \(shownFrom) from where it was (\(reason)): it stays there, and its copy is removed")
            }
        case let failure:
            throw PhotosWorkerError("cannot move \(shownFrom): \(String(cString: strerror(failure)))")
        }
        guard lstat(to, &info) == 0 else { throw PhotosWorkerError("\(shownTo) is gone") }
        return XMPSidecar.Version(info)
    }

    /// Whether the files at `a` and `b` hold the same bytes, `b`'s read from its disk (its pages in
    /// memory dropped first: they were just flushed).
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        let first = open(a, O_RDONLY | O_CLOEXEC), second = open(b, O_RDONLY | O_CLOEXEC)
        defer {
            if first >= 0 { close(first) }
            if second >= 0 { close(second) }
        }
        guard first >= 0, second >= 0 else { return false }
        _ = posix_fadvise(second, 0, 0, POSIX_FADV_DONTNEED)
        let chunk = 1 << 20
        let one = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        let two = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer {
            one.deallocate()
            two.deallocate()
        }
        while true {
            let n = readFully(first, one), m = readFully(second, two)
            guard n >= 0, n == m else { return false }
            if n == 0 { return true }
            guard memcmp(one.baseAddress!, two.baseAddress!, n) == 0 else { return false }
        }
    }

    private static func readFully(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
        var count = 0
        while count < buffer.count {
            let n = read(fd, buffer.baseAddress! + count, buffer.count - count)
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return -1 }
            if n == 0 { break }
            count += n
        }
        return count
    }

    /// The folder's photos as they are after files moved: a photo that left the folder is no file
    /// of it any more; one moved within it is known by its new path; and the index keeps each
    /// photo's metadata (the log's `indexed`: its identity before, and where it went) under its identity now
    /// (a rename changes its inode's change time; a move across disks, its inode).
    func followMoves(_ log: MoveLog) {
        let moves = log.moved.map { (from: $0.from, to: $0.to) }, indexed = log.indexed
        moveCount += 1
        let root = Array(folder.root.utf8) + [UInt8(ascii: "/")]
        var info = stat()
        paths.withLock { known in
            for (from, to) in moves {
                let fromBytes = Array(from.utf8), toBytes = Array(to.utf8)
                if fromBytes.starts(with: root), let entry = known.removeValue(forKey: Array(fromBytes[root.count...])) {
                    marked.remove(entry.relativePath)
                    if toBytes.starts(with: root), stat(to, &info) == 0 {
                        var moved = entry
                        moved.relativePath = Array(toBytes[root.count...])
                        moved.file = PhotoFolder.FoundFile(info)
                        known[moved.relativePath] = moved
                    }
                }
            }
        }
        let rekeyed = indexed.compactMap { old, path -> (old: PhotoIndex.Key, new: PhotoIndex.Key, path: [UInt8])? in
            stat(path, &info) == 0 ? (old, PhotoIndex.Key(info), PhotoFolder.absolutePath(Array(path.utf8))) : nil
        }
        if !rekeyed.isEmpty { index?.rekey(rekeyed) }
    }
}

/// What acts on a folder's photos as files: lists their paths, copies and moves them.
public typealias PhotoFileWorker = PhotoActingWorker & PhotoCopyingWorker & PhotoMovingWorker & PhotoRenamingWorker
