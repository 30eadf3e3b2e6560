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
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(UInt32.random(in: within, using: &generator))
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
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
