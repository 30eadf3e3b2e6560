/// A folder's photos as a session saw them, in a few characters (`4:9f3a…`): how many, and a digest
/// of their paths and sizes. A recording keeps it in its header (`--listing`), and a replay whose walk
/// finds another listing says so once, before the first output that could differ: photos added,
/// removed, renamed, or changed in size. (A photo edited in place to the same size is not noticed:
/// reading every file to hash it would cost a replay more than it tells.)
public struct FolderListing: Equatable, Sendable, CustomStringConvertible {
    public let count: Int
    public let digest: UInt64

    public init(count: Int, digest: UInt64) {
        self.count = count
        self.digest = digest
    }

    /// The listing of a walk: its photos' paths and sizes, in the walk's order (by path).
    public init(_ scan: PhotoFolder.Scan) {
        // FNV-1a, 64 bits: stable on every machine, and no collision to fear among the listings of
        // one folder over time.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func add(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        for entry in scan.entries {
            entry.relativePath.forEach(add)
            add(0)
            withUnsafeBytes(of: entry.file.size.littleEndian) { $0.forEach(add) }
        }
        self.init(count: scan.entries.count, digest: hash)
    }

    /// Reads `4:00000000deadbeef`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 16, let count = Int(parts[0]), count >= 0, let digest = UInt64(parts[1], radix: 16) else {
            return nil
        }
        self.init(count: count, digest: digest)
    }

    /// `COUNT:DIGEST`, the digest in 16 hexadecimal digits.
    public var description: String {
        let hex = String(digest, radix: 16)
        return "\(count):\(String(repeating: "0", count: 16 - hex.count))\(hex)"
    }

    /// The line a replay shows when the folder's listing is not the one recorded.
    public func changeNote(now: FolderListing, folder: String) -> String? {
        guard now != self else { return nil }
        let photos = "\(count) photo\(count == 1 ? "" : "s")"
        let change =
            now.count == count
            ? "\(photos) then and now, but not all the same ones, or not the same size" : "\(photos) then, \(now.count) now"
        return "\(folder) is not as it was recorded (\(change)): what follows may differ from the recording."
    }
}
