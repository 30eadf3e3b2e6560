import Imaging
import SystemCalls
import REPLEngine

/// Asks the terminal what it can show: a kitty graphics query, its sixel limits (XTSMGRAPHICS: colour
/// registers and the largest picture), its name and version (XTVERSION), whether it has direct colour
/// (XTGETTCAP `RGB` and `Tc`), then Primary Device Attributes (DA1), which every terminal answers.
/// Terminals ignore the queries they do not know; the DA1 reply, asked last, ends the wait early; a
/// terminal that answers nothing costs the time-out once, and never hangs the session.
package enum TerminalProbe {
    package struct Answer: Equatable, Sendable {
        /// A kitty graphics `OK` arrived before the DA1 reply.
        package var kittyGraphics = false
        /// kitty read the probe's shared memory object (`t=s`): pictures can be handed over that way.
        package var kittySharedMemory = false
        /// kitty read the probe's temporary file (`t=t`).
        package var kittyTemporaryFile = false
        /// The DA1 reply lists attribute 4 (sixel).
        package var sixel = false
        /// The number of sixel colour registers (XTSMGRAPHICS), when the terminal said.
        package var sixelColourRegisters: Int?
        /// The largest sixel picture the terminal shows, in pixels (XTSMGRAPHICS), when it said:
        /// xterm drops a larger one whole, silently.
        package var sixelMaximum: PixelSize?
        /// The terminal's name and version (XTVERSION), e.g. `XTerm(379)` or `kitty(0.26.5)`.
        package var version: String?
        /// The terminal said it has direct (24-bit) colour: XTGETTCAP `RGB` or `Tc`.
        package var directColour = false
        /// The terminal's background colour (OSC 11), when it said: what see-through pixels are laid
        /// over for the styles that have no transparency.
        package var background: RGB?
        /// The size of a cell in pixels (CSI 16 t), when the terminal said and it is plausible.
        package var cellSize: PixelSize?
        /// The DA1 reply arrived: everything the terminal will say has been said.
        package var complete = false
        /// What was read that is no answer: keys the user typed meanwhile, to be handed back.
        package var typed: [UInt8] = []
        /// The read ended inside an answer (the time-out ran out while it came in pieces): what kind
        /// of rest is still to come, for the line editor to swallow.
        /// (After a lone ESC, inside an OSC, DCS or APC string, or inside a CSI sequence.)
        package var cutOff: EditLineSource.AnswerTail?

        package init() {}
    }

    /// What a probe asks besides what it always asks.
    package struct Request: Equatable, Sendable {
        /// Inside tmux: every query is passed through to the terminal outside.
        package var tmux: Bool
        /// Whether kitty is asked if it can read pixels from shared memory and from a temporary file:
        /// only where it could (on this machine: not through tmux, not over ssh).
        package var kittyMedia: Bool

        package init(tmux: Bool, kittyMedia: Bool = false) {
            self.tmux = tmux
            self.kittyMedia = kittyMedia
        }
    }

    /// The id of our kitty query, to tell its answer from anything else.
    static let kittyQueryID = "31"
    static let kittyQuery = "\u{1B}_Gi=\(kittyQueryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
    /// The ids of the queries whether kitty can read a temporary file and shared memory.
    static let kittyFileQueryID = "32"
    static let kittySharedMemoryQueryID = "33"

    /// kitty's query action (`a=q`: tried, answered, not kept) on one RGB pixel left in `medium`
    /// under `name` (kitty's docs, "Querying support and available transmission mediums").
    static func kittyMediumQuery(_ medium: KittyMedium, name: String) -> String {
        let (id, t) = medium == .sharedMemory ? (kittySharedMemoryQueryID, "s") : (kittyFileQueryID, "t")
        return "\u{1B}_Gi=\(id),s=1,v=1,a=q,t=\(t),f=24,S=3;\(String(decoding: Base64.encode(Array(name.utf8)), as: UTF8.self))\u{1B}\\"
    }
    /// XTSMGRAPHICS reads: the number of colour registers (item 1), the largest sixel geometry (item 2).
    static let sixelRegistersQuery = "\u{1B}[?1;1;0S"
    static let sixelGeometryQuery = "\u{1B}[?2;1;0S"
    static let versionQuery = "\u{1B}[>0q"
    /// XTGETTCAP of `RGB` and `Tc` (hex-encoded names): terminfo's and tmux's words for direct colour.
    static let directColourQuery = "\u{1B}P+q524742;5463\u{1B}\\"
    /// OSC 11: the background colour; CSI 16 t: the cell's size in pixels (xterm answers it only when
    /// window operations are allowed; TIOCGWINSZ is asked then).
    static let backgroundQuery = "\u{1B}]11;?\u{1B}\\"
    static let cellSizeQuery = "\u{1B}[16t"
    static let deviceAttributes = "\u{1B}[c"
    /// Everything asked, in this order: DA1 last, as every terminal answers it, and in order.
    static let queries = kittyQuery + queriesAfterKitty
    static let queriesAfterKitty =
        sixelRegistersQuery + sixelGeometryQuery + versionQuery + directColourQuery
        + backgroundQuery + cellSizeQuery + deviceAttributes
    /// Local terminals answer in a few milliseconds, and the DA1 answer ends the wait; a slow SSH link
    /// may take hundreds (timg waits 250 ms, yazi 3 s). An answer that came after the time-out would
    /// reach the line editor as typed keys, so the wait is generous: only a terminal that never
    /// answers DA1, which every terminal does, pays all of it, once.
    package static let defaultTimeout = 1000

    /// What `bytes` (everything read so far) say. Terminal answers are taken out: kitty graphics
    /// (`ESC _ G … ESC \`), DA1 (`CSI ? … c`) and any other report a terminal may send (other `CSI ?`
    /// replies, cursor and window reports, OSC and DCS strings). What remains (keys the user typed
    /// meanwhile, arrows included) is kept in `typed`; an answer cut off at the end is dropped.
    package static func parse(_ bytes: [UInt8]) -> Answer {
        var answer = Answer()
        var i = 0
        while i < bytes.count {
            guard bytes[i] == 0x1B else {
                answer.typed.append(bytes[i])
                i += 1
                continue
            }
            guard i + 1 < bytes.count else {  // a lone ESC at the end: cut off
                answer.cutOff = .afterEscape
                return answer
            }
            switch bytes[i + 1] {
            case UInt8(ascii: "_"), UInt8(ascii: "P"), UInt8(ascii: "]"):  // APC, DCS, OSC strings
                guard let end = stringEnd(bytes, from: i + 2) else {
                    // Cut between the ESC and the backslash that end it: the backslash ends the rest.
                    answer.cutOff = bytes.count > i + 2 && bytes.last == 0x1B ? .stringAfterEscape : .string
                    return answer
                }
                let body = String(decoding: bytes[(i + 2)..<end.body], as: UTF8.self)
                if !answer.complete {
                    if bytes[i + 1] == UInt8(ascii: "_"), let reply = kittyReply(body) {
                        switch reply.id {
                        case kittyQueryID: answer.kittyGraphics = reply.ok
                        case kittyFileQueryID: answer.kittyTemporaryFile = reply.ok
                        case kittySharedMemoryQueryID: answer.kittySharedMemory = reply.ok
                        default: break
                        }
                    } else if bytes[i + 1] == UInt8(ascii: "P") {
                        readString(body, into: &answer)
                    } else if bytes[i + 1] == UInt8(ascii: "]"), body.hasPrefix("11;") {
                        answer.background = RGB(x11: body.dropFirst(3))
                    }
                }
                i = end.next
            case UInt8(ascii: "["):  // CSI: parameters, then a final byte
                var j = i + 2
                while j < bytes.count, (0x20...0x3F).contains(bytes[j]) { j += 1 }
                guard j < bytes.count else {
                    answer.cutOff = .csi
                    return answer
                }
                let isPrivate = i + 2 < j && bytes[i + 2] == UInt8(ascii: "?")
                let final = bytes[j]
                if isPrivate && final == UInt8(ascii: "c") {
                    if !answer.complete {
                        answer.sixel = String(decoding: bytes[(i + 3)..<j], as: UTF8.self).split(separator: ";").contains("4")
                        answer.complete = true
                    }
                } else if !isPrivate && final == UInt8(ascii: "t") {
                    if !answer.complete { readCellSize(String(decoding: bytes[(i + 2)..<j], as: UTF8.self), into: &answer) }
                } else if isPrivate && final == UInt8(ascii: "S") {
                    if !answer.complete { readGraphicsAttributes(String(decoding: bytes[(i + 3)..<j], as: UTF8.self), into: &answer) }
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

    /// A kitty graphics reply, `G` keys `;` message: its id (`i=`), and whether the message is `OK`
    /// (else an error such as `EBADF:…`).
    private static func kittyReply(_ body: String) -> (id: Substring, ok: Bool)? {
        guard body.hasPrefix("G"), let semicolon = body.firstIndex(of: ";") else { return nil }
        let keys = body[body.index(after: body.startIndex)..<semicolon].split(separator: ",")
        guard let id = keys.first(where: { $0.hasPrefix("i=") })?.dropFirst(2) else { return nil }
        return (id, body[body.index(after: semicolon)...] == "OK")
    }

    /// An XTSMGRAPHICS reply, `item;status;value…`: status 0 is success. Values a terminal could not
    /// mean (none, zero, absurd) are ignored.
    private static func readGraphicsAttributes(_ parameters: String, into answer: inout Answer) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.count >= 3, numbers[1] == 0 else { return }
        switch numbers[0] {
        case 1:
            if let registers = numbers[2], (2...65536).contains(registers) { answer.sixelColourRegisters = registers }
        case 2:
            if numbers.count >= 4, let width = numbers[2], let height = numbers[3],
                (1...100_000).contains(width), (1...100_000).contains(height)
            {
                answer.sixelMaximum = PixelSize(width: width, height: height)
            }
        default:
            break
        }
    }

    /// The cells a picture can trust, in pixels: at least 2×4 (timg's rule), at most 128×256 (a huge
    /// font on an 8K screen); a terminal or a pty claiming more is not believed.
    package static let plausibleCellWidths = 2...128
    package static let plausibleCellHeights = 4...256

    /// A CSI 16 t reply, `6;HEIGHT;WIDTH`, when the cell is plausible.
    private static func readCellSize(_ parameters: String, into answer: inout Answer) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.count == 3, numbers[0] == 6, let height = numbers[1], let width = numbers[2],
            plausibleCellWidths.contains(width), plausibleCellHeights.contains(height)
        else { return }
        answer.cellSize = PixelSize(width: width, height: height)
    }

    /// A DCS reply: XTVERSION (`>|name(version)`) or XTGETTCAP (`1+r` and the names it has).
    private static func readString(_ body: String, into answer: inout Answer) {
        if body.hasPrefix(">|") {
            // Printable ASCII only, and short: it is shown nowhere, but it is the terminal's text.
            answer.version = String(
                body.dropFirst(2).unicodeScalars.filter { (0x20...0x7E).contains($0.value) }.prefix(64).map(Character.init))
        } else if body.hasPrefix("1+r") {
            let names = body.dropFirst(3).split(separator: ";").map { $0.split(separator: "=").first.map(String.init) ?? "" }
            if names.contains(where: { $0.uppercased() == "524742" || $0.uppercased() == "5463" }) { answer.directColour = true }
        }
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
    ///
    /// With `kittyMedia` (never inside tmux), kitty is also asked, in the same round trip, whether it
    /// can read a shared memory object and a temporary file: one pixel is left in each, and removed
    /// once the answers are in (kitty removes what it reads; a terminal that is not kitty reads nothing).
    package static func query(input: Int32, output: Int32, tmux: Bool, kittyMedia: Bool = false, timeout: Int = defaultTimeout) -> Answer {
        var left: [String] = []
        defer { left.forEach(KittyHandoff.take) }
        var text = Self.queries
        if kittyMedia && !tmux {
            var media = ""
            for medium in [KittyMedium.temporaryFile, .sharedMemory] {
                guard let name = KittyHandoff.leave([1, 2, 3], in: medium) else { continue }
                left.append(name)
                media += kittyMediumQuery(medium, name: name)
            }
            // Right after the first kitty query: before DA1, whose answer ends the wait.
            text = kittyQuery + media + queriesAfterKitty
        }
        var queries = Array(text.utf8)
        if tmux { queries = PictureRenderer.tmuxPassthrough(queries) }
        guard writeAll(queries, to: output) else { return Answer() }
        // DA1 is asked last: once it is answered, every answer is in.
        let received = readAnswers(from: input, timeout: timeout) { parse($0).complete }
        return parse(received)
    }

    /// Queries the controlling terminal, in raw mode for the moment (so the answers are not echoed),
    /// then restores it. Nil when there is no terminal to ask, or
    /// when photorepl is not in the terminal's foreground (asking would stop it with SIGTTOU).
    package static func queryTerminal(_ request: Request, timeout: Int = defaultTimeout) -> Answer? {
        // Not flushed: what the user typed meanwhile is in `typed`, for the line editor.
        withRawTerminal { fd in query(input: fd, output: fd, tmux: request.tmux, kittyMedia: request.kittyMedia, timeout: timeout) }
    }

    /// Asks the terminal where its cursor is (DSR 6) and waits for the answer, at most `timeout`
    /// milliseconds: the terminal (tmux, which answers itself) has then taken in everything written
    /// before. Keys typed meanwhile are handed back to the line editor. False when there was no
    /// terminal to ask or no answer came.
    package static func waitForCursorReport(timeout: Int = 500) -> Bool {
        let received = withRawTerminal { fd -> [UInt8]? in
            guard writeAll(Array("\u{1B}[6n".utf8), to: fd) else { return nil }
            return readAnswers(from: fd, timeout: timeout) { cursorReportEnd(in: $0) != nil }
        }
        guard let received = received ?? nil else { return false }
        let answer = parse(received)
        EditLineSource.returnTypeAhead(answer.typed)
        EditLineSource.expectAnswerTail(answer.cutOff)
        return cursorReportEnd(in: received) != nil
    }

    /// `body` given the controlling terminal in raw mode (no echo, reads that do not wait for a
    /// line), which is restored after it; nil when there is no terminal, or photorepl is not in its
    /// foreground (asking would stop it with SIGTTOU).
    private static func withRawTerminal<T>(_ body: (Int32) -> T) -> T? {
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
        defer { tcsetattr(fd, TCSANOW, &saved) }
        return body(fd)
    }

    /// What `input` sends until `done` says the answers are in, at most `timeout` milliseconds and
    /// 64 KiB (a bound on what a babbling terminal can make us keep).
    private static func readAnswers(from input: Int32, timeout: Int, done: ([UInt8]) -> Bool) -> [UInt8] {
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
            if received.count > 65536 || done(received) { break }
        }
        return received
    }

    /// Where a cursor position report (`ESC [ row ; column R`) ends in `bytes`, if one is there.
    static func cursorReportEnd(in bytes: [UInt8]) -> Int? {
        var i = 0
        while i + 2 < bytes.count {
            if bytes[i] == 0x1B, bytes[i + 1] == UInt8(ascii: "[") {
                var j = i + 2, semicolons = 0, digits = 0
                while j < bytes.count, (bytes[j] >= 0x30 && bytes[j] <= 0x39) || bytes[j] == UInt8(ascii: ";") {
                    if bytes[j] == UInt8(ascii: ";") { semicolons += 1 } else { digits += 1 }
                    j += 1
                }
                if j < bytes.count, bytes[j] == UInt8(ascii: "R"), semicolons == 1, digits >= 2 { return j + 1 }
            }
            i += 1
        }
        return nil
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n > 0 {
                offset += n
                continue
            }
            if n < 0 && errno == EINTR { continue }
            return false
        }
        return true
    }

    private static func milliseconds(_ t: timespec) -> Int { t.tv_sec * 1000 + t.tv_nsec / 1_000_000 }

    /// Whether tmux passes graphics through to the terminal it runs in (`allow-passthrough` on, tmux
    /// 3.3 and later): without it, nothing of a query or a picture reaches that terminal. Asked of tmux
    /// itself (`tmux show -Apv allow-passthrough`, a few milliseconds, once).
    package static func tmuxPassesThrough() -> Bool {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return false }
        defer { close(pipeEnds[0]) }
        var actions = uninitializedSpawnFileActions()
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
        let spawned = posix_spawnp(&pid, "tmux", &actions, nil, &argv, processEnvironment)
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

extension RGB {
    /// An X11 colour as terminals answer OSC 11 with it: `rgb:R/G/B`, each of 1 to 4 hex digits
    /// (`rgb:ffff/ffff/ffff`, `rgb:00/00/00`); nil for anything else.
    init?<S: StringProtocol>(x11 text: S) {
        guard text.hasPrefix("rgb:") else { return nil }
        let parts = text.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var channels: [UInt8] = []
        for part in parts {
            guard (1...4).contains(part.count), part.allSatisfy(\.isHexDigit), let value = Int(part, radix: 16) else { return nil }
            let maximum = (1 << (4 * part.count)) - 1
            channels.append(UInt8((value * 255 + maximum / 2) / maximum))
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2])
    }
}
