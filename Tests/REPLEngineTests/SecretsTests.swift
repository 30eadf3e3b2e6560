import Testing
@testable import REPLEngine

/// Secrets are taken out of every output as it is written, and out of lines read. The values here
/// are this suite's own (the list is the process's): no other test prints them.
@Suite struct SecretsTests {
    static let key = "zq-Secrets-Tests-key-7391"
    static let token = "zq-Secrets-Tests-token-0042"

    init() {
        Secrets.hide(Self.key, shownAs: "[KEY]")
        Secrets.hide(Self.token, shownAs: "[TOKEN]")
        Secrets.hide("zq-short", shownAs: "[SHORT]")  // 8 bytes: looked for
        Secrets.hide("zq-tiny", shownAs: "[TINY]")  // 7: ordinary text, never replaced
    }

    @Test(arguments: [
        ("", ""),
        ("no secret here", "no secret here"),
        ("\(key)", "[KEY]"),
        ("a\(key)b\(key)\(key)c", "a[KEY]b[KEY][KEY]c"),
        ("\(token) and \(key)", "[TOKEN] and [KEY]"),
        (String(key.dropLast()), String(key.dropLast())),
        ("zq-short zq-tiny", "[SHORT] zq-tiny"),
        ("zq-Secrets-Tests-key-739zq-Secrets-Tests-key-7391!", "zq-Secrets-Tests-key-739[KEY]!")
    ])
    func linesAreScrubbed(text: String, scrubbed: String) {
        #expect(Secrets.scrubbed(text) == scrubbed)
    }

    @Test func everySinkWritesTheName() {
        let sink = OutputSink.memory()
        sink.write(Array("before \(Self.key) after\n".utf8))
        sink.write(Array("nothing\n".utf8))
        #expect(sink.text == "before [KEY] after\nnothing\n")
    }

    @MainActor @Test func aLineReadIsScrubbedBeforeItsErrorQuotesIt() {
        let sink = OutputSink.memory()
        let console = Console(output: sink, diagnostics: .memory())
        let engine = Engine(console: console)
        // The line read is scrubbed before its error quotes (and cuts) it.
        if case .failed(let error) = engine.runUntilItWaits("\(Self.key)\(Self.key)\(Self.key)") {
            #expect(!error.message.contains("zq-Secrets") && error.message.contains("[KEY]"), "\(error.message)")
        } else {
            Issue.record("an unknown command should fail")
        }
    }
}
