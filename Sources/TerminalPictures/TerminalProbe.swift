#if canImport(Glibc)
import Glibc
#endif

/// Asks the terminal which graphics it can show: a kitty graphics query, then Primary Device
/// Attributes (DA1), which every terminal answers. The DA1 reply ends the wait early; a terminal that
/// answers nothing costs the time-out once, and never hangs the session.
public enum TerminalProbe {
    public struct Answer: Equatable, Sendable {
        /// A kitty graphics `OK` arrived before the DA1 reply.
        public var kittyGraphics = false
        /// The DA1 reply lists attribute 4 (sixel).
        public var sixel = false
        /// The DA1 reply arrived: everything the terminal will say has been said.
        public var complete = false
        /// What was read that is no answer: keys the user typed meanwhile, to be handed back.
        public var typed: [UInt8] = []
    }

    /// The id of our kitty query, to tell its answer from anything else.
    static let kittyQueryID = "31"
    static let kittyQuery = "\u{1B}_Gi=\(kittyQueryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
    static let deviceAttributes = "\u{1B}[c"
    /// Local terminals answer in a few milliseconds, and the DA1 answer ends the wait; a slow SSH link
    /// may take hundreds (timg waits 250 ms, yazi 3 s). An answer that came after the time-out would
    /// reach the line editor as typed keys, so the wait is generous: only a terminal that never
    /// answers DA1, which every terminal does, pays all of it, once.
    public static let defaultTimeout = 1000

    /// What `bytes` (everything read so far) say. Terminal answers are taken out: kitty graphics
    /// (`ESC _ G … ESC \`), DA1 (`CSI ? … c`) and any other report a terminal may send (other `CSI ?`
    /// replies, cursor and window reports, OSC and DCS strings). What remains (keys the user typed
    /// meanwhile, arrows included) is kept in `typed`; an answer cut off at the end is dropped.
    public static func parse(_ bytes: [UInt8]) -> Answer {
        var answer = Answer()
        var i = 0
        while i < bytes.count {
            guard bytes[i] == 0x1B else {
                answer.typed.append(bytes[i])
                i += 1
                continue
            }
            guard i + 1 < bytes.count else { return answer }  // a lone ESC at the end: cut off
            switch bytes[i + 1] {
            case UInt8(ascii: "_"), UInt8(ascii: "P"), UInt8(ascii: "]"):  // APC, DCS, OSC strings
                guard let end = stringEnd(bytes, from: i + 2) else { return answer }
                let body = String(decoding: bytes[(i + 2)..<end.body], as: UTF8.self)
                if bytes[i + 1] == UInt8(ascii: "_"), !answer.complete, body.hasPrefix("Gi=\(kittyQueryID);") {
                    answer.kittyGraphics = body.hasSuffix(";OK")
                }
                i = end.next
            case UInt8(ascii: "["):  // CSI: parameters, then a final byte
                var j = i + 2
                while j < bytes.count, (0x20...0x3F).contains(bytes[j]) { j += 1 }
                guard j < bytes.count else { return answer }
                let isPrivate = i + 2 < j && bytes[i + 2] == UInt8(ascii: "?")
                let final = bytes[j]
                if isPrivate && final == UInt8(ascii: "c") {
                    if !answer.complete {
                        answer.sixel = String(decoding: bytes[(i + 3)..<j], as: UTF8.self).split(separator: ";").contains("4")
                        answer.complete = true
                    }
                } else if !isPrivate && !"RnNt".utf8.contains(final) {
                    answer.typed += bytes[i...j]  // a key: an arrow, Home, a function key…
                }
                i = j + 1
            default:  // ESC and a key (Alt-key, ESC O A…): typed
                answer.typed.append(bytes[i])
                i += 1
            }
        }
        return answer
    }

    /// Where a string sequence that starts at `start` ends: at BEL, or at ESC \.
    private static func stringEnd(_ bytes: [UInt8], from start: Int) -> (body: Int, next: Int)? {
        var k = start
        while k < bytes.count {
            if bytes[k] == 0x07 { return (k, k + 1) }
            if bytes[k] == 0x1B, k + 1 < bytes.count, bytes[k + 1] == 0x5C { return (k, k + 2) }
            k += 1
        }
        return nil
    }

    /// Writes the queries to `output` and reads answers from `input` until the DA1 reply, at most
    /// `timeout` milliseconds. Inside tmux both queries are passed through to the outer terminal
    /// (yazi does the same): tmux would answer DA1 itself, at once, before the outer terminal's kitty
    /// answer; without `allow-passthrough` nothing answers and symbols are used.
    public static func query(input: Int32, output: Int32, tmux: Bool, timeout: Int = defaultTimeout) -> Answer {
        var queries = Array(kittyQuery.utf8) + Array(deviceAttributes.utf8)
        if tmux { queries = PictureRenderer.tmuxPassthrough(queries) }
        guard writeAll(queries, to: output) else { return Answer() }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        var clock = timespec()
        clock_gettime(CLOCK_MONOTONIC, &clock)
        let deadline = milliseconds(clock) + timeout
        while true {
            clock_gettime(CLOCK_MONOTONIC, &clock)
            let left = deadline - milliseconds(clock)
            guard left > 0 else { break }
            var poller = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(left))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard n > 0 else { break }
            received += buffer[0..<n]
            // A bound on what a babbling terminal can make us keep.
            if received.count > 65536 { break }
            // DA1 is asked last: once it is answered, every answer is in.
            if parse(received).complete { break }
        }
        return parse(received)
    }

    /// Queries the controlling terminal, in raw mode for the moment (so the answers are not echoed),
    /// then restores it. Nil when there is no terminal to ask, or
    /// when photorepl is not in the terminal's foreground (asking would stop it with SIGTTOU).
    public static func queryTerminal(tmux: Bool, timeout: Int = defaultTimeout) -> Answer? {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard tcgetpgrp(fd) == getpgrp() else { return nil }
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return nil }
        let answer = query(input: fd, output: fd, tmux: tmux, timeout: timeout)
        // Not flushed: what the user typed meanwhile is in `typed`, for the line editor.
        tcsetattr(fd, TCSANOW, &saved)
        return answer
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n > 0 { offset += n; continue }
            if n < 0 && errno == EINTR { continue }
            return false
        }
        return true
    }

    private static func milliseconds(_ t: timespec) -> Int { t.tv_sec * 1000 + t.tv_nsec / 1_000_000 }

    /// Whether tmux passes graphics through to the terminal it runs in (`allow-passthrough` on, tmux
    /// 3.3 and later): without it, nothing of a query or a picture reaches that terminal. Asked of tmux
    /// itself (`tmux show -Apv allow-passthrough`, a few milliseconds, once).
    public static func tmuxPassesThrough() -> Bool {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return false }
        defer { close(pipeEnds[0]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        let arguments = ["tmux", "show", "-Apv", "allow-passthrough"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, nil, &argv, environ)
        close(pipeEnds[1])
        guard spawned == 0 else { return false }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        var poller = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
        // tmux answers in milliseconds; a wedged server must not hang the session.
        while output.count < 64, poll(&poller, 1, 500) > 0 {
            let n = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
            if n <= 0 { break }
            output += buffer[0..<n]
        }
        kill(pid, SIGKILL)  // harmless when it has exited; ends it when it has not
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let value = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isWhitespace).first ?? ""
        return value == "on" || value == "all"
    }
}
