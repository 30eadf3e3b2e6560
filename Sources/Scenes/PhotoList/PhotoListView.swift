import PhotoDomain
import REPLEngine
import TerminalPictures

@MainActor
public protocol PhotoListDisplayLogic: AnyObject {
    func displayPage(_ viewModel: PhotoList.Page.ViewModel)
    func displayMore(_ viewModel: PhotoList.More.ViewModel)
    func displaySheet(_ viewModel: ContactSheet.ViewModel)
    func displaySelectedPhoto()
    func displayFailure(_ viewModel: PhotoList.Failure.ViewModel)
}

/// The list's part of a scene's View, as a child view controller is part of its parent's: the rows,
/// the page control and the sheets, and what the list's commands send. The collection's, the
/// photographer's and the search's Views each own one and declare the commands that call it.
public final class PhotoListView: PhotoListDisplayLogic {
    var interactor: PhotoListBusinessLogic?
    var router: PhotoListRoutingLogic?
    private let console: Console
    /// nil: this session shows no pictures.
    private let display: PictureDisplay?
    /// The session's layout of lists (`layout`), shared by every scene that lists photos.
    let settings: BrowseSettings
    private let wording: PhotoList.Wording
    /// What `open x` calls a position (`result position`), worded once.
    private let positionName: String
    /// What the page control shows, as UIKit's page control keeps it.
    private(set) var pageControl: PageControl?

    init(console: Console, display: PictureDisplay?, settings: BrowseSettings, wording: PhotoList.Wording) {
        self.console = console
        self.display = display
        self.settings = settings
        self.wording = wording
        positionName = "\(wording.noun) position"
    }

    // MARK: - What the list's commands send

    /// `page N`.
    func page(_ typed: String) throws {
        let page = try TypedNumber.parse(typed, naming: "page", for: "page")
        turn(toPage: TypedNumber.row(ofPosition: page), typed: TypedNumber.typed(typed))
    }

    /// `next` and `prev`. A page control does not scroll past its ends: it stays, and says so; one
    /// past the last photo of a source with more pages loads them.
    func step(by delta: Int) {
        step(by: delta, turning: { turn(toPage: $0) })
    }

    /// `step(by:)`, where `turn` turns to a page the list holds already: the collection sends the
    /// seed's own request.
    func step(by delta: Int, turning turn: (Int) -> Void) {
        guard let pageControl, pageControl.numberOfPages > 0 else {
            console.line(wording.nothingToPage)
            return
        }
        guard let target = pageControl.page(steppedBy: delta, telling: console) else { return }
        if target < pageControl.numberOfPages { turn(target) } else { self.turn(toPage: target) }
    }

    /// Turns to `page` (one past the last photo loaded, where more follow, loads them first).
    private func turn(toPage page: Int, typed: String? = nil) {
        interactor?.changeToPage(PhotoList.Page.Request(page: page, pictureBox: display?.pixelBox(for: .page), typed: typed))
    }

    /// `open [N]`: photo N, else the current page's.
    func open(_ typed: String?) throws {
        let row = try typed.map { TypedNumber.row(ofPosition: try TypedNumber.parse($0, naming: positionName, for: "open")) }
        interactor?.selectPhoto(.init(row: row, typed: typed.map(TypedNumber.typed)))
    }

    /// `grid [N|next|prev]`.
    func grid(_ argument: String?) throws {
        interactor?.showSheet(ContactSheet.Request(try ContactSheet.which(argument), on: display))
    }

    /// `layout [list|grid]`.
    func layout(_ argument: String?) throws {
        try settings.set(argument, telling: console)
    }

    // MARK: - Display logic

    /// The rows below the scene's headline; in the grid layout, the current contact sheet instead.
    func displayRows(_ viewModel: PhotoList.Rows.ViewModel) {
        pageControl = viewModel.pageControl
        if settings.layout == .grid && !viewModel.photos.isEmpty {
            var request = ContactSheet.Request(.current, on: display)
            request.isListing = true
            interactor?.showSheet(request)
            return
        }
        console.writePhotoRows(viewModel.photos, currentRow: viewModel.currentRow)
        if let pageControl { console.writePageControl(pageControl) }
    }

    public func displayPage(_ viewModel: PhotoList.Page.ViewModel) {
        console.show(viewModel.picture, at: .page, on: display)
        pageControl = viewModel.pageControl
        console.writePhotoRows([viewModel.photo], currentRow: 0)
        console.writePageControl(viewModel.pageControl)
    }

    public func displayMore(_ viewModel: PhotoList.More.ViewModel) {
        for line in viewModel.lines { console.line(line) }
        pageControl = viewModel.pageControl
    }

    public func displaySheet(_ viewModel: ContactSheet.ViewModel) {
        console.writeSheet(viewModel, display: display)
    }

    public func displaySelectedPhoto() {
        router?.routeToDetail()
    }

    public func displayFailure(_ viewModel: PhotoList.Failure.ViewModel) {
        console.fail(viewModel.message)
    }
}

extension PhotoList {
    /// One list's parts, wired: the scene's View owns `view`, the scene's interactor fills
    /// `interactor`, and the scene's router may be `router`'s delegate.
    struct Parts {
        let view: PhotoListView
        let interactor: PhotoListInteractor
        let router: PhotoListRouter
    }

    /// Makes a list for the scene being made: its View, Interactor, Presenter and Router, wired up.
    @MainActor
    static func compose(_ context: SceneContext, pictures: PhotoPicturesWorker?, display: PictureDisplay?, settings: BrowseSettings,
                        wording: PhotoList.Wording, origin: PhotoDetail.Origin) -> Parts {
        let view = PhotoListView(console: context.console, display: display, settings: settings, wording: wording)
        let interactor = PhotoListInteractor(pictures: pictures)
        interactor.effects = context.effects
        let presenter = PhotoListPresenter(wording: wording)
        let router = PhotoListRouter(navigator: context.navigator, origin: origin)
        view.interactor = interactor
        view.router = router
        interactor.presenter = presenter
        presenter.view = view
        router.dataStore = interactor
        return Parts(view: view, interactor: interactor, router: router)
    }
}
