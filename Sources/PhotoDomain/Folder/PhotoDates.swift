import Networking
import SystemCalls
import Synchronization

/// The dates `sort date` read from photos' headers, kept for next time in a file of their own
/// (`$XDG_CACHE_HOME/photorepl/dates`, else `~/.cache/photorepl/dates`): a second `sort date` of a
/// folder of 10,000 photos reads none of their headers.
///
/// A date is kept under its file's identity and version (device, inode, size, modification and
/// change times to the nanosecond), never under its name: a photo rewritten or replaced under its
/// name is read again, even when its size is the same and its modification time was put back
/// (`touch -r`: the change time moves all the same; so it does when a photo is renamed or linked,
/// read again once).
/// Each date says the day it was last used: when there are more than `maxEntries`, those used
/// longest ago are dropped, and one not used for `keptDays` is dropped anyway (a photo deleted or
/// edited leaves its old line behind: full of such, the file learnt nothing new). One line a file:
/// `DEVICE:INODE:SIZE:MSECONDS.MNANOSECONDS:CSECONDS.CNANOSECONDS:DAY<TAB>YYYY:MM:DD HH:MM:SS` (`-`
/// for a photo whose header has no date; DAY counted from 1970), after the line `photorepl dates 2`.
/// A file that does not read so is ignored, and written afresh; it is written whole or not at all.
public final class PhotoDates: Sendable {
    /// A file's identity and version, as the dates are kept under.
    public struct Key: Hashable, Sendable {
        var device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int
        var changed: Int, changedNanoseconds: Int

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            seconds = info.modificationTime.tv_sec
            nanoseconds = info.modificationTime.tv_nsec
            changed = info.changeTime.tv_sec
            changedNanoseconds = info.changeTime.tv_nsec
        }

        init(device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int, changed: Int, changedNanoseconds: Int) {
            (self.device, self.inode, self.size, self.seconds, self.nanoseconds) = (device, inode, size, seconds, nanoseconds)
            (self.changed, self.changedNanoseconds) = (changed, changedNanoseconds)
        }

