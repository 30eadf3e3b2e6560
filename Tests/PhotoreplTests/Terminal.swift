import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// photorepl in a real terminal: a tmux session on a private server, driven with send-keys and read
/// with capture-pane, as a person would use it.
final class Terminal {
    let name: String
    /// Each terminal has a tmux server of its own: one shared server quits with its last session, and a
    /// session started while it shuts down could be lost with it.
    let socket: String
    /// Written by the wrapper when photorepl has exited: its exit status, then `stty -a`.
    let statusFile: String
    let home: String

    /// Starts photorepl with `arguments`, in a fresh HOME unless one is given.
    init(
        _ arguments: [String] = [], environment: [String: String] = [:], home: String? = nil, width: Int = 100, height: Int = 30,
        jobControl: Bool = false, program: String? = nil
    ) throws {
        name = "t\(UUID().uuidString.prefix(8))"
        socket = "photorepl-tests-\(getpid())-\(name)"
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("terminal-\(name)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        self.home = home ?? scratch.appendingPathComponent("home").path
        try FileManager.default.createDirectory(atPath: self.home, withIntermediateDirectories: true)
        statusFile = scratch.appendingPathComponent("status").path
        // XDG_CACHE_HOME empty: the thumbnail cache is in the scratch home's .cache.
        var env = ["HOME": self.home, "XDG_STATE_HOME": "", "XDG_CACHE_HOME": "", "LANG": "C.UTF-8", "TERM": "xterm-256color"]
        for (key, value) in environment { env[key] = value }
        let assignments = env.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quote($0.value))" }.joined(separator: " ")
        let command = ([program ?? Binary.executable.path] + arguments).map(Self.quote).joined(separator: " ")
        // The test runner's own NO_COLOR must not leak into the terminal unless a test sets it.
        let unset = environment["NO_COLOR"] == nil ? "-u NO_COLOR " : ""
        // With job control (a shell's `set -m`), photorepl runs as a job of its own that Ctrl-Z can
        // stop: the shell then records the terminal's settings and brings it back with `fg`.
        let jobs =
            jobControl
            ? "set -m; " : ""
        let resume =
            jobControl
            ? "if [ $? = 148 ]; then stty -a > \(Self.quote(statusFile)).suspended; fg; fi; " : ""
        let script =
            "\(jobs)cd \(Self.quote(Binary.packageRoot.path)) && env \(unset)\(assignments) \(command); \(resume)"
            + "status=$?; stty -a > \(Self.quote(statusFile)).stty; echo \"EXIT=$status\"; echo $status > \(Self.quote(statusFile)); sleep 600"
        // bash, not sh: a Ctrl-C reaches the whole foreground group, and dash would then die after
        // photorepl instead of reporting how photorepl ended; bash goes on when the child did not die of it.
        let newSession = ["new-session", "-d", "-s", name, "-x", String(width), "-y", String(height), "/bin/bash", "-c", script]
        try tmux(newSession)
    }

    deinit {
        _ = try? tmux(["kill-server"])
        // tmux leaves its socket behind.
        let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        unlink("\(folder)/tmux-\(getuid())/\(socket)")
    }

    /// Types text literally.
    func type(_ text: String) throws { try tmux(["send-keys", "-t", name, "-l", text]) }

    /// Presses keys by tmux name: Enter, Tab, C-c, C-d, Up, Escape…
    func press(_ keys: String...) throws { try tmux(["send-keys", "-t", name] + keys) }

    /// Types a line and presses Enter.
    func enter(_ line: String) throws {
        try type(line)
        try press("Enter")
    }

    /// What the screen shows, trailing blank lines trimmed; with `joined`, a line the terminal
    /// wrapped is one line again (tmux's `-J`: what was printed wider than the window shows so).
    func screen(escapes: Bool = false, joined: Bool = false) throws -> String {
        let text = try tmux(["capture-pane", "-t", name, "-p"] + (escapes ? ["-e"] : []) + (joined ? ["-J"] : []))
        return text.replacingOccurrences(of: "\\n+$", with: "\n", options: .regularExpression)
    }

