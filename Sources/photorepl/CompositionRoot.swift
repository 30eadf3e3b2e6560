import Networking
import PhotoDomain
import REPLEngine
import REPLLauncher
import Scenes
import TerminalPictures

/// The one place that knows every scene and every worker: registers the scene modules with the
/// engine, injects the photo source, its pictures, its saving and the picture display, and shows the
/// root scene.
@MainActor
enum CompositionRoot {
    /// The session's engine, and what it could not write: a cassette is appended to after each
    /// exchange, and one that could not be keeps the exchanges before, whole; the session still ends
    /// in exit 73.
    static func makeSession(_ options: SessionOptions, setup: SessionSetup, display: PictureDisplay.Setting) throws(SessionSetupFailure)
        -> AppSession
    {
        let console = setup.console, isInteractive = setup.isInteractive, isCheckingTranscript = setup.isCheckingTranscript
        // A transcript's check writes what `save` writes into a folder of its own.
        var writePlace: (@Sendable (String) -> String)?
        if let writes = setup.replayWrites {
            writePlace = { path in writes.place(for: path) }
        }
        let pictureDisplay = PictureDisplay(display)
        // A check decodes no picture its transcript does not hold (one in symbols, sixel or kitty).
        pictureDisplay.decodesOnlyComparedPictures = isCheckingTranscript
        // Inside tmux, what comes before a picture is drawn before the picture passes through (the
        // renderer marks where, in tmux only: `TerminalPicture.drawnBefore`).
        if display.outputIsTerminal {
            console.waitUntilDrawn = { _ = TerminalProbe.waitForCursorReport() }
        }
        // Long work (a big folder walked, a slow network, a sheet of large photos) is shown on
        // standard error while it runs, on a terminal only.
        let progress = WorkProgress(display: ProgressLine.isWanted(checkingTranscript: isCheckingTranscript) ? ProgressLine() : nil)
        var (source, pictures, cassette, folderWorker, listingNote) = try makeSource(
            options, setup, progress: progress, writePlace: writePlace)
        if options.fetchDelay > 0 {
            source = DelayedSourceWorker(source, delay: .milliseconds(options.fetchDelay), progress: progress)
            pictures = DelayedPicturesWorker(pictures, delay: .milliseconds(options.fetchDelay))
        }
        let isFeed = options.feed || options.topic != nil || options.collection != nil
        let settings = BrowseSettings(layout: options.layout)
        let engine = Engine(console: console)
        engine.register(
            PhotoCollectionView.module(
                worker: source, sourceName: options.effectiveSource.rawValue, pictures: pictures, display: pictureDisplay,
                showsCountOnLoad: options.browsesWhole ? .none : isInteractive ? .transcriptOnly : .shown, feed: isFeed ? source : nil,
                listing: options.browsesWhole ? folderWorker : nil, settings: settings, photosAreFiles: folderWorker != nil,
                judges: folderWorker, describer: folderWorker, acting: folderWorker))
        engine.register(
            PhotoDetailView.module(
                pictures: pictures, saver: source, describer: folderWorker, display: pictureDisplay,
                animations: isInteractive ? folderWorker : nil, keys: isInteractive ? KeyPresses() : nil,
                photosAreFiles: folderWorker != nil, judges: folderWorker, advances: options.advance, acting: folderWorker))
        engine.register(IndexEditView.module())
        engine.register(PhotoAuthorView.module(worker: source, pictures: pictures, display: pictureDisplay, settings: settings))
        engine.register(PhotoSearchView.module(worker: source, pictures: pictures, display: pictureDisplay, settings: settings))
        if let listingNote { console.writeLine(listingNote) }
        engine.start(root: PhotoCollectionView.self)
        if options.browsesWhole {
            // The folder listed whole, as an image viewer lists it; a photo opened on is then shown
            // in the detail, at its place among them (only the detail is shown; `back` lists them).
            engine.opening = ["sort \((options.sort ?? .name).rawValue)"]
            if let opened = options.openedPhoto {
                engine.opening.append("open " + Tokenizer.quoted(PhotoFolder.displayID(Array(opened.name.utf8))))
            }
        }
        installPromptHooks(on: engine, console: console, display: pictureDisplay, judges: folderWorker != nil)
        let recording = cassette
        var session = AppSession(
            engine: engine,
            outputFailures: {
                // Thumbnails still being made are finished, not cut off; one that cannot be written is
                // not the session's failure (the cache is made again as it is used).
                await folderWorker?.finishThumbnails()
                return await recording?.writeFailure.map { [$0] } ?? []
            })
        // A recording keeps the sizes it lays out with (its replay lays out the same, within its own
        // window) and the folder's listing (its replay on other photos says so).
        session.recordedOptions = {
            var options = transcriptOptions(pictureDisplay.recordedSizes())
            if let listing = try? folderWorker?.listing() { options.append(AppOption.Given(name: "--listing", value: listing.description)) }
            return options
        }
        // A transcript keeps how its pictures were drawn: its check, on no terminal, draws as it did.
        session.transcriptOptions = { transcriptOptions(pictureDisplay.replay()) }
        return session
    }

