import ArgumentParser
import PhotoDomain
import REPLEngine
import TerminalPictures

/// Where photos come from.
enum PhotoSource: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// The catalog compiled into photorepl: offline, deterministic.
    case embedded
    /// A folder of the user's own JPEG and PNG photos.
    case folder
    /// The Unsplash API (UNSPLASH_ACCESS_KEY; UNSPLASH_API_URL for another server).
    case unsplash
}

extension PreviewMode: ExpressibleByArgument {}

extension CellBox: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

/// What makes a session reproducible: the source, the seed of its random picks, and how pictures
/// are shown. Accepted by the interactive REPL, `run` and `test` alike.
struct SessionOptions: ParsableArguments, Sendable {
    @Option(help: ArgumentHelp(
        "Where photos come from: embedded (the default), folder (the current directory, or --folder) or unsplash (the Unsplash API, with UNSPLASH_ACCESS_KEY).",
        valueName: "source"))
    var source: PhotoSource?

    @Option(help: ArgumentHelp("A folder of JPEG and PNG photos to browse (implies --source folder).", valueName: "dir"))
    var folder: String?

    /// How the folder is named in messages when it was resolved from a transcript's header (relative
    /// to the transcript, so that its output does not depend on where `test` runs from).
    @Option(help: .hidden)
    var folderShownAs: String?

    @Option(help: "Seed for the random picks: the same seed fetches the same photos.")
    var seed: UInt64 = EmbeddedPhotosWorker.defaultSeed

    @Option(help: ArgumentHelp(
        "How pictures are drawn: auto (the best the terminal can show; none when output is not a terminal), symbols, sixel, kitty, iterm, ascii (plain text, the same everywhere: for scripts and golden files) or none.",
        valueName: "mode"))
    var preview: PreviewMode = .auto

    @Option(help: ArgumentHelp("The box a picture must fit in, in terminal cells (default: the terminal's width and 60 % of its height).", valueName: "COLSxROWS"))
    var previewSize: CellBox?

    @Option(help: ArgumentHelp(
        "Record the network session into FILE, or replay it from FILE when it exists (then nothing touches the network, and no key is needed).",
        valueName: "file"))
    var cassette: String?

    @Option(help: ArgumentHelp("How long a request may take before it is given up.", valueName: "seconds"))
    var timeout: UInt32 = 15

    @Option(help: ArgumentHelp("Make every fetch and every picture take this long, like a slow network (to try Ctrl-C).", valueName: "milliseconds"))
    var fetchDelay: UInt32 = 0

    /// The source in effect: `--folder` alone implies the folder source.
    var effectiveSource: PhotoSource { source ?? (folder != nil ? .folder : .embedded) }

    /// The folder of the folder source: `--folder`, else the current directory.
    var folderPath: String { folder ?? "." }

    func validate() throws {
        if let source, source != .folder, folder != nil {
            throw ValidationError("--folder needs the folder source: drop --source \(source.rawValue), or use --source folder")
        }
        if cassette != nil, effectiveSource != .unsplash {
            throw ValidationError("--cassette records and replays a network source: add --source unsplash")
        }
        if timeout == 0 || timeout > 3600 {
            throw ValidationError("--timeout takes 1…3600 seconds, not \(timeout) (type e.g. --timeout 30)")
        }
    }

    /// The options as they would be typed again, for a recorded script's header.
    var replayArguments: String {
        var words = ["--source", effectiveSource.rawValue, "--seed", String(seed)]
        if effectiveSource == .folder { words += ["--folder", Self.quoted(folderPath)] }
        if let cassette { words += ["--cassette", Self.quoted(cassette)] }
        if preview != .auto { words += ["--preview", preview.rawValue] }
        if let previewSize { words += ["--preview-size", previewSize.description] }
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
        var base = ["--seed", String(seed), "--preview", preview.rawValue]
        if let source { base += ["--source", source.rawValue] }
        if let folder { base += ["--folder", folder] }
        if let previewSize { base += ["--preview-size", previewSize.description] }
        if fetchDelay > 0 { base += ["--fetch-delay", String(fetchDelay)] }
        if let cassette { base += ["--cassette", cassette] }
        if timeout != 15 { base += ["--timeout", String(timeout)] }
        var merged: SessionOptions
        do {
            merged = try SessionOptions.parse(base + header.arguments)
        } catch {
            throw TranscriptSuite.Failure(message: "\(header.directory): the options in '\(header.prefix) \(header.arguments.joined(separator: " "))' are not valid: \(SessionOptions.message(for: error))")
        }
        func named(_ option: String) -> Bool { header.arguments.contains { $0 == option || $0.hasPrefix(option + "=") } }
        if named("--folder"), let folder = merged.folder, !folder.hasPrefix("/") {
            merged.folder = header.directory + "/" + folder
            merged.folderShownAs = folder
        }
        if named("--cassette"), let cassette = merged.cassette, !cassette.hasPrefix("/") {
            merged.cassette = header.directory + "/" + cassette
        }
        return merged
    }
}
