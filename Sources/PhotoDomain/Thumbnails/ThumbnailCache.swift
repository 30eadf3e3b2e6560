import Imaging
import Networking
import SystemCalls
import Synchronization

/// The thumbnail cache that the desktop shares: the freedesktop.org Thumbnail Managing Standard
/// (0.9). Thumbnails that Nautilus, Thunar or KDE made are read; the ones photorepl makes are
/// written for them too. A thumbnail is a PNG named by the MD5 of its photo's URI, in the folder of
/// its size, and carries that URI and the photo's modification time: one whose time is not the
/// photo's is stale, and never shown.
public struct ThumbnailCache: Sendable {
    /// The standard's sizes: a thumbnail fits in a square of this many pixels.
    public enum Size: Int, CaseIterable, Sendable {
        case normal = 128, large = 256, xLarge = 512, xxLarge = 1024

        /// Its folder's name.
        public var folder: String {
            switch self {
            case .normal: "normal"
            case .large: "large"
            case .xLarge: "x-large"
            case .xxLarge: "xx-large"
            }
        }

        /// The smallest size whose square holds `picture`; nil when none does.
        public static func covering(_ picture: PixelSize) -> Size? {
            allCases.first { $0.rawValue >= max(picture.width, picture.height) }
        }
    }

    /// A photo file as the standard knows it.
    public struct Original: Sendable, Equatable {
        /// `file://` and its absolute path, percent-encoded.
        public var uri: String
        /// Its modification time, in whole seconds since 1970.
        public var modified: Int
        /// Its size in bytes.
        public var bytes: Int
        /// Its picture's size, upright.
        public var size: PixelSize

        public init(uri: String, modified: Int, bytes: Int, size: PixelSize) {
            self.uri = uri
            self.modified = modified
            self.bytes = bytes
            self.size = size
        }
    }

    /// The cache's folder (`…/thumbnails`).
    public let root: String
    /// Who writes here, for `fail/PROGRAM/`: `photorepl-0.2.0`.
    public let program: String
    /// Whether thumbnails are made after their picture is shown (a session's) or at once (a
    /// golden transcript's, whose next session must find them).
    public let writesInBackground: Bool
    /// The thumbnails being made; shared by every copy of this cache.
    private let pending = PendingThumbnails()

    /// How large a thumbnail file may be (a 1024 × 1024 RGBA PNG that does not compress at all is
    /// 4 MB); and its pixels, checked on its header before any are decoded.
    static let maxFileBytes = 8 << 20
    static let limits: ImageLimits = {
        var limits = ImageLimits()
        limits.maxSide = 4096
        limits.maxPixels = 4096 * 4096
        return limits
    }()

    /// Whether thumbnails are written at all: a transcript's check reads a cache outside its
    /// transcript's folder, and writes nothing there.
    public let writes: Bool

    public init(root: String, program: String, writesInBackground: Bool = true, writes: Bool = true) {
        self.root = root
        self.program = program
        self.writesInBackground = writesInBackground
        self.writes = writes
    }

    /// Where the standard puts the cache: `$XDG_CACHE_HOME/thumbnails`, else `$HOME/.cache/thumbnails`
    /// (an XDG_CACHE_HOME that is not absolute is ignored, as the XDG Base Directory Specification
    /// says); nil when neither is known.
    public static func standardRoot(environment: (String) -> String?) -> String? {
        if let cache = environment("XDG_CACHE_HOME"), cache.hasPrefix("/") { return cache + "/thumbnails" }
        if let home = environment("HOME"), home.hasPrefix("/") { return home + "/.cache/thumbnails" }
        return nil
    }

