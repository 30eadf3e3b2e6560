import SystemCalls

/// A sidecar this session changed: what `undo` puts back.
struct SidecarChange: Sendable {
    /// The photo judged, by its id.
    var photoID: String
    /// What was typed (`rate 4`).
    var command: String
    /// The sidecar as it was (its bytes nil: there was none, photorepl made it).
    var before: XMPSidecar
    /// The sidecar as photorepl left it: undo refuses one that changed since.
    var after: XMPSidecar
}

/// Copies this session made (`copy`): what `undo` removes.
struct CopiesChange: Sendable {
    /// What was typed (`copy share --yes`).
    var command: String
    /// The folder as typed.
    var folder: String
    /// Each copy: where it is, and its identity and version when made (undo removes only a copy
    /// nothing changed since).
    var made: [(path: String, shown: String, version: XMPSidecar.Version)]
    /// The folder, when the copy made it: removed by undo once it is empty again.
    var madeFolder: String?
}

/// A change of this session that `undo` takes back: a sidecar written, copies made, files moved.
enum SessionChange: Sendable {
    case sidecar(SidecarChange)
    case copies(CopiesChange)
    case moves(MovesChange)

    /// The sidecar bytes it keeps.
    var size: Int {
        guard case .sidecar(let change) = self else { return 0 }
        return (change.before.bytes?.count ?? 0) + (change.after.bytes?.count ?? 0)
    }
}

/// The session's changes, newest last, for `undo`: the last `limit` of them, holding at most
/// `byteLimit` of sidecar bytes (a darktable sidecar with a long editing history is hundreds of
/// KB, and each change keeps it twice); older ones are let go, and `undo` says so on reaching them.
struct UndoHistory: Sendable {
    private(set) var changes: [SessionChange] = []
    private var bytes = 0
    var limit = 1000
    var byteLimit = 64 << 20
    /// Whether older changes were let go.
    private(set) var forgotSome = false

    mutating func append(_ change: SessionChange) {
        changes.append(change)
        bytes += change.size
        // The newest is always kept (a sidecar is 16 MB at most).
        while changes.count > 1, changes.count > limit || bytes > byteLimit {
            bytes -= changes.removeFirst().size
            forgotSome = true
        }
    }

    mutating func popLast() -> SessionChange? {
        guard let last = changes.popLast() else { return nil }
        bytes -= last.size
        return last
    }

    /// The newest sidecar change to `path`, by its place in `changes`.
    func lastSidecarChange(to path: [UInt8]) -> (index: Int, change: SidecarChange)? {
        for index in changes.indices.reversed() {
            if case .sidecar(let change) = changes[index], change.after.path == path { return (index, change) }
        }
        return nil
    }

    /// Says the sidecar the change at `index` left is `sidecar` now.
    mutating func setAfter(_ sidecar: XMPSidecar, at index: Int) {
        guard case .sidecar(var change) = changes[index] else { return }
        bytes -= changes[index].size
        change.after = sidecar
        changes[index] = .sidecar(change)
        bytes += changes[index].size
    }
}

