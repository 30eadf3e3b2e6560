import Imaging
import PhotoDomain

/// The detail scene's use cases.
enum PhotoDetail {
    /// The list a photo was opened from, as the scene that opened it tells: its name in messages,
    /// the `state` key of the photo's position in it, and whether a move applies to it.
    struct Origin: Equatable, Sendable {
        var listName: String
        var positionKey: String
        var canMove: Bool

        init(listName: String, positionKey: String, canMove: Bool) {
            self.listName = listName
            self.positionKey = positionKey
            self.canMove = canMove
        }

        /// The `state` key of the photo's metadata, named as its position is (`index`: `photo`;
        /// `authorIndex`: `authorPhoto`): a detail opened from a detail's photographer has keys of
        /// its own, and `state --json` never says one key twice.
        var photoKey: String {
            positionKey.hasSuffix("Index") ? String(positionKey.dropLast("Index".count)) + "Photo" : "photo"
        }
    }

    /// Showing the photo: when the scene loads, on `show`, and when the sheet above it closes.
    enum Show {
        struct Request: Equatable, Sendable {
            /// The pixels a picture needs, or nil when no picture is shown.
            var pictureBox: PixelSize?
            /// `show --why`: say where the picture's pixels came from.
            var explainsPicture: Bool
            /// How an animated photo is played where it is shown; nil: its first frame only.
            var playback: Animate.Playback?

            init(pictureBox: PixelSize? = nil, explainsPicture: Bool = false, playback: Animate.Playback? = nil) {
                self.pictureBox = pictureBox
                self.explainsPicture = explainsPicture
                self.playback = playback
            }
        }

        struct Response: Equatable, Sendable {
            /// nil when the index handed over does not point at a photo.
            var photo: Photo?
            /// The photo's pixels or why there are none; nil when no picture was asked for.
            var picture: Result<Pixels, PictureFailure>?
            /// 0-based position of the photo (after a saved move, its new one).
            var index: Int?
            var photoCount: Int
            /// `show --why` was asked.
            var explainsPicture = false
            /// The picture is the first frame of an animation the terminal will play (its frames
            /// follow): it is drawn so that they can be added to it.
            var startsAnimation = false
            /// Frames follow, while the command goes on: what is shown now is shown at once.
            var playsAnimation = false
        }

        struct ViewModel: Equatable, Sendable {
            /// Drawn above the heading; nil when no picture was asked for.
            var picture: ScenePicture?
            /// For `show --why`: "picture: the MPF preview (1920×1440) inside the 4000×3000 photo, …".
            var pictureSource: String? = nil
            /// "Photo 2 of 5"
            var heading: String
            /// Label and value pairs: id, description, author, likes, size, url.
            var fields: [Field]
            /// The picture is an animation's first frame, drawn so that the terminal can play it.
            var startsAnimation = false
            /// Frames follow while the command goes on: the picture and fields go out at once.
            var playsAnimation = false
        }

        struct Field: Equatable, Sendable {
            var label: String
            var value: String
        }
    }

    /// An animated photo played after its picture (the first frame) and fields are shown.
    enum Animate {
        /// How the view's terminal plays an animation.
        enum Playback: Equatable, Sendable {
            /// The terminal plays it (kitty): the command ends with the first frame shown, the others
            /// are sent once while the person is at the prompt (a key or Ctrl-C there stops that), then
            /// it runs by itself.
            case byTerminal
            /// Each frame drawn again in place while the command waits: for at most `longest`, or
            /// `plays` plays (fewer when the file asks for fewer), or until a key is pressed or
            /// Ctrl-C.
            case redrawn(longest: Duration, plays: Int)
        }

        /// One frame drawn over the picture, in place.
        enum Frame {
            struct Response: Equatable, Sendable {
                var frame: AnimationFrame
            }

            struct ViewModel: Equatable, Sendable {
                var pixels: Pixels
            }
        }

        /// The frames after the first, for the terminal that plays them: the view sends them from
        /// the prompt, and stops `frames` when it is done.
        enum Sending {
            struct Response: Equatable, Sendable {
                var frames: AnimationFrames

                static func == (a: Self, b: Self) -> Bool { a.frames === b.frames }
            }

            struct ViewModel: Equatable, Sendable {
                var frames: AnimationFrames

                static func == (a: Self, b: Self) -> Bool { a.frames === b.frames }
            }
        }

        /// The animation could not go on (its file refused or corrupt past its first frame).
        enum Failure {
            struct Response: Equatable, Sendable {
                var reason: String
            }

            struct ViewModel: Equatable, Sendable {
                var message: String
            }
        }
    }

    /// `next` and `prev`: the photo beside this one in the list it was opened from.
    enum Step {
        struct Request: Equatable, Sendable {
            /// +1 for `next`, -1 for `prev`.
            var delta: Int
            /// The pixels a picture needs, or nil when no picture is shown.
            var pictureBox: PixelSize?
            /// How an animated photo is played; nil: its first frame only.
            var playback: Animate.Playback?