    /// The session's one source, and its pictures (kept once decoded, like every source's: a photo
    /// opened, shown again and paged to is decoded once, not three times); with the cassette it
    /// records to, the folder's worker, and the note a replay on a folder that changed begins with.
    private static func makeSource(
        _ options: SessionOptions, _ setup: SessionSetup, progress: WorkProgress, writePlace: (@Sendable (String) -> String)?
    ) throws(SessionSetupFailure) -> (
        source: any PhotoSourceWorker, pictures: PhotoPicturesWorker, cassette: CassetteTransport?, folderWorker: FolderPhotosWorker?,
        listingNote: String?
    ) {
        let isCheckingTranscript = setup.isCheckingTranscript
        let source: any PhotoSourceWorker
        let pictures: PhotoPicturesWorker
        var cassette: CassetteTransport?
        var folderWorker: FolderPhotosWorker?
        var listingNote: String?
        switch options.effectiveSource {
        case .embedded:
            source = EmbeddedPhotosWorker(seed: options.seed)
            pictures = CachingPicturesWorker(BlurHashPicturesWorker(), progress: progress)
        case .folder:
            // Checked before anything starts: a folder that is not there would fail only at 'fetch'.
            if let problem = FolderCheck.problem(options.folderPath) {
                throw SessionSetupFailure(
                    message: "--folder \(TerminalText.truncate(TerminalText.oneLine(options.folderPath), toWidth: 80)): \(problem)",
                    exitCode: 66)
            }
            if let open = options.open, !PhotoFolder.isPhoto(open) {
                throw SessionSetupFailure(
                    message: "--open \(TerminalText.truncate(TerminalText.oneLine(open), toWidth: 80)): \(FolderCheck.photoProblem(open))",
                    exitCode: 66)
            }
            // The photos' metadata `sort` and `filter` read is kept for next time in the photo index;
            // a transcript's check keeps none (it reads every file, as a first session does).
            let indexPath =
                options.noCache || isCheckingTranscript ? nil : PhotoIndex.standardPath(environment: Environment.environmentValue)
            // A transcript's check acts on a copy of its folder: a `move` it replays moves no photo
            // of the transcript's own (named as the transcript names them).
            var root = options.folderPath, movesRefused: String?
            if let writes = setup.replayWrites {
                let copy = writes.folder + "/photos"
                if let problem = FolderMirror.copy(root, to: copy) {
                    movesRefused = "a transcript's check moves a copy of its folder's photos, never them, and \(problem): nothing moved"
                } else {
                    root = copy
                }
            }
            let folder = FolderPhotosWorker(
                root: root, shownAs: options.folderShownName, seed: options.seed,
                thumbnails: thumbnailCache(options, setup),
                openedPhoto: options.openedPhoto?.name, progress: progress, index: indexPath.map { PhotoIndex(path: $0) },
                writePlace: writePlace, readOnly: options.readOnly,
                // A transcript's check writes the sidecars into its own folder, as `save`'s files: the
                // transcript's photos stay as they are.
                sidecarPlace: sidecarPlace(setup.replayWrites), movesRefused: movesRefused,
                copyOf: root == options.folderPath ? nil : options.folderPath)
            // A replay of a recording on a folder that changed since says so, first: whatever
            // differs comes after (the opening's output of a photo opened by name is not shown).
            if let recorded = options.listing, let now = try? folder.listing() {
                listingNote = recorded.changeNote(now: now, folder: options.folderShownName)
            }
            source = folder
            folderWorker = folder
            pictures = CachingPicturesWorker(folder, progress: progress)
        case .unsplash:
            let (api, recorder) = try unsplashAPI(options, progress: progress, setup)
            cassette = recorder
            let feed: UnsplashAPI.Feed = options.topic.map { .topic($0) } ?? options.collection.map { .collection($0) } ?? .latest
            let unsplash = UnsplashPhotosWorker(api: api, feed: feed, writePlace: writePlace)
            source = unsplash
            pictures = CachingPicturesWorker(unsplash, progress: progress)
        }
        return (source, pictures, cassette, folderWorker, listingNote)
    }

