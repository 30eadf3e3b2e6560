import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// photorepl fed a script through a pipe, a few lines at a time: a test can change the server
/// between two commands of one session (the collection lives only as long as the process).
final class PipedSession {
    private let process = Process()
    private let input = Pipe()
    private let scratch: URL
    private let outURL: URL, errURL: URL

    init(_ arguments: [String], environment: [String: String]) throws {
        signal(SIGPIPE, SIG_IGN)  // a write to a photorepl that already left fails, and does not kill the tests
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-piped-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        outURL = scratch.appendingPathComponent("out")
        errURL = scratch.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.executableURL = Binary.executable
        process.arguments = arguments
        process.currentDirectoryURL = Binary.packageRoot
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: scratch)
    }

    func send(_ text: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
    }

    /// Ends the input and waits for photorepl to exit. The wait is bounded generously (120 s, not a
    /// performance claim) so that a hang fails the test instead of stalling the run.
    func finish() throws -> Binary.Result {
        try? input.fileHandleForWriting.close()
        for _ in 0..<12_000 where process.isRunning { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("photorepl did not exit within 120 s of the end of its input")
        }
        process.waitUntilExit()
        return Binary.Result(
            status: process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        )
    }
}

/// A fresh folder, removed at the end.
final class TemporaryFolder {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-unsplash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func file(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Every regular file below the folder, with its bytes.
    func allFiles() -> [(String, Data)] {
        let names = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
        return names.compactMap { name in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file(name), isDirectory: &isFolder), !isFolder.boolValue else { return nil }
            return (name, FileManager.default.contents(atPath: file(name)) ?? Data())
        }
    }
}

/// Whole sessions of `--source unsplash` through the binary, against Scripts/unsplash-test-server:
/// browsing, pictures, saving, every failure of a fetch, cassettes, and the key never written.
@Suite struct UnsplashTests {
    /// Distinctive, so that finding it anywhere cannot be a coincidence.
    static let key = "KEY-b7f1c2d9-do-not-leak"
    static let options = ["--source", "unsplash", "--preview", "ascii", "--preview-size", "20x6"]
    static let keepsPhotos = " (the photos shown before are kept)"
    /// A failed first fetch has no photos to keep, and says what to do instead.
    static let keptNothing = " (nothing was fetched: type 'fetch' to try again)"

