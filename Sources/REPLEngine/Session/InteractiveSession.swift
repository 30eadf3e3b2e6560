/// The interactive REPL: read a line with libedit, run it, show what it printed, again.
@MainActor
public final class InteractiveSession {
    private let engine: Engine
    private let editor: EditLineSource

    public init(engine: Engine, editor: EditLineSource) {
        self.engine = engine
        self.editor = editor
    }

    /// Runs until `quit` or Ctrl-D.
    public func run() async {
        let console = engine.console
        while true {
            console.flush()
            switch editor.readLine(prompt: engine.prompt) {
            case .end:
                console.line()
                console.flush()
                return
            case .interrupted:
                continue
            case .line(let line):
                console.transcriptOnly(engine.prompt + line)
                let outcome = await engine.execute(line)
                switch outcome {
                case .done: continue
                case .quit:
                    console.flush()
                    return
                case .failed(let error):
                    console.line("error: \(error.message)", style: .error)
                }
            }
        }
    }
}
