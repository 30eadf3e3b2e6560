import Imaging
import PhotoDomain

/// The collection scene's use cases: Request (View → Interactor), Response (Interactor → Presenter),
/// ViewModel (Presenter → View).
public enum PhotoCollection {
    /// The stepper and its label; `start` shows it when the scene appears.
    public enum Count {
        public struct Request: Equatable, Sendable {
            /// `set`: the number, and as it was typed (for the error when it is out of range).
            public enum Change: Equatable, Sendable { case show, increment, decrement, set(Int, typed: String? = nil) }
            public var change: Change
        }

        public struct Response: Equatable, Sendable {
            public enum Limit: Equatable, Sendable { case minimum, maximum }
            public var count: Int
            /// Set when a step was refused at a limit (the original stays silent at 0; we say so).
            public var limit: Limit?
        }

        public struct ViewModel: Equatable, Sendable {
            public var count: String
        }
    }

    /// Fetch (replace the list) and list (show it again).
    public enum Fetch {
        public struct Request: Equatable, Sendable {}
    }

    public enum List {
        public struct Request: Equatable, Sendable {}
    }

    /// The collection as shown: after a fetch, a list, or a move when the scene reappears.
    public enum Photos {
        public struct Response: Equatable, Sendable {
            public enum Event: Equatable, Sendable {
                case fetched
                case listed
                /// The photo at `from` was moved to `to` (0-based).
                case moved(from: Int, to: Int)
                /// Back from the photo at `at` with no change of position.
                case unchanged(at: Int)
            }
            public var event: Event
            public var photos: [Photo]
            /// 0-based current page.
            public var page: Int
            /// What the source said about the fetch (a folder: what it found and skipped).
            public var notes: [String] = []
            /// The feed paged through; nil for random photos.
            public var feed: FeedState?
        }

        public struct ViewModel: Equatable, Sendable {
            /// Lines before the headline.
            public var notes: [String] = []
            public var headline: String
            public var photos: [DisplayedPhoto]
            /// Index into `photos` of the current page's photo; nil when there are none.
            public var currentRow: Int?
            public var pageControl: PageControl?
        }
    }

    /// Scrolling: the page is `Int(offset / width)`, as the original's layout handler computes it.
    public enum Page {
        public struct Request: Equatable, Sendable {
            public var width: Double
            public var offset: Double
            /// The pixels the page's picture needs, or nil when no picture is shown.
            public var pictureBox: PixelSize?
            /// The 0-based page asked for, when it was asked by number: reported as it was asked
            /// when there is no such page (a Double offset holds integers exactly only up to 2^53).
            public var page: Int?
            /// The page as it was typed (`page N`), for the error when there is no such page.
            public var typed: String?

            public init(width: Double, offset: Double, pictureBox: PixelSize? = nil) {
                self.width = width
                self.offset = offset
                self.pictureBox = pictureBox
            }

            /// Scrolled to page `page` (0-based) of pages `width` wide; `typed`: as `page N` said it.
            public init(page: Int, width: Double, pictureBox: PixelSize? = nil, typed: String? = nil) {
                self.init(width: width, offset: Double(page) * width, pictureBox: pictureBox)
                self.page = page
                self.typed = typed
            }
        }

        public struct Response: Equatable, Sendable {
            public var page: Int
            public var photo: Photo
            public var pageCount: Int
            /// The page's pixels or why there are none; nil when no picture was asked for.
            public var picture: Result<Pixels, PictureFailure>? = nil
            /// Whether a feed has more photos to load after the last page.
            public var hasMore = false
        }

        public struct ViewModel: Equatable, Sendable {
            /// Drawn above the page's row; nil when no picture was asked for.
            public var picture: ScenePicture? = nil
            public var photo: DisplayedPhoto
            public var pageControl: PageControl
        }
    }

    /// A feed: what it is, how many of its pages are loaded, whether more follow.
    public struct FeedState: Equatable, Sendable {
        public var name: String
        public var pages: Int
        public var hasMore: Bool
    }

    /// A feed's next page, loaded by `next` past the last photo or `grid next` past the last sheet.
    public enum More {
        public struct Response: Equatable, Sendable {
            /// Photos the page added (those not listed already).
            public var added: Int
            public var photoCount: Int
            public var feed: FeedState
            public var notes: [String] = []
        }

        public struct ViewModel: Equatable, Sendable {
            public var lines: [String]
            /// Whether more pages follow now: the page control shown learns it.
            public var hasMore: Bool
        }
    }

    /// `search QUERY`: what the results scene is to look for.
    public enum Search {
        public struct Request: Equatable, Sendable {
            public var query: PhotoQuery
        }
    }

    /// Choosing a photo to open.
    public enum Selection {
        public struct Request: Equatable, Sendable {
            /// 0-based.
            public var row: Int
            /// The position as it was typed (`open N`), for the error when there is no such photo.
            public var typed: String? = nil
        }

        public struct Response: Equatable, Sendable {}
        public struct ViewModel: Equatable, Sendable {}
    }

    /// Something the user asked for that cannot be done; the view reports it as an error.
    public enum Failure {
        public struct Response: Equatable, Sendable {
            public enum Problem: Equatable, Sendable {
                /// The count asked for, as it was typed.
                case countOutOfRange(String)
                case noPhotos(command: String)
                /// `requested`: the page as it was typed (a number of any length), else as the request says it.
                case pageOutOfRange(requested: String, pageCount: Int)
                case positionOutOfRange(requested: String, photoCount: Int)
                case fetchFailed(String)
                /// `next` past the last photo of a feed that has no more.
                case nothingMore(photoCount: Int)
                case loadMoreFailed(LoadingFailure, kept: Int)
                case sheet(ContactSheet.Problem)
            }
            public var problem: Problem
        }

        public struct ViewModel: Equatable, Sendable {
            public var message: String
        }
    }

    /// A note that is not an error: nothing to fetch, nothing listed, more loaded.
    public enum Notice {
        public struct ViewModel: Equatable, Sendable {
            public var message: String
        }
    }
}
