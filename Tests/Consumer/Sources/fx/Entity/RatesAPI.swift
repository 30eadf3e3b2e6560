import Networking

/// The rates server (Frankfurter's API, https://www.frankfurter.app/docs/): a GET of a path, its
/// JSON answer, every failure worded as a `RatesFailure`. Both scenes' workers ask through it; it
/// never knows whether the transport is the network or a cassette.
struct RatesAPI: Sendable {
    static let defaultBase = "https://api.frankfurter.app"

    let base: String
    let transport: HTTPTransport

    /// The JSON answer to `GET base + path`. Throws `RatesFailure`, or `CancellationError` when the
    /// command was cancelled (Ctrl-C): that is no failure to show, and goes up to the engine.
    func get(_ path: String) async throws -> JSONValue {
        let response: HTTPResponse
        do {
            response = try await transport.send(HTTPRequest(url: base + path, headers: [HTTPHeader("Accept", "application/json")]))
        } catch let failure as HTTPFailure {
            throw RatesFailure.unreachable(failure.message)
        }
        let answer = try? JSON.parse(response.body)
        guard response.status == 200 else {
            throw RatesFailure.status(response.status, answer?["message"]?.string.map(ServerText.oneLine))
        }
        guard let answer else { throw RatesFailure.malformed("it is not JSON") }
        return answer
    }
}
