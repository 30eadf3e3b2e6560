import Imaging
import PhotoDomain

/// The photographer scene's use cases: Request (View → Interactor), Response (Interactor →
/// Presenter), ViewModel (Presenter → View).
public enum PhotoAuthor {
    /// The photographer and their photos: when the scene loads, and on `show`.
    public enum Show {
        public struct Request: Equatable, Sendable {
            public init() {}
        }

        public struct Response: Equatable, Sendable {
            public var profile: Photo.User
            public var rows: PhotoList.Rows.Response
        }

        public struct ViewModel: Equatable, Sendable {
            /// `Anna García (@annagarcia94)`
            public var heading: String
            /// location, bio, totals: label and value, each value on one line.
            public var fields: [PhotoDetail.Show.Field]
            /// `5 photos:`, or why there are none.
            public var headline: String
            public var rows: PhotoList.Rows.ViewModel
        }
    }

    /// Why the photographer could not be shown; the scene stays, and `show` tries again.
    public enum LoadFailure {
        public struct Response: Equatable, Sendable {
            public var user: Photo.User
            public var reason: LoadingFailure
        }

        public struct ViewModel: Equatable, Sendable {
            public var message: String
        }
    }
}
