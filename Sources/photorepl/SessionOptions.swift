#if canImport(Glibc)
import Glibc
#endif
import PhotoDomain
import REPLEngine
import REPLLauncher
import Scenes
import TerminalPictures

/// Where photos come from.
enum PhotoSource: String, CaseIterable, Sendable {
    /// The catalog compiled into photorepl: offline, deterministic.
    case embedded
    /// A folder of the user's own photos.
    case folder
    /// The Unsplash API (UNSPLASH_ACCESS_KEY; UNSPLASH_API_URL for another server).
    case unsplash
}

/// What makes a session reproducible: the source, the seed of its random picks, and how pictures
/// are shown. Accepted by the interactive REPL, `run` and `test` alike, anywhere on the command line
/// (the launcher reads it; `init(_:)` reads the values).
struct SessionOptions: Sendable {
    var source: PhotoSource?
    var folder: String?
    /// How the folder is named in messages when it was resolved from a transcript's header (relative
    /// to the transcript, so that its output does not depend on where `test` runs from).
    var folderShownAs: String?
    var seed: UInt64 = EmbeddedPhotosWorker.defaultSeed
    var preview: PreviewMode = .auto
    var previewSize: CellBox?
    /// `--sheet-size`: the area of a contact sheet, when not the terminal's window.
    var sheetSize: CellBox?
    var cassette: String?
    var timeout: UInt32 = 15
    var fetchDelay: UInt32 = 0
    /// The thumbnail cache's folder (`--thumbnails DIR`), when not the standard one.
    var thumbnails: String?
    /// `--no-cache`: no thumbnail cache, read or written.
    var noCache = false
    /// `--feed`: `fetch` pages through the source's photos, newest first, instead of random ones.
    var feed = false
    /// `--topic SLUG`, `--collection ID`: the Unsplash topic's or collection's photos as the feed.
    var topic: String?
    var collection: String?
    /// `--layout list|grid`: how lists of photos are shown at first.
    var layout: BrowseSettings.Layout = .list
    /// `--open FILE` (or a photo file alone on the command line): the photo shown at start, in the
    /// detail, its folder the source.
    var open: String?

    /// One of photorepl's options: how the launcher and `--help` know it, and what its value sets.
    struct Option: Sendable {
        let declaration: AppOption
        let apply: @Sendable (inout SessionOptions, String) throws(LaunchCommand.UsageError) -> Void

        init(_ declaration: AppOption, apply: @escaping @Sendable (inout SessionOptions, String) throws(LaunchCommand.UsageError) -> Void) {
            self.declaration = declaration
            self.apply = apply
        }
    }

