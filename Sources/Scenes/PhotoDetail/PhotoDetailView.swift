import PhotoDomain
import REPLEngine
import TerminalPictures

@MainActor
protocol PhotoDetailDisplayLogic: AnyObject {
    func displayPhoto(_ viewModel: PhotoDetail.Show.ViewModel)
    func displayMissingPhoto(_ viewModel: PhotoDetail.Missing.ViewModel) throws(CommandError)
    func displaySaved(_ viewModel: PhotoDetail.Save.ViewModel) throws(CommandError)
    func displayJudged(_ viewModel: PhotoDetail.Judge.ViewModel) throws(CommandError)
    func displayInfo(_ viewModel: PhotoDetail.Info.ViewModel) throws(CommandError)
    func displayIndexEdit(_ viewModel: PhotoDetail.Move.ViewModel) throws(CommandError)
    func displayMoveRefused(_ viewModel: PhotoDetail.Move.Refusal.ViewModel) throws(CommandError)
    func displayStepRefused(_ viewModel: PhotoDetail.Step.ViewModel)
    func displayAnimationFrame(_ viewModel: PhotoDetail.Animate.Frame.ViewModel)
    func displayAnimationSending(_ viewModel: PhotoDetail.Animate.Sending.ViewModel)
    func displayAnimationStopped()
    func displayAnimationFailure(_ viewModel: PhotoDetail.Animate.Failure.ViewModel)
    func displayPaths(_ viewModel: PhotoPaths.ViewModel) throws(CommandError)
    func displayFileAction(_ viewModel: PhotoFileActions.ViewModel) throws(CommandError)
    func displayPhotoMovedAway() throws(CommandError)
}

