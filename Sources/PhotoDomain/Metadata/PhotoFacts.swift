import Imaging

/// What is known of a folder's photo to sort and filter it by: its name in the folder, its format
/// and file size (from the walk) and its metadata (from the index, or read).
public struct PhotoFacts: Sendable, Equatable {
    /// The path in the folder, as the file system has it (`2024/IMG_0001.HEIC`).
    public var relativePath: [UInt8]
    public var format: ImageFormat
    /// In bytes.
    public var fileSize: Int64
    public var metadata: PhotoMetadata
    /// Whether `metadata` was read (from the index or the file); false for a photo listed by name
    /// or size only, whose metadata is empty until then.
    public var metadataRead: Bool

    public init(relativePath: [UInt8], format: ImageFormat, fileSize: Int64, metadata: PhotoMetadata, metadataRead: Bool = true) {
        self.relativePath = relativePath
        self.format = format
        self.fileSize = fileSize
        self.metadata = metadata
        self.metadataRead = metadataRead
    }

    /// A walk's entry, its metadata not read.
    init(_ entry: PhotoFolder.Entry) {
        self.init(
            relativePath: entry.relativePath, format: entry.format, fileSize: entry.file.size, metadata: PhotoMetadata(),
            metadataRead: false)
    }

    /// The file's name, without its folders.
    public var fileName: [UInt8] {
        guard let slash = relativePath.lastIndex(of: UInt8(ascii: "/")) else { return relativePath }
        return Array(relativePath[(slash + 1)...])
    }
}