extension FolderPhotosWorker: PhotoJudgingWorker {
    public func judge(_ photo: Photo, _ change: JudgementChange, sharedToo: Bool) async throws -> Judged {
        if readOnly {
            throw PhotosWorkerError(
                "photorepl is read-only (--read-only, or read-only in the preferences): nothing is written; start it without that to judge photos"
            )
        }
        guard let entry = paths.withLock({ $0[Array(photo.id.utf8)] }) else {
            throw PhotosWorkerError("\(photo.id) is not a file of this folder: only a folder's photos are judged")
        }
        // Another program may write the sidecar between its reading and its replacing: then it is
        // read again and the change made to what that program wrote, a few times at most.
        for _ in 0..<3 {
            let found = try judgement(of: entry).get()
            if let other = found.sidecar.sharedWith, !sharedToo {
                let name = Self.name(of: found.sidecar.name), otherName = Self.name(of: other)
                throw PhotosWorkerError(
                    "\(name) is the sidecar of \(otherName) too: type \(change.command) --both to change it for both, or leave it")
            }
            // Keywords written into a sidecar that has none (a new one, or one a rating made) start
            // from those the file holds: written without them, they would hide the file's from
            // darktable and Lightroom, which read the sidecar over the file. The file's are read
            // here when the photo was listed by name only.
            var current = found.judgement
            if change.changesKeywords, current.keywords.isEmpty, current.hierarchy.isEmpty {
                var known = photo.facts
                if known?.metadataRead != true { known = try? await facts(of: [entry], wholeWalk: false).first }
                current.keywords = known?.metadata.keywords ?? []
            }
            // Words are sent to exiv2 a tab apart, a line an edit: a keyword another program wrote
            // with a tab or a newline in it would split or add an edit.
            if change.changesKeywords,
                let bad = (current.keywords + current.hierarchy).first(where: { JudgementChange.keywordProblem($0) != nil })
            {
                throw PhotosWorkerError(
                    "a keyword \(found.sidecar.shownName) already holds has a control character in it (\(bad.debugDescription)): photorepl leaves its keywords as they are"
                )
            }
            let (edits, after) = change.edits(from: current)
            guard !edits.isEmpty else {
                return Judged(photo: judged(photo, entry, after), sidecar: found.sidecar.shownName, changed: false)
            }
            let bytes: [UInt8]
            switch metadataReader.edited(found.sidecar.bytes ?? [], edits) {
            case .success(let edited): bytes = edited
            case .failure(let failure): throw PhotosWorkerError("cannot write \(found.sidecar.shownName): \(failure.message)")
            }
            guard found.sidecar.isUnchanged else { continue }
            let written: XMPSidecar
            switch found.sidecar.replaced(by: bytes) {
            case .success(let sidecar): written = sidecar
            case .failure(let failure): throw PhotosWorkerError(failure.message)
            }
            undoHistory.append(.sidecar(SidecarChange(photoID: photo.id, command: change.command, before: found.sidecar, after: written)))
            writtenJudgements[written.path] = (bytes, after)
            if written.path != written.name { placedSidecars.insert(written.name) }
            return Judged(
                photo: judged(photo, entry, after), sidecar: written.shownName, changed: true, created: found.sidecar.bytes == nil)
        }
        throw PhotosWorkerError("another program kept writing the sidecar of \(photo.id): nothing was written; try again")
    }

    /// Keeps at most `changes` changes for `undo` (tests: the default is 1,000).
    func limitUndo(changes: Int) {
        undoHistory.limit = changes
    }

    public func mark(_ ids: [String], _ marking: Bool) async -> (changed: Int, marked: Int) {
        var changed = 0
        for id in ids {
            let key = Array(id.utf8)
            if marking ? marked.insert(key).inserted : marked.remove(key) != nil { changed += 1 }
        }
        return (changed, marked.count)
    }

    public func undo() async throws -> Undone? {
        guard let last = undoHistory.popLast() else {
            guard !undoHistory.forgotSome else {
                throw PhotosWorkerError(
                    "nothing more to undo: photorepl keeps a session's last \(undoHistory.limit) changes (and \(undoHistory.byteLimit >> 20) MB of sidecars), and let the older ones go"
                )
            }
            return nil
        }
        switch last {
        case .sidecar(let change): return try undo(change)
        case .copies(let copies): return try undo(copies)
        case .moves(let moves): return try undo(moves)
        }
    }

    /// A refusal (the file changed since) lets the change go: it can never be taken back, and the
    /// ones before it may. A failure to write keeps it, for another `undo`.

    private func undo(_ last: SidecarChange) throws -> Undone {
        let name = last.after.shownName
        guard last.after.isUnchanged else {
            throw PhotosWorkerError(
                "\(name) changed since photorepl wrote it (another program): undoing \(last.command) would lose that change, so it stays as it is"
            )
        }
        let result = last.before.bytes.map { last.before.replaced(by: $0).map(Optional.some) } ?? last.after.removed().map { nil }
        switch result {
        case .failure(let failure):
            undoHistory.append(.sidecar(last))
            throw PhotosWorkerError(failure.message)
        case .success(let restored?):
            // The change before, to the same sidecar, left it as it is again now, when nothing else
            // wrote it between that change and this one: then its undo may follow (else it refuses,
            // the sidecar not being as it left it).
            if let earlier = undoHistory.lastSidecarChange(to: restored.path),
                earlier.change.after.bytes == last.before.bytes, earlier.change.after.version == last.before.version
            {
                undoHistory.setAfter(restored, at: earlier.index)
            }
        case .success(nil):
            break
        }
        forgetDescribed(last.photoID)
        return Undone(photoID: last.photoID, command: last.command, sidecar: name, removed: last.before.bytes == nil)
    }

