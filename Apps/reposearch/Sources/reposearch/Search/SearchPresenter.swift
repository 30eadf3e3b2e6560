import REPLEngine

enum SelectionProblem: Equatable {
    case nothingListed
    case notListed(String, first: Int, last: Int)
}

@MainActor
protocol SearchPresentationLogic: AnyObject {
    func presentFetchedRepositories(response: Search.FetchRepositories.Response) throws(CommandError)
    func presentSelectionFailure(_ problem: SelectionProblem) throws(CommandError)
    func presentSelectedRepository() throws(CommandError)
}

/// P (Presenter) of the search: a page of repositories as numbered rows, and every failure in words
/// that say what to do next.
final class SearchPresenter: SearchPresentationLogic {
    /// Not owned: the view owns the interactor that owns this presenter.
    weak var view: SearchDisplayLogic?

    func presentFetchedRepositories(response: Search.FetchRepositories.Response) throws(CommandError) {
        switch response.result {
        case .page(let query, let page, let items, let totalCount, let incomplete):
            view?.displayRepositories(viewModel: Self.viewModel(query: query, page: page, items: items, totalCount: totalCount, incomplete: incomplete))
        case .failure(let problem):
            try view?.displayFailure(Self.message(problem))
        }
    }

    func presentSelectionFailure(_ problem: SelectionProblem) throws(CommandError) {
        switch problem {
        case .nothingListed:
            try view?.displayFailure("nothing is listed yet: type 'search QUERY' first (e.g. 'search swift repl')")
        case .notListed(let typed, let first, let last):
            let shown = TerminalText.truncate(typed, toWidth: 40)
            try view?.displayFailure("there is no repository \(shown) on this page: it lists \(first)…\(last) (type e.g. 'open \(first)')")
        }
    }

    func presentSelectedRepository() throws(CommandError) {
        try view?.displaySelectedRepository()
    }

    static func viewModel(query: String, page: Int, items: [Repository], totalCount: Int, incomplete: Bool) -> Search.FetchRepositories.ViewModel {
        let reachable = min(totalCount, GitHubSearchWorker.resultCap)
        let pages = max(1, (reachable + GitHubSearchWorker.perPage - 1) / GitHubSearchWorker.perPage)
        let what = "\"\(TerminalText.truncate(TerminalText.singleLine(query), toWidth: 60))\""
        let headline = totalCount == 0
            ? "No repositories match \(what)."
            : "Found \(grouped(totalCount)) \(totalCount == 1 ? "repository" : "repositories") for \(what) (page \(page) of \(pages)):"
        let first = (page - 1) * GitHubSearchWorker.perPage + 1
        let width = String(first + max(0, items.count - 1)).count
        let rows = items.enumerated().map { offset, repository in
            let number = String(first + offset)
            var row = String(repeating: " ", count: width - number.count) + number + ". " + TerminalText.oneLine(repository.fullName)
            row += "  ★ " + grouped(repository.stars)
            if let language = repository.language.map(TerminalText.singleLine), !language.isEmpty { row += "  " + language }
            if let description = repository.description.map(TerminalText.singleLine), !description.isEmpty {
                row += "  " + TerminalText.truncate(description, toWidth: 60)
            }
            return row
        }
        var notes: [String] = []
        if incomplete { notes.append("GitHub's search timed out before it looked at everything: some matches may be missing (try a narrower query).") }
        if totalCount > GitHubSearchWorker.resultCap && page == pages {
            notes.append("GitHub serves only the first \(grouped(GitHubSearchWorker.resultCap)) results of a search: narrow the query to see the rest.")
        } else if page < pages {
            notes.append("Type 'next' for page \(page + 1), 'open N' for a repository.")
        } else if !items.isEmpty {
            notes.append("Type 'open N' for a repository.")
        }
        return .init(headline: headline, rows: rows, notes: notes)
    }

    static func message(_ problem: Search.FetchRepositories.Problem) -> String {
        switch problem {
        case .emptyQuery:
            return "search needs some words: type e.g. 'search swift repl' or 'search language:swift stars:>1000'"
        case .noSearchYet:
            return "there is no search to page through yet: type 'search QUERY' first"
        case .firstPage:
            return "this is the first page already (type 'next' for the one after it)"
        case .noSuchPage(let typed, let pageCount):
            return "there is no page \(TerminalText.truncate(typed, toWidth: 40)): pages are 1…\(pageCount) (type e.g. 'page \(pageCount)')"
        case .lastPage(let totalCount, let capped):
            return capped
                ? "GitHub serves only the first \(grouped(GitHubSearchWorker.resultCap)) of the \(grouped(totalCount)) results: narrow the query to see others"
                : "this is the last page: all \(grouped(totalCount)) are listed (type 'prev' to go back)"
        case .search(let failure):
            return "search failed: " + reason(failure)
        }
    }

    static func reason(_ failure: SearchFailure) -> String {
        switch failure {
        case .rateLimited(let resetsAt, let retryAfter):
            if let retryAfter {
                return "GitHub asks to slow down: try again in \(retryAfter) second\(retryAfter == 1 ? "" : "s") (the page shown is kept)"
            }
            let when = resetsAt.map { "after \(clock($0)) UTC, when GitHub's limit resets" } ?? "in an hour, when GitHub's limit resets"
            return "GitHub's rate limit is used up: try again \(when); set GITHUB_TOKEN for a higher limit (the page shown is kept)"
        case .invalid(let message):
            return "GitHub cannot search for that: \(TerminalText.truncate(TerminalText.singleLine(message), toWidth: 120)) (type e.g. 'search swift repl')"
        case .status(let status, let message):
            let said = message.map { ": " + TerminalText.truncate(TerminalText.singleLine($0), toWidth: 120) } ?? ""
            return "GitHub answered \(status)\(said) (the page shown is kept)"
        case .unreachable(let message):
            return "\(message) (the page shown is kept; type the command again to retry)"
        case .malformed(let message):
            return "GitHub's answer cannot be read: \(message)"
        }
    }

    /// `14:03` for a time given as seconds since 1970, in UTC.
    static func clock(_ seconds: Int) -> String {
        let ofDay = ((seconds % 86_400) + 86_400) % 86_400
        let hours = ofDay / 3600, minutes = ofDay % 3600 / 60
        return (hours < 10 ? "0" : "") + String(hours) + ":" + (minutes < 10 ? "0" : "") + String(minutes)
    }

    /// 1234 → `1,234` (counts from GitHub, never negative: the worker clamps them).
    static func grouped(_ number: Int) -> String {
        if number < 1000 { return String(number) }
        let last = number % 1000
        return grouped(number / 1000) + (last < 10 ? ",00" : last < 100 ? ",0" : ",") + String(last)
    }
}
