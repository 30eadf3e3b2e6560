import Foundation
import Testing
@testable import Imaging

/// Issue 45, part 2: animations' frames decoded one at a time (GIF and WebP in a child process,
/// APNG by the project's PNG reader), composed on their canvas, with their delays (browsers' rule
/// for short ones) and loop counts; and the cheap scan that counts frames for the detail's fields.
/// The fixtures are Tests/Fixtures/formats/three-frames.* (Scripts/make-test-photos --format-cases).
@Suite struct AnimationTests {
    static let red: [UInt8] = [255, 0, 0, 255], lime: [UInt8] = [0, 255, 0, 255], blue: [UInt8] = [0, 0, 255, 255]
    static let box = PixelSize(width: 60, height: 40)

    /// Every frame of one play, in order, then the nil that ends it.
    static func play(_ frames: AnimationFrames, atMost limit: Int = 10) async throws -> [AnimationFrame] {
        var played: [AnimationFrame] = []
        while let frame = try await frames.nextFrame() {
            played.append(frame)
            #expect(played.count <= limit, "the frames never end")
            if played.count > limit { break }
        }
        return played
    }

    @Test(arguments: ["three-frames.gif", "three-frames.webp", "three-frames.png"])
    func theScanCountsThreeFrames(name: String) throws {
        #expect(AnimationScan.frameCount(of: try OtherFormatsTests.bytes(name)) == 3)
    }

    @Test(arguments: ["leaf.gif", "leaf.png", "sunset.webp", "sunset.jpg"])
    func stillPicturesAreNoAnimation(name: String) throws {
        let bytes = try OtherFormatsTests.bytes(name)
        #expect(AnimationScan.frameCount(of: bytes) == nil)
        #expect(try AnimationFrames(bytes, fitting: Self.box) == nil)
    }

    /// GIF: red; a lime patch left on the red (disposal "none"); blue. Delays 200, 300 and 100 ms
    /// (0 cs shown as 10, as browsers do); the NETSCAPE extension's count of 1 (played again once: twice).
    @Test func gifFramesAreComposedOnTheCanvasWithTheirDelays() async throws {
        let frames = try #require(try AnimationFrames(OtherFormatsTests.bytes("three-frames.gif"), fitting: Self.box))
        #expect(frames.frameCount == 3)
        let played = try await Self.play(frames)
        try #require(played.count == 3)
        #expect(played.map(\.delay) == [.milliseconds(200), .milliseconds(300), .milliseconds(100)])
        #expect(played.map(\.index) == [0, 1, 2])
        #expect(await frames.plays == 2)
        #expect(OtherFormatsTests.pixel(played[0].pixels, 0, 0) == Self.red)
        #expect(OtherFormatsTests.pixel(played[1].pixels, 0, 0) == Self.red)
        #expect(OtherFormatsTests.pixel(played[1].pixels, 1, 1) == Self.lime)
        #expect(OtherFormatsTests.pixel(played[1].pixels, 3, 2) == Self.lime)
        #expect(OtherFormatsTests.pixel(played[1].pixels, 4, 1) == Self.red)
        #expect(OtherFormatsTests.pixel(played[2].pixels, 2, 2) == Self.blue)
        // Played again from the start: the first frame is red again.
        let again = try #require(try await frames.nextFrame())
        #expect(again.index == 0 && OtherFormatsTests.pixel(again.pixels, 1, 1) == Self.red)
        await frames.stop()
    }

    @Test func webpFramesComeWithTheirDelaysAndLoopCount() async throws {
        let frames = try #require(try AnimationFrames(OtherFormatsTests.bytes("three-frames.webp"), fitting: Self.box))
        let played = try await Self.play(frames)
        try #require(played.count == 3)
        #expect(played.map(\.delay) == [.milliseconds(200), .milliseconds(300), .milliseconds(100)])
        #expect(await frames.plays == 2)
        #expect(played.map { OtherFormatsTests.pixel($0.pixels, 5, 3) } == [Self.red, Self.lime, Self.blue])
        await frames.stop()
    }

    /// APNG: red; lime laid in place at (1, 1), then cleared (dispose "background"); half-opaque
    /// blue laid over at (0, 0): over red there, over nothing at (1, 1).
    @Test func apngFramesAreDisposedAndBlended() async throws {
        let frames = try #require(try AnimationFrames(OtherFormatsTests.bytes("three-frames.png"), fitting: Self.box))
        let played = try await Self.play(frames)
        try #require(played.count == 3)
        #expect(played.map(\.delay) == [.milliseconds(200), .milliseconds(300), .milliseconds(100)])
        #expect(await frames.plays == 2)
        #expect(OtherFormatsTests.pixel(played[0].pixels, 1, 1) == Self.red)
        #expect(OtherFormatsTests.pixel(played[1].pixels, 1, 1) == Self.lime)
        #expect(OtherFormatsTests.pixel(played[1].pixels, 0, 0) == Self.red)
        #expect(OtherFormatsTests.pixel(played[2].pixels, 0, 0) == [127, 0, 128, 255])
        #expect(OtherFormatsTests.pixel(played[2].pixels, 1, 1) == [0, 0, 255, 128])
        #expect(OtherFormatsTests.pixel(played[2].pixels, 2, 1) == [0, 0, 0, 0])
        #expect(OtherFormatsTests.pixel(played[2].pixels, 4, 3) == Self.red)
    }

