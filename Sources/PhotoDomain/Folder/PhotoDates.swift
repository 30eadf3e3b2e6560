/// The dates file older sessions kept (`$XDG_CACHE_HOME/photorepl/dates`, else
/// `~/.cache/photorepl/dates`): the photo index (`PhotoIndex`) reads it once, when it is made, to
/// carry over what it knew, and then removes it.
///
/// A date is kept under its file's identity and version (device, inode, size, modification and
/// change times to the nanosecond). One line a file:
/// `DEVICE:INODE:SIZE:MSECONDS.MNANOSECONDS:CSECONDS.CNANOSECONDS:DAY<TAB>YYYY:MM:DD HH:MM:SS` (`-`
/// for a photo whose header has no date; DAY, when it was last used, counted from 1970), after the
/// line `photorepl dates 2`. A file that does not read so holds nothing.
public enum PhotoDates {
    /// A file's identity and version, as the dates are kept under.
    public struct Key: Hashable, Sendable {
        var device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int
        var changed: Int, changedNanoseconds: Int

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

    /// The most dates the file held (about 16 MB): more are not read.
    public static let maxEntries = 200_000
    static let firstLine = "photorepl dates 2"

    /// The standard place: `$XDG_CACHE_HOME/photorepl/dates`, else `~/.cache/photorepl/dates`.
    public static func standardPath(environment: (String) -> String?) -> String? {
        if let cache = environment("XDG_CACHE_HOME"), cache.hasPrefix("/") { return cache + "/photorepl/dates" }
        if let home = environment("HOME"), home.hasPrefix("/") { return home + "/.cache/photorepl/dates" }
        return nil
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
