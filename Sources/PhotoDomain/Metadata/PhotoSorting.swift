/// The orders of a whole listing, on what is known of each photo. Every sort is stable: photos
/// that tie stay in the order they came (a walk's: by path).
enum PhotoSorting {
    /// `listed` in `order`. `fileTime` gives a photo's modification time as EXIF writes dates, for
    /// the photos with no date of their own (asked only of those, and only by `taken`).
    static func sorted(
        _ listed: [(entry: PhotoFolder.Entry, facts: PhotoFacts?)], by order: PhotoOrder,
        fileTime: ((entry: PhotoFolder.Entry, facts: PhotoFacts?)) -> String
    ) -> [(entry: PhotoFolder.Entry, facts: PhotoFacts?)] {
        // The values compared, taken out once (not the whole metadata of each photo: a copy of
        // 100,000 photos' is tens of MB).
        func values<Value>(_ value: (PhotoMetadata) -> Value?) -> [Value?] { listed.map { $0.facts.flatMap { value($0.metadata) } } }
        let indices: [Int]
        switch order {
        case .name:
            return listed
        case .size:
            indices = listed.indices.sorted { (listed[$0].entry.file.size, $1) > (listed[$1].entry.file.size, $0) }
        case .taken:
            // Compared as numbers (YYYYMMDDhhmmss): 10,000 dates compared as Strings cost more
            // than the sort's other work.
            let dates = values(\.taken)
            let taken = listed.indices.map { dateNumber(dates[$0] ?? fileTime(listed[$0])) }
            indices = listed.indices.sorted { (taken[$0], $0) < (taken[$1], $1) }
        case .camera:
            let cameras = values { $0.camera?.lowercased() }
            indices = listed.indices.sorted { ascending(cameras[$0], cameras[$1], $0, $1) }
        case .iso:
            let isos = values { $0.iso.map(Double.init) }
            indices = listed.indices.sorted { descending(isos[$0], isos[$1], $0, $1) }
        case .focal:
            let focals = values(\.focalLength)
            indices = listed.indices.sorted { descending(focals[$0], focals[$1], $0, $1) }
        case .rating:
            // No rating is no stars (as Lightroom shows it); a rejected photo comes last.
            let ratings = values { Double($0.rating ?? 0) }
            indices = listed.indices.sorted { descending(ratings[$0], ratings[$1], $0, $1) }
        }
        return indices.map { listed[$0] }
    }

    /// A–Z, the photos without a value last; ties in the order they came.
    private static func ascending(_ a: String?, _ b: String?, _ i: Int, _ j: Int) -> Bool {
        switch (a, b) {
        case let (a?, b?): a == b ? i < j : a < b
        case (.some, nil): true
        case (nil, .some): false
        case (nil, nil): i < j
        }
    }

    /// Highest first, the photos without a value last; ties in the order they came.
    private static func descending(_ a: Double?, _ b: Double?, _ i: Int, _ j: Int) -> Bool {
        switch (a, b) {
        case let (a?, b?): a == b ? i < j : a > b
        case (.some, nil): true
        case (nil, .some): false
        case (nil, nil): i < j
        }
    }

    /// `2024:06:01 12:30:00` as 20240601123000: its digits, in order.
    static func dateNumber(_ date: String) -> Int {
        var number = 0
        for byte in date.utf8 where (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            number = number &* 10 &+ Int(byte - UInt8(ascii: "0"))
        }
        return number
    }
}