    /// The first frame of the still decoder is the frame source's first frame: a transcript's
    /// picture is the first frame, never another.
    @Test func theStillPictureIsTheFirstFrame() async throws {
        let bytes = try OtherFormatsTests.bytes("three-frames.gif")
        let still = try ImageDecoder.decode(bytes, fitting: PixelSize(width: 6, height: 4))
        let frames = try #require(try AnimationFrames(bytes, fitting: PixelSize(width: 6, height: 4)))
        let first = try #require(try await frames.nextFrame())
        #expect(first.pixels.rgba == still.rgba)
        await frames.stop()
    }

    // MARK: - Hostile files

    /// A GIF of `count` one-pixel frames (a 2 MB file holds 100000): the header, a global table of
    /// two colours, then each frame a graphic control extension and an image of one pixel.
    static func manyFrames(_ count: Int, frameSide: Int = 1) -> [UInt8] {
        var gif = Array("GIF89a".utf8) + [4, 0, 4, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        for _ in 0..<count {
            gif += [0x21, 0xF9, 4, 0, 1, 0, 0, 0]
            gif += [0x2C, 0, 0, 0, 0, UInt8(frameSide & 0xFF), UInt8(frameSide >> 8), UInt8(frameSide & 0xFF), UInt8(frameSide >> 8), 0]
            // LZW, code size 2: clear (4), the pixel 1, end (5), in 3-bit codes.
            gif += [2, 2, 0x4C, 0x01, 0]
        }
        return gif + [0x3B]
    }

    @Test func aGifOfAHundredThousandFramesIsCountedQuicklyAndPlayedOnlyToTheCap() async throws {
        let bytes = Self.manyFrames(100_000)
        let clock = ContinuousClock()
        let scanned = clock.now
        #expect(AnimationScan.frameCount(of: bytes) == 100_000)
        #expect(clock.now - scanned < .seconds(1))
        let frames = try #require(try AnimationFrames(bytes, fitting: Self.box, maximumFrames: 50))
        #expect(frames.frameCount == 50)
        let played = try await Self.play(frames, atMost: 60)
        #expect(played.count == 50)
        #expect(played.first?.delay == .milliseconds(100))
    }

    @Test func theFramesStopAtTheCapOfAThousand() throws {
        let frames = try #require(try AnimationFrames(Self.manyFrames(1_200), fitting: Self.box))
        #expect(frames.frameCount == Animation.maximumFrames)
    }

    /// Frames that claim 65535×65535 on a 4×4 canvas: refused before their first row, quickly.
    @Test func aFrameOf65535SquareIsRefusedQuickly() async throws {
        let bytes = Self.manyFrames(3, frameSide: 65535)
        let frames = try #require(try AnimationFrames(bytes, fitting: Self.box))
        let clock = ContinuousClock()
        let started = clock.now
        await #expect(throws: ImageFailure.self) { _ = try await frames.nextFrame() }
        #expect(clock.now - started < .seconds(2))
    }

    /// A canvas of 65535×65535 is refused by the limits on its header, before any child starts.
    @Test func aCanvasOf65535SquareIsRefused() throws {
        var bytes = Self.manyFrames(3)
        bytes[6] = 0xFF; bytes[7] = 0xFF; bytes[8] = 0xFF; bytes[9] = 0xFF
        #expect(throws: ImageFailure.self) { _ = try AnimationFrames(bytes, fitting: Self.box) }
    }

    /// Cancelled while it waits for a frame (Ctrl-C), the animation stops and says so.
    @Test func cancellingStopsTheAnimation() async throws {
        let frames = try #require(try AnimationFrames(OtherFormatsTests.bytes("three-frames.gif"), fitting: Self.box))
        // Frames asked for one after the other, for ever, until the task is cancelled.
        let task = Task<Void, any Error> {
            while true { _ = try await frames.nextFrame() }
        }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        let result = await task.result
        #expect(throws: ImageFailure(IsolatedDecoding.interrupted)) { try result.get() }
        await #expect(throws: ImageFailure("the animation was stopped")) { _ = try await frames.nextFrame() }
    }
}
