import Networking

/// One page of `GET /search/repositories` (the seed's `Search.FetchRepositories.Response`).
struct RepositoriesPage: Equatable, Sendable {
    /// `total_count`: how many repositories match, of which GitHub serves the first 1,000.
    var totalCount: Int
    /// `incomplete_results`: the search timed out on GitHub's side, and some matches may be missing.
    var incompleteResults: Bool
    var items: [Repository]
}

/// GitHub's search rate limit as its last answer said it (`X-RateLimit-Limit`, `-Remaining`).
struct RateLimit: Equatable, Sendable {
    var limit: Int
    var remaining: Int
}

/// What a search brought back: a page or why there is none, and the rate limit when the answer
/// gave it (a refused connection gives none).
struct SearchAnswer: Equatable, Sendable {
    var result: Result<RepositoriesPage, SearchFailure>
    var rateLimit: RateLimit?
}

/// Why a search has no page, as GitHub says it.
enum SearchFailure: Error, Equatable {
    /// 403 or 429 with the rate limit used up: when it resets (`X-RateLimit-Reset`, seconds since
    /// 1970), or how long to wait (`Retry-After`, seconds: the secondary limit).
    case rateLimited(resetsAt: Int?, retryAfter: Int?)
    /// 422: GitHub's message, and the first error's (`"message"` of `errors`).
    case invalid(String)
    /// Any other status, with GitHub's message when it sent one.
    case status(Int, String?)
    /// No answer: a refused connection, a time-out, a cassette with no answer.
    case unreachable(String)
    /// An answer that is not the search's JSON.
    case malformed(String)
}

/// What the search's interactor asks of its worker (the seed's `fetchRepositories(text:completion:)`,
/// awaited): GitHub's worker in the app, a stub in the tests.
protocol SearchWorking: Sendable {
    /// Page `page` of the repositories matching `query`, or why there is none. Throws only when the
    /// task is cancelled (Ctrl-C) before an answer came.
    func fetchRepositories(query: String, page: Int) async throws(CancellationError) -> SearchAnswer
}

/// The worker: asks GitHub through whatever transport the composition root gave it, the network or
/// a cassette.
struct GitHubSearchWorker: SearchWorking {
    static let defaultBase = "https://api.github.com"
    /// Results a page: a screenful (GitHub's default is 30); the 1,000-result cap is then page 100.
    static let perPage = 10

    let base: String
    let transport: HTTPTransport
    /// `GITHUB_TOKEN`, sent as `Authorization: Bearer …` only (never stored, never printed).
    let token: String?

    func fetchRepositories(query: String, page: Int) async throws(CancellationError) -> SearchAnswer {
        let response: HTTPResponse
        do {
            response = try await transport.send(request(query: query, page: page))
        } catch let failure as HTTPFailure {
            return SearchAnswer(result: .failure(.unreachable(failure.message)), rateLimit: nil)
        } catch {
            // A transport throws `HTTPFailure`, or `CancellationError` when cancelled (Ctrl-C).
            throw CancellationError()
        }
        return SearchAnswer(result: Self.page(of: response, page: page), rateLimit: Self.rateLimit(of: response))
    }

    private func request(query: String, page: Int) -> HTTPRequest {
        let url = "\(base)/search/repositories?q=\(URLParts.queryValue(query))&page=\(page)&per_page=\(Self.perPage)"
        var headers = [HTTPHeader("Accept", "application/vnd.github+json"), HTTPHeader("X-GitHub-Api-Version", "2022-11-28")]
        if let token { headers.append(HTTPHeader("Authorization", "Bearer \(token)")) }
        return HTTPRequest(url: url, headers: headers)
    }

    /// The rate limit an answer states, when it states both numbers as numbers.
    static func rateLimit(of response: HTTPResponse) -> RateLimit? {
        guard let limit = response.header("X-RateLimit-Limit").flatMap({ number($0, atMost: Int(Int32.max)) }),
              let remaining = response.header("X-RateLimit-Remaining").flatMap({ number($0, atMost: Int(Int32.max)) })
        else { return nil }
        return RateLimit(limit: limit, remaining: remaining)
    }

    /// Page `page` of the results, as `response` gives it, or why not.
    static func page(of response: HTTPResponse, page: Int) -> Result<RepositoriesPage, SearchFailure> {
        let json: JSONValue?
        do {
            json = try JSON.parse(response.body)
        } catch {
            // Held to a parse's budget: 16 MB of `[0,0,…]` took 436 MB to read before.
            if error.isTooLarge { return .failure(.malformed("it holds \(error.message)")) }
            json = nil
        }
        // A used-up limit is a 403 (the primary limit) or a 429 (the secondary one); a 403 without
        // either header is another refusal, worded with GitHub's message below. Their numbers are
        // checked as any server's: a wait of -5 seconds or of 2^63-1 is no wait to show.
        if response.status == 403 || response.status == 429,
           response.header("X-RateLimit-Remaining") == "0" || response.header("Retry-After") != nil {
            return .failure(.rateLimited(resetsAt: response.header("X-RateLimit-Reset").flatMap { number($0, atMost: Int(UInt32.max)) },
                                         retryAfter: response.header("Retry-After").flatMap { number($0, atMost: 86_400) }))
        }
        switch response.status {
        case 200:
            guard let json, let items = json["items"]?.array else { return .failure(.malformed("the answer has no list of items")) }
            let repositories = items.compactMap(Repository.init)
            // Never fewer than the rows shown on this page and those before it: a total of -5 (or
            // none) above three rows said "No repositories match".
            let shown = (page - 1) * perPage + repositories.count
            return .success(RepositoriesPage(
                totalCount: max(shown, json["total_count"]?.count ?? 0),
                incompleteResults: json["incomplete_results"]?.bool ?? false,
                items: repositories))
        case 422:
            let detail = json?["errors"]?[0]?["message"]?.string
            return .failure(.invalid(detail ?? json?["message"]?.string ?? "Validation Failed"))
        default:
            return .failure(.status(response.status, json?["message"]?.string))
        }
    }

    /// A header's whole number 0…`atMost`, else nil: a server's "-5" or "9223372036854775807" is no
    /// number to show (as photorepl's `UnsplashAPI.count`).
    static func number(_ text: String, atMost: Int) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(text), value <= atMost else { return nil }
        return value
    }
}
