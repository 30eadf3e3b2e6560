import Imaging
import PhotoDomain

/// The detail scene's use cases.
public enum PhotoDetail {
    /// The list a photo was opened from, as the scene that opened it tells: its name in messages,
    /// the `state` key of the photo's position in it, and whether a move applies to it.
    public struct Origin: Equatable, Sendable {
        public var listName: String
        public var positionKey: String
        public var canMove: Bool

        public init(listName: String, positionKey: String, canMove: Bool) {
            self.listName = listName
            self.positionKey = positionKey
            self.canMove = canMove
        }
    }

    /// Showing the photo: when the scene loads, on `show`, and when the sheet above it closes.
    public enum Show {
        public struct Request: Equatable, Sendable {
            /// The pixels a picture needs, or nil when no picture is shown.
            public var pictureBox: PixelSize?
            /// `show --why`: say where the picture's pixels came from.
            public var explainsPicture: Bool

            public init(pictureBox: PixelSize? = nil, explainsPicture: Bool = false) {
                self.pictureBox = pictureBox
                self.explainsPicture = explainsPicture
            }
        }

        public struct Response: Equatable, Sendable {
            /// nil when the index handed over does not point at a photo.
            public var photo: Photo?
            /// The photo's pixels or why there are none; nil when no picture was asked for.
            public var picture: Result<Pixels, PictureFailure>?
            /// 0-based position of the photo (after a saved move, its new one).
            public var index: Int?
            public var photoCount: Int
            /// `show --why` was asked.
            public var explainsPicture = false
        }

        public struct ViewModel: Equatable, Sendable {
            /// Drawn above the heading; nil when no picture was asked for.
            public var picture: ScenePicture?
            /// For `show --why`: "picture: the MPF preview (1920×1440) inside the 4000×3000 photo, …".
            public var pictureSource: String? = nil
            /// "Photo 2 of 5"
            public var heading: String
            /// Label and value pairs: id, description, author, likes, size, url.
            public var fields: [Field]
        }

        public struct Field: Equatable, Sendable {
            public var label: String
            public var value: String
        }
    }

    /// `next` and `prev`: the photo beside this one in the list it was opened from.
    public enum Step {
        public struct Request: Equatable, Sendable {
            /// +1 for `next`, -1 for `prev`.
            public var delta: Int
            /// The pixels a picture needs, or nil when no picture is shown.
            public var pictureBox: PixelSize?

            public init(delta: Int, pictureBox: PixelSize? = nil) {
                self.delta = delta
                self.pictureBox = pictureBox
            }
        }

        /// The photo stays: there is none that way.
        public struct Refusal: Equatable, Sendable {
            public var delta: Int
            /// 0-based position of the photo shown.
            public var index: Int
            public var photoCount: Int
            public var listName: String
        }

        public struct ViewModel: Equatable, Sendable {
            public var message: String
        }
    }

    /// A move saved in the detail: the photo's 0-based position before and after it. Going back
    /// hands them to the scene below, in order.
    public struct Moved: Equatable, Sendable {
        public var from: Int
        public var to: Int

        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }

    /// `save [PATH] [--force]`: the photo's image file, written where the user asks.
    public enum Save {
        public struct Request: Equatable, Sendable {
            /// nil: a name made from the photo's id, in the current directory.
            public var path: String?
            public var replacing: Bool
        }

        public struct Response: Equatable, Sendable {
            /// nil: Ctrl-C stopped it, and nothing was written.
            public var result: Result<SavedPhoto, PhotosWorkerError>?
            /// 0-based position of the photo saved.
            public var position: Int
        }

        public struct ViewModel: Equatable, Sendable {
            public var message: String
            /// The view reports it as the command's error.
            public var failed: Bool
        }
    }

    /// `edit` and `move N`: the sheet that chooses the photo's new position, over the detail.
    public enum Move {
        public struct Request: Equatable, Sendable {
            /// `move N`'s N as typed, which the sheet saves as soon as it opens; nil for `edit`.
            public var position: String?
        }

        public struct Response: Equatable, Sendable {
            public var position: String?
        }

        public struct ViewModel: Equatable, Sendable {
            public var position: String?
        }

        /// Moving is refused: the photo was opened from a list other than the collection.
        public enum Refusal {
            public struct Response: Equatable, Sendable {
                public var listName: String
            }

            public struct ViewModel: Equatable, Sendable {
                public var message: String
            }
        }
    }

    /// An index that points at no photo: the scene routes straight back, as the original does.
    public enum Missing {
        public struct ViewModel: Equatable, Sendable {
            public var message: String
        }
    }
}

