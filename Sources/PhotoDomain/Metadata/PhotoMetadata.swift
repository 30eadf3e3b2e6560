/// When, where and how a photo was taken, as its metadata says (exiv2 reads it: EXIF, IPTC, XMP and
/// the makers' notes): what the detail shows, the index keeps, and `sort` and `filter` use. A field
/// the photo lacks is nil (or empty), and is left out wherever it would be shown.
public struct PhotoMetadata: Sendable, Equatable {
    /// When it was taken, as the camera wrote its wall clock: `YYYY:MM:DD HH:MM:SS`
    /// (DateTimeOriginal, else DateTimeDigitized, else DateTime, else XMP's). Compared as written:
    /// `filter taken` asks for the photo's own day, whatever its zone.
    public var taken: String?
    /// The offset of that clock from UTC, `+03:00` (OffsetTimeOriginal, else OffsetTime).
    public var offset: String?
    public var make: String?
    public var model: String?
    /// EXIF's LensModel, else the lens exiv2 names from the maker's notes.
    public var lens: String?
    /// The f-number (1.5 for f/1.5).
    public var aperture: Double?
    /// The shutter's time, in seconds (1/121 s is 0.00826…).
    public var shutter: Double?
    public var iso: Int?
    /// The focal length in millimetres, and its equivalent on 35 mm film.
    public var focalLength: Double?
    public var focalLength35: Int?
    /// EXIF's Flash value: bit 0 says whether it fired.
    public var flash: Int?
    /// In decimal degrees (north and east positive) and metres above sea level.
    public var latitude: Double?
    public var longitude: Double?
    public var altitude: Double?
    /// XMP's rating: −1 (rejected), 0…5.
    public var rating: Int?
    /// XMP's colour label, as written (`Red`).
    public var label: String?
    /// dc:subject (else IPTC's keywords), in their order.
    public var keywords: [String] = []
    public var description: String?
    public var artist: String?
    /// The picture's size in pixels as shown (turned by its orientation), from photorepl's own
    /// reading of the file's header (exiv2 does not know every format's); nil when unknown.
    public var width: Int?
    public var height: Int?

    public init() {}

    /// The camera as a person says it: make and model, the make not said twice ("Canon Canon EOS R5"
    /// is "Canon EOS R5"; "NIKON CORPORATION NIKON D850" is "NIKON D850").
    public var camera: String? { Self.cameraName(make: make ?? "", model: model ?? "") }

    /// The model alone when its first word is the maker's first word ("NIKON D850", not "NIKON
    /// CORPORATION NIKON D850"; "Canon EOS R5"), else the maker and the model ("Apple" and "iPhone
    /// 15": "Apple iPhone 15"); nil when neither is known.
    public static func cameraName(make: String, model: String) -> String? {
        if make.isEmpty { return model.isEmpty ? nil : model }
        if model.isEmpty { return make }
        // The maker's first word, and a word of the model's: "LG" is not the start of "LGM-V300K".
        let brand = make.prefix { $0 != " " }.lowercased()
        let lowered = model.lowercased()
        if lowered.hasPrefix(brand), lowered.dropFirst(brand.count).first.map({ !$0.isLetter && !$0.isNumber }) ?? true { return model }
        return make + " " + model
    }

    /// Whether the flash fired.
    public var flashFired: Bool? { flash.map { $0 & 1 == 1 } }

    /// The photo's metadata as the reader answered it (`MetadataReader`'s tags).
    public init(tags: [MetadataTag]) {
        var values: [String: String] = [:]
        for tag in tags where values[tag.key] == nil { values[tag.key] = tag.value }
        func text(_ keys: String...) -> String? {
            for key in keys {
                if let value = values[key]?.trimmedOfBlanks, !value.isEmpty { return value }
            }
            return nil
        }
        taken =
            [
                "Exif.Photo.DateTimeOriginal", "Exif.Photo.DateTimeDigitized", "Exif.Image.DateTime", "Xmp.exif.DateTimeOriginal",
                "Xmp.photoshop.DateCreated"
            ].lazy.compactMap { values[$0].flatMap(Self.exifDate) }.first
        offset = text("Exif.Photo.OffsetTimeOriginal", "Exif.Photo.OffsetTime").flatMap(Self.validOffset)
        make = text("Exif.Image.Make")
        model = text("Exif.Image.Model")
        lens = text("Exif.Photo.LensModel", "!lens")
        aperture = text("Exif.Photo.FNumber").flatMap(Self.rational).flatMap { $0 > 0 ? $0 : nil }
        shutter = text("Exif.Photo.ExposureTime").flatMap(Self.rational).flatMap { $0 > 0 ? $0 : nil }
        iso = text("Exif.Photo.ISOSpeedRatings", "Exif.Photo.PhotographicSensitivity").flatMap(Self.firstWhole).flatMap {
            $0 > 0 ? $0 : nil
        }
        focalLength = text("Exif.Photo.FocalLength").flatMap(Self.rational).flatMap { $0 > 0 ? $0 : nil }
        focalLength35 = text("Exif.Photo.FocalLengthIn35mmFilm").flatMap(Self.firstWhole).flatMap { $0 > 0 ? $0 : nil }
        flash = text("Exif.Photo.Flash").flatMap(Self.firstWhole)
        latitude = Self.degrees(text("Exif.GPSInfo.GPSLatitude"), negative: text("Exif.GPSInfo.GPSLatitudeRef") == "S", limit: 90)
        longitude = Self.degrees(text("Exif.GPSInfo.GPSLongitude"), negative: text("Exif.GPSInfo.GPSLongitudeRef") == "W", limit: 180)
        if latitude == nil || longitude == nil { (latitude, longitude) = (nil, nil) }
        if let height = text("Exif.GPSInfo.GPSAltitude").flatMap(Self.rational), height.isFinite {
            // Reference 1: below sea level.
            altitude = text("Exif.GPSInfo.GPSAltitudeRef") == "1" ? -height : height
        }
        rating = text("Xmp.xmp.Rating").flatMap { Double($0) }.flatMap { $0.isFinite && $0 >= -1 && $0 <= 5 ? Int($0.rounded()) : nil }
        label = text("Xmp.xmp.Label")
        keywords = Self.items("Xmp.dc.subject", in: tags) ?? tags.filter { $0.key == "Iptc.Application2.Keywords" }.map(\.value)
        description = text("Exif.Image.ImageDescription", "Xmp.dc.description", "Iptc.Application2.Caption").map(Self.withoutLanguage)
        artist = text("Exif.Image.Artist", "Xmp.dc.creator")
    }

