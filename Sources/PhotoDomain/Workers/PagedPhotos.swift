/// Lists of photos that come a page at a time, as seed 004's collection view scrolled through
/// `GET /photos`: the feed (a source's photos, newest first), an Unsplash topic or collection, and
/// search results.

/// One page of a paged list.
public struct PhotoPage: Equatable, Sendable {
    public var photos: [Photo]
    /// Whether a page follows this one.
    public var hasNext: Bool
    /// How many photos the whole list holds, when the source says (Unsplash's `X-Total`, `total`).
    public var total: Int?
    /// Lines for the user about how the page was found (a folder: what it found and skipped).
    public var notes: [String]

    public init(photos: [Photo], hasNext: Bool, total: Int? = nil, notes: [String] = []) {
        self.photos = photos
        self.hasNext = hasNext
        self.total = total
        self.notes = notes
    }

    /// Page `page` (1-based) of `all`, `perPage` a page: how the embedded catalog and a folder page
    /// through their own photos.
    public static func slice(_ all: [Photo], page: Int, perPage: Int, notes: [String] = []) -> PhotoPage {
        let start = (page - 1).multipliedReportingOverflow(by: perPage)
        guard page >= 1, perPage >= 1, !start.overflow, start.partialValue < all.count else {
            return PhotoPage(photos: [], hasNext: false, total: all.count, notes: notes)
        }
        // Compared before it is added: a page size near Int.max must not overflow.
        let end = all.count - start.partialValue <= perPage ? all.count : start.partialValue + perPage
        return PhotoPage(photos: Array(all[start.partialValue..<end]), hasNext: end < all.count, total: all.count, notes: notes)
    }
}

extension PhotoPage {
    /// The page's photos less those already in `listed` (a feed shifts while it is read: a photo
    /// published meanwhile pushes the last one of a page onto the next) and its own repeats. Ids are
    /// compared byte for byte: Unicode calls "café" in its two spellings equal.
    public func photos(notIn listed: [Photo]) -> [Photo] {
        var seen = Set(listed.map { Array($0.id.utf8) })
        return photos.filter { seen.insert(Array($0.id.utf8)).inserted }
    }

    /// The page `load` gives, or why there is none.
    public static func loading(_ load: @Sendable () async throws -> PhotoPage) async -> Result<PhotoPage, LoadingFailure> {
        do {
            let page = try await load()
            try Task.checkCancellation()
            return .success(page)
        } catch {
            return .failure(LoadingFailure(error))
        }
    }
}

/// Why what a source was asked for is not there: Ctrl-C, or the source's words.
public enum LoadingFailure: Error, Equatable, Sendable {
    case interrupted
    case failed(String)

    /// `error` as a failure: a `CancellationError` is Ctrl-C.
    public init(_ error: any Error) {
        self = error is CancellationError ? .interrupted : .failed(String(describing: error))
    }
}

/// Where a list loaded a page at a time stands: how many pages are in, whether more follow, how
/// many photos the source says it holds. The collection's feed and the search results keep one.
public struct LoadedPages: Equatable, Sendable {
    public private(set) var count = 0
    public private(set) var hasMore = false
    public private(set) var total: Int?

    public init() {}

    /// Page 1's photos (its repeats left out), which start the list over.
    public mutating func start(with page: PhotoPage) -> [Photo] {
        count = 0
        total = nil
        return next(page, after: [])
    }

    /// The next page's photos not in `listed`, to append. A page that brings nothing new (a source
    /// that repeats itself) ends the list, as the last page does.
    public mutating func next(_ page: PhotoPage, after listed: [Photo]) -> [Photo] {
        let added = page.photos(notIn: listed)
        count += 1
        hasMore = page.hasNext && !added.isEmpty
        total = page.total ?? total
        return added
    }
}

