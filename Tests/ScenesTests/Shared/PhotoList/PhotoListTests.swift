import PhotoDomain
import REPLEngine
import Testing
@testable import Scenes

/// The paged list alone: a plain value, driven without a scene.
@Suite struct PhotoListTests {
    private static let photos = ["a", "b", "c", "d", "e"].map { Photo.fixture($0) }
    private static func ids(_ list: PhotoList) -> String { list.photos.map(\.id).joined() }

    @Test func turningThePageChecksTheRange() throws {
        var list = PhotoList(Self.photos)
        let shown = try list.turn(toPage: 3).get()
        #expect(shown.id == "d" && list.page == 3)
        let beyond = list.turn(toPage: 5, typed: "6")
        #expect(beyond == .failure(.pageOutOfRange(requested: "6", pageCount: 5)))
        let before = list.turn(toPage: -1)
        #expect(before == .failure(.pageOutOfRange(requested: "0", pageCount: 5)))
        #expect(list.page == 3, "a refused turn leaves the page")
        var empty = PhotoList()
        let none = empty.turn(toPage: 0)
        #expect(none == .failure(.noPhotos(command: "page")))
    }

    @Test func openingAPhotoTurnsToItsPage() {
        var list = PhotoList(Self.photos)
        let opened = list.open(2)
        #expect(opened == nil && list.index == 2 && list.page == 2)
        let current = list.open(nil)
        #expect(current == nil && list.index == 2, "nil opens the current page's photo")
        let beyond = list.open(7, typed: "8")
        #expect(beyond == .positionOutOfRange(requested: "8", photoCount: 5))
        #expect(list.index == 2 && list.page == 2)
    }

    @Test func aMoveIsNotASwap() {
        var list = PhotoList(Self.photos)
        _ = list.open(0)
        let moved = list.move(from: 0, to: 2)
        #expect(moved && Self.ids(list) == "bcade" && list.page == 2 && list.index == nil)
        let inPlace = list.move(from: 1, to: 1), beyond = list.move(from: 1, to: 9)
        #expect(!inPlace && !beyond && Self.ids(list) == "bcade")
    }

    @Test func backFromADetailAppliesItsMovesInOrderThenLandsOnThePhotoShownLast() {
        var list = PhotoList(Self.photos)
        _ = list.open(1)
        // In the detail: b moved to 4th (acdbe), stepped to the 1st, a moved to 5th (cdbea), stepped back one.
        list.returned(to: 3, after: [.init(from: 1, to: 3), .init(from: 0, to: 4)])
        #expect(Self.ids(list) == "cdbea")
        #expect(list.page == 3 && list.index == nil)
        // Moves that name no position are skipped; a landing outside keeps the page.
        list.returned(to: 9, after: [.init(from: 7, to: 0)])
        #expect(Self.ids(list) == "cdbea" && list.page == 3)
    }

    @Test func pagesAppendWithoutRepeats() {
        var list = PhotoList(firstPage: PhotoPage(photos: Array(Self.photos.prefix(3)), hasNext: true, total: 6))
        #expect(list.pagesLoaded == 1 && list.hasMore && list.total == 6)
        // A photo published meanwhile pushed c onto page 2: it is not listed twice.
        let added = list.append(PhotoPage(photos: [Self.photos[2], Self.photos[3], Self.photos[4]], hasNext: false, total: 6))
        #expect(added.map(\.id) == ["d", "e"])
        #expect(Self.ids(list) == "abcde" && list.pagesLoaded == 2 && !list.hasMore)
    }
}

/// The judgements a list shows: a column of their own, aligned across the rows, and taken back from
/// the detail that made them.
@MainActor
@Suite struct ListedJudgementTests {
    static func photo(_ id: String, rating: Int? = nil, label: String? = nil, keywords: [String] = []) -> Photo {
        var photo = Photo.fixture(id)
        var metadata = PhotoMetadata()
        (metadata.rating, metadata.label, metadata.keywords) = (rating, label, keywords)
        photo.facts = PhotoFacts(relativePath: Array(id.utf8), format: .jpeg, fileSize: 10, metadata: metadata)
        return photo
    }

    @Test func ratingsLabelsAndKeywordsAreAlignedAndEndWithNoBlanks() {
        let photos = [
            Self.photo("a.jpg", rating: 4, label: "Red", keywords: ["harbour", "sea, salt"]),
            Self.photo("b.jpg", rating: -1),
            Self.photo("c.jpg", label: "Purple"),
            Self.photo("d.jpg"),
            Photo.fixture("unsplash-id")
        ]
        #expect(
            PhotoList.judgements(photos[...], withRating: true) == [
                "★★★★☆       Red     harbour, \"sea, salt\"",
                "✗ rejected",
                "            Purple",
                "", ""
            ])
        // Sorted by rating: its column shows the stars, this one the rest.
        #expect(PhotoList.judgements(photos[...], withRating: false) == ["Red     harbour, \"sea, salt\"", "", "Purple", "", ""])
        // Nothing judged in the list: no column.
        #expect(PhotoList.judgements(photos[3...], withRating: true) == ["", ""])
    }

    @Test func aLongLabelAndManyKeywordsAreCut() {
        let photo = Self.photo("a.jpg", label: "A very long colour name", keywords: (1...20).map { "keyword\($0)" })
        let shown = PhotoList.judgements([photo], withRating: true)[0]
        #expect(shown == "A very long…  keyword1, keyword2, keyword3, k…")
        #expect(TerminalText.width(shown) == 12 + 2 + 32)
    }

    @Test func theListTakesTheDetailsJudgementsOnly() {
        var list = PhotoList([Self.photo("a.jpg"), Self.photo("b.jpg", rating: 2), Self.photo("c.jpg")])
        var judged = Self.photo("a.jpg", rating: 5, label: "Green", keywords: ["best"])
        judged.description = "read from its header in the detail"
        list.takeJudgements(of: [judged, Self.photo("b.jpg", rating: -1), Self.photo("elsewhere.jpg", rating: 3)])
        let metadata = list.photos.map { $0.facts?.metadata }
        #expect(metadata.map { $0?.rating } == [5, -1, nil])
        #expect(metadata[0]?.label == "Green" && metadata[0]?.keywords == ["best"])
        #expect(list.photos[0].description == Photo.fixture("a.jpg").description, "a list of names shows no header")
        #expect(list.photos.map(\.id) == ["a.jpg", "b.jpg", "c.jpg"])
    }
}
