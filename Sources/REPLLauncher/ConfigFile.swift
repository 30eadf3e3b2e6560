import SystemCalls
import REPLEngine

/// An app's preferences: `$XDG_CONFIG_HOME/NAME/config` (else `~/.config/NAME/config`), one of the
/// app's long options a line, without its dashes, read before the command line (which wins):
///
///     # ~/.config/APP/config
///     preview = symbols
///     layout = grid
///     no-cache
///
/// A flag is its name alone; an option with a value is `name = value` (blanks around `=` are
/// optional, and a value in double quotes keeps its blanks). Blank lines and lines starting with `#`
/// are skipped. A value that names a file or folder may start with `~/`. `--no-config` skips the
/// file, and `test` never reads it: a golden transcript prints the same on every machine.
package enum ConfigFile {
    /// Where the app's configuration file is: under `XDG_CONFIG_HOME` when it is set to an absolute
    /// path (the XDG rule), else under `HOME`'s `.config`; nil with neither.
    package static func path(appName: String, environment: (String) -> String? = AppEnvironment.value) -> String? {
        if let configHome = environment("XDG_CONFIG_HOME"), configHome.hasPrefix("/") {
            return "\(configHome)/\(appName)/config"
        }
        guard let home = environment("HOME"), !home.isEmpty else { return nil }
        return "\(home)/.config/\(appName)/config"
    }

    /// A configuration file that cannot be used: the message names the file and the line, and says
    /// what to write instead.
    package struct Failure: Error, Equatable {
        /// What is wrong, naming the file and the line, and what to write instead.
        package let message: String
        /// 66 for a file that exists but cannot be read; 64 for a line that is not an option.
        package let exitCode: Int32
    }

    /// An option the file gives, and the line it is on (for messages about its value).
    package struct Line: Equatable, Sendable {
        /// The line's number in the file, from 1.
        package let number: Int
        /// The option the line gives, with its value.
        package let option: AppOption.Given
    }

    /// The options the file at `path` gives, in its order; none when there is no file.
    /// - Parameters:
    ///   - path: the file.
    ///   - options: the app's options; hidden ones are not accepted (nor the launcher's own).
    ///   - home: `~/` in a file or folder value stands for this folder.
    ///   - check: what else a line's option must pass (its value read as the option reads it);
    ///     what it throws is that line's problem. Every line's problem is said at once.
    package static func read(
        _ path: String, options: [AppOption], home: String? = AppEnvironment.value("HOME"),
        check: (AppOption.Given) throws(LaunchCommand.UsageError) -> Void = { _ in }
    ) throws(Failure) -> [Line] {
        // No file is no preferences (a dangling link too: it names no file).
        var info = stat()
        if stat(path, &info) != 0 && (errno == ENOENT || errno == ENOTDIR) { return [] }
        var reader: LineReader
        do {
            reader = try LineReader.open(path: path)
        } catch {
            throw Failure(message: error.described(reading: path) + " (fix it, or start with --no-config)", exitCode: ExitStatus.noInput)
        }
        defer { reader.close() }
        var given: [Line] = []
        // Every line that is wrong is said at once, each with its number: one start, one fix.
        var problems: [String] = []
        while true {
            let next: SourceLine?
            do {
                next = try reader.next()
            } catch {
                throw Failure(
                    message: error.described(reading: path) + " (fix it, or start with --no-config)", exitCode: ExitStatus.noInput)
            }
            guard let line = next else { break }
            do throws(LaunchCommand.UsageError) {
                if let option = try parse(line.text, options: options, home: home) {
                    try check(option)
                    given.append(Line(number: line.number, option: option))
                }
            } catch {
                problems.append("\(path):\(line.number): \(error.message)")
            }
        }
        if !problems.isEmpty { throw Failure(message: problems.joined(separator: "\n"), exitCode: ExitStatus.usage) }
        return given
    }

    /// One line: nil when it is blank or a comment, else the option it gives.
    static func parse(_ text: String, options: [AppOption], home: String?) throws(LaunchCommand.UsageError) -> AppOption.Given? {
        let line = text.trimmingCharacters(inBlanks: ())
        if line.isEmpty || line.hasPrefix("#") { return nil }
        let equals = line.firstIndex(of: "=")
        var key = String(equals.map { line[..<$0] } ?? Substring(line)).trimmingCharacters(inBlanks: ())
        var value = equals.map { String(line[line.index(after: $0)...]).trimmingCharacters(inBlanks: ()) }
        if key.hasPrefix("--") { key.removeFirst(2) }
        let keys = options.filter { !$0.isHidden }.map { String($0.name.dropFirst(2)) }
        guard let option = options.first(where: { !$0.isHidden && $0.name == "--" + key }) else {
            let shown = TerminalText.truncate(key, toWidth: 40)
            // An option as typed on a command line (`--seed 5`, `seed 5`): its key and value, written
            // as a preference is.
            let words = key.split(separator: " ", maxSplits: 1).map { String($0).trimmingCharacters(inBlanks: ()) }
            if value == nil, words.count == 2, let option = options.first(where: { !$0.isHidden && $0.name == "--" + words[0] }),
                option.valueName != nil
            {
                throw LaunchCommand.UsageError(
                    "unknown key '\(shown)': write it as '\(words[0]) = \(TerminalText.truncate(words[1], toWidth: 40))' (a key, '=', its value)"
                )
            }
            if let suggestion = Suggestion.closest(to: key, among: keys) {
                let written = value.flatMap { $0.isEmpty ? nil : "\(suggestion) = \(TerminalText.truncate($0, toWidth: 40))" } ?? suggestion
                throw LaunchCommand.UsageError("unknown key '\(shown)': did you mean '\(written)'?")
            }
            throw LaunchCommand.UsageError("unknown key '\(shown)': the keys are \(keys.joined(separator: ", "))")
        }
        guard let valueName = option.valueName else {
            guard value == nil else {
                throw LaunchCommand.UsageError(
                    "'\(key)' is a flag: write it alone, without '= \(TerminalText.truncate(value!, toWidth: 40))'")
            }
            return AppOption.Given(name: option.name, value: nil)
        }
        guard var typed = value, !typed.isEmpty else {
            throw LaunchCommand.UsageError("'\(key)' needs a value: write '\(key) = \(valueName)'")
        }
        if typed.count >= 2, typed.hasPrefix("\""), typed.hasSuffix("\"") { typed = String(typed.dropFirst().dropLast()) }
        if typed.hasPrefix("~/"), let home, option.values == .files || option.values == .folders {
            typed = home + typed.dropFirst()
        }
        value = typed
        return AppOption.Given(name: option.name, value: value)
    }
}

extension AppEnvironment {
    /// An environment variable's value, if it is set (an app's `--cassette` default, its API's URL
    /// for a test server): read without the C library, which an app's own sources then need not
    /// import on any system.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

extension String {
    /// The text without spaces and tabs at its ends.
    func trimmingCharacters(inBlanks: Void) -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" || last == "\r" { slice.removeLast() }
        return String(slice)
    }
}
