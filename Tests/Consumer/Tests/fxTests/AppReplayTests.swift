import Foundation
import Testing
import REPLEngine
import REPLTesting
@testable import fx

/// The whole app as its composition root makes it (`FXApp.makeSession`), its HTTP replayed from the
/// committed cassette: the real workers, over Networking's `CassetteTransport`.
@MainActor
struct AppReplayTests {
    /// The package's Examples folder, found from this file.
    static let examples: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/fxTests/AppReplayTests.swift
        return parts.joined(separator: "/") + "/Examples"
    }()

    static func app() async throws -> SceneTester {
        try await SceneTester(app: FXApp.app, options: FXOptions(cassette: examples + "/fx.cassette.json"))
    }

    @Test func theRealWorkersReplayTheCassette() async throws {
        let tester = try await Self.app()
        #expect(tester.takeOutput().hasPrefix("Type 'rates'"))
        let rates = await tester.run("rates")
        #expect(rates.error == nil)
        #expect(rates.output.split(separator: "\n").dropFirst().first == "1. CHF    0.9712  Swiss Franc")
        #expect(await tester.run("convert 10 USD") == .init(output: "10 EUR = 10.87 USD (rate of 2024-06-05)\n"))
        // A refused connection, recorded in the cassette, replays as the same failure.
        let refused = await tester.run("convert 5 CHF")
        #expect(refused.error?.message == "cannot convert 5 EUR to CHF: the rates server did not answer (cannot connect to api.frankfurter.app: Connection refused): try again later")
        // A request the cassette has no answer for never reaches the network.
        let unrecorded = await tester.run("convert 7 GBP")
        #expect(unrecorded.error?.message.contains("has no answer for GET https://api.frankfurter.app/latest?amount=7&from=EUR&to=GBP") == true, "\(unrecorded)")
        _ = await tester.run("open 4")
        #expect(await tester.run("month").output.hasSuffix("  change  +0.0013 (+0.12%)\n"))
        #expect(tester.stack == ["rates", "currency"])
        #expect(tester.effectsLeft == 0)
    }

    @Test func theGoldenTranscriptPassesOnTheHarnessToo() async throws {
        let tester = try await Self.app()
        let text = try String(contentsOfFile: Self.examples + "/fx.t", encoding: .utf8)
        // Its first line is the launcher's header (the cassette): the session here has it already.
        let transcript = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        #expect(transcript.first == "# fx: --cassette fx.cassette.json")
        #expect(await tester.check(transcript: String(transcript.last ?? "")) == nil)
        // And a transcript that says otherwise is shown as a diff of the command.
        let wrong = try await Self.app()
        let diff = await wrong.check(transcript: String(transcript.last ?? "").replacingOccurrences(of: "10.87 USD", with: "10.88 USD")) ?? ""
        #expect(diff.hasPrefix("line 11: fx> convert 10 USD\n"), "\(diff)")
    }
}
