import Imaging
import PhotoDomain

/// The photographer scene's use cases: Request (View → Interactor), Response (Interactor →
/// Presenter), ViewModel (Presenter → View).
enum PhotoAuthor {
    /// The photographer and their photos: when the scene loads, and on `show`.
    enum Show {
        struct Request: Equatable, Sendable {
            init() {}
        }

        struct Response: Equatable, Sendable {
            var profile: Photo.User
            var rows: PhotoList.Rows.Response
        }

        struct ViewModel: Equatable, Sendable {
            /// `Anna García (@annagarcia94)`
            var heading: String
            /// location, bio, totals: label and value, each value on one line.
            var fields: [PhotoDetail.Show.Field]
            /// `5 photos:`, or why there are none.
            var headline: String
            var rows: PhotoList.Rows.ViewModel
        }
    }

    /// Why the photographer could not be shown; the scene stays, and `show` tries again.
    enum LoadFailure {
        struct Response: Equatable, Sendable {
            var user: Photo.User
            var reason: LoadingFailure
        }

        struct ViewModel: Equatable, Sendable {
            var message: String
        }
    }
}
