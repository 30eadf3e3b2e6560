import Foundation

/// The built photorepl binary, run as a user would run it.
enum Binary {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The package root, where Examples/ lives.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// photorepl sits beside the test bundle in the build folder, whatever it is called.
    static let executable: URL = {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return me.deletingLastPathComponent().appendingPathComponent("photorepl")
    }()

    /// Runs photorepl from the package root (or `directory`). Output goes through files, so large
    /// outputs cannot fill a pipe and stall the child. With `launcher`, that program runs instead,
    /// with `launcherArguments` then `arguments` (to run photorepl under `unshare`, say).
    static func run(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:], directory: URL? = nil,
        launcher: String? = nil, launcherArguments: [String] = []
    ) throws -> Result {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("out"), errURL = scratch.appendingPathComponent("err")
        let inURL = scratch.appendingPathComponent("in")
        for (url, contents) in [(outURL, Data()), (errURL, Data()), (inURL, stdin ?? Data())] {
            guard FileManager.default.createFile(atPath: url.path, contents: contents) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        }

        let process = Process()
        process.executableURL = launcher.map { URL(fileURLWithPath: $0) } ?? executable
        process.arguments = launcherArguments + arguments
        process.currentDirectoryURL = directory ?? packageRoot
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        // The thumbnail cache of this run alone: never the machine's (removed with the scratch folder).
        env["XDG_CACHE_HOME"] = scratch.appendingPathComponent("cache").path
        // No preferences but a test's own: never the machine's configuration file.
        env["XDG_CONFIG_HOME"] = scratch.appendingPathComponent("config").path
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        process.waitUntilExit()
        return Result(
            status: process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        )
    }

    /// What `photorepl --version` prints, without its newline (`photorepl 0.2.0 (commit …)`): the
    /// name and version a recorded script's header names.
    static let version: String = {
        let output = (try? run(["--version"]).stdout) ?? ""
        return output.hasSuffix("\n") ? String(output.dropLast()) : output
    }()

    /// Runs another program (a shell, man, git) as `run` runs photorepl, from the package root.
    static func runProgram(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        try run(arguments, environment: environment, launcher: path)
    }

    /// Runs photorepl with its output thrown away, and sends it `signal` a random time from 0 to
    /// `within` microseconds after it started (a kill in the middle of its work); returns once it ended.
    static func runSignalled(
        _ arguments: [String], directory: URL? = nil, within: ClosedRange<UInt32>, signal: Int32,
        using generator: inout some RandomNumberGenerator
    ) throws {
        let pid = try spawnQuietly(arguments, directory: directory)
        usleep(UInt32.random(in: within, using: &generator))
        // Not reaped yet (only `waitpid` below reaps it), so this pid is still the child's even when
        // it has ended: Foundation's Process reaps at once, and the signal could then reach another
        // test's child that took the pid over (a metadata reader, an animation's decoder).
        kill(pid, signal)
        _ = exitStatus(of: pid)
    }

    /// How the child `pid` ended, once it has: its exit status, or minus the signal that ended it
    /// (`Int32.min`: it was no child to wait for).
    static func exitStatus(of pid: pid_t) -> Int32 {
        var status: Int32 = 0
        var waited = waitpid(pid, &status, 0)
        while waited < 0 && errno == EINTR { waited = waitpid(pid, &status, 0) }
        guard waited == pid else { return Int32.min }
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -(status & 0x7F)
    }

    /// photorepl started in `directory` with its output thrown away; its pid, for `kill` and
    /// `exitStatus(of:)` (only that reaps it: until then the pid cannot be another process's).
    static func spawnQuietly(_ arguments: [String], directory: URL?) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        if let directory {
            // glibc has it since 2.29, but its header declares it only for _GNU_SOURCE: looked up.
            typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else {
                throw POSIXError(.ENOSYS)
            }
            _ = unsafeBitCast(symbol, to: AddChdir.self)(&actions, directory.path)
        }
        let all = [executable.path] + arguments
        var argv: [UnsafeMutablePointer<CChar>?] = all.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        // Every signal unblocked and at its default, as in a shell: the thread this runs on may
        // block some (a dispatch thread does), and a child would inherit that mask.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var every = sigset_t()
        sigfillset(&every)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &every)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable.path, &actions, &attributes, &argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        return pid
    }

    /// Writes `bytes` to a temporary script and returns its path.
    static func script(_ bytes: Data, name: String = "script.txt") throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-script-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try bytes.write(to: url)
        return url.path
    }

    static func script(_ text: String, name: String = "script.txt") throws -> String {
        try script(Data(text.utf8), name: name)
    }
}
