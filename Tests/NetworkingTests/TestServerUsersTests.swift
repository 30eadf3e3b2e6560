import Foundation
import Testing
@testable import Networking

/// Scripts/unsplash-test-server's /users endpoints answer in the real API's shapes: a photographer
/// of catalog.json, their profile, and their photos a page at a time.
@Suite struct TestServerUsersTests {
    /// The first photo's photographer in catalog.json, and how many of the catalog's photos are theirs.
    static func aPhotographer() throws -> (user: JSONValue, photoCount: Int) {
        let url = TestServer.packageRoot.appendingPathComponent("Sources/PhotoDomain/Catalog/catalog.json")
        let photos = try #require(try JSON.parse([UInt8](Data(contentsOf: url))).array)
        let user = try #require(photos.first?["user"])
        let username = user["username"]?.string
        return (user, photos.filter { $0["user"]?["username"]?.string == username }.count)
    }

    static func get(_ server: TestServer, _ path: String) async throws -> HTTPResponse {
        try await CurlTransport(timeout: .seconds(30)).send(HTTPRequest(url: server.baseURL + path, headers: CurlTransportTests.apiHeaders))
    }

    @Test func aProfileAndAnUnknownUser() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let (user, _) = try Self.aPhotographer()
        let username = try #require(user["username"]?.string)
        let response = try await Self.get(server, "/users/\(username)")
        #expect(response.status == 200)
        #expect(response.header("X-Ratelimit-Remaining") == "49")
        let profile = try JSON.parse(response.body)
        for field in ["id", "username", "name", "bio", "location", "total_photos", "total_likes"] {
            #expect(profile[field] == user[field], "\(field)")
        }
        #expect(profile["links"]?["html"]?.string == "https://unsplash.com/@\(username)")
        #expect(profile["profile_image"]?["large"]?.string != nil && profile["followers_count"]?.int != nil)

        let unknown = try await Self.get(server, "/users/nobody-at-all")
        #expect(unknown.status == 404)
        #expect(try JSON.parse(unknown.body) == JSON.parse(#"{"errors": ["Couldn't find User"]}"#))
        #expect(unknown.header("X-Ratelimit-Remaining") == "48")
    }

    @Test func theSecondPageOfTheirPhotos() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let (user, count) = try Self.aPhotographer()
        let username = try #require(user["username"]?.string)
        let response = try await Self.get(server, "/users/\(username)/photos?per_page=2&page=2")
        #expect(response.status == 200)
        #expect(response.header("X-Total") == String(count))
        #expect(response.header("X-Per-Page") == "2")
        #expect(response.header("Link")?.contains("/users/\(username)/photos?page=1&per_page=2>; rel=\"prev\"") == true)
        let photos = try #require(try JSON.parse(response.body).array)
        #expect(photos.count == min(2, count - 2))
        #expect(photos.allSatisfy { $0["user"]?["username"]?.string == username && $0["urls"]?["regular"]?.string != nil })
    }
}
