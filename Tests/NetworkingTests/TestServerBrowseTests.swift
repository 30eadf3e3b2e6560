import Testing
@testable import Networking

/// Scripts/unsplash-test-server's lists answer in the real API's shapes: the feed (GET /photos),
/// search (GET /search/photos), topics and collections, each paged with X-Total, X-Per-Page and Link.
@Suite struct TestServerBrowseTests {
    static func get(_ server: TestServer, _ path: String) async throws -> HTTPResponse {
        try await TestServerUsersTests.get(server, path)
    }

    static func ids(_ response: HTTPResponse) throws -> [String] {
        try #require(try JSON.parse(response.body).array).compactMap { $0["id"]?.string }
    }

    @Test func theFeedIsLatestFirstAndPaged() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let first = try await Self.get(server, "/photos?page=1&per_page=30")
        #expect(first.status == 200 && first.header("X-Total") == "120" && first.header("X-Per-Page") == "30")
        #expect(
            first.header("Link")
                == #"<\#(server.baseURL)/photos?page=4&per_page=30>; rel="last", <\#(server.baseURL)/photos?page=2&per_page=30>; rel="next""#
        )
        let photos = try #require(try JSON.parse(first.body).array)
        let times = photos.compactMap { $0["created_at"]?.string }
        #expect(times.count == 30 && times == times.sorted(by: >), "latest first")
        let last = try await Self.get(server, "/photos?page=4&per_page=30")
        #expect(try Self.ids(last).count == 30 && last.header("Link")?.contains(#"rel="next""#) == false)
        #expect(try Self.ids(await Self.get(server, "/photos?page=5&per_page=30")).isEmpty, "past the last page: []")
        // The default page is 10 long; more than 30 is 30.
        #expect(try Self.ids(await Self.get(server, "/photos")).count == 10)
        #expect(try Self.ids(await Self.get(server, "/photos?per_page=99")).count == 30)
    }

    @Test func searchAnswersTotalsAndResultsAndFlagsSpam() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let response = try await Self.get(server, "/search/photos?query=misty%20forest&per_page=3&page=2")
        #expect(response.status == 200 && response.header("X-Total") == "7")
        let answer = try JSON.parse(response.body)
        #expect(answer["total"]?.int == 7 && answer["total_pages"]?.int == 3)
        let results = try #require(answer["results"]?.array)
        #expect(results.count == 3)
        #expect(results.allSatisfy { ($0["description"]?.string ?? $0["alt_description"]?.string ?? "").lowercased().contains("misty") })
        let likes = results.compactMap { $0["likes"]?.int }
        #expect(likes == likes.sorted(by: >), "most liked first")
        let landscape = try JSON.parse(try await Self.get(server, "/search/photos?query=forest&orientation=landscape").body)
        #expect(try #require(landscape["results"]?.array).allSatisfy { ($0["width"]?.int ?? 0) > ($0["height"]?.int ?? 0) })
        let spam = try await Self.get(server, "/search/photos?query=buy%20spam")
        #expect(spam.status == 410)
        #expect(try JSON.parse(spam.body) == JSON.parse(#"{"errors": ["Query flagged as spam"]}"#))
        #expect(try await Self.get(server, "/search/photos?query=x&color=pink").status == 400)
    }

    @Test func topicsAndCollectionsAndUnknownOnes() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let topic = try await Self.get(server, "/topics/nature/photos?per_page=5")
        #expect(topic.status == 200 && Int(topic.header("X-Total") ?? "") ?? 0 > 5)
        #expect(try Self.ids(topic).count == 5)
        #expect(try Self.ids(await Self.get(server, "/topics/film/photos")).isEmpty, "a topic with no photos yet")
        let unknownTopic = try await Self.get(server, "/topics/nope/photos")
        #expect(unknownTopic.status == 404)
        #expect(try JSON.parse(unknownTopic.body) == JSON.parse(#"{"errors": ["Couldn't find Topic"]}"#))
        let collection = try await Self.get(server, "/collections/162213/photos")
        #expect(collection.header("X-Total") == "4" && collection.header("Link") == nil)
        #expect(try Self.ids(collection).count == 4)
        // The same collection in the same order on every run.
        #expect(try Self.ids(collection) == Self.ids(await Self.get(server, "/collections/162213/photos")))
        #expect(try await Self.get(server, "/collections/1/photos").status == 404)
    }
}
