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
        #expect(
            Set(raw[0].keys) == ["id", "width", "height", "color", "blur_hash", "description", "alt_description", "likes", "user", "urls"])
        // Every user object carries the profile fields, null included (decoding reads a missing key as nil too).
        for object in raw {
            let user = try #require(object["user"] as? [String: Any])
            #expect(Set(user.keys) == ["id", "username", "name", "bio", "location", "total_likes", "total_photos"])
        }
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
        #expect(Set(photos.map(\.user.name)).count == 24)
        #expect(photos.contains { $0.description == nil })
        #expect(photos.contains { $0.user.name.unicodeScalars.contains { !$0.isASCII } })
        #expect(Set(photos.map { $0.width > $0.height }).count == 2)
    }

    /// A couple of dozen photographers with several photos each, and the same profile on each photo.
    @Test func photographersHaveSeveralPhotosAndOneProfile() {
        let byUsername = Dictionary(grouping: photos, by: \.user.username)
        #expect(byUsername.count == 24)
        for (username, theirs) in byUsername {
            #expect((4...6).contains(theirs.count), "\(username) has \(theirs.count) photos")
            let profile = theirs[0].user
            #expect(theirs.allSatisfy { $0.user == profile })
            #expect((profile.totalPhotos ?? 0) >= theirs.count && (profile.totalLikes ?? -1) >= 0)
            #expect(profile.profileURL == nil)
        }
        let profiles = byUsername.values.map { $0[0].user }
        #expect(Set(profiles.map(\.id)).count == 24)
        #expect(profiles.contains { $0.location == nil } && profiles.contains { $0.location != nil })
        #expect(profiles.contains { $0.bio == nil })
        #expect(profiles.contains { $0.bio?.contains("\r\n") == true })
        #expect(profiles.contains { ($0.bio?.count ?? 0) > 200 })
    }
}