        var text: String { "\(device):\(inode):\(size):\(seconds).\(nanoseconds):\(changed).\(changedNanoseconds)" }
    }

    /// What is kept of a file: its header's date (nil: it has none), and the day it was last used.
    struct Entry: Equatable {
        var date: String?
        var day: Int
    }

    /// The file, and what it held (read when a date is first asked for: a session that never sorts
    /// by date does not read it) and learnt: a date, or nil for a header with none.
    private let path: String?
    private let dates = Mutex<(known: [Key: Entry]?, changed: Int)>((nil, 0))
    /// More than this many dates are not kept: those used longest ago go first (the file stays under
    /// about 16 MB). A session may learn as many again before they are written.
    public static let maxEntries = 200_000
    /// `maxEntries`, or a test's.
    private let capacity: Int
    /// A date not used for this many days is dropped when the file is written.
    static let keptDays = 365
    static let firstLine = "photorepl dates 2"
    /// Today, as days from 1970 (a test's own day).
    private let today: Int

    /// The dates kept at `path` (nil: none kept, none written; a transcript's check).
    /// - Parameter today: the day counted from 1970 (the clock's, unless a test says).
    /// - Parameter capacity: the most dates kept (`maxEntries`, unless a test says).
    public init(path: String?, today: Int? = nil, capacity: Int = PhotoDates.maxEntries) {
        self.path = path
        self.capacity = capacity
        self.today = today ?? Int(time(nil) / 86_400)
    }

    /// The standard place: `$XDG_CACHE_HOME/photorepl/dates`, else `~/.cache/photorepl/dates`.
    public static func standardPath(environment: (String) -> String?) -> String? {
        if let cache = environment("XDG_CACHE_HOME"), cache.hasPrefix("/") { return cache + "/photorepl/dates" }
        if let home = environment("HOME"), home.hasPrefix("/") { return home + "/.cache/photorepl/dates" }
        return nil
    }

    /// What is kept, the file read first if it was not yet.
    private func withDates<R>(_ body: (inout [Key: Entry], inout Int) -> R) -> R {
        dates.withLock { state in
            if state.known == nil { state.known = Self.read(path) }
            // In place: a copy of 10,000 dates at each one learnt would make a sort quadratic.
            return body(&state.known!, &state.changed)
        }
    }

    /// The date kept for the file, if any: `.some(nil)` for a header known to have none. It is
    /// marked used today.
    func date(for key: Key) -> String?? {
        withDates { known, changed in
            guard var entry = known[key] else { return nil }
            if entry.day != today {
                entry.day = today
                known[key] = entry
                changed += 1
            }
            return .some(entry.date)
        }
    }

    /// Keeps what a header said of the file (up to twice `maxEntries` until they are written, when
    /// the oldest are dropped).
    func learn(_ date: String?, for key: Key) {
        withDates { known, changed in
            guard known.count < 2 * capacity || known[key] != nil else { return }
            known[key] = Entry(date: date, day: today)
            changed += 1
        }
    }

    /// How many dates are kept (for tests).
    var count: Int { withDates { known, _ in known.count } }

    /// Writes what was learnt since the file was read (nothing when nothing was): whole, or not at
    /// all. A failure is not the session's: the dates are read again next time.
    public func save() {
        guard let path else { return }
        let (known, changed) = withDates { known, changed in
            defer { changed = 0 }
            return (known, changed)
        }
        let oldest = today - Self.keptDays
        guard changed > 0 || known.values.contains(where: { $0.day < oldest }) else { return }
        var kept = known.filter { $0.value.day >= oldest }
        if kept.count > capacity {
            // The most recently used first; of one day, any.
            kept = Dictionary(uniqueKeysWithValues: kept.sorted { $0.value.day > $1.value.day }.prefix(capacity).map { ($0.key, $0.value) })
        }
        withDates { known, _ in known = kept }
        let text = Self.text(of: kept)
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        guard (try? FileBytes.makeFolders(folder)) != nil else { return }
        // (Not flushed to disk: the dates are read again when it is lost.)
        _ = try? FileBytes.writeAtomically(Array(text.utf8), to: path, mode: 0o600, replacing: true, flushing: false)
    }

    /// The dates in the file at `path`; none when it is not there, too large, or not such a file.
    /// Read byte by byte (a folder of 10,000 photos keeps 10,000 lines: split into Strings, they
    /// cost more than the headers they spare on a warm disk); a line that does not read is skipped.
    private static func read(_ path: String?) -> [Key: Entry] {
        guard let path, let bytes = try? FileBytes.read(path: Array(path.utf8), limit: 16 << 20) else { return [:] }
        return parse(bytes)
    }

    /// The file's text for `dates`, as `parse` reads it.
    static func text(of dates: [Key: Entry]) -> String {
        var text = firstLine + "\n"
        for (key, entry) in dates {
            text += key.text + ":\(entry.day)\t" + (entry.date ?? "-") + "\n"
        }
        return text
    }

    /// The dates a file's `bytes` hold (at most `maxEntries`); none when it is not such a file.
    static func parse(_ bytes: [UInt8]) -> [Key: Entry] {
        let first = Array((firstLine + "\n").utf8)
        guard bytes.starts(with: first) else { return [:] }
        var known: [Key: Entry] = [:]
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
                let nanoseconds = signed(until: UInt8(ascii: ":")), let changed = signed(until: UInt8(ascii: ".")),
                let changedNanoseconds = signed(until: UInt8(ascii: ":")), let day = signed(until: 0x09)
            else { continue }
            let key = Key(
                device: device, inode: inode, size: Int64(size), seconds: seconds, nanoseconds: nanoseconds,
                changed: changed, changedNanoseconds: changedNanoseconds)
            if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "-"), bytes[i + 1] == 0x0A {
                known[key] = Entry(date: nil, day: day)
            } else if i + 19 < bytes.count, bytes[i + 19] == 0x0A, EXIFDate.isValid(bytes[i..<(i + 19)]) {
                known[key] = Entry(date: String(decoding: bytes[i..<(i + 19)], as: UTF8.self), day: day)
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
