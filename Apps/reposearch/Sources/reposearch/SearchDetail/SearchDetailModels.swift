/// The detail scene's use case: show the repository the search passed.
enum SearchDetail {
    enum ShowRepository {
        struct Response { var repository: Repository }
        struct ViewModel {
            /// `apple/swift`
            var heading: String
            /// `("stars", "67,000")`, in the order shown.
            var fields: [(label: String, value: String)]
        }
    }
}