    /// The `file://` URI of an absolute path, percent-encoded as GLib's g_filename_to_uri does it
    /// (which is what names the desktop's thumbnails): bytes outside a small safe set, and every
    /// byte of a name that is not ASCII, as `%XX`.
    public static func uri(ofAbsolutePath path: [UInt8]) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out = Array("file://".utf8)
        for byte in path {
            if safeInPath(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// GLib's table for a URI's path: letters, digits and `!$&'()*+,-./:=@_~`.
    private static func safeInPath(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: Array("!$&'()*+,-./:=@_~".utf8).contains(byte)
        }
    }

    /// A thumbnail's file name: the MD5 of the URI, in hexadecimal, and `.png`.
    public static func fileName(uri: String) -> String { MD5.hex(Array(uri.utf8)) + ".png" }

    /// Where the thumbnail of `original` in `size` is.
    public func path(of original: Original, in size: Size) -> String {
        root + "/" + size.folder + "/" + Self.fileName(uri: original.uri)
    }

    /// The smallest thumbnail of `original` that holds `needed` pixels (the picture as shown, upright),
    /// or nil when there is none that is sound and up to date. A thumbnail for another photo (its URI),
    /// of another version (its modification time), of another shape, or that does not decode, is
    /// passed over.
    public func thumbnail(of original: Original, covering needed: PixelSize) -> Pixels? {
        guard let smallest = Size.covering(needed) else { return nil }
        for size in Size.allCases where size.rawValue >= smallest.rawValue {
            guard let bytes = try? FileBytes.read(path: Array(path(of: original, in: size).utf8), limit: Self.maxFileBytes) else {
                continue
            }
            let text = PNGFile.text(bytes)
            // Thumb::Size too when it is there: a file replaced within the same second, or copied
            // with its time kept (cp -p, rsync), has the time of the one the thumbnail shows.
            guard text["Thumb::URI"] == original.uri, text["Thumb::MTime"] == String(original.modified),
                text["Thumb::Size"].map({ $0 == String(original.bytes) }) ?? true,
                let header = try? ImageDecoder.header(of: bytes, limits: Self.limits), header.format == .png
            else { continue }
            // Judged by its header before a pixel is inflated: no larger than its folder's size (as
            // the standard has it), the photo's shape (within a pixel of rounding), and as large as
            // needed unless it is the whole photo (a thumbnail of a small photo is the photo's size).
            // Twenty planted 4096×4095 PNGs with the right URI and time were each inflated, then
            // refused for their shape, on every visit: seconds for a sheet.
            let got = header.uprightSize
            let fits = max(got.width, got.height) <= size.rawValue || got == original.size
            let shaped =
                abs(got.width * original.size.height - got.height * original.size.width) <= max(original.size.width, original.size.height)
            let covers = (got.width >= needed.width && got.height >= needed.height) || got == original.size
            guard fits, shaped, covers,
                var pixels = try? ImageDecoder.decode(bytes, fitting: PixelSize(width: 4096, height: 4096), limits: Self.limits),
                PixelSize(width: pixels.width, height: pixels.height) == got
            else { continue }
            pixels.source = .thumbnail(folder: size.folder, size: got, software: text["Software"])
            return pixels
        }
        return nil
    }

    /// Writes the thumbnail of `original` in `size` from `pixels` (the photo upright, at least the
    /// thumbnail's size, or whole): a temporary file renamed into place, 0600 in 0700 folders, as
    /// the standard asks. Not where a link or anything but a file is in the way.
    package func store(_ pixels: Pixels, of original: Original, in size: Size) throws(FileBytes.Failure) {
        guard writes else { return }
        let fitted = original.size.fitted(in: PixelSize(width: size.rawValue, height: size.rawValue))
        let target = PixelSize(width: min(fitted.width, original.size.width), height: min(fitted.height, original.size.height))
        let thumbnail = pixels.width == target.width && pixels.height == target.height ? pixels : pixels.resampled(to: target)
        try write(thumbnail, of: original, to: path(of: original, in: size), folder: size.folder)
    }

    /// Makes the thumbnail of `original` in `size` from what `picture` gives (the photo upright, at
    /// least the thumbnail's size), after the picture the user asked for is shown: a 1024-pixel
    /// thumbnail may need a decode at twice the scale, and its PNG takes tens of milliseconds. One
    /// at a time for a thumbnail; a photo that cannot be decoded is recorded in `fail/`. Nothing
    /// about it is the user's concern: a thumbnail that cannot be written is simply not there.
    /// `decodes`: whether `picture` decodes the photo again, rather than handing on pixels already
    /// decoded; `holding`: the bytes it holds until it runs (the file's, or the pixels'). Few of
    /// those wait at once (see `PendingThumbnails`).
    public func make(
        _ original: Original, in size: Size, decodes: Bool = true, holding bytes: Int = 0,
        from picture: @escaping @Sendable () throws -> Pixels
    ) {
        guard writes else { return }
        let work: @Sendable () -> Void = {
            do {
                try self.store(try picture(), of: original, in: size)
            } catch let failure as PictureFailure where failure.isUndecodable {
                try? self.storeFailure(of: original)
            } catch {
                // Written next time.
            }
        }
        if writesInBackground {
            pending.start(path(of: original, in: size), decodes: decodes, holding: bytes, work)
        } else {
            work()
        }
    }

    /// Waits for the thumbnails being made.
    public func finishWriting() async {
        await pending.finish()
    }

    /// Records that `original` could not be made into a thumbnail (`fail/PROGRAM/NAME.png`, an
    /// empty picture with the photo's URI and time), as the standard asks, so that nobody tries again
    /// until it changes.
    package func storeFailure(of original: Original) throws(FileBytes.Failure) {
        guard writes else { return }
        let empty = Pixels(width: 1, height: 1, rgba: [0, 0, 0, 0])
        try write(empty, of: original, to: failurePath(of: original), folder: "fail/" + program)
    }

    /// Where the failure of `original` is recorded.
    func failurePath(of original: Original) -> String {
        root + "/fail/" + program + "/" + Self.fileName(uri: original.uri)
    }

    /// Whether a failure is recorded for this version of `original`.
    public func hasFailure(of original: Original) -> Bool {
        guard let bytes = try? FileBytes.read(path: Array(failurePath(of: original).utf8), limit: 64 << 10) else { return false }
        let text = PNGFile.text(bytes)
        return text["Thumb::URI"] == original.uri && text["Thumb::MTime"] == String(original.modified)
    }

    private func write(_ pixels: Pixels, of original: Original, to path: String, folder: String) throws(FileBytes.Failure) {
        // Written under the folder checked, not through the name again (a link swapped in meanwhile).
        let path = try privateFolder(folder) + "/" + (path.split(separator: "/").last.map(String.init) ?? "")
        var existing = stat()
        if lstat(path, &existing) == 0, (existing.st_mode & S_IFMT) != S_IFREG {
            throw FileBytes.Failure("\(path) is not a file")
        }
        let png: [UInt8]
        do {
            png = try PNGFile.encode(
                pixels,
                text: [
                    ("Thumb::URI", original.uri), ("Thumb::MTime", String(original.modified)), ("Thumb::Size", String(original.bytes)),
                    ("Thumb::Image::Width", String(original.size.width)), ("Thumb::Image::Height", String(original.size.height)),
                    ("Software", "photorepl")
                ])
        } catch {
            throw FileBytes.Failure(error.reason)
        }
        try FileBytes.writeAtomically(png, to: path, mode: 0o600, replacing: true, flushing: false)
    }

    /// `folder` of the cache, with the cache's own place resolved (where the user put it, links and
    /// all), once it and every folder from the cache's down to it are checked: a folder, not a link
    /// to one, ours, and closed to everyone else (nothing for group or others, as the standard's
    /// 0700). Else nothing is written: in a cache others can write to (a shared `--thumbnails`
    /// folder), a `large` made a link by another user chose where photorepl wrote.
    private func privateFolder(_ folder: String) throws(FileBytes.Failure) -> String {
        try FileBytes.makeFolders(root)
        guard let resolved = realpath(root, nil) else { throw FileBytes.Failure("\(root): \(String(cString: strerror(errno)))") }
        var path = String(cString: resolved)
        free(resolved)
        // Each folder made (0700) and checked before the next is made in it: a link is never
        // followed, not even to make a folder.
        for part in [""] + folder.split(separator: "/").map(String.init) {
            if !part.isEmpty {
                path += "/" + part
                try FileBytes.makeFolder(path)  // a link already there is EEXIST, and refused below
            }
            var info = stat()
            guard lstat(path, &info) == 0 else { throw FileBytes.Failure("\(path): \(String(cString: strerror(errno)))") }
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw FileBytes.Failure("\(path) is not a folder of the cache (a link?)") }
            guard info.st_uid == geteuid(), info.st_mode & 0o077 == 0 else {
                throw FileBytes.Failure("\(path) is not private to you (its owner or mode): no thumbnail is written there")
            }
        }
        return path
    }

}

