import PhotoDomain
import REPLEngine

/// What the list's commands ask of the interactor of a scene that lists photos.
@MainActor
protocol PhotoListBusinessLogic: AnyObject {
    /// Moves the page control and shows the page. With a picture to decode, the page is shown by an
    /// effect the command awaits (then the next page's picture is decoded ahead); without, at once.
    /// One past the last photo loaded, where the source has more, its next page is loaded first (as
    /// the seed's collection view loaded more when scrolled to its end).
    func changeToPage(_ request: PhotoList.Page.Request)
    /// Opens a photo: the scene's router shows it in a detail scene.
    func selectPhoto(_ request: PhotoList.Selection.Request)
    /// Lays the photos out as a contact sheet; `next` past the last sheet loads more first, where
    /// the source has more.
    func showSheet(_ request: ContactSheet.Request)
}

/// What a list's store holds, as the router that hands a photo to the detail reads it, and where
/// the detail's answer is written when it goes back.
@MainActor
protocol PhotoListDataStore: AnyObject {
    var list: PhotoList { get }
    /// The 0-based position of the photo the detail showed last (the seed's `changedIndex`: where the
    /// opened photo should move to, when it was not stepped from), handed back by the detail.
    var changedIndex: Int? { get set }
    /// The moves saved in the detail, in order, handed back with `changedIndex`; nil: the seed's
    /// answer, the opened photo moved to `changedIndex` (the detail stepped nowhere).
    var movesMade: [PhotoDetail.Moved]? { get set }
    /// For a detail stepping past the last photo loaded: the source's next page, appended to the
    /// list (and said so); nil when the source has no more; none when the load failed or added
    /// nothing (what came of it was presented).
    func loadMoreForDetail() async -> [Photo]?
}

/// The interactor of a scene that lists photos (the collection, a photographer's photos, search
/// results): it keeps the `PhotoList` and, with this protocol's extension, carries out the list's
/// requests, telling its presenter what came of them.
@MainActor
protocol PhotoListInteracting: PhotoListBusinessLogic, PhotoListDataStore {
    var list: PhotoList { get set }
    /// The scene's presenter, in its part of a list's.
    var listPresenter: PhotoListPresentationLogic? { get }
    /// Where pictures, loads and sheets are scheduled: the engine awaits them before the command ends.
    var effects: (any SceneEffects)? { get }
    var pictures: PhotoPicturesWorker? { get }
    /// Loads the source's page N (1-based); nil for a list that came whole.
    var loadsPage: (@Sendable (Int) async throws -> PhotoPage)? { get }
}

extension PhotoListInteracting {
    func changeToPage(_ request: PhotoList.Page.Request) {
        if request.page == list.photos.count && list.hasMore { return loadMore(then: request) }
        let photo: Photo
        switch list.turn(toPage: request.page, typed: request.typed) {
        case .failure(let problem): return listPresenter?.presentListFailure(.init(problem: problem)) ?? ()
        case .success(let shown): photo = shown
        }
        let shown = list.page
        guard let box = request.pictureBox, let pictures, let effects else {
            listPresenter?.presentPage(.init(page: shown, photo: photo, pageCount: list.photos.count, picture: nil, hasMore: list.hasMore))
            return
        }
        effects.finishBeforeCommandEnds { [self] in
            let picture = await PictureLoading.load(pictures, photo, box: box)
            listPresenter?.presentPage(
                .init(page: shown, photo: photo, pageCount: list.photos.count, picture: picture, hasMore: list.hasMore))
            if case .success? = picture, shown + 1 < list.photos.count {
                await pictures.prefetch(list.photos[shown + 1], fitting: box)
            }
        }
    }

    /// The source's next page, appended; then the page `request` asks for.
    private func loadMore(then request: PhotoList.Page.Request) {
        effects?.finishBeforeCommandEnds { [self] in
            guard await loadNextPage() else { return }
            changeToPage(request)
        }
    }

    /// Appends the source's next page; false, having presented why, when nothing was added.
    func loadNextPage() async -> Bool {
        guard let loadsPage, list.hasMore else {
            listPresenter?.presentListFailure(.init(problem: .nothingMore(photoCount: list.photos.count)))
            return false
        }
        let number = list.pagesLoaded + 1
        let next: PhotoPage
        switch await PhotoPage.loading({ try await loadsPage(number) }) {
        case .failure(let why):
            listPresenter?.presentListFailure(.init(problem: .loadMoreFailed(why, kept: list.photos.count)))
            return false
        case .success(let page):
            next = page
        }
        let added = list.append(next)
        listPresenter?.presentMore(
            .init(
                added: added.count, photoCount: list.photos.count, page: list.page, pagesLoaded: list.pagesLoaded,
                total: list.total, hasMore: list.hasMore, notes: next.notes))
        return !added.isEmpty
    }

    func loadMoreForDetail() async -> [Photo]? {
        guard loadsPage != nil, list.hasMore else { return nil }
        let count = list.photos.count
        guard await loadNextPage() else { return [] }
        return Array(list.photos[count...])
    }

    func selectPhoto(_ request: PhotoList.Selection.Request) {
        if let problem = request.name.map({ list.open(named: $0) }) ?? list.open(request.row, typed: request.typed) {
            return listPresenter?.presentListFailure(.init(problem: problem)) ?? ()
        }
        listPresenter?.presentSelection()
    }

    func showSheet(_ request: ContactSheet.Request) {
        effects?.finishBeforeCommandEnds { [self] in
            switch await ContactSheet.show(
                request, shown: list.sheetPhotos, current: list.page, photos: { list.photos }, hasMore: { list.hasMore },
                loadMore: { await loadNextPage() }, pictures: pictures)
            {
            case nil:
                break
            case .failure(.interrupted)? where request.isListing:
                // Ctrl-C gives up a sheet a listing showed by itself, as it gives up a picture: the
                // command that listed (a `back`, a `search`) has done what it was typed for.
                break
            case .failure(let problem)?:
                listPresenter?.presentListFailure(.init(problem: .sheet(problem)))
            case .success(var response)?:
                list.showSheet(response.sheet, perSheet: request.perSheet)
                response.current = list.page
                listPresenter?.presentSheet(response)
            }
        }
    }
}
