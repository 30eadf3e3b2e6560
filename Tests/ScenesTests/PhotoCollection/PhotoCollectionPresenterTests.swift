import PhotoDomain
import Testing
@testable import Scenes

@MainActor
final class CollectionDisplaySpy: PhotoCollectionDisplayLogic {
    var counts: [String] = []
    var photos: [PhotoCollection.Photos.ViewModel] = []
    var notices: [String] = []
    var failures: [String] = []
    var paths: [PhotoPaths.ViewModel] = []
    func displayPaths(_ viewModel: PhotoPaths.ViewModel) { paths.append(viewModel) }
    var copies: [PhotoFileActions.ViewModel] = []
    func displayFileAction(_ viewModel: PhotoFileActions.ViewModel) { copies.append(viewModel) }
    var searches = 0
    // The list's
    var pages: [PhotoList.Page.ViewModel] = []
    var selections = 0
    var sheets: [ContactSheet.ViewModel] = []
    var more: [PhotoList.More.ViewModel] = []

    func displayCount(_ viewModel: PhotoCollection.Count.ViewModel) { counts.append(viewModel.count) }
    func displayPhotos(_ viewModel: PhotoCollection.Photos.ViewModel) { photos.append(viewModel) }
    func displayNotice(_ viewModel: PhotoCollection.Notice.ViewModel) { notices.append(viewModel.message) }
    func displayFailure(_ viewModel: PhotoCollection.Failure.ViewModel) { failures.append(viewModel.message) }
    func displaySearch() { searches += 1 }
    func displayPage(_ viewModel: PhotoList.Page.ViewModel) { pages.append(viewModel) }
    func displaySelectedPhoto() { selections += 1 }
    func displaySheet(_ viewModel: ContactSheet.ViewModel) { sheets.append(viewModel) }
    func displayMore(_ viewModel: PhotoList.More.ViewModel) { more.append(viewModel) }
    func displayListFailure(_ viewModel: PhotoList.Failure.ViewModel) { failures.append(viewModel.message) }
    var filterLines: [[String]] = []
    func displayFilters(_ viewModel: PhotoCollection.Filter.ViewModel) { filterLines.append(viewModel.lines) }
}

extension PhotoCollection.Photos.Response {
    init(event: Event, photos: [Photo], page: Int, notes: [String] = []) {
        self.init(event: event, rows: .init(photos: photos, page: page, hasMore: false), notes: notes)
    }
}

extension PhotoCollection.Photos.ViewModel {
    init(headline: String, photos: [DisplayedPhoto], currentRow: Int?, pageControl: PageControl?) {
        self.init(notes: [], headline: headline, rows: .init(photos: photos, currentRow: currentRow, pageControl: pageControl))
    }
    var photos: [DisplayedPhoto] { rows.photos }
    var pageControl: PageControl? { rows.pageControl }
}

extension PhotoList.Page.Response {
    init(page: Int, photo: Photo, pageCount: Int) {
        self.init(page: page, photo: photo, pageCount: pageCount, picture: nil, hasMore: false)
    }
}

extension PhotoList.Page.ViewModel {
    init(photo: DisplayedPhoto, pageControl: PageControl) {
        self.init(picture: nil, photo: photo, pageControl: pageControl)
    }
}

@MainActor
@Suite struct PhotoCollectionPresenterTests {
    let spy = CollectionDisplaySpy()
    /// The collection's presenter: its own words, and its list's.
    let presenter = PhotoCollectionPresenter()

    init() {
        presenter.view = spy
    }

    @Test func countTexts() {
        presenter.presentCount(.init(count: 5, limit: nil))
        presenter.presentCount(.init(count: 30, limit: .maximum))
        presenter.presentCount(.init(count: 0, limit: .minimum))
        #expect(spy.counts == ["count: 5", "count: 30 (the maximum)", "count: 0 (the minimum)"])
    }

