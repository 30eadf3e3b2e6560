import CImageFormats
import SystemCalls

/// One frame of an animation, as it is to be shown: the whole picture (the frame composed on what
/// the frames before left), and how long it stays.
public struct AnimationFrame: Sendable, Equatable {
    public var pixels: Pixels
    public var delay: Duration
    /// Its place in the animation, from 0.
    public var index: Int

    /// `delay` in whole milliseconds (kitty's gap).
    public var milliseconds: Int {
        Int(delay.components.seconds) * 1000 + Int(delay.components.attoseconds / 1_000_000_000_000_000)
    }
}

/// What animations share: the limits on playing one, and the browsers' rule for short delays.
public enum Animation {
    /// The most frames played of a file (what is past them is not shown): a GIF of 100000 one-pixel
    /// frames is 2 MB.
    public static let maximumFrames = 1000
    /// How long the decoder may take for one frame before its child is killed.
    public static let frameDeadline: Duration = .seconds(8)

    /// A delay as browsers apply it: 10 ms and less (GIF's 0 and 1 cs, which old encoders wrote to
    /// mean "as fast as you can") is shown for 100 ms, and animations made for browsers rely on it.
    public static func browserDelay(_ milliseconds: Int) -> Int { milliseconds <= 10 ? 100 : milliseconds }
}