/// The feed the collection browses instead of random photos (`--feed`, `--topic`, `--collection`).
public protocol PhotoFeedWorker: Sendable {
    /// What the feed is, for `state` and messages: `the latest photos`, `the topic 'nature'`.
    var feedName: String { get }
    /// Page `page` (1-based), `perPage` (1…30) photos a page. Throws `PhotosWorkerError` with words
    /// for the user, or `CancellationError`.
    func feedPage(_ page: Int, perPage: Int) async throws -> PhotoPage
}

/// What `search` looks for.
public struct PhotoQuery: Equatable, Sendable {
    public enum Orientation: String, CaseIterable, Sendable {
        case landscape, portrait, squarish
    }

    /// The colours Unsplash's search filters by (`color`).
    public static let colors = [
        "black_and_white", "black", "white", "yellow", "orange", "red", "purple", "magenta", "green", "teal", "blue"
    ]

    public var text: String
    public var orientation: Orientation?
    public var color: String?

    public init(text: String, orientation: Orientation? = nil, color: String? = nil) {
        self.text = text
        self.orientation = orientation
        self.color = color
    }

    /// The lower-cased words of the text, each of which a photo must contain.
    public var words: [Substring] {
        text.lowercased().split { $0 == " " || $0 == "\t" }
    }

    /// Whether a photo of `size` has the orientation asked for (any, when none was). Squarish: the
    /// sides differ by less than a tenth of the longer one.
    public func matchesOrientation(width: Int, height: Int) -> Bool {
        guard let orientation else { return true }
        guard width > 0, height > 0 else { return false }
        let squarish = abs(width - height) * 10 < max(width, height)
        switch orientation {
        case .squarish: return squarish
        case .landscape: return !squarish && width > height
        case .portrait: return !squarish && height > width
        }
    }

    /// Whether every word is somewhere in `fields` (case-insensitive; all fields searched together).
    public func matchesText(_ fields: [String?]) -> Bool {
        let haystack = fields.compactMap { $0?.lowercased() }.joined(separator: "\n")
        return words.allSatisfy { haystack.contains($0) }
    }
}

/// Where `search` looks.
public protocol PhotoSearchWorker: Sendable {
    /// Page `page` (1-based) of the photos matching `query`, `perPage` (1…30) a page, in the order
    /// the source documents. Throws `PhotosWorkerError` with words for the user, or `CancellationError`.
    func search(_ query: PhotoQuery, page: Int, perPage: Int) async throws -> PhotoPage
}

/// The colour names of `PhotoQuery.colors` for a colour like `#d2d8de` (the catalog's dominant
/// colours), by hue, saturation and value: how a source with no search server of its own filters by
/// colour. Grey and near-grey colours are `black_and_white` and `black` or `white` by value.
public enum ColourName {
    public static func names(ofHex hex: String?) -> [String] {
        guard let hex, hex.utf8.count == 7, hex.first == "#", let value = Int(hex.dropFirst(), radix: 16) else { return [] }
        let r = Double((value >> 16) & 0xFF) / 255, g = Double((value >> 8) & 0xFF) / 255, b = Double(value & 0xFF) / 255
        let maxC = max(r, g, b), minC = min(r, g, b)
        let saturation = maxC == 0 ? 0 : (maxC - minC) / maxC
        if saturation < 0.15 || maxC < 0.12 {
            if maxC < 0.25 { return ["black", "black_and_white"] }
            if maxC > 0.8 { return ["white", "black_and_white"] }
            return ["black_and_white"]
        }
        var hue: Double
        let delta = maxC - minC
        if maxC == r { hue = (g - b) / delta } else if maxC == g { hue = (b - r) / delta + 2 } else { hue = (r - g) / delta + 4 }
        hue *= 60
        if hue < 0 { hue += 360 }
        switch hue {
        case ..<15, 345...: return ["red"]
        case ..<40: return ["orange"]
        case ..<70: return ["yellow"]
        case ..<160: return ["green"]
        case ..<195: return ["teal"]
        case ..<255: return ["blue"]
        case ..<290: return ["purple"]
        default: return ["magenta"]
        }
    }
}
