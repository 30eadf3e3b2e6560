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

    private struct Fields: Codable, Equatable, Sendable {
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
        var links: Links?
        var camera: Camera?
        /// Not in Unsplash's JSON: a file's, from its structure.
        var frameCount: Int? = nil
        /// Not in Unsplash's JSON: a folder's photo's format, file size and metadata, when read.
        var facts: PhotoFacts? = nil

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

    public var id: String {
        _read { yield storage.fields.id }
        set { update { $0.id = newValue } }
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
        _read { yield storage.fields.color }
        set { update { $0.color = newValue } }
    }
    public var blurHash: String? {
        _read { yield storage.fields.blurHash }
        set { update { $0.blurHash = newValue } }
    }
    public var description: String? {
        _read { yield storage.fields.description }
        set { update { $0.description = newValue } }
    }
    public var altDescription: String? {
        _read { yield storage.fields.altDescription }
        set { update { $0.altDescription = newValue } }
    }
    /// nil for photos that have none to show (a folder's).
    public var likes: Int? {
        _read { yield storage.fields.likes }
        set { update { $0.likes = newValue } }
    }
    public var user: User {
        _read { yield storage.fields.user }
        set { update { $0.user = newValue } }
    }
    public var urls: URLs {
        _read { yield storage.fields.urls }
        set { update { $0.urls = newValue } }
    }
    /// nil for sources with no web pages (the catalog, a folder).
    public var links: Links? {
        _read { yield storage.fields.links }
        set { update { $0.links = newValue } }
    }

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
        storage = Storage(
            Fields(
                id: id, width: width, height: height, color: color, blurHash: blurHash, description: description,
                altDescription: altDescription, likes: likes, user: user, urls: urls, links: links, camera: camera
            ))
    }

    public init(from decoder: any Decoder) throws {
        storage = Storage(try Fields(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try storage.fields.encode(to: encoder)
    }

    public static func == (lhs: Photo, rhs: Photo) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }
}
