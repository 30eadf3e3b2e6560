import CLibEdit
#if canImport(Glibc)
import Glibc
#endif

/// Interactive input through libedit: prompt, line editing, history. Every libedit quirk is handled
/// here, in one place (as LLDB's Editline.cpp does).
public final class EditLineSource {
    public enum Event: Equatable {
        case line(String)
        /// Ctrl-C: the line being typed was dropped.
        case interrupted
        /// Ctrl-D on an empty line, or the end of input.
        case end
    }

    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private var promptBuffer: UnsafeMutablePointer<CChar>

    /// Whether stdin and stdout are both terminals: only then is libedit used.
    public static var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

    public init() {
        EditLineSource.useUTF8Locale()
        editLine = photorepl_el_init("photorepl")
        history = history_init()
        promptBuffer = strdup("> ")
        photorepl_history_setsize(history, 1000)  // before anything else: libedit's default size is 0
        photorepl_history_setunique(history, 1)
        photorepl_el_set_history(editLine, history)
        photorepl_el_set_editor(editLine, "emacs")
        photorepl_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        photorepl_el_set_prompt(editLine) { el in
            guard let el, let data = photorepl_el_get_clientdata(el) else { return nil }
            return Unmanaged<EditLineSource>.fromOpaque(data).takeUnretainedValue().promptBuffer
        }
        EditLineSource.installInterruptHandler()
    }

    deinit {
        el_end(editLine)
        history_end(history)
        free(promptBuffer)
    }

    /// Shows `prompt` and reads one line.
    public func readLine(prompt: String) -> Event {
        free(promptBuffer)
        promptBuffer = strdup(prompt)
        var count: Int32 = 0
        errno = 0
        guard let raw = el_gets(editLine, &count) else {
            if count < 0 && errno == EINTR {
                // Ctrl-C while typing: drop the line and start afresh on a new one.
                _ = write(1, "\n", 1)
                el_reset(editLine)
                return .interrupted
            }
            return .end
        }
        var line = String(cString: raw)
        if line.hasSuffix("\n") { line.removeLast() }
        if !line.allSatisfy({ $0 == " " || $0 == "\t" }) {
            _ = photorepl_history_enter(history, line)
        }
        return .line(line)
    }

    /// libedit decodes input with the C library's locale and drops bytes it cannot decode, so without a
    /// UTF-8 LC_CTYPE, é and 한글 would vanish. Use the environment's locale when it is UTF-8, else C.UTF-8.
    static func useUTF8Locale() {
        if let set = setlocale(LC_CTYPE, ""), isUTF8(String(cString: set)) { return }
        for fallback in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, fallback) != nil {
            return
        }
    }

    private static func isUTF8(_ locale: String) -> Bool {
        let lower = locale.lowercased()
        return lower.contains("utf-8") || lower.contains("utf8")
    }

    /// SIGINT without SA_RESTART, so that a read in libedit returns EINTR and Ctrl-C clears the line
    /// instead of killing the program.
    private static func installInterruptHandler() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
    }
}
