import SafeFiles
import SystemCalls

/// A photo's XMP sidecar: found where darktable, digiKam, Lightroom and Capture One look, read with
/// its identity (to tell a change another program made since), and replaced whole or not at all.
public struct XMPSidecar: Sendable, Equatable {
    /// Where the sidecar is read and written (it may not exist yet): its path, or where a
    /// transcript's check keeps it (`place` of `find`).
    public var path: [UInt8]
    /// Its path beside its photo.
    public var name: [UInt8]
    /// As messages name it (from the folder's name).
    public var shownName: String
    /// Its bytes when it was read; nil when there is none yet.
    public var bytes: [UInt8]?
    /// Its identity and version when it was read (nil: none yet).
    var version: Version?
    /// Whether it is a `NAME.xmp` another photo of the same name shares (a RAW+JPEG pair's).
    public var sharedWith: [UInt8]?

    /// A file's identity and version: another program's write changes one of them.
    struct Version: Equatable, Sendable {
        var device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int, changed: Int, changedNanoseconds: Int

        init(_ info: stat) {
            (device, inode, size) = (UInt64(info.st_dev), UInt64(info.st_ino), Int64(info.st_size))
            (seconds, nanoseconds) = (info.modificationTime.tv_sec, info.modificationTime.tv_nsec)
            (changed, changedNanoseconds) = (info.changeTime.tv_sec, info.changeTime.tv_nsec)
        }
    }

    /// Why a sidecar cannot be read or written, in words that name it.
    public struct Failure: Error, Sendable, Equatable {
        public var message: String
    }

    /// The sidecar of the photo at `photo`: `NAME.EXT.xmp` when it exists (darktable, digiKam: it
    /// wins when both do), else an existing `NAME.xmp` or `NAME.XMP` (Lightroom, Capture One), else
    /// a new `NAME.EXT.xmp`; read. `siblings` gives the other files of the photo's folder that share
    /// its name without the extension (`IMG_0001.JPG` beside `IMG_0001.CR2`): a `NAME.xmp` is theirs too.
    /// - Parameter place: where a sidecar beside the photo is read and written instead (a
    ///   transcript's check, whose folder must stay as it is): one there is read first, else the
    ///   one beside the photo, whose changes then go there.
    /// - Parameter naming: how messages name a sidecar's path.
    public static func find(
        for photo: [UInt8], siblings: () -> [[UInt8]] = { [] }, place: (([UInt8]) -> [UInt8])? = nil,
        naming: ([UInt8]) -> String = { String(decoding: $0, as: UTF8.self) }
    ) -> Result<XMPSidecar, Failure> {
        let whole = photo + Array(".xmp".utf8)
        var candidates = [(whole, false)]
        if let dot = extensionDot(photo) {
            candidates += [".xmp", ".XMP"].map { (Array(photo[..<dot]) + Array($0.utf8), true) }
        }
        for (name, byStem) in candidates {
            let placed = place?(name) ?? name
            if exists(placed) { return read(placed, name: name, shownName: naming(name), sharedWith: byStem ? siblings().first : nil) }
            guard placed != name, exists(name) else { continue }
            // Read where it is; written where the check keeps it (nothing there yet).
            return read(name, name: name, shownName: naming(name), sharedWith: byStem ? siblings().first : nil).map { found in
                var moved = found
                moved.path = placed
                moved.version = nil
                return moved
            }
        }
        return .success(
            XMPSidecar(path: place?(whole) ?? whole, name: whole, shownName: naming(whole), bytes: nil, version: nil, sharedWith: nil))
    }

