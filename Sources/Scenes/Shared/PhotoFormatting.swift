import PhotoDomain
import REPLEngine

/// Formatting that more than one presenter uses.
enum PhotoFormatting {
    /// Why a page of a feed or of search results is not there.
    static func reason(_ failure: LoadingFailure) -> String {
        switch failure {
        case .interrupted: "interrupted"
        case .failed(let reason): reason
        }
    }

    /// The short text that stands for a photo: its description, else its alt text, on one line;
    /// `whenNone` when it has neither (a folder's photo whose EXIF has no description).
    static func caption(_ photo: Photo, whenNone: String = "(no description)") -> String {
        if let text = photo.description {
            let line = TerminalText.singleLine(text)
            if !line.isEmpty { return line }
        }
        if let text = photo.altDescription {
            let line = TerminalText.singleLine(text)
            if !line.isEmpty { return line }
        }
        return whenNone
    }

    /// The camera as people name it, on one line: the model alone when its first word is the
    /// maker's first word ("NIKON D850", not "NIKON CORPORATION NIKON D850"; "Canon EOS R5"), else
    /// the maker and the model ("Apple" and "iPhone 15": "Apple iPhone 15"); nil when neither is known.
    static func camera(_ photo: Photo) -> String? {
        PhotoMetadata.cameraName(
            make: photo.camera?.make.map(TerminalText.singleLine) ?? "", model: photo.camera?.model.map(TerminalText.singleLine) ?? "")
    }

    /// `Anna García (@annagarcia94)`, or the name alone when the source has no username (a folder's).
    static func authorWithUsername(_ photo: Photo) -> String {
        let username = photo.user.username
        return username.isEmpty ? author(photo) : "\(author(photo)) (@\(TerminalText.oneLine(username)))"
    }

    /// A link back to Unsplash with the referral parameters its guidelines ask for.
    static func withReferral(_ url: String) -> String {
        TerminalText.oneLine(url) + (url.contains("?") ? "&" : "?") + UnsplashAPI.referral
    }

    /// The photographer's name, else `@username`; `whenUnknown` when the source has neither (a
    /// folder's photo whose EXIF names no artist).
    static func author(_ photo: Photo, whenUnknown: String = "unknown") -> String {
        let name = TerminalText.singleLine(photo.user.name)
        if !name.isEmpty { return name }
        let username = photo.user.username
        return username.isEmpty ? whenUnknown : "@\(TerminalText.oneLine(username))"
    }

    /// `♥ 1,204`, or `—` for a photo with no likes to show (a folder's).
    static func likes(_ likes: Int?) -> String { likes.map { "♥ " + grouped($0) } ?? "—" }

    /// 1204 → "1,204".
    static func grouped(_ number: Int) -> String { number.grouped }
}
