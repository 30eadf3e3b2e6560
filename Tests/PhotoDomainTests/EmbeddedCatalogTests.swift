import Foundation
import Testing
@testable import PhotoDomain

@Suite struct EmbeddedCatalogTests {
    let photos = EmbeddedCatalog.photos

    @Test func holdsEnoughDistinctPhotos() {
        #expect(photos.count >= 100)
        #expect(Set(photos.map(\.id)).count == photos.count)
    }

    /// catalog.json is the catalog as Unsplash would send it; the compiled-in values must be the same.
    @Test func agreesWithTheUnsplashShapedJSON() throws {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/PhotoDomain/Catalog/catalog.json")
        let decoded = try JSONDecoder().decode([Photo].self, from: Data(contentsOf: url))
        #expect(decoded == photos)
        let raw = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [[String: Any]]
        #expect(Set(raw[0].keys) == ["id", "width", "height", "color", "blur_hash", "description", "alt_description", "likes", "user", "urls"])
    }

    @Test func fieldsLookLikeUnsplashs() {
        let idCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
        let hex = Set("0123456789abcdef")
        let base83 = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")
        for photo in photos {
            #expect(photo.id.count == 11 && photo.id.allSatisfy(idCharacters.contains))
            #expect(photo.width > 0 && photo.height > 0)
            let color = photo.color ?? ""
            #expect(color.count == 7 && color.first == "#" && color.dropFirst().allSatisfy(hex.contains))
            // BlurHash: the first character gives the component counts, which fix the length.
            let hash = Array(photo.blurHash ?? "")
            #expect(hash.allSatisfy(base83.contains))
            if let flag = hash.first.flatMap({ base83.firstIndex(of: $0) }) {
                let (nx, ny) = (flag % 9 + 1, flag / 9 + 1)
                #expect(hash.count == 4 + 2 * nx * ny)
            }
            #expect((photo.likes ?? -1) >= 0)
            #expect(!photo.user.name.isEmpty && photo.user.username.allSatisfy { $0.isASCII })
            #expect(photo.urls.regular.hasPrefix("https://images.unsplash.com/photo-") && photo.urls.regular.contains("w=1080"))
            #expect(photo.description != nil || photo.altDescription != nil)
        }
    }

    @Test func isVaried() {
        #expect(Set(photos.compactMap(\.altDescription)).count >= 25)
        #expect(Set(photos.map(\.user.name)).count >= 50)
        #expect(photos.contains { $0.description == nil })
        #expect(photos.contains { $0.user.name.unicodeScalars.contains { !$0.isASCII } })
        #expect(Set(photos.map { $0.width > $0.height }).count == 2)
    }
}