    @Test func photosViewModel() {
        let photos = [
            Photo.fixture("a", likes: 1204),
            Photo.fixture("b", likes: 7, description: "  two\nlines\t here "),
            Photo.fixture("c", likes: 1_000_000, name: "김서연")
        ]
        presenter.presentPhotos(.init(event: .fetched, photos: photos, page: 1))
        #expect(
            spy.photos == [
                .init(
                    headline: "Fetched 3 photos.",
                    photos: [
                        .init(position: "1", id: "a", description: "Photo a", author: "Author A", likes: "♥ 1,204"),
                        .init(position: "2", id: "b", description: "two lines here", author: "Author B", likes: "♥ 7"),
                        .init(position: "3", id: "c", description: "Photo c", author: "김서연", likes: "♥ 1,000,000")
                    ],
                    currentRow: 1,
                    pageControl: .init(numberOfPages: 3, currentPage: 1, text: "○ ● ○  2/3")
                )
            ])
    }

    @Test func headlinesSayWhatHappened() {
        presenter.presentPhotos(.init(event: .listed, photos: [.fixture("a")], page: 0))
        presenter.presentPhotos(.init(event: .moved(from: 1, to: 3), photos: Photo.abcde, page: 3))
        presenter.presentPhotos(.init(event: .unchanged(at: 2), photos: Photo.abcde, page: 2))
        #expect(spy.photos.map(\.headline) == ["1 photo:", "Moved photo 2 to position 4.", "Photo 3 stays at position 3."])
        #expect(spy.photos[1].pageControl?.text == "○ ○ ○ ● ○  4/5")
    }

    /// The rows a listing reuses (in listing order, a move reordering them) are the ones a fresh
    /// presenter would make; other photos after a fetch get rows of their own.
    @Test func reusedRowsAreTheRowsOfThePhotosShown() {
        var photos = Photo.abcde
        presenter.presentPhotos(.init(event: .fetched, photos: photos, page: 0))
        photos.insert(photos.remove(at: 1), at: 3)
        presenter.presentPhotos(.init(event: .moved(from: 1, to: 3), photos: photos, page: 3))
        presenter.presentPhotos(.init(event: .listed, photos: photos, page: 3))
        let other = [Photo.fixture("x", likes: 3), Photo.fixture("b", likes: 99, description: "changed")]
        presenter.presentPhotos(.init(event: .fetched, photos: other, page: 0))
        presenter.presentPage(.init(page: 1, photo: other[1], pageCount: 2))

        let freshSpy = CollectionDisplaySpy()
        let fresh = PhotoCollectionPresenter()
        fresh.view = freshSpy
        fresh.presentPhotos(.init(event: .fetched, photos: Photo.abcde, page: 0))
        fresh.presentPhotos(.init(event: .listed, photos: photos, page: 3))
        fresh.presentPhotos(.init(event: .listed, photos: photos, page: 3))
        fresh.presentPhotos(.init(event: .listed, photos: other, page: 0))
        #expect(spy.photos.map(\.photos) == freshSpy.photos.map(\.photos))
        #expect(spy.photos[1].photos.map(\.id) == ["a", "c", "d", "b", "e"])
        #expect(spy.photos[1].photos.map(\.position) == ["1", "2", "3", "4", "5"])
        #expect(spy.photos[3].photos.map(\.likes) == ["♥ 3", "♥ 99"])
        #expect(spy.pages.last?.photo == DisplayedPhoto.presenting(other[1], at: 1, withAuthor: true))
        #expect(spy.pages.last?.pageControl.text == "○ ●  2/2")
    }

    /// A row keeps an id and a username as they came (a folder's file name may hold two spaces, or
    /// U+0085, which the Console then shows as `<U+0085>`): only captions and names are put on one line.
    @Test func idsAndUsernamesAreListedAsTheyCame() {
        var photo = Photo.fixture(" a  b\u{85}.jpg", name: "")
        photo.user.username = "yu  na"
        presenter.presentPhotos(.init(event: .fetched, photos: [photo], page: 0))
        presenter.presentPhotos(.init(event: .listed, photos: [photo], page: 0))
        let rows = spy.photos.map { $0.photos[0] }
        #expect(rows.map(\.id.string) == [" a  b\u{85}.jpg", " a  b\u{85}.jpg"])
        #expect(rows.map { $0.author?.string } == ["@yu  na", "@yu  na"])
        #expect(rows[0].id.isClean == false)
    }

    /// An id of "ID1\nphotos> FORGED-ID" printed a forged prompt line; tabs and U+2028 and
    /// U+2029 broke lines too. Ids, usernames and links are one line, what was sent shown escaped.
    @Test func idsUsernamesAndLinksFromASourceStayOnOneLine() {
        var photo = Photo.fixture("ID1\nphotos> FORGED-ID\tX\u{2028}Y\u{2029}Z", name: "")
        photo.user.username = "yu\nna"
        photo.urls.regular = "https://img/a\nphotos> b"
        photo.links = .init(html: "https://unsplash.com/photos/a", downloadLocation: nil)
        photo.user.profileURL = "https://unsplash.com/@x\ny"
        presenter.presentPhotos(.init(event: .fetched, photos: [photo], page: 0))
        let row = spy.photos[0].photos[0]
        #expect(row.id.string == "ID1^Jphotos> FORGED-ID^IX<U+2028>Y<U+2029>Z")
        #expect(row.author?.string == "@yu^Jna")
        let fields = PhotoDetailPresenter.fields(photo)
        #expect(fields.first { $0.label == "id" }?.value == "ID1^Jphotos> FORGED-ID^IX<U+2028>Y<U+2029>Z")
        #expect(fields.first { $0.label == "url" }?.value == "https://img/a^Jphotos> b")
        #expect(fields.first { $0.label == "author" }?.value == "@yu^Jna (@yu^Jna)")
        #expect(fields.contains { $0.value.hasPrefix("https://unsplash.com/@x^Jy?utm_source=") })
        #expect(fields.allSatisfy { !$0.value.contains("\n") && !$0.value.contains("\t") })
    }

    @Test func aSizeNobodySentIsUnknownNotZeroByZero() {
        var photo = Photo.fixture("a")
        photo.width = 0
        #expect(PhotoDetailPresenter.fields(photo).first { $0.label == "size" }?.value == "unknown")
        #expect(PhotoDetailPresenter.fields(Photo.fixture("b")).first { $0.label == "size" }?.value == "4000 × 3000")
    }

    /// The camera row: the model alone when it starts with the maker's first word, else both; the
    /// one that is known alone; no row when neither is; on one line whatever the file holds.
    @Test func theCameraIsNamedAsPeopleNameIt() {
        func camera(_ make: String?, _ model: String?) -> String? {
            var photo = Photo.fixture("a")
            photo.camera = make == nil && model == nil ? nil : Photo.Camera(make: make, model: model)
            return PhotoDetailPresenter.fields(photo).first { $0.label == "camera" }?.value
        }
        #expect(camera("NIKON CORPORATION", "NIKON D850") == "NIKON D850")
        #expect(camera("Canon", "Canon EOS R5") == "Canon EOS R5")
        #expect(camera("Apple", "iPhone 15 Pro") == "Apple iPhone 15 Pro")
        #expect(camera("SONY", "ILCE-7M3") == "SONY ILCE-7M3")
        #expect(camera("OLYMPUS IMAGING CORP.", "E-M1") == "OLYMPUS IMAGING CORP. E-M1")
        #expect(camera("LG Electronics", "LGM-V300K") == "LG Electronics LGM-V300K")
        #expect(camera("Canon", "Canon") == "Canon")
        #expect(camera(nil, "Pixel 8") == "Pixel 8")
        #expect(camera("FUJIFILM", "  ") == "FUJIFILM")
        #expect(camera("Leica\nCamera", "Q2\tMono") == "Leica Camera Q2 Mono")
        #expect(camera(nil, nil) == nil)
        #expect(camera("", "") == nil)
        // After the size, before the url.
        var photo = Photo.fixture("b")
        photo.camera = Photo.Camera(make: "Canon", model: "Canon EOS R5")
        let labels = PhotoDetailPresenter.fields(photo).map(\.label)
        #expect(Array(labels.prefix(7)) == ["id", "description", "author", "likes", "size", "camera", "url"])
    }

    @Test func numbersAreGroupedByThousands() {
        let cases: [(Int, String)] = [
            (0, "0"), (7, "7"), (999, "999"), (1000, "1,000"), (1204, "1,204"), (10_050, "10,050"),
            (1_000_007, "1,000,007"), (-1234, "-1,234"), (-999, "-999"),
            (Int.max, "9,223,372,036,854,775,807"), (Int.min, "-9,223,372,036,854,775,808")
        ]
        for (number, text) in cases { #expect(PhotoFormatting.grouped(number) == text) }
        #expect(PhotoFormatting.likes(1587) == "♥ 1,587" && PhotoFormatting.likes(nil) == "—")
    }

    @Test func pageControlsFollowThePageAndTheCount() {
        presenter.presentPhotos(.init(event: .fetched, photos: Photo.abcde, page: 0))
        presenter.presentPage(.init(page: 2, photo: Photo.abcde[2], pageCount: 5))
        presenter.presentPhotos(.init(event: .fetched, photos: Array(Photo.abcde.prefix(2)), page: 0))
        presenter.presentPage(.init(page: 1, photo: Photo.abcde[1], pageCount: 2))
        #expect(spy.photos.map { $0.pageControl?.text } == ["● ○ ○ ○ ○  1/5", "● ○  1/2"])
        #expect(spy.pages.map(\.pageControl.text) == ["○ ○ ● ○ ○  3/5", "○ ●  2/2"])
        // A page that is none of them (one being loaded) fills no dot.
        #expect(PageControl(page: 3, of: 3).text == "○ ○ ○  4/3")
        #expect(PageControl(page: 0, of: 1).text == "●  1/1" && PageControl(page: 0, of: 0).text == "  1/0")
    }

    @Test func aMissingCaptionFallsBackToTheAltTextThenToAPlaceholder() {
        var photo = Photo.fixture("a")
        photo.description = nil
        #expect(DisplayedPhoto.presenting(photo, at: 0, withAuthor: true).description == "alt a")
        photo.altDescription = " \n "
        // A row leaves the cell empty (a list without descriptions has no column for them); the
        // detail says so.
        #expect(DisplayedPhoto.presenting(photo, at: 0, withAuthor: true).description == "")
        #expect(PhotoDetailPresenter.fields(photo)[1] == .init(label: "description", value: "(no description)"))
    }

    @Test func noticesAndFailures() throws {
        presenter.presentNothingToFetch()
        presenter.presentPhotos(.init(event: .listed, photos: [], page: 0))
        #expect(
            spy.notices == [
                "Nothing to fetch: the count is 0. Type 'count +' or 'count N' first.",
                "No photos yet: type 'fetch' to get some (set how many with 'count N')."
            ])
        try presenter.presentFailure(.init(problem: .countOutOfRange("31")))
        try presenter.presentListFailure(.init(problem: .pageOutOfRange(requested: "9", pageCount: 5)))
        try presenter.presentListFailure(.init(problem: .positionOutOfRange(requested: "0", photoCount: 5)))
        try presenter.presentListFailure(.init(problem: .noPhotos(command: "open")))
        try presenter.presentFailure(.init(problem: .fetchFailed("timed out", photosKept: 3)))
        try presenter.presentFailure(.init(problem: .fetchFailed("timed out", photosKept: 0)))
        #expect(
            spy.failures == [
                "count must be within 0…30, not 31 (type e.g. 'count 5')",
                "there is no page 9: pages are 1…5 (type e.g. 'page 5')",
                "there is no photo 0: positions are 1…5 (type e.g. 'open 5')",
                "there are no photos to open yet: type 'fetch' first",
                "fetch failed: timed out (the photos shown before are kept)",
                "fetch failed: timed out (nothing was fetched: type 'fetch' to try again)"
            ])
    }

    @Test func pageViewModel() {
        presenter.presentPage(.init(page: 4, photo: .fixture("e"), pageCount: 5))
        #expect(
            spy.pages == [
                .init(
                    photo: .init(position: "5", id: "e", description: "Photo e", author: "Author E", likes: "♥ 10"),
                    pageControl: .init(numberOfPages: 5, currentPage: 4, text: "○ ○ ○ ○ ●  5/5")
                )
            ])
    }
}
