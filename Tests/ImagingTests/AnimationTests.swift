import Foundation
import Testing
@testable import Imaging

/// Animations' frames decoded one at a time (GIF, WebP and AVIF sequences in a
/// child process, APNG by the project's PNG reader), composed on their canvas, with their delays
/// (browsers' rule for short ones) and loop counts; and the cheap scan that counts frames for the
/// detail's fields. The fixtures are Tests/Fixtures/formats/three-frames.* and
/// three-frames-alpha.avif (Scripts/make-test-photos --format-cases).
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

    @Test(arguments: ["three-frames.gif", "three-frames.webp", "three-frames.png", "three-frames.avif", "three-frames-alpha.avif"])
    func theScanCountsThreeFrames(name: String) throws {
        #expect(AnimationScan.frameCount(of: try OtherFormatsTests.bytes(name)) == 3)
    }

    @Test(arguments: ["leaf.gif", "leaf.png", "sunset.webp", "sunset.jpg", "sunset.avif", "rotated.avif"])
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

    /// An AVIF sequence (libavif; libheif 1.15 decodes its still image only): red, lime, blue, each
    /// a whole lossless frame, for 200, 300 and 5 ms (shown 100); libavif 0.11 reads no loop count,
    /// so it is played once, as a GIF that says none is.
    @Test func avifFramesComeWithTheirColoursAndDelays() async throws {
        let bytes = try OtherFormatsTests.bytes("three-frames.avif")
        #expect(AnimationScan.isAVIFSequence(bytes))
        let frames = try #require(try AnimationFrames(bytes, fitting: Self.box))
        #expect(frames.frameCount == 3)
        #expect(frames.canvas == PixelSize(width: 6, height: 4))
        let played = try await Self.play(frames)
        try #require(played.count == 3)
        #expect(played.map(\.delay) == [.milliseconds(200), .milliseconds(300), .milliseconds(100)])
        #expect(played.map(\.index) == [0, 1, 2])
        #expect(await frames.plays == 1)
        for (frame, colour) in zip(played, [Self.red, Self.lime, Self.blue]) {
            #expect(frame.pixels.width == 6 && frame.pixels.height == 4)
            #expect(Set(stride(from: 0, to: frame.pixels.rgba.count, by: 4).map { Array(frame.pixels.rgba[$0..<$0 + 4]) }) == [colour])
        }
        // Played again from the start: red again.
        let again = try #require(try await frames.nextFrame())
        #expect(again.index == 0 && OtherFormatsTests.pixel(again.pixels, 3, 2) == Self.red)
        await frames.stop()
    }

    /// avifenc 0.11 gives a sequence made from PNGs an alpha track beside its colour track: the
    /// colour track's frames are played, with the alpha track's opacity (blue at 128 of 255).
    @Test func anAVIFSequencesAlphaTrackIsItsFramesOpacity() async throws {
        let bytes = try OtherFormatsTests.bytes("three-frames-alpha.avif")
        #expect(!AnimationScan.isAVIFSequence(try OtherFormatsTests.bytes("sunset.avif")))
        let frames = try #require(try AnimationFrames(bytes, fitting: Self.box))
        let played = try await Self.play(frames)
        try #require(played.count == 3)
        #expect(played.map(\.delay) == [.milliseconds(200), .milliseconds(300), .milliseconds(100)])
        #expect(played.map { OtherFormatsTests.pixel($0.pixels, 5, 3) } == [Self.red, Self.lime, [0, 0, 255, 128]])
        await frames.stop()
    }

    /// The still decoder (libheif) shows an AVIF sequence's primary image, which avifenc makes of its
    /// first frame: the picture in a transcript is the first frame's.
    @Test func anAVIFSequencesStillPictureIsItsFirstFrame() async throws {
        let bytes = try OtherFormatsTests.bytes("three-frames.avif")
        let still = try ImageDecoder.decode(bytes, fitting: PixelSize(width: 6, height: 4))
        let frames = try #require(try AnimationFrames(bytes, fitting: PixelSize(width: 6, height: 4)))
        let first = try #require(try await frames.nextFrame())
        #expect(first.pixels.rgba == still.rgba)
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

    /// An APNG of `frames` frames of `side`×`side`, each one colour (frame i's red i × 40), a 1/2 s
    /// delay each, with `textChunks` empty tEXt chunks between its acTL and its first frame. With
    /// `claimedSide`, its IHDR and fcTLs say that size (its data stays `side`'s: not to be decoded).
    static func apng(side: Int, frames: Int, textChunks: Int = 0, claimedSide: Int? = nil) throws -> [UInt8] {
        var out = Array(PNGChunks.signature)
        var sequence: UInt32 = 0
        for i in 0..<frames {
            let colour: [UInt8] = [UInt8(i * 40 % 256), 100, 200, 255]
            let png = try PNGFile.encode(
                Pixels(width: side, height: side, rgba: Array([[UInt8]](repeating: colour, count: side * side).joined())))
            // The encoded PNG's chunks: IHDR first, then IDAT.
            var chunks: [(String, [UInt8])] = []
            var at = PNGChunks.signatureCount
            while at + 12 <= png.count {
                let length = Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3])
                chunks.append((String(decoding: png[at + 4..<at + 8], as: UTF8.self), Array(png[at + 8..<at + 8 + length])))
                at += 12 + length
            }
            if i == 0 {
                var header = chunks.first { $0.0 == "IHDR" }!.1
                if let claimedSide {
                    header.replaceSubrange(0..<8, with: PNGFile.bigEndian(UInt32(claimedSide)) + PNGFile.bigEndian(UInt32(claimedSide)))
                }
                out += PNGFile.chunk("IHDR", header)
                out += PNGFile.chunk("acTL", PNGFile.bigEndian(UInt32(frames)) + PNGFile.bigEndian(0))
                for _ in 0..<textChunks { out += PNGFile.chunk("tEXt", []) }
            }
            let size = PNGFile.bigEndian(UInt32(claimedSide ?? side))
            out += PNGFile.chunk(
                "fcTL", PNGFile.bigEndian(sequence) + size + size + PNGFile.bigEndian(0) + PNGFile.bigEndian(0) + [0, 1, 0, 2, 0, 0])
            sequence += 1
            for (name, data) in chunks where name == "IDAT" {
                if i == 0 {
                    out += PNGFile.chunk("IDAT", data)
                } else {
                    out += PNGFile.chunk("fdAT", PNGFile.bigEndian(sequence) + data)
                    sequence += 1
                }
            }
        }
        return out + PNGFile.chunk("IEND", [])
    }

    /// A frame's PNG carries only the chunks its colours depend on: 300,000 empty tEXt chunks were
    /// read again for each frame (100 frames: 0.48 s, then 9.06 s).
    @Test func anAPNGsTextChunksAreNotReadForEachFrame() async throws {
        let bytes = try Self.apng(side: 4, frames: 3, textChunks: 100_000)
        let frames = try #require(try APNGFrames(bytes, maximumFrames: 10))
        #expect(frames.frames.count == 3)
        #expect(frames.sharedBytes == 0, "\(frames.sharedBytes) bytes of chunks carried by every frame")
        let played = try await Self.play(try #require(try AnimationFrames(bytes, fitting: Self.box)))
        #expect(played.map { OtherFormatsTests.pixel($0.pixels, 0, 0)[0] } == [0, 40, 80])
    }

    /// An APNG too large for the whole budget is refused, saying why (a 2800×2800 one, which fits,
    /// plays: AnimationTerminalTests).
    @Test func anAPNGTooLargeForTheBudgetSaysWhy() throws {
        let huge = try Self.apng(side: 4, frames: 2, claimedSide: 6000)
        #expect {
            _ = try AnimationFrames(huge, fitting: PixelSize(width: 40, height: 40))
        } throws: { error in
            (error as? ImageFailure)?.reason.contains(
                "this 6000×6000 animation would take 459 MB to decode, more than photorepl's 192 MB for pictures") == true
        }
    }

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

    @Test func aGifOfAHundredThousandFramesIsCountedAndPlayedOnlyToTheCap() async throws {
        let bytes = Self.manyFrames(100_000)
        let clock = ContinuousClock()
        let scanned = clock.now
        #expect(AnimationScan.frameCount(of: bytes) == 100_000)
        #expect(clock.now - scanned < .seconds(10))  // a hang guard (a scan per frame would be quadratic)
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
        #expect(clock.now - started < .seconds(5))  // a hang guard: decoding 65535² would take far longer
    }

    /// A canvas of 65535×65535 is refused by the limits on its header, before any child starts.
    @Test func aCanvasOf65535SquareIsRefused() throws {
        var bytes = Self.manyFrames(3)
        bytes[6] = 0xFF
        bytes[7] = 0xFF
        bytes[8] = 0xFF
        bytes[9] = 0xFF
        #expect(throws: ImageFailure.self) { _ = try AnimationFrames(bytes, fitting: Self.box) }
    }

    /// The colour track's header (`tkhd`) of an AVIF sequence made to claim `width`×`height`
    /// (16.16 fixed point, 84 bytes into a version 1 header's contents), and its still image's
    /// `ispe` too when `still`.
    static func avif(_ name: String, claiming width: Int, _ height: Int, still: Bool = false) throws -> [UInt8] {
        var bytes = try OtherFormatsTests.bytes(name)
        func put(_ value: Int, at offset: Int) {
            for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * i)) }
        }
        func box(_ type: String) throws -> Int {
            try #require((0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual(type.utf8) })
        }
        let tkhd = try box("tkhd")
        #expect(bytes[tkhd + 4] == 1, "a version 1 track header")
        put(width << 16, at: tkhd + 8 + 84)
        put(height << 16, at: tkhd + 8 + 88)
        if still {
            let ispe = try box("ispe")
            put(width, at: ispe + 8)
            put(height, at: ispe + 12)
        }
        return bytes
    }

    /// A sample table that claims a million frames but lists three: no frames are said to be there
    /// ("animated, 1000000 frames" would be the file's word, not what it holds).
    @Test func anAVIFSequencesFrameCountIsWhatItsTableHolds() throws {
        var bytes = try OtherFormatsTests.bytes("three-frames.avif")
        let stsz = try #require((0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual("stsz".utf8) })
        #expect(bytes[(stsz + 12)..<(stsz + 16)].elementsEqual([0, 0, 0, 3]))
        bytes.replaceSubrange((stsz + 12)..<(stsz + 16), with: [0, 0x0F, 0x42, 0x40])
        #expect(AnimationScan.frameCount(of: bytes) == nil)
    }

    /// A track that claims 65535×65535: refused by the limits on a picture's size before libavif or
    /// any child process is started.
    @Test func anAVIFSequenceClaimingAHugeSizeIsRefused() throws {
        let bytes = try Self.avif("three-frames.avif", claiming: 65535, 65535)
        #expect(AnimationScan.frameCount(of: bytes) == 3)
        do {
            _ = try AnimationFrames(bytes, fitting: Self.box)
            Issue.record("a track of 65535×65535 was not refused")
        } catch {
            #expect(error.isTooLarge, "\(error)")
        }
    }

    /// Frames larger than their track says (6×4 in a track and a still image of 3×2): dav1d is told
    /// to decode nothing larger than the track, and refuses the first frame before it allocates it;
    /// in the child, quickly, and the session goes on. (Smaller, libavif scales each frame to the
    /// track's size, as the file says it is shown.)
    @Test func anAVIFSequenceWhoseFramesAreLargerThanItsTrackIsRefused() async throws {
        let bytes = try Self.avif("three-frames.avif", claiming: 3, 2, still: true)
        let frames = try #require(try AnimationFrames(bytes, fitting: Self.box))
        #expect(frames.canvas == PixelSize(width: 3, height: 2))
        let clock = ContinuousClock()
        let started = clock.now
        await #expect(throws: ImageFailure.self) { _ = try await Self.play(frames) }
        #expect(clock.now - started < .seconds(5))
        let smaller = try #require(try AnimationFrames(try Self.avif("three-frames.avif", claiming: 12, 8), fitting: Self.box))
        let played = try await Self.play(smaller)
        #expect(played.map { [$0.pixels.width, $0.pixels.height] } == [[12, 8], [12, 8], [12, 8]])
        #expect(played.map { OtherFormatsTests.pixel($0.pixels, 11, 7) } == [Self.red, Self.lime, Self.blue])
    }

    /// The scan of an AVIF sequence's boxes on 20,000 damaged copies of one (bytes of its `moov`
    /// changed, the file cut): never a trap, and never a count of a track it cannot read.
    @Test func theAVIFScanSurvivesDamagedBoxes() throws {
        let whole = try OtherFormatsTests.bytes("three-frames-alpha.avif")
        let moov = try #require((0..<whole.count - 4).first { whole[$0..<$0 + 4].elementsEqual("moov".utf8) }) - 4
        var generator = SplitMix(seed: 45)
        for _ in 0..<20_000 {
            var bytes = whole
            for _ in 0..<Int(generator.next() % 4 + 1) {
                let at = moov + Int(generator.next() % UInt64(whole.count - moov))
                bytes[at] =
                    generator.next() % 3 == 0 ? [0, 0xFF, 1, 8][Int(generator.next() % 4)] : UInt8(truncatingIfNeeded: generator.next())
            }
            if generator.next() % 4 == 0 { bytes = Array(bytes[..<(moov + Int(generator.next() % UInt64(whole.count - moov)))]) }
            let sequence = bytes.withUnsafeBytes { AVIFSequence.read($0) }
            if let sequence { #expect(sequence.frameCount >= 0 && sequence.size.width >= 0 && sequence.size.height >= 0) }
            _ = AnimationScan.frameCount(of: bytes)
        }
    }

    /// A seeded generator (SplitMix64), the same damage on every run.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// An AVIF sequence cut short anywhere: never a crash or a hang. Cut in its media data (its
    /// track read whole), it is refused, by the still image's checks or when a frame is decoded;
    /// cut before its track ends, it is no animation, or refused.
    @Test func aTruncatedAVIFSequenceIsRefusedWithoutACrashOrAHang() async throws {
        let whole = try OtherFormatsTests.bytes("three-frames.avif")
        let mdat = try #require((0..<whole.count - 4).first { whole[$0..<$0 + 4].elementsEqual("mdat".utf8) }) - 4
        let clock = ContinuousClock()
        for length in [whole.count - 1, whole.count - 20, whole.count - 60, mdat + 12, mdat + 4, mdat, mdat - 100, 700, 400, 100, 40] {
            let bytes = Array(whole[..<length])
            let started = clock.now
            var refused = false
            do {
                if let frames = try AnimationFrames(bytes, fitting: Self.box) {
                    _ = try await Self.play(frames)
                    await frames.stop()
                }
            } catch {
                refused = true
            }
            if length > mdat { #expect(refused, "cut at \(length) of \(whole.count) bytes") }
            #expect(clock.now - started < .seconds(5), "cut at \(length)")
        }
    }

    /// The child an animation is decoded in outlives the thread that started it: Linux's
    /// parent-death signal follows the thread that forked, and a pool's thread may end mid-play.
    @Test func theAnimationOutlivesTheThreadThatStartedIt() async throws {
        final class Made: @unchecked Sendable {
            let lock = NSLock()
            var frames: AnimationFrames?
        }
        let bytes = try OtherFormatsTests.bytes("three-frames.gif")
        let made = Made()
        let thread = Thread {
            let frames = try? AnimationFrames(bytes, fitting: Self.box)
            made.lock.withLock { made.frames = frames }
            // Ended once the child is surely under way (a thread ended before the child asked for
            // the signal sends none).
            Thread.sleep(forTimeInterval: 0.2)
        }
        thread.start()
        while !thread.isFinished { try await Task.sleep(for: .milliseconds(10)) }
        // The thread's end, and a signal it would send, delivered.
        try await Task.sleep(for: .milliseconds(300))
        let frames = try #require(made.lock.withLock { made.frames })
        let played = try await Self.play(frames)
        #expect(played.map(\.index) == [0, 1, 2])
        await frames.stop()
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