            init(delta: Int, pictureBox: PixelSize? = nil, playback: Animate.Playback? = nil) {
                self.delta = delta
                self.pictureBox = pictureBox
                self.playback = playback
            }
        }

        /// The photo stays: there is none that way.
        struct Refusal: Equatable, Sendable {
            var delta: Int
            /// 0-based position of the photo shown.
            var index: Int
            var photoCount: Int
            var listName: String
        }

        struct ViewModel: Equatable, Sendable {
            var message: String
        }
    }

    /// A move saved in the detail: the photo's 0-based position before and after it. Going back
    /// hands them to the scene below, in order.
    struct Moved: Equatable, Sendable {
        var from: Int
        var to: Int

        init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }

    /// `info`: every tag the metadata library reads in the photo's file, by family.
    enum Info {
        struct Request: Equatable, Sendable {}

        struct Response: Equatable, Sendable {
            /// nil: the photo is no file (the catalog's, Unsplash's); else its tags, or why not.
            var tags: Result<[MetadataTag], MetadataReader.Failure>?
        }

        struct ViewModel: Equatable, Sendable {
            /// `Exif`, `IPTC`, `XMP`, each with its `Key: value` lines.
            var families: [(name: String, lines: [String])]
            /// Set when there is nothing to show: the command's error.
            var failure: String?

            static func == (a: ViewModel, b: ViewModel) -> Bool {
                a.failure == b.failure && a.families.map(\.name) == b.families.map(\.name)
                    && a.families.map(\.lines) == b.families.map(\.lines)
            }
        }
    }

    /// `save [PATH] [--force]`: the photo's image file, written where the user asks.
    enum Save {
        struct Request: Equatable, Sendable {
            /// nil: a name made from the photo's id, in the current directory.
            var path: String?
            var replacing: Bool
        }

        struct Response: Equatable, Sendable {
            /// nil: Ctrl-C stopped it, and nothing was written.
            var result: Result<SavedPhoto, PhotosWorkerError>?
            /// 0-based position of the photo saved.
            var position: Int
        }

        struct ViewModel: Equatable, Sendable {
            var message: String
            /// The view throws it as the command's error.
            var failed: Bool
        }
    }

    /// `rate`, `reject`, `label`, `keyword`: a judgement of the photo shown, kept in its sidecar.
    enum Judge {
        struct Request: Equatable, Sendable {
            var change: JudgementChange
            /// Whether a `NAME.xmp` another photo shares is written too (`--both`).
            var sharedToo: Bool
            /// Where the next photo is shown once it is judged (`--advance`), with its picture's box
            /// and how an animation plays; nil: the photo stays.
            var advance: (pictureBox: PixelSize?, playback: PhotoDetail.Animate.Playback?)?

            static func == (a: Request, b: Request) -> Bool {
                a.change == b.change && a.sharedToo == b.sharedToo && (a.advance == nil) == (b.advance == nil)
            }
        }

        struct Response: Sendable {
            /// nil: Ctrl-C stopped it before anything was written.
            var result: Result<Judged, PhotosWorkerError>?
            var change: JudgementChange
        }

        struct ViewModel: Equatable, Sendable {
            var message: String
            var failed: Bool
        }
    }

    /// `mark` and `unmark`: the photo shown put in the session's marked set, or taken out.
    enum Mark {
        struct Response: Equatable, Sendable {
            enum Outcome: Equatable, Sendable {
                /// Whether it changed (it was not marked already, or was), and how many photos are
                /// marked now.
                case done(changed: Bool, marked: Int)
                /// The photo is no folder's file (the catalog's, Unsplash's).
                case notAFile
            }
            var photoID: String
            var marking: Bool
            var outcome: Outcome
        }
    }

    /// `undo`: the session's last judgement taken back.
    enum Undo {
        struct Response: Sendable {
            /// nil: there was nothing to take back.
            var result: Result<Undone?, PhotosWorkerError>
        }
    }

    /// `edit` and `move N`: the sheet that chooses the photo's new position, over the detail.
    enum Move {
        struct Request: Equatable, Sendable {
            /// `move N`'s N as typed, which the sheet saves as soon as it opens; nil for `edit`.
            var position: String?
        }

        struct Response: Equatable, Sendable {
            var position: String?
        }

        struct ViewModel: Equatable, Sendable {
            var position: String?
        }

        /// Moving is refused: the photo was opened from a list other than the collection.
        enum Refusal {
            struct Response: Equatable, Sendable {
                var listName: String
            }

            struct ViewModel: Equatable, Sendable {
                var message: String
            }
        }
    }

    /// An index that points at no photo: the scene routes straight back, as the original does.
    enum Missing {
        struct ViewModel: Equatable, Sendable {
            var message: String
        }
    }
}
