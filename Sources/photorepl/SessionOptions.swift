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

    /// photorepl's options, for the launcher's command line and `--help`.
    static let declared: [AppOption] = [
        AppOption("--source", valueName: "SOURCE", values: .words(PhotoSource.allCases.map(\.rawValue)), help: "Where photos come from: embedded (the default), folder (the current directory, or --folder) or unsplash (the Unsplash API, with UNSPLASH_ACCESS_KEY)."),
        AppOption("--folder", valueName: "DIR", values: .folders, help: "A folder of photos to browse: JPEG, PNG, WebP, GIF, HEIC, AVIF (implies --source folder)."),
        AppOption("--folder-shown-as", valueName: "NAME", help: "How the folder is named in messages.", isHidden: true),
        AppOption("--seed", valueName: "SEED", help: "The seed of the random picks: the same seed, the same photos (default: \(EmbeddedPhotosWorker.defaultSeed))."),
        AppOption("--preview", valueName: "MODE", values: .words(PreviewMode.allCases.map(\.rawValue)), help: "How pictures are drawn: auto (the default: the best the terminal can show; none when output is not a terminal), symbols, sixel, kitty, iterm, ascii (plain text, the same everywhere: for scripts and golden files) or none."),
        AppOption("--preview-size", valueName: "COLSxROWS", help: "The box a picture must fit in, in terminal cells (default: the terminal's width and 60 % of its height)."),
        AppOption("--sheet-size", valueName: "COLSxROWS", help: "The area a contact sheet ('grid') fills, in terminal cells: its thumbnails are 18x9 cells with a caption under each (default: the terminal's window; 80x20 when output is not a terminal)."),
        AppOption("--cassette", valueName: "FILE", values: .files, help: "Record the network session into FILE, or replay it from FILE when it exists (then nothing touches the network, and no key is needed)."),
        AppOption("--timeout", valueName: "SECONDS", help: "How long a request may take before it is given up (default: 15)."),
        AppOption("--thumbnails", valueName: "DIR", values: .folders, help: "The thumbnail cache, shared with the desktop (freedesktop.org's standard): read, and written for photos of a folder (default: $XDG_CACHE_HOME/thumbnails, else ~/.cache/thumbnails; 'photorepl test' uses none unless given)."),
        AppOption(flag: "--no-cache", help: "Neither read nor write the thumbnail cache."),
        AppOption(flag: "--feed", help: "Page through the source's photos, newest first (Unsplash: GET /photos; a folder: by EXIF date, else file time; the catalog: in its order), instead of random ones: 'fetch' loads the first page, 'next' past the last photo the next."),
        AppOption("--topic", valueName: "SLUG", help: "Page through an Unsplash topic's photos (GET /topics/SLUG/photos), like --feed."),
        AppOption("--collection", valueName: "ID", help: "Page through an Unsplash collection's photos (GET /collections/ID/photos), like --feed."),
        AppOption("--layout", valueName: "LAYOUT", values: .words(BrowseSettings.Layout.allCases.map(\.rawValue)), help: "How lists of photos are shown at first: list (one line a photo, the default) or grid (contact sheets of thumbnails); 'layout' changes it."),
        AppOption("--fetch-delay", valueName: "MILLISECONDS", help: "Make every fetch and every picture take this long, like a slow network (to try Ctrl-C)."),
    ]

    /// The options typed on a command line (the defaults for the ones not typed; the last one wins
    /// when one is typed twice), checked together by `validate()`.
    init(_ given: [AppOption.Given]) throws(LaunchCommand.UsageError) {
        try set(given)
        try validate()
    }

    /// Sets the options typed, in their order.
    mutating func set(_ given: [AppOption.Given]) throws(LaunchCommand.UsageError) {
        for option in given {
            let value = option.value ?? ""
            switch option.name {
            case "--source":
                guard let source = PhotoSource(rawValue: value) else {
                    throw LaunchCommand.UsageError("--source takes \(Self.alternatives(PhotoSource.allCases.map(\.rawValue))), not '\(value)'")
                }
                self.source = source
            case "--folder":
                folder = value
            case "--folder-shown-as":
                folderShownAs = value
            case "--seed":
                guard let seed = UInt64(value) else {
                    throw LaunchCommand.UsageError("--seed takes a whole number, not '\(value)' (type e.g. --seed 7)")
                }
                self.seed = seed
            case "--preview":
                guard let preview = PreviewMode(rawValue: value) else {
                    throw LaunchCommand.UsageError("--preview takes \(Self.alternatives(PreviewMode.allCases.map(\.rawValue))), not '\(value)'")
                }
                self.preview = preview
            case "--preview-size":
                guard let size = CellBox(parsing: value) else {
                    throw LaunchCommand.UsageError("--preview-size takes COLSxROWS within 1x1…\(CellBox.maximum.columns)x\(CellBox.maximum.rows), e.g. 80x40, not '\(value)'")
                }
                previewSize = size
            case "--sheet-size":
                guard let size = CellBox(parsing: value) else {
                    throw LaunchCommand.UsageError("--sheet-size takes COLSxROWS within 1x1…\(CellBox.maximum.columns)x\(CellBox.maximum.rows), e.g. 120x50, not '\(value)'")
                }
                sheetSize = size
            case "--cassette":
                cassette = value
            case "--timeout":
                guard let timeout = UInt32(value) else {
                    throw LaunchCommand.UsageError("--timeout takes 1…3600 seconds, not '\(value)' (type e.g. --timeout 30)")
                }
                self.timeout = timeout
            case "--thumbnails":
                guard !value.isEmpty else { throw LaunchCommand.UsageError("--thumbnails takes a folder, e.g. --thumbnails ~/.cache/thumbnails") }
                thumbnails = value
            case "--no-cache":
                noCache = true
            case "--feed":
                feed = true
            case "--topic":
                guard !value.isEmpty else { throw LaunchCommand.UsageError("--topic takes a topic's slug, e.g. --topic nature") }
                topic = value
            case "--collection":
                guard !value.isEmpty else { throw LaunchCommand.UsageError("--collection takes a collection's id, e.g. --collection 1580860") }
                collection = value
            case "--layout":
                guard let layout = BrowseSettings.Layout(rawValue: value) else {
                    throw LaunchCommand.UsageError("--layout takes list or grid, not '\(value)'")
                }
                self.layout = layout
            case "--fetch-delay":
                guard let delay = UInt32(value) else {
                    throw LaunchCommand.UsageError("--fetch-delay takes a whole number of milliseconds, not '\(value)' (type e.g. --fetch-delay 500)")
                }
                fetchDelay = delay
            default:
                throw LaunchCommand.UsageError("unknown option '\(option.name)'")
            }
        }
    }

    /// `a, b or c`.
    private static func alternatives(_ words: [String]) -> String {
        words.dropLast().joined(separator: ", ") + (words.count > 1 ? " or " : "") + (words.last ?? "")
    }

    /// The source in effect: `--folder` alone implies the folder source.
    var effectiveSource: PhotoSource { source ?? (folder != nil ? .folder : .embedded) }

    /// The folder of the folder source: `--folder`, else the current directory.
    var folderPath: String { folder ?? "." }

    /// Checks the options together: the ones that do not go together, the timeout's range.
    func validate() throws(LaunchCommand.UsageError) {
        if let source, source != .folder, folder != nil {
            throw LaunchCommand.UsageError("--folder needs the folder source: drop --source \(source.rawValue), or use --source folder")
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

    /// The options as they would be typed again, for a recorded script's header.
    var replayArguments: String {
        var words = ["--source", effectiveSource.rawValue, "--seed", String(seed)]
        if effectiveSource == .folder { words += ["--folder", Self.quoted(folderPath)] }
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
        if named("--cassette"), let cassette = merged.cassette, !cassette.hasPrefix("/") {
            merged.cassette = header.directory + "/" + cassette
        }
        if named("--thumbnails"), let thumbnails = merged.thumbnails, !thumbnails.hasPrefix("/") {
            merged.thumbnails = header.directory + "/" + thumbnails
        }
        return merged
    }
}
