import SystemCalls
import Synchronization

/// Photos' metadata read by exiv2 in `photorepl-metadata` (Sources/MetadataReader), a process of its
/// own: a crash, a hang or a balloon in exiv2 on a hostile file ends that process only. It starts on
/// the first need (start-up never loads exiv2) and is kept for the files that follow, one process a
/// thread reading, since starting one costs more than reading a photo (about 0.1 ms a JPEG).
public final class MetadataReader: Sendable {
    /// What is asked of each file.
    public enum Detail: UInt8, Sendable {
        /// The tags photorepl keeps in its index and shows in the detail.
        case summary = 0x73  // s
        /// Every tag exiv2 reads (`info`).
        case everything = 0x61  // a
    }

    /// Why a file's tags are not known.
    public struct Failure: Error, Sendable, Equatable {
        public var message: String
        /// Whether the reader itself could not be started (every file fails alike).
        public var readerMissing: Bool
    }

    /// The one reader of the session: `photorepl-metadata` beside the program, or where Scripts/install
    /// and the Debian package put it.
    public static let shared = MetadataReader(program: findProgram())

    /// The reader's path (nil: none found).
    let program: String?
    /// The longest a file may take before its process is ended.
    let deadline: Duration
    /// The most memory a reader process may map, in MB: exiv2 holds a file's metadata in memory,
    /// and a hostile one can ask for gigabytes.
    let memoryMB: Int
    /// Readers waiting for their next file.
    private let idle = Mutex<[ReaderProcess]>([])

    public init(program: String?, deadline: Duration = .seconds(8), memoryMB: Int = 512) {
        self.program = program
        self.deadline = deadline
        self.memoryMB = memoryMB
    }

    deinit {
        for process in idle.withLock({ $0 }) { process.end() }
    }

    /// The tags of the file at `path`, or why not. `stopped` is asked every tenth of a second while
    /// the reader works: when it says so (Ctrl-C), the reader is ended, and the file is a failure.
    public func tags(of path: [UInt8], detail: Detail = .summary, stopped: () -> Bool = { false }) -> Result<[MetadataTag], Failure> {
        guard !path.isEmpty, path.count <= 65536 else { return .failure(.init(message: "the path is too long", readerMissing: false)) }
        return answer(to: detail.rawValue, path, stopped: stopped).flatMap(Self.tags(in:))
    }

    /// The tags of an XMP sidecar's bytes (the fields photorepl keeps), read from the bytes
    /// photorepl checked, never from its path again; or why not.
    public func tags(ofSidecar bytes: [UInt8]) -> Result<[MetadataTag], Failure> {
        guard !bytes.isEmpty else { return .success([]) }
        guard bytes.count <= Self.largestSidecar else {
            return .failure(.init(message: "the sidecar is larger than 16 MB", readerMissing: false))
        }
        return answer(to: UInt8(ascii: "x"), bytes).flatMap(Self.tags(in:))
    }

    /// The most of a sidecar edited: larger than any program's (darktable's longest histories are
    /// hundreds of KB), and what the reader accepts.
    public static let largestSidecar = 16 << 20

    /// The XMP sidecar `sidecar` (empty: a new one) with `edits` made by exiv2, every other property
    /// kept as exiv2 read it; or why not. Only bytes: the caller writes the file.
    public func edited(_ sidecar: [UInt8], _ edits: [XMPEdit]) -> Result<[UInt8], Failure> {
        let lines = Array(edits.map(\.line).joined(separator: "\n").utf8)
        guard 4 + lines.count + sidecar.count <= Self.largestSidecar else {
            return .failure(.init(message: "the sidecar is larger than 16 MB", readerMissing: false))
        }
        let count = UInt32(lines.count)
        let payload = [UInt8(count & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count >> 16 & 0xFF), UInt8(count >> 24)] + lines + sidecar
        return answer(to: UInt8(ascii: "e"), payload).flatMap { answer in
            guard let status = answer.first else { return .failure(.init(message: "exiv2 gave no answer", readerMissing: false)) }
            guard status == UInt8(ascii: "k") else {
                return .failure(
                    .init(message: "exiv2 could not write it: \(String(decoding: answer.dropFirst(), as: UTF8.self))", readerMissing: false)
                )
            }
            return .success(Array(answer.dropFirst()))
        }
    }

