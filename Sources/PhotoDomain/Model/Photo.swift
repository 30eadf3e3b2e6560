/// A photo in the shape of the Unsplash API's photo JSON (the fields photorepl uses; others are
/// ignored when decoding). Optional where Unsplash may send null.
public struct Photo: Codable, Equatable, Sendable {
    /// The photographer, as the photo's `user` object and `GET /users/:username` give it. The profile
    /// fields are nil where the source has none (a folder's photos).
    public struct User: Codable, Equatable, Sendable {
        public var id: String
        public var username: String
        public var name: String
        /// The photographer's page (`links.html`), where the source has one (Unsplash).
        public var profileURL: String?
        public var location: String?
        public var bio: String?
        public var totalPhotos: Int?
        public var totalLikes: Int?

        public init(
            id: String, username: String, name: String, profileURL: String? = nil, location: String? = nil, bio: String? = nil,
            totalPhotos: Int? = nil, totalLikes: Int? = nil
        ) {
            self.id = id
            self.username = username
            self.name = name
            self.profileURL = profileURL
            self.location = location
            self.bio = bio
            self.totalPhotos = totalPhotos
            self.totalLikes = totalLikes
        }

        enum CodingKeys: String, CodingKey {
            case id, username, name, location, bio
            case totalPhotos = "total_photos"
            case totalLikes = "total_likes"
        }
    }

    /// Where the photo lives on its source's site, and the URL its guidelines want called when it is
    /// downloaded (Unsplash's `links.download_location`).
    public struct Links: Codable, Equatable, Sendable {
        public var html: String?
        public var downloadLocation: String?

        public init(html: String?, downloadLocation: String?) {
            self.html = html
            self.downloadLocation = downloadLocation
        }
    }

    public struct URLs: Codable, Equatable, Sendable {
        public var raw: String
        public var full: String
        public var regular: String
        public var small: String
        public var thumb: String

        public init(raw: String, full: String, regular: String, small: String, thumb: String) {
            self.raw = raw
            self.full = full
            self.regular = regular
            self.small = small
            self.thumb = thumb
        }
    }

    /// The camera, as Unsplash's `exif` object (in `GET /photos/:id`) and a file's EXIF name it: its
    /// maker and model as the camera writes them ("NIKON CORPORATION", "NIKON D850").
    public struct Camera: Codable, Equatable, Sendable {
        public var make: String?
        public var model: String?

        public init(make: String?, model: String?) {
            self.make = make
            self.model = model
        }
    }

    /// The photo's fields, kept in one shared box: photos are handed from worker to DataStore to
    /// Response, and copying a box is one retain where copying the fields retains each of their
    /// dozen strings. A change makes a new box, so `Photo` stays a value.
    private final class Storage: Sendable {
        // A constant: reading a class's `var` is an access Swift checks at run time (exclusivity),
        // and the fields are read on every listing. A change makes a new box (`Photo.update`).
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private struct Fields: Equatable, Sendable {
        var id: String
        var width: Int
        var height: Int
        var description: String?
        var camera: Camera?
        /// Not in Unsplash's JSON: a file's, from its structure.
        var frameCount: Int? = nil
        /// Not in Unsplash's JSON: a folder's photo's format, file size and metadata, when read.
        var facts: PhotoFacts? = nil
        /// What a photo of the web has and a file has not, in a box of its own; nil when every one
        /// of them is as a file's (`WebFields.file(id:)`). A folder of 100,000 photos kept them
        /// inline, about 300 bytes a photo, empty.
        var web: WebBox?

        /// The web's fields, as stored or as a file's.
        var webFields: WebFields { web?.fields ?? .file(id: id) }

        /// Sets the web's fields, kept only when they are not a file's (then two equal photos have
        /// equal fields, whichever way they were made).
        mutating func setWeb(_ fields: WebFields) {
            web = fields == .file(id: id) ? nil : WebBox(fields)
        }

        static func == (a: Fields, b: Fields) -> Bool {
            a.id == b.id && a.width == b.width && a.height == b.height && a.description == b.description && a.camera == b.camera
                && a.frameCount == b.frameCount && a.facts == b.facts && (a.web === b.web || a.webFields == b.webFields)
        }
    }

    private final class WebBox: Sendable {
        let fields: WebFields
        init(_ fields: WebFields) { self.fields = fields }
    }

    private struct WebFields: Equatable, Sendable {
        var color: String?
        var blurHash: String?
        var altDescription: String?
        var likes: Int?
        var user: User
        var urls: URLs
        var links: Links?

        /// A file's: no colour, likes or links, an unnamed photographer, every URL its id.
        static func file(id: String) -> WebFields {
            WebFields(
                color: nil, blurHash: nil, altDescription: nil, likes: nil, user: User(id: "", username: "", name: ""),
                urls: URLs(raw: id, full: id, regular: id, small: id, thumb: id), links: nil)
        }
    }

