#if canImport(Glibc)
import Glibc
#endif

/// `--cassette FILE`, after VCR's default `once` mode: when FILE exists every request is answered
/// from it and nothing touches the network (libcurl is not even loaded); when it does not, the session
/// records every exchange into it. Requests match on method and URL, the query's order ignored, never
/// on headers; identical requests replay in the order they were made.
///
/// The file is JSON, pretty-printed for diffs: JSON bodies inline, text bodies as text, images beside
/// it (in `NAME.bodies/`, named by their SHA-256), failures (a refused connection, a time-out) as
/// their kind and message, so that they replay too. Nothing of a request but its method and URL is
/// stored (so no Authorization header), and before anything is written every byte of it is searched
/// for the secrets given (the access key): found, the write is refused. Files are created 0600 and
/// replaced whole (a new file renamed over the old), so a failure never leaves half a cassette.
public actor CassetteTransport: HTTPTransport {
    public struct Interaction: Equatable, Sendable {
        public var method: String
        public var url: String
        /// The answer, or why there was none (a refused connection, a time-out…): a session that
        /// showed a failure replays the same failure.
        public var outcome: Result<HTTPResponse, HTTPFailure>
    }

    public let path: String
    /// The API's base URL the cassette was recorded against: a replay talks to the same one.
    public nonisolated let apiBase: String
    private let live: HTTPTransport?
    private let secrets: [String]
    private var interactions: [Interaction]
    /// While recording: each interaction as the file has it, made once (parsing, hashing and the
    /// search for secrets are not repeated for every later exchange).
    private var entries: [JSONValue] = []
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
            throw HTTPFailure(.cassette, "the cassette \(path) does not exist, and a new one is not recorded when CI is set: record it on a developer's machine")
        }
        self.apiBase = apiBase
        interactions = []
        self.live = live
        isReplaying = false
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let key = Self.key(request.method, request.url)
        if isReplaying {
            let matching = interactions.filter { Self.key($0.method, $0.url) == key }
            let index = served[key, default: 0]
            guard index < matching.count else {
                let times = matching.isEmpty ? "" : " a \(index + 1)\(Self.ordinalSuffix(index + 1)) time (it holds \(matching.count))"
                throw HTTPFailure(.notInCassette, "the cassette \(path) has no answer for \(request.method) \(request.url)\(times): delete it to record it again")
            }
            served[key] = index + 1
            return try matching[index].outcome.get()
        }
        guard let live else { throw HTTPFailure(.cassette, "the cassette \(path) cannot record") }
        let outcome: Result<HTTPResponse, HTTPFailure>
        do {
            outcome = .success(try await live.send(request))
        } catch let failure as HTTPFailure {
            outcome = .failure(failure)
        }  // a cancellation (Ctrl-C) is no answer to replay: not recorded
        try record(Interaction(method: request.method, url: request.url, outcome: outcome))
        return try outcome.get()
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
        do {
            root = try JSON.parse(bytes)
        } catch {
            throw HTTPFailure(.cassette, "the cassette \(path) is not valid JSON: \(error.message)")
        }
        func corrupt(_ what: String) -> HTTPFailure { HTTPFailure(.cassette, "the cassette \(path) is damaged: \(what)") }
        guard root["photorepl_cassette"]?.int == 1 else { throw corrupt("it is not a photorepl cassette of version 1") }
        guard let base = root["api"]?.string else { throw corrupt("it names no API (\"api\")") }
        guard let list = root["interactions"]?.array else { throw corrupt("it has no \"interactions\" list") }
        var interactions: [Interaction] = []
        // A hostile cassette could name one huge body file a thousand times: each file is read once,
        // at most as large as a live answer may be, and all of them within a budget.
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
            var body: [UInt8] = []
            if let json = response["json"] {
                body = Array(JSON.compact(json).utf8)
            } else if let text = response["text"]?.string {
                body = Array(text.utf8)
            } else if let file = response["file"]?.string {
                guard !file.hasPrefix("/"), !file.split(separator: "/").contains("..") else {
                    throw corrupt("interaction \(n + 1) names a body file outside the cassette's folder: \(file)")
                }
                if let known = bodiesRead[file] {
                    body = known
                } else {
                    let full = folder(of: path) + "/" + file
                    do {
                        body = try FileBytes.read(full, limit: min(Self.maxBodyBytes, budget))
                    } catch {
                        throw corrupt("interaction \(n + 1)'s body file \(file) cannot be read (\(error.message))")
                    }
                    let name = file.split(separator: "/").last.map(String.init) ?? ""
                    guard name.hasPrefix(SHA256.hex(body)) else { throw corrupt("the body file \(file) does not hold what its name says (its SHA-256 differs)") }
                    budget -= body.count
                    bodiesRead[file] = body
                }
            }
            interactions.append(Interaction(method: method, url: url, outcome: .success(HTTPResponse(status: status, headers: headers, body: body))))
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
        (.other, "other"), (.notInCassette, "not-in-cassette"), (.cassette, "cassette"),
    ]

    static func failureKind(_ name: String) -> HTTPFailure.Kind? { failureKinds.first { $0.1 == name }?.0 }
    static func failureName(_ kind: HTTPFailure.Kind) -> String { failureKinds.first { $0.0 == kind }?.1 ?? "other" }

    /// Adds an exchange to the cassette and writes it whole (with a new body file, if any), refusing
    /// if a secret would be in it; a refused exchange is not kept.
    private func record(_ interaction: Interaction) throws(HTTPFailure) {
        let bodies = Self.bodiesFolder(of: path)
        let bodiesName = bodies.split(separator: "/").last.map(String.init) ?? bodies
        var file: (name: String, bytes: [UInt8])?
        var answer: [(String, JSONValue)]
        switch interaction.outcome {
        case .failure(let failure):
            answer = [("failure", .object([("kind", .string(Self.failureName(failure.kind))), ("message", .string(failure.message))]))]
        case .success(let response):
            answer = [
                ("status", .number(String(response.status))),
                ("headers", .array(response.headers.map { .array([.string($0.name), .string($0.value)]) })),
            ]
            let body = response.body
            let type = (response.header("Content-Type") ?? "").lowercased()
            if !body.isEmpty {
                // Inline, a body sits 4 levels down (document, interactions, interaction, response) and
                // the cassette is read back with JSON.parse's default depth of 64: deeper bodies go as text.
                if type.contains("json"), let json = try? JSON.parse(body, maxDepth: 60) {
                    answer.append(("json", json))
                } else if let text = Self.text(body), !type.hasPrefix("image/") {
                    answer.append(("text", .string(text)))
                } else {
                    let name = SHA256.hex(body) + Self.extensionFor(type)
                    file = (name, body)
                    answer.append(("file", .string(bodiesName + "/" + name)))
                }
            }
        }
        let entry = JSONValue.object([
            ("request", .object([("method", .string(interaction.method)), ("url", .string(interaction.url))])),
            ("response", .object(answer)),
        ])
        // Default-deny: whatever path a secret could have taken into the cassette, it is not written.
        let entryText = Array(JSON.compact(entry).utf8)
        for secret in secrets where Self.contains(entryText, secret) || (file.map { Self.contains($0.bytes, secret) } ?? false) {
            throw HTTPFailure(.cassette, "refusing to write the cassette \(path): the access key would be in it")
        }
        let document = JSONValue.object([
            ("photorepl_cassette", .number("1")),
            ("api", .string(apiBase)),
            ("interactions", .array(entries + [entry])),
        ])
        let text = Array((JSON.pretty(document) + "\n").utf8)
        for secret in secrets where Self.contains(text, secret) {
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
            try FileBytes.writeAtomically(text, to: path, mode: 0o600, replacing: true)
        } catch {
            let message = "cannot write the cassette \(path): \(error.message)"
            if writeFailure == nil {
                writeFailure = message + (entries.isEmpty
                    ? " (nothing was written)"
                    : " (it holds the \(entries.count) exchange\(entries.count == 1 ? "" : "s") recorded before)")
            }
            throw HTTPFailure(.cassette, message)
        }
        entries.append(entry)
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
