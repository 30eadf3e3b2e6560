import Networking

/// Writing a photo's file for `save`: the name it gets by default, and the atomic write.
enum PhotoFiles {
    /// `ID.jpg` made safe as a file name: letters, digits, `.`, `_` and `-` kept, anything else `_`,
    /// never a hidden or empty name.
    static func defaultName(for id: String, fileExtension: String) -> String {
        var name = String(id.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        })
        while name.hasPrefix(".") { name = "_" + name.dropFirst() }
        if name.isEmpty { name = "photo" }
        let suffix = "." + fileExtension
        return name.lowercased().hasSuffix(suffix) ? name : name + suffix
    }

    /// Writes `bytes` to `path`, whole or not at all.
    static func write(_ bytes: [UInt8], to path: String, replacing: Bool) throws -> SavedPhoto {
        do {
            try FileBytes.writeAtomically(bytes, to: path, mode: 0o644, replacing: replacing)
        } catch {
            if error.exists { throw PhotosWorkerError("\(path) exists: add --force to replace it, or give another PATH") }
            throw PhotosWorkerError("cannot write \(path): \(error.message) (nothing was written)")
        }
        return SavedPhoto(path: path, byteCount: bytes.count)
    }
}
