import Networking

/// A repository as GitHub's search answers it (the seed's `Repository`), only what the scenes show.
/// Every text is as GitHub sent it: the presenters put it on one line, and the Console sanitizes it.
struct Repository: Equatable, Sendable {
    var fullName: String
    var description: String?
    var stars: Int
    var forks: Int
    var openIssues: Int
    var language: String?
    /// The licence's name (`MIT License`), nil when GitHub knows none.
    var license: String?
    var url: String
    var owner: String

    /// One item of `items`, or nil when it lacks what every repository has (its name, its URL).
    init?(_ json: JSONValue) {
        guard let fullName = json["full_name"]?.string, let url = json["html_url"]?.string else { return nil }
        self.fullName = fullName
        self.url = url
        description = json["description"]?.string
        // Counts 0…2,147,483,647 (`JSONValue.count`), else 0: no negative or absurd number is shown.
        stars = json["stargazers_count"]?.count ?? 0
        forks = json["forks_count"]?.count ?? 0
        openIssues = json["open_issues_count"]?.count ?? 0
        language = json["language"]?.string
        license = json["license"]?["name"]?.string
        owner = json["owner"]?["login"]?.string ?? String(fullName.prefix { $0 != "/" })
    }

    init(fullName: String, description: String?, stars: Int, forks: Int, openIssues: Int, language: String?, license: String?, url: String, owner: String) {
        self.fullName = fullName
        self.description = description
        self.stars = stars
        self.forks = forks
        self.openIssues = openIssues
        self.language = language
        self.license = license
        self.url = url
        self.owner = owner
    }
}
