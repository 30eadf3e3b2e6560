/// The search scene's use cases, as the seed names them.
enum Search {
    enum FetchRepositories {
        /// `search QUERY` (page 1), `next` and `prev` (the page after or before), `page N`.
        struct Request {
            enum Page { case first(query: String), next, previous, number(String) }
            var page: Page
        }

        struct Response: Equatable {
            enum Result: Equatable {
                /// A page shown: its repositories, and where it is among all of them.
                case page(query: String, page: Int, items: [Repository], totalCount: Int, incompleteResults: Bool)
                case failure(Problem)
            }
            var result: Result
        }

        enum Problem: Equatable {
            case emptyQuery
            case noSearchYet
            case firstPage
            /// `page N` with N no page of the results: pages are 1…`pageCount`.
            case noSuchPage(String, pageCount: Int)
            /// No page after this one: all `shown` of `totalCount` were listed, or GitHub's cap.
            case lastPage(totalCount: Int, capped: Bool)
            case search(SearchFailure)
        }

        struct ViewModel: Equatable {
            /// `Found 1,234 repositories for "swift repl" (page 1 of 42):`
            var headline: String
            /// `  1. apple/swift  ★ 67,000  C++  The Swift Programming Language`
            var rows: [String]
            /// The incomplete-results warning, the cap, how to go on.
            var notes: [String]
        }
    }

    enum ShowRepositories {
        /// The page shown, again: the scene appears again (back from a repository).
        struct Request {}
    }

    enum SelectRepository {
        /// `open N`, N as typed.
        struct Request { var position: String }
    }
}
