import Testing
import REPLEngine
import REPLTesting
@testable import todo

/// Both scenes as a person types at them, over a store the test holds: what each command printed,
/// how it failed, the stack and the state it left, and no work left over.
@MainActor
struct TodoScenesTests {
    let store = TodoStoreSpy(["buy milk", "call mom"])

    func scenes() -> SceneTester {
        SceneTester { engine in
            engine.register(TodoListView.module(store: store))
            engine.register(TodoDetailView.module())
            engine.start(root: TodoListView.self)
        }
    }

    @Test func theListShowsAsItLoadsAndCommandsChangeTheStore() async {
        let tester = scenes()
        #expect(tester.takeOutput() == "To-dos (0 of 2 done):\n  1. [ ] buy milk\n  2. [ ] call mom\n")
        #expect(await tester.run("add water the plants") == .init(output: "Added 3. water the plants\n"))
        #expect(await tester.run("done 3") == .init(output: "Done: 3. water the plants\n"))
        #expect(await tester.run("remove 1") == .init(output: "Removed 1. buy milk; 2 to-dos left.\n"))
        #expect(store.changes == ["insert water the plants", "update 3", "delete 1"])
        #expect(tester.stateJSON == #"{"stack":["list"],"todos":[{"title":"call mom","done":false},{"title":"water the plants","done":true}],"selected":null}"#)
        #expect(tester.effectsLeft == 0)
    }

    @Test func theDetailChangesItsCopyAndBackSavesIt() async {
        let tester = scenes()
        #expect(await tester.run("open 2") == .init(output: "To-do 2: call mom\n  status: open\n"))
        #expect(tester.stack == ["list", "detail"])
        #expect(await tester.run("rename call mom and dad") == .init(output: "Renamed to-do 2: call mom and dad\n"))
        #expect(await tester.run("done") == .init(output: "Done: call mom and dad\n"))
        // The list keeps the to-do as it was until the detail closes.
        #expect(tester.stateJSON == #"{"stack":["list","detail"],"todos":[{"title":"buy milk","done":false},{"title":"call mom","done":false}],"selected":2,"todo":{"position":2,"title":"call mom and dad","done":true}}"#)
        #expect(store.changes.isEmpty)
        #expect(await tester.run("back") == .init(output: "To-dos (1 of 2 done):\n  1. [ ] buy milk\n  2. [x] call mom and dad\n"))
        #expect(tester.stack == ["list"])
        #expect(store.changes == ["update 2"])
        #expect(tester.stateJSON == #"{"stack":["list"],"todos":[{"title":"buy milk","done":false},{"title":"call mom and dad","done":true}],"selected":null}"#)
        #expect(tester.effectsLeft == 0)
    }

    @Test func aRefusalIsTheScenesAndAMistypedLineTheEngines() async {
        let tester = scenes()
        let refused = await tester.run("done x")
        #expect(refused == .init(output: "", error: CommandError("done takes a position, not 'x': the list has 2 to-dos (type e.g. 'done 1')")))
        #expect(refused.error?.kind == .refused)
        #expect(await tester.run("add \"  \"").error == CommandError("a to-do needs some text: type e.g. 'add buy milk'", kind: .refused))
        #expect(await tester.run("open").error == CommandError("'open' needs N (usage: open N)", kind: .usage))
        #expect(await tester.run("open 1 2").error?.kind == .usage)
        #expect(await tester.run("lsit").error?.kind == .unknownCommand)
        #expect(await tester.run("add \"unclosed").error?.kind == .usage)
        _ = await tester.run("open 1")
        #expect(await tester.run("rename").error?.kind == .usage)
        #expect(await tester.run("list").error?.message == "'list' works in the list scene, not in detail (type 'help' for the commands here)")
        #expect(store.changes.isEmpty)
    }

    @Test func backAtTheRootGoesNowhereAndQuitEndsTheSession() async {
        let tester = scenes()
        #expect(await tester.run("back") == .init(output: "Already at the root scene (list): nothing to go back to.\n"))
        #expect(tester.stack == ["list"])
        #expect(await tester.run("quit").endedSession)
    }
}

/// The whole app as its composition root makes it, through its golden transcripts.
@MainActor
struct TodoListAppTests {
    @Test(arguments: ["basics", "detail", "errors"])
    func theGoldenTranscriptMatchesTheAppsSession(name: String) async throws {
        let tester = try await SceneTester(app: TodoListApp.app)
        let transcript = contents(of: "\(packageFolder)/Examples/\(name).t")
        #expect(transcript.hasPrefix("No to-dos yet."))
        let difference = await tester.check(transcript: transcript)
        #expect(difference == nil, "\(difference ?? "")")
        #expect(tester.effectsLeft == 0)
    }

    @Test func aDifferentTranscriptIsShownAsADiff() async throws {
        let tester = try await SceneTester(app: TodoListApp.app)
        let difference = await tester.check(transcript: "No to-dos yet. Type 'add TEXT' to add one.\ntodos> add buy milk\nAdded 2. buy milk\n")
        #expect(difference?.hasPrefix("line 2: todos> add buy milk\n") == true, "\(difference ?? "nil")")
    }
}
