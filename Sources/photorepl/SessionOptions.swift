import Imaging
import PhotoDomain
import SystemCalls
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
/// are shown. Accepted by the interactive REPL, `run` and `test` alike, anywhere on the command line,
/// in the preferences, and in a script's or transcript's header; each option is declared once, in
/// `options` (the launcher reads and writes them with it).
struct SessionOptions: Sendable {
    var source: PhotoSource?
    var folder: String?
    /// How messages name the folder: as a header wrote it, relative to its file, so that a
    /// transcript's output does not depend on where `test` runs from (nil: as `folderPath`).
    var folderShownAs: String?
    var seed: UInt64 = EmbeddedPhotosWorker.defaultSeed
    var preview: PreviewMode = .auto
    var previewSize: CellBox?
    /// `--sheet-size`: the area of a contact sheet, when not the terminal's window.
    var sheetSize: CellBox?
    /// `--cell-size`: a cell's size in pixels where no terminal says it (a transcript's check of a
    /// session that drew its pictures in pixels: the same cells make the same pictures' choices).
    var cellSize: PixelSize?
    var cassette: String?
    var timeout: UInt32 = 15
    var fetchDelay: UInt32 = 0
    /// The thumbnail cache's folder (`--thumbnails DIR`), when not the standard one.
    var thumbnails: String?
    /// `--no-cache`: no thumbnail cache, read or written.
    var noCache = false
    /// Every file kept as it is: judgements (which write the photos' sidecars) refused.
    var readOnly = false
    /// The next photo shown after each rating, reject and label, as Lightroom's auto-advance.
    var advance = false
    /// `--no-animation`: an animated photo's first frame only, in the detail too.
    var noAnimation = false
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
    /// `--listing`: the folder's photos as a recording saw them; a replay on others says so.
    var listing: FolderListing?
    /// `--browse` (or a folder alone on the command line): the folder listed whole at start, as an
    /// image viewer lists it, instead of the sample app's count and random fetch.
    var browse = false
    /// `--sort ORDER`: the order a folder browsed whole is listed in at start (implies `--browse`).
    var sort: PhotoOrder?

    typealias Entry = AppOptions<SessionOptions>.Entry