/// The detail scene's View: one photo, its position, and the way to move it.
package final class PhotoDetailView: SceneView, PhotoDetailDisplayLogic {
    package static let sceneName = "detail"

    var interactor: PhotoDetailBusinessLogic?
    var router: (PhotoDetailRoutingLogic & PhotoDetailDataPassing)?
    private let console: Console
    /// nil: this session shows no pictures.
    private let display: PictureDisplay?
    /// The lines written below the picture shown last (its heading and fields): a frame drawn in
    /// place starts that many lines, and the picture's rows, above the cursor.
    private var linesBelowPicture = 0

    package var title: String {
        router?.dataStore?.index.map { "detail \($0 + 1)" } ?? "detail"
    }

    /// Whether a rating, reject or label shows the next photo after it (`--advance`).
    var advances = false

    init(console: Console, display: PictureDisplay?) {
        self.console = console
        self.display = display
    }

    /// The scene, wired up; `pictures` and `display` draw the photo above its fields (nil: text
    /// only), `saver` writes its file for `save`.
    /// - Parameter describer: reads the header of a photo listed by name only, for its fields.
    /// - Parameter animations: an animated photo's frames, played where the display can (nil: the
    ///   first frame only); `keys` stops one drawn in place.
    /// - Parameter judges: keeps ratings, labels and keywords in the photos' sidecars (a folder's).
    /// - Parameter advances: whether a rating, reject or label shows the next photo after it.
    /// - Parameter acting: acts on the photo as a file (a folder's): `paths`, `copy`.
    package static func module(
        pictures: PhotoPicturesWorker? = nil, saver: PhotoSavingWorker? = nil, describer: PhotoDescribingWorker? = nil,
        display: PictureDisplay? = nil, animations: PhotoAnimationsWorker? = nil, keys: KeyPresses? = nil,
        photosAreFiles: Bool = false, judges: PhotoJudgingWorker? = nil, advances: Bool = false,
        acting: (any PhotoFileWorker)? = nil
    ) -> SceneModule {
        SceneModule(PhotoDetailView.self, excluding: acting == nil ? ActionCommands.names.subtracting(["move"]) : []) { context in
            let view = PhotoDetailView(console: context.console, display: display)
            view.advances = advances
            let interactor = PhotoDetailInteractor(
                pictures: pictures, saver: saver, describer: describer, animations: animations, keys: keys, judges: judges,
                acting: acting)
            interactor.effects = context.effects
            interactor.questions = context.questions
            let presenter = PhotoDetailPresenter(photosAreFiles: photosAreFiles)
            let router = PhotoDetailRouter(navigator: context.navigator)
            view.interactor = interactor
            view.router = router
            interactor.presenter = presenter
            presenter.view = view
            router.dataStore = interactor
            return view
        }
    }

    /// The photo is shown with its picture: the `open` that pushed this scene ends when it is.
    package func sceneDidLoad() throws(CommandError) {
        try interactor?.showPhoto(.init(pictureBox: display?.pixelBox(for: .detail), playback: playback))
    }

    /// Redrawn animations play for at most this long, or this many plays: a prompt that waits on
    /// an animation for ever is a hang.
    static let longestRedrawn: Duration = .seconds(10)
    static let mostRedrawnPlays = 3

    /// How this terminal plays an animation; nil: the first frame only.
    private var playback: PhotoDetail.Animate.Playback? {
        switch display?.animationPlayback() {
        case .byTerminal?: .byTerminal
        case .redrawn?: .redrawn(longest: Self.longestRedrawn, plays: Self.mostRedrawnPlays)
        case nil: nil
        }
    }

    /// Back from the sheet: the photo's fields at its (maybe new) position; the picture is on
    /// screen above.
    package func sceneWillAppear() throws(CommandError) {
        try interactor?.showPhoto(.init())
    }

    /// The photo's position, under the key the list it was opened from gives (`index` in the
    /// collection, SPEC §4).
    package func stateFields() -> [StateField] {
        let store = router?.dataStore
        let position = StateField(store?.origin.positionKey ?? "index", store?.index.map { .int($0 + 1) } ?? .null)
        // A folder's photo: what its metadata says, typed.
        guard let photo = store?.photo, let facts = photo.facts, facts.metadataRead else { return [position] }
        let key = store?.origin.photoKey ?? "photo"
        return [position, StateField(key, .object([StateField("id", .string(photo.id))] + PhotoMetadataFormatting.stateFields(facts)))]
    }

    package func positions(for command: String) -> [String] {
        let count = router?.dataStore?.photoCount ?? 0
        return (0..<count).map { String($0 + 1) }
    }

    /// A viewer's photo takes its list's commands: typed here, they go back to the list (as `back`
    /// does, moves applied) and run there, `open 4` and `grid` as in the list itself.
    package static let commandsRunBelow = ["open", "page", "list", "grid", "sort", "filter", "search"]

    package static let commands: [Command<PhotoDetailView>] =
        showingCommands + JudgementCommands.commands(judging: "the photo") + markingCommands
        + ActionCommands.commands(actingOn: "the photo", moving: false)

    /// Whether `move`'s word is a position: a whole number, signed or not, of any size.
    private static func isPosition(_ word: String) -> Bool {
        let digits = word.hasPrefix("-") || word.hasPrefix("+") ? word.utf8.dropFirst() : word.utf8[...]
        return !digits.isEmpty && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// Showing the photo and the list's others, moving it, saving it.
    private static let showingCommands: [Command<PhotoDetailView>] = [
        Command(
            "show", arguments: [Argument("--why", optional: true)],
            summary:
                "show the photo again: its picture, position, id, description, author, likes, size, URL; --why says where the picture came from"
        ) { view, arguments in
            guard arguments.allSatisfy({ $0 == "--why" }) else {
                throw CommandError(
                    "show takes only --why, not '\(TerminalText.truncate(arguments.first { $0 != "--why" } ?? "", toWidth: 40))' (type 'show' or 'show --why')"
                )
            }
            view.interactor?.stopAnimation()
            try view.interactor?.showPhoto(
                .init(
                    pictureBox: view.display?.pixelBox(for: .detail, explaining: !arguments.isEmpty),
                    explainsPicture: !arguments.isEmpty,
                    playback: view.playback))
        },
        Command("edit", summary: "open the index-edit sheet to choose a new position") { view, _ in
            try view.interactor?.choosePosition(.init(position: nil))
        },
        Command(
            "move",
            arguments: [Argument("N|DIR", completion: .positions, writesInto: true)] + ActionCommands.moveArguments.dropFirst(),
            summary:
                "move the photo to position N at once (the index-edit sheet lists the positions first); a folder's photo: 'move DIR' moves its file with its sidecars into DIR ('move ./4' for a folder named 4), never over a file (--suffix: NAME-1.EXT); asks first, --yes does not, --dry-run only says what; 'undo' moves it back",
            example: "move 4"
        ) { view, arguments in
            // A number is a position (`-1` and `99999999999999999999` too: the sheet's alert says
            // why not); anything else, a folder's photo moved into a folder.
            // The position's move never waits (as `next` and `open`); a file's is awaited.
            if view.interactor?.actsOnFiles == true, !isPosition(arguments[0]) || arguments.count > 1 {
                return view.interactor?.actOnFilesBeforeTheCommandEnds(try ActionCommands.fileRequest(.move, arguments)) ?? ()
            }
            guard arguments.count == 1 else {
                throw CommandError(
                    "move takes one position here (type e.g. 'move 4'): only a folder's photo is moved into a folder", kind: .usage)
            }
            // The sheet opens with N chosen, as if typed there: the same steps, output and end
            // state as 'edit' then 'move N' (an invalid N leaves the sheet open with its alert).
            try view.interactor?.choosePosition(.init(position: arguments[0]))
        },
        Command(
            "save",
            arguments: [Argument("PATH", optional: true, completion: .files, writesFile: true), Argument("--force", optional: true)],
            summary: "write the photo's image file to PATH (default: ID.jpg here); --force replaces a file", example: "save photo.jpg"
        ) { view, arguments in
            try view.save(arguments)
        },
        Command("info", summary: "every tag of the photo's file (EXIF, IPTC, XMP), as the metadata library reads them") { view, _ in
            try await view.interactor?.showInfo(.init())
        },
        Command(
            "next", summary: "show the next photo of the list it was opened from (PageDown; an empty line repeats it)",
            repetition: .always
        ) { view, _ in
            view.interactor?.stopAnimation()
            try view.interactor?.stepPhoto(.init(delta: 1, pictureBox: view.display?.pixelBox(for: .detail), playback: view.playback))
        },
        Command("prev", summary: "show the previous photo of the list it was opened from (PageUp)", repetition: .always) { view, _ in
            view.interactor?.stopAnimation()
            try view.interactor?.stepPhoto(.init(delta: -1, pictureBox: view.display?.pixelBox(for: .detail), playback: view.playback))
        }
    ]

    /// Marking it, its photographer, and the way back.
    private static let markingCommands: [Command<PhotoDetailView>] = [
        Command("mark", summary: "mark the photo for this session ('filter marked' lists the marked photos)") { view, _ in
            try await view.interactor?.markPhoto(true)
        },
        Command("unmark", summary: "take the photo out of this session's marked photos") { view, _ in
            try await view.interactor?.markPhoto(false)
        },
        Command("author", summary: "show the photographer: their profile and their photos") { view, _ in
            view.interactor?.stopAnimation()
            try view.router?.routeToAuthor()
        },
        Command("back", summary: "back to where the photo was opened (the collection moves it to its new position)") { view, _ in
            view.interactor?.stopAnimation()
            try view.router?.routeBack()
        }
    ]

    private func save(_ arguments: Arguments) throws {
        let replacing = arguments.contains("--force")
        let paths = arguments.filter { $0 != "--force" }
        guard paths.count <= 1 else {
            throw CommandError("save takes one PATH, not \(paths.count) (type e.g. 'save photo.jpg', or 'save photo.jpg --force')")
        }
        if let path = paths.first, path.hasPrefix("-") {
            throw CommandError(
                "unknown option '\(TerminalText.truncate(path, toWidth: 40))': save takes PATH and --force (type e.g. 'save ./\(TerminalText.truncate(path, toWidth: 40))' for a file of that name)"
            )
        }
        interactor?.savePhoto(.init(path: paths.first, replacing: replacing))
    }

    // MARK: - Display logic

    func displayPhoto(_ viewModel: PhotoDetail.Show.ViewModel) {
        if viewModel.startsAnimation, case .pixels(let pixels)? = viewModel.picture,
            let first = display?.animationStart(pixels, for: .detail)
        {
            console.writePicture(first)
        } else {
            console.show(viewModel.picture, at: .detail, on: display)
        }
        linesBelowPicture = 1 + viewModel.fields.count + (viewModel.pictureSource == nil ? 0 : 1)
        if let source = viewModel.pictureSource {
            // Cut to the window (a folder's long path ran past it); whole in the transcript.
            if let columns = console.terminalColumns() {
                console.writeLine(source, cutTo: columns, style: .dim)
            } else {
                console.writeLine(source, style: .dim)
            }
        }
        console.writeLine(viewModel.heading, style: .bold)
        let fields = viewModel.fields
        console.writeFields(
            count: fields.count, label: { fields[$0].label }, value: { fields[$0].value }, cutInMiddle: { fields[$0].label == "id" })
        // The first frame is on screen while the next is decoded and waited for.
        if viewModel.playsAnimation { console.flush() }
    }

    func displayInfo(_ viewModel: PhotoDetail.Info.ViewModel) throws(CommandError) {
        if let failure = viewModel.failure { throw CommandError(failure) }
        guard !viewModel.families.isEmpty else { return console.writeLine("The file has no EXIF, IPTC or XMP metadata.") }
        for family in viewModel.families {
            console.writeLine(family.name + ":", style: .bold)
            for line in family.lines { console.writeLine("  " + line) }
        }
    }

    func displaySaved(_ viewModel: PhotoDetail.Save.ViewModel) throws(CommandError) {
        if viewModel.failed {
            throw CommandError(viewModel.message)
        } else {
            console.writeLine(viewModel.message)
        }
    }

    func displayJudged(_ viewModel: PhotoDetail.Judge.ViewModel) throws(CommandError) {
        if viewModel.failed {
            throw CommandError(viewModel.message)
        } else {
            console.writeLine(viewModel.message)
        }
    }

    func displayMissingPhoto(_ viewModel: PhotoDetail.Missing.ViewModel) throws(CommandError) {
        console.writeLine(viewModel.message)
        try router?.routeBack()
    }

    func displayIndexEdit(_ viewModel: PhotoDetail.Move.ViewModel) throws(CommandError) {
        try router?.routeToIndexEdit(choosing: viewModel.position)
    }

    func displayMoveRefused(_ viewModel: PhotoDetail.Move.Refusal.ViewModel) throws(CommandError) {
        throw CommandError(viewModel.message)
    }

    /// A frame over the picture, at once (the command waits between frames). A frame that no
    /// longer fits where the picture was (the window shrank) stops the animation rather than draw
    /// over the text.
    func displayAnimationFrame(_ viewModel: PhotoDetail.Animate.Frame.ViewModel) {
        guard let frame = display?.animationFrameInPlace(viewModel.pixels, for: .detail, linesBelow: linesBelowPicture) else {
            interactor?.stopAnimation()
            return
        }
        console.writeControl(frame)
        console.flush()
    }

    /// The terminal's frames, sent from the prompt once the command has ended; where no one is at
    /// a prompt, the first frame stays.
    func displayAnimationSending(_ viewModel: PhotoDetail.Animate.Sending.ViewModel) {
        guard let display, let output = console.openPromptStream() else {
            let frames = viewModel.frames
            Task { await frames.stop() }
            return
        }
        display.animationSend(viewModel.frames, through: output)
    }

    func displayAnimationStopped() {
        if let stop = display?.animationStop() { console.writeControl(stop) }
    }

    func displayAnimationFailure(_ viewModel: PhotoDetail.Animate.Failure.ViewModel) {
        console.writePictureNote(viewModel.message, on: display)
    }

    /// A page control does not step past its ends, nor does the detail: it says so, as `next` on the
    /// last page does.
    func displayStepRefused(_ viewModel: PhotoDetail.Step.ViewModel) {
        console.writeLine(viewModel.message)
    }
}

/// The terminal's keyboard, as the detail's animations watch it.
extension KeyPresses: KeyPressWatching {}

/// `rate`, `reject`, `label`, `keyword` and `undo` judge the photo shown; a rating, reject or label
/// shows the next photo after it with `--advance`.
extension PhotoDetailView: JudgingView {
    func judge(_ change: JudgementChange, sharedToo: Bool) async throws(CommandError) {
        var request = PhotoDetail.Judge.Request(change: change, sharedToo: sharedToo)
        switch change {
        case .rate, .reject, .label:
            if advances { request.advance = (display?.pixelBox(for: .detail), playback) }
        case .addKeywords, .removeKeywords:
            break
        }
        try interactor?.judgePhoto(request)
    }

    func undoJudgement() async throws(CommandError) {
        try interactor?.undoJudgement()
    }
}

/// `paths` and `copy` act on the photo shown.
extension PhotoDetailView: ActingView {
    func listPaths(_ request: PhotoPaths.Request) async throws(CommandError) {
        try await interactor?.listPaths(request)
    }

    func actOnFiles(_ request: PhotoFileActions.Request) async throws(CommandError) {
        try await interactor?.actOnFiles(request)
    }

    func displayFileAction(_ viewModel: PhotoFileActions.ViewModel) throws(CommandError) {
        try console.show(viewModel)
    }

    /// Back to the list, as `back` goes: the photo is no longer where the detail showed it.
    func displayPhotoMovedAway() throws(CommandError) {
        interactor?.stopAnimation()
        try router?.routeBackAfterMovingAway()
    }

    func displayPaths(_ viewModel: PhotoPaths.ViewModel) throws(CommandError) {
        try console.show(viewModel)
    }
}
