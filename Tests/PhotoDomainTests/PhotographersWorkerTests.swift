import Foundation
import Networking
import Testing
@testable import PhotoDomain

/// Each source finds a photographer's photos its own way: the catalog and a folder among their own
/// photos, Unsplash with two requests.
@Suite struct PhotographersWorkerTests {
    @Test func theCatalogGivesEveryPhotographerTheirOwnPhotos() async throws {
        let worker = EmbeddedPhotosWorker()
        for photo in EmbeddedCatalog.photos.prefix(12) {
            let found = try await worker.photographer(photo.user, limit: 10)
            #expect(found.profile == photo.user)
            #expect(found.photos.contains(photo))
            #expect(found.photos.allSatisfy { $0.user.username == photo.user.username })
            #expect((4...6).contains(found.photos.count), "\(photo.user.username): \(found.photos.count)")
        }
        let first = EmbeddedCatalog.photos[0].user
        #expect(try await worker.photographer(first, limit: 2).photos.count == 2)
        let nobody = Photo.User(id: "x", username: "nobody", name: "Nobody")
        let none = try await worker.photographer(nobody, limit: 10)
        #expect(none.photos.isEmpty && none.profile == nobody)
    }

    @Test func aFolderGroupsItsPhotosByEXIFArtist() async throws {
        let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/photos").path
        let worker = FolderPhotosWorker(root: photos)
        let ada = try await worker.photographer(Photo.User(id: "", username: "", name: "Ada Lovelace"), limit: 10)
        #expect(ada.photos.map(\.id) == ["sunset.jpg"])
        #expect(ada.profile == Photo.User(id: "", username: "", name: "Ada Lovelace", totalPhotos: 1))
        // The photos are the folder's: their pictures can be decoded by the same worker.
        let pixels = try await worker.pixels(for: ada.photos[0], fitting: .init(width: 32, height: 20))
        #expect(pixels.width > 0)
        // Photos whose EXIF names no artist have an empty name: they are grouped too.
        let unknown = try await worker.photographer(Photo.User(id: "", username: "", name: ""), limit: 2)
        #expect(unknown.photos.map(\.id) == ["nested/deeper/leaf.png", "nested/gray.png"])
        #expect(unknown.profile.totalPhotos == 3, "counted beyond the limit")
    }

    @Test func aUsernameIsOnePathSegment() {
        #expect(UnsplashAPI.pathSegment("tomas_park") == "tomas_park")
        #expect(UnsplashAPI.pathSegment("../photos/random?count=30") == "..%2Fphotos%2Frandom%3Fcount%3D30")
        #expect(UnsplashAPI.pathSegment("..") == "%2E%2E")
        #expect(UnsplashAPI.pathSegment("한") == "%ED%95%9C")
    }

    @Test func unsplashAsksForTheProfileThenThePhotos() async throws {
        let base = "https://api.example"
        let profile =
            #"{"id": "U1", "username": "tomas_park", "name": "Tomás Park", "location": null, "bio": "Hi\r\nthere", "total_photos": 51, "total_likes": 58, "links": {"html": "https://unsplash.com/@tomas_park"}}"#
        let photos =
            "["
            + ["a", "b", "a"].map { #"{"id": "\#($0)", "user": {"username": "tomas_park", "name": "Tomás Park"}}"# }.joined(separator: ",")
            + "]"
        let server = Answers([
            "\(base)/users/tomas_park": profile,
            "\(base)/users/tomas_park/photos?per_page=10": photos
        ])
        let worker = UnsplashPhotosWorker(api: UnsplashAPI(base: base, key: "k", transport: server))
        let found = try await worker.photographer(Photo.User(id: "U1", username: "tomas_park", name: "Tomás Park"), limit: 10)
        #expect(
            found.profile
                == Photo.User(
                    id: "U1", username: "tomas_park", name: "Tomás Park", profileURL: "https://unsplash.com/@tomas_park",
                    location: nil, bio: "Hi\r\nthere", totalPhotos: 51, totalLikes: 58))
        #expect(found.photos.map(\.id) == ["a", "b"], "each photo once")
        #expect(await server.asked == ["\(base)/users/tomas_park", "\(base)/users/tomas_park/photos?per_page=10"])

        // A photographer the API does not know: its own words.
        let missing = UnsplashPhotosWorker(
            api: UnsplashAPI(base: base, key: "k", transport: Answers([:], status: 404, body: #"{"errors": ["Couldn't find User"]}"#)))
        await #expect(throws: PhotosWorkerError.self) {
            try await missing.photographer(Photo.User(id: "", username: "gone", name: ""), limit: 10)
        }
        await #expect(throws: PhotosWorkerError.self) {
            try await worker.photographer(Photo.User(id: "", username: "", name: "No Name"), limit: 10)
        }
    }
}

/// JSON answers by URL; anything else gets `status` with `body`.
private actor Answers: HTTPTransport {
    private let answers: [String: String]
    private let status: Int
    private let body: String
    private(set) var asked: [String] = []

    init(_ answers: [String: String], status: Int = 404, body: String = "{}") {
        self.answers = answers
        self.status = status
        self.body = body
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        asked.append(request.url)
        let text = answers[request.url]
        return HTTPResponse(
            status: text == nil ? status : 200, headers: [HTTPHeader("Content-Type", "application/json")], body: Array((text ?? body).utf8))
    }
}
