/// What is done to a folder's photos as files: copied (they stay, copies are made) or moved (they
/// leave for another folder).
public enum FileAction: String, Sendable, Equatable {
    /// Copied, moved into a folder, or moved to the desktop's Trash.
    case copy, move, trash, rename

    /// `copy`, `move`, `trash`: the command, and the verb in messages.
    public var verb: String { rawValue }
    /// `copied`, `moved`, `trashed`.
    public var past: String {
        switch self {
        case .copy: "copied"
        case .move: "moved"
        case .trash: "trashed"
        case .rename: "renamed"
        }
    }
    /// `Copy`, `Move`, `Rename`: a question's first word (`Move 2 photos to the Trash?`).
    public var capitalizedVerb: String { self == .copy ? "Copy" : self == .rename ? "Rename" : "Move" }
    /// `Copied`, `Moved`, `Renamed`: a summary's first word.
    public var capitalizedPast: String { self == .copy ? "Copied" : self == .rename ? "Renamed" : "Moved" }
    /// `copy`, `move`, `rename`: the verb of a sentence (`Would move 2 photos to the Trash`).
    public var verbBeforeTo: String { self == .copy ? "copy" : self == .rename ? "rename" : "move" }
}

/// Copies or moves of a folder's photos, their sidecars with them, into a folder: planned first
/// (what goes where, and how much: nothing written), then done.
public struct FilePlan: Sendable, Equatable {
    /// One file to copy: a photo, or a sidecar of one.
    public struct File: Sendable, Equatable {
        public var photoID: String
        /// Its path, as photorepl opens it.
        public var source: String
        /// What it is, as messages name it: the photo's id, or the sidecar's path in the folder.
        public var shownSource: String
        /// Where the copy is written (in a transcript's check, inside the check's folder).
        public var target: String
        /// Where the copy goes, as messages name it (the folder as typed, then the copy's name).
        public var shownTarget: String
        public var byteCount: Int
        public var isSidecar: Bool
        /// A move's file on another disk than the folder it goes to: copied, flushed, compared, then
        /// removed (a rename cannot cross disks).
        public var crossesDisks = false

        public init(
            photoID: String, source: String, shownSource: String, target: String, shownTarget: String, byteCount: Int, isSidecar: Bool
        ) {
            (self.photoID, self.source, self.shownSource, self.target, self.shownTarget) = (
                photoID, source, shownSource, target, shownTarget
            )
            (self.byteCount, self.isSidecar) = (byteCount, isSidecar)
        }
    }

    public var action: FileAction
    /// The folder as typed.
    public var folder: String
    /// Where it is (in a transcript's check, inside the check's folder).
    var folderPath: String
    /// Whether the folder is made (it is not there yet; its parent is).
    public var makesFolder: Bool
    public var files: [File]
    /// The Trash the files go to (`trash`; nil: a folder).
    public var trash: Trash?
    /// The bytes free on the disk the folder is on, for whoever may write (nil: unknown).
    public var freeBytes: Int?

    /// - Parameter folderPath: where the folder is, when elsewhere than `folder` says.
    public init(_ action: FileAction = .copy, folder: String, folderPath: String? = nil, makesFolder: Bool, files: [File]) {
        self.action = action
        (self.folder, self.folderPath, self.makesFolder, self.files) = (folder, folderPath ?? folder, makesFolder, files)
    }

    public var photoCount: Int { files.count(where: { !$0.isSidecar }) }
    public var sidecarCount: Int { files.count(where: { $0.isSidecar }) }
    public var byteCount: Int { files.reduce(0) { $0 + $1.byteCount } }
    /// The bytes written where the files go: a copy's every byte; a move's, only of the files on
    /// another disk than the folder's (a move on one disk is a rename, and writes none).
    public var bytesWritten: Int {
        files.reduce(0) { $0 + (action == .copy || $1.crossesDisks ? $1.byteCount : 0) }
    }
    /// Whether the files would not fit in the space free where they go (with a megabyte to spare
    /// for the folder's own blocks).
    public var outgrowsDisk: Bool { freeBytes.map { bytesWritten > 0 && bytesWritten + (1 << 20) > $0 } ?? false }
}

/// What a copy or a move did.
public struct FileOutcome: Sendable, Equatable {
    public init(files: [FilePlan.File], stopped: String? = nil) {
        (self.files, self.stopped) = (files, stopped)
    }

    /// The files copied or moved, in order.
    public var files: [FilePlan.File]
    /// Why it stopped before the end (Ctrl-C, a full disk, a photo changed since the plan); nil when
    /// every file was done. What was done before it stays, and `undo` takes it back.
    public var stopped: String?
}
