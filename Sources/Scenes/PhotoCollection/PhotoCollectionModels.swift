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

    /// `sort [name|date|size]`: the folder listed whole again, in that order (nil: the one in use);
    /// the photo shown stays shown.
    public enum Sort {
        public struct Request: Equatable, Sendable {
            public var order: PhotoOrder?
        }
    }

    /// The collection as shown: after a fetch, a list, or a move when the scene reappears.
    public enum Photos {
        public struct Response: Equatable, Sendable {
            public enum Event: Equatable, Sendable {
                case fetched
                case listed
                /// The photo at `from` was moved to `to` (0-based).
                case moved(from: Int, to: Int)
                /// Photos were moved in turn, the detail stepping between them.
                case movedSeveral([PhotoDetail.Moved])
                /// Back from the photo at `at` with no change of position.
                case unchanged(at: Int)
                /// The source listed whole, in this order (a folder browsed as a viewer does).
                case sorted(PhotoOrder)
            }
            public var event: Event
            public var rows: PhotoList.Rows.Response
            /// What the source said about the fetch (a folder: what it found and skipped).
            public var notes: [String] = []
            /// The name of the feed paged through; nil for random photos.
            public var feedName: String?
        }

        public struct ViewModel: Equatable, Sendable {
            public var notes: [String]
            /// "Fetched 5 photos.", "5 photos:", "Moved photo 2 to position 4."
            public var headline: String
            public var rows: PhotoList.Rows.ViewModel
        }
    }

    /// Scrolling: the page is `Int(offset / width)`, as the original's layout handler computes it;
    /// the collection turns it into the list's page.
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
    }

    /// `search QUERY`: what the results scene is to look for.
    public enum Search {
        public struct Request: Equatable, Sendable {
            public var query: PhotoQuery
        }
    }

    /// What the collection cannot do as asked (its list's failures are `PhotoList.Failure`); the
    /// command fails with the message.
    public enum Failure {
        public struct Response: Equatable, Sendable {
            public enum Problem: Equatable, Sendable {
                /// The count asked for, as it was typed.
                case countOutOfRange(String)
                /// Why, and how many photos were shown before (and stay).
                case fetchFailed(String, photosKept: Int)
                /// Ctrl-C while fetching: nothing changed.
                case fetchInterrupted
                /// `sort` where the photos are not listed whole (random ones, a feed).
                case notListedWhole
                /// Why the folder could not be listed, and how many photos were shown before (and stay).
                case sortFailed(String, photosKept: Int)
                /// Ctrl-C while listing: nothing changed.
                case sortInterrupted
            }
            public var problem: Problem
        }

        public struct ViewModel: Equatable, Sendable {
            public var message: String
        }
    }

    /// A note that is not an error: nothing to fetch, nothing listed.
    public enum Notice {
        public struct ViewModel: Equatable, Sendable {
            public var message: String
        }
    }
}