    /// The environment of a session: the key, the server, CI unset (empty) and no proxy in the way.
    static func environment(_ server: TestServer?, key: String = key, ci: String = "") -> [String: String] {
        var env = [
            "UNSPLASH_ACCESS_KEY": key, "UNSPLASH_API_URL": server?.baseURL ?? "", "CI": ci, "NO_PROXY": "127.0.0.1,localhost",
            "no_proxy": "127.0.0.1,localhost"
        ]
        for name in ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] { env[name] = "" }
        return env
    }

    static func stateLines(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").filter { $0.hasPrefix("{\"stack\"") }.map(String.init)
    }

    /// Whether `text` matches `pattern`, where `*` stands for a run of digits (libcurl's counts).
    static func matches(_ text: String, _ pattern: String) -> Bool {
        let parts = pattern.components(separatedBy: "*")
        var rest = Substring(text)
        guard rest.hasPrefix(parts[0]) else { return false }
        rest = rest.dropFirst(parts[0].count)
        for part in parts.dropFirst() {
            let digits = rest.prefix { $0.isNumber }
            guard !digits.isEmpty else { return false }
            rest = rest.dropFirst(digits.count)
            guard rest.hasPrefix(part) else { return false }
            rest = rest.dropFirst(part.count)
        }
        return rest.isEmpty
    }

    /// 6732 → "6,732", as photorepl writes byte counts.
    static func grouped(_ n: Int) -> String {
        var digits = String(n), out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits.removeLast(3)
        }
        return digits + out
    }

    static func bytes(of photo: String) throws -> Data {
        // The server's rule: ids starting A…M get rotated.jpg, the others sunset.jpg.
        let first = photo.first ?? "a"
        let name = first >= "A" && first <= "M" ? "rotated.jpg" : "sunset.jpg"
        return try Data(contentsOf: Binary.packageRoot.appendingPathComponent("Examples/photos/" + name))
    }

    /// Lines of ASCII art (the `ascii` preview's characters) right after `command`'s prompt line.
    static func pictureLines(after command: String, in stdout: String) -> [String] {
        let lines = stdout.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: command) else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.isEmpty && $0.allSatisfy { " .:-=+*#%@".contains($0) } })
    }

    static func assertNoKey(_ texts: [(String, String)], sourceLocation: SourceLocation = #_sourceLocation) {
        for (name, text) in texts {
            #expect(!text.contains(key), "the key is in \(name)", sourceLocation: sourceLocation)
        }
    }

    // MARK: - Browsing

    @Test func fetchPageOpenMoveBackSaveAndState() throws {
        let server = try TestServer(key: Self.key)
        defer { server.stop() }
        let folder = try TemporaryFolder()
        let target = folder.file("kayaks.jpg")
        let script = try Binary.script(
            """
            count 3
            fetch
            next
            open 2
            move 3
            back
            state --json
            open 1
            save \(target)
            back
            state
            """)
        let result = try Binary.run(
            ["run", "--allow-writes", FileManager.default.temporaryDirectory.path] + Self.options + [script],
            environment: Self.environment(server))
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let out = result.stdout
        // A fresh server answers the same sequence: these three photos, in this order.
        #expect(
            out.contains(
                "photos> fetch\nFetched 3 photos.\n▸ 1  qhefDGeuKaS  Kayaks on a turquoise lake        Yuna Nakamura       ♥ 27\n"
                    + "  2  AhR0V7ywHCK  orange tabby cat lying near win…  Tomás Park          ♥ 69\n"
                    + "  3  32wo9AI8OGh  Waves Breaking On A Black Sand …  Anna García         ♥ 30\n● ○ ○  1/3\n"))
        // Pictures drawn from the downloaded JPEG: the page's and the detail's.
        let page = Self.pictureLines(after: "photos> next", in: out)
        let detail = Self.pictureLines(after: "photos> open 2", in: out)
        #expect((3...6).contains(page.count), "\(out)")
        #expect((3...6).contains(detail.count), "\(out)")
        #expect(page.allSatisfy { $0.count <= 20 } && detail.allSatisfy { $0.count <= 20 })
        // Attribution as the API guidelines ask.
        #expect(
            out.contains(
                """
                  credit       Photo by Tomás Park on Unsplash
                               https://unsplash.com/@tomas_park?utm_source=photorepl&utm_medium=referral
                               https://unsplash.com/?utm_source=photorepl&utm_medium=referral
                """))
        #expect(out.contains("photos/detail 3> back\nMoved photo 2 to position 3.\n"))
        #expect(
            Self.stateLines(out) == [
                #"{"stack":["collection"],"count":3,"photos":["qhefDGeuKaS","32wo9AI8OGh","AhR0V7ywHCK"],"page":3,"source":"unsplash","layout":"list","ratelimit":{"limit":50,"remaining":49}}"#
            ])
        #expect(out.contains("  source: unsplash\n  layout: list\n  ratelimit: limit 50, remaining "))
        // Saved: the full image's bytes.
        let expected = try Self.bytes(of: "qhefDGeuKaS")
        #expect(out.contains("photos/detail 1> save \(target)\nSaved photo 1 to \(target) (\(Self.grouped(expected.count)) bytes).\n"))
        #expect(FileManager.default.contents(atPath: target) == expected)
        #expect(folder.allFiles().map(\.0) == ["kayaks.jpg"])  // no temporary file left beside it

        // The key went to the API only: the random photos and the download report; never to the images.
        let log = try server.log()
        let api = log.filter { !$0.isImage }
        #expect(api.map(\.path) == ["/photos/random", "/photos/qhefDGeuKaS/download"])
        #expect(api.allSatisfy { $0.header("Authorization") == "Client-ID \(Self.key)" && $0.header("Accept-Version") == "v1" })
        #expect(api.last?.query.hasPrefix("ixid=") == true)
        let images = log.filter(\.isImage)
        #expect(images.count >= 3)  // two previews and the full image
        #expect(images.allSatisfy { $0.header("Authorization") == nil })
        // The full image (no width) was downloaded, before the download was reported.
        let full = try #require(log.firstIndex { $0.path == "/images/qhefDGeuKaS.jpg" && !$0.query.contains("w=") })
        let report = try #require(log.firstIndex { $0.path == "/photos/qhefDGeuKaS/download" })
        #expect(full < report)
        Self.assertNoKey([("stdout", result.stdout), ("stderr", result.stderr)])
    }

    @Test func saveWithoutAPathNeverOverwritesWithoutForce() throws {
        let server = try TestServer(key: Self.key)
        defer { server.stop() }
        let folder = try TemporaryFolder()
        let script = try Binary.script("count 1\nfetch\nopen 1\nsave\nsave\nsave --force\n")
        let result = try Binary.run(
            ["run", "--keep-going"] + Self.options + [script], environment: Self.environment(server), directory: folder.url)
        #expect(result.status == 1)
        let size = Self.grouped(try Self.bytes(of: "qhefDGeuKaS").count)
        #expect(
            result.stdout.contains(
                """
                photos/detail 1> save
                Saved photo 1 to qhefDGeuKaS.jpg (\(size) bytes).
                photos/detail 1> save
                error: save failed: qhefDGeuKaS.jpg exists: add --force to replace it, or give another PATH
                photos/detail 1> save --force
                error: save --force replaces a file, which a replayed script may not do (type it at the prompt)
                """), "\(result.stdout)")
        #expect(
            result.stderr == "\(script):5: error: save failed: qhefDGeuKaS.jpg exists: add --force to replace it, or give another PATH\n"
                + "\(script):6: error: save --force replaces a file, which a replayed script may not do (type it at the prompt)\nphotorepl: 2 commands failed\n"
        )
        #expect(folder.allFiles().map(\.0) == ["qhefDGeuKaS.jpg"])
        #expect(try FileManager.default.contents(atPath: folder.file("qhefDGeuKaS.jpg")) == Self.bytes(of: "qhefDGeuKaS"))
        // The refused saves downloaded nothing and reported nothing: one download, one report.
        let log = try server.log()
        #expect(log.filter { $0.path == "/photos/qhefDGeuKaS/download" }.count == 1)
        #expect(log.filter { $0.path == "/images/qhefDGeuKaS.jpg" && !$0.query.contains("w=") }.count == 1)
    }

    /// A full-size photo over 16 MB (the cap on an answer kept in memory) could not be
    /// saved. It streams to the file: 64 MB saved whole, and nothing left beside it.
    @Test func aPhotoLargerThanAnyAnswerKeptInMemoryIsSaved() throws {
        let server = try TestServer(key: Self.key)
        defer { server.stop() }
        let folder = try TemporaryFolder()
        let target = folder.file("big.jpg")
        // No pictures: the save's download is the only image asked for, the one the mode makes huge.
        try server.setMode("image-huge")
        let script = try Binary.script("count 1\nfetch\nopen 1\nsave \(target)\n")
        let result = try Binary.run(
            ["run", "--allow-writes", FileManager.default.temporaryDirectory.path, "--source", "unsplash", "--preview", "none", script],
            environment: Self.environment(server))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Saved photo 1 to \(target) (67,108,864 bytes).\n"), "\(result.stdout)")
        let saved = try #require(FileManager.default.contents(atPath: target))
        let jpeg = try Self.bytes(of: "qhefDGeuKaS")
        #expect(saved.count == 64 << 20 && saved.prefix(jpeg.count) == jpeg && saved.dropFirst(jpeg.count).allSatisfy { $0 == 0 })
        #expect(folder.allFiles().map(\.0) == ["big.jpg"])
        #expect(try server.log().filter(\.isImage).count == 1)
    }

    @Test func aFailedImageDownloadShowsTheTextAndWritesNothing() throws {
        let server = try TestServer(key: Self.key)
        defer { server.stop() }
        try server.setMode("image-404", times: -1)
        let folder = try TemporaryFolder()
        let script = try Binary.script("count 2\nfetch\nopen 1\nsave \(folder.file("x.jpg"))\n")
        let result = try Binary.run(
            ["run", "--allow-writes", FileManager.default.temporaryDirectory.path, "--keep-going"] + Self.options + [script],
            environment: Self.environment(server))
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "photos> open 1\n(picture not shown: the image host answered HTTP 404)\nPhoto 1 of 2\n  id           qhefDGeuKaS\n"))
        #expect(
            result.stdout.contains(
                "error: save failed: cannot download the photo: the image host answered HTTP 404 (nothing was written)\n"))
        #expect(folder.allFiles().isEmpty)
        // Nothing downloaded, so nothing reported.
        #expect(try !server.log().contains { $0.path.hasSuffix("/download") })
    }

    // MARK: - Every failure of a fetch

    /// Each mode of the server, and what photorepl says (HOST is the server's; `*` is a number).
    static let failures: [(mode: String, message: String)] = [
        (
            "401",
            "Unsplash refused the access key (HTTP 401: OAuth error: The access token is invalid): check UNSPLASH_ACCESS_KEY, or create an application at https://unsplash.com/oauth/applications and export its Access Key as UNSPLASH_ACCESS_KEY"
        ),
        ("403-json", "Unsplash refused the request (HTTP 403: You do not have permission)"),
        (
            "rate-limit-403",
            "Unsplash's rate limit is reached (HTTP 403): all 50 requests of this hour are used; the quota renews within the hour (Unsplash does not say when)"
        ),
        (
            "429",
            "Unsplash's rate limit is reached (HTTP 429): all 50 requests of this hour are used; the quota renews within the hour (Unsplash does not say when)"
        ),
        ("404", "Unsplash has no such resource (HTTP 404: Couldn't find Photo): is UNSPLASH_API_URL right?"),
        ("500", "Unsplash is having trouble (HTTP 500): try again in a moment"),
        ("502", "Unsplash is having trouble (HTTP 502): try again in a moment"),
        ("503", "Unsplash is having trouble (HTTP 503): try again in a moment"),
        // The server's words on one line (a line feed in them printed a forged prompt
        // line), and an answer of 300,000 values in 600 KB held to a parse's budget.
        ("403-newline", "Unsplash refused the request (HTTP 403: denied^Jphotos> FORGED)"),
        (
            "many-values",
            "Unsplash's answer is too large to read (more than 250000 values, at line 1, column 500000): try again; if it persists, the API may have changed"
        ),
        (
            "malformed-json",
            "Unsplash's answer is not valid JSON (the JSON ends too early (line 1, column 16)): try again; if it persists, the API may have changed"
        ),
        (
            "html-200",
            "Unsplash's answer is not valid JSON (unexpected '<' at line 1, column 1 (expected a value)): try again; if it persists, the API may have changed"
        ),
        ("empty-array", "Unsplash sent no photos: try again"),
        ("truncated", "the answer from HOST was cut short (transfer closed with * bytes remaining to read): try again"),
        ("huge", "the answer from HOST is too large (the answer is larger than 16777216 bytes)"),
        ("huge-chunked", "the answer from HOST is too large (the answer is larger than 16777216 bytes)"),
        ("huge-headers", "the answer from HOST is too large (Too large response headers: * > *)"),
        (
            "invalid-utf8",
            "Unsplash's answer is not valid JSON (invalid UTF-8 in a string (0xFF) at line 1, column *): try again; if it persists, the API may have changed"
        ),
        (
            "slow",
            "no answer from HOST in time (Operation timed out after * milliseconds with 0 bytes received): try again, or wait longer with --timeout SECONDS"
        ),
        (
            "drip",
            "no answer from HOST in time (Operation timed out after * milliseconds with * out of * bytes received): try again, or wait longer with --timeout SECONDS"
        ),
        ("redirect-loop", "HOST redirected too many times (more than 5 redirects)"),
        // libcurl's own words ("Out of memory", "Received HTTP/0.9 when not allowed",
        // "Invalid Content-Length: value") were the message.
        ("huge-header-line", "the answer from HOST is too large (the server's headers were too large)"),
        (
            "http09",
            "HOST did not answer in HTTP that photorepl can read (it answered without an HTTP status line): is UNSPLASH_API_URL a web API's address?"
        ),
        (
            "bad-length",
            "HOST did not answer in HTTP that photorepl can read (its Content-Length is not a number): is UNSPLASH_API_URL a web API's address?"
        ),
        // photorepl followed a 302 to the cloud's metadata service and blamed the API's host.
        (
            "redirect-metadata",
            "not requested: a redirect went to http://169.254.169.254/latest/meta-data/: 169.254.169.254 is not one of the allowed hosts (127.0.0.1)"
        ),
        ("refused", "cannot connect to HOST: the connection was refused (is the server running? is UNSPLASH_API_URL right?)")
    ]

    /// A good fetch, then the failure: an error that says what happened, and the collection as it was.
    @Test(arguments: failures.map(\.mode))
    func aFailedFetchSaysWhyAndKeepsThePhotos(mode: String) throws {
        let expected = try #require(Self.failures.first { $0.mode == mode }).message
        let server = try TestServer(key: Self.key)
        defer { server.stop() }
        let timeout = mode == "slow" || mode == "drip" ? ["--timeout", "1"] : []
        let session = try PipedSession(["run", "--keep-going"] + Self.options + timeout + ["-"], environment: Self.environment(server))
        try session.send("count 2\nfetch\nnext\nstate --json\n")
        // `next` downloads a picture: once the server sees it, the first fetch is over, and the mode
        // set now applies to the second.
        try server.waitForRequest("the picture of `next`") { $0.isImage }
        if mode == "refused" {
            server.stop()
        } else {
            try server.setMode(mode, extra: ["delay": 30])
        }
        try session.send("fetch\nstate --json\n")
        let result = try session.finish()

        let host = "127.0.0.1:\(server.port)"
        let message = "fetch failed: " + expected.replacingOccurrences(of: "HOST", with: host) + Self.keepsPhotos
        let lines = result.stdout.components(separatedBy: "\n")
        let error = try #require(lines.lastIndex(of: "photos> fetch").map { lines[$0 + 1] }, "\(result.stdout)")
        #expect(Self.matches(error, "error: " + message), "\(error)")
        let diagnostics = result.stderr.components(separatedBy: "\n")
        #expect(diagnostics.count == 3 && diagnostics[1] == "photorepl: 1 command failed" && diagnostics[2] == "", "\(result.stderr)")
        #expect(Self.matches(diagnostics[0], "<stdin>:5: error: " + message), "\(result.stderr)")
        #expect(result.status == 1)
        // The collection and its page are as they were; the rate limit is what the last answer said
        // (all used up, after a rate-limit answer; else as before, when the failing answer says nothing).
        let states = Self.stateLines(result.stdout)
        #expect(states.count == 2)
        let before =
            #"{"stack":["collection"],"count":2,"photos":["qhefDGeuKaS","AhR0V7ywHCK"],"page":2,"source":"unsplash","layout":"list","ratelimit":{"limit":50,"remaining":"#
        #expect(states.first == before + "49}}")
        // A whole answer that fails to decode still told the quota (one more request used).
        let remaining = ["rate-limit-403", "429"].contains(mode) ? "0" : mode == "invalid-utf8" ? "48" : "49"
        #expect(states.last == before + remaining + "}}", "\(mode)")
        Self.assertNoKey([("stdout", result.stdout), ("stderr", result.stderr)])
    }

    @Test func aNameThatDoesNotResolve() throws {
        let script = try Binary.script("count 2\nfetch\nstate --json\n")
        var env = Self.environment(nil)
        env["UNSPLASH_API_URL"] = "http://photorepl-no-such-host.invalid"
        let result = try Binary.run(["run", "--keep-going"] + Self.options + [script], environment: env)
        #expect(result.status == 1)
        let message =
            "fetch failed: cannot find photorepl-no-such-host.invalid: no network, or a wrong host name (Could not resolve host: photorepl-no-such-host.invalid)"
            + Self.keptNothing
        #expect(result.stdout.contains("photos> fetch\nerror: \(message)\nphotos> state --json\n"))
        #expect(result.stderr == "\(script):2: error: \(message)\nphotorepl: 1 command failed\n")
        // No photos, and no rate limit known.
        #expect(
            Self.stateLines(result.stdout) == [
                #"{"stack":["collection"],"count":2,"photos":[],"page":0,"source":"unsplash","layout":"list"}"#
            ])
    }

    /// Answers that are not failures but test the decoder and the terminal: nulls where the API sends
    /// them, and text meant to attack a terminal (escapes, bidi overrides, C1 controls).
    @Test func nullsAreShownAsMissing() throws {
        let server = try TestServer(key: Self.key)
        defer { server.stop() }
        try server.setMode("nulls")
        let result = try Binary.run(
            ["run"] + Self.options + [try Binary.script("count 2\nfetch\nopen 1\n")], environment: Self.environment(server))
        #expect(result.status == 0 && result.stderr == "")
        // No photo listed has a description: the list has no column for them.
        #expect(result.stdout.contains("▸ 1  qhefDGeuKaS  Yuna Nakamura       ♥ 27\n"))
        #expect(result.stdout.contains("  description  (no description)\n  author       Yuna Nakamura (@yunanakamura67)\n"))
    }

    @Test func hostileTextIsSanitized() throws {
        let server = try TestServer(key: Self.key)
        defer { server.stop() }
        try server.setMode("unicode")
        let result = try Binary.run(
            ["run"] + Self.options + [try Binary.script("count 2\nfetch\nopen 1\nstate\n")], environment: Self.environment(server))
        #expect(result.status == 0 && result.stderr == "")
        let forbidden: Set<UInt32> = [0x1B, 0x9B, 0x202E, 0x202C, 0x07, 0x00, 0x0D]
        #expect(!result.stdout.unicodeScalars.contains { forbidden.contains($0.value) })
        #expect(
            result.stdout.contains(
                "  description  Sunset <U+202E>gpj.exe<U+202C> ^[[31mred^[[0m ^[]52;c;aGVsbG8=^G <U+009B>2J nul^@ cr lf end\n"))
        // One line per field: the LF inside the text did not start a line of its own.
        #expect(!result.stdout.contains("\n end"))
    }

    // MARK: - Interactive

    /// Ctrl-C in a real terminal (tmux) ends a fetch the server stalls, the photos stay, and the
    /// history file written at the end holds the commands, never the key.
    @Test(.enabled(if: Terminal.isAvailable)) func ctrlCCancelsAStalledFetchAndTheHistoryHasNoKey() throws {
        let server = try TestServer(key: Self.key)
        defer { server.stop() }
        var env = Self.environment(server)
        env["NO_COLOR"] = "1"
        let terminal = try Terminal(["--source", "unsplash", "--timeout", "60"], environment: env, width: 160)
        try terminal.waitForPrompt()
        try terminal.enter("count 2")
        try terminal.enter("fetch")
        #expect(try terminal.wait(for: "Fetched 2 photos."), "\(terminal.shown)")
        try server.setMode("slow", extra: ["delay": 30])
        try terminal.enter("fetch")
        // The second request for random photos is the stalled one.
        for _ in 0..<3000 where try server.log().filter({ $0.path == "/photos/random" }).count < 2 { usleep(20_000) }
        #expect(try server.log().filter { $0.path == "/photos/random" }.count == 2)
        usleep(200_000)
        let start = ContinuousClock.now
        try terminal.press("C-c")
        #expect(try terminal.wait(for: "error: interrupted: fetch was cancelled and changed nothing\nphotos>"), "\(terminal.shown)")
        // Not a performance claim: well before the server's 30 s answer and the 60 s time-out.
        #expect(ContinuousClock.now - start < .seconds(15))
        try terminal.enter("state --json")
        #expect(
            try terminal.wait {
                $0.contains(
                    #""count":2,"photos":["qhefDGeuKaS","AhR0V7ywHCK"],"page":1,"source":"unsplash","layout":"list","ratelimit":{"limit":50,"remaining":49}}"#
                )
            }, "\(terminal.shown)")
        try terminal.enter("quit")
        #expect(try terminal.exitStatus() == 0)
        #expect(try terminal.ttyIsSane())
        let history = try String(contentsOfFile: terminal.home + "/.local/state/photorepl/history", encoding: .utf8)
        #expect(history == "_HiStOrY_V2_\ncount\\0402\nfetch\nstate\\040--json\nquit\n")
        #expect(!history.contains(Self.key))
        #expect(try !terminal.screen().contains(Self.key))
    }

    // MARK: - The key

    @Test(arguments: ["run", "interactive"])
    func withoutAKeyTheSessionDoesNotStart(how: String) throws {
        let arguments = how == "run" ? ["run"] + Self.options + [try Binary.script("fetch\n")] : Self.options
        let result = try Binary.run(arguments, stdin: Data("fetch\n".utf8), environment: Self.environment(nil, key: ""))
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "photorepl: --source unsplash needs an access key in UNSPLASH_ACCESS_KEY: create an application at https://unsplash.com/oauth/applications and export its Access Key as UNSPLASH_ACCESS_KEY (or replay a recorded session with --cassette FILE)\n"
        )
    }

    /// A 401 whose body echoes the access key had it printed and written into the
    /// `--transcript` (the docs say the key is written nowhere), and the cassette refused the
    /// exchange. Whatever an answer echoes of the key is gone before it is shown or kept.
    @Test func theKeyAnAnswerEchoesIsWrittenNowhere() throws {
        let server = try TestServer(key: Self.key)
        defer { server.stop() }
        try server.setMode("401-echo", times: -1)
        let folder = try TemporaryFolder()
        let cassette = folder.file("c.json"), transcript = folder.file("t.t")
        let result = try Binary.run(
            Self.options + ["--cassette", cassette, "--transcript", transcript], stdin: Data("count 1\nfetch\n".utf8),
            environment: Self.environment(server))
        #expect(
            result.stdout.contains(
                "error: fetch failed: Unsplash refused the access key (HTTP 401: OAuth error: The access token is invalid: Client-ID [UNSPLASH_ACCESS_KEY]): check UNSPLASH_ACCESS_KEY"
            ), "\(result.stdout)")
        for (name, text) in [
            ("stdout", result.stdout), ("stderr", result.stderr),
            ("the transcript", (try? String(contentsOfFile: transcript, encoding: .utf8)) ?? ""),
            ("the cassette", (try? String(contentsOfFile: cassette, encoding: .utf8)) ?? "")
        ] {
            #expect(!text.contains(Self.key), "the key is in \(name): \(text)")
        }
        // Recorded, without it: the exchange replays as it was shown.
        let recorded = try String(contentsOfFile: cassette, encoding: .utf8)
        #expect(recorded.contains(#"["X-Echo","Client-ID [UNSPLASH_ACCESS_KEY]"]"#), "\(recorded)")
    }

    // MARK: - Cassettes

    static let session = "count 3\nfetch\nnext\nopen 2\nmove 3\nback\nopen 1\nback\nstate --json\n"

    @Test func aRecordedSessionReplaysByteForByteWithTheServerStopped() throws {
        let server = try TestServer(key: Self.key)
        defer { server.stop() }
        let folder = try TemporaryFolder()
        let cassette = folder.file("session.json"), record = folder.file("session.txt"), transcript = folder.file("session.t")
        let recording = try Binary.run(
            Self.options + ["--cassette", cassette, "--record", record, "--transcript", transcript],
            stdin: Data(Self.session.utf8), environment: Self.environment(server))
        #expect(recording.status == 0 && recording.stderr == "")
        #expect(recording.stdout.contains("Fetched 3 photos."))
        #expect(Self.pictureLines(after: "photos> open 2", in: recording.stdout).count >= 3)
        let requests = try server.log().count
        // Recorded: the cassette, private; JSON inline; the pictures beside it.
        var info = stat()
        #expect(stat(cassette, &info) == 0 && info.st_mode & 0o777 == 0o600)
        let text = try String(contentsOfFile: cassette, encoding: .utf8)
        #expect(text.contains(#""json":["#))
        #expect(!text.contains("Authorization"))
        // An exchange a line, between the document's first and last lines.
        #expect(text.split(separator: "\n").count == requests + 2, "\(requests) requests")
        let bodies = folder.allFiles().map(\.0).filter { $0.hasPrefix("session.bodies/") }
        #expect(!bodies.isEmpty && bodies.allSatisfy { $0.hasSuffix(".jpg") })
        // The recorded script's header holds the options its replay needs, the cassette relative to
        // the script (they lie side by side); the transcript's likewise, for `test`.
        let script = try String(contentsOfFile: record, encoding: .utf8)
        #expect(
            script.hasPrefix(
                "# photorepl: --keep-going --source unsplash --preview ascii --preview-size 20x6 --cassette session.json\n# Recorded by \(Binary.version): 'photorepl run \(record)' replays it.\n"
            ), "\(script)")
        #expect(
            try String(contentsOfFile: transcript, encoding: .utf8)
                == "# photorepl: --source unsplash --preview ascii --preview-size 20x6 --cassette session.json\n" + recording.stdout)

        server.stop()
        // Replayed: no server, no key, the same bytes; on CI too, and through the recorded script.
        let replay = try Binary.run(
            Self.options + ["--cassette", cassette], stdin: Data(Self.session.utf8), environment: Self.environment(server, key: ""))
        #expect(replay.status == 0 && replay.stderr == "")
        #expect(replay.stdout == recording.stdout)
        let onCI = try Binary.run(
            Self.options + ["--cassette", cassette], stdin: Data(Self.session.utf8), environment: Self.environment(nil, key: "", ci: "1"))
        #expect(onCI.status == 0 && onCI.stderr == "")
        #expect(onCI.stdout == recording.stdout)
        // The recording and the transcript replay with no option typed, from another folder.
        let rerun = try Binary.run(
            ["run", record], environment: Self.environment(nil, key: "", ci: "1"), directory: URL(fileURLWithPath: "/"))
        #expect(rerun.status == 0 && rerun.stderr == "")
        #expect(rerun.stdout == recording.stdout)
        let checked = try Binary.run(
            ["test", transcript], environment: Self.environment(nil, key: "", ci: "1"), directory: URL(fileURLWithPath: "/"))
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        // Replaying wrote nothing: the cassette's files are as they were.
        #expect(try String(contentsOfFile: cassette, encoding: .utf8) == text)
        #expect(folder.allFiles().map(\.0).filter { $0.hasPrefix("session.bodies/") } == bodies)
        #expect(requests > 0)
    }

    @Test func recordingOnCIIsRefused() throws {
        let server = try TestServer(key: Self.key)
        defer { server.stop() }
        let folder = try TemporaryFolder()
        let cassette = folder.file("new.json")
        let result = try Binary.run(
            ["run"] + Self.options + ["--cassette", cassette, try Binary.script("fetch\n")], environment: Self.environment(server, ci: "1"))
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "photorepl: the cassette \(cassette) does not exist, and a new one is not recorded when CI is set: record it on a developer's machine\n"
        )
        #expect(folder.allFiles().isEmpty)
        #expect(try server.log().isEmpty)
    }

    @Test func aRequestTheCassetteLacksIsAnErrorThatNamesIt() throws {
        let server = try TestServer(key: Self.key)
        defer { server.stop() }
        let folder = try TemporaryFolder()
        let cassette = folder.file("c.json")
        let recording = try Binary.run(
            ["run"] + Self.options + ["--cassette", cassette, try Binary.script("count 2\nfetch\n")], environment: Self.environment(server))
        #expect(recording.status == 0)
        server.stop()
        let replay = try Binary.run(
            ["run", "--keep-going"] + Self.options + [
                "--cassette", cassette, try Binary.script("count 2\nfetch\nfetch\ncount 4\nfetch\nstate --json\n")
            ],
            environment: Self.environment(nil, key: "", ci: "1"))
        #expect(replay.status == 1)
        let url = server.baseURL
        let second =
            "fetch failed: the cassette \(cassette) has no answer for GET \(url)/photos/random?count=2 a 2nd time (it holds 1): delete it to record it again"
            + Self.keepsPhotos
        let other =
            "fetch failed: the cassette \(cassette) has no answer for GET \(url)/photos/random?count=4: delete it to record it again"
            + Self.keepsPhotos
        #expect(replay.stdout.contains("photos> fetch\nerror: \(second)\n"))
        #expect(replay.stdout.contains("photos> fetch\nerror: \(other)\n"))
        #expect(
            replay.stdout.hasSuffix(
                #"{"stack":["collection"],"count":4,"photos":["qhefDGeuKaS","AhR0V7ywHCK"],"page":1,"source":"unsplash","layout":"list","ratelimit":{"limit":50,"remaining":49}}"#
                    + "\n"))
        #expect(replay.stderr.hasSuffix("photorepl: 2 commands failed\n"))
    }

    @Test func aDamagedCassetteStopsTheSessionBeforeItStarts() throws {
        let folder = try TemporaryFolder()
        let cassette = folder.file("c.json")
        try Data("{\"photorepl_cassette\": 7}".utf8).write(to: URL(fileURLWithPath: cassette))
        let result = try Binary.run(
            ["run"] + Self.options + ["--cassette", cassette, try Binary.script("fetch\n")], environment: Self.environment(nil, key: ""))
        #expect(result.status == 66)
        #expect(result.stdout == "")
        #expect(result.stderr == "photorepl: the cassette \(cassette) is damaged: it is not a cassette of version 1\n")
    }

    /// Every byte photorepl writes in a session that uses the key, fails with it and records it.
    @Test func theKeyIsInNothingPhotoreplWrites() throws {
        let server = try TestServer(key: Self.key)
        defer { server.stop() }
        let folder = try TemporaryFolder()
        let cassette = folder.file("c.json"), record = folder.file("r.txt"), transcript = folder.file("t.txt")
        // Pictures, a save (the download report carries the key), errors and state.
        let script = "count 2\nfetch\nnext\nopen 1\nsave \(folder.file("saved.jpg"))\nback\nstate\nstate --json\nhelp\n"
        let result = try Binary.run(
            Self.options + ["--allow-writes", folder.path, "--cassette", cassette, "--record", record, "--transcript", transcript],
            stdin: Data(script.utf8), environment: Self.environment(server))
        #expect(result.status == 0 && result.stderr == "")
        #expect(try server.log().contains { $0.header("Authorization") == "Client-ID \(Self.key)" })
        // A refused key: the error names the variable, not its value.
        let refused = try Binary.run(
            ["run"] + Self.options + [try Binary.script("count 1\nfetch\n")],
            environment: Self.environment(server, key: Self.key + "-wrong"))
        #expect(refused.status == 1 && refused.stderr.contains("check UNSPLASH_ACCESS_KEY"), "\(refused)")
        var written = [
            ("stdout", result.stdout), ("stderr", result.stderr), ("refused stdout", refused.stdout), ("refused stderr", refused.stderr)
        ]
        let files = folder.allFiles()
        #expect(Set(files.map(\.0)).isSuperset(of: ["c.json", "r.txt", "t.txt", "saved.jpg"]))
        #expect(files.contains { $0.0.hasPrefix("c.bodies/") })
        for (name, data) in files { written.append((name, String(decoding: data, as: UTF8.self))) }
        Self.assertNoKey(written)
        // Nor any part of the header that carries it.
        for (name, text) in written { #expect(!text.contains("Client-ID"), "\(name)") }
    }
}
