import Foundation
import Imaging
import Synchronization
import Testing
@testable import PhotoDomain

// MARK: - BlurHash pictures

@Suite struct BlurHashPicturesWorkerTests {
    let worker = BlurHashPicturesWorker()

    /// Every catalog photo decodes, in boxes larger and smaller than a BlurHash's detail: the picture
    /// has the photo's shape, fitted in the box capped at 32×32.
    @Test(arguments: [PixelSize(width: 400, height: 300), PixelSize(width: 20, height: 10), PixelSize(width: 1, height: 1)])
    func everyCatalogPhotoDecodesFittedToItsShape(box: PixelSize) async throws {
        let photos = EmbeddedCatalog.photos
        #expect(photos.count >= 100)
        for photo in photos {
            let pixels = try await worker.pixels(for: photo, fitting: box)
            let bound = PixelSize(width: min(box.width, 32), height: min(box.height, 32))
            let expected = PixelSize(width: photo.width, height: photo.height).fitted(in: bound)
            #expect(PixelSize(width: pixels.width, height: pixels.height) == expected, "\(photo.id)")
            // Never more than a BlurHash's detail needs, nor than the box: fitted once, the shape is kept
            // even in a tiny box.
            #expect(pixels.width <= min(32, box.width) && pixels.height <= min(32, box.height))
            #expect(pixels.rgba.count == pixels.width * pixels.height * 4)
            if box.width >= 32 && box.height >= 32 {
                // The longer side fills 32 and the other keeps the aspect, to within rounding.
                #expect(max(pixels.width, pixels.height) == 32)
                let aspect = Double(photo.width) / Double(photo.height)
                let shown = Double(pixels.width) / Double(pixels.height)
                let tolerance = 1.0 / Double(min(pixels.width, pixels.height))
                #expect(
                    abs(shown / aspect - 1) <= tolerance, "\(photo.id): \(pixels.width)×\(pixels.height) for \(photo.width)×\(photo.height)"
                )
            }
        }
    }

    @Test func theSamePhotoGivesTheSamePixels() async throws {
        let photo = EmbeddedCatalog.photos[0]
        let box = PixelSize(width: 64, height: 64)
        #expect(try await worker.pixels(for: photo, fitting: box) == (try await worker.pixels(for: photo, fitting: box)))
    }

    @Test func aPhotoWithoutABlurHashOrWithAMalformedOneHasNoPicture() async throws {
        var photo = EmbeddedCatalog.photos[0]
        photo.blurHash = nil
        await #expect(throws: PictureFailure("the photo has no BlurHash")) {
            try await worker.pixels(for: photo, fitting: PixelSize(width: 40, height: 40))
        }
        photo.blurHash = "LEH"
        await #expect(throws: PictureFailure("its BlurHash is malformed: BlurHash too short: 3 characters, at least 6 needed")) {
            try await worker.pixels(for: photo, fitting: PixelSize(width: 40, height: 40))
        }
        photo.blurHash = "LEHV6nWB2yk8pyo0adR*.7kCMdn"  // one character short of its size flag's length
        let failure = await #expect(throws: PictureFailure.self) {
            try await worker.pixels(for: photo, fitting: PixelSize(width: 40, height: 40))
        }
        #expect(failure?.reason.hasPrefix("its BlurHash is malformed: BlurHash length 27 does not match") == true)
    }

    /// A photo with no size (a folder's unreadable header) still has a shape: square.
    @Test func aPhotoWithNoSizeIsDrawnSquare() async throws {
        var photo = EmbeddedCatalog.photos[0]
        (photo.width, photo.height) = (0, 0)
        let pixels = try await worker.pixels(for: photo, fitting: PixelSize(width: 100, height: 50))
        #expect((pixels.width, pixels.height) == (32, 32))
    }
}

// MARK: - The cache

