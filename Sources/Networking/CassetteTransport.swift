import SystemCalls

/// `--cassette FILE`, after VCR's default `once` mode: when FILE exists every request is answered
/// from it and nothing touches the network (libcurl is not even loaded); when it does not, the session
/// records every exchange into it. Requests match on method and URL, the query's order ignored, never
/// on headers; identical requests replay in the order they were made.
///
/// The file is one JSON document, an exchange a line: JSON bodies inline (as the server wrote them,
/// the whitespace between tokens taken out), text bodies as text, images beside it (in
/// `NAME.bodies/`, named by their SHA-256), failures (a refused connection, a time-out) as their kind
/// and message, so that they replay too. Nothing of a request but its method and URL is stored (so
/// no Authorization header), and before anything is written every byte of it is searched for the
/// secrets given (the access key): found, the write is refused. The file is created 0600 with the
/// first exchange (a new file renamed into place) and each later exchange is appended over the
/// document's last line, which it writes again after itself; an append that fails is cut off, and
/// the file is the exchanges before it. (It was pretty-printed and written whole at every exchange:
/// 104 MB for one 16 MB answer, and every exchange paid for all those before it.)
///
/// An answer is recorded without the headers that differ at every recording and that no app reads
/// (`volatileHeaders`: `Date`, `Server`, `Age`, `Expires`, request ids, caches' and proxies' marks,
/// `Set-Cookie`), so that recording a session again changes its cassette only where the answers
/// changed; the session that records gets the answer as recorded, so it sees what its replay will.
/// What an app reads stays: `Content-Type`, `Link`, the rate limit's `X-RateLimit-*` and
/// `Retry-After`, the counts (`X-Total`), and `ETag` and `Last-Modified`, which change with the
/// body only.
public actor CassetteTransport: HTTPTransport {
    /// One exchange of a cassette: a request's method and URL, and what came back.
    public struct Interaction: Equatable, Sendable {
        /// The request's method (`GET`).
        public var method: String
        /// The request's URL, as it was asked for.
        public var url: String
        /// The answer, or why there was none (a refused connection, a time-out…): a session that
        /// showed a failure replays the same failure.
        public var outcome: Result<HTTPResponse, HTTPFailure>
    }

    /// The cassette's file, as it was named (`--cassette FILE`).
    public let path: String
    /// The API's base URL the cassette was recorded against: a replay talks to the same one.
    public nonisolated let apiBase: String
    private let live: HTTPTransport?
    private let secrets: [String]
    private var interactions: [Interaction]
    /// While recording: the exchanges written, and the file they are appended to (open from the
    /// first one on) with its length.
    private var recorded = 0
    private var file: (fd: Int32, length: Int)?
    /// Body files written so far while recording, by name.
    private var writtenFiles: Set<String> = []
    /// How many times each request (method and normalized URL) has been answered in this replay.
    private var served: [String: Int] = [:]

    /// Whether the session replays (FILE exists) or records.
    public nonisolated let isReplaying: Bool
    /// Why the cassette could not be written (a full disk, say), the first time it could not, and what
    /// the file holds: the exchanges before, each write being whole. The session ends with an error.
    public private(set) var writeFailure: String?

    /// Opens `path` for replay when it exists; otherwise prepares to record into it through `live`
    /// (nil: recording is not allowed, as on CI). `apiBase` is where a new recording's API is.
    public init(path: String, apiBase: String, live: HTTPTransport?, secrets: [String]) throws(HTTPFailure) {
        self.path = path
        self.secrets = secrets.filter { !$0.isEmpty }
        var info = stat()
        if stat(path, &info) == 0 {
            let (base, recorded) = try Self.read(path)
            self.apiBase = base
            interactions = recorded
            self.live = nil
            isReplaying = true
            return
        }
        guard let live else {
            throw HTTPFailure(
                .cassette,
                "the cassette \(path) does not exist, and a new one is not recorded when CI is set: record it on a developer's machine")
        }
        self.apiBase = apiBase
        interactions = []
        self.live = live
        isReplaying = false
    }

    deinit {
        if let file { close(file.fd) }
    }

    /// Why a transcript's check cannot replay the cassette at `path`, or nil when it can. A check
    /// never goes to the network and never writes outside the transcript's folder: a cassette it
    /// cannot replay would be recorded, with the user's key, wherever the transcript's header says
    /// (a transcript someone sent with `--cassette /ABS/PATH`). `record` is the command that
    /// records one, for the message.
    public static func problemReplaying(_ path: String, transcriptFolder: String, record: String) -> String? {
        // As written, not through links: a cassette in a folder of the user's reached by a link
        // (a checkout's Examples linked into a scratch folder) is the user's own; what a header
        // could name to climb out, an absolute path or `..`, is not.
        guard FileBytes.isWrittenInside(path, folder: transcriptFolder) else {
            return
                "--cassette \(ServerText.oneLine(path)): a transcript's check replays only a cassette in the transcript's folder (\(ServerText.oneLine(transcriptFolder))) or below it: record it there ('\(record)') and name it relative to the transcript"
        }
        guard FileBytes.exists(path) else {
            return
                "--cassette \(ServerText.oneLine(path)): there is no such cassette, and a transcript's check never records one (it never goes to the network): record it first with '\(record)'"
        }
        return nil
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let key = Self.key(request.method, request.url)
        if isReplaying {
            let matching = interactions.filter { Self.key($0.method, $0.url) == key }
            let index = served[key, default: 0]
            guard index < matching.count else {
                let times = matching.isEmpty ? "" : " a \(index + 1)\(Self.ordinalSuffix(index + 1)) time (it holds \(matching.count))"
                throw HTTPFailure(
                    .notInCassette,
                    "the cassette \(path) has no answer for \(request.method) \(request.url)\(times): delete it to record it again")
            }
            served[key] = index + 1
            return try matching[index].outcome.get()
        }
        guard let live else { throw HTTPFailure(.cassette, "the cassette \(path) cannot record") }
        let outcome: Result<HTTPResponse, HTTPFailure>
        do {
            outcome = .success(Self.withoutVolatileHeaders(try await live.send(request)))
        } catch let failure as HTTPFailure {
            outcome = .failure(failure)
        }  // a cancellation (Ctrl-C) is no answer to replay: not recorded
        try record(Interaction(method: request.method, url: request.url, outcome: outcome))
        return try outcome.get()
    }

    /// Headers that change at every recording and that no app reads, in lower case: the clock's
    /// (`Date`, `Age`, `Expires`), the server's name and the ids and marks its request got on the way
    /// (GitHub's, Fastly's, CloudFront's, Cloudflare's, Rails' `X-Runtime`), and cookies.
    public static let volatileHeaders: Set<String> = [
        "date", "server", "age", "expires", "set-cookie", "via",
        "x-request-id", "x-github-request-id", "x-runtime", "x-served-by", "x-cache", "x-cache-hits", "x-timer",
        "x-amz-cf-id", "x-amz-cf-pop", "cf-ray"
    ]

    /// `response` without its `volatileHeaders`: what is recorded, and what the recording session gets.
    static func withoutVolatileHeaders(_ response: HTTPResponse) -> HTTPResponse {
        var kept = response
        kept.headers.removeAll { volatileHeaders.contains($0.name.lowercased()) }
        return kept
    }

    // MARK: - Matching

    /// Method and URL, with the query's parameters sorted: `?b=2&a=1` and `?a=1&b=2` are one request.
    static func key(_ method: String, _ url: String) -> String {
        guard let mark = url.firstIndex(of: "?") else { return method + " " + url }
        let fragmentless = url[url.index(after: mark)...].split(separator: "#", maxSplits: 1).first ?? ""
        let parameters = fragmentless.split(separator: "&").sorted()
        return method + " " + url[..<mark] + "?" + parameters.joined(separator: "&")
    }

    private static func ordinalSuffix(_ n: Int) -> String {
        if (11...13).contains(n % 100) { return "th" }
        switch n % 10 {
        case 1: return "st"
        case 2: return "nd"
        case 3: return "rd"
        default: return "th"
        }
    }

    // MARK: - The file

    /// Where binary bodies are kept: `NAME.bodies/` beside `NAME.json` (or beside FILE).
    static func bodiesFolder(of path: String) -> String {
        (path.hasSuffix(".json") ? String(path.dropLast(5)) : path) + ".bodies"
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    private static func read(_ path: String) throws(HTTPFailure) -> (String, [Interaction]) {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, limit: 256 << 20)
        } catch {
            throw HTTPFailure(.cassette, "cannot read the cassette \(path): \(error.message)")
        }
        return try decode(bytes, path: path)
    }

    /// A cassette's interactions from its text (its body files read from beside `path`).
    static func decode(_ bytes: [UInt8], path: String) throws(HTTPFailure) -> (String, [Interaction]) {
        let root: JSONValue
        let inlineBodies: [Range<Int>]
        do {
            // Inline bodies are checked, not built: each is then held to a body's cap by its size,
            // and read (as any answer) when it is replayed. The rest of the file is a few values an
            // exchange, held to a parse's budget four times over.
            (root, inlineBodies) = try JSON.parse(bytes, maxDepth: 64, maxValues: 4 * JSON.defaultMaxValues, rawKey: "json", rawDepth: 4)
        } catch {
            throw HTTPFailure(.cassette, "the cassette \(path) is not valid JSON: \(error.message)")
        }
        func corrupt(_ what: String) -> HTTPFailure { HTTPFailure(.cassette, "the cassette \(path) is damaged: \(what)") }
        // "cassette" since 0.2.0; "photorepl_cassette" before it, when the key named the app that first wrote one.
        guard (root["cassette"] ?? root["photorepl_cassette"])?.int == 1 else { throw corrupt("it is not a cassette of version 1") }
        guard let base = root["api"]?.string else { throw corrupt("it names no API (\"api\")") }
        guard let list = root["interactions"]?.array else { throw corrupt("it has no \"interactions\" list") }
        var interactions: [Interaction] = []
        // A hostile cassette could name one huge body file a thousand times: each file is read once,
        // at most as large as a live answer may be, and all of them within a budget. A body written
        // inline is held to the same cap and budget.
        var bodiesRead: [String: [UInt8]] = [:]
        var budget = Self.maxReplayBytes
        for (n, item) in list.enumerated() {
            guard let method = item["request"]?["method"]?.string, let url = item["request"]?["url"]?.string,
                let response = item["response"]
            else { throw corrupt("interaction \(n + 1) lacks its request's method and URL or its response's status") }
            if let failure = response["failure"] {
                guard let kind = failure["kind"]?.string.flatMap(Self.failureKind), let message = failure["message"]?.string else {
                    throw corrupt("interaction \(n + 1) has a failure without a known kind and a message")
                }
                interactions.append(Interaction(method: method, url: url, outcome: .failure(HTTPFailure(kind, message))))
                continue
            }
            guard let status = response["status"]?.int, (100...599).contains(status)
            else { throw corrupt("interaction \(n + 1) lacks its request's method and URL or its response's status") }
            var headers: [HTTPHeader] = []
            for pair in response["headers"]?.array ?? [] {
                guard let fields = pair.array, fields.count == 2, let name = fields[0].string, let value = fields[1].string else {
                    throw corrupt("interaction \(n + 1) has a header that is not [name, value]")
                }
                headers.append(HTTPHeader(name, value))
            }
            let cap = min(Self.maxBodyBytes, budget)
            func tooLarge(_ what: String) -> HTTPFailure {
                corrupt("interaction \(n + 1)'s \(what) body is larger than an answer may be (\(cap >> 20) MB): record it again")
            }
            var body: [UInt8] = []
            if let json = response["json"] {
                guard let index = json.int, inlineBodies.indices.contains(index) else {
                    throw corrupt("interaction \(n + 1)'s JSON body cannot be read")
                }
                guard JSON.appendWithoutWhitespace(bytes[inlineBodies[index]], to: &body, limit: cap) else { throw tooLarge("JSON") }
                budget -= body.count
            } else if let text = response["text"]?.string {
                guard text.utf8.count <= cap else { throw tooLarge("text") }
                body = Array(text.utf8)
                budget -= body.count
            } else if let file = response["file"]?.string {
                guard !file.hasPrefix("/"), !file.split(separator: "/").contains("..") else {
                    throw corrupt("interaction \(n + 1) names a body file outside the cassette's folder: \(file)")
                }
                if let known = bodiesRead[file] {
                    body = known
                } else {
                    let full = folder(of: path) + "/" + file
                    do {
                        body = try FileBytes.read(full, limit: cap)
                    } catch {
                        throw corrupt("interaction \(n + 1)'s body file \(file) cannot be read (\(error.message))")
                    }
                    let name = file.split(separator: "/").last.map(String.init) ?? ""
                    guard name.hasPrefix(SHA256.hex(body)) else {
                        throw corrupt("the body file \(file) does not hold what its name says (its SHA-256 differs)")
                    }
                    budget -= body.count
                    bodiesRead[file] = body
                }
            }
            interactions.append(
                Interaction(method: method, url: url, outcome: .success(HTTPResponse(status: status, headers: headers, body: body))))
        }
        return (base, interactions)
    }

    /// A body file may be as large as a live answer (CurlTransport's cap), and a replay reads at most
    /// this much in all.
    static let maxBodyBytes = 16 << 20
    static let maxReplayBytes = 512 << 20

    private static let failureKinds: [(HTTPFailure.Kind, String)] = [
        (.refused, "refused"), (.unresolved, "unresolved"), (.timedOut, "timed-out"), (.tooLarge, "too-large"),
        (.cutShort, "cut-short"), (.tooManyRedirects, "too-many-redirects"), (.tls, "tls"), (.unavailable, "unavailable"),
        (.other, "other"), (.notInCassette, "not-in-cassette"), (.cassette, "cassette")
    ]

    static func failureKind(_ name: String) -> HTTPFailure.Kind? { failureKinds.first { $0.1 == name }?.0 }
    static func failureName(_ kind: HTTPFailure.Kind) -> String { failureKinds.first { $0.0 == kind }?.1 ?? "other" }

    /// The document's last line, which each exchange appended writes again after itself.
    private static let tail = Array("\n]}\n".utf8)

    /// Adds an exchange to the cassette (with a new body file, if any), refusing if a secret would be
    /// in it; a refused exchange is not kept.
    private func record(_ interaction: Interaction) throws(HTTPFailure) {
        let bodies = Self.bodiesFolder(of: path)
        let bodiesName = bodies.split(separator: "/").last.map(String.init) ?? bodies
        var file: (name: String, bytes: [UInt8])?
        var answer: [(String, JSONValue)]
        var inlineJSON: [UInt8]?
        switch interaction.outcome {
        case .failure(let failure):
            answer = [("failure", .object([("kind", .string(Self.failureName(failure.kind))), ("message", .string(failure.message))]))]
        case .success(let response):
            answer = [
                ("status", .number(String(response.status))),
                ("headers", .array(response.headers.map { .array([.string($0.name), .string($0.value)]) }))
            ]
            let body = response.body
            let type = (response.header("Content-Type") ?? "").lowercased()
            if !body.isEmpty {
                // Inline, a body sits 4 levels down (document, interactions, interaction, response) and
                // the cassette is read back with JSON.parse's default depth of 64: deeper bodies go as
                // text. It is checked, not built (building 16 MB of `[0,0,…]` took 600 MB), and
                // written as the server wrote it, its whitespace taken out, straight into the entry.
                if type.contains("json"), JSON.isValid(body, maxDepth: 60) {
                    inlineJSON = body
                } else if let text = Self.text(body), !type.hasPrefix("image/") {
                    answer.append(("text", .string(text)))
                } else {
                    let name = SHA256.hex(body) + Self.extensionFor(type)
                    file = (name, body)
                    answer.append(("file", .string(bodiesName + "/" + name)))
                }
            }
        }
        // The exchange on a line of its own, after what goes before it in the file: the document's
        // first line for the first exchange, else the comma after the one before. One array, made
        // once: a 16 MB body is not copied again and again.
        let head =
            recorded == 0
            ? Array(
                JSON.compact(.object([("cassette", .number("1")), ("api", .string(apiBase)), ("interactions", .array([]))])).utf8
                    .dropLast(2)) + [0x0A]
            : Array(",\n".utf8)
        let request = JSONValue.object([("method", .string(interaction.method)), ("url", .string(interaction.url))])
        var entry = head
        entry.reserveCapacity(head.count + (inlineJSON?.count ?? 0) + 4096)
        entry += "{\"request\":\(JSON.compact(request)),\"response\":\(JSON.compact(.object(answer)))".utf8
        if let inlineJSON {
            entry.removeLast()  // the answer's closing brace: the body is its last member
            entry += ",\"json\":".utf8
            _ = JSON.appendWithoutWhitespace(inlineJSON[...], to: &entry)
            entry += "}".utf8
        }
        entry += "}".utf8
        entry += Self.tail
        // Default-deny: whatever path a secret could have taken into the cassette, it is not written.
        for secret in secrets where Self.contains(entry, secret) || (file.map { Self.contains($0.bytes, secret) } ?? false) {
            throw HTTPFailure(.cassette, "refusing to write the cassette \(path): the access key would be in it")
        }
        do {
            if let file, !writtenFiles.contains(file.name) {
                try FileBytes.makeFolder(bodies)
                if !FileBytes.exists(bodies + "/" + file.name) {
                    try FileBytes.writeAtomically(file.bytes, to: bodies + "/" + file.name, mode: 0o600, replacing: true)
                }
                writtenFiles.insert(file.name)
            }
            if let open = self.file {
                self.file = (open.fd, try Self.append(entry, to: open.fd, length: open.length))
            } else {
                try FileBytes.writeAtomically(entry, to: path, mode: 0o600, replacing: true)
                self.file = (try Self.openForAppending(path), entry.count)
            }
        } catch {
            let message = "cannot write the cassette \(path): \(error.message)"
            if writeFailure == nil {
                writeFailure =
                    message
                    + (recorded == 0
                        ? " (nothing was written)"
                        : " (it holds the \(recorded) exchange\(recorded == 1 ? "" : "s") recorded before)")
            }
            throw HTTPFailure(.cassette, message)
        }
        recorded += 1
    }

    /// The cassette just put in place, open to append to.
    private static func openForAppending(_ path: String) throws(FileBytes.Failure) -> Int32 {
        let fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw FileBytes.Failure(String(cString: strerror(errno)), code: errno) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw FileBytes.Failure("it is not a regular file")
        }
        return fd
    }

    /// Writes `bytes` over the document's last line and flushes them; the new length. When that
    /// fails (a full disk, `ulimit -f`), what was written is cut off and the last line put back, so
    /// the file holds the exchanges before, whole.
    private static func append(_ bytes: [UInt8], to fd: Int32, length: Int) throws(FileBytes.Failure) -> Int {
        let start = length - tail.count
        var written = 0
        var failure: FileBytes.Failure?
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let n = pwrite(fd, buffer.baseAddress! + written, buffer.count - written, off_t(start + written))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    failure = FileBytes.Failure(
                        n == 0 ? "nothing was written" : String(cString: strerror(errno)), code: n == 0 ? nil : errno)
                    return
                }
                written += n
            }
            if fsync(fd) != 0 { failure = FileBytes.Failure(String(cString: strerror(errno)), code: errno) }
        }
        guard let failure else { return start + bytes.count }
        _ = ftruncate(fd, off_t(length))
        _ = tail.withUnsafeBytes { pwrite(fd, $0.baseAddress!, $0.count, off_t(start)) }
        _ = fsync(fd)
        throw failure
    }

    private static func text(_ bytes: [UInt8]) -> String? {
        guard !bytes.contains(0) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        return Array(text.utf8) == bytes ? text : nil
    }

    private static func extensionFor(_ contentType: String) -> String {
        if contentType.hasPrefix("image/jpeg") { return ".jpg" }
        if contentType.hasPrefix("image/png") { return ".png" }
        return ".bin"
    }

    static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, haystack.count >= pattern.count else { return false }
        for start in 0...(haystack.count - pattern.count) where haystack[start] == pattern[0] {
            if haystack[start..<(start + pattern.count)].elementsEqual(pattern) { return true }
        }
        return false
    }
}
