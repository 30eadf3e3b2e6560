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

    public var id: String
    public var width: Int
    public var height: Int
    /// "#RRGGBB", the photo's dominant colour.
    public var color: String?
    public var blurHash: String?
    public var description: String?
    public var altDescription: String?
    /// nil for photos that have none to show (a folder's).
    public var likes: Int?
    public var user: User
    public var urls: URLs
    /// nil for sources with no web pages (the catalog, a folder).
    public var links: Links?

    public init(
        id: String, width: Int, height: Int, color: String?, blurHash: String?, description: String?,
        altDescription: String?, likes: Int?, user: User, urls: URLs, links: Links? = nil
    ) {
        self.id = id
        self.width = width
        self.height = height
        self.color = color
        self.blurHash = blurHash
        self.description = description
        self.altDescription = altDescription
        self.likes = likes
        self.user = user
        self.urls = urls
        self.links = links
    }

    enum CodingKeys: String, CodingKey {
        case id, width, height, color, description, likes, user, urls
        case blurHash = "blur_hash"
        case altDescription = "alt_description"
    }
}
