/// The index-edit sheet's use cases.
public enum IndexEdit {
    /// Listing the positions, the current one marked.
    public enum Positions {
        public struct Request: Equatable, Sendable {}

        public struct Response: Equatable, Sendable {
            /// 0-based.
            public var positions: [Int]
            public var currentIndex: Int
            /// Whether a valid position was chosen before the sheet opened (the detail's `move N`):
            /// it is saved at once, so the sheet does not wait for one.
            public var savesAtOnce = false
        }

        public struct ViewModel: Equatable, Sendable {
            public var prompt: String
            /// "1", "[2]", "3": the current one in brackets.
            public var positions: [String]
            /// What to type next; nil when the sheet saves a position chosen before it opened.
            public var hint: String?
        }
    }

    /// Saving a position typed by the user.
    public enum SaveIndex {
        public struct Request: Equatable, Sendable {
            /// As typed: the interactor decides whether it is a valid position.
            public var value: String
        }

        public struct Response: Equatable, Sendable {
            public enum Problem: Equatable, Sendable {
                case notAWholeNumber(String)
                /// A whole number, as typed, that is no position (too small, too large, or beyond Int).
                case outOfRange(String)
            }
            /// 0-based, when the value was valid.
            public var index: Int?
            public var problem: Problem?
            public var positionCount: Int
        }

        public struct ViewModel: Equatable, Sendable {
            public var index: Int?
            /// The original's alert, when the value was invalid.
            public var alert: Alert?
        }
    }

    public struct Alert: Equatable, Sendable {
        public var title: String
        public var message: String
    }
}

