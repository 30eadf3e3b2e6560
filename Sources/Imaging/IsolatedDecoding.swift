import CImageFormats
import SystemCalls

/// The decoders not written here (libheif, libtiff, libjxl, libraw, libwebp, giflib, libpng) run in a child process
/// (isolation.c): a crash ends the child, a hang is ended by the deadline or Ctrl-C (the child is
/// killed, its thread answers at once), and a balloon by the child's address-space limit, its share
/// of the session's budget for pictures. What a decode needs is reserved of that budget before the
/// child starts; a decode that needs more than the whole budget is refused without starting one.
/// The project's own readers (PNG, a progressive JPEG's DC scans, the previews inside files) and
/// libjpeg-turbo stay in the process, their memory reserved of the same budget: they are the fast
/// path of every sheet (a fork and its answer cost about a millisecond more a picture).
public enum IsolatedDecoding {
    /// How long a decode may take before its child is killed: a 24-megapixel HEIC takes about 3 s
    /// here, a libraw half-size decode of a 24-megapixel sensor about 1 s.
    public static let deadline: Duration = .seconds(8)

    /// The memory all decodes in flight may take together.
    public static var budget: Int { Int(photorepl_budget_total()) }

    /// `request` (its decoder, its arguments and the memory it needs) decoded in a child process,
    /// from `bytes`, to a picture of `size` when the caller knows it (decoded straight into its
    /// place), else of the size the decoder says. `library` names the decoder in messages.
    static func decode(
        _ request: photorepl_isolated_request, library: String, bytes: UnsafeRawBufferPointer,
        size: PixelSize?, deadline: Duration = deadline
    ) throws(ImageFailure) -> Pixels {
        try decodeTogether([(request, size)], library: library, bytes: bytes, deadline: deadline)[0]
    }

