import Foundation
import Testing
@testable import Networking
#if canImport(Glibc)
    import Glibc
#endif

/// A network in memory: canned answers by URL (each URL's list served in order, its last one
/// repeated), and every request it was sent.
actor FakeNetwork: HTTPTransport {
    private var answers: [String: [Result<HTTPResponse, HTTPFailure>]]
    private var served: [String: Int] = [:]
    private(set) var requests: [HTTPRequest] = []

    init(_ answers: [String: [HTTPResponse]]) {
        self.answers = answers.mapValues { $0.map { .success($0) } }
    }

    init(failing url: String, with failure: HTTPFailure) {
        answers = [url: [.failure(failure)]]
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.append(request)
        guard let list = answers[request.url], !list.isEmpty else {
            throw HTTPFailure(.refused, "the fake network has nothing at \(request.url)")
        }
        let n = served[request.url, default: 0]
        served[request.url] = n + 1
        return try list[min(n, list.count - 1)].get()
    }
}

/// A fresh folder for one test, removed at the end.
final class Scratch {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("cassette-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
    }

    func read(_ name: String) throws -> String {
        try String(contentsOfFile: file(name), encoding: .utf8)
    }

    /// Every file below the folder, relative paths, sorted.
    func listing() -> [String] {
        (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
    }
}

@Suite struct CassetteTests {
    static let base = "https://api.example.test"
    static let key = "KEY-3c9e11aa-in-memory"
    static let headers = [HTTPHeader("Accept-Version", "v1"), HTTPHeader("Authorization", "Client-ID \(key)")]

    static let jpeg: [UInt8] = {
        (try? [UInt8](Data(contentsOf: TestServer.packageRoot.appendingPathComponent("Examples/photos/rotated.jpg")))) ?? [
            0xFF, 0xD8, 0xFF, 0x00, 0xC3, 0x28
        ]
    }()

    static func json(_ text: String, remaining: Int = 49) -> HTTPResponse {
        HTTPResponse(
            status: 200,
            headers: [
                HTTPHeader("Content-Type", "application/json"), HTTPHeader("X-Ratelimit-Limit", "50"),
                HTTPHeader("X-Ratelimit-Remaining", String(remaining))
            ], body: Array(text.utf8))
    }

