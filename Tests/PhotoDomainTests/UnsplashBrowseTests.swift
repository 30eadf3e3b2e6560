import Imaging
import Networking
import Testing
@testable import PhotoDomain

/// Unsplash's lists beyond random photos, on a server in memory: the feed, topics, collections and
/// search, their paging, and their failures.
@Suite struct UnsplashBrowseTests {
    let base = "https://api.example"

    private actor Server: HTTPTransport {
        private let answers: [String: HTTPResponse]
        private(set) var asked: [String] = []
        init(_ answers: [String: HTTPResponse]) { self.answers = answers }
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            asked.append(request.url)
            guard let answer = answers[request.url] else { throw HTTPFailure(.refused, "nothing at \(request.url)") }
            return answer
        }
    }

    private func photos(_ ids: [String]) -> String {
        "["
            + ids.map { #"{"id": "\#($0)", "width": 40, "height": 30, "urls": {"raw": "https://images.example/\#($0)?ixid=x"}}"# }.joined(
                separator: ",") + "]"
    }

    private func answer(_ body: String, status: Int = 200, _ headers: [HTTPHeader] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [HTTPHeader("Content-Type", "application/json")] + headers, body: Array(body.utf8))
    }

    @Test func theFeedPagesByTheLinkHeader() async throws {
        let server = Server([
            "\(base)/photos?page=1&per_page=2": answer(
                photos(["a", "b"]),
                [HTTPHeader("Link", #"<https://api.example/photos?page=2>; rel="next", <https://api.example/photos?page=9>; rel="last""#)]),
            "\(base)/photos?page=9&per_page=2": answer(
                photos(["z"]),
                [
                    HTTPHeader(
                        "Link", #"<https://api.example/photos?page=1>; rel="first", <https://api.example/photos?page=8>; rel="prev""#),
                    HTTPHeader("X-Total", "17")
                ])
        ])
        let api = UnsplashAPI(base: base, key: "k", transport: server)
        let first = try await api.feedPage(.latest, page: 1, perPage: 2)
        #expect(first.photos.map(\.id) == ["a", "b"] && first.hasNext)
        let last = try await api.feedPage(.latest, page: 9, perPage: 2)
        #expect(last.photos.map(\.id) == ["z"] && !last.hasNext && last.total == 17)
    }

    @Test func withoutALinkHeaderTheTotalSaysWhetherMoreFollow() async throws {
        let server = Server([
            "\(base)/topics/nature/photos?page=1&per_page=30": answer(photos(["a"]), [HTTPHeader("X-Total", "31")]),
            "\(base)/topics/nature/photos?page=2&per_page=30": answer(photos(["b"]), [HTTPHeader("X-Total", "31")]),
            "\(base)/collections/42/photos?page=1&per_page=2": answer(photos(["c", "d"]))
        ])
        let api = UnsplashAPI(base: base, key: "k", transport: server)
        #expect(try await api.feedPage(.topic("nature"), page: 1, perPage: 99).hasNext, "per_page is capped at 30")
        #expect(try await !api.feedPage(.topic("nature"), page: 2, perPage: 30).hasNext)
        // Neither: a full page may have a next one.
        #expect(try await api.feedPage(.collection("42"), page: 1, perPage: 2).hasNext)
    }

    @Test func anUnknownTopicOrCollectionSaysWhichAndWhereToLook() async throws {
        let notFound = answer(#"{"errors": ["Couldn't find Topic"]}"#, status: 404)
        let server = Server([
            "\(base)/topics/nope/photos?page=1&per_page=10": notFound,
            "\(base)/collections/%2E%2E/photos?page=1&per_page=10": notFound,
            "\(base)/photos?page=1&per_page=10": notFound
        ])
        let api = UnsplashAPI(base: base, key: "k", transport: server)
        await #expect(
            throws: PhotosWorkerError(
                "Unsplash has no topic 'nope' (HTTP 404): check the slug, the last part of https://unsplash.com/t/SLUG")
        ) {
            try await api.feedPage(.topic("nope"), page: 1, perPage: 10)
        }
        // A name is one path segment, whatever it holds.
        await #expect(
            throws: PhotosWorkerError(
                "Unsplash has no collection '..' (HTTP 404): check the id, the number in https://unsplash.com/collections/ID/…")
        ) {
            try await api.feedPage(.collection(".."), page: 1, perPage: 10)
        }
        // The feed itself has no such meaning: the general words.
        await #expect(
            throws: PhotosWorkerError("Unsplash has no such resource (HTTP 404: Couldn't find Topic): is UNSPLASH_API_URL right?")
        ) {
            try await api.feedPage(.latest, page: 1, perPage: 10)
        }
    }

    @Test func searchSendsTheQueryEncodedAndReadsTotalPages() async throws {
        let results = #"{"total": 12, "total_pages": 2, "results": \#(photos(["a", "b"]))}"#
        let url =
            "\(base)/search/photos?query=misty%20forest%20%26%20caf%C3%A9&page=1&per_page=10&orientation=landscape&color=black_and_white"
        let server = Server([url: answer(results)])
        let api = UnsplashAPI(base: base, key: "k", transport: server)
        let page = try await api.search(
            PhotoQuery(text: "misty forest & café", orientation: .landscape, color: "black_and_white"), page: 1, perPage: 10)
        #expect(page.photos.map(\.id) == ["a", "b"] && page.total == 12 && page.hasNext)
        #expect(await server.asked == [url])
    }

    /// An answer with `total: -5` and ten results. A total or a page count no server could
    /// mean is unknown, never a reason to drop the results that came.
    @Test func aNegativeTotalLeavesTheResultsThatCame() async throws {
        let results = #"{"total": -5, "total_pages": -1, "results": \#(photos((0..<10).map { "p\($0)" }))}"#
        let server = Server(["\(base)/search/photos?query=forest&page=1&per_page=10": answer(results)])
        let page = try await UnsplashAPI(base: base, key: "k", transport: server).search(PhotoQuery(text: "forest"), page: 1, perPage: 10)
        #expect(page.photos.count == 10 && page.total == nil && page.hasNext)
    }

    @Test func aFlaggedQueryAndAnAnswerOfAnotherShape() async throws {
        let server = Server([
            "\(base)/search/photos?query=spam&page=1&per_page=10": answer(#"{"errors": ["Query flagged as spam"]}"#, status: 410),
            "\(base)/search/photos?query=list&page=1&per_page=10": answer(photos(["a"]))
        ])
        let api = UnsplashAPI(base: base, key: "k", transport: server)
        await #expect(
            throws: PhotosWorkerError("Unsplash refused the search: it flagged the query as spam (HTTP 410); search for other words")
        ) {
            try await api.search(PhotoQuery(text: "spam"), page: 1, perPage: 10)
        }
        await #expect(
            throws: PhotosWorkerError(
                "Unsplash's answer is not a page of search results: try again; if it persists, the API may have changed")
        ) {
            try await api.search(PhotoQuery(text: "list"), page: 1, perPage: 10)
        }
    }

    @Test func picturesAreAskedForAtTheSizeTheyAreShown() {
        var photo = Photo(
            id: "a", width: 4000, height: 3000, color: nil, blurHash: nil, description: nil, altDescription: nil, likes: nil,
            user: .init(id: "", username: "", name: ""),
            urls: .init(raw: "https://images.unsplash.com/photo-1?ixid=x&ixlib=rb-4.0.3", full: "f", regular: "r", small: "s", thumb: "t"))
        #expect(
            UnsplashPhotosWorker.imageURL(of: photo, fitting: PixelSize(width: 640, height: 224))
                == "https://images.unsplash.com/photo-1?ixid=x&ixlib=rb-4.0.3&fm=jpg&q=80&w=640&h=224&fit=max&dpr=1")
        // A box beyond what imgix makes is asked for at its largest; a raw URL without a query gets one.
        photo.urls.raw = "https://images.unsplash.com/photo-2"
        #expect(
            UnsplashPhotosWorker.imageURL(of: photo, fitting: PixelSize(width: 20_000, height: 0))
                == "https://images.unsplash.com/photo-2?fm=jpg&q=80&w=8192&h=1&fit=max&dpr=1")
        // No raw URL: the fixed size; none at all: no picture.
        photo.urls.raw = ""
        #expect(UnsplashPhotosWorker.imageURL(of: photo, fitting: PixelSize(width: 10, height: 10)) == "r")
        photo.urls.regular = ""
        photo.urls.small = ""
        #expect(UnsplashPhotosWorker.imageURL(of: photo, fitting: PixelSize(width: 10, height: 10)) == nil)
    }
}
