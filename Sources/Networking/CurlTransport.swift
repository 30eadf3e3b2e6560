import CCurl
import SystemCalls

/// Requests over the network with libcurl, loaded at the first request (see CCurl). HTTPS with the
/// system's certificates, `https_proxy`/`no_proxy` as libcurl reads them, at most five redirects
/// (http and https only, each checked against `hostPolicy` before it is followed), bodies capped,
/// and Ctrl-C ending a transfer at once.
public struct CurlTransport: HTTPTransport, StreamingDownloads {
    /// How long a connection may take to be made (at most 10 seconds).
    public var connectTimeout: Duration
    /// How long a whole request may take, redirects and body included.
    public var totalTimeout: Duration
    /// The largest body kept in memory: a larger answer fails with `.tooLarge`.
    public var maxBodyBytes: Int
    /// How many redirects are followed before the request fails with `.tooManyRedirects`.
    public var maxRedirects = 5
    /// Where requests may go; nil: anywhere (tests of the transport itself).
    public var hostPolicy: HostPolicy?

    /// Whether a connection may go to a loopback, private or link-local address, whatever name led
    /// there: when the policy allows them (the API is itself at one), when there is no policy, and
    /// through a proxy from the environment (which may well be on this machine, and resolves names
    /// itself).
    var allowsLocalAddresses: Bool {
        guard let hostPolicy, !hostPolicy.allowsLocalAddresses else { return true }
        return Self.proxyVariables.contains { name in getenv(name).map { $0.pointee != 0 } ?? false }
    }

    /// The variables libcurl takes a proxy from (it reads `http_proxy` in lower case only).
    static let proxyVariables = ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"]

    /// A transport whose requests take at most `timeout` (connecting at most 10 seconds of it) and
    /// whose answers' bodies are at most `maxBodyBytes`; no host policy until one is set. Each request
    /// says it comes from `userAgent` (nil: the program's file name), unless it names itself.
    public init(timeout: Duration = .seconds(15), maxBodyBytes: Int = 16 << 20, userAgent: String? = nil) {
        connectTimeout = min(timeout, .seconds(10))
        totalTimeout = timeout
        self.maxBodyBytes = maxBodyBytes
        self.userAgent = userAgent ?? Self.programName
    }

    /// What each request's `User-Agent` says, unless the request has one of its own.
    public var userAgent: String

    /// The running program's file name (`photorepl` for `/usr/bin/photorepl`).
    static var programName: String {
        let path = CommandLine.arguments.first ?? ""
        return path.split(separator: "/").last.map(String.init) ?? "curl"
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await perform(request, settings: self, into: -1)
    }

    /// The body of a 200 answer goes to `file` as it arrives (libcurl's write callback), never all
    /// in memory; a failed write ends the transfer (`.fileWrite`, the system's reason).
    package func downloadStreaming(_ request: HTTPRequest, into file: Int32, maxBytes: Int) async throws -> HTTPResponse {
        var settings = self
        settings.maxBodyBytes = maxBytes
        return try await perform(request, settings: settings, into: file)
    }

