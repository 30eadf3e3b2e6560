import Imaging
import PhotoDomain
import REPLEngine
import TerminalPictures
import Testing
@testable import Scenes

extension Photo {
    /// A photo whose fields all derive from `id`, so tests can tell photos apart by id alone.
    static func fixture(_ id: String, likes: Int = 10, description: String? = nil, name: String? = nil) -> Photo {
        Photo(
            id: id, width: 4000, height: 3000, color: "#112233", blurHash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
            description: description ?? "Photo \(id)", altDescription: "alt \(id)", likes: likes,
            user: .init(id: "u-\(id)", username: "user_\(id)", name: name ?? "Author \(id.uppercased())"),
            urls: .init(
                raw: "https://img/\(id)", full: "https://img/\(id)?full", regular: "https://img/\(id)?w=1080",
                small: "https://img/\(id)?w=400", thumb: "https://img/\(id)?w=200")
        )
    }

    static let abcde = ["a", "b", "c", "d", "e"].map { Photo.fixture($0) }
}

/// Returns the first `count` of its photos, and counts the calls.
actor StubWorker: PhotosWorker {
    let photos: [Photo]
    private(set) var calls: [Int] = []
    init(_ photos: [Photo] = Photo.abcde) { self.photos = photos }

    func fetchRandomPhotos(count: Int) async throws -> [Photo] {
        calls.append(count)
        return Array(photos.prefix(count))
    }
}

/// Fails like a source that is down.
struct FailingWorker: PhotosWorker {
    func fetchRandomPhotos(count: Int) async throws -> [Photo] {
        throw PhotosWorkerError("the source is unreachable")
    }
}

/// Takes a day, unless cancelled: then it throws CancellationError, as URLSession does. (A minute
/// ran out on a loaded CI machine, whose synchronous tests held Swift's pool that long.)
struct SlowWorker: PhotosWorker {
    func fetchRandomPhotos(count: Int) async throws -> [Photo] {
        try await Task.sleep(for: .seconds(24 * 3600))
        return Array(Photo.abcde.prefix(count))
    }
}

/// Finishes only after the caller was cancelled, and then returns photos anyway: the interactor must
/// still not apply them.
struct IgnoresCancellationWorker: PhotosWorker {
    func fetchRandomPhotos(count: Int) async throws -> [Photo] {
        while !Task.isCancelled { await Task.yield() }
        return Array(Photo.abcde.prefix(count))
    }
}

/// A photographer with a full profile and three photos (the first is photo "b" of `abcde`); it
/// fails `failures` times first, and records whom it was asked for.
actor StubPhotographers: PhotographersWorker {
    private(set) var asked: [Photo.User] = []
    private var failures: Int

    init(failures: Int = 0) { self.failures = failures }

    static let profile = Photo.User(
        id: "u-b", username: "user_b", name: "Author B", location: "Seoul\n, Korea",
        bio: "Landscapes and\r\nstreets. " + String(repeating: "Long walks with a camera. ", count: 4), totalPhotos: 1204, totalLikes: 3210
    )
    static let photos = [Photo.fixture("b"), Photo.fixture("b2", likes: 7), Photo.fixture("b3", likes: 1234)].map {
        var photo = $0
        photo.user = Photo.User(id: "u-b", username: "user_b", name: "Author B")
        return photo
    }

    func photographer(_ user: Photo.User, limit: Int) async throws -> PhotographerPhotos {
        asked.append(user)
        if failures > 0 {
            failures -= 1
            throw PhotosWorkerError("the source is unreachable")
        }
        return PhotographerPhotos(profile: Self.profile, photos: Array(Self.photos.prefix(limit)))
    }
}

/// Takes a day, unless cancelled.
struct SlowPhotographers: PhotographersWorker {
    func photographer(_ user: Photo.User, limit: Int) async throws -> PhotographerPhotos {
        try await Task.sleep(for: .seconds(24 * 3600))
        return PhotographerPhotos(profile: user, photos: [])
    }
}

/// An engine with the four scenes registered and the collection shown, its output in memory.
@MainActor
struct App {
    let engine: Engine
    let output = OutputSink.memory()

    init(
        worker: PhotosWorker = StubWorker(), photographers: PhotographersWorker = StubPhotographers(), feed: PhotoFeedWorker? = nil,
        search: PhotoSearchWorker = StubPages(), pictures: PhotoPicturesWorker? = nil, display: PictureDisplay? = nil
    ) {
        engine = Engine(console: Console(output: output, diagnostics: .memory()))
        let settings = BrowseSettings()
        engine.register(PhotoCollectionView.module(worker: worker, pictures: pictures, display: display, feed: feed, settings: settings))
        engine.register(PhotoDetailView.module())
        engine.register(IndexEditView.module())
        engine.register(PhotoAuthorView.module(worker: photographers, pictures: pictures, display: display, settings: settings))
        engine.register(PhotoSearchView.module(worker: search, pictures: pictures, display: display, settings: settings))
        engine.start(root: PhotoCollectionView.self)
    }

