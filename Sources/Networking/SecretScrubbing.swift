/// A transport whose answers never hold a secret: every occurrence of one (the access key) in an
/// answer's body, its headers or a failure's message is replaced by its name (`[UNSPLASH_ACCESS_KEY]`)
/// before anything above it sees it. A server that echoes the key in a 401's body (`The access token
/// is invalid: KEY`) had it printed, written into `--transcript` and refused by the cassette; now
/// whatever is shown, kept or recorded from an answer is without it.
///
/// A secret shorter than 8 bytes is not looked for: it cannot be told from ordinary text (every `k`
/// of every answer would go), and no real key or token is that short.
public struct ScrubbingTransport: HTTPTransport, StreamingDownloads {
    /// A secret to take out of answers, and the name shown in its place.
    public struct Secret: Sendable {
        /// The secret itself (an access key, a token).
        public var value: String
        /// What stands in its place, e.g. `[UNSPLASH_ACCESS_KEY]`.
        public var shownAs: String

        /// The secret `value`, shown as `shownAs`.
        public init(_ value: String, shownAs: String) {
            self.value = value
            self.shownAs = shownAs
        }
    }

    /// The shortest secret looked for, in bytes: a shorter one is ignored.
    public static let shortest = 8

    let inner: HTTPTransport
    let secrets: [Secret]

    /// A transport in front of `inner` that replaces each of `secrets` (those of `shortest` bytes or
    /// more) by its name in every answer and failure.
    public init(_ inner: HTTPTransport, secrets: [Secret]) {
        self.inner = inner
        self.secrets = secrets.filter { $0.value.utf8.count >= Self.shortest }
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        do {
            return scrubbed(try await inner.send(request))
        } catch let failure as HTTPFailure {
            throw scrubbed(failure)
        }
    }

    /// A 200's body went to the file, as it came (a photo saved is the server's bytes); everything
    /// else is scrubbed as `send` scrubs it.
    package func downloadStreaming(_ request: HTTPRequest, into file: Int32, maxBytes: Int) async throws -> HTTPResponse {
        do {
            return scrubbed(try await inner.download(request, into: file, maxBytes: maxBytes))
        } catch let failure as HTTPFailure {
            throw scrubbed(failure)
        }
    }

    func scrubbed(_ response: HTTPResponse) -> HTTPResponse {
        guard !secrets.isEmpty else { return response }
        var response = response
        for secret in secrets {
            let value = Array(secret.value.utf8), shown = Array(secret.shownAs.utf8)
            response.body = Self.replacing(value, with: shown, in: response.body)
            for k in response.headers.indices {
                response.headers[k].name = String(
                    decoding: Self.replacing(value, with: shown, in: Array(response.headers[k].name.utf8)), as: UTF8.self)
                response.headers[k].value = String(
                    decoding: Self.replacing(value, with: shown, in: Array(response.headers[k].value.utf8)), as: UTF8.self)
            }
        }
        return response
    }

    func scrubbed(_ failure: HTTPFailure) -> HTTPFailure {
        var failure = failure
        for secret in secrets {
            let value = Array(secret.value.utf8), shown = Array(secret.shownAs.utf8)
            failure.message = String(decoding: Self.replacing(value, with: shown, in: Array(failure.message.utf8)), as: UTF8.self)
            failure.host = failure.host.map { String(decoding: Self.replacing(value, with: shown, in: Array($0.utf8)), as: UTF8.self) }
        }
        return failure
    }

    /// `bytes` with every occurrence of `pattern` replaced by `replacement`; the same array, not a
    /// copy, when there is none (nearly always).
    static func replacing(_ pattern: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        guard let first = pattern.first, bytes.count >= pattern.count else { return bytes }
        var out: [UInt8]?
        var copied = 0  // bytes before this were copied to `out`
        var i = 0
        while i <= bytes.count - pattern.count {
            if bytes[i] == first && bytes[i..<(i + pattern.count)].elementsEqual(pattern) {
                if out == nil {
                    out = []
                    out!.reserveCapacity(bytes.count)
                }
                out!.append(contentsOf: bytes[copied..<i])
                out!.append(contentsOf: replacement)
                i += pattern.count
                copied = i
            } else {
                i += 1
            }
        }
        guard var out else { return bytes }
        out.append(contentsOf: bytes[copied...])
        return out
    }
}
