/// A folder's photo as a file: what the actions on the photos shown act on.
public struct PhotoFile: Sendable, Equatable {
    /// The photo's id (its path in the folder, as messages show it).
    public var photoID: String
    /// The file's path as photorepl opens it (the folder's path, then the photo's path in it): any
    /// bytes but NUL, as the file system keeps them.
    public var path: [UInt8]
    /// The path from the folder as messages name it: as typed, or as a replayed script's header
    /// names it (relative to the script), which a transcript's check shows wherever it runs.
    public var shownPath: [UInt8]

    public init(photoID: String, path: [UInt8], shownPath: [UInt8]? = nil) {
        self.photoID = photoID
        self.path = path
        self.shownPath = shownPath ?? path
    }
}

/// Acting on a folder's photos as files: their paths, listed for other programs.
public protocol PhotoActingWorker: Sendable {
    /// The files of the photos `ids` names, in their order; a photo that is no file of the folder
    /// is left out.
    func files(of ids: [String]) async -> [PhotoFile]
    /// The files of the photos marked in this session, by their paths.
    func markedFiles() async -> [PhotoFile]
    /// Writes `bytes` (a list of paths) to the file at `path`, whole or not at all; an existing
    /// file is replaced only when `replacing`. Returns the file as written.
    func writeList(_ bytes: [UInt8], to path: String, replacing: Bool) async throws -> SavedPhoto
}

/// Copying a folder's photos elsewhere, and taking the copies back.
public protocol PhotoCopyingWorker: Sendable {
    /// What `copy` of the photos `ids` into `folder` would write, each photo's sidecars with it;
    /// throws, naming them, when a copy would land on a file that is there (or on another copy),
    /// unless `suffixing` (then `IMG_0001-1.jpg`, `-2`, …), or when the folder cannot be one;
    /// `pairs`: a RAW+JPEG pair's other half too (`IMG_0001.CR2` for `IMG_0001.JPG`), with its sidecars.
    func planCopy(of ids: [String], to folder: String, suffixing: Bool, pairs: Bool) async throws -> FilePlan
    /// Makes the copies `plan` holds, each whole or not at all, never over a file; what was made is
    /// kept for `undo`, as `command`.
    func copy(_ plan: FilePlan, command: String) async -> FileOutcome
}