    /// Runs lines, which must all succeed.
    func run(_ lines: String...) async {
        for line in lines {
            let outcome = await engine.execute(line)
            #expect(outcome == .done, "\(line)")
        }
        engine.console.flush()
    }

    var collection: PhotoCollectionDataStore { (engine.scenes[0] as! PhotoCollectionView).router!.dataStore! }
    var ids: [String] { collection.list.photos.map(\.id) }

    func scene<View: SceneView>(_ type: View.Type) -> View? {
        engine.scenes.lazy.compactMap { $0 as? View }.first
    }

    func stateJSON() async -> String {
        output.clear()
        await run("state --json")
        return output.text
    }
}

/// Pictures from nowhere: records what it is asked for (pixels and prefetches, with their boxes) and
/// answers with a picture of the box's size, or throws what `errors` holds for the photo.
actor FakePicturesWorker: PhotoPicturesWorker {
    struct Request: Equatable {
        var id: String
        var box: PixelSize
    }

    private(set) var requests: [Request] = []
    private(set) var prefetches: [Request] = []
    private let errors: [String: any Error & Sendable]

    init(errors: [String: any Error & Sendable] = [:]) { self.errors = errors }

    func pixels(for photo: Photo, fitting box: PixelSize) async throws -> Pixels {
        requests.append(.init(id: photo.id, box: box))
        if let error = errors[photo.id] { throw error }
        return Self.picture(photo.id, box)
    }

    func prefetch(_ photo: Photo, fitting box: PixelSize) async {
        prefetches.append(.init(id: photo.id, box: box))
    }

    func prefetch(_ photos: [Photo], fitting box: PixelSize) async {
        prefetches += photos.map { .init(id: $0.id, box: box) }
    }

    /// The picture it gives for a photo: the box's size, its first byte the id's first.
    static func picture(_ id: String, _ box: PixelSize) -> Pixels {
        var rgba = [UInt8](repeating: 128, count: box.width * box.height * 4)
        rgba[0] = id.utf8.first ?? 0
        return Pixels(width: box.width, height: box.height, rgba: rgba)
    }
}

/// A source with something to say about its fetch, as a folder has.
struct NotingWorker: PhotosWorker {
    let notes: [String]

    func fetchRandomPhotos(count: Int) async throws -> [Photo] {
        try await fetch(count: count).photos
    }

    func fetch(count: Int) async throws -> FetchedPhotos {
        FetchedPhotos(photos: Array(Photo.abcde.prefix(count)), notes: notes)
    }
}

/// The engine's effects, for an interactor tested alone: the work scheduled, run by `finish()` as
/// the engine runs it before a command ends.
@MainActor
final class CollectingEffects: SceneEffects {
    private var work: [@MainActor () async throws -> Void] = []
    var pending: Int { work.count }

    func finishBeforeCommandEnds(_ work: @escaping @MainActor () async throws -> Void) {
        self.work.append(work)
    }

    /// Runs the work; what a piece throws (a failure the View reported) ends the rest, as in the
    /// engine, and is thrown.
    func finish() async throws {
        while !work.isEmpty {
            do {
                try await work.removeFirst()()
            } catch {
                work.removeAll()
                throw error
            }
        }
    }
}

/// A paged source over `photos`: its feed in their order, its search over their descriptions; a
/// page in `failing` fails, and every page asked for is recorded.
actor StubPages: PhotoFeedWorker, PhotoSearchWorker {
    let photos: [Photo]
    var failing: Set<Int>
    private(set) var asked: [Int] = []
    private(set) var queries: [PhotoQuery] = []

    init(_ photos: [Photo] = (1...23).map { Photo.fixture("p\($0)") }, failing: Set<Int> = []) {
        self.photos = photos
        self.failing = failing
    }

    nonisolated var feedName: String { "the stub's photos" }

    func feedPage(_ page: Int, perPage: Int) async throws -> PhotoPage {
        asked.append(page)
        if failing.contains(page) { throw PhotosWorkerError("page \(page) is down") }
        return PhotoPage.slice(photos, page: page, perPage: perPage)
    }

    func search(_ query: PhotoQuery, page: Int, perPage: Int) async throws -> PhotoPage {
        asked.append(page)
        queries.append(query)
        if failing.contains(page) { throw PhotosWorkerError("page \(page) is down") }
        return PhotoPage.slice(photos.filter { query.matchesText([$0.description]) }, page: page, perPage: perPage)
    }

    func heal() { failing = [] }
}
