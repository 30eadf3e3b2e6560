import PhotoDomain
import REPLEngine

/// A scene that judges a photo it shows: the detail its photo, the collection its list's current one
/// (the grid's too). The commands below call it once they have checked what was typed.
@MainActor
protocol JudgingView: AnyObject {
    /// Judges the photo; `sharedToo`: a `NAME.xmp` another photo shares is written too (`--both`).
    func judge(_ change: JudgementChange, sharedToo: Bool) async throws(CommandError)
    /// Takes back the session's last judgement.
    func undoJudgement() async throws(CommandError)
}

/// `rate`, `reject`, `label`, `keyword` and `undo`, the same in every scene that judges: `photo` says
/// which photo they judge, in their summaries ("the photo", "the current photo (▸)").
@MainActor
enum JudgementCommands {
    /// The commands' names.
    static let names: Set<String> = ["rate", "reject", "label", "keyword", "undo"]

    static func commands<View: JudgingView>(judging photo: String) -> [Command<View>] {
        [
            Command(
                "rate",
                arguments: [
                    .number("N", naming: "rating", completion: .words(["0", "1", "2", "3", "4", "5"])), Argument("--both", optional: true)
                ],
                summary: "rate \(photo) 0…5 stars, kept in its XMP sidecar (the digits 0–5 on an empty line do it too)",
                example: "rate 4"
            ) { view, arguments in
                let stars = arguments.number(at: 0) ?? -1
                guard (0...5).contains(stars) else {
                    throw CommandError(
                        "a rating is 0…5 stars, not \(TerminalText.truncate(arguments[0], toWidth: 20)) (type e.g. 'rate 4'; 'reject' rejects)",
                        kind: .usage)
                }
                try await view.judge(.rate(stars), sharedToo: try sharedToo(.rate(stars), arguments.dropFirst()))
            },
            Command(
                "reject", arguments: [Argument("--both", optional: true)],
                summary: "mark \(photo) rejected (XMP rating -1, as Bridge and darktable write it)"
            ) { view, arguments in
                try await view.judge(.reject, sharedToo: try sharedToo(.reject, arguments[...]))
            },
            Command(
                "label",
                arguments: [
                    Argument("COLOUR", completion: .words(ColourLabel.allCases.map(\.rawValue) + ["none"])),
                    Argument("--both", optional: true)
                ],
                summary: "give \(photo) a colour label, as Lightroom writes it (6–9 on an empty line: red, yellow, green, blue)",
                example: "label red"
            ) { view, arguments in
                // In any case, as labels are read (`label Red`, `label RED`).
                let word = arguments[0].lowercased()
                guard word == "none" || ColourLabel(word: word) != nil else {
                    throw CommandError(
                        "label takes red, yellow, green, blue, purple or none, not '\(TerminalText.truncate(arguments[0], toWidth: 20))' (type e.g. 'label red')",
                        kind: .usage)
                }
                let change = JudgementChange.label(ColourLabel(word: word))
                try await view.judge(change, sharedToo: try sharedToo(change, arguments.dropFirst()))
            },
            Command(
                "keyword", arguments: [.choice("add|remove", ["add", "remove"]), Argument("WORD", repeated: true)],
                summary: "add keywords to \(photo) or remove them (a|b|c is a hierarchy, as Lightroom keeps it)",
                example: "keyword add beach"
            ) { view, arguments in
                let both = arguments.dropFirst().contains("--both")
                let words = arguments.dropFirst().filter { $0 != "--both" }
                guard !words.isEmpty else {
                    throw CommandError("keyword \(arguments[0]) takes one word or more (type e.g. 'keyword add beach')", kind: .usage)
                }
                if let problem = words.lazy.compactMap(JudgementChange.keywordProblem).first { throw CommandError(problem, kind: .usage) }
                try await view.judge(arguments[0] == "add" ? .addKeywords(Array(words)) : .removeKeywords(Array(words)), sharedToo: both)
            },
            Command("undo", summary: "take back the last judgement of this session: its sidecar as it was") { view, _ in
                try await view.undoJudgement()
            }
        ]
    }

    /// Whether `options` (what follows a judgement's value) ask for `--both`; anything else is refused.
    private static func sharedToo(_ change: JudgementChange, _ options: some Collection<String>) throws -> Bool {
        if let other = options.first(where: { $0 != "--both" }) {
            throw CommandError(
                "\(change.command.split(separator: " ").first ?? "") takes only --both after it, not '\(TerminalText.truncate(other, toWidth: 40))' (type e.g. '\(change.command)')",
                kind: .usage)
        }
        return options.contains("--both")
    }
}