    /// The fields as the API's JSON has them, in its order: what `Codable` reads and writes.
    private struct Coded: Codable {
        var id: String
        var width: Int
        var height: Int
        var color: String?
        var blurHash: String?
        var description: String?
        var altDescription: String?
        var likes: Int?
        var user: User
        var urls: URLs
        var camera: Camera?

        enum CodingKeys: String, CodingKey {
            case id, width, height, color, description, likes, user, urls
            case camera = "exif"
            case blurHash = "blur_hash"
            case altDescription = "alt_description"
        }
    }

    private var storage: Storage

    // The fields are read with `_read`: a reader borrows the field in its box (`photo.user.name`
    // does not copy the whole `User`, six strings, to take one).

    /// A photo's fields change only where it is made (a source, a test): a new box each time.
    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = storage.fields
        change(&fields)
        storage = Storage(fields)
    }

    /// Changes one of the web's fields.
    private mutating func updateWeb(_ change: (inout WebFields) -> Void) {
        update { fields in
            var web = fields.webFields
            change(&web)
            fields.setWeb(web)
        }
    }

    public var id: String {
        _read { yield storage.fields.id }
        set {
            update { fields in
                // A file's URLs are its id: the ones it had stay when the id changes.
                let web = fields.webFields
                fields.id = newValue
                fields.setWeb(web)
            }
        }
    }
    public var width: Int {
        _read { yield storage.fields.width }
        set { update { $0.width = newValue } }
    }
    public var height: Int {
        _read { yield storage.fields.height }
        set { update { $0.height = newValue } }
    }
    /// "#RRGGBB", the photo's dominant colour.
    public var color: String? {
        get { storage.fields.web?.fields.color }
        set { updateWeb { $0.color = newValue } }
    }
    public var blurHash: String? {
        get { storage.fields.web?.fields.blurHash }
        set { updateWeb { $0.blurHash = newValue } }
    }
    public var description: String? {
        _read { yield storage.fields.description }
        set { update { $0.description = newValue } }
    }
    public var altDescription: String? {
        get { storage.fields.web?.fields.altDescription }
        set { updateWeb { $0.altDescription = newValue } }
    }
    /// nil for photos that have none to show (a folder's).
    public var likes: Int? {
        get { storage.fields.web?.fields.likes }
        set { updateWeb { $0.likes = newValue } }
    }
    public var user: User {
        _read {
            if let web = storage.fields.web { yield web.fields.user } else { yield Self.unnamed }
        }
        set { updateWeb { $0.user = newValue } }
    }
    public var urls: URLs {
        get { storage.fields.webFields.urls }
        set { updateWeb { $0.urls = newValue } }
    }
    /// nil for sources with no web pages (the catalog, a folder).
    public var links: Links? {
        get { storage.fields.web?.fields.links }
        set { updateWeb { $0.links = newValue } }
    }

    /// A file's photographer, when it names none.
    private static let unnamed = User(id: "", username: "", name: "")

    /// nil where the source does not say (the catalog, Unsplash's lists, a file without EXIF).
    public var camera: Camera? {
        _read { yield storage.fields.camera }
        set { update { $0.camera = newValue } }
    }

    /// How many frames an animated file holds (GIF, WebP, APNG); nil for a still picture, or a
    /// source that does not say (the catalog, Unsplash).
    public var frameCount: Int? {
        _read { yield storage.fields.frameCount }
        set { update { $0.frameCount = newValue } }
    }

    /// A folder's photo's format, file size and metadata (EXIF, IPTC, XMP), once read; nil for
    /// the catalog's and Unsplash's, and a file listed by name only.
    public var facts: PhotoFacts? {
        _read { yield storage.fields.facts }
        set { update { $0.facts = newValue } }
    }

    public init(
        id: String, width: Int, height: Int, color: String?, blurHash: String?, description: String?,
        altDescription: String?, likes: Int?, user: User, urls: URLs, links: Links? = nil, camera: Camera? = nil
    ) {
        var fields = Fields(id: id, width: width, height: height, description: description, camera: camera)
        fields.setWeb(
            WebFields(
                color: color, blurHash: blurHash, altDescription: altDescription, likes: likes, user: user, urls: urls, links: links))
        storage = Storage(fields)
    }

    public init(from decoder: any Decoder) throws {
        let coded = try Coded(from: decoder)
        self.init(
            id: coded.id, width: coded.width, height: coded.height, color: coded.color, blurHash: coded.blurHash,
            description: coded.description, altDescription: coded.altDescription, likes: coded.likes, user: coded.user,
            urls: coded.urls, camera: coded.camera)
    }

    public func encode(to encoder: any Encoder) throws {
        let fields = storage.fields, web = fields.webFields
        try Coded(
            id: fields.id, width: fields.width, height: fields.height, color: web.color, blurHash: web.blurHash,
            description: fields.description, altDescription: web.altDescription, likes: web.likes, user: web.user, urls: web.urls,
            camera: fields.camera
        ).encode(to: encoder)
    }

    public static func == (lhs: Photo, rhs: Photo) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }
}