    /// photorepl's options, each declared once: its name, value, help, what it sets, and whether a
    /// recording's header keeps it (it changes the output).
    static let options = AppOptions(
        defaults: SessionOptions(),
        [
            .choice(
                "--source", \.source, valueName: "SOURCE",
                help:
                    "Where photos come from: embedded (the default), folder (the current directory, or --folder) or unsplash (the Unsplash API, with UNSPLASH_ACCESS_KEY).",
                changesOutput: true),
            Entry(
                AppOption(
                    "--folder", valueName: "DIR", values: .folders,
                    help:
                        "A folder of photos to browse: JPEG, PNG, WebP, GIF, HEIC, AVIF, JPEG XL, camera RAW and TIFF from their JPEG previews (implies --source folder).",
                    changesOutput: true),
                read: { options, given throws(LaunchCommand.UsageError) in
                    options.folder = given.value ?? ""
                    options.folderShownAs = given.asWritten
                },
                // The folder browsed, whichever way it was named (the current one for --source folder).
                written: { options, _ in
                    options.effectiveSource == .folder && options.open == nil
                        ? AppOption.Given(name: "--folder", value: options.folderPath) : nil
                }),
            Entry(
                AppOption(
                    "--open", valueName: "FILE", values: .files,
                    help:
                        "Start on this photo, shown in the detail, its folder the source ('back' lists it with others of the folder). 'photorepl FILE' means the same.",
                    changesOutput: true),
                read: { options, given throws(LaunchCommand.UsageError) in
                    guard let value = given.value, !value.isEmpty else {
                        throw LaunchCommand.UsageError("--open takes a photo file, e.g. --open ~/Pictures/photo.jpg")
                    }
                    options.open = value
                    // Named as the header wrote it: its folder is named so in messages.
                    options.folderShownAs = given.asWritten.map(Self.folderName(of:))
                },
                written: { options, _ in options.open.map { AppOption.Given(name: "--open", value: $0) } }),
            // How messages name the folder, where a replay would name it otherwise: the session named it
            // as typed, a replay as its header writes it (relative to the file, or absolute).
            Entry(
                AppOption(
                    "--folder-shown-as", valueName: "NAME",
                    help: "How messages name the folder (a header's, when its path is written otherwise than it was typed).",
                    changesOutput: true, isHidden: true),
                read: { options, given throws(LaunchCommand.UsageError) in options.folderShownAs = given.value },
                written: { options, file in
                    guard options.effectiveSource == .folder else { return nil }
                    let shown = options.folderShownName
                    let replayed =
                        options.open.map { open in Self.folderName(of: file.written(path: open)) } ?? file.written(path: options.folderPath)
                    return shown == replayed ? nil : AppOption.Given(name: "--folder-shown-as", value: shown)
                }),
            .value(
                "--seed", \.seed, valueName: "SEED",
                help: "The seed of the random picks: the same seed, the same photos (default: \(EmbeddedPhotosWorker.defaultSeed)).",
                changesOutput: true, parse: { UInt64($0) }, invalid: { "--seed takes a whole number, not '\($0)' (type e.g. --seed 7)" }),
            .choice(
                "--preview", \.preview, valueName: "MODE",
                help:
                    "How pictures are drawn: auto (the default: the best the terminal can show; none when output is not a terminal), symbols, sixel, kitty, iterm, ascii (plain text, the same everywhere: for scripts and golden files) or none.",
                changesOutput: true),
            .value(
                "--preview-size", \.previewSize, valueName: "COLSxROWS",
                help: "The box a picture must fit in, in terminal cells (default: the terminal's width and 60 % of its height).",
                changesOutput: true, parse: { CellBox(parsing: $0) }, format: { $0.description },
                invalid: {
                    "--preview-size takes COLSxROWS within 1x1…\(CellBox.maximum.columns)x\(CellBox.maximum.rows), e.g. 80x40, not '\($0)'"
                }),
            .value(
                "--sheet-size", \.sheetSize, valueName: "COLSxROWS",
                help:
                    "The area a contact sheet ('grid') fills, in terminal cells: its thumbnails are 18x9 cells with a caption under each (default: the terminal's window; 80x20 when output is not a terminal).",
                changesOutput: true, parse: parseSheetSize, format: { $0.description },
                invalid: {
                    "--sheet-size takes COLSxROWS within \(minimumSheet.columns)x\(minimumSheet.rows) (one thumbnail and its caption)…\(CellBox.maximum.columns)x\(CellBox.maximum.rows), e.g. 120x50, not '\($0)'"
                }),
            .value(
                "--cell-size", \.cellSize, valueName: "WIDTHxHEIGHT",
                help: "A terminal cell's size in pixels, where no terminal says it (a transcript's header).",
                changesOutput: true, isHidden: true, parse: parseCellSize, format: { "\($0.width)x\($0.height)" },
                invalid: {
                    "--cell-size takes WIDTHxHEIGHT in pixels within \(TerminalProbe.plausibleCellWidths.lowerBound)x\(TerminalProbe.plausibleCellHeights.lowerBound)…\(TerminalProbe.plausibleCellWidths.upperBound)x\(TerminalProbe.plausibleCellHeights.upperBound), e.g. 10x20, not '\($0)'"
                }),
            .text(
                "--cassette", \.cassette, valueName: "FILE", values: .files,
                help:
                    "Record the network session into FILE, or replay it from FILE when it exists (then nothing touches the network, and no key is needed).",
                changesOutput: true),
            .value(
                "--timeout", \.timeout, valueName: "SECONDS", help: "How long a request may take before it is given up (default: 15).",
                parse: { UInt32($0) }, invalid: { "--timeout takes 1…3600 seconds, not '\($0)' (type e.g. --timeout 30)" }),
            .text(
                "--thumbnails", \.thumbnails, valueName: "DIR", values: .folders,
                help:
                    "The thumbnail cache, shared with the desktop (freedesktop.org's standard): read, and written for photos of a folder (default: $XDG_CACHE_HOME/thumbnails, else ~/.cache/thumbnails; 'photorepl test' uses none unless given).",
                // Written into a recording's header: which pictures come from the cache shows (`show --why`).
                changesOutput: true, whenEmpty: "--thumbnails takes a folder, e.g. --thumbnails ~/.cache/thumbnails"),
            .flag("--no-cache", \.noCache, help: "Neither read nor write the thumbnail cache."),
            // Written into a recording's header: its replay refuses the judgements as the session did.
            .flag(
                "--read-only", \.readOnly,
                help: "Keep every file as it is: rate, reject, label and keyword, which write the photos' XMP sidecars, are refused.",
                changesOutput: true),
            .flag(
                "--advance", \.advance,
                help:
                    "Show the next photo after each rate, reject and label in the detail (and each digit key), as Lightroom's auto-advance.",
                changesOutput: true),
            // Not an option that changes the output: transcripts, pipes and sheets never play animations.
            .flag(
                "--no-animation", \.noAnimation,
                help:
                    "Show an animated GIF, WebP, APNG or AVIF by its first frame in the detail too, never played (kitty plays it by itself; in sixel, iTerm2 and symbols it is redrawn for at most 10 s or 3 plays, until a key or Ctrl-C)."
            ),
            .flag(
                "--feed", \.feed,
                help:
                    "Page through the source's photos, newest first (Unsplash: GET /photos; a folder: by EXIF date, else file time; the catalog: in its order), instead of random ones: 'fetch' loads the first page, 'next' past the last photo the next.",
                changesOutput: true),
            .text(
                "--topic", \.topic, valueName: "SLUG",
                help: "Page through an Unsplash topic's photos (GET /topics/SLUG/photos), like --feed.", changesOutput: true,
                whenEmpty: "--topic takes a topic's slug, e.g. --topic nature"),
            .text(
                "--collection", \.collection, valueName: "ID",
                help: "Page through an Unsplash collection's photos (GET /collections/ID/photos), like --feed.", changesOutput: true,
                whenEmpty: "--collection takes a collection's id, e.g. --collection 1580860"),
            .choice(
                "--layout", \.layout, valueName: "LAYOUT",
                help:
                    "How lists of photos are shown at first: list (one line a photo, the default) or grid (contact sheets of thumbnails); 'layout' changes it.",
                changesOutput: true),
            // Held to a minute: a header's 4294967295 made a replay wait 49.7 days a fetch.
            .value(
                "--fetch-delay", \.fetchDelay, valueName: "MILLISECONDS",
                help: "Make every fetch and every picture take this long (0…60000), like a slow network (to try Ctrl-C).",
                parse: { UInt32($0).flatMap { $0 <= 60_000 ? $0 : nil } },
                invalid: { "--fetch-delay takes 0…60000 milliseconds, not '\($0)' (type e.g. --fetch-delay 500)" }),
            .flag(
                "--browse", \.browse,
                help:
                    "List the folder's photos whole at start, by name, as an image viewer does ('photorepl DIR' and 'photorepl PHOTO' mean it; 'count N' and 'fetch' still draw photos at random).",
                changesOutput: true),
            .value(
                "--sort", \.sort, valueName: "ORDER",
                help:
                    "The order a folder browsed whole is listed in: name (the default), taken (oldest first; 'date' too), size, camera, iso, focal or rating; 'sort' changes it. Implies --browse.",
                changesOutput: true, parse: { PhotoOrder(word: $0) },
                invalid: { "--sort takes name, taken, size, camera, iso, focal or rating, not '\($0)' (type e.g. --sort taken)" }),
            .value(
                "--listing", \.listing, valueName: "COUNT:DIGEST",
                help: "The folder's photos as a recording saw them (a recording's header): a replay on others says so.",
                changesOutput: true, isHidden: true, parse: { FolderListing($0) },
                invalid: { "--listing takes what a recording wrote (COUNT:DIGEST, 16 hexadecimal digits), not '\($0)'" })
        ]
    ) { options throws(LaunchCommand.UsageError) in try options.validate() }