    /// The screen, for failure messages.
    var shown: String { (try? screen()) ?? "(no screen)" }
    var shownTTY: String { (try? ttyState()) ?? "(no stty)" }

    /// The line the cursor is on.
    func cursorLine() throws -> String {
        let y = Int(try tmux(["display-message", "-t", name, "-p", "#{cursor_y}"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        let lines = try tmux(["capture-pane", "-t", name, "-p"]).components(separatedBy: "\n")
        return y < lines.count ? lines[y].replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) : ""
    }

    /// Waits until the screen satisfies `condition` (or 10 s pass, for a slow CI machine), and says whether it did.
    @discardableResult
    func wait(until condition: (String) -> Bool) throws -> Bool {
        for _ in 0..<200 {
            if condition(try screen()) { return true }
            usleep(50_000)
        }
        return false
    }

    @discardableResult
    func wait(for text: String) throws -> Bool { try wait { $0.contains(text) } }

    /// Waits until the cursor sits after `prompt` on an otherwise empty line (capture-pane drops the
    /// space after the `>`).
    @discardableResult
    func waitForPrompt(_ prompt: String = "photos>") throws -> Bool {
        try wait { _ in (try? self.cursorLine()) == prompt }
    }

    /// Waits for photorepl to exit; its status, or nil if it is still running.
    func exitStatus() throws -> Int32? {
        for _ in 0..<200 {
            if let text = try? String(contentsOfFile: statusFile, encoding: .utf8),
                let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return status
            }
            usleep(50_000)
        }
        return nil
    }

    /// `stty -a` after photorepl exited: the terminal mode it left behind.
    func ttyState() throws -> String { try String(contentsOfFile: statusFile + ".stty", encoding: .utf8) }

    /// Whether the terminal was left as a shell expects it: canonical input, echo, signals.
    func ttyIsSane() throws -> Bool {
        let words = Set(try ttyState().split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        return words.isSuperset(of: ["icanon", "echo", "isig", "icrnl", "opost"])
    }

    /// The pid of photorepl (the child of the pane's shell).
    func pid() throws -> Int32 {
        let shell = try tmux(["display-message", "-t", name, "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        for _ in 0..<100 {
            let output = try Self.run("/usr/bin/pgrep", ["-P", shell, "photorepl"]).trimmingCharacters(in: .whitespacesAndNewlines)
            if let pid = Int32(output.split(separator: "\n").first ?? "") { return pid }
            usleep(50_000)
        }
        throw TerminalError.failed("photorepl is not running; the screen shows:\n\(shown)")
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", String(width), "-y", String(height)])
    }

    enum TerminalError: Error { case failed(String) }

    /// Runs a tmux command on this terminal's server; throws when tmux reports a failure.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let (status, output) = try Self.runWithStatus("/usr/bin/env", ["tmux", "-L", socket, "-f", "/dev/null"] + arguments)
        if status != 0 { throw TerminalError.failed("tmux \(arguments.first ?? "") exited with \(status)") }
        return output
    }

    /// Runs a command and returns what it printed. Foundation's Process is not used here: it never
    /// saw `tmux new-session` exit (the client forks the server and leaves), so posix_spawn and
    /// waitpid it is. Output goes through a file, as the server keeps inherited descriptors open.
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        try runWithStatus(executable, arguments).output
    }

    static func runWithStatus(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-out-\(UUID().uuidString)").path
        defer { unlink(output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The test runner's threads block most signals, and a child inherits that mask: a tmux server
        // started with it never handles kill-server. Children start with no signal blocked or ignored.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw TerminalError.failed("cannot start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exited, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
    }

    static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    static var isAvailable: Bool { (try? run("/usr/bin/env", ["tmux", "-V"]))?.hasPrefix("tmux") ?? false }
}
