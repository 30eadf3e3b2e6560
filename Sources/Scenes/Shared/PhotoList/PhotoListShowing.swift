import PhotoDomain
import REPLEngine
import TerminalPictures

/// What the presenter of a scene that lists photos hands its View of the list.
@MainActor
protocol PhotoListDisplayLogic: AnyObject {
    func displayPage(_ viewModel: PhotoList.Page.ViewModel)
    func displayMore(_ viewModel: PhotoList.More.ViewModel)
    func displaySheet(_ viewModel: ContactSheet.ViewModel)
    func displaySelectedPhoto()
    func displayListFailure(_ viewModel: PhotoList.Failure.ViewModel)
}

/// The View of a scene that lists photos (the collection, a photographer's photos, search results):
/// with this protocol's extension it turns the list's commands (`PhotoListCommands`) into requests
/// and lays the list's ViewModels out: the rows, the page control, the sheets.
@MainActor
protocol PhotoListShowing: PhotoListDisplayLogic {
    var console: Console { get }
    /// nil: this session shows no pictures.
    var display: PictureDisplay? { get }
    /// The session's layout of lists (`layout`), shared by every scene that lists photos.
    var settings: BrowseSettings { get }
    /// How the scene speaks of its photos.
    var listWording: PhotoList.Wording { get }
    /// What the page control shows, as UIKit's page control keeps it.
    var pageControl: PageControl? { get set }
    var listInteractor: PhotoListBusinessLogic? { get }
    var listRouter: PhotoListRoutingLogic? { get }
    /// Turns the list to `page` (0-based; `typed`: as `page N` said it). The collection sends its
    /// own request, the seed's scrolling; the others the list's.
    func turnList(toPage page: Int, typed: String?)
}

extension PhotoListShowing {
    func turnList(toPage page: Int, typed: String?) {
        listInteractor?.changeToPage(PhotoList.Page.Request(page: page, pictureBox: display?.pixelBox(for: .page), typed: typed))
    }

    // MARK: - What the list's commands send

    /// `next` and `prev`. A page control does not scroll past its ends: it stays, and says so; one
    /// past the last photo of a source with more pages loads them. In the grid layout they turn the
    /// sheets, from the one shown (`grid next`, `grid prev`).
    func stepList(by delta: Int) {
        if settings.layout == .grid, pageControl.map({ $0.numberOfPages > 0 }) == true {
            return listInteractor?.showSheet(ContactSheet.Request(delta > 0 ? .next : .previous, on: display)) ?? ()
        }
        guard let pageControl, pageControl.numberOfPages > 0 else {
            console.writeLine(listWording.nothingToPage)
            return
        }
        guard let target = pageControl.page(steppedBy: delta, telling: console) else { return }
        turnList(toPage: target, typed: nil)
    }

    /// `open [N|NAME]`: photo N, or the photo of that name, else the current page's.
    func openListPhoto(_ typed: String?) {
        guard let typed else { return listInteractor?.selectPhoto(.init(row: nil)) ?? () }
        guard let position = WholeNumber.saturated(typed) else { return listInteractor?.selectPhoto(.init(name: typed)) ?? () }
        listInteractor?.selectPhoto(.init(row: TypedNumber.row(ofPosition: position), typed: TypedNumber.typed(typed)))
    }

    /// `grid [N|next|prev]`.
    func showGrid(_ argument: String?) throws {
        listInteractor?.showSheet(ContactSheet.Request(try ContactSheet.which(argument), on: display))
    }

    /// `layout [list|grid]`.
    func setLayout(_ argument: String?) throws {
        try settings.set(argument, telling: console)
    }

    // MARK: - Display logic