    /// Where the extension's dot is in the file name of `path` (not a leading dot: `.hidden`).
    static func extensionDot(_ path: [UInt8]) -> Int? {
        let nameStart = (path.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
        guard let dot = path.lastIndex(of: UInt8(ascii: ".")), dot > nameStart else { return nil }
        return dot
    }

    /// Whether something is at `path` (a link counts: `read` refuses it, rather than a new sidecar
    /// being made beside it).
    private static func exists(_ path: [UInt8]) -> Bool {
        var info = stat()
        return withPath(path) { lstat($0, &info) } == 0
    }

    /// The sidecar at `path`, read whole with its version; refused when it is not a regular file
    /// (a link, a FIFO: writing through a link would change a file elsewhere), larger than
    /// `MetadataReader.largestSidecar`, or declares a DOCTYPE (XML entities, which can expand a
    /// few bytes into gigabytes: no XMP writer makes one).
    static func read(_ path: [UInt8], name: [UInt8], shownName shown: String, sharedWith: [UInt8]?) -> Result<XMPSidecar, Failure> {
        let fd = withPath(path) { open($0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else {
            let code = errno
            if code == ELOOP {
                return .failure(Failure(message: "\(shown) is a symbolic link: photorepl writes no sidecar through a link"))
            }
            return .failure(Failure(message: "cannot read \(shown): \(String(cString: strerror(code)))"))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return .failure(Failure(message: "\(shown) is not a regular file: photorepl reads and writes only a file there"))
        }
        guard info.st_size <= Int64(MetadataReader.largestSidecar) else {
            return .failure(Failure(message: "\(shown) is larger than 16 MB: no sidecar is, so photorepl leaves it as it is"))
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { SystemCalls.read(fd, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return .failure(Failure(message: "cannot read \(shown): \(String(cString: strerror(errno)))")) }
            if count == 0 { break }
            bytes += chunk[..<count]
            guard bytes.count <= MetadataReader.largestSidecar else {
                return .failure(Failure(message: "\(shown) is larger than 16 MB: no sidecar is, so photorepl leaves it as it is"))
            }
        }
        if declaresDoctype(bytes) {
            return .failure(
                Failure(message: "\(shown) declares a DOCTYPE (XML entities): photorepl reads no such file, and leaves it as it is"))
        }
        return .success(XMPSidecar(path: path, name: name, shownName: shown, bytes: bytes, version: Version(info), sharedWith: sharedWith))
    }

    /// Whether the XML declares a document type (`<!DOCTYPE`, where entities are declared), in any
    /// case, as UTF-8 or as UTF-16 (a NUL between the letters).
    /// One pass over the bytes, without copying them: it runs before every rating, and a generic
    /// search of a copy took half of a rating's time.
    static func declaresDoctype(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var next = 0
            while let open = buffer[next...].firstIndex(of: UInt8(ascii: "<")) {
                if follows(doctypeWord, in: buffer, after: open) || follows(entityWord, in: buffer, after: open) { return true }
                next = open + 1
            }
            return false
        }
    }

    private static let doctypeWord = Array("!DOCTYPE".utf8), entityWord = Array("!ENTITY".utf8)

    /// Whether `word` (upper case) follows `buffer[start]`, in any case, NULs between its letters skipped.
    private static func follows(_ word: [UInt8], in buffer: UnsafeBufferPointer<UInt8>, after start: Int) -> Bool {
        var at = start + 1
        for letter in word {
            while at < buffer.count, buffer[at] == 0 { at += 1 }
            guard at < buffer.count else { return false }
            let byte = buffer[at]
            guard (byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte) == letter else { return false }
            at += 1
        }
        return true
    }

    /// Whether the file at `path` is still the one read (nothing wrote it since, or it is still
    /// absent).
    var isUnchanged: Bool {
        var info = stat()
        guard Self.withPath(path, { lstat($0, &info) }) == 0 else { return version == nil }
        return version == Version(info)
    }

    /// Puts `bytes` in place of the sidecar, whole or not at all: a temporary file beside it,
    /// flushed, renamed over it; its mode kept. Returns the sidecar as written. The folder is not
    /// flushed after the rename: a power cut may then leave the sidecar as it was before (whole),
    /// never half of either, and a flush of the folder would double the cost of every rating
    /// (the file system's journal commits the rename within seconds anyway).
    func replaced(by bytes: [UInt8]) -> Result<XMPSidecar, Failure> {
        // ReplacingFile takes a String: a name that is not UTF-8 would be written under another name.
        guard let target = String(validating: path, as: UTF8.self) else {
            return .failure(
                Failure(message: "cannot write \(shownName): its name is not UTF-8, and photorepl writes no sidecar under such a name yet"))
        }
        do throws(ReplacingFile.Failure) {
            let file = try ReplacingFile(path: target, mode: 0o666, followingLinks: false)
            file.write(bytes)
            try file.commit()
        } catch {
            return .failure(Failure(message: Self.reworded(error, shownName)))
        }
        var info = stat()
        let version = Self.withPath(path) { lstat($0, &info) } == 0 ? Version(info) : nil
        return .success(XMPSidecar(path: path, name: name, shownName: shownName, bytes: bytes, version: version, sharedWith: sharedWith))
    }

    /// Removes the sidecar (one photorepl made, taken back by `undo`).
    func removed() -> Result<Void, Failure> {
        guard Self.withPath(path, { unlink($0) }) == 0 || errno == ENOENT else {
            return .failure(Failure(message: "cannot remove \(shownName): \(String(cString: strerror(errno)))"))
        }
        return .success(())
    }

    /// A write's failure as a person reads it: a folder that cannot be written says so.
    private static func reworded(_ failure: ReplacingFile.Failure, _ shown: String) -> String {
        if failure.reason.contains("Permission denied") || failure.reason.contains("Read-only file system") {
            return
                "cannot write \(shown): \(failure.reason) (nothing was written; start photorepl with --read-only to look without judging)"
        }
        return "cannot write \(shown): \(failure.reason) (nothing was written)"
    }

    private static func withPath<R>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        (path + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) } }
    }
}