/// Thumbnails being made in the background, by where they go: one at a time for each, on a thread
/// of their own (`DecodingExecutor.thumbnails`). At most `decodingLimit` of those that decode their
/// photo again are pending at once (each holds its file's bytes until its turn); at most `limit` in
/// all, those made from pixels already decoded holding at most `byteBudget` bytes of them together.
/// Paging fast through a folder of big photos asks for more than that: the rest are not made this
/// time, and are made when their photos are seen again.
final class PendingThumbnails: Sendable {
    private struct Pending {
        var tasks: [String: Task<Void, Never>] = [:]
        var decoding = 0
        var bytes = 0
    }

    private let pending = Mutex(Pending())
    static let decodingLimit = 2
    static let limit = 64
    static let byteBudget = 48 << 20

    func start(_ path: String, decodes: Bool, holding bytes: Int, _ work: @escaping @Sendable () -> Void) {
        pending.withLock { pending in
            guard pending.tasks[path] == nil, pending.tasks.count < Self.limit,
                decodes ? pending.decoding < Self.decodingLimit : bytes <= Self.byteBudget - pending.bytes
            else { return }
            let held = decodes ? 0 : bytes
            if decodes { pending.decoding += 1 }
            pending.bytes += held
            // On a decoding thread of their own: on the pool, a thumbnail's decode held a thread that
            // Ctrl-C's cancellation of a command needed.
            pending.tasks[path] = Task.detached(executorPreference: DecodingExecutor.thumbnails, priority: .utility) { [self] in
                work()
                self.pending.withLock { pending in
                    pending.tasks[path] = nil
                    pending.bytes -= held
                    if decodes { pending.decoding -= 1 }
                }
            }
        }
    }

    /// Returns once none is being made (including any started meanwhile).
    func finish() async {
        while let next = pending.withLock({ $0.tasks.values.first }) {
            await next.value
        }
    }
}
