import Imaging
import PhotoDomain
import REPLEngine

/// The paged photo list's use cases, which the collection, a photographer's photos and search
/// results share: its rows and page control, `page N`, `next`, `prev`, `open N`, contact sheets, and
/// loading more where the source has more pages. Each of those scenes keeps a `PhotoList` in its
/// interactor and declares the list's commands (`PhotoListCommands`); its interactor, presenter, View
/// and router take the list's part from `PhotoListInteracting`, `PhotoListPresenting`,
/// `PhotoListShowing` and `PhotoListRouting`.
extension PhotoList {
    /// The rows and page control, below the headline of the scene that lists them (after a fetch, a
    /// search, a load, or coming back).
    enum Rows {
        struct Response: Equatable, Sendable {
            var photos: [Photo]
            /// 0-based current page.
            var page: Int
            /// Whether more pages can be loaded after the last.
            var hasMore: Bool
        }

        struct ViewModel: Equatable, Sendable {
            var photos: [DisplayedPhoto]
            /// Index into `photos` of the current page's photo; nil when there are none.
            var currentRow: Int?
            var pageControl: PageControl?
        }
    }

    /// `page N`, `next`, `prev`; a `next` past the last photo loaded, where more follow, loads them.
    enum Page {
        struct Request: Equatable, Sendable {
            /// 0-based.
            var page: Int
            /// The pixels the page's picture needs, or nil when no picture is shown.
            var pictureBox: PixelSize?
            /// The page as it was typed (`page N`), for the error when there is no such page.
            var typed: String?

            init(page: Int, pictureBox: PixelSize? = nil, typed: String? = nil) {
                self.page = page
                self.pictureBox = pictureBox
                self.typed = typed
            }
        }

        struct Response: Equatable, Sendable {
            var page: Int
            var photo: Photo
            var pageCount: Int
            /// The page's pixels or why there are none; nil when no picture was asked for.
            var picture: Result<Pixels, PictureFailure>?
            var hasMore: Bool
        }

        struct ViewModel: Equatable, Sendable {
            /// Drawn above the page's row; nil when no picture was asked for.
            var picture: ScenePicture?
            var photo: DisplayedPhoto
            var pageControl: PageControl
        }
    }

    /// The source's next page, loaded by `next` past the last photo or `grid next` past the last sheet.
    enum More {
        struct Response: Equatable, Sendable {
            /// Photos the page added (those not listed already).
            var added: Int
            var photoCount: Int
            /// 0-based current page: the page control shown learns the new count.
            var page: Int
            var pagesLoaded: Int
            /// How many photos the source has in all, when it says.
            var total: Int?
            var hasMore: Bool
            var notes: [String] = []
        }

        struct ViewModel: Equatable, Sendable {
            var lines: [String]
            /// The page control over the photos loaded now, and whether more follow.
            var pageControl: PageControl
        }
    }

    /// `open N`: the photo to show in a detail scene.
    enum Selection {
        struct Request: Equatable, Sendable {
            /// 0-based; nil: the current page's photo (`open` alone).
            var row: Int?
            /// The position as it was typed (`open N`), for the error when there is no such photo.
            var typed: String?
            /// The photo's name (its id) when it was opened by name (`open sunset.jpg`); `row` is
            /// then ignored.
            var name: String?

            init(row: Int?, typed: String? = nil) {
                self.row = row
                self.typed = typed
            }

            init(name: String) {
                self.name = name
            }

            /// `open`, `open N` or `open NAME`, as typed: a whole number is a position (one past
            /// 64 bits too, refused as typed), any other word a name.
            init(typed: String?) {
                guard let typed else {
                    self.init(row: nil)
                    return
                }
                guard let position = WholeNumber.saturated(typed) else {
                    self.init(name: typed)
                    return
                }
                self.init(row: TypedNumber.row(ofPosition: position), typed: TypedNumber.typed(typed))
            }
        }
    }

    /// What cannot be done as asked: the command fails with the message.
    enum Failure {
        enum Problem: Error, Equatable, Sendable {
            /// Nothing listed to open, page through (`command`: open, page) or lay out (`sheet(.noPhotos)`).
            case noPhotos(command: String)
            /// `requested`: the page as it was typed (a number of any length), else as the request says it.
            case pageOutOfRange(requested: String, pageCount: Int)
            case positionOutOfRange(requested: String, photoCount: Int)
            /// `open NAME` where no photo listed has that name (as typed, cut to a line), with the
            /// file name nearest to it.
            case noPhotoNamed(String, suggestion: String?)
            /// `open NAME` where several do: the first of them (`PhotoList.mostNamed`), and how many more.
            case severalPhotosNamed(String, [String], more: Int)
            /// `next` past the last photo of a list that has no more.
            case nothingMore(photoCount: Int)
            case loadMoreFailed(LoadingFailure, kept: Int)
            case sheet(ContactSheet.Problem)
        }

        struct Response: Equatable, Sendable {
            var problem: Problem
        }

        struct ViewModel: Equatable, Sendable {
            var message: String
        }
    }

    /// What the scene that lists the photos calls them, for the list's messages.
    struct Wording: Sendable {
        /// `photo` or `result`: "there is no result 9", "cannot load more results".
        var noun: String
        /// Whether the rows have an author column (not where every photo has the same author).
        var withAuthor: Bool
        /// Why nothing can be done with the list (`open`, `page through`, `lay out`):
        /// "there are no photos to open yet: type 'fetch' first".
        var nothingTo: @Sendable (_ verb: String) -> String
        /// `next` with nothing listed: "No photos yet: type 'fetch' first."
        var nothingToPage: String
        /// `next` past the last photo of a source that has no more: "there are no more results".
        var noMore: String
        /// What a load of the next page brought: "Loaded 10 more results (20 of 1,204 loaded)."
        var loaded: @Sendable (More.Response) -> String

        init(
            noun: String, withAuthor: Bool, nothingTo: @escaping @Sendable (String) -> String, nothingToPage: String,
            noMore: String, loaded: @escaping @Sendable (More.Response) -> String
        ) {
            self.noun = noun
            self.withAuthor = withAuthor
            self.nothingTo = nothingTo
            self.nothingToPage = nothingToPage
            self.noMore = noMore
            self.loaded = loaded
        }
    }
}
