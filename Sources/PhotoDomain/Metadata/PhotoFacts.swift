import Imaging

/// What is known of a folder's photo to sort and filter it by: its name in the folder, its format
/// and file size (from the walk) and its metadata (from the index, or read).
public struct PhotoFacts: Sendable, Equatable {
    /// The path in the folder, as the file system has it (`2024/IMG_0001.HEIC`).
    public var relativePath: [UInt8]
    public var format: ImageFormat
    /// In bytes.
    public var fileSize: Int64
    /// In a box of its own: the metadata is a few hundred bytes, and every photo of a listing
    /// carries facts (100,000 photos' inline copies, in each list and array they pass through, cost
    /// hundreds of MB). A change makes a new box, so that `PhotoFacts` stays a value.
    private var box: MetadataBox
    public var metadata: PhotoMetadata {
        get { box.metadata }
        set { box = MetadataBox(newValue) }
    }
    /// Whether `metadata` was read (from the index or the file); false for a photo listed by name
    /// or size only, whose metadata is empty until then.
    public var metadataRead: Bool

    public init(relativePath: [UInt8], format: ImageFormat, fileSize: Int64, metadata: PhotoMetadata, metadataRead: Bool = true) {
        self.relativePath = relativePath
        self.format = format
        self.fileSize = fileSize
        self.box = MetadataBox(metadata)
        self.metadataRead = metadataRead
    }

    public static func == (a: PhotoFacts, b: PhotoFacts) -> Bool {
        a.relativePath == b.relativePath && a.format == b.format && a.fileSize == b.fileSize && a.metadataRead == b.metadataRead
            && (a.box === b.box || a.box.metadata == b.box.metadata)
    }

    /// Facts whose metadata is `box`'s, shared.
    init(relativePath: [UInt8], format: ImageFormat, fileSize: Int64, sharing box: MetadataBox) {
        (self.relativePath, self.format, self.fileSize, self.box, self.metadataRead) = (relativePath, format, fileSize, box, true)
    }

    /// A walk's entry, its metadata not read (an empty metadata's box, shared by all of them).
    init(_ entry: PhotoFolder.Entry) {
        self.init(relativePath: entry.relativePath, format: entry.format, fileSize: entry.file.size, sharing: MetadataBox.empty)
        metadataRead = false
    }

    /// The file's name, without its folders.
    public var fileName: [UInt8] {
        guard let slash = relativePath.lastIndex(of: UInt8(ascii: "/")) else { return relativePath }
        return Array(relativePath[(slash + 1)...])
    }
}

/// A photo's metadata, shared by the copies of its facts (and the index's lookup they came from).
final class MetadataBox: Sendable {
    let metadata: PhotoMetadata
    static let empty = MetadataBox(PhotoMetadata())

    init(_ metadata: PhotoMetadata) {
        self.metadata = metadata
    }
}