    /// What the picture display does at the prompt: after a resize, at Ctrl-C, before each prompt.
    /// Where a transcript's check keeps the sidecars it writes: its own folder, named as `save`'s
    /// files are (nil: beside the photos).
    private static func sidecarPlace(_ writes: ReplayWrites?) -> (@Sendable ([UInt8]) -> [UInt8])? {
        guard let writes else { return nil }
        return { path in Array(writes.place(for: String(decoding: path, as: UTF8.self)).utf8) }
    }

    private static func installPromptHooks(on engine: Engine, console: Console, display pictureDisplay: PictureDisplay, judges: Bool) {
        // Lightroom's keys on an empty line, where a folder's photo can be judged: 0–5 rate it, 6–9
        // label it red, yellow, green, blue (run, echoed and recorded as the command typed).
        if judges {
            engine.commandForKeyOnEmptyLine = { [weak engine] key in
                guard let digit = key.wholeNumberValue, engine?.commandNames.contains("rate") == true else { return nil }
                return digit <= 5 ? "rate \(digit)" : "label \(["red", "yellow", "green", "blue"][digit - 6])"
            }
        }
        // GNU screen re-wraps a picture's rows when its window changes: at the prompt, the window is
        // cleared rather than left in stripes, and says how to draw the picture again.
        engine.resizedAtPrompt = { [console] in
            if let clearing = pictureDisplay.clearAfterResizeInScreen() {
                console.writeControl(clearing)
                console.writeLine(
                    "(the window changed size, and GNU screen re-wrapped the picture: cleared; type 'show' or 'list' to draw it again)",
                    style: .dim)
            }
        }
        // Ctrl-C at the prompt stops an animation kitty plays by itself (its frame stays).
        engine.interruptedAtPrompt = { [console] in
            if let halt = pictureDisplay.animationHalt() {
                console.writeControl(halt)
                console.flush()
            }
        }
        engine.beforePrompt = { [console] in
            if let tidying = pictureDisplay.tidyAfterResize() { console.writeControl(tidying) }
        }
    }

    /// The options that give a check on no terminal the pictures' layout of `replay`.
    static func transcriptOptions(_ replay: PictureDisplay.Replay) -> [AppOption.Given] {
        var options: [AppOption.Given] = []
        if let mode = replay.mode { options.append(AppOption.Given(name: "--preview", value: mode.rawValue)) }
        if let size = replay.size { options.append(AppOption.Given(name: "--preview-size", value: size.description)) }
        if let cell = replay.cellSize { options.append(AppOption.Given(name: "--cell-size", value: "\(cell.width)x\(cell.height)")) }
        if let sheet = replay.sheetSize { options.append(AppOption.Given(name: "--sheet-size", value: sheet.description)) }
        return options
    }

    /// The thumbnail cache a folder session reads and writes: `--thumbnails DIR`, else the standard
    /// one, unless `--no-cache`. A golden transcript uses one only when it names it: what it prints
    /// must not depend on what the user's own sessions left in theirs.
    /// A check writes the cache only where it lies in the transcript's folder: a check never writes
    /// outside it (a header naming another folder has it read, not written). A script's header is
    /// held alike: a cache it names is written only in the script's folder or the current one.
    private static func thumbnailCache(_ options: SessionOptions, _ setup: SessionSetup) -> ThumbnailCache? {
        let checkingTranscript = setup.isCheckingTranscript
        guard !options.noCache, options.thumbnails != nil || !checkingTranscript,
            let root = options.thumbnails ?? ThumbnailCache.standardRoot(environment: Environment.environmentValue)
        else { return nil }
        let writes: Bool
        if checkingTranscript {
            writes = setup.transcriptFolder.map { FileBytes.isInside(root, folder: $0) } == true
        } else if let header = setup.fromHeader, header.gave("--thumbnails") {
            // A cache not made yet is judged by the folder it would be made in.
            let made = FileBytes.exists(root) ? root : SessionOptions.folderName(of: root)
            writes = FileBytes.isInside(made, folder: header.folder) || FileBytes.isInside(made, folder: ".")
        } else {
            writes = true
        }
        return ThumbnailCache(
            root: root, program: "photorepl-\(Photorepl.version)", writesInBackground: !checkingTranscript, writes: writes)
    }