    /// A reader's answer to a request of `kind` carrying `payload`, from an idle reader or one
    /// started for it; a reader that failed is ended.
    private func answer(to kind: UInt8, _ payload: [UInt8], stopped: () -> Bool = { false }) -> Result<[UInt8], Failure> {
        guard let program else {
            return .failure(
                Failure(message: "photorepl-metadata is not installed beside photorepl: install photorepl again", readerMissing: true))
        }
        let process: ReaderProcess
        if let waiting = idle.withLock({ $0.popLast() }) {
            process = waiting
        } else {
            switch ReaderProcess.start(program, memoryMB: memoryMB) {
            case .success(let started): process = started
            case .failure(let failure): return .failure(failure)
            }
        }
        switch process.ask(kind, payload, deadline: deadline, stopped: stopped) {
        case .success(let answer):
            idle.withLock { $0.append(process) }
            return .success(answer)
        case .failure(let failure):
            process.end()
            return .failure(failure)
        }
    }

    /// Each file's tags, read on `threads` threads at once (a process each); `stop` ends the work
    /// early (what was not read is a failure), and `done` is told how many are read so far.
    public func tags(
        of paths: [[UInt8]], detail: Detail = .summary, threads: Int, stop: borrowing Atomic<Bool>,
        done: (Int) -> Void = { _ in }
    ) -> [Result<[MetadataTag], Failure>] {
        let count = Atomic(0)
        let stopped = Failure(message: "interrupted", readerMissing: false)
        return withUnsafePointer(to: stop) { stop in
            nonisolated(unsafe) let stop = stop
            return [Result<[MetadataTag], Failure>].madeConcurrently(count: paths.count, threads: threads) { index in
                if stop.pointee.load(ordering: .relaxed) { return .failure(stopped) }
                let result = tags(of: paths[index], detail: detail) { stop.pointee.load(ordering: .relaxed) }
                done(count.add(1, ordering: .relaxed).newValue)
                return result
            }
        }
    }

