#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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

    /// `n` in decimal. Positions, pages and counts are printed on every listing, and `String(n)`
    /// costs more than copying a row's text: the small ones are made once.
    static func number(_ n: Int) -> String {
        n >= 0 && n < smallNumbers.count ? smallNumbers[n] : String(n)
    }

    private static let smallNumbers = (0...100).map { String($0) }

    /// The pieces as one string, made at once: a presenter's wording with numbers in it is made on
    /// every command, and `+` appends piece by piece through the general path (most of these fit in
    /// a small string, which is then made with no allocation at all).
    static func joined(_ a: String, _ b: String, _ c: String = "", _ d: String = "", _ e: String = "") -> String {
        let count = a.utf8.count + b.utf8.count + c.utf8.count + d.utf8.count + e.utf8.count
        return String(unsafeUninitializedCapacity: count) { buffer in
            var end = 0
            func copy(_ piece: String) {
                var piece = piece
                piece.withUTF8 { bytes in
                    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
                    UnsafeMutableRawPointer(buffer.baseAddress! + end).copyMemory(from: base, byteCount: bytes.count)
                    end += bytes.count
                }
            }
            copy(a); copy(b); copy(c); copy(d); copy(e)
            return end
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
        if number >= 0 && number < 1000 { return self.number(number) }
        let digits = String(number.magnitude)
        var out = number < 0 ? "-" : ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }
}

extension String {
    /// The same bytes: stricter than `==`, which compares as Unicode does ("é" and "e" with a
    /// combining accent are equal). A row kept for one photo must not be printed for the other.
    func hasSameBytes(as other: String) -> Bool {
        var a = self, b = other
        return a.withUTF8 { a in b.withUTF8 { b in a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0) } }
    }
}
