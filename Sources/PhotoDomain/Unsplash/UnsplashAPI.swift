import Networking
import Synchronization

/// The Unsplash API as photorepl uses it: the requests (with the key and the version header), the
/// answers decoded leniently, and every failure turned into words a user can act on. The key goes
/// into the `Authorization` header only: never into a URL, a message or a file.
public struct UnsplashAPI: Sendable {
    public static let defaultBase = "https://api.unsplash.com"
    /// Link parameters the API guidelines ask for on every link back to Unsplash.
    public static let referral = "utm_source=photorepl&utm_medium=referral"
    /// Where to get a key, for the messages that need one.
    public static let keyHelp =
        "create an application at https://unsplash.com/oauth/applications and export its Access Key as UNSPLASH_ACCESS_KEY"

    public let base: String
    private let key: String?
    private let transport: HTTPTransport
    /// The quota as the last API answer told it.
    private let lastRateLimit = RateLimitBox()

    final class RateLimitBox: Sendable {
        let value = Mutex<RateLimit?>(nil)
    }

    /// What the last API answer said of the hour's quota.
    public var rateLimit: RateLimit? { lastRateLimit.value.withLock { $0 } }

    /// - Parameter key: nil when replaying a cassette, which needs none.
    /// Where requests that take a while are shown, if anywhere.
    private let progress: WorkProgress?

    public init(base: String, key: String?, transport: HTTPTransport, progress: WorkProgress? = nil) {
        self.base = base.hasSuffix("/") ? String(base.dropLast()) : base
        self.key = key
        self.transport = transport
        self.progress = progress
    }

