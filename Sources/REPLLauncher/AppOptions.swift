/// An app's own options, each declared once: its name, value and help (which `--help`, the manual
/// page, the shell completions and the preferences file all read), how its value is read into the
/// app's `Options`, and how it is written back into the header of a recording or a transcript when it
/// changes the output. The launcher reads the command line, the preferences and a script's header
/// with it, in that order of weight: what is typed, then the header, then the preferences.
///
///     struct Settings: Sendable {
///         var seed: UInt64 = 1
///         var layout: Layout = .list
///         var cassette: String?
///         var verbose = false
///     }
///
///     static let options = AppOptions(defaults: Settings(), [
///         .value("--seed", \.seed, valueName: "SEED", help: "The random picks' seed.", changesOutput: true,
///                parse: { UInt64($0) }, invalid: { "--seed takes a whole number, not '\($0)' (type e.g. --seed 7)" }),
///         .choice("--layout", \.layout, valueName: "LAYOUT", help: "list or grid.", changesOutput: true),
///         .text("--cassette", \.cassette, valueName: "FILE", values: .files, help: "Replay HTTP from FILE.", changesOutput: true),
///         .flag("--verbose", \.verbose, help: "Say more."),
///     ])
public struct AppOptions<Options: Sendable>: Sendable {
    /// The options before any is given.
    public let defaults: Options
    /// Every option, in the order `--help` lists them.
    public let entries: [Entry]
    /// The declarations, for the command line and `--help` (read at every start: made once).
    public let declared: [AppOption]
    /// Checks the options together (the ones that do not go together), after each was read.
    private let check: @Sendable (Options) throws(LaunchCommand.UsageError) -> Void

    /// One option: how it is shown (`declaration`), read and written back.
    public struct Entry: Sendable {
        /// What the command line, `--help`, the manual, the completions and the preferences know of it.
        public let declaration: AppOption
        /// Sets what the value given says, or throws saying what to type instead.
        let read: @Sendable (inout Options, AppOption.Given) throws(LaunchCommand.UsageError) -> Void
        /// The option as it would be typed again to give `Options` its value in a header of the file
        /// given, or nil when it would not be typed at all.
        let written: @Sendable (Options, HeaderFile) -> AppOption.Given?

        /// An option read and written by closures of the app's own, for what the key-path forms
        /// (`flag`, `text`, `choice`, `value`) do not cover: an option that sets two properties, or
        /// whose value is written from several.
        /// - Parameters:
        ///   - declaration: its name, value, help and kind.
        ///   - read: sets what the value given says; throws a `LaunchCommand.UsageError` that says what
        ///     to type instead.
        ///   - written: the option as it would be typed again for these options in a header of the
        ///     file given (nil: not at all). A path is given as the session has it: the launcher writes
        ///     it relative to the file; `HeaderFile.written(path:)` says how, for an option whose value
        ///     depends on it.
        public init(
            _ declaration: AppOption,
            read: @escaping @Sendable (inout Options, AppOption.Given) throws(LaunchCommand.UsageError) -> Void,
            written: @escaping @Sendable (Options, HeaderFile) -> AppOption.Given? = { _, _ in nil }
        ) {
            self.declaration = declaration
            self.read = read
            self.written = written
        }
    }

    /// The options `entries` declare, `defaults` before any is given, and `check` to refuse the ones
    /// that do not go together (e.g. "--folder needs the folder source: drop --source unsplash").
    public init(
        defaults: Options, _ entries: [Entry],
        check: @escaping @Sendable (Options) throws(LaunchCommand.UsageError) -> Void = { _ throws(LaunchCommand.UsageError) in }
    ) {
        self.defaults = defaults
        self.entries = entries
        self.declared = entries.map { $0.declaration }
        self.check = check
    }

    /// The entry of the option named `name` (`--seed`).
    func entry(named name: String) -> Entry? { entries.first { $0.declaration.name == name } }

    /// The options `given` set, in their order, over the defaults (the last wins when one is given
    /// twice), then checked together.
    public func options(_ given: [AppOption.Given]) throws(LaunchCommand.UsageError) -> Options {
        var options = defaults
        for typed in given {
            guard let entry = entry(named: typed.name) else { throw LaunchCommand.UsageError("unknown option '\(typed.name)'") }
            try entry.read(&options, typed)
        }
        try check(options)
        return options
    }