    private func perform(_ request: HTTPRequest, settings: CurlTransport, into file: Int32) async throws -> HTTPResponse {
        guard request.method == "GET" else { throw HTTPFailure(.other, "only GET requests are supported") }
        let transfer = Transfer()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, Error>) in
                // libcurl blocks: a thread of its own for each transfer. Not Swift's cooperative pool,
                // and not Dispatch's, which on Linux adds a thread only about once a second while its
                // threads are blocked (8 stalled transfers measured taking up to 4.9 s instead of 2).
                Self.detachThread {
                    continuation.resume(with: transfer.run(request, settings, into: file))
                }
            }
        } onCancel: {
            transfer.cancel()
        }
    }

    /// Runs `body` on a new detached thread.
    private static func detachThread(_ body: @escaping @Sendable () -> Void) {
        // No thread to be had: run it here rather than never.
        if !startDetachedThread(body) { body() }
    }

    /// One libcurl transfer, cancellable from any thread.
    private final class Transfer: @unchecked Sendable {
        // Owned here, freed once; http_transfer_cancel is safe from any thread.
        private let handle = http_transfer_new()

        deinit { http_transfer_free(handle) }

        func cancel() {
            if let handle { http_transfer_cancel(handle) }
        }

        /// The request, and the redirects it gets, each checked against the policy first.
        func run(_ request: HTTPRequest, _ settings: CurlTransport, into file: Int32) -> Result<HTTPResponse, Error> {
            var url = request.url
            for hop in 0...settings.maxRedirects {
                if let policy = settings.hostPolicy, let refusal = policy.refusal(of: url) {
                    let host = URLParts.host(of: url)
                    return .failure(
                        HTTPFailure(
                            .hostNotAllowed, hop == 0 ? refusal : "a redirect went to \(url.prefix { $0 != "?" }): \(refusal)", host: host))
                }
                let result = runOnce(
                    HTTPRequest(url: url, headers: hop == 0 ? request.headers : Self.headersForRedirect(request, to: url)), settings,
                    into: file)
                guard case .success(let response) = result, [301, 302, 303, 307, 308].contains(response.status),
                    let location = response.header("Location")
                else {
                    // A failure after a redirect is the redirect's host's.
                    if hop > 0, case .failure(var failure as HTTPFailure) = result {
                        failure.host = failure.host ?? URLParts.host(of: url)
                        return .failure(failure)
                    }
                    return result
                }
                url = URLParts.resolve(location, against: url)
            }
            return .failure(HTTPFailure(.tooManyRedirects, "more than \(settings.maxRedirects) redirects"))
        }

        /// The API key goes to the API's own server only: a redirect elsewhere drops Authorization.
        private static func headersForRedirect(_ request: HTTPRequest, to url: String) -> [HTTPHeader] {
            guard URLParts.host(of: url) != URLParts.host(of: request.url) else { return request.headers }
            return request.headers.filter { $0.name.lowercased() != "authorization" }
        }

        private func runOnce(_ request: HTTPRequest, _ settings: CurlTransport, into file: Int32) -> Result<HTTPResponse, Error> {
            guard let handle else { return .failure(HTTPFailure(.other, "out of memory")) }
            var lines = request.headers.map { "\($0.name): \($0.value)" }
            if !request.headers.contains(where: { $0.name.lowercased() == "user-agent" }) {
                // A line break in it would begin a header of its own.
                lines.append("User-Agent: " + settings.userAgent.filter { !($0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false) })
            }
            var pointers = lines.map { strdup($0) }
            defer { pointers.forEach { free($0) } }
            let outcome = pointers.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { headers in
                    http_transfer_get(
                        handle, request.url, headers.baseAddress, headers.count,
                        Self.milliseconds(settings.connectTimeout), Self.milliseconds(settings.totalTimeout),
                        0, settings.maxBodyBytes, file, settings.allowsLocalAddresses ? 1 : 0)
                }
            }
            let message = String(cString: http_transfer_message(handle))
            switch outcome {
            case HTTP_TRANSFER_OK:
                var length = 0
                let body = http_transfer_body(handle, &length).map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
                var headerLength = 0
                let block =
                    http_transfer_headers(handle, &headerLength).map {
                        String(decoding: UnsafeRawBufferPointer(start: $0, count: headerLength), as: UTF8.self)
                    } ?? ""
                var response = HTTPResponse(
                    status: http_transfer_status(handle), headers: HTTPResponse.headers(fromBlock: block), body: body)
                response.bytesWritten = http_transfer_written(handle)
                return .success(response)
            case HTTP_TRANSFER_CANCELLED: return .failure(CancellationError())
            case HTTP_TRANSFER_REFUSED: return .failure(HTTPFailure(.refused, message))
            case HTTP_TRANSFER_UNRESOLVED: return .failure(HTTPFailure(.unresolved, message))
            case HTTP_TRANSFER_TIMED_OUT: return .failure(HTTPFailure(.timedOut, message))
            case HTTP_TRANSFER_TOO_LARGE: return .failure(HTTPFailure(.tooLarge, message))
            case HTTP_TRANSFER_CUT_SHORT: return .failure(HTTPFailure(.cutShort, message))
            case HTTP_TRANSFER_TOO_MANY_REDIRECTS: return .failure(HTTPFailure(.tooManyRedirects, message))
            case HTTP_TRANSFER_TLS: return .failure(HTTPFailure(.tls, message))
            case HTTP_TRANSFER_UNAVAILABLE: return .failure(HTTPFailure(.unavailable, message))
            case HTTP_TRANSFER_MALFORMED: return .failure(HTTPFailure(.malformed, Self.malformation(message)))
            case HTTP_TRANSFER_LOCAL_ADDRESS:
                let host = URLParts.host(of: request.url) ?? request.url
                return .failure(
                    HTTPFailure(
                        .hostNotAllowed,
                        "\(host) resolves to \(message), a local or private address, refused unless the API itself is at one", host: host))
            case HTTP_TRANSFER_WRITE_FAILED: return .failure(HTTPFailure(.fileWrite, message))
            default: return .failure(HTTPFailure(.other, message))
            }
        }

        /// libcurl's words for an answer that is not HTTP, as what happened.
        static func malformation(_ message: String) -> String {
            if message.contains("HTTP/0.9") { return "it answered without an HTTP status line" }
            if message.contains("Content-Length") { return "its Content-Length is not a number" }
            return message
        }

        private static func milliseconds(_ duration: Duration) -> Int {
            let (seconds, attoseconds) = duration.components
            return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
        }
    }
}