    /// `Waiting for api.unsplash.com` while `body` runs.
    private func waiting<T>(for url: String, _ body: () async throws -> T) async throws -> T {
        guard let progress else { return try await body() }
        let host = url.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false).dropFirst(2).first.map(String.init) ?? url
        let work = progress.begin("Waiting for \(host)")
        defer { progress.end(work) }
        return try await body()
    }

    /// An API request, with the key and `Accept-Version: v1`. `meanings` says what a failing status
    /// means for this endpoint (a topic's 404: no such topic), in place of the general words.
    func get(_ url: String, meanings: [Int: String] = [:]) async throws -> HTTPResponse {
        var headers = [HTTPHeader("Accept-Version", "v1")]
        if let key { headers.append(HTTPHeader("Authorization", "Client-ID \(key)")) }
        let response: HTTPResponse
        do {
            response = try await waiting(for: url) { try await transport.send(HTTPRequest(url: url, headers: headers)) }
        } catch let failure as HTTPFailure {
            throw PhotosWorkerError(Self.describe(failure, url: url))
        }
        let limit = Self.rateLimit(response)
        if let limit { lastRateLimit.value.withLock { $0 = limit } }
        if let problem = Self.problem(response, limit: limit) { throw PhotosWorkerError(meanings[response.status] ?? problem) }
        return response
    }

    /// An image from the image host: no key (image requests do not count against the quota, and the
    /// key has no business there).
    func image(_ url: String) async throws -> [UInt8] {
        let response: HTTPResponse
        do {
            // No progress here: pictures are also fetched ahead, in the background, where a line
            // drawn on the terminal would land on the prompt.
            response = try await transport.send(HTTPRequest(url: url))
        } catch let failure as HTTPFailure {
            throw PictureFailure(Self.describe(failure, url: url))
        }
        guard response.status == 200 else { throw PictureFailure("the image host answered HTTP \(response.status)") }
        return response.body
    }

    /// The most a saved photo may be (Unsplash's largest originals are tens of megabytes).
    static let maxPhotoBytes = 256 << 20

    /// A photo from the image host written to the open file `file` as it arrives (for `save`), no
    /// key, as `image`. A failed write is rethrown as the transport's `.fileWrite`.
    func download(_ url: String, into file: Int32) async throws {
        let response: HTTPResponse
        do {
            response = try await transport.download(HTTPRequest(url: url), into: file, maxBytes: Self.maxPhotoBytes)
        } catch let failure as HTTPFailure where failure.kind != .fileWrite {
            throw PictureFailure(Self.describe(failure, url: url))
        }
        guard response.status == 200 else { throw PictureFailure("the image host answered HTTP \(response.status)") }
    }

    /// Whether `url` is on the API's own server (the same scheme, host and port): the key goes
    /// nowhere else, whatever an answer says.
    public func isOnAPIServer(_ url: String) -> Bool {
        func origin(_ text: String) -> Substring {
            guard let scheme = text.firstRange(of: "://") else { return "" }
            let rest = text[scheme.upperBound...]
            return text[..<scheme.upperBound] + rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        }
        let own = origin(base)
        return !own.isEmpty && origin(url).lowercased() == own.lowercased()
    }

    /// `GET /photos/random?count=N`.
    public func randomPhotos(count: Int) async throws -> [Photo] {
        try Self.photos(in: json(try await get("\(base)/photos/random?count=\(count)")), atMost: count)
    }

    /// The photos of an answer that is a list of them: no more than asked for, each once (a server's
    /// answer is data, not orders); an item with no id is left out, having nothing to show.
    static func photos(in value: JSONValue, atMost limit: Int) throws -> [Photo] {
        guard let items = value.array else {
            throw PhotosWorkerError("Unsplash's answer is not a list of photos: try again; if it persists, the API may have changed")
        }
        var photos: [Photo] = []
        var seen: Set<String> = []
        for item in items where photos.count < limit {
            guard let photo = Self.photo(from: item), seen.insert(photo.id).inserted else { continue }
            photos.append(photo)
        }
        return photos
    }

    /// `GET /users/:username`: the photographer's public profile.
    public func user(_ username: String) async throws -> Photo.User {
        let value = try json(try await get("\(base)/users/\(Self.pathSegment(username))"))
        guard let user = Self.user(from: value) else {
            throw PhotosWorkerError(
                "Unsplash's answer is not a photographer's profile: try again; if it persists, the API may have changed")
        }
        return user
    }

    /// `GET /users/:username/photos?per_page=N`: the photographer's latest photos, at most `perPage` (1…30).
    public func photos(of username: String, perPage: Int) async throws -> [Photo] {
        let perPage = min(max(perPage, 1), 30)
        return try Self.photos(
            in: json(try await get("\(base)/users/\(Self.pathSegment(username))/photos?per_page=\(perPage)")), atMost: perPage)
    }

    /// What the collection pages through on Unsplash.
    public enum Feed: Equatable, Sendable {
        /// `GET /photos`: the latest photos (its `order_by` was removed in September 2024).
        case latest
        /// `GET /topics/:slug/photos`.
        case topic(String)
        /// `GET /collections/:id/photos`.
        case collection(String)

        /// `the latest photos`, `the topic 'nature'`, `the collection '1580860'`.
        public var name: String {
            switch self {
            case .latest: "Unsplash's latest photos"
            case .topic(let slug): "the Unsplash topic '\(slug)'"
            case .collection(let id): "the Unsplash collection '\(id)'"
            }
        }

        /// What a 404 means for this feed.
        var notFound: String? {
            switch self {
            case .latest: nil
            case .topic(let slug):
                "Unsplash has no topic '\(slug)' (HTTP 404): check the slug, the last part of https://unsplash.com/t/SLUG"
            case .collection(let id):
                "Unsplash has no collection '\(id)' (HTTP 404): check the id, the number in https://unsplash.com/collections/ID/…"
            }
        }

        func path(base: String) -> String {
            switch self {
            case .latest: "\(base)/photos"
            case .topic(let slug): "\(base)/topics/\(UnsplashAPI.pathSegment(slug))/photos"
            case .collection(let id): "\(base)/collections/\(UnsplashAPI.pathSegment(id))/photos"
            }
        }
    }

    /// Page `page` of `feed`, `perPage` (1…30) a page; whether a page follows, from the `Link`
    /// header's `rel="next"` (else from `X-Total`).
    public func feedPage(_ feed: Feed, page: Int, perPage: Int) async throws -> PhotoPage {
        let perPage = min(max(perPage, 1), 30)
        let response = try await get(
            "\(feed.path(base: base))?page=\(max(page, 1))&per_page=\(perPage)", meanings: feed.notFound.map { [404: $0] } ?? [:])
        let photos = try Self.photos(in: json(response), atMost: perPage)
        let total = response.header("X-Total").flatMap(Self.count)
        return PhotoPage(
            photos: photos, hasNext: Self.hasNextPage(response, page: page, perPage: perPage, total: total, got: photos.count), total: total
        )
    }

    /// `GET /search/photos`: page `page` of the photos matching `query`, in Unsplash's order
    /// (relevance). 410 is a query Unsplash flagged.
    public func search(_ query: PhotoQuery, page: Int, perPage: Int) async throws -> PhotoPage {
        let perPage = min(max(perPage, 1), 30)
        var url = "\(base)/search/photos?query=\(URLParts.queryValue(query.text))&page=\(max(page, 1))&per_page=\(perPage)"
        if let orientation = query.orientation { url += "&orientation=\(orientation.rawValue)" }
        if let color = query.color { url += "&color=\(URLParts.queryValue(color))" }
        let response = try await get(
            url, meanings: [410: "Unsplash refused the search: it flagged the query as spam (HTTP 410); search for other words"])
        let value = try json(response)
        guard value["results"]?.array != nil else {
            throw PhotosWorkerError(
                "Unsplash's answer is not a page of search results: try again; if it persists, the API may have changed")
        }
        let photos = try Self.photos(in: value["results"]!, atMost: perPage)
        let total = value["total"]?.count
        let pages = value["total_pages"]?.count
        return PhotoPage(
            photos: photos,
            hasNext: pages.map { page < $0 } ?? Self.hasNextPage(response, page: page, perPage: perPage, total: total, got: photos.count),
            total: total)
    }

    /// Whether a page follows: the `Link` header's `rel="next"` when there is one (RFC 8288), else
    /// `X-Total` against the pages so far, else whether this page was full.
    static func hasNextPage(_ response: HTTPResponse, page: Int, perPage: Int, total: Int?, got: Int) -> Bool {
        if let link = response.header("Link") {
            return link.split(separator: ",").contains { $0.contains("rel=\"next\"") }
        }
        if let total { return page.multipliedReportingOverflow(by: perPage).partialValue < total }
        return got >= perPage
    }

    private static func percentEncoded(_ byte: UInt8) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        return "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
    }

    private func json(_ response: HTTPResponse) throws -> JSONValue {
        do {
            return try JSON.parse(response.body)
        } catch {
            // Held to a parse's budget: 16 MB of `[0,0,…]` took 435 MB to read before.
            if error.isTooLarge {
                throw PhotosWorkerError(
                    "Unsplash's answer is too large to read (\(error.message)): try again; if it persists, the API may have changed")
            }
            throw PhotosWorkerError(
                "Unsplash's answer is not valid JSON (\(error.message)): try again; if it persists, the API may have changed")
        }
    }

    /// A username as one path segment: anything but letters, digits, `-`, `_` and `.` percent-encoded,
    /// so that a name from an answer cannot reach another endpoint.
    static func pathSegment(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += Self.percentEncoded(byte)
            }
        }
        // "." and ".." alone are path steps, not names.
        return out == "." ? "%2E" : out == ".." ? "%2E%2E" : out
    }

    /// A user from the API's JSON (a photo's `user`, or a profile), leniently.
    static func user(from json: JSONValue?) -> Photo.User? {
        guard let json, json.object != nil else { return nil }
        return Photo.User(
            id: json["id"]?.string ?? "",
            username: json["username"]?.string ?? "",
            name: json["name"]?.string ?? "",
            profileURL: json["links"]?["html"]?.string,
            location: json["location"]?.string,
            bio: json["bio"]?.string,
            totalPhotos: json["total_photos"]?.count,
            totalLikes: json["total_likes"]?.count
        )
    }

    /// A photo from the API's JSON, leniently: unknown fields ignored, missing or null ones empty.
    static func photo(from json: JSONValue) -> Photo? {
        guard let id = json["id"]?.string, !id.isEmpty else { return nil }
        let urls = json["urls"]
        let user = json["user"]
        func url(_ name: String) -> String { urls?[name]?.string ?? "" }
        return Photo(
            id: id,
            // Counts and sizes checked: 0 (unknown) or nil for a negative or absurd one.
            width: json["width"]?.count ?? 0,
            height: json["height"]?.count ?? 0,
            color: json["color"]?.string,
            blurHash: json["blur_hash"]?.string,
            description: json["description"]?.string,
            altDescription: json["alt_description"]?.string,
            likes: json["likes"]?.count,
            user: Self.user(from: user) ?? Photo.User(id: "", username: "", name: ""),
            urls: Photo.URLs(raw: url("raw"), full: url("full"), regular: url("regular"), small: url("small"), thumb: url("thumb")),
            links: Photo.Links(html: json["links"]?["html"]?.string, downloadLocation: json["links"]?["download_location"]?.string)
        )
    }

    // MARK: - Failures

    static func rateLimit(_ response: HTTPResponse) -> RateLimit? {
        guard let limit = response.header("X-Ratelimit-Limit").flatMap(Self.count),
            let remaining = response.header("X-Ratelimit-Remaining").flatMap(Self.count),
            remaining <= limit
        else { return nil }
        return RateLimit(limit: limit, remaining: remaining)
    }

    /// A header's number, when it is a plausible count (0…2,147,483,647): a server's "-1" or
    /// "99999999999999999999" is no number to show.
    static func count(_ text: String) -> Int? {
        let digits = text
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(digits), value <= Int(Int32.max) else {
            return nil
        }
        return value
    }

    /// What is wrong with an answer, or nil when it is a good one.
    static func problem(_ response: HTTPResponse, limit: RateLimit?) -> String? {
        let status = response.status
        if (200..<300).contains(status) { return nil }
        let text = String(decoding: response.body.prefix(2048), as: UTF8.self)
        let errors = (try? JSON.parse(response.body))?["errors"]?.array?.compactMap(\.string).joined(separator: "; ")
        // The server's words on one line, as a recorded failure's: a line feed in them printed a
        // forged prompt line.
        let said = errors.map { ": " + ServerText.oneLine($0) } ?? ""
        let rateLimited = status == 429 || (status == 403 && (text.hasPrefix("Rate Limit Exceeded") || limit?.remaining == 0))
        if rateLimited {
            var message = "Unsplash's rate limit is reached (HTTP \(status))"
            if let limit, limit.remaining == 0 { message += ": all \(limit.limit) requests of this hour are used" }
            if let wait = response.header("Retry-After").flatMap(Self.count), wait <= 86_400 {
                message += "; it renews in \(wait) second\(wait == 1 ? "" : "s")"
            } else if let reset = response.header("X-Ratelimit-Reset").flatMap(Self.count) {
                message += "; it renews at \(reset)"
            } else {
                message += "; the quota renews within the hour (Unsplash does not say when)"
            }
            return message
        }
        switch status {
        case 401: return "Unsplash refused the access key (HTTP 401\(said)): check UNSPLASH_ACCESS_KEY, or \(keyHelp)"
        case 403: return "Unsplash refused the request (HTTP 403\(said))"
        case 404: return "Unsplash has no such resource (HTTP 404\(said)): is UNSPLASH_API_URL right?"
        case 500..<600: return "Unsplash is having trouble (HTTP \(status)): try again in a moment"
        default: return "Unsplash answered HTTP \(status)\(said)"
        }
    }

    /// A transport failure, with the host it was for (never the whole URL's query, nor any header).
    static func describe(_ failure: HTTPFailure, url: String) -> String {
        // A redirect's failure is its host's, not the one first asked.
        let host = failure.host ?? Self.host(of: url)
        switch failure.kind {
        case .refused: return "cannot connect to \(host): the connection was refused (is the server running? is UNSPLASH_API_URL right?)"
        case .unresolved: return "cannot find \(host): no network, or a wrong host name (\(failure.message))"
        case .timedOut: return "no answer from \(host) in time (\(failure.message)): try again, or wait longer with --timeout SECONDS"
        case .tooLarge: return "the answer from \(host) is too large (\(failure.message))"
        case .cutShort: return "the answer from \(host) was cut short (\(failure.message)): try again"
        case .tooManyRedirects: return "\(host) redirected too many times (\(failure.message))"
        case .tls: return "the secure connection to \(host) failed (\(failure.message))"
        case .hostNotAllowed: return "not requested: \(failure.message)"
        case .malformed:
            return "\(host) did not answer in HTTP that photorepl can read (\(failure.message)): is UNSPLASH_API_URL a web API's address?"
        case .unavailable, .notInCassette, .cassette, .fileWrite, .other: return failure.message
        }
    }

    static func host(of url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.firstRange(of: "://") { rest = rest[scheme.upperBound...] }
        return String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
    }
}

extension HostPolicy {
    /// Unsplash's API and its image hosts (`images.unsplash.com`, `plus.unsplash.com`); for another
    /// API (`UNSPLASH_API_URL`, a test server that serves its images itself) its host alone.
    public static func unsplash(apiBase: String, isDefault: Bool) -> HostPolicy {
        .api(at: apiBase, alsoAllowed: ["images.unsplash.com", "plus.unsplash.com"], isDefault: isDefault)
    }
}
