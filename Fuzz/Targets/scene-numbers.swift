// Typed numbers and the commands that take them (count, page, open, move, edit's positions), run
// through the scenes as the REPL runs them: no trap, and no photo lost or doubled by a move.
import PhotoDomain
@testable import REPLEngine
@testable import Scenes

/// Commands that reach outside the scenes (files, the process): not this target's.
private let outside: Set<Substring> = ["run", "record", "save", "quit", "exit", "fetch", "author"]

/// One engine for every input (an engine lives as long as its process: its scenes and it refer to
/// each other), taken back to the collection of seven photos before each.
@MainActor private final class Session {
    let output = OutputSink.memory()
    let diagnostics = OutputSink.memory()
    let engine: Engine
    let interactor: PhotoCollectionInteractor
    let ids: [String]

    init() {
        engine = Engine(console: Console(output: output, diagnostics: diagnostics))
        let worker = EmbeddedPhotosWorker()
        engine.register(PhotoCollectionView.module(worker: worker))
        engine.register(PhotoDetailView.module())
        engine.register(IndexEditView.module())
        engine.register(PhotoAuthorView.module(worker: worker))
        engine.start(root: PhotoCollectionView.self)
        guard let view = engine.scenes.first as? PhotoCollectionView,
            let interactor = view.interactor as? PhotoCollectionInteractor
        else { preconditionFailure("no collection scene") }
        self.interactor = interactor
        ids = EmbeddedCatalog.photos.prefix(7).map(\.id).sorted()
    }

    /// The collection, with seven photos as `count 7` and `fetch` would leave them (without waiting
    /// for the worker); false when a scene would not go back without waiting.
    func reset() -> Bool {
        output.clear()
        diagnostics.clear()
        while engine.scenes.count > 1 {
            guard engine.runUntilItWaits("back") != nil else { return false }
        }
        interactor.count = 7
        interactor.list = PhotoList(Array(EmbeddedCatalog.photos.prefix(7)))
        interactor.listPhotos(.init())
        return true
    }

    static var current = Session()
    /// Sessions given up on (a command waited), kept so that nothing counts as leaked.
    static var abandoned: [Session] = []
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size <= 4096 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    MainActor.assumeIsolated {
        if !Session.current.reset() {
            Session.abandoned.append(Session.current)
            Session.current = Session()
            _ = Session.current.reset()
        }
        let session = Session.current
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).prefix(64) {
            let name = line.split(separator: " ").first ?? ""
            if outside.contains(name) { continue }
            // A command that waits (a picture, a worker) is beyond a synchronous target: the session
            // is given up at the next input.
            guard session.engine.runUntilItWaits(String(line)) != nil else {
                Session.abandoned.append(session)
                Session.current = Session()
                return
            }
            precondition(session.interactor.list.photos.map(\.id).sorted() == session.ids, "a move lost or doubled a photo: \(line)")
        }
    }
    return 0
}