    /// Checks one option's value as it is read, not whether it goes with others (a preference's line).
    func checkValue(_ given: AppOption.Given) throws(LaunchCommand.UsageError) {
        guard let entry = entry(named: given.name) else { throw LaunchCommand.UsageError("unknown option '\(given.name)'") }
        var options = defaults
        try entry.read(&options, given)
    }

    /// The options that change the output, as they would be typed again in a header of `file` to
    /// give `options` their values: those not at their defaults, in the order declared.
    public func replayed(_ options: Options, in file: HeaderFile) -> [AppOption.Given] {
        entries.compactMap { entry in
            guard entry.declaration.changesOutput, let given = entry.written(options, file) else { return nil }
            let standard = entry.written(defaults, file)
            return given.name == standard?.name && given.value == standard?.value ? nil : given
        }
    }

    /// `lower` with `upper` over it: all of them when they go together; else `upper` wins, and an
    /// option of `lower` that does not go with it is left out (`source = unsplash` in the preferences
    /// does not stop `viewer photo.jpg`; `--folder` in a script's header gives way to `--source
    /// embedded` typed). `upper` that is not valid by itself takes from `lower` what makes it valid
    /// (`--cassette other.json` typed, with the header's `--source unsplash`); when nothing does, it
    /// is returned alone, for its own error.
    func layered(_ lower: [AppOption.Given], under upper: [AppOption.Given]) -> [AppOption.Given] {
        if lower.isEmpty || (try? options(lower + upper)) != nil { return lower + upper }
        var kept: [AppOption.Given] = []
        var left = lower
        // Until no option left goes with those kept: one may need another (a topic, its source).
        var added = true
        while added {
            added = false
            for (i, option) in left.enumerated() where (try? options(kept + [option] + upper)) != nil {
                kept.append(option)
                left.remove(at: i)
                added = true
                break
            }
        }
        return kept + upper
    }
}

extension AppOptions where Options == Void {
    /// No options at all.
    public static var none: AppOptions<Void> { AppOptions(defaults: (), []) }
}

// MARK: - Options declared by a key path

// The key path is taken as an autoclosure: a key path is made at run time, the first time it is
// used, and a start that reads two options of twenty should not pay for twenty (about 35,000
// instructions each).
extension AppOptions.Entry {
    /// A flag (`--feed`) that sets a `Bool` property.
    public static func flag(
        _ name: String, _ property: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, Bool>, help: String,
        changesOutput: Bool = false, isHidden: Bool = false
    ) -> Self {
        Self(
            AppOption(flag: name, help: help, changesOutput: changesOutput, isHidden: isHidden),
            read: { options, _ throws(LaunchCommand.UsageError) in options[keyPath: property()] = true },
            written: { options, _ in options[keyPath: property()] ? AppOption.Given(name: name, value: nil) : nil })
    }

    /// An option whose value is text kept as typed: a name, a slug, or a file's or folder's path
    /// (`values: .files` or `.folders`). With `whenEmpty`, an empty value is refused with that message
    /// ("--topic takes a topic's slug, e.g. --topic nature").
    public static func text(
        _ name: String, _ property: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, String?>, valueName: String,
        values: AppOption.Values = .text,
        help: String, changesOutput: Bool = false, isHidden: Bool = false, whenEmpty: String? = nil
    ) -> Self {
        Self(
            AppOption(name, valueName: valueName, values: values, help: help, changesOutput: changesOutput, isHidden: isHidden),
            read: { options, given throws(LaunchCommand.UsageError) in
                let value = given.value ?? ""
                if let whenEmpty, value.isEmpty { throw LaunchCommand.UsageError(whenEmpty) }
                options[keyPath: property()] = value
            },
            written: { options, _ in options[keyPath: property()].map { AppOption.Given(name: name, value: $0) } })
    }

