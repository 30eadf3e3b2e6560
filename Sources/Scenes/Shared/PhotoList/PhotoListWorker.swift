import Imaging
import PhotoDomain
import REPLEngine

/// The work every scene that lists photos does with its list, as CleanStore's interactors hand theirs
/// to a worker: the interactor of the collection, or of the photos found, owns one and calls it; the
/// worker changes the list and answers with what came of it, and the interactor hands that to its
/// presenter. It presents nothing itself.
@MainActor
final class PhotoListWorker {
    /// The photos, paged; the opened one is its `index`.
    var list = PhotoList()
    /// Loads the source's page N (1-based); nil for a list that came whole.
    var loadsPage: (@Sendable (Int) async throws -> PhotoPage)?
    /// Each page's picture and the sheets' thumbnails; nil: text only.
    let pictures: PhotoPicturesWorker?

    init(pictures: PhotoPicturesWorker?) {
        self.pictures = pictures
    }

    /// Whether turning to `page` first needs the source's next page: it is one past the last loaded
    /// (as the seed's collection view loaded more when scrolled to its end).
    func needsNextPage(for page: Int) -> Bool {
        page == list.photos.count && list.hasMore
    }

    /// Turns the page control to the page `request` asks for: the page as shown, its picture still
    /// to load (`picture(for:)`), or why there is no such page.
    func turn(_ request: PhotoList.Page.Request) -> Result<PhotoList.Page.Response, PhotoList.Failure.Problem> {
        list.turn(toPage: request.page, typed: request.typed).map { photo in
            PhotoList.Page.Response(page: list.page, photo: photo, pageCount: list.photos.count, picture: nil, hasMore: list.hasMore)
        }
    }

    /// The page's picture for `box`, then the next page's decoded ahead (once this one was drawn).
    func picture(for page: PhotoList.Page.Response, fitting box: PixelSize) async -> PhotoList.Page.Response {
        var page = page
        page.picture = await PictureLoading.load(pictures, page.photo, box: box)
        return page
    }

    /// Decodes the photo after `page` for `box`, so that `next` shows it at once.
    func prefetch(after page: PhotoList.Page.Response, fitting box: PixelSize) async {
        guard case .success? = page.picture, let pictures, page.page + 1 < list.photos.count else { return }
        await pictures.prefetch(list.photos[page.page + 1], fitting: box)
    }

    /// Appends the source's next page: what it added, or why nothing was (no more pages, a failed load).
    func loadNextPage() async -> Result<PhotoList.More.Response, PhotoList.Failure.Problem> {
        guard let loadsPage, list.hasMore else { return .failure(.nothingMore(photoCount: list.photos.count)) }
        let number = list.pagesLoaded + 1
        switch await PhotoPage.loading({ try await loadsPage(number) }) {
        case .failure(let why):
            return .failure(.loadMoreFailed(why, kept: list.photos.count))
        case .success(let next):
            let added = list.append(next)
            return .success(
                .init(
                    added: added.count, photoCount: list.photos.count, page: list.page, pagesLoaded: list.pagesLoaded,
                    total: list.total, hasMore: list.hasMore, notes: next.notes))
        }
    }

    /// The contact sheet `request` asks for, remembered as the one shown; `loadMore` loads (and says)
    /// the source's next page when the sheet needs more photos. nil: nothing to show, the load having
    /// said why.
    func sheet(_ request: ContactSheet.Request, loadMore: () async throws(CommandError) -> Bool) async throws(CommandError)
        -> Result<ContactSheet.Response, ContactSheet.Problem>?
    {
        let shown = try await ContactSheet.show(
            request, shown: list.sheetPhotos, current: list.page, photos: { list.photos }, hasMore: { list.hasMore },
            loadMore: loadMore, pictures: pictures)
        guard case .success(var response)? = shown else { return shown }
        list.showSheet(response.sheet, perSheet: request.perSheet)
        response.current = list.page
        return .success(response)
    }
}
