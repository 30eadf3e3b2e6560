/// The rates scene's use cases, Clean Swift's way: a Request from the View, a Response from the
/// Interactor, a ViewModel from the Presenter.
enum Rates {
    enum FetchRates {
        /// `rates`: today's rates of the base currency.
        struct Request {}
        struct Response {
            enum Result {
                /// The rates, with the currencies' names by code.
                case table(RatesTable, names: [String: String])
                case failure(RatesFailure)
            }
            var result: Result
        }
        struct ViewModel: Equatable {
            /// `1 EUR on 2024-06-05:`
            var heading: String
            /// `1. CHF    0.9781  Swiss Franc`, numbers aligned.
            var rows: [String]
            /// What to type next, or nil when nothing is listed.
            var hint: String?
        }
    }

    enum Convert {
        /// `convert AMOUNT CUR`: AMOUNT of the base currency, in CUR.
        struct Request: Equatable {
            var amount: Int
            var currency: String
        }
        struct Response {
            enum Result {
                case converted(Conversion)
                /// The amount is not one to convert (0 or less).
                case notPositive(Int)
                case failure(RatesFailure, amount: Int, from: String, to: String)
            }
            var result: Result
        }
        struct ViewModel: Equatable {
            /// `10 EUR = 10.85 USD (rate of 2024-06-05)`
            var text: String
        }
    }

    enum SelectCurrency {
        /// `open N`: the Nth currency listed.
        struct Request: Equatable { var position: Int }
        struct Response {
            enum Result: Equatable {
                case selected
                case nothingListed
                case notListed(Int, count: Int)
            }
            var result: Result
        }
    }

    enum ShowRates {
        /// The list again, as it was last fetched (the scene appears again, back from a currency).
        struct Request {}
    }
}
