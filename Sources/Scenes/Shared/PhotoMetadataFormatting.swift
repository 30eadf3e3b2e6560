import PhotoDomain
import REPLEngine

/// A photo's metadata as people read it: the detail's fields, a sorted list's column, and the
/// typed fields of `state --json`. A field the photo lacks is left out, never shown empty.
enum PhotoMetadataFormatting {
    /// The detail's fields from what the photo's metadata says (camera, lens, exposure, place, …), in
    /// the order a photographer reads them.
    static func fields(_ facts: PhotoFacts) -> [(label: String, value: String)] {
        let metadata = facts.metadata
        var fields: [(label: String, value: String)] = []
        func add(_ label: String, _ value: String?) {
            if let value, !value.isEmpty { fields.append((label, TerminalText.singleLine(value))) }
        }
        add("taken", metadata.taken.map { shownDate($0) + (metadata.offset.map { " " + $0 } ?? "") })
        add("camera", metadata.camera)
        add("lens", metadata.lens)
        add("exposure", exposure(metadata))
        add("flash", metadata.flashFired.map { $0 ? "fired" : "did not fire" })
        if let latitude = metadata.latitude, let longitude = metadata.longitude {
            let altitude = metadata.altitude.map { " · " + decimal($0, places: 1) + " m" } ?? ""
            add("place", decimal(latitude, places: 5) + ", " + decimal(longitude, places: 5) + altitude)
            add("map", mapLink(latitude: latitude, longitude: longitude))
        }
        add("file", fileSize(facts.fileSize) + " " + facts.format.rawValue)
        add("rating", metadata.rating.flatMap(stars))
        add("label", metadata.label)
        add("keywords", metadata.keywords.isEmpty ? nil : keywordList(metadata.keywords))
        return fields
    }

