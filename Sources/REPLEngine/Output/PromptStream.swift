import CLibEdit

/// Where bytes go that are written from outside the main actor while the person is at the prompt:
/// the frames of an animation the terminal plays, sent after the prompt is back. A fake in tests.
package protocol PromptOutput: Sendable {
    /// Writes `bytes` whole, once the prompt waits for a key; false, with nothing written, when the
    /// stream has ended (a key, Ctrl-C, `end()`) or the task was cancelled.
    func write(_ bytes: [UInt8]) async -> Bool
    /// Whether writes are still taken: false once a key or Ctrl-C came, or `end()`.
    var isOpen: Bool { get }
    /// Ends the stream: later writes are refused. Called on the main actor while a command runs, it
    /// returns with no write under way (writes happen only while the line editor waits for a key).
    func end()
}

/// The terminal's stream at the prompt: the line editor's own reader lets a write through only
/// while it waits for a key, and finishes it before it reads one, so the bytes never land inside
/// libedit's drawing of the line. The first key read or Ctrl-C at the prompt ends it: a person who
/// types has moved on. One stream is open at a time: beginning one ends the one before.
package final class PromptStream: PromptOutput {
    private let number: UInt

    package init() {
        number = UInt(repl_prompt_stream_begin())
    }

    package func write(_ bytes: [UInt8]) async -> Bool {
        while !Task.isCancelled {
            let result = bytes.withUnsafeBufferPointer { repl_prompt_stream_write(number, $0.baseAddress, $0.count) }
            if result >= 0 { return result == 1 }
            // A command is running: the prompt comes back when it ends (a key typed for it has
            // ended this stream already, but for the command that began it).
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    package var isOpen: Bool { repl_prompt_stream_is_open(number) != 0 }

    package func end() {
        repl_prompt_stream_end(number)
    }
}