    /// photorepl's options, each declared once: its name, value, help and what it sets.
    static let options: [Option] = [
        Option(AppOption("--source", valueName: "SOURCE", values: .words(PhotoSource.allCases.map(\.rawValue)), help: "Where photos come from: embedded (the default), folder (the current directory, or --folder) or unsplash (the Unsplash API, with UNSPLASH_ACCESS_KEY).")) { options, value throws(LaunchCommand.UsageError) in
            guard let source = PhotoSource(rawValue: value) else {
                throw LaunchCommand.UsageError("--source takes \(alternatives(PhotoSource.allCases.map(\.rawValue))), not '\(value)'")
            }
            options.source = source
        },
        Option(AppOption("--folder", valueName: "DIR", values: .folders, help: "A folder of photos to browse: JPEG, PNG, WebP, GIF, HEIC, AVIF, JPEG XL, camera RAW and TIFF from their JPEG previews (implies --source folder).")) { options, value in
            options.folder = value
        },
        Option(AppOption("--open", valueName: "FILE", values: .files, help: "Start on this photo, shown in the detail, its folder the source ('back' lists it with others of the folder). 'photorepl FILE' means the same.")) { options, value throws(LaunchCommand.UsageError) in
            guard !value.isEmpty else { throw LaunchCommand.UsageError("--open takes a photo file, e.g. --open ~/Pictures/photo.jpg") }
            options.open = value
        },
        Option(AppOption("--folder-shown-as", valueName: "NAME", help: "How the folder is named in messages.", isHidden: true)) { options, value in
            options.folderShownAs = value
        },
        Option(AppOption("--seed", valueName: "SEED", help: "The seed of the random picks: the same seed, the same photos (default: \(EmbeddedPhotosWorker.defaultSeed)).")) { options, value throws(LaunchCommand.UsageError) in
            guard let seed = UInt64(value) else {
                throw LaunchCommand.UsageError("--seed takes a whole number, not '\(value)' (type e.g. --seed 7)")
            }
            options.seed = seed
        },
        Option(AppOption("--preview", valueName: "MODE", values: .words(PreviewMode.allCases.map(\.rawValue)), help: "How pictures are drawn: auto (the default: the best the terminal can show; none when output is not a terminal), symbols, sixel, kitty, iterm, ascii (plain text, the same everywhere: for scripts and golden files) or none.")) { options, value throws(LaunchCommand.UsageError) in
            guard let preview = PreviewMode(rawValue: value) else {
                throw LaunchCommand.UsageError("--preview takes \(alternatives(PreviewMode.allCases.map(\.rawValue))), not '\(value)'")
            }
            options.preview = preview
        },
        Option(AppOption("--preview-size", valueName: "COLSxROWS", help: "The box a picture must fit in, in terminal cells (default: the terminal's width and 60 % of its height).")) { options, value throws(LaunchCommand.UsageError) in
            guard let size = CellBox(parsing: value) else {
                throw LaunchCommand.UsageError("--preview-size takes COLSxROWS within 1x1…\(CellBox.maximum.columns)x\(CellBox.maximum.rows), e.g. 80x40, not '\(value)'")
            }
            options.previewSize = size
        },
        Option(AppOption("--sheet-size", valueName: "COLSxROWS", help: "The area a contact sheet ('grid') fills, in terminal cells: its thumbnails are 18x9 cells with a caption under each (default: the terminal's window; 80x20 when output is not a terminal).")) { options, value throws(LaunchCommand.UsageError) in
            guard let size = CellBox(parsing: value) else {
                throw LaunchCommand.UsageError("--sheet-size takes COLSxROWS within 1x1…\(CellBox.maximum.columns)x\(CellBox.maximum.rows), e.g. 120x50, not '\(value)'")
            }
            options.sheetSize = size
        },
        Option(AppOption("--cassette", valueName: "FILE", values: .files, help: "Record the network session into FILE, or replay it from FILE when it exists (then nothing touches the network, and no key is needed).")) { options, value in
            options.cassette = value
        },
        Option(AppOption("--timeout", valueName: "SECONDS", help: "How long a request may take before it is given up (default: 15).")) { options, value throws(LaunchCommand.UsageError) in
            guard let timeout = UInt32(value) else {
                throw LaunchCommand.UsageError("--timeout takes 1…3600 seconds, not '\(value)' (type e.g. --timeout 30)")
            }
            options.timeout = timeout
        },
        Option(AppOption("--thumbnails", valueName: "DIR", values: .folders, help: "The thumbnail cache, shared with the desktop (freedesktop.org's standard): read, and written for photos of a folder (default: $XDG_CACHE_HOME/thumbnails, else ~/.cache/thumbnails; 'photorepl test' uses none unless given).")) { options, value throws(LaunchCommand.UsageError) in
            guard !value.isEmpty else { throw LaunchCommand.UsageError("--thumbnails takes a folder, e.g. --thumbnails ~/.cache/thumbnails") }
            options.thumbnails = value
        },
        Option(AppOption(flag: "--no-cache", help: "Neither read nor write the thumbnail cache.")) { options, _ in
            options.noCache = true
        },
        Option(AppOption(flag: "--feed", help: "Page through the source's photos, newest first (Unsplash: GET /photos; a folder: by EXIF date, else file time; the catalog: in its order), instead of random ones: 'fetch' loads the first page, 'next' past the last photo the next.")) { options, _ in
            options.feed = true
        },
        Option(AppOption("--topic", valueName: "SLUG", help: "Page through an Unsplash topic's photos (GET /topics/SLUG/photos), like --feed.")) { options, value throws(LaunchCommand.UsageError) in
            guard !value.isEmpty else { throw LaunchCommand.UsageError("--topic takes a topic's slug, e.g. --topic nature") }
            options.topic = value
        },
        Option(AppOption("--collection", valueName: "ID", help: "Page through an Unsplash collection's photos (GET /collections/ID/photos), like --feed.")) { options, value throws(LaunchCommand.UsageError) in
            guard !value.isEmpty else { throw LaunchCommand.UsageError("--collection takes a collection's id, e.g. --collection 1580860") }
            options.collection = value
        },
        Option(AppOption("--layout", valueName: "LAYOUT", values: .words(BrowseSettings.Layout.allCases.map(\.rawValue)), help: "How lists of photos are shown at first: list (one line a photo, the default) or grid (contact sheets of thumbnails); 'layout' changes it.")) { options, value throws(LaunchCommand.UsageError) in
            guard let layout = BrowseSettings.Layout(rawValue: value) else {
                throw LaunchCommand.UsageError("--layout takes list or grid, not '\(value)'")
            }
            options.layout = layout
        },
        Option(AppOption("--fetch-delay", valueName: "MILLISECONDS", help: "Make every fetch and every picture take this long, like a slow network (to try Ctrl-C).")) { options, value throws(LaunchCommand.UsageError) in
            guard let delay = UInt32(value) else {
                throw LaunchCommand.UsageError("--fetch-delay takes a whole number of milliseconds, not '\(value)' (type e.g. --fetch-delay 500)")
            }
            options.fetchDelay = delay
        },
    ]

