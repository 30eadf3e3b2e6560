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
    }

    /// The id of our kitty query, to tell its answer from anything else.
    static let kittyQueryID = "31"
    static let kittyQuery = "\u{1B}_Gi=\(kittyQueryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
    static let deviceAttributes = "\u{1B}[c"
    /// timg waits 250 ms for its answers; local terminals answer in a few.
    public static let defaultTimeout = 250

    /// What `bytes` (everything read so far) say. Anything that is not an answer is ignored: keys the
    /// user typed meanwhile, garbage, other terminals' replies.
    public static func parse(_ bytes: [UInt8]) -> Answer {
        var answer = Answer()
        var i = 0
        while i < bytes.count {
            guard bytes[i] == 0x1B, i + 1 < bytes.count else { i += 1; continue }
            switch bytes[i + 1] {
            case UInt8(ascii: "_"):  // APC: ESC _ G … ESC \
                guard let end = find([0x1B, 0x5C], in: bytes, from: i + 2) else { return answer }
                let body = String(decoding: bytes[(i + 2)..<end], as: UTF8.self)
                if !answer.complete, body.hasPrefix("Gi=\(kittyQueryID);"), body.hasSuffix(";OK") || body.hasSuffix("OK") {
                    answer.kittyGraphics = body.hasSuffix("OK")
                }
                i = end + 2
            case UInt8(ascii: "["):  // CSI ? params c
                var j = i + 2
                guard j < bytes.count, bytes[j] == UInt8(ascii: "?") else { i += 2; continue }
                j += 1
                let start = j
                while j < bytes.count, bytes[j] == UInt8(ascii: ";") || (0x30...0x39).contains(bytes[j]) { j += 1 }
                guard j < bytes.count else { return answer }
                if bytes[j] == UInt8(ascii: "c") {
                    let params = String(decoding: bytes[start..<j], as: UTF8.self).split(separator: ";")
                    answer.sixel = params.contains("4")
                    answer.complete = true
                    return answer
                }
                i = j
            default:
                i += 1
            }
        }
        return answer
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        for k in start...(bytes.count - needle.count) where bytes[k] == needle[0] && bytes[k + 1] == needle[1] { return k }
        return nil
    }

    /// Writes the queries to `output` and reads answers from `input` until the DA1 reply, at most
    /// `timeout` milliseconds. Inside tmux the kitty query is passed through to the outer terminal
    /// (tmux answers DA1 itself).
    public static func query(input: Int32, output: Int32, tmux: Bool, timeout: Int = defaultTimeout) -> Answer {
        var queries = Array(kittyQuery.utf8)
        if tmux { queries = PictureRenderer(style: .kitty, inTmux: true).passthrough(queries) }
        queries += Array(deviceAttributes.utf8)
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
            if parse(received).complete { break }
        }
        return parse(received)
    }

    /// Queries the controlling terminal, in raw mode for the moment (so the answers are not echoed),
    /// then restores it and drops any answer still unread. Nil when there is no terminal to ask, or
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
        tcflush(fd, TCIFLUSH)
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
}