    /// The API client: the network through libcurl, or a cassette that records or replays (and is
    /// returned too). A replay needs no key; anything else does.
    private static func unsplashAPI(_ options: SessionOptions, progress: WorkProgress, _ setup: SessionSetup) throws(SessionSetupFailure)
        -> (UnsplashAPI, CassetteTransport?)
    {
        let checkingTranscript = setup.isCheckingTranscript, transcriptFolder = setup.transcriptFolder
        // A transcript's check never goes to the network: it replays a cassette, or refuses.
        if checkingTranscript && options.cassette == nil {
            throw SessionSetupFailure(
                message:
                    "a transcript's check never goes to the network: give --source unsplash a cassette to replay (--cassette FILE on the transcript's first line, recorded with 'photorepl --source unsplash --cassette FILE')",
                exitCode: 64)
        }
        let key = Environment.environmentValue("UNSPLASH_ACCESS_KEY").flatMap { $0.isEmpty ? nil : $0 }
        let configuredBase = Environment.environmentValue("UNSPLASH_API_URL").flatMap { $0.isEmpty ? nil : $0 }
        var base = configuredBase ?? UnsplashAPI.defaultBase
        var network = CurlTransport(timeout: .seconds(Int(options.timeout)))
        // Only the API's host and Unsplash's image hosts (UNSPLASH_API_URL's host alone when set).
        network.hostPolicy = .unsplash(apiBase: base, isDefault: configuredBase == nil)
        // Whatever an answer echoes of the key is gone before it is shown, kept or recorded.
        var transport: HTTPTransport = ScrubbingTransport(network, secrets: key.map { [.init($0, shownAs: "[UNSPLASH_ACCESS_KEY]")] } ?? [])
        var replaying = false
        var cassetteUsed: CassetteTransport?
        if let path = options.cassette {
            if checkingTranscript, let folder = transcriptFolder,
                let problem = CassetteTransport.problemReplaying(
                    path, transcriptFolder: folder, record: "photorepl --source unsplash --cassette FILE")
            {
                throw SessionSetupFailure(message: problem, exitCode: 66)
            }
            // A cassette a script's header names is only replayed: recorded, it would send the user's
            // key to the API and create the file wherever the header says.
            let fromHeader = setup.fromHeader?.gave("--cassette") == true
            if fromHeader, !FileBytes.exists(path) {
                throw SessionSetupFailure(
                    message:
                        "--cassette \(TerminalText.oneLine(path)): there is no such cassette, and one a script's header names is only replayed, never recorded: to record it, type --cassette \(TerminalText.oneLine(path)) yourself",
                    exitCode: 66)
            }
            // On CI, and in a transcript's check, a missing cassette is an error, not recorded.
            let replaysOnly = AppEnvironment.isOnCI || checkingTranscript || fromHeader
            do {
                let cassette = try CassetteTransport(
                    path: path, apiBase: base, live: replaysOnly ? nil : transport, secrets: key.map { [$0] } ?? [])
                transport = cassette
                cassetteUsed = cassette
                base = cassette.apiBase
                replaying = cassette.isReplaying
            } catch {
                throw SessionSetupFailure(message: error.message, exitCode: FileBytes.exists(path) ? 66 : 64)
            }
        }
        if key == nil && !replaying {
            throw SessionSetupFailure(
                message:
                    "--source unsplash needs an access key in UNSPLASH_ACCESS_KEY: \(UnsplashAPI.keyHelp) (or replay a recorded session with --cassette FILE)",
                exitCode: 64)
        }
        return (UnsplashAPI(base: base, key: replaying ? nil : key, transport: transport, progress: progress), cassetteUsed)
    }
}
