import Testing
@testable import PhotoDomain

/// The query's own matching, which the catalog's and a folder's searches use.
@Suite struct PhotoQueryTests {
    @Test func everyWordMustBeSomewhereCaseInsensitively() {
        let query = PhotoQuery(text: "Misty  FOREST")
        #expect(query.matchesText(["misty pine forest", nil]))
        #expect(query.matchesText(["Misty morning", "a forest"]))
        #expect(!query.matchesText(["misty morning"]))
    }

    @Test func orientationsAndSquarishPhotos() {
        #expect(PhotoQuery(text: "x", orientation: .landscape).matchesOrientation(width: 4000, height: 3000))
        #expect(!PhotoQuery(text: "x", orientation: .landscape).matchesOrientation(width: 3000, height: 4000))
        #expect(PhotoQuery(text: "x", orientation: .squarish).matchesOrientation(width: 4000, height: 3700))
        #expect(!PhotoQuery(text: "x", orientation: .landscape).matchesOrientation(width: 4000, height: 3700))
        #expect(!PhotoQuery(text: "x", orientation: .portrait).matchesOrientation(width: 0, height: 0))
        #expect(PhotoQuery(text: "x").matchesOrientation(width: 0, height: 0))
    }

    @Test func coloursByHue() {
        #expect(ColourName.names(ofHex: "#d15b27") == ["orange"])
        #expect(ColourName.names(ofHex: "#288176") == ["teal"])
        #expect(ColourName.names(ofHex: "#0c0c0c") == ["black", "black_and_white"])
        #expect(ColourName.names(ofHex: "#f2f2f2") == ["white", "black_and_white"])
        #expect(ColourName.names(ofHex: "#ce55a8") == ["magenta"])
        #expect(ColourName.names(ofHex: "#354d87") == ["blue"])
        #expect(ColourName.names(ofHex: "nope") == [] && ColourName.names(ofHex: nil) == [])
    }

    @Test func pagesAreCutWithoutOverflow() {
        let photos = (1...5).map { photo("p\($0)") }
        #expect(PhotoPage.slice(photos, page: 2, perPage: 2).photos.map(\.id) == ["p3", "p4"])
        #expect(PhotoPage.slice(photos, page: 3, perPage: 2) == PhotoPage(photos: [photos[4]], hasNext: false, total: 5))
        #expect(PhotoPage.slice(photos, page: Int.max, perPage: 30).photos.isEmpty)
        #expect(PhotoPage.slice(photos, page: 0, perPage: 2).photos.isEmpty)
    }
}

private func photo(_ id: String) -> Photo {
    Photo(
        id: id, width: 4000, height: 3000, color: nil, blurHash: nil, description: nil, altDescription: nil, likes: nil,
        user: .init(id: "", username: "", name: "unknown"), urls: .init(raw: id, full: id, regular: id, small: id, thumb: id))
}
