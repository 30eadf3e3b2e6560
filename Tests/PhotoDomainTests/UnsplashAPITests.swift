import Foundation
import Networking
import Testing
@testable import PhotoDomain

/// A server in memory: answers by URL, and remembers what it was asked, headers included.
private actor FakeServer: HTTPTransport {
    private var answers: [String: HTTPResponse]
    private(set) var asked: [HTTPRequest] = []

    init(_ answers: [String: HTTPResponse]) { self.answers = answers }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        asked.append(request)
        guard let answer = answers[request.url] else { throw HTTPFailure(.refused, "nothing at \(request.url)") }
        return answer
    }
}

private func json(_ text: String, status: Int = 200, headers: [HTTPHeader] = []) -> HTTPResponse {
    HTTPResponse(status: status, headers: [HTTPHeader("Content-Type", "application/json")] + headers, body: Array(text.utf8))
}

private func photoJSON(_ id: String, downloadLocation: String) -> String {
    #"{"id": "\#(id)", "width": 10, "height": 5, "urls": {"full": "https://images.example/\#(id).jpg"}, "links": {"html": "https://unsplash.com/photos/\#(id)", "download_location": "\#(downloadLocation)"}, "user": {"username": "u", "name": "U"}}"#
}

@Suite struct UnsplashAPITests {
    let base = "https://api.example"
    /// A JPEG's shortest form: what `save` downloads here.
    let image = HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "image/jpeg")], body: [0xFF, 0xD8, 0xFF, 0xD9])

    private func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-save-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func noMorePhotosThanAskedForAndEachOnce() async throws {
        let body = "[" + ["a", "b", "a", "c", "d"].map { photoJSON($0, downloadLocation: "") }.joined(separator: ",") + "]"
        let server = FakeServer(["\(base)/photos/random?count=3": json(body)])
        let photos = try await UnsplashAPI(base: base, key: "k", transport: server).randomPhotos(count: 3)
        #expect(photos.map(\.id) == ["a", "b", "c"])
    }

    @Test func aRateLimitAnswerSaysAllIsUsedOnlyWhenItIs() {
        let some = HTTPResponse(
            status: 429, headers: [HTTPHeader("X-Ratelimit-Limit", "50"), HTTPHeader("X-Ratelimit-Remaining", "3")], body: [])
        let problem = UnsplashAPI.problem(some, limit: UnsplashAPI.rateLimit(some))
        #expect(problem == "Unsplash's rate limit is reached (HTTP 429); the quota renews within the hour (Unsplash does not say when)")
        let none = HTTPResponse(
            status: 403, headers: [HTTPHeader("X-Ratelimit-Limit", "50"), HTTPHeader("X-Ratelimit-Remaining", "0")],
            body: Array("Rate Limit Exceeded".utf8))
        #expect(UnsplashAPI.problem(none, limit: UnsplashAPI.rateLimit(none))?.contains("all 50 requests of this hour are used") == true)
    }

    /// A server's numbers were shown as sent: "-5 × -9223372036854775808", "all -1
    /// requests", "renews in -5 seconds". Counts and sizes are now 0…2,147,483,647 or not shown.
    @Test func numbersFromAServerAreCheckedBeforeTheyAreShown() throws {
        let json = try JSON.parse(
            Array(
                #"{"id":"a","width":-5,"height":-9223372036854775808,"likes":-3,"user":{"username":"u","name":"N","total_photos":99999999999999999999,"total_likes":-1}}"#
                    .utf8))
        let photo = try #require(UnsplashAPI.photo(from: json))
        #expect(photo.width == 0 && photo.height == 0 && photo.likes == nil)
        let user = try #require(UnsplashAPI.user(from: json["user"]))
        #expect(user.totalPhotos == nil && user.totalLikes == nil)
        let odd = HTTPResponse(
            status: 429,
            headers: [
                HTTPHeader("X-Ratelimit-Limit", "-1"), HTTPHeader("X-Ratelimit-Remaining", "0"), HTTPHeader("Retry-After", "-5")
            ], body: [])
        #expect(UnsplashAPI.rateLimit(odd) == nil)
        #expect(
            UnsplashAPI.problem(odd, limit: UnsplashAPI.rateLimit(odd))
                == "Unsplash's rate limit is reached (HTTP 429); the quota renews within the hour (Unsplash does not say when)")
        let more = HTTPResponse(
            status: 429, headers: [HTTPHeader("X-Ratelimit-Limit", "50"), HTTPHeader("X-Ratelimit-Remaining", "60")], body: [])
        #expect(UnsplashAPI.rateLimit(more) == nil, "more remaining than the limit is no rate limit")
        let good = HTTPResponse(
            status: 429,
            headers: [HTTPHeader("X-Ratelimit-Limit", "50"), HTTPHeader("X-Ratelimit-Remaining", "0"), HTTPHeader("Retry-After", "1")],
            body: [])
        #expect(
            UnsplashAPI.problem(good, limit: UnsplashAPI.rateLimit(good))
                == "Unsplash's rate limit is reached (HTTP 429): all 50 requests of this hour are used; it renews in 1 second")
    }

    @Test func theKeyGoesToTheAPIServerOnly() {
        let api = UnsplashAPI(base: "https://api.unsplash.com", key: "k", transport: FakeServer([:]))
        #expect(api.isOnAPIServer("https://api.unsplash.com/photos/x/download?ixid=1"))
        #expect(api.isOnAPIServer("HTTPS://API.UNSPLASH.COM/photos"))
        #expect(!api.isOnAPIServer("https://api.unsplash.com.evil.example/photos"))
        #expect(!api.isOnAPIServer("http://api.unsplash.com/photos"))
        #expect(!api.isOnAPIServer("https://api.unsplash.com:8443/photos"))
        #expect(!api.isOnAPIServer("https://evil.example/?https://api.unsplash.com"))
        #expect(!api.isOnAPIServer("not a url"))
    }

    /// A download_location on another host is never called with the key; the file is still written,
    /// and the user is told the download was not reported.
    @Test func saveNeverSendsTheKeyElsewhere() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = FakeServer([
            "\(base)/photos/random?count=1": json("[" + photoJSON("a", downloadLocation: "https://evil.example/steal") + "]"),
            "https://images.example/a.jpg": image
        ])
        let worker = UnsplashPhotosWorker(api: UnsplashAPI(base: base, key: "secret-key", transport: server))
        let photo = try #require(try await worker.fetch(count: 1).photos.first)
        let saved = try await worker.save(photo, to: folder + "/a.jpg", replacing: false)
        #expect(saved.byteCount == 4)
        #expect(saved.note == "The download was not reported to Unsplash: its download_location is not on api.example.")
        let asked = await server.asked
        #expect(!asked.contains { $0.url.hasPrefix("https://evil.example") })
        #expect(asked.filter { $0.headers.contains { $0.name == "Authorization" } }.map(\.url) == ["\(base)/photos/random?count=1"])
    }

    /// The report failing (the quota used up) costs no photo: the file is written, and a note says so.
    @Test func aFailedDownloadReportStillSavesThePhoto() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = FakeServer([
            "\(base)/photos/random?count=1": json("[" + photoJSON("a", downloadLocation: "\(base)/photos/a/download") + "]"),
            "https://images.example/a.jpg": image,
            "\(base)/photos/a/download": HTTPResponse(status: 503, headers: [], body: [])
        ])
        let worker = UnsplashPhotosWorker(api: UnsplashAPI(base: base, key: "k", transport: server))
        let photo = try #require(try await worker.fetch(count: 1).photos.first)
        let saved = try await worker.save(photo, to: folder + "/a.jpg", replacing: false)
        #expect(FileManager.default.contents(atPath: folder + "/a.jpg") == Data([0xFF, 0xD8, 0xFF, 0xD9]))
        #expect(
            saved.note == "The download could not be reported to Unsplash: Unsplash is having trouble (HTTP 503): try again in a moment.")
    }
}
