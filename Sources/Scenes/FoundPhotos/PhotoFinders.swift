import PhotoDomain
import TerminalPictures
import REPLEngine

/// What one kind of found photos is found by: the type a `FoundPhotosView` is made for, so that the
/// engine tells the two scenes apart (`ByPhotographer`, `BySearch`).
@MainActor
package protocol PhotoFinder {
    static var foundBy: FoundBy { get }
}

/// What the photos of a found photos scene are found by; with it, what the scene is called (in
/// prompts and `state`), the words of its list, its fields in `state --json`, and what its commands say.
package enum FoundBy: Sendable {
    case photographer
    case query
}

package enum ByPhotographer: PhotoFinder {
    package static let foundBy = FoundBy.photographer
}

package enum BySearch: PhotoFinder {
    package static let foundBy = FoundBy.query
}

/// What `help` says of the commands each kind of found photos words its own way.
struct FoundPhotosSummaries: Sendable {
    var show, page, next, prev, open: String
}

@MainActor
extension FoundBy {
    var sceneName: String {
        switch self {
        case .photographer: "author"
        case .query: "search"
        }
    }

    /// How the list speaks of the photos ("result", "there are no results to open: …").
    var wording: PhotoList.Wording {
        switch self {
        case .photographer: Self.photographerWording
        case .query: Self.resultsWording
        }
    }

    /// The list as a detail opened from it is told of it.
    var detailOrigin: PhotoDetail.Origin {
        switch self {
        case .photographer: PhotoDetail.Origin(listName: "the photographer's photos", positionKey: "authorIndex", canMove: false)
        case .query: PhotoDetail.Origin(listName: "the search results", positionKey: "resultIndex", canMove: false)
        }
    }

    var summaries: FoundPhotosSummaries {
        switch self {
        case .photographer: Self.photographerSummaries
        case .query: Self.resultsSummaries
        }
    }

    /// The DataStore as `state` shows it.
    func stateFields(of store: FoundPhotosDataStore) -> [StateField] {
        switch self {
        case .photographer: Self.photographerFields(of: store)
        case .query: Self.resultsFields(of: store)
        }
    }
}

// MARK: - A photographer's photos, pushed by `author` from a detail: they come whole, one request's worth

@MainActor
extension FoundBy {
    static let photographerWording = PhotoList.Wording(
        noun: "photo", withAuthor: false,
        nothingTo: { "this photographer has no photos here to \($0): type 'back'" },
        nothingToPage: "No photos to page through: type 'back'.",
        noMore: "there are no more photos to load",
        // Their photos come whole (one request's worth): `next` past the last says `noMore` instead.
        loaded: { "Loaded \($0.added) more photo\($0.added == 1 ? "" : "s")." })

    static let photographerSummaries = FoundPhotosSummaries(
        show: "show the photographer again: name, location, bio, totals and their photos",
        page: "go to page N of the photographer's photos",
        next: "show their next photo (in the grid layout, the next sheet)",
        prev: "show their previous photo (in the grid layout, the previous sheet)",
        open: "open the photographer's photo N, or the one named NAME, in a detail scene (default: the current page)")

    static func photographerFields(of store: FoundPhotosDataStore) -> [StateField] {
        let photos = store.list
        let user: Photo.User? = if case .photographer(let user)? = store.source { user } else { nil }
        return [
            StateField("author", user.map { .string($0.username.isEmpty ? $0.name : $0.username) } ?? .null),
            StateField("authorPhotos", .strings(photos.photos.map(\.id))),
            StateField("authorPage", .int(photos.photos.isEmpty ? 0 : photos.page + 1))
        ] + (photos.sheet.map { [StateField("authorSheet", .int($0 + 1))] } ?? [])
    }
}

// MARK: - What `search QUERY` found, pushed from the collection: a page at a time, more loaded past the last

@MainActor
extension FoundBy {
    static let resultsWording = PhotoList.Wording(
        noun: "result", withAuthor: true,
        nothingTo: { "there are no results to \($0): type 'back' and search for other words" },
        nothingToPage: "No results to page through: type 'back'.",
        noMore: "there are no more results",
        loaded: { more in
            var line =
                "Loaded \(more.added == 0 ? "no results not listed already" : "\(more.added) more result\(more.added == 1 ? "" : "s")")"
            line +=
                " (\(more.photoCount)\(more.total.map { " of \(PhotoFormatting.grouped($0))" } ?? "") loaded\(more.hasMore ? "" : "; that is all of them"))."
            return line
        })

    static let resultsSummaries = FoundPhotosSummaries(
        show: "show the results again (as a contact sheet in the grid layout)",
        page: "go to page N of the results",
        next: "go to the next result (past the last one loaded: load more)",
        prev: "go to the previous result",
        open: "open result N, or the one named NAME, in a detail scene (default: the current page)")

    static func resultsFields(of store: FoundPhotosDataStore) -> [StateField] {
        let results = store.list
        let query: PhotoQuery? = if case .query(let query)? = store.source { query } else { nil }
        return [
            StateField(
                "search",
                query.map { query in
                    .object([
                        StateField("query", .string(query.text)),
                        StateField("orientation", query.orientation.map { .string($0.rawValue) } ?? .null),
                        StateField("color", query.color.map { .string($0) } ?? .null)
                    ])
                } ?? .null),
            StateField("results", .strings(results.photos.map(\.id))),
            StateField("resultsPage", .int(results.photos.isEmpty ? 0 : results.page + 1)),
            StateField("resultsPagesLoaded", .int(results.pagesLoaded)),
            StateField("resultsTotal", results.total.map { .int($0) } ?? .null),
            StateField("resultsMore", .bool(results.hasMore))
        ] + (results.sheet.map { [StateField("resultsSheet", .int($0 + 1))] } ?? [])
    }
}

/// The photographer scene: its photos found by who took them.
package typealias PhotoAuthorView = FoundPhotosView<ByPhotographer>
/// The search results scene: its photos found by a query.
package typealias PhotoSearchView = FoundPhotosView<BySearch>

extension FoundPhotosView where Finder == ByPhotographer {
    /// The photographer scene, wired up: `worker` finds the photographer and their photos; `pictures`
    /// and `display` draw each page's photo (nil: text only).
    package static func module(
        worker: PhotographersWorker, pictures: PhotoPicturesWorker? = nil, display: PictureDisplay? = nil,
        settings: BrowseSettings = BrowseSettings()
    ) -> SceneModule {
        module(finding: .photographers(worker), pictures: pictures, display: display, settings: settings)
    }
}

extension FoundPhotosView where Finder == BySearch {
    /// The search results scene, wired up: `worker` searches the source; `pictures` and `display`
    /// draw each page's photo and the contact sheets (nil: text only).
    package static func module(
        worker: PhotoSearchWorker, pictures: PhotoPicturesWorker? = nil, display: PictureDisplay? = nil,
        settings: BrowseSettings = BrowseSettings()
    ) -> SceneModule {
        module(finding: .search(worker), pictures: pictures, display: display, settings: settings)
    }
}
