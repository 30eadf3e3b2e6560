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

    /// The short text that stands for a photo: its description, else its alt text, on one line.
    static func caption(_ photo: Photo) -> String {
        if let text = photo.description {
            let line = TerminalText.singleLine(text)
            if !line.isEmpty { return line }
        }
        if let text = photo.altDescription {
            let line = TerminalText.singleLine(text)
            if !line.isEmpty { return line }
        }
        return "(no description)"
    }

    /// `Anna García (@annagarcia94)`, or the name alone when the source has no username (a folder's).
    static func authorWithUsername(_ photo: Photo) -> String {
        var text = author(photo)
        guard !photo.user.username.isEmpty else { return text }
        text.reserveCapacity(text.utf8.count + photo.user.username.utf8.count + 4)
        text += " (@"
        text += TerminalText.oneLine(photo.user.username)
        text += ")"
        return text
    }

    /// A link back to Unsplash with the referral parameters its guidelines ask for.
    static func withReferral(_ url: String) -> String {
        TerminalText.oneLine(url) + (url.contains("?") ? "&" : "?") + UnsplashAPI.referral
    }

    static func author(_ photo: Photo) -> String {
        let name = TerminalText.singleLine(photo.user.name)
        return name.isEmpty ? "@\(TerminalText.oneLine(photo.user.username))" : name
    }

    /// `♥ 1,204`, or `—` for a photo with no likes to show (a folder's).
    static func likes(_ likes: Int?) -> String { likes.map { "♥ " + grouped($0) } ?? "—" }

    /// 1204 → "1,204", without Foundation's locale-dependent formatters.
    static func grouped(_ number: Int) -> String {
        if number >= 0 && number < 1000 { return String(number) }
        let digits = String(number.magnitude)
        var out = number < 0 ? "-" : ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }
}