    /// An option that takes one of a fixed set of words, the raw values of `Choice`'s cases:
    /// "--layout takes list or grid, not 'x'". Completions offer the words.
    public static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ property: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, Choice>, valueName: String,
        help: String,
        changesOutput: Bool = false, isHidden: Bool = false
    ) -> Self where Choice.RawValue == String {
        let words = Choice.allCases.map { $0.rawValue }
        return parsed(
            AppOption(name, valueName: valueName, values: .words(words), help: help, changesOutput: changesOutput, isHidden: isHidden),
            parse: { Choice(rawValue: $0) }, format: { $0.rawValue }, invalid: { choiceMistake(name, $0, words: words) },
            set: { $0[keyPath: property()] = $1 }, get: { $0[keyPath: property()] })
    }

    /// A choice (see above) that may be left unset: nil until it is given.
    public static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ property: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, Choice?>, valueName: String,
        help: String,
        changesOutput: Bool = false, isHidden: Bool = false
    ) -> Self where Choice.RawValue == String {
        let words = Choice.allCases.map { $0.rawValue }
        return parsed(
            AppOption(name, valueName: valueName, values: .words(words), help: help, changesOutput: changesOutput, isHidden: isHidden),
            parse: { Choice(rawValue: $0) }, format: { $0.rawValue }, invalid: { choiceMistake(name, $0, words: words) },
            set: { $0[keyPath: property()] = $1 }, get: { $0[keyPath: property()] })
    }

    /// An option whose value `parse` reads (a number, a size) and `format` writes back; a value
    /// `parse` refuses gets the message `invalid` makes of it, which says what to type instead.
    public static func value<Value: Sendable>(
        _ name: String, _ property: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, Value>, valueName: String, help: String,
        changesOutput: Bool = false, isHidden: Bool = false,
        parse: @escaping @Sendable (String) -> Value?, format: @escaping @Sendable (Value) -> String = { "\($0)" },
        invalid: @escaping @Sendable (String) -> String
    ) -> Self {
        parsed(
            AppOption(name, valueName: valueName, help: help, changesOutput: changesOutput, isHidden: isHidden),
            parse: parse, format: format, invalid: invalid, set: { $0[keyPath: property()] = $1 }, get: { $0[keyPath: property()] })
    }

    /// A value (see above) that may be left unset: nil until it is given.
    public static func value<Value: Sendable>(
        _ name: String, _ property: @autoclosure @escaping @Sendable () -> WritableKeyPath<Options, Value?>, valueName: String,
        help: String,
        changesOutput: Bool = false, isHidden: Bool = false,
        parse: @escaping @Sendable (String) -> Value?, format: @escaping @Sendable (Value) -> String = { "\($0)" },
        invalid: @escaping @Sendable (String) -> String
    ) -> Self {
        parsed(
            AppOption(name, valueName: valueName, help: help, changesOutput: changesOutput, isHidden: isHidden),
            parse: parse, format: format, invalid: invalid, set: { $0[keyPath: property()] = $1 }, get: { $0[keyPath: property()] })
    }

    /// An option whose value is parsed, set, and written back formatted (nil from `get`: not written).
    private static func parsed<Value>(
        _ declaration: AppOption, parse: @escaping @Sendable (String) -> Value?, format: @escaping @Sendable (Value) -> String,
        invalid: @escaping @Sendable (String) -> String,
        set: @escaping @Sendable (inout Options, Value) -> Void, get: @escaping @Sendable (Options) -> Value?
    ) -> Self {
        Self(
            declaration,
            read: { options, given throws(LaunchCommand.UsageError) in
                guard let value = parse(given.value ?? "") else { throw LaunchCommand.UsageError(invalid(given.value ?? "")) }
                set(&options, value)
            },
            written: { options, _ in get(options).map { AppOption.Given(name: declaration.name, value: format($0)) } })
    }

    /// "--layout takes list or grid, not 'x'".
    private static func choiceMistake(_ name: String, _ value: String, words: [String]) -> String {
        let listed = words.dropLast().joined(separator: ", ") + (words.count > 1 ? " or " : "") + (words.last ?? "")
        return "\(name) takes \(listed), not '\(value)'"
    }
}

/// The file a header is written into (a recording, a transcript): a path in the header is written
/// relative to its folder when it lies there, else absolute.
public struct HeaderFile: Sendable {
    /// The file's path, as given.
    public let path: String

    /// The file at `path`, as the command line gave it.
    public init(path: String) {
        self.path = path
    }

    /// `path` as this file's header writes it: relative to the file's folder when it lies there or
    /// below (`photos`, `.`), else absolute.
    public func written(path value: String) -> String {
        FilePaths.written(value, inFileAt: path)
    }
}
