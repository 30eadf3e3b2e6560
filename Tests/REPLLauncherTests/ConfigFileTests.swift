import Foundation
import Testing
@testable import REPLLauncher

/// An app's preferences, one long option a line.
@Suite struct ConfigFileTests {
    static let options = [
        AppOption("--seed", valueName: "SEED", help: "Seed."),
        AppOption("--folder", valueName: "DIR", values: .folders, help: "Folder."),
        AppOption(flag: "--fast", help: "Go fast."),
        AppOption("--secret", valueName: "WORD", help: "Not listed.", isHidden: true)
    ]

    func parse(_ line: String) throws(LaunchCommand.UsageError) -> AppOption.Given? {
        try ConfigFile.parse(line, options: Self.options, home: "/home/ada")
    }

    func message(_ line: String) -> String? {
        do {
            _ = try parse(line)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func linesGiveOptions() throws {
        #expect(try parse("seed = 7") == AppOption.Given(name: "--seed", value: "7"))
        #expect(try parse("  seed=7\t") == AppOption.Given(name: "--seed", value: "7"))
        #expect(try parse("--seed = 7") == AppOption.Given(name: "--seed", value: "7"), "the dashes may be written")
        #expect(try parse("fast") == AppOption.Given(name: "--fast", value: nil))
        #expect(try parse(#"folder = "~/My Photos""#) == AppOption.Given(name: "--folder", value: "/home/ada/My Photos"))
        #expect(try parse("seed = ~/7") == AppOption.Given(name: "--seed", value: "~/7"), "~ only in files and folders")
        #expect(try parse("") == nil && parse("   ") == nil && parse("# a comment") == nil && parse("  # indented") == nil)
    }

    @Test func badLinesSayWhatToWrite() {
        #expect(message("sed = 7") == "unknown key 'sed': did you mean 'seed = 7'?")
        // An option as a command line has it: written as a preference is.
        #expect(message("--seed 5") == "unknown key 'seed 5': write it as 'seed = 5' (a key, '=', its value)")
        #expect(message("seed 5") == "unknown key 'seed 5': write it as 'seed = 5' (a key, '=', its value)")
        #expect(message("fast 5") == "unknown key 'fast 5': did you mean 'fast'?", "a flag takes no value")
        #expect(message("colour = red") == "unknown key 'colour': the keys are seed, folder, fast")
        #expect(message("secret = x") == "unknown key 'secret': the keys are seed, folder, fast", "hidden options are not preferences")
        #expect(message("fast = yes") == "'fast' is a flag: write it alone, without '= yes'")
        #expect(message("seed") == "'seed' needs a value: write 'seed = SEED'")
        #expect(message("seed =") == "'seed' needs a value: write 'seed = SEED'")
    }

    @Test func theFileIsReadWithLineNumbersAndAMissingOneIsNoPreferences() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("config").path
        #expect(try ConfigFile.read(path, options: Self.options) == [])
        try Data("# prefs\r\nfast\r\n\nseed = 3\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(
            try ConfigFile.read(path, options: Self.options) == [
                ConfigFile.Line(number: 2, option: .init(name: "--fast", value: nil)),
                ConfigFile.Line(number: 4, option: .init(name: "--seed", value: "3"))
            ])
        try Data("fast\nspeed = 3\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: ConfigFile.Failure(message: "\(path):2: unknown key 'speed': did you mean 'seed = 3'?", exitCode: 64)) {
            try ConfigFile.read(path, options: Self.options)
        }
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(
            throws: ConfigFile.Failure(message: "cannot read \(path): Is a directory (fix it, or start with --no-config)", exitCode: 66)
        ) {
            try ConfigFile.read(path, options: Self.options)
        }
    }

    @Test func whereTheFileIs() {
        #expect(
            ConfigFile.path(appName: "todo", environment: ["XDG_CONFIG_HOME": "/x/conf", "HOME": "/home/ada"].get) == "/x/conf/todo/config")
        #expect(
            ConfigFile.path(appName: "todo", environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/ada"].get)
                == "/home/ada/.config/todo/config",
            "a relative XDG_CONFIG_HOME is ignored, as the XDG rule says")
        #expect(ConfigFile.path(appName: "todo", environment: ["HOME": "/home/ada"].get) == "/home/ada/.config/todo/config")
        #expect(ConfigFile.path(appName: "todo", environment: [:].get) == nil)
    }
}

extension Dictionary where Key == String, Value == String {
    /// The dictionary as an environment lookup.
    var get: (String) -> String? { { self[$0] } }
}
