import PhotoDomain
import REPLEngine

/// The paged photo list a scene shows: its photos in order, the page its page control is on, the
/// photo opened last, the contact sheet shown last, and, for a source with pages (a feed, search
/// results), what is loaded of it. A plain value: the interactor of the scene that lists the photos
/// (the collection, a photographer's photos, search results) owns one and changes it with these
/// methods; the methods check what is asked and say why not, and the interactor hands that to its
/// presenter. Tests drive a list alone.
struct PhotoList: Equatable, Sendable {
    private(set) var photos: [Photo] = []
    /// 0-based current page.
    private(set) var page = 0
    /// 0-based position of the photo opened last; nil when none is open.
    private(set) var index: Int?
    /// The 0-based contact sheet shown last; nil before the first.
    private(set) var sheet: Int?
    /// The photos (0-based positions) that sheet held: `grid next` goes on from the first photo
    /// after them, whatever the sheets hold now (a window made larger holds more a sheet).
    private(set) var sheetPhotos: Range<Int>?
    private var loaded = LoadedPages()

    /// An empty list.
    init() {}

    /// A list that came whole (random photos, a photographer's photos): no more pages to load.
    init(_ photos: [Photo]) {
        self.photos = photos
    }

    /// Page 1 of a source that has pages (a feed, search results), its repeats left out; `append`
    /// adds the pages after it.
    init(firstPage: PhotoPage) {
        photos = loaded.start(with: firstPage)
    }

    /// How many of the source's pages are loaded.
    var pagesLoaded: Int { loaded.count }
    /// Whether the source has more pages after those loaded.
    var hasMore: Bool { loaded.hasMore }
    /// How many photos the source has in all, when it says.
    var total: Int? { loaded.total }

    /// The rows as listed now.
    var rows: Rows.Response {
        Rows.Response(photos: photos, page: page, hasMore: hasMore)
    }

    /// Appends the source's next page; the photos it added (those not listed already).
    mutating func append(_ next: PhotoPage) -> [Photo] {
        let added = loaded.next(next, after: photos)
        photos += added
        return added
    }

    /// Why `row` is none of the photos: nothing listed to `command` (`open`, `page`), or
    /// `outOfRange` with the row as typed (else as a position) and how many photos there are; nil
    /// when it is one.
    func problem(
        with row: Int, typed: String?, for command: String,
        outOfRange: (_ requested: String, _ count: Int) -> Failure.Problem
    ) -> Failure.Problem? {
        guard !photos.isEmpty else { return .noPhotos(command: command) }
        guard photos.indices.contains(row) else { return outOfRange(typed ?? String(TypedNumber.position(ofRow: row)), photos.count) }
        return nil
    }

    /// Turns the page control to `page`; the photo there, or why there is none (`typed`: the page as
    /// `page N` said it).
    mutating func turn(toPage page: Int, typed: String? = nil) -> Result<Photo, Failure.Problem> {
        if let problem = problem(with: page, typed: typed, for: "page", outOfRange: { .pageOutOfRange(requested: $0, pageCount: $1) }) {
            return .failure(problem)
        }
        self.page = page
        // The sheet to go on from is the page's now.
        sheet = nil
        sheetPhotos = nil
        return .success(photos[page])
    }

    /// Opens the photo `request` names: by name, by position, or the current page's (`open`). Why
    /// not, when it is none.
    mutating func open(_ request: Selection.Request) -> Failure.Problem? {
        request.name.map { open(named: $0) } ?? open(request.row, typed: request.typed)
    }

    /// Opens photo `row` (nil: the current page's): it becomes the page too. Why not, when it is none.
    mutating func open(_ row: Int?, typed: String? = nil) -> Failure.Problem? {
        let row = row ?? page
        if let problem = problem(with: row, typed: typed, for: "open", outOfRange: { .positionOutOfRange(requested: $0, photoCount: $1) }) {
            return problem
        }
        index = row
        page = row
        return nil
    }

    /// Opens the photo named `name`: its id (byte for byte first: Unicode calls "café" in its two
    /// spellings equal, and a folder may hold both), else the one photo whose path ends with it, with
    /// or without its extension, in any case (`storm` opens `Nature/Storm.jpg`). Why not, when none or
    /// several are.
    mutating func open(named name: String) -> Failure.Problem? {
        if let row = photos.firstIndex(where: { $0.id.utf8.elementsEqual(name.utf8) }) { return open(row) }
        guard !photos.isEmpty else { return .noPhotos(command: "open") }
        let matching = Self.rows(named: name, in: photos)
        switch matching.count {
        case 1:
            return open(matching[0])
        case 0:
            let shown = TypedNumber.typed(TerminalText.oneLine(name))
            return .noPhotoNamed(shown, suggestion: Self.closestName(to: name, in: photos))
        default:
            let named = matching.prefix(Self.mostNamed).map { TerminalText.oneLine(photos[$0].id) }
            return .severalPhotosNamed(TypedNumber.typed(TerminalText.oneLine(name)), named, more: matching.count - named.count)
        }
    }