    /// The rows below the scene's headline; in the grid layout, the current contact sheet instead.
    /// `above`: the lines written before them in this command (a heading, notes), which the rows
    /// leave on screen in a small window.
    func displayRows(_ viewModel: PhotoList.Rows.ViewModel, below above: [String] = []) {
        pageControl = viewModel.pageControl
        if settings.layout == .grid && !viewModel.photos.isEmpty {
            var request = ContactSheet.Request(.current, on: display)
            request.isListing = true
            listInteractor?.showSheet(request)
            return
        }
        console.writePhotoRows(viewModel.photos, currentRow: viewModel.currentRow, linesAbove: console.terminalLines(above))
        if let pageControl { console.writePageControl(pageControl) }
    }

    func displayPage(_ viewModel: PhotoList.Page.ViewModel) {
        console.show(viewModel.picture, at: .page, on: display)
        pageControl = viewModel.pageControl
        console.writePhotoRows([viewModel.photo], currentRow: 0)
        console.writePageControl(viewModel.pageControl)
    }

    func displayMore(_ viewModel: PhotoList.More.ViewModel) {
        for line in viewModel.lines { console.writeLine(line) }
        pageControl = viewModel.pageControl
    }

    func displaySheet(_ viewModel: ContactSheet.ViewModel) {
        console.writeSheet(viewModel, display: display)
    }

    func displaySelectedPhoto() {
        listRouter?.routeToDetail()
    }

    func displayListFailure(_ viewModel: PhotoList.Failure.ViewModel) {
        console.fail(viewModel.message)
    }
}

/// The list's commands, declared once: each scene that lists photos puts them among its own, in
/// its order, with the words of its help.
@MainActor
enum PhotoListCommands {
    /// `page N`.
    static func page<View: PhotoListShowing & SceneView>(_: View.Type, summary: String, example: String) -> Command<View> {
        // The engine refuses a word that is no whole number ("'two' is not a page: …"); the list
        // refuses a number outside its pages.
        Command("page", arguments: [.number("N", naming: "page", completion: .positions)], summary: summary, example: example) {
            view, arguments in
            // The engine checked the word is a whole number; a test driving the command itself may not.
            guard let page = arguments.number(at: 0) else {
                throw CommandError("page takes a number (type e.g. '\(example)')", kind: .usage)
            }
            view.turnList(toPage: TypedNumber.row(ofPosition: page), typed: TypedNumber.typed(arguments[0]))
        }
    }

    /// `next` (an empty line repeats it).
    static func next<View: PhotoListShowing & SceneView>(_: View.Type, summary: String) -> Command<View> {
        Command("next", summary: summary, repetition: .always) { view, _ in
            view.stepList(by: 1)
        }
    }

    /// `prev` (an empty line repeats it).
    static func prev<View: PhotoListShowing & SceneView>(_: View.Type, summary: String) -> Command<View> {
        Command("prev", summary: summary, repetition: .always) { view, _ in
            view.stepList(by: -1)
        }
    }

    /// `open [N|NAME]`.
    static func open<View: PhotoListShowing & SceneView>(_: View.Type, summary: String, example: String) -> Command<View> {
        Command("open", arguments: [Argument("N|NAME", optional: true, completion: .positions)], summary: summary, example: example) {
            view, arguments in
            view.openListPhoto(arguments.first)
        }
    }

    /// `grid [N|next|prev]` (an empty line repeats `grid next` and `grid prev`).
    static func grid<View: PhotoListShowing & SceneView>(_: View.Type, example: String) -> Command<View> {
        Command(
            "grid", arguments: [ContactSheet.argument], summary: ContactSheet.summary, example: example,
            repetition: .whenFirstArgument(in: ["next", "prev"])
        ) { view, arguments in
            try view.showGrid(arguments.first)
        }
    }

    /// `layout [list|grid]`.
    static func layout<View: PhotoListShowing & SceneView>(_: View.Type) -> Command<View> {
        Command("layout", arguments: [BrowseSettings.argument], summary: BrowseSettings.summary, example: "layout grid") {
            view, arguments in
            try view.setLayout(arguments.first)
        }
    }
}
