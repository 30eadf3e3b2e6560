import Imaging
import PhotoDomain

/// The collection scene's use cases: Request (View → Interactor), Response (Interactor → Presenter),
/// ViewModel (Presenter → View).
enum PhotoCollection {
    /// The stepper and its label; `start` shows it when the scene appears.
    enum Count {
        struct Request: Equatable, Sendable {
            /// `set`: the number, and as it was typed (for the error when it is out of range).
            enum Change: Equatable, Sendable { case show, increment, decrement, set(Int, typed: String? = nil) }
            var change: Change
        }

        struct Response: Equatable, Sendable {
            enum Limit: Equatable, Sendable { case minimum, maximum }
            var count: Int
            /// Set when a step was refused at a limit (the original stays silent at 0; we say so).
            var limit: Limit?
        }

        struct ViewModel: Equatable, Sendable {
            var count: String
        }
    }

    /// Fetch (replace the list) and list (show it again).
    enum Fetch {
        struct Request: Equatable, Sendable {}
    }

    enum List {
        struct Request: Equatable, Sendable {}
    }

    /// `sort [name|taken|size|camera|iso|focal|rating]`: the folder listed whole again, in that order
    /// (nil: the one in use), through the filters in use; the photo shown stays shown.
    enum Sort {
        struct Request: Equatable, Sendable {
            var order: PhotoOrder?
        }
    }

    /// `filter KEY VALUE`, `filter clear`, `filter`: the folder listed through filters that add up.
    enum Filter {
        struct Request: Equatable, Sendable {
            enum Change: Equatable, Sendable {
                /// Lists the filters in use.
                case show
                case add(PhotoFilter)
                case clear
            }
            var change: Change
        }

        struct Response: Equatable, Sendable {
            /// The filters in use (after the change).
            var filters: [PhotoFilter]
            /// A filter that let no photo through: it was not added, and the list is as it was.
            var matchedNothing: PhotoFilter?
        }

        struct ViewModel: Equatable, Sendable {
            var lines: [String]
        }
    }

    /// The collection as shown: after a fetch, a list, or a move when the scene reappears.
    enum Photos {
        struct Response: Equatable, Sendable {
            enum Event: Equatable, Sendable {
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
                /// The source listed whole through the filters, which changed.
                case filtered
            }
            var event: Event
            var rows: PhotoList.Rows.Response
            /// What the source said about the fetch (a folder: what it found and skipped).
            var notes: [String] = []
            /// The name of the feed paged through; nil for random photos.
            var feedName: String?
            /// What the list is sorted by (nil: photos fetched, not listed whole), shown as a column.
            var order: PhotoOrder? = nil
            /// The filters the list was made through, and how many photos there were before them.
            var filters: [PhotoFilter] = []
            var totalCount: Int? = nil
        }

        struct ViewModel: Equatable, Sendable {
            var notes: [String]
            /// "Fetched 5 photos.", "5 photos:", "Moved photo 2 to position 4."; nil: the rows alone.
            var headline: String?
            /// `12 of 5,237 photos: taken 2024-06, camera iphone`, when filters are in use.
            var filterLine: String? = nil
            var rows: PhotoList.Rows.ViewModel
        }
    }

    /// Scrolling: the page is `Int(offset / width)`, as the original's layout handler computes it;
    /// the collection turns it into the list's page.
    enum Page {
        struct Request: Equatable, Sendable {
            var width: Double
            var offset: Double
            /// The pixels the page's picture needs, or nil when no picture is shown.
            var pictureBox: PixelSize?
            /// The 0-based page asked for, when it was asked by number: reported as it was asked
            /// when there is no such page (a Double offset holds integers exactly only up to 2^53).
            var page: Int?
            /// The page as it was typed (`page N`), for the error when there is no such page.
            var typed: String?

            init(width: Double, offset: Double, pictureBox: PixelSize? = nil) {
                self.width = width
                self.offset = offset
                self.pictureBox = pictureBox
            }

            /// Scrolled to page `page` (0-based) of pages `width` wide; `typed`: as `page N` said it.
            init(page: Int, width: Double, pictureBox: PixelSize? = nil, typed: String? = nil) {
                self.init(width: width, offset: Double(page) * width, pictureBox: pictureBox)
                self.page = page
                self.typed = typed
            }
        }
    }

    /// `search QUERY`: what the results scene is to look for.
    enum Search {
        struct Request: Equatable, Sendable {
            var query: PhotoQuery
        }
    }

    /// What the collection cannot do as asked (its list's failures are `PhotoList.Failure`); the
    /// command fails with the message.
    enum Failure {
        struct Response: Equatable, Sendable {
            enum Problem: Equatable, Sendable {
                /// The count asked for, as it was typed.
                case countOutOfRange(String)
                /// Why, and how many photos were shown before (and stay).
                case fetchFailed(String, photosKept: Int)
                /// Ctrl-C while fetching: nothing changed.
                case fetchInterrupted
                /// `sort` or `filter` where the photos are not listed whole (random ones, a feed).
                case notListedWhole(command: String)
                /// A judgement (`rate`, `label`, …) with no photo listed to judge.
                case nothingToJudge(command: String)
                /// Why the folder could not be listed, and how many photos were shown before (and stay).
                case sortFailed(String, photosKept: Int)
                /// Ctrl-C while listing: nothing changed.
                case sortInterrupted
            }
            var problem: Problem
        }

        struct ViewModel: Equatable, Sendable {
            var message: String
        }
    }

    /// A note that is not an error: nothing to fetch, nothing listed.
    enum Notice {
        struct ViewModel: Equatable, Sendable {
            var message: String
        }
    }

    /// `mark N…|all` and `unmark N…|all`: photos of the list put in the session's marked set, or
    /// taken out.
    /// `rate`, `reject`, `label` and `keyword`: a judgement of the list's current photo.
    enum Judge {
        struct Request: Equatable, Sendable {
            var change: JudgementChange
            /// Whether a `NAME.xmp` another photo shares is written too (`--both`).
            var sharedToo: Bool
        }

        struct Response: Sendable {
            /// nil: Ctrl-C stopped it before anything was written.
            var result: Result<Judged, PhotosWorkerError>?
            var change: JudgementChange
        }
    }

    /// `undo`: the session's last judgement taken back.
    enum Undo {
        struct Response: Sendable {
            /// nil: there was nothing to take back.
            var result: Result<Undone?, PhotosWorkerError>
        }
    }

    enum Mark {
        struct Request: Equatable, Sendable {
            /// 0-based positions in the list; nil: all of them.
            var positions: [Int]?
            var marking: Bool
        }

        struct Response: Equatable, Sendable {
            var marking: Bool
            /// How many were asked for, and how many of them changed.
            var asked: Int
            var changed: Int
            /// How many photos are marked now.
            var marked: Int
        }
    }
}
