import PhotoDomain
import REPLEngine

@MainActor
protocol FoundPhotosPresentationLogic: AnyObject {
    func presentPhotos(_ response: FoundPhotos.Show.Response)
    func presentNoResults(_ response: FoundPhotos.NoResults.Response) throws(CommandError)
    func presentLoadFailure(_ response: FoundPhotos.LoadFailure.Response)
    func presentPage(_ response: PhotoList.Page.Response)
    func presentMore(_ response: PhotoList.More.Response)
    func presentSheet(_ response: ContactSheet.Response)
    func presentSelection() throws(CommandError)
    func presentListFailure(_ response: PhotoList.Failure.Response) throws(CommandError)
}

/// Words the photos found: a photographer with their profile, or what a search found; the list's
/// messages in `wording`, the words of the kind of photos found (`PhotoFinder.wording`).
final class FoundPhotosPresenter: FoundPhotosPresentationLogic {
    /// Not owned: the view owns the interactor that owns this presenter.
    weak var view: FoundPhotosDisplayLogic?
    let wording: PhotoList.Wording
    /// Bios are wrapped to this many columns, beside their label.
    static let bioWidth = 64

    init(wording: PhotoList.Wording) {
        self.wording = wording
    }

    func presentPhotos(_ response: FoundPhotos.Show.Response) {
        let rows = PhotoList.rows(response.rows, withAuthor: wording.withAuthor)
        switch response.source {
        case .photographer(let profile):
            view?.displayPhotos(
                .init(
                    notes: response.notes, heading: Self.name(profile), fields: Self.fields(of: profile),
                    headline: Self.headline(photos: response.rows.photos.count, of: profile), rows: rows))
        case .query(let query):
            view?.displayPhotos(
                .init(
                    notes: response.notes, heading: nil, fields: [],
                    headline: Self.headline(
                        results: response.rows.photos.count, for: query, total: response.total, hasMore: response.rows.hasMore),
                    rows: rows))
        }
    }

    func presentNoResults(_ response: FoundPhotos.NoResults.Response) throws(CommandError) {
        let what = Self.describe(response.query)
        let message =
            response.kept.map { "No photos found for \(what): the results for \(Self.describe($0)) stay." }
            ?? "No photos found for \(what): back to the collection."
        try view?.displayNoResults(.init(message: message, goesBack: response.kept == nil))
    }

    func presentLoadFailure(_ response: FoundPhotos.LoadFailure.Response) {
        let message =
            switch (response.source, response.reason) {
            case (.photographer(let user), .interrupted):
                "Interrupted: \(Self.handle(user)) photos were not loaded. Type 'show' to try again, or 'back'."
            case (.photographer(let user), .failed(let reason)):
                "Cannot show \(Self.handle(user)) photos: \(reason). Type 'show' to try again, or 'back'."
            case (.query(let query), .interrupted):
                "Interrupted: the search for \(Self.describe(query)) was not done. Type 'show' to try again, or 'back'."
            case (.query(let query), .failed(let reason)):
                "Cannot search for \(Self.describe(query)): \(reason). Type 'show' to try again, or 'back'."
            }
        view?.displayLoadFailure(.init(message: message))
    }

    // MARK: - The list

    func presentPage(_ response: PhotoList.Page.Response) {
        view?.displayPage(PhotoList.page(response, wording: wording))
    }

    func presentMore(_ response: PhotoList.More.Response) {
        view?.displayMore(PhotoList.more(response, wording: wording))
    }

    func presentSheet(_ response: ContactSheet.Response) {
        view?.displaySheet(ContactSheet.presenting(response))
    }

    func presentSelection() throws(CommandError) {
        try view?.displaySelectedPhoto()
    }

    func presentListFailure(_ response: PhotoList.Failure.Response) throws(CommandError) {
        try view?.displayListFailure(PhotoList.failure(response, wording: wording))
    }

    // MARK: - A photographer

    /// location, bio (wrapped), totals: what the profile says, each field only when it says it.
    static func fields(of profile: Photo.User) -> [PhotoDetail.Show.Field] {
        var fields: [PhotoDetail.Show.Field] = []
        if let location = profile.location.map(TerminalText.singleLine), !location.isEmpty {
            fields.append(.init(label: "location", value: location))
        }
        if let bio = profile.bio.map(TerminalText.singleLine), !bio.isEmpty {
            for (i, line) in wrap(bio, width: bioWidth).enumerated() {
                fields.append(.init(label: i == 0 ? "bio" : "", value: line))
            }
        }
        var totals: [String] = []
        if let photos = profile.totalPhotos { totals.append("\(PhotoFormatting.grouped(photos)) photo\(photos == 1 ? "" : "s")") }
        // Unsplash's total_likes counts the photos the photographer liked, not likes received.
        if let likes = profile.totalLikes { totals.append("\(PhotoFormatting.grouped(likes)) liked") }
        if !totals.isEmpty { fields.append(.init(label: "totals", value: totals.joined(separator: " · "))) }
        return fields
    }

    /// `3 of their 1,204 photos:`, `5 photos:`, or that there are none.
    static func headline(photos count: Int, of profile: Photo.User) -> String {
        if count == 0 { return "No photos to show." }
        if let total = profile.totalPhotos, total > count { return "\(count) of their \(PhotoFormatting.grouped(total)) photos:" }
        return "\(count) photo\(count == 1 ? "" : "s"):"
    }

    /// `Anna García (@annagarcia94)`, or the name alone when the source has no usernames (a folder).
    static func name(_ user: Photo.User) -> String {
        let name = TerminalText.singleLine(user.name)
        // "unknown", as the detail says of a file with no EXIF Artist.
        if user.username.isEmpty { return name.isEmpty ? "unknown" : name }
        let handle = "@" + TerminalText.oneLine(user.username)
        return name.isEmpty ? handle : "\(name) (\(handle))"
    }

    /// `@kenjipark's` or `Ada Lovelace's`.
    static func handle(_ user: Photo.User) -> String {
        let name = user.username.isEmpty ? TerminalText.singleLine(user.name) : "@" + TerminalText.oneLine(user.username)
        return name + "'s"
    }

    /// Words laid into lines of at most `width` columns; a word longer than a line is cut.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(separator: " ") {
            let word = TerminalText.truncate(String(word), toWidth: width)
            let wordWidth = TerminalText.width(word)
            if lineWidth > 0 && lineWidth + 1 + wordWidth > width {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            if lineWidth > 0 {
                line += " "
                lineWidth += 1
            }
            line += word
            lineWidth += wordWidth
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    // MARK: - A search

    /// `Found 23 photos for "forest"; 10 loaded:`, `Found 3 photos for "forest", more to load:`, or
    /// that none were.
    static func headline(results count: Int, for query: PhotoQuery, total: Int?, hasMore: Bool) -> String {
        let what = describe(query)
        if count == 0 { return "No photos found for \(what)." }
        if let total, total > count { return "Found \(PhotoFormatting.grouped(total)) photos for \(what); \(count) loaded:" }
        return "Found \(count) photo\(count == 1 ? "" : "s") for \(what)\(hasMore ? ", more to load" : ""):"
    }

    /// `"misty forest"`, with the filters: `"forest" (landscape, green)`.
    static func describe(_ query: PhotoQuery) -> String {
        let filters = [query.orientation?.rawValue, query.color].compactMap { $0 }
        return "\"\(TerminalText.singleLine(query.text))\"" + (filters.isEmpty ? "" : " (\(filters.joined(separator: ", ")))")
    }
}
