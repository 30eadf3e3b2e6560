// One file for two test targets: Tests/PhotoreplTests/TestServer.swift is a symbolic link to this
// file (a test target cannot import another, and SwiftPM compiles a linked file into each target).
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Scripts/unsplash-test-server as a child process on an ephemeral port of 127.0.0.1: each test (or
/// suite) starts its own, so tests run in parallel without sharing modes, logs or rate limits. The
/// server is killed by `stop()` or when the last reference goes; keep it alive while requests are
/// in flight (`defer { server.stop() }` does).
final class TestServer: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// One request as the server logged it (control requests `/__…` are not logged).
    struct LoggedRequest: Sendable, CustomStringConvertible {
        let method: String
        let path: String
        let query: String
        let headers: [String: String]

        /// A header's value, whatever the case of its name.
        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }

        var isImage: Bool { path.hasPrefix("/images/") }
        var description: String { "\(method) \(path)\(query.isEmpty ? "" : "?" + query)" }
    }

    /// The package root (Scripts/, Examples/), three levels above this file.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The access key the server accepts (`Authorization: Client-ID KEY`).
    let key: String
    let port: Int
    /// `http://127.0.0.1:PORT`, without a trailing slash: what UNSPLASH_API_URL takes.
    let baseURL: String
    private let process: Process
    private let lock = NSLock()
    private var stopped = false

    init(key: String = "test-key") throws {
        self.key = key
        process = Process()
        process.executableURL = Self.packageRoot.appendingPathComponent("Scripts/unsplash-test-server")
        process.arguments = ["--port", "0", "--key", key]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The first line says where it listens. Generous wait (not a performance claim): only so that
        // a server that never starts fails the test instead of hanging it.
        let line: String
        do {
            line = try Self.firstLine(of: output.fileHandleForReading.fileDescriptor, within: 60_000)
        } catch {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw error
        }
        let prefix = "listening on http://127.0.0.1:"
        guard line.hasPrefix(prefix), let port = Int(line.dropFirst(prefix.count)) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw Failure("unsplash-test-server said \(line.debugDescription), not \"\(prefix)PORT\"")
        }
        self.port = port
        baseURL = "http://127.0.0.1:\(port)"
    }

    deinit { stop() }

    /// Kills the server and waits for it: afterwards its port refuses connections. Harmless when
    /// called again. SIGKILL, not SIGTERM: a child inherits the test runner's signal mask, which
    /// blocks most signals, and the server has nothing to save.
    func stop() {
        lock.lock()
        let first = !stopped
        stopped = true
        lock.unlock()
        guard first else { return }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    // MARK: - Control

    /// The next `times` API requests (or image requests, for the image modes) fail as `mode`
    /// (-1: until `reset`); `extra` adds fields to the body, e.g. `["delay": 30]` for `slow`.
    func setMode(_ mode: String, times: Int = 1, extra: [String: Any] = [:]) throws {
        var body: [String: Any] = ["mode": mode, "times": times]
        for (name, value) in extra { body[name] = value }
        let data = try JSONSerialization.data(withJSONObject: body)
        let (status, answer) = try control("POST", "/__mode", body: Array(data))
        guard status == 200 else { throw Failure("POST /__mode \(mode): HTTP \(status) \(String(decoding: answer, as: UTF8.self))") }
    }

    /// Clears the log, the mode, the rate limit and the random sequence.
    func reset() throws {
        let (status, _) = try control("POST", "/__reset")
        guard status == 200 else { throw Failure("POST /__reset: HTTP \(status)") }
    }

    /// Every request since the start or the last reset, in the order they arrived.
    func log() throws -> [LoggedRequest] {
        let (status, body) = try control("GET", "/__log")
        guard status == 200,
            let root = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
            let requests = root["requests"] as? [[String: Any]]
        else { throw Failure("GET /__log: HTTP \(status) \(String(decoding: body, as: UTF8.self))") }
        return requests.map {
            LoggedRequest(
                method: $0["method"] as? String ?? "", path: $0["path"] as? String ?? "",
                query: $0["query"] as? String ?? "", headers: $0["headers"] as? [String: String] ?? [:])
        }
    }

    /// Waits until the log holds a request that `matches`, and returns it. The wait is bounded
    /// generously (60 s, not a performance claim) so that a test fails instead of hanging.
    @discardableResult
    func waitForRequest(_ what: String = "a request", matching matches: (LoggedRequest) -> Bool) throws -> LoggedRequest {
        for _ in 0..<3000 {
            if let found = try log().first(where: matches) { return found }
            usleep(20_000)
        }
        throw Failure("the server never saw \(what)")
    }

    /// `waitForRequest` for async tests: sleeps between looks instead of blocking a thread of
    /// Swift's small cooperative pool, which other tests' continuations need.
    @discardableResult
    func awaitRequest(_ what: String = "a request", matching matches: (LoggedRequest) -> Bool) async throws -> LoggedRequest {
        for _ in 0..<3000 {
            if let found = try log().first(where: matches) { return found }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw Failure("the server never saw \(what)")
    }

    // MARK: - A minimal HTTP/1.1 client for the control endpoints

    /// One request on a connection of its own (`Connection: close`), read to the end.
    private func control(_ method: String, _ path: String, body: [UInt8] = []) throws -> (Int, [UInt8]) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure("socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)  // only against a hang
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure("connect to \(baseURL): \(String(cString: strerror(errno)))") }
        let head =
            "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let request = Array(head.utf8) + body
        var sent = 0
        while sent < request.count {
            let n = request.withUnsafeBytes { send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw Failure("send to \(baseURL): \(String(cString: strerror(errno)))") }
            sent += n
        }
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw Failure("recv from \(baseURL): \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            answer += chunk[0..<n]
        }
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0...max(0, answer.count - 4)).first(where: { answer[$0..<min($0 + 4, answer.count)].elementsEqual(separator) })
        else { throw Failure("\(method) \(path): no complete answer") }
        let statusLine = String(decoding: answer[..<end], as: UTF8.self).split(separator: "\r\n").first ?? ""
        let words = statusLine.split(separator: " ")
        guard words.count >= 2, let status = Int(words[1]) else { throw Failure("\(method) \(path): status line \(statusLine)") }
        return (status, Array(answer[(end + 4)...]))
    }

    /// The first line a child writes to `fd`, waiting at most `milliseconds`.
    private static func firstLine(of fd: Int32, within milliseconds: Int32) throws -> String {
        var bytes: [UInt8] = []
        var left = milliseconds
        while !bytes.contains(0x0A) {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 100)
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 {
                left -= 100
                if left <= 0 { throw Failure("unsplash-test-server printed nothing in \(milliseconds) ms") }
                continue
            }
            var byte: UInt8 = 0
            let n = read(fd, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            guard n == 1 else { throw Failure("unsplash-test-server ended before saying where it listens (is python3 installed?)") }
            bytes.append(byte)
        }
        return String(decoding: bytes.dropLast(), as: UTF8.self)
    }
}

/// A TCP port of 127.0.0.1 that nothing listens on: bound to an ephemeral port, then closed.
func closedLocalPort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw TestServer.Failure("socket: \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
            bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
        }
    }
    guard bound else { throw TestServer.Failure("bind: \(String(cString: strerror(errno)))") }
    return Int(UInt16(bigEndian: address.sin_port))
}