/// An animation's frames, decoded one at a time as they are asked for: only the canvas the frames
/// are composed on and the frame being shown exist. What a frame's decode needs (the canvas and the
/// frame) is reserved of the session's budget for decoding while it is decoded, never across a
/// wait: an animation left open while its player waits for a frame's delay holds none of it, and
/// cannot keep other decodes waiting (the child's canvas between two frames is bounded by its
/// address-space limit instead). GIF, WebP and AVIF sequences are decoded by giflib, libwebpdemux
/// and libavif in a child process that lives as long as the animation (a crash, a balloon or a
/// frame that takes too long ends it, never the session); APNG by the project's own PNG reader, in
/// the process.
public actor AnimationFrames {
    /// The canvas, as the file says.
    public nonisolated let canvas: PixelSize
    /// How many frames are played: the file's, at most `Animation.maximumFrames`.
    public nonisolated let frameCount: Int
    /// How many times the file asks to be played: 0 for ever. A GIF says it with its first frame.
    public private(set) var plays: Int

    private enum Decoder {
        case isolated(AnimationChild)
        case apng(APNGFrames, APNGCanvas)
        case stopped
    }
    private var decoder: Decoder
    /// The size the isolated child scales its frames to.
    private let scaled: PixelSize
    private let library: String
    /// What a frame's decode reserves of the budget.
    private let memory: Int
    private var next = 0

    /// The frames of `bytes` (GIF, WebP, APNG or an AVIF sequence with two frames or more), for a
    /// picture in `box`; nil when the file is no animation, or an AVIF's when libavif cannot be
    /// loaded (its still image is shown). Refused (`ImageFailure`) past the limits a still
    /// picture meets (`limits`), or when its canvas does not fit in the budget.
    public init?(
        _ bytes: [UInt8], fitting box: PixelSize, limits: ImageLimits = .init(),
        maximumFrames: Int = Animation.maximumFrames
    ) throws(ImageFailure) {
        guard let count = AnimationScan.frameCount(of: bytes) else { return nil }
        let header = try ImageDecoder.header(of: bytes, limits: limits)
        var canvas = header.storedSize
        if header.format == .avif {
            // The frames are the track's, at its size (not the still image's, which libheif turns
            // by its `irot`), checked as a still image's size is before anything is decoded.
            guard let sequence = bytes.withUnsafeBytes({ AVIFSequence.read($0) }) else { return nil }
            try sequence.check(limits)
            guard photorepl_avif_available() != 0 else { return nil }
            canvas = sequence.size
        }
        let target = canvas.fitted(in: box)
        let factor = canvas.wholeFactor(covering: target)
        scaled = canvas.dividedRoundingUp(by: factor)
        self.canvas = canvas
        frameCount = min(count, maximumFrames)
        let canvasBytes = IsolatedDecoding.memory(canvas, bytesPerPixel: 4)
        switch header.format {
        case .png:
            // The canvas, its copy for "previous", and one frame decoded.
            guard let frames = try APNGFrames(bytes, maximumFrames: maximumFrames) else { return nil }
            let memory = frames.memory
            try IsolatedDecoding.checkBudget(memory, "this \(canvas) animation")
            self.memory = memory
            plays = frames.plays
            library = "the APNG reader"
            decoder = .apng(frames, APNGCanvas(canvas))
        case .gif, .webp, .avif:
            // GIF: the canvas and its copy for "restore to previous"; WebP: libwebpdemux's canvas,
            // its previous one and a frame; AVIF: the canvas, and the AV1 decoder's frames (its
            // references, up to 8, and the frame decoded: 1.5 bytes a pixel each in 8-bit 4:2:0,
            // 3 in 4:4:4, twice that at 10 bits) and its own state; and the scaled frame in the
            // shared mapping.
            let memory =
                switch header.format {
                case .gif: canvasBytes * 2 + (16 << 20)
                case .webp: canvasBytes * 3 + (32 << 20)
                default: IsolatedDecoding.memory(canvas, bytesPerPixel: 4 + 24, more: 32 << 20)
                }
            try IsolatedDecoding.checkBudget(memory, "this animation")
            var request = photorepl_animation_request()
            let isolatedDecoder =
                switch header.format {
                case .gif: PHOTOREPL_ISOLATED_GIF
                case .webp: PHOTOREPL_ISOLATED_WEBP
                default: PHOTOREPL_ISOLATED_AVIF
                }
            request.decoder = Int32(isolatedDecoder)
            request.width = Int32(canvas.width)
            request.height = Int32(canvas.height)
            request.factor = Int32(factor)
            request.max_frames = Int32(maximumFrames)
            request.memory = memory
            // Processor time for every frame of three plays; the wall clock is the caller's.
            request.seconds = 30
            var text = [CChar](repeating: 0, count: 256)
            let started = bytes.withUnsafeBytes { raw -> OpaquePointer? in
                request.data = base(raw)
                request.size = raw.count
                // The child gets its copy of the file with the fork: the pointer is not kept.
                return photorepl_animation_start(&request, &text, text.count)
            }
            guard let started else { throw ImageFailure(message(&text)) }
            self.memory = memory
            plays = 1
            library =
                switch header.format {
                case .gif: "giflib"
                case .webp: "libwebp"
                default: "libavif"
                }
            decoder = .isolated(AnimationChild(started))
        default:
            return nil
        }
    }

    /// The next frame, decoded now; nil when the frames have all been given (the next call starts
    /// again at the first). Ctrl-C (the task cancelled) stops the animation and throws.
    public func nextFrame() async throws(ImageFailure) -> AnimationFrame? {
        switch decoder {
        case .stopped:
            throw ImageFailure("the animation was stopped")
        case .apng(let frames, var canvas):
            guard next < frames.frames.count else {
                next = 0
                return nil
            }
            if Task.isCancelled {
                stop()
                throw ImageFailure(IsolatedDecoding.interrupted)
            }
            let frame = frames.frames[next]
            let pixels: Pixels
            do throws(ImageFailure) {
                let index = next
                pixels = try IsolatedDecoding.reserving(memory, "an APNG frame") { () throws(ImageFailure) -> Pixels in
                    try frames.pixels(of: index)
                }
            } catch {
                stop()
                throw error
            }
            // The enum let go of while the canvas is drawn on: else its pixels are copied each frame.
            decoder = .stopped
            canvas.draw(frame, pixels, isFirst: next == 0)
            decoder = .apng(frames, canvas)
            var shown = Pixels(width: canvas.size.width, height: canvas.size.height, rgba: canvas.rgba)
            if scaled != canvas.size { shown = shown.resampled(to: scaled) }
            next += 1
            return AnimationFrame(pixels: shown, delay: frame.delay, index: next - 1)
        case .isolated(let child):
            // A frame asked for after Ctrl-C is not decoded (one decoded in less than a wait's
            // step never sees it).
            if Task.isCancelled {
                stop()
                throw ImageFailure(IsolatedDecoding.interrupted)
            }
            do throws(ImageFailure) {
                try IsolatedDecoding.reserve(memory)
            } catch {
                stop()
                throw error
            }
            let frame = Result { () throws(ImageFailure) -> AnimationFrame? in try isolatedFrame(child) }
            photorepl_budget_release(memory)
            return try frame.get()
        }
    }

    /// The child's next frame, waited for here, in steps of 10 ms (as a still picture's decode is):
    /// no suspension while the budget is held, and Ctrl-C answered within a step.
    private func isolatedFrame(_ process: AnimationChild) throws(ImageFailure) -> AnimationFrame? {
        let child = process.pointer
        guard photorepl_animation_ask(child) == 0 else { return try ended() }
        let asked = ContinuousClock.now
        while photorepl_animation_wait(child, 10) == 0 {
            if Task.isCancelled {
                stop()
                throw ImageFailure(IsolatedDecoding.interrupted)
            }
            if ContinuousClock.now - asked > Animation.frameDeadline {
                stop()
                throw ImageFailure(
                    "\(library) took more than \(Animation.frameDeadline.components.seconds) s on a frame of this file, and was stopped")
            }
        }
        var frame = photorepl_animation_frame()
        var end = photorepl_isolated_end()
        let capacity = scaled.width * scaled.height * 4
        var failure: String?
        let rgba = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            if photorepl_animation_take(child, &frame, buffer.baseAddress, capacity, &end) != 0 {
                failure = "\(library) ended while it decoded a frame of this file" + (end.signal != 0 ? " (signal \(end.signal))" : "")
            } else if frame.status < 0 {
                failure = message(&frame.message)
            }
            initialized = frame.status == 1 && failure == nil ? capacity : 0
        }
        if let failure {
            stop()
            throw ImageFailure(failure)
        }
        if frame.loop_count >= 0 { plays = Int(frame.loop_count) }
        guard frame.status == 1 else { return nil }
        guard Int(frame.width) == scaled.width, Int(frame.height) == scaled.height else {
            stop()
            throw ImageFailure("\(library) gave a frame of \(frame.width)×\(frame.height), not \(scaled)")
        }
        return AnimationFrame(
            pixels: Pixels(width: scaled.width, height: scaled.height, rgba: rgba),
            delay: .milliseconds(Int(frame.delay)), index: Int(frame.index))
    }

    private func ended() throws(ImageFailure) -> AnimationFrame? {
        stop()
        throw ImageFailure("\(library) ended while it played this file")
    }

    /// Ends the decoding (its child killed, its canvas freed); the frames end here.
    public func stop() {
        if case .isolated(let child) = decoder { child.stop() }
        decoder = .stopped
    }
}

/// The child process an animation is decoded in, ended (killed and reaped) once, by `stop` or when
/// the animation is let go of.
private final class AnimationChild {
    let pointer: OpaquePointer
    private var stopped = false

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    func stop() {
        guard !stopped else { return }
        stopped = true
        photorepl_animation_stop(pointer)
    }

    deinit { stop() }
}