/// A base worker that counts its calls. Photos named in `delays` take that long, and give up when
/// cancelled; the rest answer at once. Pixels have the box's size, so a picture's bytes are
/// `4 × width × height` of the box asked for.
actor CountingPicturesWorker: PhotoPicturesWorker {
    private(set) var calls: [String] = []
    private var delays: [String: Duration]
    /// The photos whose decode was cancelled, noted the moment `cancel()` is called, not when the
    /// cancelled sleep wakes: that takes Swift's shared pool, which the suites' synchronous tests
    /// held for seconds on a loaded 2-core machine.
    private let cancellations = Mutex<[String]>([])

    init(delays: [String: Duration] = [:]) { self.delays = delays }

    /// A decode that ends only when cancelled. Not a minute: the suites' synchronous tests held
    /// Swift's pool (2 threads on CI) for over a minute between a test's prefetch and its next
    /// request, the prefetch had finished by then, and there was nothing left to cancel.
    static let untilCancelled = Duration.seconds(24 * 3600)

    nonisolated var cancelled: [String] { cancellations.withLock { $0 } }

    func pixels(for photo: Photo, fitting box: PixelSize) async throws -> Pixels {
        calls.append(photo.id)
        if let delay = delays[photo.id] {
            let id = photo.id
            try await withTaskCancellationHandler {
                try await Task.sleep(for: delay)
            } onCancel: {
                self.cancellations.withLock { $0.append(id) }
            }
        }
        return Self.picture(photo.id, box)
    }

    func count(_ id: String) -> Int { calls.filter { $0 == id }.count }

    /// A picture that says which photo it is in its first byte.
    static func picture(_ id: String, _ box: PixelSize) -> Pixels {
        var rgba = [UInt8](repeating: 255, count: box.width * box.height * 4)
        rgba[0] = id.utf8.first ?? 0
        return Pixels(width: box.width, height: box.height, rgba: rgba)
    }
}

/// A base worker whose decodes wait for `open()` and then check for cancellation, like a decode that
/// cannot be interrupted half-way (the folder's reads and libjpeg's decode).
actor GatedPicturesWorker: PhotoPicturesWorker {
    private(set) var calls = 0
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func pixels(for photo: Photo, fitting box: PixelSize) async throws -> Pixels {
        calls += 1
        if !isOpen { await withCheckedContinuation { waiting.append($0) } }
        try Task.checkCancellation()
        return CountingPicturesWorker.picture(photo.id, box)
    }

    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}

/// Waits (polling) until `condition` holds; returns whether it did. Not a timing assertion: the work
/// it waits for ends in microseconds, the bound only keeps a broken build from hanging. It gives up
/// after both 2,000 polls and a minute: a count of polls alone ran out while other tasks were kept
/// from running (a loaded 2-core CI run), a wall-clock bound alone while this one was (other suites'
/// synchronous tests held both threads of Swift's pool for half a minute).
func eventually(_ condition: () async -> Bool) async -> Bool {
    let start = ContinuousClock.now
    var polls = 0
    while polls < 2_000 || ContinuousClock.now - start < .seconds(60) {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
        polls += 1
    }
    return await condition()
}

private func photo(_ id: String) -> Photo {
    Photo(
        id: id, width: 400, height: 300, color: nil, blurHash: nil, description: nil, altDescription: nil, likes: nil,
        user: .init(id: "", username: "", name: "unknown"), urls: .init(raw: id, full: id, regular: id, small: id, thumb: id))
}

@Suite struct CachingPicturesWorkerTests {
    let box = PixelSize(width: 10, height: 10)

    @Test func theSecondRequestIsServedFromTheCache() async throws {
        let base = CountingPicturesWorker()
        let cache = CachingPicturesWorker(base)
        let first = try await cache.pixels(for: photo("a"), fitting: box)
        #expect(first == CountingPicturesWorker.picture("a", box))
        #expect(await eventually { await cache.usage == (1, 400) })
        let second = try await cache.pixels(for: photo("a"), fitting: box)
        #expect(second == first)
        #expect(await base.calls == ["a"])
    }

    @Test func anotherBoxIsAnotherPicture() async throws {
        let base = CountingPicturesWorker()
        let cache = CachingPicturesWorker(base)
        let small = try await cache.pixels(for: photo("a"), fitting: box)
        // A larger box than the picture kept covers: decoded again.
        let large = try await cache.pixels(for: photo("a"), fitting: PixelSize(width: 20, height: 20))
        #expect((small.width, large.width) == (10, 20))
        #expect(await base.calls == ["a", "a"])
        #expect(await eventually { await cache.usage == (2, 400 + 1_600) })
        _ = try await cache.pixels(for: photo("a"), fitting: PixelSize(width: 20, height: 20))
        _ = try await cache.pixels(for: photo("a"), fitting: box)
        #expect(await base.calls == ["a", "a"])
    }

