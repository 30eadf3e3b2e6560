import Networking
import PhotoreplPlatform
import Synchronization

/// The dates `sort date` read from photos' headers, kept for next time in a file of their own
/// (`$XDG_CACHE_HOME/photorepl/dates`, else `~/.cache/photorepl/dates`): a second `sort date` of a
/// folder of 10,000 photos reads none of their headers.
///
/// A date is kept under its file's identity and version (device, inode, size, modification time to
/// the nanosecond), never under its name: a photo renamed keeps its date, hard links share one, and a
/// photo rewritten or replaced under its name is read again. One line a file:
/// `DEVICE:INODE:SIZE:SECONDS.NANOSECONDS<TAB>YYYY:MM:DD HH:MM:SS` (`-` for a photo whose header has
/// no date), after the line `photorepl dates 1`. A file that does not read so is ignored, and written
/// afresh; it is written whole or not at all.
public final class PhotoDates: Sendable {
    /// A file's identity and version, as the dates are kept under.
    public struct Key: Hashable, Sendable {
        var device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            seconds = info.modificationTime.tv_sec
            nanoseconds = info.modificationTime.tv_nsec
        }

        init(device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int) {
            (self.device, self.inode, self.size, self.seconds, self.nanoseconds) = (device, inode, size, seconds, nanoseconds)
        }

        var text: String { "\(device):\(inode):\(size):\(seconds).\(nanoseconds)" }
    }

    /// The file, and what it held (read when a date is first asked for: a session that never sorts
    /// by date does not read it) and learnt: a date, or nil for a header with none.
    private let path: String?
    private let dates = Mutex<(known: [Key: String?]?, learnt: Int)>((nil, 0))
    /// More than this many dates are not kept (the file stays under about 10 MB).
    static let maxEntries = 200_000
    static let firstLine = "photorepl dates 1"

    /// The dates kept at `path` (nil: none kept, none written; a transcript's check).
    public init(path: String?) {
        self.path = path
    }

    /// The standard place: `$XDG_CACHE_HOME/photorepl/dates`, else `~/.cache/photorepl/dates`.
    public static func standardPath(environment: (String) -> String?) -> String? {
        if let cache = environment("XDG_CACHE_HOME"), cache.hasPrefix("/") { return cache + "/photorepl/dates" }
        if let home = environment("HOME"), home.hasPrefix("/") { return home + "/.cache/photorepl/dates" }
        return nil
    }

    /// What is kept, the file read first if it was not yet.
    private func withDates<R>(_ body: (inout [Key: String?], inout Int) -> R) -> R {
        dates.withLock { state in
            if state.known == nil { state.known = Self.read(path) }
            // In place: a copy of 10,000 dates at each one learnt would make a sort quadratic.
            return body(&state.known!, &state.learnt)
        }
    }

    /// The date kept for the file, if any: `.some(nil)` for a header known to have none.
    func date(for key: Key) -> String?? {
        withDates { known, _ in known[key] }
    }

    /// Keeps what a header said of the file.
    func learn(_ date: String?, for key: Key) {
        withDates { known, learnt in
            guard known.count < Self.maxEntries || known[key] != nil else { return }
            known[key] = .some(date)
            learnt += 1
        }
    }

    /// Writes what was learnt since the file was read (nothing when nothing was): whole, or not at
    /// all. A failure is not the session's: the dates are read again next time.
    public func save() {
        guard let path else { return }
        let (known, learnt) = withDates { known, learnt in
            defer { learnt = 0 }
            return (known, learnt)
        }
        guard learnt > 0 else { return }
        var text = Self.firstLine + "\n"
        for (key, date) in known {
            text += key.text + "\t" + (date ?? "-") + "\n"
        }
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        guard (try? FileBytes.makeFolders(folder)) != nil else { return }
        // (Not flushed to disk: the dates are read again when it is lost.)
        _ = try? FileBytes.writeAtomically(Array(text.utf8), to: path, mode: 0o600, replacing: true, flushing: false)
    }

    /// The dates in the file at `path`; none when it is not there, too large, or not such a file.
    /// Read byte by byte (a folder of 10,000 photos keeps 10,000 lines: split into Strings, they
    /// cost more than the headers they spare on a warm disk); a line that does not read is skipped.
    private static func read(_ path: String?) -> [Key: String?] {
        guard let path, let bytes = try? FileBytes.read(path: Array(path.utf8), limit: 16 << 20) else { return [:] }
        let first = Array((firstLine + "\n").utf8)
        guard bytes.starts(with: first) else { return [:] }
        var known: [Key: String?] = [:]
        known.reserveCapacity(min(bytes.count / 40, maxEntries))
        var i = first.count
        // A whole number up to `end`, the index moved past it; nil for one that is not, or does not
        // fit 64 bits (a device's or an inode's number may use all of them).
        func number(until end: UInt8) -> UInt64? {
            var value: UInt64 = 0, digits = 0
            while i < bytes.count, bytes[i] != end {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) else { return nil }
                let (times, over) = value.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times.addingReportingOverflow(UInt64(bytes[i] - UInt8(ascii: "0")))
                guard !over, !carry else { return nil }
                value = sum
                digits += 1
                i += 1
            }
            guard digits > 0, i < bytes.count else { return nil }
            i += 1
            return value
        }
        // A signed one (a file's time may be before 1970).
        func signed(until end: UInt8) -> Int? {
            let negative = i < bytes.count && bytes[i] == UInt8(ascii: "-")
            if negative { i += 1 }
            guard let magnitude = number(until: end), magnitude <= UInt64(Int.max) else { return nil }
            return negative ? -Int(magnitude) : Int(magnitude)
        }
        while i < bytes.count, known.count < maxEntries {
            let start = i
            defer {
                // On to the next line, wherever this one stopped.
                i = start
                while i < bytes.count, bytes[i] != 0x0A { i += 1 }
                i += 1
            }
            guard let device = number(until: UInt8(ascii: ":")), let inode = number(until: UInt8(ascii: ":")),
                  let size = signed(until: UInt8(ascii: ":")), let seconds = signed(until: UInt8(ascii: ".")),
                  let nanoseconds = signed(until: 0x09) else { continue }
            let key = Key(device: device, inode: inode, size: Int64(size), seconds: seconds, nanoseconds: nanoseconds)
            if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "-"), bytes[i + 1] == 0x0A {
                known[key] = .some(nil)
            } else if i + 19 < bytes.count, bytes[i + 19] == 0x0A, EXIFDate.isValid(bytes[i..<(i + 19)]) {
                known[key] = .some(String(decoding: bytes[i..<(i + 19)], as: UTF8.self))
            }
        }
        return known
    }
}

/// A date as EXIF writes it: `YYYY:MM:DD HH:MM:SS`.
enum EXIFDate {
    static func isValid(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count == 19 else { return false }
        for (i, byte) in bytes.enumerated() {
            switch i {
            case 4, 7, 13, 16: if byte != UInt8(ascii: ":") { return false }
            case 10: if byte != UInt8(ascii: " ") { return false }
            default: if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { return false }
            }
        }
        return true
    }
}