    /// `2023:02:21 14:33:08` from EXIF's form or XMP's (`2023-02-21T14:33:08+03:00`); nil for any
    /// other (all zeros, blanks, a date that is no date).
    static func exifDate(_ text: String) -> String? {
        let bytes = Array(text.utf8.prefix(19))
        guard bytes.count == 19 else { return nil }
        var date = bytes
        for i in [4, 7] where date[i] == UInt8(ascii: "-") { date[i] = UInt8(ascii: ":") }
        if date[10] == UInt8(ascii: "T") { date[10] = UInt8(ascii: " ") }
        guard EXIFDate.isValid(date[...]) else { return nil }
        let string = String(decoding: date, as: UTF8.self)
        let month = Int(string.dropFirst(5).prefix(2)) ?? 0, day = Int(string.dropFirst(8).prefix(2)) ?? 0
        guard (1...12).contains(month), (1...31).contains(day), !string.hasPrefix("0000") else { return nil }
        return string
    }

    /// `+03:00` or `-05:00`, as EXIF 2.31 writes offsets; nil for another shape.
    static func validOffset(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count == 6, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"), bytes[3] == UInt8(ascii: ":"),
            [1, 2, 4, 5].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) })
        else { return nil }
        return text
    }

    /// The first value of `14/5` or `2.8` (a rational as exiv2 writes one); nil for a zero
    /// denominator or no number.
    static func rational(_ text: String) -> Double? {
        guard let first = text.split(separator: " ").first else { return nil }
        let parts = first.split(separator: "/", omittingEmptySubsequences: false)
        guard let numerator = Double(parts[0]) else { return nil }
        if parts.count == 1 { return numerator.isFinite ? numerator : nil }
        guard parts.count == 2, let denominator = Double(parts[1]), denominator != 0 else { return nil }
        let value = numerator / denominator
        return value.isFinite ? value : nil
    }

    /// The first whole number of a value (`400`, or `400 0` for a list).
    static func firstWhole(_ text: String) -> Int? {
        text.split(separator: " ").first.flatMap { Int($0) }
    }

    /// `44/1 51/1 216/125` (degrees, minutes, seconds) as 44.8506, its sign by the reference.
    static func degrees(_ text: String?, negative: Bool, limit: Double) -> Double? {
        guard let parts = text?.split(separator: " "), (1...3).contains(parts.count) else { return nil }
        var value = 0.0
        for (i, part) in parts.enumerated() {
            guard let number = rational(String(part)), number >= 0 else { return nil }
            value += number / [1.0, 60.0, 3600.0][i]
        }
        guard value <= limit else { return nil }
        return negative ? -value : value
    }

    /// An XMP bag's or sequence's items as the reader gives them (`!item:KEY` lines, each whole:
    /// "sea, salt" is one), else as its value joins them (a reader of before: `beach, sea`); nil
    /// when it has none.
    static func items(_ key: String, in tags: [MetadataTag]) -> [String]? {
        let itemKey = "!item:" + key
        let items = tags.filter { $0.key == itemKey }.map(\.value).filter { !$0.isEmpty }
        if !items.isEmpty { return items }
        return words(tags.first { $0.key == key }?.value)
    }

    /// An XMP bag as exiv2 prints it (`beach, sea`); nil when empty.
    static func words(_ text: String?) -> [String]? {
        guard let text else { return nil }
        let words = text.split(separator: ",").map { String($0).trimmedOfBlanks }.filter { !$0.isEmpty }
        return words.isEmpty ? nil : words
    }

    /// XMP's language alternatives as exiv2 prints one (`lang="x-default" Sunset`): the text alone.
    static func withoutLanguage(_ text: String) -> String {
        guard text.hasPrefix("lang=\""), let end = text.dropFirst(6).firstIndex(of: "\"") else { return text }
        return String(text[text.index(after: end)...]).trimmedOfBlanks
    }
}

/// One tag as the metadata reader gives it: its key (`Exif.Photo.FNumber`, exiv2's names), its value
/// as stored (`14/5`) and as exiv2 words it for a person (`F2.8`).
public struct MetadataTag: Sendable, Equatable {
    public var key: String
    public var value: String
    public var printed: String

    public init(key: String, value: String, printed: String) {
        self.key = key
        self.value = value
        self.printed = printed
    }

    /// The family the key is of: `Exif`, `Iptc` or `Xmp` (`!` for the reader's own lines).
    public var family: String { String(key.prefix { $0 != "." }) }
}

extension String {
    /// Without the blanks (spaces, tabs, NULs a camera pads with) at either end.
    var trimmedOfBlanks: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\0" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return String(self[first...last])
    }
}