    /// photorepl's options, for the launcher's command line and `--help`.
    static var declared: [AppOption] { options.declared }

    /// The smallest sheet: one thumbnail and its caption line (a smaller one spilled past its area).
    static let minimumSheet = CellBox(columns: SheetLayout.cell.columns, rows: SheetLayout.cell.rows + 1)

    /// `120x50`: a sheet's area, at least one thumbnail with its caption.
    @Sendable static func parseSheetSize(_ text: String) -> CellBox? {
        guard let box = CellBox(parsing: text), box.columns >= minimumSheet.columns, box.rows >= minimumSheet.rows else { return nil }
        return box
    }

    /// `10x20`: a cell's pixels, within the sizes a terminal's answer is believed.
    @Sendable static func parseCellSize(_ text: String) -> PixelSize? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            TerminalProbe.plausibleCellWidths.contains(width), TerminalProbe.plausibleCellHeights.contains(height)
        else { return nil }
        return PixelSize(width: width, height: height)
    }

    /// The defaults.
    init() {}

    /// The source in effect: `--folder` or `--open` alone implies the folder source, as `--browse`
    /// and `--sort` do (the current folder's photos).
    var effectiveSource: PhotoSource { source ?? (folder != nil || open != nil || browse || sort != nil ? .folder : .embedded) }

    /// Whether the folder is listed whole at start, as a viewer lists it: `--browse`, `--sort`, or a
    /// photo opened (it is shown among all of its folder's photos).
    var browsesWhole: Bool { browse || sort != nil || open != nil }

    /// The folder of the folder source: `--folder`, else the opened photo's, else the current directory.
    var folderPath: String { folder ?? openedPhoto?.folder ?? "." }

    /// How messages name the folder: as a header named it, else as it was typed.
    var folderShownName: String { folderShownAs ?? folderPath }

    /// The folder part of a photo's path (`.` for a bare name).
    static func folderName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

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
        if browse || sort != nil {
            let option = sort != nil ? "--sort" : "--browse"
            if let source, source != .folder {
                throw LaunchCommand.UsageError("\(option) lists a folder whole: drop --source \(source.rawValue)")
            }
            if feed {
                throw LaunchCommand.UsageError("\(option) lists the folder whole and --feed a page at a time, newest first: choose one")
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
}