    /// photorepl's options, for the launcher's command line and `--help`.
    static let declared: [AppOption] = options.map(\.declaration)

    /// The defaults.
    init() {}

    /// Checks one option's value as `set` reads it, not whether it goes with others (a preference's
    /// line).
    static func checkValue(_ given: AppOption.Given) throws(LaunchCommand.UsageError) {
        var options = SessionOptions()
        try options.set([given])
    }

    /// The options typed on a command line (the defaults for the ones not typed; the last one wins
    /// when one is typed twice), checked together by `validate()`.
    init(_ given: [AppOption.Given]) throws(LaunchCommand.UsageError) {
        try set(given)
        try validate()
    }

    /// Sets the options typed, in their order.
    mutating func set(_ given: [AppOption.Given]) throws(LaunchCommand.UsageError) {
        for typed in given {
            guard let option = Self.options.first(where: { $0.declaration.name == typed.name }) else {
                throw LaunchCommand.UsageError("unknown option '\(typed.name)'")
            }
            try option.apply(&self, typed.value ?? "")
        }
    }

    /// `a, b or c`.
    private static func alternatives(_ words: [String]) -> String {
        words.dropLast().joined(separator: ", ") + (words.count > 1 ? " or " : "") + (words.last ?? "")
    }

    /// The source in effect: `--folder` or `--open` alone implies the folder source.
    var effectiveSource: PhotoSource { source ?? (folder != nil || open != nil ? .folder : .embedded) }

    /// The folder of the folder source: `--folder`, else the opened photo's, else the current directory.
    var folderPath: String { folder ?? openedPhoto?.folder ?? "." }

    /// `--open`'s photo as its folder and its name there.
    var openedPhoto: (folder: String, name: String)? {
        guard let open else { return nil }
        guard let slash = open.lastIndex(of: "/") else { return (".", open) }
        let folder = String(open[..<slash])
        return (folder.isEmpty ? "/" : folder, String(open[open.index(after: slash)...]))
    }

