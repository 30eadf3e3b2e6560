import PhotoDomain
import REPLEngine

@MainActor
protocol PhotoAuthorPresentationLogic: PhotoListPresentationLogic {
    func presentPhotographer(_ response: PhotoAuthor.Show.Response)
    func presentLoadFailure(_ response: PhotoAuthor.LoadFailure.Response)
}

/// The photographer scene's own wording; its list's is `wording`.
final class PhotoAuthorPresenter: PhotoAuthorPresentationLogic, PhotoListPresenting {
    /// Not owned: the view owns the interactor that owns this presenter.
    weak var view: PhotoAuthorDisplayLogic?
    var listView: PhotoListDisplayLogic? { view }
    var listWording: PhotoList.Wording { Self.wording }
    /// Bios are wrapped to this many columns, beside their label.
    static let bioWidth = 64

    init() {}

    /// How the list of their photos speaks of them.
    static let wording = PhotoList.Wording(
        noun: "photo", withAuthor: false,
        nothingTo: { "this photographer has no photos here to \($0): type 'back'" },
        nothingToPage: "No photos to page through: type 'back'.",
        noMore: "there are no more photos to load",
        // Their photos come whole (one request's worth): `next` past the last says `noMore` instead.
        loaded: { "Loaded \($0.added) more photo\($0.added == 1 ? "" : "s")." })

    func presentPhotographer(_ response: PhotoAuthor.Show.Response) {
        let profile = response.profile
        var fields: [PhotoDetail.Show.Field] = []
        if let location = profile.location.map(TerminalText.singleLine), !location.isEmpty {
            fields.append(.init(label: "location", value: location))
        }
        if let bio = profile.bio.map(TerminalText.singleLine), !bio.isEmpty {
            for (i, line) in Self.wrap(bio, width: Self.bioWidth).enumerated() {
                fields.append(.init(label: i == 0 ? "bio" : "", value: line))
            }
        }
        var totals: [String] = []
        if let photos = profile.totalPhotos { totals.append("\(PhotoFormatting.grouped(photos)) photo\(photos == 1 ? "" : "s")") }
        // Unsplash's total_likes counts the photos the photographer liked, not likes received.
        if let likes = profile.totalLikes { totals.append("\(PhotoFormatting.grouped(likes)) liked") }
        if !totals.isEmpty { fields.append(.init(label: "totals", value: totals.joined(separator: " · "))) }

        let photos = response.rows.photos
        let headline: String
        if photos.isEmpty {
            headline = "No photos to show."
        } else if let total = profile.totalPhotos, total > photos.count {
            headline = "\(photos.count) of their \(PhotoFormatting.grouped(total)) photos:"
        } else {
            headline = "\(photos.count) photo\(photos.count == 1 ? "" : "s"):"
        }
        view?.displayPhotographer(
            .init(
                heading: Self.name(profile),
                fields: fields,
                headline: headline,
                rows: PhotoList.rows(response.rows, withAuthor: Self.wording.withAuthor)
            ))
    }

    func presentLoadFailure(_ response: PhotoAuthor.LoadFailure.Response) {
        let whose = Self.handle(response.user)
        let message =
            switch response.reason {
            case .interrupted: "Interrupted: \(whose) photos were not loaded. Type 'show' to try again, or 'back'."
            case .failed(let reason): "Cannot show \(whose) photos: \(reason). Type 'show' to try again, or 'back'."
            }
        view?.displayLoadFailure(.init(message: message))
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
}
