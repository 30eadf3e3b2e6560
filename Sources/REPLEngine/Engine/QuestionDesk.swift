/// The questions commands ask the person at the prompt before they act (`SceneQuestions`): the
/// next line typed answers one, and a yes runs the command's line that acts.
@MainActor
final class QuestionDesk: SceneQuestions {
    /// Whether someone at a prompt answers: an interactive session's lines typed (a script's never).
    var personAnswers = false
    /// Whether the lines run now come from a script: no one answers them, whoever is at the prompt.
    var replaysScript: @MainActor () -> Bool = { false }
    /// The question waiting for the next line, and the line a yes runs.
    private(set) var pending: (question: String, line: String)?
    /// Whether the command being run asked one: it is then not recorded (the line a yes runs is).
    var askedDuringCommand = false

    func confirm(_ question: String, thenRun line: String) -> Bool {
        guard personAnswers, !replaysScript() else { return false }
        pending = (question, line)
        askedDuringCommand = true
        return true
    }

    /// The question waiting, taken: the line being run answers it.
    func takePending() -> (question: String, line: String)? {
        defer { pending = nil }
        return pending
    }

    /// What a question not answered yes says: `Cancelled: nothing was done (copy share --yes not run).`
    static func cancelled(_ pending: (question: String, line: String)) -> String {
        "Cancelled: nothing was done (\(TerminalText.truncate(pending.line, toWidth: 60)) not run)."
    }

    /// Whether `answer` says yes: `y` or `yes`, in any case, blanks around it.
    static func isYes(_ answer: String) -> Bool {
        ["y", "yes"].contains(answer.trimmingPrefix(while: \.isWhitespace).lowercased().trimmingSuffix())
    }
}

extension String {
    /// The string without the blanks at its end.
    fileprivate func trimmingSuffix() -> String {
        var text = self
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}
