import Testing
@testable import reposearch
import REPLEngine

// The test doubles of the search scene's collaborators: a worker that answers from memory, workers
// that never answer or answer though cancelled, and spies in place of the presenter and the view.

/// `owner/NAME-N`: repository N (1-based) of a search whose query reads NAME.
func repository(_ name: String, _ number: Int, description: String? = nil, language: String? = "Swift", license: String? = "MIT License") -> Repository {
    let fullName = "owner/\(name)-\(number)"
    return Repository(
        fullName: fullName, description: description ?? "Repository number \(number)", stars: 1000 - number,
        forks: number, openIssues: 0, language: language, license: license,
        url: "https://github.com/\(fullName)", owner: "owner")
}

/// Answers every search from memory: `totals[query]` repositories (3 when not given), or the
/// failure `failures[query]`; remembers what it was asked. The rate limit counts down from 30.
actor SearchWorkerStub: SearchWorking {
    private let totals: [String: Int]
    private let failures: [String: SearchFailure]
    /// `QUERY#PAGE`, in the order asked.
    private(set) var asked: [String] = []

    init(totals: [String: Int] = [:], failures: [String: SearchFailure] = [:]) {
        self.totals = totals
        self.failures = failures
    }

    func fetchRepositories(query: String, page: Int) async throws(CancellationError) -> SearchAnswer {
        asked.append("\(query)#\(page)")
        let rateLimit = RateLimit(limit: 30, remaining: 30 - asked.count)
        if let failure = failures[query] { return SearchAnswer(result: .failure(failure), rateLimit: rateLimit) }
        let total = totals[query] ?? 3
        let first = (page - 1) * GitHubSearchWorker.perPage + 1
        let last = min(total, page * GitHubSearchWorker.perPage)
        let name = query.split(separator: " ").joined(separator: "-")
        let items = first <= last ? (first...last).map { repository(name, $0) } : []
        return SearchAnswer(result: .success(RepositoriesPage(totalCount: total, incompleteResults: false, items: items)), rateLimit: rateLimit)
    }
}

/// A request that never answers: it waits until cancelled (Ctrl-C), then throws.
struct StalledWorker: SearchWorking {
    func fetchRepositories(query: String, page: Int) async throws(CancellationError) -> SearchAnswer {
        do {
            try await Task.sleep(for: .seconds(3600))
        } catch {
            throw CancellationError()
        }
        Issue.record("the stalled request was not cancelled")
        return SearchAnswer(result: .failure(.unreachable("stalled")), rateLimit: nil)
    }
}

/// Presenter spy: what the interactor asked it to present.
@MainActor
final class SearchPresenterSpy: SearchPresentationLogic {
    private(set) var fetched: [Search.FetchRepositories.Response] = []
    private(set) var selectionFailures: [SelectionProblem] = []
    private(set) var selectedCount = 0

    func presentFetchedRepositories(response: Search.FetchRepositories.Response) { fetched.append(response) }
    func presentSelectionFailure(_ problem: SelectionProblem) { selectionFailures.append(problem) }
    func presentSelectedRepository() { selectedCount += 1 }
}

/// View spy: what the presenter had the view show.
@MainActor
final class SearchDisplaySpy: SearchDisplayLogic {
    private(set) var pages: [Search.FetchRepositories.ViewModel] = []
    private(set) var failures: [String] = []
    private(set) var selectedCount = 0

    func displayRepositories(viewModel: Search.FetchRepositories.ViewModel) { pages.append(viewModel) }
    func displayFailure(_ message: String) { failures.append(message) }
    func displaySelectedRepository() { selectedCount += 1 }
}

/// The detail's view spy.
@MainActor
final class SearchDetailDisplaySpy: SearchDetailDisplayLogic {
    private(set) var shown: [SearchDetail.ShowRepository.ViewModel] = []
    func displayRepository(viewModel: SearchDetail.ShowRepository.ViewModel) { shown.append(viewModel) }
}

/// A search's DataStore as a router reads it.
@MainActor
final class SearchDataStoreStub: SearchDataStore {
    var query: String?
    var page = 0
    var repositories: [Repository] = []
    var totalCount = 0
    var selectedRepository: Repository?
    var rateLimit: RateLimit?
}

/// The package's folder (`Apps/reposearch`), for its transcripts and cassettes.
let packageFolder: String = {
    var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/reposearchTests/TestDoubles.swift
    return parts.joined(separator: "/")
}()

/// The text of the file at `path` ("" and an issue recorded when it cannot be read).
func contents(of path: String) -> String {
    guard let file = fopen(path, "r") else {
        Issue.record("cannot open \(path)")
        return ""
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}