    static let photos = json(#"[{"id":"abc","likes":3,"user":{"name":"Zoë Ünsal","bio":null},"views":4294967296,"ratio":1.50}]"#)
    static let image = HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "image/jpeg")], body: jpeg)
    static let rateLimited = HTTPResponse(
        status: 403, headers: [HTTPHeader("Content-Type", "text/plain"), HTTPHeader("X-Ratelimit-Remaining", "0")],
        body: Array("Rate Limit Exceeded".utf8))
    static let empty = HTTPResponse(status: 204, headers: [], body: [])

    static let answers: [String: [HTTPResponse]] = [
        base + "/photos/random?count=1": [photos],
        "https://images.example.test/photo.jpg?w=400": [image],
        base + "/photos/limited": [rateLimited],
        base + "/photos/abc/download?ixid=x": [empty]
    ]

    /// Records the requests for `urls` into a new cassette at `path`; returns what the network answered.
    static func record(_ path: String, _ urls: [String], network: FakeNetwork = FakeNetwork(answers), secrets: [String] = [key])
        async throws -> [HTTPResponse]
    {
        let cassette = try CassetteTransport(path: path, apiBase: base, live: network, secrets: secrets)
        #expect(!cassette.isReplaying)
        var responses: [HTTPResponse] = []
        for url in urls { responses.append(try await cassette.send(HTTPRequest(url: url, headers: headers))) }
        return responses
    }

    static func cassetteFailure(_ body: () throws(HTTPFailure) -> Void) -> HTTPFailure? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Record and replay

    @Test func whatIsRecordedReplaysTheSame() async throws {
        let scratch = try Scratch()
        let path = scratch.file("session.json")
        let urls = Self.answers.keys.sorted()
        let network = FakeNetwork(Self.answers)
        let live = try await Self.record(path, urls, network: network)
        #expect(live == urls.map { Self.answers[$0]![0] })
        // The network saw the requests whole, key included.
        #expect(await network.requests.map(\.headers) == Array(repeating: Self.headers, count: urls.count))

        let replay = try CassetteTransport(path: path, apiBase: "http://elsewhere.test", live: nil, secrets: [])
        #expect(replay.isReplaying)
        #expect(replay.apiBase == Self.base)  // the recording's, not the one given
        for (url, expected) in zip(urls, live) {
            let response = try await replay.send(HTTPRequest(url: url))
            #expect(response == expected, "\(url)")
        }
    }

    @Test func replayingNeverTouchesTheNetwork() async throws {
        let scratch = try Scratch()
        let path = scratch.file("c.json")
        _ = try await Self.record(path, [Self.base + "/photos/random?count=1"])
        let network = FakeNetwork(Self.answers)
        let replay = try CassetteTransport(path: path, apiBase: Self.base, live: network, secrets: [Self.key])
        #expect(try await replay.send(HTTPRequest(url: Self.base + "/photos/random?count=1")) == Self.photos)
        await #expect(throws: HTTPFailure.self) { try await replay.send(HTTPRequest(url: "https://images.example.test/photo.jpg?w=400")) }
        #expect(await network.requests.isEmpty)
    }

    @Test func aPrettyJSONBodyReplaysAsTheSameJSONValue() async throws {
        let scratch = try Scratch()
        let path = scratch.file("c.json")
        let url = Self.base + "/photos/random?count=1"
        let pretty = Self.json("[\n  {\"id\": \"abc\", \"n\": 1.0, \"s\": \"a\\/b \\u00e9\"}\n]\n")
        _ = try await Self.record(path, [url], network: FakeNetwork([url: [pretty]]))
        let replayed = try await CassetteTransport(path: path, apiBase: Self.base, live: nil, secrets: []).send(HTTPRequest(url: url))
        #expect(replayed.status == 200 && replayed.headers == pretty.headers)
        // Stored inline, a JSON body comes back without its whitespace: the same value (numbers' text
        // and strings' escapes kept as the server wrote them), not the same bytes.
        #expect(try JSON.parse(replayed.body) == JSON.parse(pretty.body))
        #expect(String(decoding: replayed.body, as: UTF8.self) == #"[{"id":"abc","n":1.0,"s":"a\/b \u00e9"}]"#)
    }

    /// A 50 MB cassette whose inline JSON body was `[0,0,…]` took 1.3 GB (the body was
    /// built whole, and inline bodies skipped the cap of 16 MB that body files are held to). Every
    /// body is held to the cap however it is stored, and an inline one is refused by its size before
    /// anything of it is built.
    @Test(arguments: ["json", "text"])
    func anInlineBodyIsHeldToTheCapOfAnAnswer(kind: String) throws {
        let scratch = try Scratch()
        let path = scratch.file("c.json")
        let size = CassetteTransport.maxBodyBytes + 2
        let body =
            kind == "json" ? "[" + String(repeating: "0,", count: size / 2 - 1) + "0]" : "\"" + String(repeating: "a", count: size) + "\""
        let text =
            #"{"photorepl_cassette": 1, "api": "x", "interactions": [{"request": {"method": "GET", "url": "u"}, "response": {"status": 200, "headers": [], "\#(kind)": \#(body)}}]}"#
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        #expect(
            throws: HTTPFailure(
                .cassette,
                "the cassette \(path) is damaged: interaction 1's \(kind == "json" ? "JSON" : "text") body is larger than an answer may be (16 MB): record it again"
            )
        ) {
            try CassetteTransport(path: path, apiBase: "x", live: nil, secrets: [])
        }
    }

    /// A recorded failure's message kept its line feed and printed a forged prompt line;
    /// it is held to one line as a live one is.
    @Test func aRecordedFailureIsKeptOnOneLine() throws {
        let scratch = try Scratch()
        let path = scratch.file("c.json")
        let text =
            #"{"photorepl_cassette": 1, "api": "x", "interactions": [{"request": {"method": "GET", "url": "u"}, "response": {"failure": {"kind": "other", "message": "boom\nphotos> FORGED\u2028x"}}}]}"#
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        let (_, interactions) = try CassetteTransport.decode(Array(text.utf8), path: path)
        guard case .failure(let failure) = try #require(interactions.first).outcome else {
            Issue.record("not a failure")
            return
        }
        #expect(failure.message == "boom^Jphotos> FORGED<U+2028>x")
    }

    /// The key that names the format was "photorepl_cassette" before 0.2.0, when it named the app
    /// that first wrote one; cassettes recorded then still replay, and new ones are keyed "cassette".
    @Test(arguments: ["cassette", "photorepl_cassette"])
    func cassettesOfBothKeysReplay(key: String) throws {
        let scratch = try Scratch()
        let path = scratch.file("c.json")
        let text =
            #"{"\#(key)": 1, "api": "x", "interactions": [{"request": {"method": "GET", "url": "u"}, "response": {"status": 204, "headers": []}}]}"#
        let (base, interactions) = try CassetteTransport.decode(Array(text.utf8), path: path)
        #expect(base == "x")
        guard case .success(let response) = try #require(interactions.first).outcome else {
            Issue.record("not an answer")
            return
        }
        #expect(response.status == 204)
    }

    /// Recording pretty-printed a 16 MB answer into a 104 MB cassette, written whole again
    /// at every exchange. An exchange is a line of compact JSON, appended: the file is not replaced,
    /// what was written stays as it was, and a pretty answer takes no more room than its tokens.
    @Test func aCassetteIsWrittenAnExchangeALineAndAppended() async throws {
        let scratch = try Scratch()
        let path = scratch.file("c.json")
        let first = Self.base + "/photos/random?count=1", second = Self.base + "/big"
        let values = (0..<20_000).map { "  {\"id\": \"photo-\($0)\",\n    \"likes\": \($0)}" }.joined(separator: ",\n")
        let big = Self.json("[\n" + values + "\n]\n")
        let cassette = try CassetteTransport(
            path: path, apiBase: Self.base, live: FakeNetwork([first: [Self.photos], second: [big]]), secrets: [Self.key])
        _ = try await cassette.send(HTTPRequest(url: first, headers: Self.headers))
        let before = try #require(FileManager.default.contents(atPath: path))
        var info = stat()
        #expect(stat(path, &info) == 0)
        let inode = info.st_ino
        _ = try await cassette.send(HTTPRequest(url: second, headers: Self.headers))
        let after = try #require(FileManager.default.contents(atPath: path))
        #expect(stat(path, &info) == 0 && info.st_ino == inode, "appended to, not replaced")
        #expect(after.prefix(before.count - 4) == before.prefix(before.count - 4), "what was written stays")
        let lines = String(decoding: after, as: UTF8.self).split(separator: "\n")
        #expect(
            lines.count == 4 && lines.first == #"{"cassette":1,"api":"https://api.example.test","interactions":["#
                && lines.last == "]}")
        #expect(after.count < big.body.count, "\(after.count) bytes for a \(big.body.count)-byte answer")
        let replay = try CassetteTransport(path: path, apiBase: Self.base, live: nil, secrets: [])
        #expect(try await replay.send(HTTPRequest(url: first)) == Self.photos)
        #expect(try JSON.parse(try await replay.send(HTTPRequest(url: second)).body) == JSON.parse(big.body))
    }

    /// Recording a session again changes its cassette only where the answers did: the headers that
    /// differ at every recording (the date, the server, request ids, cookies) are not kept, whatever
    /// their case; the ones an app reads (the type, the rate limit, the wait, the links) are.
    @Test func volatileHeadersAreNotRecorded() async throws {
        let scratch = try Scratch()
        let path = scratch.file("c.json")
        let url = Self.base + "/search?q=swift"
        let kept = [
            HTTPHeader("Content-Type", "application/json"), HTTPHeader("X-RateLimit-Limit", "30"),
            HTTPHeader("X-RateLimit-Remaining", "29"), HTTPHeader("X-RateLimit-Reset", "1795622580"),
            HTTPHeader("Retry-After", "60"), HTTPHeader("Link", "<https://api.example.test/search?q=swift&page=2>; rel=\"next\""),
            HTTPHeader("ETag", "W/\"5e1f\"")
        ]
        let volatile = [
            HTTPHeader("Server", "github-test-server Python/3.11.7"), HTTPHeader("Date", "Wed, 25 Nov 2026 22:17:47 GMT"),
            HTTPHeader("age", "4711"), HTTPHeader("Expires", "Wed, 25 Nov 2026 22:18:47 GMT"),
            HTTPHeader("X-GitHub-Request-Id", "C0DE:1234:5678:9ABC:DEF0"), HTTPHeader("X-Request-Id", "req-42"),
            HTTPHeader("SET-COOKIE", "session=abc; HttpOnly"), HTTPHeader("X-Served-By", "cache-fra-1")
        ]
        // Interleaved, as a server sends them: each kept header keeps its place among the others.
        var headers: [HTTPHeader] = []
        for i in 0..<max(kept.count, volatile.count) {
            if i < volatile.count { headers.append(volatile[i]) }
            if i < kept.count { headers.append(kept[i]) }
        }
        let answer = HTTPResponse(status: 200, headers: headers, body: Array(#"{"items":[]}"#.utf8))
        let live = try await Self.record(path, [url], network: FakeNetwork([url: [answer]]))
        let text = try scratch.read("c.json")
        for header in volatile {
            #expect(!text.contains(header.value), "\(header.name) was recorded")
        }
        for header in kept {
            #expect(text.contains(header.name), "\(header.name) was not recorded")
        }
        let replayed = try await CassetteTransport(path: path, apiBase: Self.base, live: nil, secrets: []).send(HTTPRequest(url: url))
        #expect(replayed.headers == kept)
        #expect(replayed.body == answer.body)
        // The recording session got the answer as it was recorded: it saw what its replay sees.
        #expect(live == [replayed])
    }

    @Test func anAnswerThatIsNotJSONIsKeptAsItsText() async throws {
        let scratch = try Scratch()
        let path = scratch.file("c.json")
        let url = Self.base + "/photos/random?count=1"
        let malformed = Self.json(#"[{"id": "abc", "#)
        _ = try await Self.record(path, [url], network: FakeNetwork([url: [malformed]]))
        #expect(try scratch.read("c.json").contains(#""text":"[{\"id\": \"abc\", ""#))
        let replayed = try await CassetteTransport(path: path, apiBase: Self.base, live: nil, secrets: []).send(HTTPRequest(url: url))
        #expect(replayed == malformed)
    }

    /// Inline, a body sits four levels down in the cassette, which is read back with the JSON
    /// reader's default depth of 64: an answer as deep as that default allows must still replay.
    @Test(arguments: [1, 60, 61, 64])
    func aDeeplyNestedJSONAnswerStillReplays(depth: Int) async throws {
        let scratch = try Scratch()
        let path = scratch.file("c.json")
        let url = Self.base + "/deep"
        let deep = Self.json(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        #expect((try? JSON.parse(deep.body)) != nil)
        _ = try await Self.record(path, [url], network: FakeNetwork([url: [deep]]))
        // Up to 60 levels inline; deeper, as text.
        #expect(try scratch.read("c.json").contains(depth <= 60 ? #""json":["# : #""text":"[["#))
        let replay = try CassetteTransport(path: path, apiBase: Self.base, live: nil, secrets: [])
        #expect(try await replay.send(HTTPRequest(url: url)) == deep)
    }

    @Test func aRequestTheCassetteLacksIsNamed() async throws {
        let scratch = try Scratch()
        let path = scratch.file("c.json")
        _ = try await Self.record(path, [Self.base + "/photos/random?count=1"])
        let replay = try CassetteTransport(path: path, apiBase: Self.base, live: nil, secrets: [])
        let url = Self.base + "/photos/random?count=5"
        await #expect(
            throws: HTTPFailure(.notInCassette, "the cassette \(path) has no answer for GET \(url): delete it to record it again")
        ) {
            try await replay.send(HTTPRequest(url: url))
        }
    }

    @Test func theQuerysOrderDoesNotMatter() async throws {
        let scratch = try Scratch()
        let path = scratch.file("c.json")
        let recorded = Self.base + "/photos/random?count=3&orientation=landscape&topics=a,b"
        _ = try await Self.record(path, [recorded], network: FakeNetwork([recorded: [Self.photos]]))
        let replay = try CassetteTransport(path: path, apiBase: Self.base, live: nil, secrets: [])
        let reordered = Self.base + "/photos/random?topics=a,b&count=3&orientation=landscape"
        #expect(try await replay.send(HTTPRequest(url: reordered)) == Self.photos)
        // Another value is another request.
        let other = Self.base + "/photos/random?count=3&orientation=portrait&topics=a,b"
        await #expect(throws: HTTPFailure.self) { try await replay.send(HTTPRequest(url: other)) }
        #expect(CassetteTransport.key("GET", "http://h/p?b=2&a=1") == CassetteTransport.key("GET", "http://h/p?a=1&b=2"))
        #expect(CassetteTransport.key("GET", "http://h/p?a=1") != CassetteTransport.key("GET", "http://h/q?a=1"))
        #expect(CassetteTransport.key("GET", "http://h/p") != CassetteTransport.key("HEAD", "http://h/p"))
    }

    @Test func repeatedRequestsReplayInOrderAndNoMoreThanRecorded() async throws {
        let scratch = try Scratch()
        let path = scratch.file("c.json")
        let url = Self.base + "/photos/random?count=1"
        let first = Self.json(#"[{"id":"first"}]"#, remaining: 49), second = Self.json(#"[{"id":"second"}]"#, remaining: 48)
        let live = try await Self.record(path, [url, url], network: FakeNetwork([url: [first, second]]))
        #expect(live == [first, second])
        let replay = try CassetteTransport(path: path, apiBase: Self.base, live: nil, secrets: [])
        #expect(try await replay.send(HTTPRequest(url: url)) == first)
        #expect(try await replay.send(HTTPRequest(url: url)) == second)
        await #expect(
            throws: HTTPFailure(
                .notInCassette, "the cassette \(path) has no answer for GET \(url) a 3rd time (it holds 2): delete it to record it again")
        ) {
            try await replay.send(HTTPRequest(url: url))
        }
    }

    /// A session that showed a failure (a time-out here) replays it: the failure is recorded as such.
    @Test func aFailureWhileRecordingIsPassedOnAndReplays() async throws {
        let scratch = try Scratch()
        let path = scratch.file("c.json")
        let url = Self.base + "/photos/random?count=1"
        let cassette = try CassetteTransport(
            path: path, apiBase: Self.base, live: FakeNetwork(failing: url, with: HTTPFailure(.timedOut, "too slow")), secrets: [Self.key])
        await #expect(throws: HTTPFailure(.timedOut, "too slow")) { try await cassette.send(HTTPRequest(url: url)) }
        let text = try #require(FileManager.default.contents(atPath: path)).map { Character(Unicode.Scalar($0)) }
        #expect(String(text).contains(#""failure":{"#) && String(text).contains(#""kind":"timed-out""#))
        let replay = try CassetteTransport(path: path, apiBase: Self.base, live: nil, secrets: [])
        await #expect(throws: HTTPFailure(.timedOut, "too slow")) { try await replay.send(HTTPRequest(url: url)) }
    }

    @Test func aFailureOfAnUnknownKindIsDamage() async throws {
        let scratch = try Scratch()
        let path = scratch.file("c.json")
        let text =
            #"{"photorepl_cassette": 1, "api": "x", "interactions": [{"request": {"method": "GET", "url": "u"}, "response": {"failure": {"kind": "gremlins", "message": "m"}}}]}"#
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        #expect(
            throws: HTTPFailure(
                .cassette, "the cassette \(path) is damaged: interaction 1 has a failure without a known kind and a message")
        ) {
            try CassetteTransport(path: path, apiBase: "x", live: nil, secrets: [])
        }
    }

    @Test func noCassetteAndNoRecordingOnCI() throws {
        let scratch = try Scratch()
        let path = scratch.file("missing.json")
        let failure = Self.cassetteFailure { () throws(HTTPFailure) in
            _ = try CassetteTransport(path: path, apiBase: Self.base, live: nil, secrets: [Self.key])
        }
        #expect(
            failure
                == HTTPFailure(
                    .cassette,
                    "the cassette \(path) does not exist, and a new one is not recorded when CI is set: record it on a developer's machine")
        )
        #expect(scratch.listing().isEmpty)
    }

    // MARK: - Damaged files

    static let damaged: [(name: String, text: String, problem: String)] = [
        ("not JSON", "this is not JSON\n", "is not valid JSON: unexpected 'h' at line 1, column 2 (expected 'true')"),
        ("empty", "", "is not valid JSON: "),
        ("another format", #"{"interactions": []}"#, "is damaged: it is not a cassette of version 1"),
        (
            "version 2", #"{"cassette": 2, "api": "x", "interactions": []}"#,
            "is damaged: it is not a cassette of version 1"
        ),
        ("no api", #"{"photorepl_cassette": 1, "interactions": []}"#, #"is damaged: it names no API ("api")"#),
        ("no interactions", #"{"photorepl_cassette": 1, "api": "x"}"#, #"is damaged: it has no "interactions" list"#),
        (
            "no url",
            #"{"photorepl_cassette": 1, "api": "x", "interactions": [{"request": {"method": "GET"}, "response": {"status": 200}}]}"#,
            "is damaged: interaction 1 lacks its request's method and URL or its response's status"
        ),
        (
            "no status",
            #"{"photorepl_cassette": 1, "api": "x", "interactions": [{"request": {"method": "GET", "url": "u"}, "response": {}}]}"#,
            "is damaged: interaction 1 lacks its request's method and URL or its response's status"
        ),
        (
            "status 999",
            #"{"photorepl_cassette": 1, "api": "x", "interactions": [{"request": {"method": "GET", "url": "u"}, "response": {"status": 200}}, {"request": {"method": "GET", "url": "u"}, "response": {"status": 999}}]}"#,
            "is damaged: interaction 2 lacks its request's method and URL or its response's status"
        ),
        (
            "bad header",
            #"{"photorepl_cassette": 1, "api": "x", "interactions": [{"request": {"method": "GET", "url": "u"}, "response": {"status": 200, "headers": [["Content-Type"]]}}]}"#,
            "is damaged: interaction 1 has a header that is not [name, value]"
        ),
        (
            "body outside",
            #"{"photorepl_cassette": 1, "api": "x", "interactions": [{"request": {"method": "GET", "url": "u"}, "response": {"status": 200, "file": "c.bodies/../../etc/passwd"}}]}"#,
            "is damaged: interaction 1 names a body file outside the cassette's folder: c.bodies/../../etc/passwd"
        ),
        (
            "body dot-dot",
            #"{"photorepl_cassette": 1, "api": "x", "interactions": [{"request": {"method": "GET", "url": "u"}, "response": {"status": 200, "file": "../secret.jpg"}}]}"#,
            "is damaged: interaction 1 names a body file outside the cassette's folder: ../secret.jpg"
        ),
        (
            "body absolute",
            #"{"photorepl_cassette": 1, "api": "x", "interactions": [{"request": {"method": "GET", "url": "u"}, "response": {"status": 200, "file": "/etc/passwd"}}]}"#,
            "is damaged: interaction 1 names a body file outside the cassette's folder: /etc/passwd"
        ),
        (
            "body missing",
            #"{"photorepl_cassette": 1, "api": "x", "interactions": [{"request": {"method": "GET", "url": "u"}, "response": {"status": 200, "file": "c.bodies/nothing.jpg"}}]}"#,
            "is damaged: interaction 1's body file c.bodies/nothing.jpg cannot be read (No such file or directory)"
        )
    ]

    @Test(arguments: damaged.indices)
    func aDamagedCassetteIsRefusedWithItsReason(index: Int) throws {
        let (name, text, problem) = Self.damaged[index]
        let scratch = try Scratch()
        let path = scratch.file("c.json")
        try scratch.write("c.json", text)
        let failure = Self.cassetteFailure { () throws(HTTPFailure) in
            _ = try CassetteTransport(path: path, apiBase: Self.base, live: FakeNetwork([:]), secrets: [])
        }
        #expect(failure?.kind == .cassette, "\(name)")
        #expect(failure?.message.hasPrefix("the cassette \(path) \(problem)") == true, "\(name): \(failure?.message ?? "no failure")")
    }

    @Test func aBodyFileThatDoesNotHoldWhatItsNameSaysIsRefused() async throws {
        let scratch = try Scratch()
        let path = scratch.file("c.json")
        let url = "https://images.example.test/photo.jpg?w=400"
        _ = try await Self.record(path, [url])
        let name = "c.bodies/" + SHA256.hex(Self.jpeg) + ".jpg"
        #expect(scratch.listing() == ["c.bodies", name, "c.json"])
        // One byte changed.
        var bytes = Self.jpeg
        bytes[bytes.count / 2] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: scratch.file(name)))
        let failure = Self.cassetteFailure { () throws(HTTPFailure) in
            _ = try CassetteTransport(path: path, apiBase: Self.base, live: nil, secrets: [])
        }
        #expect(
            failure
                == HTTPFailure(
                    .cassette,
                    "the cassette \(path) is damaged: the body file \(name) does not hold what its name says (its SHA-256 differs)"))
    }

    @Test func aFolderIsNotACassette() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.file("c.json"), withIntermediateDirectories: false)
        let failure = Self.cassetteFailure { () throws(HTTPFailure) in
            _ = try CassetteTransport(path: scratch.file("c.json"), apiBase: Self.base, live: FakeNetwork([:]), secrets: [])
        }
        #expect(failure == HTTPFailure(.cassette, "cannot read the cassette \(scratch.file("c.json")): not a regular file"))
    }

    // MARK: - What is written, and how

    @Test func filesAreCreatedForTheOwnerOnly() async throws {
        let scratch = try Scratch()
        let old = umask(0o022)
        defer { umask(old) }
        _ = try await Self.record(
            scratch.file("c.json"), [Self.base + "/photos/random?count=1", "https://images.example.test/photo.jpg?w=400"])
        func mode(_ name: String) -> mode_t {
            var info = stat()
            return stat(scratch.file(name), &info) == 0 ? info.st_mode & 0o7777 : 0
        }
        let body = "c.bodies/" + SHA256.hex(Self.jpeg) + ".jpg"
        #expect(scratch.listing() == ["c.bodies", body, "c.json"])  // no temporary file left behind
        #expect(mode("c.json") == 0o600)
        #expect(mode(body) == 0o600)
        #expect(mode("c.bodies") == 0o700)
    }

    @Test func jsonInlineImagesBesideByTheirHashAndNoAuthorization() async throws {
        let scratch = try Scratch()
        let path = scratch.file("c.json")
        // No secret scan: nothing of a request's headers is stored anyway.
        _ = try await Self.record(path, Self.answers.keys.sorted(), secrets: [])
        let text = try scratch.read("c.json")
        let document = try JSON.parse(text)
        #expect(document["cassette"]?.int == 1 && document["photorepl_cassette"] == nil)
        #expect(document["api"]?.string == Self.base)
        let interactions = try #require(document["interactions"]?.array)
        #expect(interactions.count == 4)
        #expect(interactions.map { $0["request"]?.object?.map(\.0) ?? [] } == Array(repeating: ["method", "url"], count: 4))
        let byURL = Dictionary(uniqueKeysWithValues: interactions.map { ($0["request"]?["url"]?.string ?? "", $0["response"]) })
        // JSON inline, as JSON (readable, an exchange a line).
        #expect(text.contains(#""json":["#))
        #expect(byURL[Self.base + "/photos/random?count=1"]??["json"] == (try JSON.parse(Self.photos.body)))
        // Text as text.
        #expect(byURL[Self.base + "/photos/limited"]??["text"]?.string == "Rate Limit Exceeded")
        // An empty body: neither.
        let empty = byURL[Self.base + "/photos/abc/download?ixid=x"]??.object?.map(\.0)
        #expect(empty == ["status", "headers"])
        // Images beside, named by their SHA-256, the bytes exactly.
        let name = SHA256.hex(Self.jpeg) + ".jpg"
        #expect(byURL["https://images.example.test/photo.jpg?w=400"]??["file"]?.string == "c.bodies/" + name)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: scratch.file("c.bodies/" + name)))) == Self.jpeg)
        // Nothing of the requests' headers.
        #expect(!text.contains("Authorization"))
        #expect(!text.contains("Client-ID"))
        #expect(!text.contains(Self.key))
        #expect(!text.contains("Accept-Version"))
    }

    @Test func oneImageTwiceIsOneFile() async throws {
        let scratch = try Scratch()
        let url = "https://images.example.test/photo.jpg?w=400"
        _ = try await Self.record(scratch.file("c.json"), [url, url, url])
        #expect(scratch.listing() == ["c.bodies", "c.bodies/" + SHA256.hex(Self.jpeg) + ".jpg", "c.json"])
        let replay = try CassetteTransport(path: scratch.file("c.json"), apiBase: Self.base, live: nil, secrets: [])
        for _ in 0..<3 { #expect(try await replay.send(HTTPRequest(url: url)) == Self.image) }
    }

    @Test func otherBinaryTypes() async throws {
        let scratch = try Scratch()
        let png = HTTPResponse(
            status: 200, headers: [HTTPHeader("Content-Type", "image/png")], body: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00])
        let blob = HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "application/octet-stream")], body: [0x00, 0xFF, 0xFE])
        _ = try await Self.record(
            scratch.file("c"), [Self.base + "/a.png", Self.base + "/blob"],
            network: FakeNetwork([Self.base + "/a.png": [png], Self.base + "/blob": [blob]]))
        // Without ".json", the bodies' folder is FILE.bodies.
        #expect(
            scratch.listing()
                == ["c", "c.bodies", "c.bodies/" + SHA256.hex(blob.body) + ".bin", "c.bodies/" + SHA256.hex(png.body) + ".png"].sorted())
        let replay = try CassetteTransport(path: scratch.file("c"), apiBase: Self.base, live: nil, secrets: [])
        #expect(try await replay.send(HTTPRequest(url: Self.base + "/a.png")) == png)
        #expect(try await replay.send(HTTPRequest(url: Self.base + "/blob")) == blob)
    }

    static let leaks: [(String, HTTPResponse)] = [
        ("a JSON body", json(#"{"echo": "Client-ID \#(key)"}"#)),
        ("a text body", HTTPResponse(status: 401, headers: [HTTPHeader("Content-Type", "text/plain")], body: Array("bad key \(key)".utf8))),
        (
            "an image",
            HTTPResponse(
                status: 200, headers: [HTTPHeader("Content-Type", "image/jpeg")],
                body: [0xFF, 0xD8, 0xFF, 0x00] + Array(key.utf8) + [0xFF, 0xD9])
        ),
        ("a header", HTTPResponse(status: 200, headers: [HTTPHeader("X-Echo", key)], body: []))
    ]

    @Test(arguments: leaks.indices)
    func theKeyInAnAnswerRefusesTheWriteAndLeavesNoFile(index: Int) async throws {
        let (where_, leaky) = Self.leaks[index]
        let scratch = try Scratch()
        let path = scratch.file("c.json")
        let url = Self.base + "/leak"
        let cassette = try CassetteTransport(path: path, apiBase: Self.base, live: FakeNetwork([url: [leaky]]), secrets: [Self.key])
        await #expect(throws: HTTPFailure(.cassette, "refusing to write the cassette \(path): the access key would be in it"), "\(where_)")
        {
            try await cassette.send(HTTPRequest(url: url, headers: Self.headers))
        }
        #expect(scratch.listing().isEmpty, "\(where_)")
    }

    @Test func aLaterLeakLeavesTheEarlierCassetteAsItWas() async throws {
        let scratch = try Scratch()
        let path = scratch.file("c.json")
        let good = Self.base + "/photos/random?count=1", leak = Self.base + "/leak"
        let cassette = try CassetteTransport(
            path: path, apiBase: Self.base,
            live: FakeNetwork([good: [Self.photos], leak: [Self.leaks[1].1]]), secrets: [Self.key])
        _ = try await cassette.send(HTTPRequest(url: good, headers: Self.headers))
        let before = try scratch.read("c.json")
        await #expect(throws: HTTPFailure.self) { try await cassette.send(HTTPRequest(url: leak, headers: Self.headers)) }
        #expect(try scratch.read("c.json") == before)
        #expect(scratch.listing() == ["c.json"])
    }

    // MARK: - SHA-256

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        )
    ])
    func sha256OfTheStandardVectors(text: String, digest: String) {
        #expect(SHA256.hex(Array(text.utf8)) == digest)
    }

    @Test func sha256OfAMillionAs() {
        #expect(
            SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Lengths around the padding's edges (a block is 64 bytes; the length takes the last 8).
    @Test(arguments: [
        (55, "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"),
        (56, "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e"),
        (63, "75220b47218278e656f2013bb8f0c455a25eaf01e86c64924e9d48d89776d6f2"),
        (64, "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c"),
        (65, "9537c5fdf120482f7d58d25e9ed583f52c02b4e304ea814db1633ad565aed7e9"),
        (119, "000b48d4edf0fa7bee3c6236ecd2785baa5db4eeb8bb54341b029e0d9fa5fb0c"),
        (120, "13f05a0b594787f5ecd315edc96141bd3243203d1b7d4f0836f37308b276ba98")
    ])
    func sha256AtThePaddingsEdges(length: Int, digest: String) {
        #expect(SHA256.hex([UInt8](repeating: UInt8(ascii: "x"), count: length)) == digest)
    }

    @Test func sha256OfEveryByteValue() {
        #expect(SHA256.hex((0...255).map { UInt8($0) }) == "40aff2e9d2d8922e47afd4648e6967497158785fbd1da870e7110266bf944880")
    }
}