    /// At most this many photos are named when a name fits several.
    static let mostNamed = 5

    /// The rows whose id ends with `name` at a folder's boundary (the whole id, or after a `/`), the
    /// id as it is or without its extension, compared in lower case.
    static func rows(named name: String, in photos: [Photo]) -> [Int] {
        let typed = name.lowercased()
        guard !typed.isEmpty else { return [] }
        return photos.indices.filter { row in
            let id = photos[row].id.lowercased()
            return endsWithName(id, typed) || endsWithName(withoutExtension(id), typed)
        }
    }

    private static func endsWithName(_ path: String, _ name: String) -> Bool {
        path == name || path.hasSuffix("/" + name)
    }

    /// `a/b/Storm.jpg` without `.jpg`; a name whose only dot starts it (`.hidden`) has no extension.
    static func withoutExtension(_ path: String) -> String {
        guard let dot = path.lastIndex(of: "."), dot != path.startIndex else { return path }
        let name = path[path.index(after: dot)...]
        if name.contains("/") { return path }
        if let slash = path.lastIndex(of: "/"), path.index(after: slash) == dot { return path }
        return String(path[..<dot])
    }

    /// The file name (the id's last part) nearest to `name`, as typed it might have been meant.
    static func closestName(to name: String, in photos: [Photo]) -> String? {
        var byLowered: [String: String] = [:]
        for photo in photos {
            let file = fileName(of: photo.id)
            byLowered[file.lowercased()] = byLowered[file.lowercased()] ?? file
            byLowered[withoutExtension(file).lowercased()] = byLowered[withoutExtension(file).lowercased()] ?? file
        }
        return Suggestion.closest(to: name, among: byLowered.keys.sorted()).flatMap { byLowered[$0] }.map(TerminalText.oneLine)
    }

    static func fileName(of id: String) -> String {
        id.lastIndex(of: "/").map { String(id[id.index(after: $0)...]) } ?? id
    }

    /// What Tab offers for `open NAME`: each photo's file name, once where two photos share it (then
    /// `open` lists them), and each path, so that a folder's name completes too.
    var typedNames: [String] {
        var seen = Set<String>()
        var names: [String] = []
        names.reserveCapacity(photos.count * 2)
        for photo in photos where seen.insert(Self.fileName(of: photo.id)).inserted { names.append(Self.fileName(of: photo.id)) }
        for photo in photos where seen.insert(photo.id).inserted { names.append(photo.id) }
        return names
    }

    /// Moves the photo at `from` to `to` (a move, not a swap: [A,B,C,D] with the 1st to the 3rd
    /// gives [B,C,A,D]); the page follows it. The opened photo is closed either way. Returns whether
    /// the photo moved (not when `to` is where it is, or no position).
    mutating func move(from: Int, to: Int) -> Bool {
        index = nil
        guard from != to, photos.indices.contains(from), photos.indices.contains(to) else { return false }
        let photo = photos.remove(at: from)
        photos.insert(photo, at: to)
        page = to
        return true
    }

    /// Takes the rating, label and keywords of `judged` (photos judged in the detail) into the
    /// photos of their ids; only those: what else the detail read of a photo (its description, from
    /// its header) a list of names does not show.
    mutating func takeJudgements(of judged: [Photo]) {
        guard !judged.isEmpty else { return }
        let byID = Dictionary(judged.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        for row in photos.indices { if let photo = byID[photos[row].id] { takeJudgement(of: photo, at: row) } }
    }

    /// Takes the rating, label and keywords of `judged` into the photo at `row`, if it is that photo.
    mutating func takeJudgement(of judged: Photo, at row: Int) {
        guard photos.indices.contains(row), photos[row].id.utf8.elementsEqual(judged.id.utf8),
            let metadata = judged.facts?.metadata
        else { return }
        guard photos[row].facts != nil else {
            photos[row] = judged
            return
        }
        photos[row].facts?.metadata.rating = metadata.rating
        photos[row].facts?.metadata.label = metadata.label
        photos[row].facts?.metadata.keywords = metadata.keywords
    }

    /// Back from the detail opened from this list: the moves saved there, in order, then the page of
    /// the photo shown last (`landing`, 0-based, after the moves). The photo opened is closed.
    mutating func returned(to landing: Int, after moves: [PhotoDetail.Moved]) {
        index = nil
        for moved in moves where moved.from != moved.to && photos.indices.contains(moved.from) && photos.indices.contains(moved.to) {
            photos.insert(photos.remove(at: moved.from), at: moved.to)
        }
        if photos.indices.contains(landing) { page = landing }
    }

    /// Remembers the contact sheet shown (`perSheet` photos a sheet); the page moves onto it, to
    /// its first photo, unless it is there already: `next` and `open` go on from the sheet shown.
    mutating func showSheet(_ sheet: Int, perSheet: Int) {
        self.sheet = sheet
        let first = sheet * max(1, perSheet)
        sheetPhotos = min(first, photos.count)..<min(photos.count, first + max(1, perSheet))
        if photos.indices.contains(first), page / max(1, perSheet) != sheet { page = first }
    }
}
