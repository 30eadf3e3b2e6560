import Foundation
import PhotoDomain
import REPLEngine
import Testing
@testable import Scenes

/// Tab completion's logic, without a terminal: what Tab inserts and lists for a line.
@MainActor
@Suite struct CompletionTests {
    func completion(_ insertion: String, _ choices: [String] = []) -> Completion {
        Completion(insertion: insertion, choices: choices)
    }

    @Test func commandNamesOfTheTopSceneAndTheGlobalOnes() async {
        let app = App()
        #expect(app.engine.complete("cou") == completion("nt "))
        #expect(app.engine.complete("p") == completion("", ["page", "prev"]))
        #expect(app.engine.complete("r") == completion("", ["run", "record"]))
        #expect(app.engine.complete("re") == completion("cord "))
        #expect(app.engine.complete("st") == completion("ate "))
        #expect(app.engine.complete("zz").isEmpty)
        #expect(app.engine.complete("").choices.first == "count")
        await app.run("count 2", "fetch", "open 1")
        #expect(app.engine.complete("m") == completion("", ["move", "mark"]))
        #expect(app.engine.complete("mo") == completion("ve "))
        #expect(app.engine.complete("cou").isEmpty)
    }

    @Test func argumentsAsEachCommandDeclaresThem() async {
        let app = App(worker: StubWorker((1...12).map { Photo.fixture("p\($0)") }))
        #expect(app.engine.complete("count ") == completion("", ["+", "-"]))
        #expect(app.engine.complete("count +") == completion(" "))
        #expect(app.engine.complete("open ").isEmpty)
        await app.run("count 12", "fetch")
        #expect(app.engine.complete("open 1") == completion("", ["1", "10", "11", "12"]))
        #expect(app.engine.complete("page 9") == completion(" "))
        #expect(app.engine.complete("fetch ").isEmpty)
        #expect(app.engine.complete("open 1 ").isEmpty)
        #expect(app.engine.complete("help fe") == completion("tch "))
        #expect(app.engine.complete("state -") == completion("-json "))
    }

    @Test func fileNamesForRunAndRecord() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("complete-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/scripts", withIntermediateDirectories: true)
        for name in ["demo.txt", "demo.t", "my session.txt", ".hidden"] {
            #expect(FileManager.default.createFile(atPath: dir + "/" + name, contents: nil))
        }
        let app = App()
        #expect(app.engine.complete("run \(dir)/de") == completion("mo.t", ["demo.t", "demo.txt"]))
        #expect(app.engine.complete("run \(dir)/sc") == completion("ripts/"))
        #expect(app.engine.complete("record \(dir)/my") == completion(#"\ session.txt "#))
        #expect(app.engine.complete("run \(dir)/.h") == completion("idden "))
        #expect(app.engine.complete("run \(dir)/x").isEmpty)
    }
}
