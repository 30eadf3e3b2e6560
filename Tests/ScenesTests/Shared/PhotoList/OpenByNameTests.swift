import PhotoDomain
import REPLEngine
import Testing
@testable import Scenes

/// `open NAME`: a photo found by its file name, with or without its folder and its extension, in any
/// case; several matches or none say what to type instead.
@MainActor
@Suite struct OpenByNameTests {
    static let names = ["Nature/Storm.jpg", "Nature/Sunset.JPG", "Winter/Storm.png", "city/night.jpeg", "Été 2024/plage été.jpg", "README"]

    func list() -> PhotoList { PhotoList(Self.names.map { Photo.fixture($0) }) }

    @Test(arguments: [
        ("Nature/Storm.jpg", 0), ("nature/storm", 0), ("Sunset.jpg", 1), ("sunset", 1), ("SUNSET.JPG", 1), ("night", 3),
        ("city/night.jpeg", 3), ("Winter/Storm", 2), ("storm.png", 2), ("plage été", 4), ("PLAGE ÉTÉ.JPG", 4), ("readme", 5)
    ])
    func aNameOpensTheOnePhotoItNames(_ typed: String, _ row: Int) {
        var photos = list()
        #expect(photos.open(named: typed) == nil, "\(typed)")
        #expect(photos.index == row, "\(typed)")
    }

    @Test func aNameInTheOtherUnicodeSpellingFindsThePhoto() {
        var photos = list()
        // "é" as e and a combining acute accent (NFD) where the file name has it composed (NFC).
        #expect(photos.open(named: "plage e\u{301}te\u{301}") == nil)
        #expect(photos.index == 4)
    }

    @Test func aPartOfANameIsNotEnough() {
        var photos = list()
        #expect(photos.open(named: "orm") == .noPhotoNamed("orm", suggestion: nil))
        #expect(photos.open(named: "ature/Storm.jpg") == .noPhotoNamed("ature/Storm.jpg", suggestion: nil))
        #expect(photos.index == nil)
    }

    @Test func severalPhotosOfOneNameAreListed() {
        var photos = list()
        #expect(photos.open(named: "storm") == .severalPhotosNamed("storm", ["Nature/Storm.jpg", "Winter/Storm.png"], more: 0))
        #expect(photos.index == nil)
        let message = PhotoList.message(
            .severalPhotosNamed("storm", ["Nature/Storm.jpg", "Winter/Storm.png"], more: 0), wording: FoundBy.photographer.wording)
        #expect(
            message
                == "'storm' names 2 photos: 'Nature/Storm.jpg', 'Winter/Storm.png' (type more of the path, e.g. 'open Nature/Storm.jpg')")
    }

    @Test func atMostFiveAreNamed() {
        var photos = PhotoList((1...8).map { Photo.fixture("shoot \($0)/IMG_0001.jpg") })
        guard case .severalPhotosNamed(_, let named, let more)? = photos.open(named: "img_0001") else {
            Issue.record("eight photos named IMG_0001.jpg are ambiguous")
            return
        }
        #expect(named.count == 5)
        #expect(more == 3)
        let message = PhotoList.message(.severalPhotosNamed("img_0001", named, more: more), wording: FoundBy.photographer.wording)
        #expect(message.hasPrefix("'img_0001' names 8 photos: 'shoot 1/IMG_0001.jpg', "), "\(message)")
        #expect(message.hasSuffix(" and 3 more (type more of the path, e.g. 'open 'shoot 1/IMG_0001.jpg'')"), "\(message)")
    }

    @Test func aMisspeltNameGetsADidYouMean() {
        var photos = list()
        #expect(photos.open(named: "sunet") == .noPhotoNamed("sunet", suggestion: "Sunset.JPG"))
        #expect(photos.open(named: "nigth.jpeg") == .noPhotoNamed("nigth.jpeg", suggestion: "night.jpeg"))
        let message = PhotoList.message(.noPhotoNamed("sunet", suggestion: "Sunset.JPG"), wording: FoundBy.photographer.wording)
        #expect(message == "no photo listed is named 'sunet': did you mean 'Sunset.JPG'? (type e.g. 'open 1' or 'open Sunset.JPG')")
    }

    @Test func anExactIdIsFoundByteForByteFirst() {
        // Two spellings of one name, both listed: each opens itself.
        var photos = PhotoList([Photo.fixture("caf\u{E9}.jpg"), Photo.fixture("cafe\u{301}.jpg")])
        #expect(photos.open(named: "cafe\u{301}.jpg") == nil)
        #expect(photos.index == 1)
        #expect(photos.open(named: "caf\u{E9}.jpg") == nil)
        #expect(photos.index == 0)
        #expect(photos.open(named: "CAFÉ") != nil, "in another case, the two are one name: ambiguous")
    }

    @Test func tabOffersFileNamesThenPaths() {
        #expect(
            list().typedNames == [
                "Storm.jpg", "Sunset.JPG", "Storm.png", "night.jpeg", "plage été.jpg", "README",
                "Nature/Storm.jpg", "Nature/Sunset.JPG", "Winter/Storm.png", "city/night.jpeg", "Été 2024/plage été.jpg"
            ])
        #expect(PhotoList([Photo.fixture("a/x.jpg"), Photo.fixture("b/x.jpg")]).typedNames == ["x.jpg", "a/x.jpg", "b/x.jpg"])
    }

    @Test func tabCompletesANameWithBlanksEscaped() async {
        let app = App(worker: StubWorker(Self.names.map { Photo.fixture($0) }))
        await app.run("count 6", "fetch")
        #expect(app.engine.complete("open pla") == Completion(insertion: #"ge\ été.jpg "#, choices: []))
        #expect(app.engine.complete(#"open plage\ é"#) == Completion(insertion: "té.jpg ", choices: []))
        #expect(app.engine.complete("open Nat") == Completion(insertion: "ure/S", choices: ["Nature/Storm.jpg", "Nature/Sunset.JPG"]))
        #expect(app.engine.complete("open Su") == Completion(insertion: "nset.JPG ", choices: []))
        #expect(
            app.engine.complete("open ") == Completion(insertion: "", choices: ["1", "2", "3", "4", "5", "6"]),
            "positions only before a word is begun")
        #expect(
            app.engine.complete("open S") == Completion(insertion: "", choices: ["Storm.jpg", "Sunset.JPG", "Storm.png"]),
            "names as written")
    }
}