    /// The answer's lines as tags; a file exiv2 could not read is a failure in its words.
    static func tags(in answer: [UInt8]) -> Result<[MetadataTag], Failure> {
        var tags: [MetadataTag] = []
        for line in answer.split(separator: 0x0A) {
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false).map(unescaped)
            guard fields.count == 3 else { continue }
            if fields[0] == "!error" { return .failure(Failure(message: fields[1], readerMissing: false)) }
            tags.append(MetadataTag(key: fields[0], value: fields[1], printed: fields[2]))
        }
        return .success(tags)
    }

    /// A field as the reader escaped it (`\t`, `\n`, `\\`, `\xHH`), as text; bytes that are not
    /// UTF-8 become U+FFFD (the console makes every control character visible, not this).
    static func unescaped(_ field: ArraySlice<UInt8>) -> String {
        guard field.contains(UInt8(ascii: "\\")) else { return String(decoding: field, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(field.count)
        var i = field.startIndex
        while i < field.endIndex {
            let byte = field[i]
            i += 1
            guard byte == UInt8(ascii: "\\"), i < field.endIndex else {
                bytes.append(byte)
                continue
            }
            let next = field[i]
            i += 1
            switch next {
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "x") where i + 1 < field.endIndex:
                if let value = UInt8(String(decoding: field[i...(i + 1)], as: UTF8.self), radix: 16) { bytes.append(value) }
                i += 2
            default: bytes.append(next)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `photorepl-metadata` beside the running program (a build's folder, PREFIX/bin), else in
    /// PREFIX/lib/photorepl; `PHOTOREPL_METADATA_READER` names another (the tests' stand-ins that
    /// crash and hang).
    static func findProgram() -> String? {
        if let named = getenv("PHOTOREPL_METADATA_READER") { return String(cString: named) }
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let program = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = program.lastIndex(of: "/") else { return nil }
        let folder = String(program[..<slash])
        for candidate in [folder + "/photorepl-metadata", folder + "/../lib/photorepl/photorepl-metadata"]
        where access(candidate, X_OK) == 0 {
            return candidate
        }
        return nil
    }
}

/// One `photorepl-metadata` process, and the socket photorepl talks to it on (a socket, not a pipe:
/// writing to a reader that crashed must not raise SIGPIPE in the session).
final class ReaderProcess: Sendable {
    let pid: pid_t
    let socket: Int32
    /// Whether it was ended and reaped: its pid and socket number may be another's since.
    private let finished = Atomic(false)

    private init(pid: pid_t, socket: Int32) {
        self.pid = pid
        self.socket = socket
    }

    /// A reader started, in a process group of its own (Ctrl-C and Ctrl-Z at the prompt are the
    /// session's, not its), its standard error thrown away (exiv2's warnings are not the terminal's).
    static func start(_ program: String, memoryMB: Int) -> Result<ReaderProcess, MetadataReader.Failure> {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            return .failure(.init(message: "cannot start photorepl-metadata: \(String(cString: strerror(errno)))", readerMissing: true))
        }
        var actions = uninitializedSpawnFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var pid: pid_t = 0
        let arguments = [program, String(memoryMB)]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var spawned = posix_spawn(&pid, program, &actions, &attributes, &argv, processEnvironment)
        // The program is being written (an upgrade; a process another thread started as a writer
        // opened it holds it open a moment longer): tried again, briefly.
        for _ in 0..<20 where spawned == ETXTBSY {
            usleep(10_000)
            spawned = posix_spawn(&pid, program, &actions, &attributes, &argv, processEnvironment)
        }
        close(ends[1])
        guard spawned == 0 else {
            close(ends[0])
            let why = String(cString: strerror(spawned))
            return .failure(.init(message: "cannot start \(program): \(why)", readerMissing: true))
        }
        return .success(ReaderProcess(pid: pid, socket: ends[0]))
    }

    /// The reader's answer to a request (`kind`, then `payload`: a path, or a sidecar to edit), or why there is none: it ended (crashed, or could not load
    /// exiv2), or took longer than `deadline` (then the caller ends it).
    func ask(_ kind: UInt8, _ payload: [UInt8], deadline: Duration, stopped: () -> Bool) -> Result<
        [UInt8], MetadataReader.Failure
    > {
        let length = UInt32(payload.count)
        let request = [kind, UInt8(length & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length >> 16 & 0xFF), UInt8(length >> 24)] + payload
        let ends = ContinuousClock.now + deadline
        guard send(request) else { return .failure(ended()) }
        guard let head = receive(4, until: ends, stopped: stopped) else { return .failure(stoppedOrEnded(ends, stopped())) }
        let size = Int(head[0]) | Int(head[1]) << 8 | Int(head[2]) << 16 | Int(head[3]) << 24
        guard let answer = receive(size, until: ends, stopped: stopped) else { return .failure(stoppedOrEnded(ends, stopped())) }
        return .success(answer)
    }

    private func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let put = bytes.withUnsafeBytes { SystemCalls.send(socket, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if put < 0, errno == EINTR { continue }
            guard put > 0 else { return false }
            sent += put
        }
        return true
    }

    /// `count` bytes, or nil when the reader ended, `deadline` passed or `stopped` said so first.
    private func receive(_ count: Int, until deadline: ContinuousClock.Instant, stopped: () -> Bool) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero, !stopped() else { return nil }
            var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            // A tenth of a second at most, to hear Ctrl-C between.
            let milliseconds = Int32(min(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1, 100))
            let polled = poll(&ready, 1, milliseconds)
            if polled < 0, errno == EINTR { continue }
            guard polled > 0 else { continue }
            let read = bytes.withUnsafeMutableBytes { recv(socket, $0.baseAddress! + got, count - got, 0) }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { return nil }
            got += read
        }
        return bytes
    }

    /// Why the reader gave no answer: the deadline passed, or it ended (and how).
    private func stoppedOrEnded(_ deadline: ContinuousClock.Instant, _ interrupted: Bool) -> MetadataReader.Failure {
        if interrupted { return .init(message: "interrupted", readerMissing: false) }
        if ContinuousClock.now >= deadline {
            return .init(message: "exiv2 took too long reading it, and was stopped", readerMissing: false)
        }
        return ended()
    }

    /// How the reader ended, as a failure (it is reaped here).
    private func ended() -> MetadataReader.Failure {
        let status = end()
        let signal = status & 0x7F
        if signal != 0 {
            return .init(message: "exiv2 crashed reading it (signal \(signal)), and was started afresh", readerMissing: false)
        }
        // An exit at once, before any answer: the program could not start (libexiv2 missing).
        return .init(
            message: "photorepl-metadata could not run (exit \(status >> 8 & 0xFF)): install the Debian package libexiv2-27",
            readerMissing: true)
    }

    /// Ends the reader (after a failure, or with the session), once: how it ended (waitpid's status).
    @discardableResult
    func end() -> Int32 {
        var status: Int32 = 0
        guard !finished.exchange(true, ordering: .acquiringAndReleasing) else { return status }
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        close(socket)
        return status
    }
}

/// A change exiv2 makes to an XMP sidecar (`MetadataReader.edited`).
public enum XMPEdit: Sendable, Equatable {
    /// A text property set (`Xmp.xmp.Rating`, "4").
    case text(key: String, value: String)
    /// A bag of words set (`Xmp.dc.subject`); none removes it.
    case bag(key: String, words: [String])
    /// A property removed.
    case remove(key: String)

    /// As the reader reads it: tabs and newlines separate, so no value holds one (`XMPEdit`'s makers refuse them).
    var line: String {
        switch self {
        case .text(let key, let value): "=\(key)\t\(value)"
        case .bag(let key, let words) where words.isEmpty: "-\(key)"
        case .bag(let key, let words): "[\(key)\t" + words.joined(separator: "\t")
        case .remove(let key): "-\(key)"
        }
    }
}
