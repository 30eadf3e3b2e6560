/// The currency scene's use cases: one currency, and its rates this month.
enum Currency {
    enum ShowCurrency {
        /// The currency the rates scene passed (on load, and `show`).
        struct Request {}
        struct Response { var exchangeRate: ExchangeRate }
        struct ViewModel: Equatable {
            /// `USD  United States Dollar`
            var heading: String
            /// `1 EUR = 1.0867 USD`, `1 USD = 0.9202 EUR`, `rate of 2024-06-05`
            var lines: [String]
            var hint: String
        }
    }

    enum FetchMonth {
        /// `month`: the currency's rate each day of the month of its rate, up to that day.
        struct Request {}
        struct Response {
            enum Result {
                case days([DayRate])
                case failure(RatesFailure)
            }
            var exchangeRate: ExchangeRate
            /// The first day asked for: `2024-06-01`.
            var from: String
            var result: Result
        }
        struct ViewModel: Equatable {
            /// `1 EUR in USD, 2024-06-03 to 2024-06-05:`
            var heading: String
            /// `2024-06-03  1.0854`
            var rows: [String]
            /// `change  +0.0013 (+0.12%)`, nil for fewer than two days.
            var change: String?
        }
    }
}