    /// A photo decoded for a larger box serves a smaller one without decoding again: as it
    /// is when it is at most twice the size needed, scaled down (and kept) when it is more.
    @Test func aLargerPictureServesASmallerBox() async throws {
        let base = CountingPicturesWorker()
        let cache = CachingPicturesWorker(base)
        let large = try await cache.pixels(for: photo("a"), fitting: PixelSize(width: 40, height: 20))
        #expect(await eventually { await cache.usage == (1, 3_200) })
        let half = try await cache.pixels(for: photo("a"), fitting: PixelSize(width: 20, height: 20))
        #expect(half == large)
        let quarter = try await cache.pixels(for: photo("a"), fitting: box)
        #expect((quarter.width, quarter.height) == (10, 5))
        #expect(quarter == large.resampled(to: PixelSize(width: 10, height: 5)))
        #expect(await base.calls == ["a"])
        #expect(await cache.usage == (2, 3_200 + 200))
        // A larger box than any decoded is decoded.
        _ = try await cache.pixels(for: photo("a"), fitting: PixelSize(width: 80, height: 40))
        #expect(await base.calls == ["a", "a"])
    }

    /// Room for a, b and c; a is used again, so d pushes out b, the least recently used.
    @Test func theByteCapEvictsTheLeastRecentlyUsed() async throws {
        let base = CountingPicturesWorker()
        let cache = CachingPicturesWorker(base, capacity: 1_000)
        // Each photo its own size, so that every store shows in `usage`.
        let boxes = [
            "a": PixelSize(width: 10, height: 10), "b": PixelSize(width: 10, height: 8),
            "c": PixelSize(width: 10, height: 6), "d": PixelSize(width: 10, height: 9)
        ]
        func get(_ id: String) async throws { _ = try await cache.pixels(for: photo(id), fitting: boxes[id]!) }

        try await get("a")
        #expect(await eventually { await cache.usage == (1, 400) })
        try await get("b")
        #expect(await eventually { await cache.usage == (2, 720) })
        try await get("c")
        #expect(await eventually { await cache.usage == (3, 960) })
        try await get("a")
        #expect(await base.count("a") == 1)
        try await get("d")  // 1,320 bytes: b (320) goes, which leaves 1,000
        #expect(await eventually { await cache.usage == (3, 1_000) })
        for id in ["a", "c", "d"] { try await get(id) }
        #expect(await base.calls == ["a", "b", "c", "d"])
        try await get("b")
        #expect(await base.count("b") == 2)
    }

    @Test func aPictureLargerThanTheCapIsNotKept() async throws {
        let base = CountingPicturesWorker()
        let cache = CachingPicturesWorker(base, capacity: 100)
        _ = try await cache.pixels(for: photo("a"), fitting: box)
        _ = try await cache.pixels(for: photo("b"), fitting: PixelSize(width: 5, height: 5))
        #expect(await eventually { await cache.usage == (1, 100) })
        _ = try await cache.pixels(for: photo("a"), fitting: box)
        #expect(await base.count("a") == 2)
    }

    @Test func aPrefetchedPictureIsDecodedOnce() async throws {
        let base = CountingPicturesWorker(delays: ["b": .milliseconds(50)])
        let cache = CachingPicturesWorker(base)
        await cache.prefetch(photo("b"), fitting: box)
        await cache.prefetch(photo("b"), fitting: box)  // already under way: nothing more
        let pixels = try await cache.pixels(for: photo("b"), fitting: box)
        #expect(pixels == CountingPicturesWorker.picture("b", box))
        #expect(await base.calls == ["b"])
        #expect(base.cancelled.isEmpty)
        // Done and kept: prefetching it again does nothing either.
        #expect(await eventually { await cache.usage.pictures == 1 })
        await cache.prefetch(photo("b"), fitting: box)
        #expect(await base.calls == ["b"])
    }

    @Test func aPrefetchIsCancelledWhenAnotherPhotoIsAskedFor() async throws {
        let base = CountingPicturesWorker(delays: ["b": CountingPicturesWorker.untilCancelled])
        let cache = CachingPicturesWorker(base)
        await cache.prefetch(photo("b"), fitting: box)
        let c = try await cache.pixels(for: photo("c"), fitting: box)
        #expect(c == CountingPicturesWorker.picture("c", box))
        #expect(await eventually { base.cancelled == ["b"] })
        #expect(await cache.usage.pictures <= 1)
    }