    /// `f/1.5 · 1/121 s · ISO 125 · 5.7 mm (26 mm in 35 mm)`, of what the photo says.
    static func exposure(_ metadata: PhotoMetadata) -> String? {
        var parts: [String] = []
        if let aperture = metadata.aperture { parts.append("f/" + decimal(aperture, places: 1)) }
        if let shutter = metadata.shutter { parts.append(self.shutter(shutter)) }
        if let iso = metadata.iso { parts.append("ISO \(iso)") }
        if let focal = metadata.focalLength {
            parts.append(decimal(focal, places: 1) + " mm" + (metadata.focalLength35.map { " (\($0) mm in 35 mm)" } ?? ""))
        } else if let focal35 = metadata.focalLength35 {
            parts.append("\(focal35) mm in 35 mm")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// A shutter's time as cameras show it: `1/121 s` below a quarter second, else `0.5 s`, `2 s`.
    static func shutter(_ seconds: Double) -> String {
        if seconds < 0.25 {
            let denominator = (1 / seconds).rounded()
            if denominator.isFinite, denominator < 1e9 { return "1/\(Int(denominator)) s" }
        }
        return decimal(seconds, places: 1) + " s"
    }

    /// `https://www.openstreetmap.org/?mlat=44.85048&mlon=34.97665`: a marker at the place.
    static func mapLink(latitude: Double, longitude: Double) -> String {
        "https://www.openstreetmap.org/?mlat=\(decimal(latitude, places: 5))&mlon=\(decimal(longitude, places: 5))"
    }

    /// `2023:02:21 14:33:08` as `2023-02-21 14:33:08`.
    static func shownDate(_ taken: String) -> String {
        var bytes = Array(taken.utf8)
        for i in [4, 7] where bytes.count > i && bytes[i] == UInt8(ascii: ":") { bytes[i] = UInt8(ascii: "-") }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `★★★★☆` for 4, `✗ rejected` for −1; nil for 0 (no stars: nothing to say).
    /// Keywords joined by commas, a keyword that holds one in quotes (`beach, "sea, salt"`).
    static func keywordList(_ keywords: [String]) -> String {
        keywords.map { $0.contains(",") ? "\"\($0)\"" : $0 }.joined(separator: ", ")
    }

    static func stars(_ rating: Int) -> String? {
        if rating < 0 { return "✗ rejected" }
        guard rating > 0 else { return nil }
        let stars = min(rating, 5)
        return String(repeating: "★", count: stars) + String(repeating: "☆", count: 5 - stars)
    }

    /// What a list row shows of the photo's judgement, a part a column: `★★★★☆`, `Red` and
    /// `harbour, dawn`, each empty where the photo has none. Without the rating where the list is
    /// sorted by it (its column shows it already). A label is cut at 12 columns and keywords at
    /// 32, so that a row keeps its width whatever a sidecar holds.
    static func judgement(_ photo: Photo, withRating: Bool) -> (rating: String, label: String, keywords: String) {
        guard let metadata = photo.facts?.metadata else { return ("", "", "") }
        let rating = withRating ? metadata.rating.flatMap(stars) ?? "" : ""
        let label = metadata.label.map { TerminalText.truncate(TerminalText.singleLine($0), toWidth: 12) } ?? ""
        let keywords =
            metadata.keywords.isEmpty ? "" : TerminalText.truncate(TerminalText.singleLine(keywordList(metadata.keywords)), toWidth: 32)
        return (rating, label, keywords)
    }

    /// `2.4 MB`, `812 KB`, `96 bytes` (powers of 1,000, as file managers count).
    static func fileSize(_ bytes: Int64) -> String {
        if bytes < 1000 { return "\(bytes) byte\(bytes == 1 ? "" : "s")" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 999.95, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return decimal(value, places: value < 10 ? 1 : 0) + " " + units[unit]
    }

    /// `x` with at most `places` decimals, trailing zeros dropped (`2.8`, `50`, `-0.5`).
    static func decimal(_ x: Double, places: Int) -> String {
        guard x.isFinite else { return "?" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(x) * scale).rounded()
        guard scaled < 9e15 else { return String(Int(x.rounded())) }
        let whole = Int(scaled) / Int(scale), fraction = Int(scaled) % Int(scale)
        var text = (x < 0 && scaled > 0 ? "-" : "") + String(whole)
        if fraction > 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: places - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }

    /// What a list sorted by `order` shows of the photo in its column; nil where there is nothing
    /// (by name: the name is the column already).
    static func sortValue(_ photo: Photo, by order: PhotoOrder) -> String? {
        guard let facts = photo.facts else { return nil }
        let metadata = facts.metadata
        switch order {
        case .name: return nil
        case .size: return fileSize(facts.fileSize)
        case .taken: return metadata.taken.map { String(shownDate($0).prefix(16)) }
        case .camera: return metadata.camera.map(TerminalText.singleLine)
        case .iso: return metadata.iso.map { "ISO \($0)" }
        case .focal: return metadata.focalLength.map { decimal($0, places: 1) + " mm" }
        case .rating: return metadata.rating.flatMap(stars)
        }
    }

    /// The photo's metadata as typed values, for `state --json`'s `"photo"`: `"taken"` in ISO 8601
    /// (`2023-02-21T14:33:08+03:00`, without an offset when the photo has none), numbers as numbers.
    static func stateFields(_ facts: PhotoFacts) -> [StateField] {
        let metadata = facts.metadata
        var fields: [StateField] = []
        func add(_ key: String, _ value: StateField.Value?) { if let value { fields.append(StateField(key, value)) } }
        add("taken", metadata.taken.map { .string(String(shownDate($0).map { $0 == " " ? "T" : $0 }) + (metadata.offset ?? "")) })
        add("camera", metadata.camera.map { .string($0) })
        add("make", metadata.make.map { .string($0) })
        add("model", metadata.model.map { .string($0) })
        add("lens", metadata.lens.map { .string($0) })
        add("aperture", metadata.aperture.map { .number($0) })
        add("shutter", metadata.shutter.map { .number($0) })
        add("iso", metadata.iso.map { .int($0) })
        add("focal", metadata.focalLength.map { .number($0) })
        add("focal35", metadata.focalLength35.map { .int($0) })
        add("flash", metadata.flashFired.map { .bool($0) })
        // To 7 decimals (a centimetre): the degrees, minutes and seconds EXIF keeps add up to
        // binary fractions such as 44.850480000000005.
        add("latitude", metadata.latitude.map { .number(($0 * 1e7).rounded() / 1e7) })
        add("longitude", metadata.longitude.map { .number(($0 * 1e7).rounded() / 1e7) })
        add("altitude", metadata.altitude.map { .number($0) })
        add("width", metadata.width.map { .int($0) })
        add("height", metadata.height.map { .int($0) })
        add("fileSize", .int(Int(facts.fileSize)))
        add("format", .string(facts.format.rawValue))
        add("rating", metadata.rating.map { .int($0) })
        add("label", metadata.label.map { .string($0) })
        if !metadata.keywords.isEmpty { add("keywords", .strings(metadata.keywords)) }
        return fields
    }
}
