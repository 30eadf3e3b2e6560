import Imaging
import Synchronization

/// Keeps the pictures decoded in a session (up to a cap on bytes, least recently used first out),
/// and decodes the next one ahead of time: a camera-size JPEG costs about 60 ms of entropy decoding
/// at any scale, so browsing feels instant only when that work is done before it is asked for.
public actor CachingPicturesWorker: PhotoPicturesWorker {
    /// A photo's picture for a box, in one version of the photo: a file replaced under the same
    /// name is another picture (it was drawn as the old one, `show --why` naming the old size).
    struct Key: Hashable {
        var id: String
        var version: String?
        var box: PixelSize
    }

    private let base: PhotoPicturesWorker
    private let capacity: Int
    private var cached: [Key: Pixels] = [:]
    /// Least recently used first.
    private var order: [Key] = []
    private var bytes = 0
    private var running: [Key: Task<Pixels, Error>] = [:]
    /// The decodes started ahead of time (the next page's picture, the next sheet's thumbnails),
    /// cancelled when something else is asked for.
    private var ahead: Set<Key> = []

    public nonisolated let progress: WorkProgress?

    /// - Parameter progress: where a sheet's decoding is shown, if anywhere.
    public init(_ base: PhotoPicturesWorker, capacity: Int = 48 << 20, progress: WorkProgress? = nil) {
        self.base = base
        self.capacity = capacity
        self.progress = progress
    }

    public func pixels(for photo: Photo, fitting box: PixelSize) async throws -> Pixels {
        let key = Key(id: photo.id, version: base.version(of: photo), box: box)
        forgetOtherVersions(of: key)
        if let pixels = cached[key] {
            touch(key)
            return pixels
        }
        if let pixels = smaller(key) { return pixels }
        // The user went elsewhere: the pictures decoded ahead are not wanted now.
        if ahead.remove(key) == nil { cancelAhead() }
        // A decode whose requester was cancelled ends in CancellationError, maybe not yet: start afresh.
        let task = running[key].flatMap { $0.isCancelled ? nil : $0 } ?? start(key, photo)
        return try await Self.value(of: task)
    }

    public func prefetch(_ photo: Photo, fitting box: PixelSize) async {
        await prefetch([photo], fitting: box)
    }

    public nonisolated func version(of photo: Photo) -> String? { base.version(of: photo) }

    /// Starts decoding `photos` for `box`, in place of what was being decoded ahead. They run on the
    /// decoding threads (`DecodingExecutor`), as many at once as there are cores.
    public func prefetch(_ photos: [Photo], fitting box: PixelSize) async {
        let keys = photos.map { Key(id: $0.id, version: base.version(of: $0), box: box) }
        let wanted = Set(keys)
        cancelAhead(except: wanted)
        for (photo, key) in zip(photos, keys) {
            guard cached[key] == nil, running[key] == nil else { continue }
            ahead.insert(key)
            _ = start(key, photo)
        }
    }

    /// Cancels the decodes started ahead, but those of `kept`.
    private func cancelAhead(except kept: Set<Key> = []) {
        for key in ahead where !kept.contains(key) {
            running[key]?.cancel()
            running[key] = nil
        }
        ahead.formIntersection(kept)
    }

    /// Drops what is kept of other versions of `key`'s photo: they will not be shown again.
    private func forgetOtherVersions(of key: Key) {
        let stale = order.filter { $0.id == key.id && $0.version != key.version }
        guard !stale.isEmpty else { return }
        for old in stale { bytes -= cached.removeValue(forKey: old)?.byteCount ?? 0 }
        order.removeAll { $0.id == key.id && $0.version != key.version }
    }

    /// The picture of a photo already decoded for a larger box, made to fit this smaller one (without
    /// decoding again), and kept for it; nil when there is none.
    private func smaller(_ key: Key) -> Pixels? {
        for (other, pixels) in cached where other.id == key.id && other.version == key.version && other.box != key.box {
            let size = PixelSize(width: pixels.width, height: pixels.height)
            let needed = size.fitted(in: key.box)
            guard needed.width <= size.width, needed.height <= size.height else { continue }
            touch(other)
            // As a decode would leave it: scaled down only when far larger than needed.
            guard size.width > 2 * needed.width || size.height > 2 * needed.height else { return pixels }
            var resampled = pixels.resampled(to: needed)
            resampled.source = pixels.source
            store(key, resampled)
            return resampled
        }
        return nil
    }

    /// How many pictures are kept, and their bytes (for tests and `state`).
    public var usage: (pictures: Int, bytes: Int) { (cached.count, bytes) }

    private func start(_ key: Key, _ photo: Photo) -> Task<Pixels, Error> {
        let base = self.base
        let task = Task.detached(executorPreference: DecodingExecutor.shared) {
            try await base.pixels(for: photo, fitting: key.box)
        }
        running[key] = task
        Task { await self.finish(key, task) }
        return task
    }

    private func finish(_ key: Key, _ task: Task<Pixels, Error>) async {
        let result = await task.result
        guard running[key] == task else { return }
        running[key] = nil
        ahead.remove(key)
        if case .success(let pixels) = result { store(key, pixels) }
    }

    private func store(_ key: Key, _ pixels: Pixels) {
        guard pixels.byteCount <= capacity, cached[key] == nil else { return }
        cached[key] = pixels
        order.append(key)
        bytes += pixels.byteCount
        while bytes > capacity, let oldest = order.first {
            order.removeFirst()
            bytes -= cached.removeValue(forKey: oldest)?.byteCount ?? 0
        }
    }

    private func touch(_ key: Key) {
        if let i = order.firstIndex(of: key) { order.append(order.remove(at: i)) }
    }
}

extension CachingPicturesWorker {
    /// `task`'s value; when the waiting task is cancelled (Ctrl-C), CancellationError at once. A decode
    /// inside libjpeg-turbo or libpng cannot be interrupted: it finishes on its own (into the cache)
    /// while the session goes on.
    static func value(of task: Task<Pixels, Error>) async throws -> Pixels {
        let outcome = FirstOutcome()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.wait(continuation)
                Task { outcome.settle(await task.result) }
            }
        } onCancel: {
            task.cancel()
            outcome.settle(.failure(CancellationError()))
        }
    }

    /// Resumes one waiter with whichever comes first: the value, or the cancellation.
    private final class FirstOutcome: Sendable {
        private struct State {
            var waiter: CheckedContinuation<Pixels, Error>?
            var outcome: Result<Pixels, Error>?
        }

        private let state = Mutex(State())

        func wait(_ waiter: CheckedContinuation<Pixels, Error>) {
            let settled = state.withLock { state -> Result<Pixels, Error>? in
                if state.outcome == nil { state.waiter = waiter }
                return state.outcome
            }
            if let settled { waiter.resume(with: settled) }
        }

        func settle(_ outcome: Result<Pixels, Error>) {
            let waiter = state.withLock { state -> CheckedContinuation<Pixels, Error>? in
                guard state.outcome == nil else { return nil }
                state.outcome = outcome
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(with: outcome)
        }
    }
}
