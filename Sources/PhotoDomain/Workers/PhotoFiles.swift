import Networking
import SystemCalls
import SafeFiles

/// Writing a photo's file for `save`: the name it gets by default, and the atomic write.
enum PhotoFiles {
    /// `ID.jpg` made safe as a file name: letters, digits, `.`, `_` and `-` kept, anything else `_`,
    /// never a hidden or empty name.
    static func defaultName(for id: String, fileExtension: String) -> String {
        var name = String(
            id.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
                    ? Character(scalar) : "_"
            })
        while name.hasPrefix(".") { name = "_" + name.dropFirst() }
        if name.isEmpty { name = "photo" }
        let suffix = "." + fileExtension
        return name.lowercased().hasSuffix(suffix) ? name : name + suffix
    }

    /// Writes `bytes` to `path`, whole or not at all. Messages and the file written name `shownAs`:
    /// the path asked for, where a transcript's check writes the file elsewhere.
    static func write(_ bytes: [UInt8], to path: String, shownAs: String? = nil, replacing: Bool) throws -> SavedPhoto {
        let shown = shownAs ?? path
        do {
            try FileBytes.writeAtomically(bytes, to: path, mode: 0o644, replacing: replacing)
        } catch {
            throw failure(error, shown)
        }
        return SavedPhoto(path: shown, byteCount: bytes.count)
    }

    /// Writes `path`, whole or not at all, with what `fill` writes to the file: a download or a copy
    /// streamed through it, never held in memory. When `fill` throws, nothing is written. Messages
    /// and the photo saved name `shownAs`: the path asked for, where a transcript's check writes the
    /// file elsewhere.
    static func write(to path: String, shownAs: String? = nil, replacing: Bool, fill: (ReplacingFile) async throws -> Void) async throws
        -> SavedPhoto
    {
        let shown = shownAs ?? path
        let file: ReplacingFile
        do { file = try FileBytes.startReplacing(path, mode: 0o644, replacing: replacing) } catch { throw failure(error, shown) }
        try await fill(file)
        var info = stat()
        let size = fstat(file.fd, &info) == 0 ? Int(info.st_size) : 0
        do { try FileBytes.finish(file, replacing: replacing) } catch { throw failure(error, shown) }
        return SavedPhoto(path: shown, byteCount: size)
    }

    private static func failure(_ error: FileBytes.Failure, _ path: String) -> PhotosWorkerError {
        if error.exists { return PhotosWorkerError("\(path) exists: add --force to replace it, or give another PATH") }
        return PhotosWorkerError("cannot write \(path): \(error.message) (nothing was written)")
    }
}
