/// Copies of a folder's photos, their sidecars with them, into a folder: planned first (what goes
/// where, and how much: nothing written), then made.
public struct CopyPlan: Sendable, Equatable {
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

        public init(
            photoID: String, source: String, shownSource: String, target: String, shownTarget: String, byteCount: Int, isSidecar: Bool
        ) {
            (self.photoID, self.source, self.shownSource, self.target, self.shownTarget) = (
                photoID, source, shownSource, target, shownTarget
            )
            (self.byteCount, self.isSidecar) = (byteCount, isSidecar)
        }
    }

    /// The folder as typed.
    public var folder: String
    /// Where it is (in a transcript's check, inside the check's folder).
    var folderPath: String
    /// Whether the folder is made (it is not there yet; its parent is).
    public var makesFolder: Bool
    public var files: [File]
    /// The bytes free on the disk the folder is on, for whoever may write (nil: unknown).
    public var freeBytes: Int?

    /// - Parameter folderPath: where the folder is, when elsewhere than `folder` says.
    public init(folder: String, folderPath: String? = nil, makesFolder: Bool, files: [File]) {
        (self.folder, self.folderPath, self.makesFolder, self.files) = (folder, folderPath ?? folder, makesFolder, files)
    }

    public var photoCount: Int { files.count(where: { !$0.isSidecar }) }
    public var sidecarCount: Int { files.count(where: { $0.isSidecar }) }
    public var byteCount: Int { files.reduce(0) { $0 + $1.byteCount } }
    /// Whether the copies would not fit in the space free where they go (with a megabyte to spare
    /// for the folder's own blocks).
    public var outgrowsDisk: Bool { freeBytes.map { byteCount + (1 << 20) > $0 } ?? false }
}

/// What a copy made.
public struct Copied: Sendable, Equatable {
    public init(files: [CopyPlan.File], stopped: String? = nil) {
        (self.files, self.stopped) = (files, stopped)
    }

    /// The copies written, in order.
    public var files: [CopyPlan.File]
    /// Why it stopped before the end (Ctrl-C, a full disk, a photo changed since the plan); nil when
    /// every copy was made. The copies made before it stay, and `undo` removes them.
    public var stopped: String?
}
