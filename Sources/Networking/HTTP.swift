import SystemCalls

/// One header of a request or a response.
public struct HTTPHeader: Equatable, Sendable {
    /// The header's name, as sent or received (compare it ignoring case).
    public var name: String
    /// The header's value, without the blanks around it.
    public var value: String

    /// A header `name: value`.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// A GET request, the only kind the transports send (an API read, a download).
public struct HTTPRequest: Equatable, Sendable {
    /// The HTTP method: always `GET`, the only one the transports send.
    public var method = "GET"
    /// The absolute URL asked for, its query already percent-encoded (`URLParts.queryValue(_:)`).
    public var url: String
    /// Sent, never stored: an `Authorization` header carries the access key.
    public var headers: [HTTPHeader]

    /// A `GET` of `url` with `headers`.
    public init(url: String, headers: [HTTPHeader] = []) {
        self.url = url
        self.headers = headers
    }
}

/// An answer to a request: its status, headers and body, whatever the status.
public struct HTTPResponse: Equatable, Sendable {
    /// The HTTP status code (200, 404…) of the last answer, after any redirects.
    public var status: Int
    /// The answer's headers, in the order the server sent them.
    public var headers: [HTTPHeader]
    /// Empty for a download's 200 answer, whose body went to its file.
    public var body: [UInt8]
    /// For a download, how many bytes of the body were written to its file.
    public var bytesWritten = 0

    /// An answer with `status`, `headers` and `body` (a test's, or one read back from a cassette).
    public init(status: Int, headers: [HTTPHeader], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first header of that name, whatever its case.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// Header lines as a server sends them (`Name: value`, CRLF-separated), status line first.
    public static func headers(fromBlock block: String) -> [HTTPHeader] {
        var headers: [HTTPHeader] = []
        // "\r\n" is one Character in Swift: split on newlines of any kind.
        for line in block.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline).dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingBlanks
            let value = line[line.index(after: colon)...].trimmingBlanks
            if !name.isEmpty { headers.append(HTTPHeader(String(name), String(value))) }
        }
        return headers
    }
}

extension Substring {
    var trimmingBlanks: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}

/// Why a request got no answer, in words a user can act on.
public struct HTTPFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure it was: what a worker words differently, and what a cassette records.
    public enum Kind: Equatable, Sendable {
        /// The server refused the connection.
        case refused
        /// The host's name did not resolve.
        case unresolved
        /// No answer came within the time allowed.
        case timedOut
        /// The answer's body was larger than allowed.
        case tooLarge
        /// The connection closed before the answer's end.
        case cutShort
        /// The request was redirected more times than allowed.
        case tooManyRedirects
        /// The TLS connection failed (a certificate not trusted, say).
        case tls
        /// libcurl could not be loaded.
        case unavailable
        /// Any other failure; its message says which.
        case other
        /// The request, or a redirect, was for a host the policy does not allow.
        case hostNotAllowed
        /// The answer is not HTTP that can be read (HTTP/0.9, a Content-Length that is no number).
        case malformed
        /// A replayed cassette has no answer for the request.
        case notInCassette
        /// The cassette cannot be read or written.
        case cassette
        /// A download's body could not be written to its file (the message is the system's reason).
        case fileWrite
    }

    /// What kind of failure it was.
    public var kind: Kind
    /// What happened, in words a user can act on, on one line.
    public var message: String
    /// The host the failure was at, when it is not the request's own (a redirect's).
    public var host: String?

    /// `message` is kept on one line (`ServerText.oneLine`): it may be a server's words or a
    /// cassette's, and a line feed in it would print a forged prompt line.
    public init(_ kind: Kind, _ message: String, host: String? = nil) {
        self.kind = kind
        self.message = ServerText.oneLine(message)
        self.host = host
    }

    public var description: String { message }
}

/// What sends requests: the network (libcurl), or a cassette that records or replays them. Injected
/// at the composition root; workers never know which.
public protocol HTTPTransport: Sendable {
    /// The answer, whatever its status. Throws `HTTPFailure` when there is none, `CancellationError`
    /// when cancelled (Ctrl-C).
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// A transport that writes a download's body to its file as it arrives rather than keeping it
/// (libcurl's, and a transport in front of one): `HTTPTransport.download` asks it to.
package protocol StreamingDownloads: HTTPTransport {
    /// What `download` does, the body streamed to `file`.
    func downloadStreaming(_ request: HTTPRequest, into file: Int32, maxBytes: Int) async throws -> HTTPResponse
}

extension HTTPTransport {
    /// As `send`, but a 200 answer's body, up to `maxBytes`, is written to the open file `file` (a
    /// descriptor the caller owns and closes) rather than returned: a photo being saved may be larger
    /// than any answer kept in memory. Any other answer's body is kept, as `send` keeps it. A
    /// `StreamingDownloads` transport writes the body as it arrives; any other (a cassette, a test's)
    /// is asked for the answer, whose body is then written. Package-only: the file is a raw
    /// descriptor, which an app's code never hands around (a photo viewer's `save` writes through
    /// SafeFiles' `ReplacingFile`).
    package func download(_ request: HTTPRequest, into file: Int32, maxBytes: Int) async throws -> HTTPResponse {
        if let streaming = self as? any StreamingDownloads {
            return try await streaming.downloadStreaming(request, into: file, maxBytes: maxBytes)
        }
        var response = try await send(request)
        guard response.status == 200 else { return response }
        guard response.body.count <= maxBytes else { throw HTTPFailure(.tooLarge, "the answer is larger than \(maxBytes) bytes") }
        var offset = 0
        while offset < response.body.count {
            let n = response.body.withUnsafeBytes { LibC.write(file, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw HTTPFailure(.fileWrite, n == 0 ? "nothing was written" : String(cString: strerror(errno))) }
            offset += n
        }
        response.bytesWritten = response.body.count
        response.body = []
        return response
    }
}

/// Text a server or a cassette sent, to be shown in a message.
public enum ServerText {
    /// `text` on one line: a line feed shown as `^J`, Unicode's line and paragraph separators as
    /// `<U+2028>` and `<U+2029>`, as the Console shows the other control characters (the engine's
    /// `TerminalText.oneLine`, which this module cannot see): a recorded failure's
    /// `"boom\nphotos> FORGED"` printed a forged prompt line. Everything else is left to the
    /// Console's sanitizer.
    public static func oneLine(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0xE2 }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "^J"
            case 0x2028: out += "<U+2028>"
            case 0x2029: out += "<U+2029>"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