    /// Several decodes of parts of one picture (a grid's tiles, a share each), each in a child of
    /// its own, all running at once: their pictures, or the first part's failure. Every child is
    /// ended when one is stopped (Ctrl-C, the deadline).
    static func decodeTogether(
        _ parts: [(request: photorepl_isolated_request, size: PixelSize?)], library: String,
        bytes: UnsafeRawBufferPointer, deadline: Duration = deadline
    ) throws(ImageFailure) -> [Pixels] {
        var requests = parts.map { part in
            var request = part.request
            request.data = base(bytes)
            request.size = bytes.count
            request.seconds = Int32(deadline.components.seconds)
            request.memory = min(request.memory, photorepl_budget_total())
            if let size = part.size {
                request.output_capacity = size.width * size.height * 4
                request.known_size = 1
            } else {
                request.output_capacity = photorepl_budget_total()
                request.known_size = 0
            }
            return request
        }
        let memory = min(requests.reduce(0) { $0 + $1.memory }, photorepl_budget_total())
        try reserve(memory)
        defer { photorepl_budget_release(memory) }
        var children: [OpaquePointer] = []
        var text = [CChar](repeating: 0, count: 256)
        for i in requests.indices {
            guard let child = photorepl_isolated_start(&requests[i], &text, text.count) else {
                for started in children {
                    var none = photorepl_decoded()
                    _ = photorepl_isolated_finish(started, 1, &none)
                    discardPixels(&none)
                }
                throw ImageFailure(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
            children.append(child)
        }
        enum Stop { case cancelled, deadline }
        var stop: Stop?
        let started = ContinuousClock.now
        var running = Set(children.indices)
        while !running.isEmpty {
            for i in running.sorted() where photorepl_isolated_wait(children[i], running.count == 1 ? 25 : 10) != 0 { running.remove(i) }
            if running.isEmpty { break }
            if Task.isCancelled {
                stop = .cancelled
                break
            }
            if ContinuousClock.now - started > deadline {
                stop = .deadline
                break
            }
        }
        var results: [(Result<Pixels, ImageFailure>, photorepl_isolated_end)] = []
        for (i, child) in children.enumerated() {
            var end = photorepl_isolated_end()
            let finish: (inout photorepl_decoded) -> Void = { end = photorepl_isolated_finish(child, stop == nil ? 0 : 1, &$0) }
            let result: Result<Pixels, ImageFailure>
            do throws(ImageFailure) {
                if let size = parts[i].size {
                    result = .success(try decodeInto(size, finish))
                } else {
                    result = .success(try decodeAllocated(finish))
                }
            } catch {
                result = .failure(error)
            }
            results.append((result, end))
        }
        switch stop {
        case .cancelled?: throw ImageFailure(interrupted)
        case .deadline?: throw ImageFailure("\(library) took more than \(deadline.components.seconds) s on this file, and was stopped")
        case nil: break
        }
        var pictures: [Pixels] = []
        for (i, (result, end)) in results.enumerated() {
            try check(end, library: library, memory: requests[i].memory, deadline: deadline)
            pictures.append(try result.get())
        }
        return pictures
    }

    /// Why a child that gave no answer ended, in words.
    private static func check(_ end: photorepl_isolated_end, library: String, memory: Int, deadline: Duration) throws(ImageFailure) {
        if end.signal != 0 {
            switch end.signal {
            case SIGSEGV, SIGBUS, SIGILL, SIGFPE:
                throw ImageFailure("\(library) crashed on this file (\(signalName(end.signal))); photorepl goes on without it")
            case SIGABRT:
                throw ImageFailure("\(library) gave up on this file: it aborted (with \(memory >> 20) MB to decode it in)")
            case SIGXCPU:
                throw ImageFailure(
                    "\(library) took more than \(deadline.components.seconds + 2) s of processor time a core on this file, and was stopped")
            case SIGKILL:
                // Not photorepl's doing (it kills a child only when it stops waiting for it): the
                // system's, short of memory.
                throw ImageFailure("\(library) was killed while it decoded this file (the system may be short of memory)")
            default:
                throw ImageFailure("\(library) ended on this file by \(signalName(end.signal))")
            }
        }
        if end.unfinished != 0 { throw ImageFailure("\(library) ended without decoding this file (exit status \(end.exit_code))") }
    }

    private static func discardPixels(_ decoded: inout photorepl_decoded) {
        if let rgba = decoded.rgba, rgba != decoded.into { free(rgba) }
    }

    /// `body`, a decode in this process (the project's own readers, libjpeg-turbo), with `bytes` of
    /// the budget reserved while it runs; refused when that is more than the whole budget.
    static func reserving<T>(_ bytes: Int, _ what: String, _ body: () throws(ImageFailure) -> T) throws(ImageFailure) -> T {
        try checkBudget(bytes, what)
        try reserve(bytes)
        defer { photorepl_budget_release(bytes) }
        return try body()
    }

    /// Waits for `bytes` of the budget, a slice at a time, so that Ctrl-C is answered while other
    /// decodes hold it.
    static func reserve(_ bytes: Int) throws(ImageFailure) {
        var ticket: UInt = 0
        while photorepl_budget_reserve(bytes, 50, &ticket) == 0 {
            if Task.isCancelled {
                photorepl_budget_abandon(ticket)
                throw ImageFailure(interrupted)
            }
        }
    }

    /// The words of a failure that an interrupt (Ctrl-C: the task cancelled) ended: the caller,
    /// cancelled, shows nothing of it.
    static let interrupted = "the decode was interrupted"

    /// The memory a decode needs, in bytes, made whole: a picture's pixels at `bytesPerPixel`, and
    /// `more` besides (a decoder's own tables, the scaled picture).
    static func memory(_ size: PixelSize, bytesPerPixel: Int, more: Int = 0) -> Int {
        let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        guard !overflow, pixels <= Int.max / 16 else { return .max }
        return pixels * bytesPerPixel + more
    }

    /// A decode that needs more than the whole budget, refused before it starts.
    static func checkBudget(_ bytes: Int, _ what: String) throws(ImageFailure) {
        let budget = Int(photorepl_budget_total())
        if bytes > budget {
            let needed = bytes == .max ? "more than there is" : "\(bytes >> 20) MB"
            throw ImageFailure(
                "\(what) would take \(needed) to decode, more than photorepl's \(budget >> 20) MB for pictures", isTooLarge: true)
        }
    }

    private static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGSEGV: return "a segmentation fault, SIGSEGV"
        case SIGBUS: return "a bus error, SIGBUS"
        case SIGILL: return "an illegal instruction, SIGILL"
        case SIGFPE: return "an arithmetic fault, SIGFPE"
        default: return "signal \(signal)"
        }
    }

    /// For tests: a child that crashes, hangs or allocates without end, through the same path.
    enum TestDecoder: Int32, Sendable { case crash = 100, hang = 101, balloon = 102 }

    /// Runs a `TestDecoder` as a decode would run, with `memory` bytes of the budget.
    static func runTest(_ decoder: TestDecoder, memory: Int, deadline: Duration) throws(ImageFailure) -> Pixels {
        var request = photorepl_isolated_request()
        request.decoder = decoder.rawValue
        request.memory = memory
        let bytes: [UInt8] = [0]
        let result: Result<Pixels, ImageFailure> = bytes.withUnsafeBytes { raw in
            do throws(ImageFailure) {
                return .success(
                    try decode(request, library: "the test decoder", bytes: raw, size: PixelSize(width: 1, height: 1), deadline: deadline))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// An in-process call into libheif or libjxl (a header's read): a decode's fork waits for it.
func libraryCall<T>(_ body: () -> T) -> T {
    photorepl_library_call_begin()
    defer { photorepl_library_call_end() }
    return body()
}
