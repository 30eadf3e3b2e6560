import Foundation
import Testing
@testable import PhotoDomain

/// Photo keeps its fields in a shared box (a copy is one retain): it must still behave as a value.
@Suite struct PhotoValueTests {
    static let photo = Photo(
        id: "a1", width: 4000, height: 3000, color: "#112233", blurHash: nil, description: "A lake",
        altDescription: "water", likes: 12, user: .init(id: "u1", username: "ada", name: "Ada"),
        urls: .init(raw: "r", full: "f", regular: "g", small: "s", thumb: "t")
    )

    @Test func aChangedCopyLeavesTheOriginalAsItWas() {
        let original = Self.photo
        var copy = original
        #expect(copy == original)
        copy.description = "A different lake"
        copy.user.name = "Someone else"
        copy.urls.small = "small"
        copy.likes = nil
        #expect(original.description == "A lake")
        #expect(original.user.name == "Ada")
        #expect(original.urls.small == "s")
        #expect(original.likes == 12)
        #expect(copy != original)
        #expect(copy.description == "A different lake" && copy.user.name == "Someone else" && copy.likes == nil)
    }

    @Test func photosWithTheSameFieldsAreEqual() {
        var other = Self.photo
        other.width = 1
        other.width = 4000
        #expect(other == Self.photo)
        var links = Self.photo
        links.links = .init(html: "h", downloadLocation: nil)
        #expect(links != Self.photo)
    }

    @Test func itDecodesAndEncodesAsTheAPIShapesIt() throws {
        let json = Data(
            """
            {"id":"x","width":2,"height":3,"color":null,"blur_hash":"LKO2","description":null,"alt_description":"alt",
             "likes":5,"user":{"id":"u","username":"b","name":"B","total_photos":7},
             "urls":{"raw":"r","full":"f","regular":"g","small":"s","thumb":"t"}}
            """.utf8)
        let photo = try JSONDecoder().decode(Photo.self, from: json)
        #expect(photo.id == "x" && photo.blurHash == "LKO2" && photo.altDescription == "alt" && photo.user.totalPhotos == 7)
        #expect(photo.links == nil)
        let again = try JSONDecoder().decode(Photo.self, from: JSONEncoder().encode(photo))
        #expect(again == photo)
    }
}