    /// The sidecar of `entry` and the judgement it holds (none: no sidecar yet).
    func judgement(of entry: PhotoFolder.Entry) -> Result<(sidecar: XMPSidecar, judgement: Judgement), PhotosWorkerError> {
        let path = Array(folder.root.utf8) + [UInt8(ascii: "/")] + entry.relativePath
        let sidecar: XMPSidecar
        // Placed by its absolute path: the folder may be named from where photorepl runs.
        let place = sidecarPlace.map { place in { (path: [UInt8]) in place(PhotoFolder.absolutePath(path)) } }
        switch XMPSidecar.find(for: path, siblings: { siblings(of: path) }, place: place, naming: { [self] in shown($0) }) {
        case .success(let found): sidecar = found
        case .failure(let failure): return .failure(PhotosWorkerError(failure.message))
        }
        guard let bytes = sidecar.bytes else { return .success((sidecar, Judgement())) }
        // As photorepl wrote it last: its judgement known, not read again (half a rating's time).
        if let known = writtenJudgements[sidecar.path], known.bytes == bytes { return .success((sidecar, known.judgement)) }
        switch metadataReader.tags(ofSidecar: bytes) {
        case .success(let tags): return .success((sidecar, Judgement(tags: tags)))
        case .failure(let failure): return .failure(PhotosWorkerError("cannot read \(sidecar.shownName): \(failure.message)"))
        }
    }

    /// The other photos of `path`'s folder with its name but another extension (`IMG_0001.JPG`
    /// beside `IMG_0001.CR2`), which a `NAME.xmp` is the sidecar of too.
    func siblings(of path: [UInt8]) -> [[UInt8]] {
        var stems = PhotoStems()
        return stems.siblings(of: path)
    }

    /// The photo with `judgement` over its metadata, as the detail shows it from now on.
    private func judged(_ photo: Photo, _ entry: PhotoFolder.Entry, _ judgement: Judgement) -> Photo {
        var shown = photo
        var facts = photo.facts ?? PhotoFacts(entry)
        facts.metadata = judgement.over(facts.metadata)
        shown.facts = facts
        updateDescribed(shown)
        return shown
    }

    /// A path of the folder as messages show it: from the folder's name.
    private func shown(_ path: [UInt8]) -> String {
        let root = Array(folder.root.utf8) + [UInt8(ascii: "/")]
        return PhotoFolder.displayID(path.starts(with: root) ? Array(path[root.count...]) : path)
    }

    private static func name(of path: [UInt8]) -> String {
        PhotoFolder.displayID(Array(path[((path.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1)...]))
    }
}

/// Judgements of photos kept in their XMP sidecars (a folder's photos), and taken back.
public protocol PhotoJudgingWorker: Sendable {
    /// Makes `change` in the photo's sidecar (a `NAME.xmp` another photo shares only when
    /// `sharedToo`); the photo as it is after.
    func judge(_ photo: Photo, _ change: JudgementChange, sharedToo: Bool) async throws -> Judged
    /// Marks the photos `ids` names (unmarks them when not `marking`) for this session, for
    /// `filter marked`: how many changed, and how many are marked now.
    func mark(_ ids: [String], _ marking: Bool) async -> (changed: Int, marked: Int)
    /// Takes back the session's last judgement: its sidecar as it was, byte for byte (one photorepl
    /// made, removed); nil when there is none left.
    func undo() async throws -> Undone?
}

/// A judgement made.
public struct Judged: Sendable {
    /// The photo as it is now, its judgement in its metadata.
    public var photo: Photo
    /// The sidecar's path in the folder.
    public var sidecar: String
    /// Whether the sidecar changed (not when it already said so).
    public var changed: Bool
    /// Whether photorepl made the sidecar.
    public var created = false

    public init(photo: Photo, sidecar: String, changed: Bool, created: Bool = false) {
        (self.photo, self.sidecar, self.changed, self.created) = (photo, sidecar, changed, created)
    }
}

/// A judgement taken back.
public struct Undone: Sendable {
    /// The photo judged (a copy's undo: none).
    public var photoID: String
    /// What was typed then (`rate 4`).
    public var command: String
    public var sidecar: String
    /// Whether the sidecar was removed (photorepl had made it).
    public var removed: Bool
    /// A copy's undo: how many copies it removed, from which folder (as typed), and how many were
    /// gone already.
    public var removedCopies: (count: Int, folder: String, goneAlready: Int)?
    /// A move's undo: how many files it moved back, from which folder (as typed).
    public var movedBack: (count: Int, folder: String)?

    public init(photoID: String, command: String, sidecar: String, removed: Bool) {
        (self.photoID, self.command, self.sidecar, self.removed) = (photoID, command, sidecar, removed)
    }

    /// A copy's undo.
    public init(command: String, removedCopies: Int, from folder: String, goneAlready: Int) {
        (photoID, self.command, sidecar, removed) = ("", command, "", true)
        self.removedCopies = (removedCopies, folder, goneAlready)
    }

    /// A move's undo.
    public init(command: String, movedBack: Int, from folder: String) {
        (photoID, self.command, sidecar, removed) = ("", command, "", false)
        self.movedBack = (movedBack, folder)
    }
}
