/// The index-edit sheet's use cases.
enum IndexEdit {
    /// Listing the positions, the current one marked.
    enum Positions {
        struct Request: Equatable, Sendable {}

        struct Response: Equatable, Sendable {
            /// 0-based.
            var positions: [Int]
            var currentIndex: Int
            /// Whether a valid position was chosen before the sheet opened (the detail's `move N`):
            /// it is saved at once, so the sheet does not wait for one.
            var savesAtOnce = false
        }

        struct ViewModel: Equatable, Sendable {
            var prompt: String
            /// "1", "[2]", "3": the current one in brackets.
            var positions: [String]
            /// What to type next; nil when the sheet saves a position chosen before it opened.
            var hint: String?
        }
    }

    /// Saving a position typed by the user.
    enum SaveIndex {
        struct Request: Equatable, Sendable {
            /// As typed: the interactor decides whether it is a valid position.
            var value: String
        }

        struct Response: Equatable, Sendable {
            enum Problem: Equatable, Sendable {
                case notAWholeNumber(String)
                /// A whole number, as typed, that is no position (too small, too large, or beyond Int).
                case outOfRange(String)
            }
            /// 0-based, when the value was valid.
            var index: Int?
            var problem: Problem?
            var positionCount: Int
        }

        struct ViewModel: Equatable, Sendable {
            var index: Int?
            /// The original's alert, when the value was invalid.
            var alert: Alert?
        }
    }

    struct Alert: Equatable, Sendable {
        var title: String
        var message: String
    }
}
