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
            public var photos: [Photo]
            /// 0-based current page.
            public var page: Int
        }

        public struct ViewModel: Equatable, Sendable {
            /// `Anna García (@annagarcia94)`
            public var heading: String
            /// location, bio, totals: label and value, each value on one line.
            public var fields: [PhotoDetail.Show.Field]
            /// `5 photos:`, or why there are none.
            public var headline: String
            public var photos: [DisplayedPhoto]
            public var currentRow: Int?
            public var pageControl: PageControl?
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

    /// `page N`, `next`, `prev`: the page control over the photographer's photos.
    public enum Page {
        public struct Request: Equatable, Sendable {
            /// 0-based.
            public var page: Int
            public var pictureBox: PixelSize?
            /// The page as it was typed (`page N`), for the error when there is no such page.
            public var typed: String? = nil
        }

        public struct Response: Equatable, Sendable {
            public var page: Int
            public var photo: Photo
            public var pageCount: Int
            public var picture: Result<Pixels, PictureFailure>?
        }

        public struct ViewModel: Equatable, Sendable {
            public var picture: ScenePicture?
            public var photo: DisplayedPhoto
            public var pageControl: PageControl
        }
    }

    /// `open N`: the photo to show in a detail scene.
    public enum Selection {
        public struct Request: Equatable, Sendable {
            /// 0-based.
            public var row: Int
            /// The position as it was typed (`open N`), for the error when there is no such photo.
            public var typed: String? = nil
        }
    }

    /// What cannot be done as typed: the command fails with the message.
    public enum Failure {
        public enum Problem: Equatable, Sendable {
            case noPhotos(command: String)
            /// `requested`: the page as it was typed (a number of any length), else as the request says it.
            case pageOutOfRange(requested: String, pageCount: Int)
            case positionOutOfRange(requested: String, photoCount: Int)
            case sheet(ContactSheet.Problem)
        }

        public struct Response: Equatable, Sendable {
            public var problem: Problem
        }

        public struct ViewModel: Equatable, Sendable {
            public var message: String
        }
    }
}
