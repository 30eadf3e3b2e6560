import PhotoDomain

/// The detail scene's use cases.
public enum PhotoDetail {
    /// Showing the photo: when the scene loads, on `show`, and when the sheet above it closes.
    public enum Show {
        public struct Request: Equatable, Sendable {}

        public struct Response: Equatable, Sendable {
            /// nil when the index handed over does not point at a photo.
            public var photo: Photo?
            /// 0-based position of the photo (after a saved move, its new one).
            public var index: Int?
            public var photoCount: Int
        }

        public struct ViewModel: Equatable, Sendable {
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

    /// An index that points at no photo: the scene routes straight back, as the original does.
    public enum Missing {
        public struct ViewModel: Equatable, Sendable {
            public var message: String
        }
    }
}