    /// Checks the options together: the ones that do not go together, the timeout's range.
    func validate() throws(LaunchCommand.UsageError) {
        if let source, source != .folder, folder != nil {
            throw LaunchCommand.UsageError("--folder needs the folder source: drop --source \(source.rawValue), or use --source folder")
        }
        if let opened = openedPhoto {
            if let source, source != .folder {
                throw LaunchCommand.UsageError("--open shows a photo of a folder: drop --source \(source.rawValue)")
            }
            if let folder, !Self.isSameFolder(folder, opened.folder) {
                throw LaunchCommand.UsageError("--open \(open!) browses the photo's own folder: drop --folder \(folder)")
            }
            if feed {
                throw LaunchCommand.UsageError("--open starts on a photo and --feed on the newest: choose one")
            }
            if opened.name.isEmpty || opened.name == "." || opened.name == ".." {
                throw LaunchCommand.UsageError("--open takes a photo file, not the folder '\(open!)' (type --folder \(open!) to browse it)")
            }
        }
        if cassette != nil, effectiveSource != .unsplash {
            throw LaunchCommand.UsageError("--cassette records and replays a network source: add --source unsplash")
        }
        if (topic != nil || collection != nil), effectiveSource != .unsplash {
            throw LaunchCommand.UsageError("\(topic != nil ? "--topic" : "--collection") pages through Unsplash: add --source unsplash")
        }
        if topic != nil && collection != nil {
            throw LaunchCommand.UsageError("--topic and --collection are two feeds: choose one")
        }
        if timeout == 0 || timeout > 3600 {
            throw LaunchCommand.UsageError("--timeout takes 1…3600 seconds, not \(timeout) (type e.g. --timeout 30)")
        }
    }

    /// Whether two paths name one folder: the same one on disk (`dir/` and `dir`, `~/x` and `x` typed
    /// in `~`), else the same words.
    static func isSameFolder(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        if stat(a, &first) == 0, stat(b, &second) == 0 { return first.st_dev == second.st_dev && first.st_ino == second.st_ino }
        return a == b
    }

    /// The options as they would be typed again, for a recorded script's header.
    var replayArguments: String {
        var words = ["--source", effectiveSource.rawValue, "--seed", String(seed)]
        if let open { words += ["--open", Self.quoted(open)] } else if effectiveSource == .folder { words += ["--folder", Self.quoted(folderPath)] }
        if let cassette { words += ["--cassette", Self.quoted(cassette)] }
        if preview != .auto { words += ["--preview", preview.rawValue] }
        if let previewSize { words += ["--preview-size", previewSize.description] }
        if let sheetSize { words += ["--sheet-size", sheetSize.description] }
        if noCache { words.append("--no-cache") } else if let thumbnails { words += ["--thumbnails", Self.quoted(thumbnails)] }
        if feed { words.append("--feed") }
        if let topic { words += ["--topic", Self.quoted(topic)] }
        if let collection { words += ["--collection", Self.quoted(collection)] }
        if layout != .list { words += ["--layout", layout.rawValue] }
        return words.joined(separator: " ")
    }

    private static func quoted(_ word: String) -> String {
        word.allSatisfy { $0.isLetter || $0.isNumber || "/._-~".contains($0) } ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}

extension SessionOptions {
    /// These options with a transcript's or script's own (`# photorepl: --preview ascii …`) over
    /// them; a relative `--folder` there is relative to the file's folder.
    func applying(_ header: TranscriptSuite.SessionHeader) throws(TranscriptSuite.Failure) -> SessionOptions {
        var merged = self
        // Only a header's own relative --folder (below) says how its folder is shown.
        merged.folderShownAs = nil
        do throws(LaunchCommand.UsageError) {
            try merged.set(LaunchCommand.parseOptions(header.arguments, options: Self.declared))
            try merged.validate()
        } catch {
            throw TranscriptSuite.Failure(message: "\(header.path):1: the options in '\(header.prefix) \(header.arguments.joined(separator: " "))' are not valid: \(error.message)")
        }
        func named(_ option: String) -> Bool { header.arguments.contains { $0 == option || $0.hasPrefix(option + "=") } }
        if named("--folder"), let folder = merged.folder, !folder.hasPrefix("/") {
            merged.folder = header.directory + "/" + folder
            merged.folderShownAs = folder
        }
        if named("--open"), let open = merged.open, !open.hasPrefix("/") {
            merged.open = header.directory + "/" + open
            merged.folderShownAs = merged.openedPhoto.map { _ in open.lastIndex(of: "/").map { String(open[..<$0]) } ?? "." }
        }
        if named("--cassette"), let cassette = merged.cassette, !cassette.hasPrefix("/") {
            merged.cassette = header.directory + "/" + cassette
        }
        if named("--thumbnails"), let thumbnails = merged.thumbnails, !thumbnails.hasPrefix("/") {
            merged.thumbnails = header.directory + "/" + thumbnails
        }
        return merged
    }
}
