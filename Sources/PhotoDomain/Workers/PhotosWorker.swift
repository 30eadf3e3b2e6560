/// Where photos come from (`GET /photos/random?count=N` in the original). Injected into the
/// collection interactor at the composition root; tests inject fakes.
public protocol PhotosWorker: Sendable {
    /// `count` random photos, 1…30. Throws a `PhotosWorkerError` (or `CancellationError`).
    func fetchRandomPhotos(count: Int) async throws -> [Photo]
}

/// Why a fetch failed, in words a user can act on.
public struct PhotosWorkerError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