    @Test func aNewPrefetchCancelsTheOneBefore() async throws {
        let base = CountingPicturesWorker(delays: ["b": CountingPicturesWorker.untilCancelled])
        let cache = CachingPicturesWorker(base)
        await cache.prefetch(photo("b"), fitting: box)
        await cache.prefetch(photo("c"), fitting: box)
        #expect(await eventually { base.cancelled == ["b"] })
        _ = try await cache.pixels(for: photo("c"), fitting: box)
        #expect(await base.count("c") == 1)
    }

    @Test func picturesDecodedAheadTogetherAreNotCancelledByOneAnother() async throws {
        // A contact sheet: its photos all prefetched, then each asked for; the next sheet's ahead.
        let base = CountingPicturesWorker(delays: ["b": .milliseconds(200), "c": .milliseconds(200)])
        let cache = CachingPicturesWorker(base)
        await cache.prefetch([photo("a"), photo("b"), photo("c")], fitting: box)
        _ = try await cache.pixels(for: photo("a"), fitting: box)
        _ = try await cache.pixels(for: photo("b"), fitting: box)
        _ = try await cache.pixels(for: photo("c"), fitting: box)
        #expect(base.cancelled.isEmpty)
        #expect(await base.calls.sorted() == ["a", "b", "c"], "each decoded once")
        // Another set ahead cancels those of the first still running, and keeps those in both.
        let forever = CountingPicturesWorker.untilCancelled
        let slow = CountingPicturesWorker(delays: ["d": forever, "e": forever])
        let other = CachingPicturesWorker(slow)
        await other.prefetch([photo("d"), photo("e")], fitting: box)
        await other.prefetch([photo("e"), photo("f")], fitting: box)
        #expect(await eventually { slow.cancelled == ["d"] })
        #expect(await slow.calls.filter { $0 == "e" }.count == 1)
    }

    @Test func cancellingTheRequestThrowsCancellationError() async throws {
        let base = CountingPicturesWorker(delays: ["b": CountingPicturesWorker.untilCancelled])
        let cache = CachingPicturesWorker(base)
        let request = Task { try await cache.pixels(for: photo("b"), fitting: box) }
        #expect(await eventually { await base.calls == ["b"] })
        request.cancel()
        await #expect(throws: CancellationError.self) { try await request.value }
        #expect(await eventually { base.cancelled == ["b"] })
        #expect(await cache.usage == (0, 0))
    }

    /// Ctrl-C on a decode, then the same picture asked for again before the cancelled decode has
    /// noticed: the new request is not cancelled, and must not get the old one's CancellationError.
    @Test func aRequestAfterACancelledOneForTheSamePictureIsNotCancelled() async throws {
        let base = GatedPicturesWorker()
        let cache = CachingPicturesWorker(base)
        let first = Task { try await cache.pixels(for: photo("a"), fitting: box) }
        #expect(await eventually { await base.calls == 1 })
        first.cancel()
        let second = Task { try await cache.pixels(for: photo("a"), fitting: box) }
        // A cache that starts a fresh decode calls the base again; one that joins the cancelled decode
        // never does (the wait ends at its bound, and the check below fails).
        _ = await eventually { await base.calls == 2 }
        await base.open()
        await #expect(throws: CancellationError.self) { try await first.value }
        let pixels = try await second.value
        #expect(pixels == CountingPicturesWorker.picture("a", box))
    }

    /// A decode that cannot be interrupted (libjpeg-turbo, libpng) does not hold Ctrl-C up: the request
    /// ends with CancellationError while the decode is still running.
    @Test func cancellingEndsTheWaitBeforeAnUninterruptibleDecodeEnds() async throws {
        let base = GatedPicturesWorker()
        let cache = CachingPicturesWorker(base)
        let request = Task { try await cache.pixels(for: photo("a"), fitting: box) }
        #expect(await eventually { await base.calls == 1 })
        request.cancel()
        // The gate is still shut: the decode has not returned, yet the request has.
        await #expect(throws: CancellationError.self) { try await request.value }
        await base.open()
    }
}

@Suite struct FolderCancellationTests {
    /// Ctrl-C during a fetch from a folder: the walk stops and the fetch changes nothing.
    @Test func aCancelledFetchThrowsCancellationError() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-cancel-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        for i in 0..<50 { #expect(FileManager.default.createFile(atPath: "\(root)/\(i).txt", contents: Data("not a photo".utf8))) }
        let worker = FolderPhotosWorker(root: root)
        let fetch = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await worker.fetch(count: 3)
        }
        await #expect(throws: CancellationError.self) { try await fetch.value }
    }
}
