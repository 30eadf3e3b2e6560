import Foundation
import Imaging
import PhotoDomain
import Testing
@testable import Scenes

/// An animated photo's frames from the frame source, on Tests/Fixtures/formats/three-frames.gif
/// (red 200 ms, a lime patch 300 ms, blue 100 ms; played twice), whatever photo is asked.
struct FixtureAnimations: PhotoAnimationsWorker {
    static let gif = [UInt8](
        try! Data(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Fixtures/formats/three-frames.gif")))

    func animation(of photo: Photo, fitting box: PixelSize) async throws -> AnimationFrames? {
        try AnimationFrames(Self.gif, fitting: box)
    }
}

/// A keyboard whose key is pressed when the test says.
@MainActor
final class FakeKeys: KeyPressWatching {
    var pressed = false
    var watching = false
    func startWatching() { watching = true }
    func keyWasPressed() -> Bool { pressed }
    func stopWatching() { watching = false }
}

/// The detail plays an animated photo after its first frame and its fields, as
/// the terminal can: every frame handed to the view for a terminal that plays them (kitty), or redrawn in
/// place for a bounded time or plays, stopped by a key; never where the view asks for no playback
/// (a transcript, a pipe).
@MainActor
@Suite struct PhotoDetailAnimationTests {
    let spy = DetailPresenterSpy()
    let effects = CollectingEffects()
    let keys = FakeKeys()
    let box = PixelSize(width: 60, height: 40)

    func makeInteractor(frames: Int? = 3) -> PhotoDetailInteractor {
        let interactor = PhotoDetailInteractor(pictures: FakePicturesWorker(), animations: FixtureAnimations(), keys: keys)
        interactor.presenter = spy
        interactor.effects = effects
        var photo = Photo.fixture("anim")
        photo.frameCount = frames
        interactor.photos = [photo]
        interactor.photo = photo
        interactor.index = 0
        return interactor
    }

    /// The command ends with the first frame shown: the frames go to the view, to be sent from the
    /// prompt (all sent before it, a 300-frame GIF held the prompt 18.8 s), with nothing decoded yet.
    @Test func aTerminalThatPlaysGetsTheFramesToSendFromThePrompt() async throws {
        try makeInteractor().showPhoto(.init(pictureBox: box, playback: .byTerminal))
        try await effects.finish()
        #expect(spy.responses.map(\.startsAnimation) == [true] && spy.responses.map(\.playsAnimation) == [true])
        #expect(spy.frames.isEmpty && spy.sendings.count == 1)
        let frames = try #require(spy.sendings.first?.frames)
        var sent: [AnimationFrame] = []
        while let frame = try await frames.nextFrame() { sent.append(frame) }
        #expect(sent.map(\.index) == [0, 1, 2], "from the first: nothing was taken of them")
        #expect(sent.map(\.milliseconds) == [200, 300, 100])
        #expect(await frames.plays == 2)
        await frames.stop()
    }

    @Test func redrawnFramesStopAfterThePlaysAsked() async throws {
        try makeInteractor().showPhoto(.init(pictureBox: box, playback: .redrawn(longest: .seconds(10), plays: 1)))
        try await effects.finish()
        #expect(spy.responses.map(\.startsAnimation) == [false] && spy.responses.map(\.playsAnimation) == [true])
        // The first frame is the picture shown with the fields; the others are drawn over it.
        #expect(spy.frames.map(\.frame.index) == [1, 2])
        #expect(spy.sendings.isEmpty && !keys.watching)
    }

    @Test func redrawnFramesStopAtTheLongestTime() async throws {
        try makeInteractor().showPhoto(.init(pictureBox: box, playback: .redrawn(longest: .milliseconds(1200), plays: 3)))
        try await effects.finish()
        // Three plays would draw 8 frames (the first frame of the first play is the picture) in
        // 1.8 s; 1.2 s is over before: at most 6 (fewer, even none, on a busy machine), in the
        // file's order.
        let order = [1, 2, 0, 1, 2, 0, 1, 2]
        #expect(spy.frames.count <= 6)
        #expect(spy.frames.map(\.frame.index) == Array(order.prefix(spy.frames.count)))
    }

    @Test func aKeyStopsARedrawnAnimation() async throws {
        keys.pressed = true
        try makeInteractor().showPhoto(.init(pictureBox: box, playback: .redrawn(longest: .seconds(10), plays: 3)))
        try await effects.finish()
        #expect(spy.frames.isEmpty && !keys.watching)
    }

    @Test func ctrlCStopsARedrawnAnimationWithNothingMoreSaid() async throws {
        let interactor = makeInteractor()
        try interactor.showPhoto(.init(pictureBox: box, playback: .redrawn(longest: .seconds(10), plays: 3)))
        let task = Task { try await effects.finish() }
        try? await Task.sleep(for: .milliseconds(350))
        task.cancel()
        let clock = ContinuousClock()
        let cancelled = clock.now
        try await task.value
        // Long before the animation's own end (10 s); how soon is a benchmark's business.
        #expect(clock.now - cancelled < .seconds(5))
        #expect(spy.frames.count <= 1 && spy.animationFailures.isEmpty)
    }

    @Test func noPlaybackAskedIsTheFirstFrameOnly() async throws {
        try makeInteractor().showPhoto(.init(pictureBox: box, playback: nil))
        try await effects.finish()
        #expect(spy.responses.count == 1 && spy.responses.map(\.playsAnimation) == [false] && spy.frames.isEmpty && spy.sendings.isEmpty)
    }

    @Test func aStillPhotoIsNeverPlayed() async throws {
        try makeInteractor(frames: nil).showPhoto(.init(pictureBox: box, playback: .byTerminal))
        try await effects.finish()
        #expect(spy.responses.map(\.startsAnimation) == [false] && spy.frames.isEmpty)
    }

    @Test func stoppingSaysSoToThePresenter() {
        makeInteractor().stopAnimation()
        #expect(spy.stops == 1)
    }
}

@MainActor
@Suite struct PhotoDetailAnimationPresenterTests {
    let spy = DetailDisplaySpy()
    let presenter = PhotoDetailPresenter()
    init() { presenter.view = spy }

    @Test func theSizeSaysAnimatedAndTheFrames() throws {
        var photo = Photo.fixture("anim")
        photo.frameCount = 3
        try presenter.presentPhoto(.init(photo: photo, index: 0, photoCount: 1))
        #expect(spy.photos.first?.fields.first { $0.label == "size" }?.value == "4000 × 3000, animated, 3 frames")
    }

    @Test func aFailureIsOneLine() {
        presenter.presentAnimationFailure(.init(reason: "corrupt GIF: frame 2 is cut short"))
        #expect(spy.animationFailures == ["(animation not played: corrupt GIF: frame 2 is cut short)"])
    }
}
