import Imaging
import PhotoDomain

/// The found photos scene's use cases: Request (View → Interactor), Response (Interactor →
/// Presenter), ViewModel (Presenter → View). One scene lists the photos found by a photographer
/// (`author`, pushed from a detail) or by a query (`search`, pushed from the collection).
enum FoundPhotos {
    /// What the photos are found by, handed over by the router that pushed the scene.
    enum Source: Equatable, Sendable {
        /// The photographer as the photo named them; their profile replaces it once loaded.
        case photographer(Photo.User)
        case query(PhotoQuery)
    }

    /// The photos found: when the scene loads, on `show`, and on `search QUERY`.
    enum Show {
        struct Request: Equatable, Sendable {
            /// A new search typed in the results (`search QUERY`): it replaces them when it finds
            /// some. nil: what the scene was handed.
            var query: PhotoQuery?

            init(query: PhotoQuery? = nil) {
                self.query = query
            }
        }

        struct Response: Equatable, Sendable {
            /// The photographer's profile, or the query the photos were found by.
            var source: Source
            var rows: PhotoList.Rows.Response
            /// How many results the source has in all, when it says (a search; a profile says its own).
            var total: Int?
            var notes: [String] = []
        }

        struct ViewModel: Equatable, Sendable {
            var notes: [String]
            /// `Anna García (@annagarcia94)`: the photographer, in bold; nil for search results.
            var heading: String?
            /// location, bio, totals: label and value, each value on one line.
            var fields: [PhotoDetail.Show.Field]
            /// `5 photos:`, `Found 23 photos for "forest" (landscape); 10 loaded:`, or that none were.
            var headline: String
            var rows: PhotoList.Rows.ViewModel
        }
    }

    /// A search that found nothing: the scene it was typed in stays as it was.
    enum NoResults {
        struct Response: Equatable, Sendable {
            var query: PhotoQuery
            /// The search whose results stay listed; nil: there are none, and the scene goes back
            /// to the collection it was searched from.
            var kept: PhotoQuery?
        }

        struct ViewModel: Equatable, Sendable {
            var message: String
            /// Whether the scene goes back: it has no results to show.
            var goesBack: Bool
        }
    }

    /// Why the photos could not be found; the scene stays, and `show` tries again.
    enum LoadFailure {
        struct Response: Equatable, Sendable {
            var source: Source
            var reason: LoadingFailure
        }

        struct ViewModel: Equatable, Sendable {
            var message: String
        }
    }
}
