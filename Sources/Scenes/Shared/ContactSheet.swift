import Imaging
import PhotoDomain
import REPLEngine
import TerminalPictures

/// The contact sheet: a list's photos as a grid of numbered thumbnails with captions, a screenful
/// (a "sheet") at a time, as the seeds' collection views showed them. The collection, a
/// photographer's photos and search results share it: each scene's interactor keeps which sheet is
/// shown, its presenter words it with `presenting`, its view draws it with `Console.writeSheet`.
enum ContactSheet {
    /// `grid`, `grid N`, `grid next`, `grid prev`.
    struct Request: Equatable, Sendable {
        enum Which: Equatable, Sendable {
            /// The sheet holding the current photo.
            case current
            /// Sheet N, 0-based, and N as it was typed (a number of any length: one beyond 64 bits is
            /// the last or first sheet an Int holds, and refused as typed).
            case number(Int, typed: String? = nil)
            case next
            case previous
        }

        var which: Which
        /// Photos a sheet: what fits the terminal (`PictureDisplay.sheetLayout`).
        var perSheet: Int
        /// The pixels a thumbnail needs, or nil when no picture is shown.
        var pictureBox: PixelSize?
        /// Shown by a listing in the grid layout (a fetch, a search, coming back), not asked for by
        /// `grid`: Ctrl-C while it loads gives it up without failing the command.
        var isListing = false

        init(which: Which, perSheet: Int, pictureBox: PixelSize? = nil) {
            self.which = which
            self.perSheet = perSheet
            self.pictureBox = pictureBox
        }

        /// The request for `which` as `display` lays sheets out and draws their thumbnails (no
        /// display: the text layout, without pictures).
        @MainActor
        init(_ which: Which, on display: PictureDisplay?) {
            self.init(which: which, perSheet: ContactSheet.layout(display).perSheet, pictureBox: display?.sheetPixelBox())
        }

        /// The sheet a listing shows by itself in the grid layout: the current photo's.
        @MainActor
        static func listing(on display: PictureDisplay?) -> Request {
            var request = Request(.current, on: display)
            request.isListing = true
            return request
        }
    }

    /// The sheet's grid when no picture display is given (no pictures in this session).
    static let textLayout = SheetLayout(fitting: SheetLayout.areaWithoutTerminal)

    @MainActor
    static func layout(_ display: PictureDisplay?) -> SheetLayout {
        display?.sheetLayout() ?? textLayout
    }

    struct Response: Equatable, Sendable {
        /// 0-based.
        var sheet: Int
        var sheetCount: Int
        /// 0-based position of the sheet's first photo in the list.
        var first: Int
        var photos: [Photo]
        /// How many photos the list holds (loaded so far, for a feed).
        var total: Int
        /// 0-based position of the current photo.
        var current: Int?
        /// Each photo's thumbnail or why there is none; nil when no picture was asked for.
        var pictures: [Result<Pixels, PictureFailure>?]
        /// Whether the source has more to load after the last sheet (a feed, search results).
        var hasMore: Bool
    }

    struct ViewModel: Equatable, Sendable {
        /// `Sheet 1 of 4 (photos 1–8 of 30):`
        var headline: String
        var cells: [Cell]
        /// Lines after the sheet: the thumbnails that could not be drawn, and why.
        var pictureNotes: [String]
        /// Lines after those: what else there is to see.
        var notes: [String]
    }

    struct Cell: Equatable, Sendable {
        /// 1-based, as `open N` takes it.
        var position: String
        var caption: DisplayText
        /// Whether the caption is the photo's name (it has no description): cut in its middle,
        /// where names alike differ least.
        var captionIsName = false
        var isCurrent: Bool
        var picture: Pixels?
    }

    /// What cannot be shown as asked.
    enum Problem: Error, Equatable, Sendable {
        case noPhotos
        case sheetOutOfRange(requested: String, sheetCount: Int)
        case atLastSheet(sheetCount: Int)
        case atFirstSheet
        /// `grid next` after a sheet that held the last photo, laid out for another window: there
        /// is nothing after it, whatever the sheets hold now.
        case lastPhotoShown(count: Int)
        /// Ctrl-C while the thumbnails were decoded: nothing of the sheet is drawn.
        case interrupted
    }

    /// The 0-based sheet a request points at, from the sheet shown last (nil: none yet) and the
    /// current photo; or why there is none. `canLoadMore`: a `next` past the last sheet is allowed,
    /// for the caller to load more photos first.
    /// `shown`: the photos the sheet shown last held. `next` and `prev` go on from the photo after
    /// them (before them), in the sheets as they are laid out now: a window resized since makes
    /// sheets of another size, and no photo is skipped (or shown only as part of a sheet gone).
    static func sheet(for request: Request, shown: Range<Int>?, current: Int, count: Int, canLoadMore: Bool = false) -> Result<Int, Problem>
    {
        guard count > 0 else { return .failure(.noPhotos) }
        let perSheet = max(1, request.perSheet)
        let sheetCount = (count + perSheet - 1) / perSheet
        if let shown {
            switch request.which {
            case .next:
                guard shown.upperBound < count || canLoadMore else {
                    // The sheet shown is the last as sheets are laid out now, or was another window's.
                    let isLastSheet = shown.lowerBound == (sheetCount - 1) * perSheet
                    return .failure(isLastSheet ? .atLastSheet(sheetCount: sheetCount) : .lastPhotoShown(count: count))
                }
                return .success(shown.upperBound / perSheet)
            case .previous:
                guard shown.lowerBound > 0 else { return .failure(.atFirstSheet) }
                return .success(min(shown.lowerBound - 1, count - 1) / perSheet)
            case .current, .number:
                break
            }
        }
        let here = min(max(current, 0) / perSheet, sheetCount - 1)
        switch request.which {
        case .current:
            return .success(min(max(current, 0) / perSheet, sheetCount - 1))
        case .number(let sheet, let typed):
            guard (0..<sheetCount).contains(sheet) else {
                return .failure(.sheetOutOfRange(requested: typed ?? "\(TypedNumber.position(ofRow: sheet))", sheetCount: sheetCount))
            }
            return .success(sheet)
        case .next:
            guard here + 1 < sheetCount || canLoadMore else { return .failure(.atLastSheet(sheetCount: sheetCount)) }
            return .success(here + 1)
        case .previous:
            guard here > 0 else { return .failure(.atFirstSheet) }
            return .success(here - 1)
        }
    }

    /// The most pages a sheet loads to fill itself.
    static let pagesToFill = 4

    /// The sheet a request points at (as `sheet(for:…)` finds it), loaded: when it starts past the
    /// photos loaded, the list's next page first (`loadMore`, which presents why not and returns
    /// false). nil when that failed. The lists are read through closures, after `loadMore` changed them.
    @MainActor
    static func show(
        _ request: Request, shown: Range<Int>?, current: Int, photos: () -> [Photo], hasMore: () -> Bool,
        loadMore: () async throws(CommandError) -> Bool, pictures: PhotoPicturesWorker?
    ) async throws(CommandError) -> Result<Response, Problem>? {
        let perSheet = max(1, request.perSheet)
        var target: Int
        switch sheet(for: request, shown: shown, current: current, count: photos().count, canLoadMore: hasMore()) {
        case .failure(let problem): return .failure(problem)
        case .success(let found): target = found
        }
        // A sheet is filled before it is shown where the source has more: no sheet is shown part-full
        // but the source's last, so that `grid next` (and Enter repeating it) always goes on to the
        // sheet after the one shown, and skips no photo. A load that fails has said why; the sheet
        // is shown with the photos it has, if any. At most `pagesToFill` pages a sheet: a feed of a
        // photo a page (`count 1`) does not spend a rate-limited quota on one sheet.
        var pages = 0
        while (target + 1) * perSheet > photos().count && hasMore() && pages < pagesToFill {
            pages += 1
            let before = photos().count
            guard try await loadMore(), photos().count > before else {
                if target * perSheet >= photos().count { return nil }
                break
            }
        }
        target = min(target, (photos().count - 1) / perSheet)
        let list = photos()
        let response = await load(
            sheet: target, of: list, current: list.isEmpty ? nil : current, request: request, hasMore: hasMore(), pictures: pictures)
        // Ctrl-C ends the sheet at once: the thumbnails decoded meanwhile are not drawn.
        return Task.isCancelled ? .failure(.interrupted) : .success(response)
    }

    /// The sheet's response: its photos' thumbnails decoded in parallel (as many at once as there are
    /// cores), then the next sheet's started ahead.
    @MainActor
    private static func load(
        sheet: Int, of photos: [Photo], current: Int?, request: Request, hasMore: Bool,
        pictures: PhotoPicturesWorker?
    ) async -> Response {
        let perSheet = max(1, request.perSheet)
        let first = sheet * perSheet
        let shown = Array(photos[first..<min(photos.count, first + perSheet)])
        var loaded = [Result<Pixels, PictureFailure>?](repeating: nil, count: shown.count)
        if let box = request.pictureBox, let pictures {
            // All of the sheet's are what is decoded ahead now: a request for one of them does not
            // cancel the others' (a decode started for the previous sheet's next is kept).
            await pictures.prefetch(shown, fitting: box)
            // A sheet of large photos takes a while: `Drawing the sheet: 5/12 pictures`.
            let progress = pictures.progress
            let work = progress?.begin("Drawing the sheet", unit: "pictures", total: shown.count)
            await withTaskGroup(of: (Int, Result<Pixels, PictureFailure>?).self) { group in
                for (i, photo) in shown.enumerated() {
                    group.addTask { (i, await PictureLoading.load(pictures, photo, box: box, showsProgress: false)) }
                }
                var done = 0
                for await (i, result) in group {
                    loaded[i] = result
                    done += 1
                    if let work { progress?.advance(work, to: done) }
                }
            }
            if let work { progress?.end(work) }
            // Each decode runs on the decoding threads; the group only waits for them all, and a
            // cancelled wait ends at once (the decodes in flight finish into the cache).
            let next = Array(photos[min(photos.count, first + perSheet)..<min(photos.count, first + 2 * perSheet)])
            if !next.isEmpty, !Task.isCancelled { await pictures.prefetch(next, fitting: box) }
        }
        return Response(
            sheet: sheet, sheetCount: (photos.count + perSheet - 1) / perSheet, first: first, photos: shown,
            total: photos.count, current: current, pictures: loaded, hasMore: hasMore)
    }

    /// The presenters' wording of a sheet.
    static func presenting(_ response: Response) -> ViewModel {
        let last = response.first + response.photos.count
        let range = response.photos.count == 1 ? "photo \(last)" : "photos \(response.first + 1)–\(last)"
        let headline =
            "Sheet \(response.sheet + 1) of \(response.sheetCount)\(response.hasMore ? "+" : "")"
            + " (\(range) of \(response.total)\(response.hasMore ? " loaded" : "")):"
        var cells: [Cell] = []
        // The positions whose picture failed, by reason, in the order the reasons first came: a
        // sheet interrupted by Ctrl-C says so once, not thirty times.
        var failed: [(reason: String, positions: [Int])] = []
        for (i, photo) in response.photos.enumerated() {
            let position = response.first + i + 1
            var picture: Pixels?
            switch response.pictures[i] {
            case .success(let pixels)?:
                picture = pixels
            case .failure(let failure)?:
                if let k = failed.firstIndex(where: { $0.reason == failure.reason }) {
                    failed[k].positions.append(position)
                } else {
                    failed.append((failure.reason, [position]))
                }
            case nil:
                break
            }
            // A photo without a description is named by its file (a folder's) or its id.
            let name = photo.id.split(separator: "/").last.map(String.init) ?? photo.id
            let described = PhotoFormatting.caption(photo, whenNone: "")
            cells.append(
                Cell(
                    position: String(position), caption: DisplayText(described.isEmpty ? TerminalText.oneLine(name) : described),
                    captionIsName: described.isEmpty, isCurrent: response.current == position - 1, picture: picture))
        }
        let pictureNotes = failed.map { failure in
            let numbers = failure.positions.map { String($0) }
            let listed = numbers.count == 1 ? numbers[0] : numbers.dropLast().joined(separator: ", ") + " and " + numbers[numbers.count - 1]
            return "(picture\(numbers.count == 1 ? "" : "s") \(listed) not shown: \(failure.reason))"
        }
        var notes: [String] = []
        if response.hasMore && response.sheet == response.sheetCount - 1 {
            notes.append("More photos to load: type 'grid next'.")
        }
        return ViewModel(headline: headline, cells: cells, pictureNotes: pictureNotes, notes: notes)
    }

    /// The words for a problem, as the command's error.
    static func message(_ problem: Problem) -> String {
        switch problem {
        case .noPhotos: "there are no photos to lay out: type 'fetch' first"
        case .sheetOutOfRange(let requested, let sheetCount):
            "there is no sheet \(requested): sheets are 1…\(sheetCount) (type e.g. 'grid \(sheetCount)')"
        case .atLastSheet(1): "there is only one sheet: type 'grid' to see it again"
        case .atLastSheet(let sheetCount): "this is the last sheet (\(sheetCount) of \(sheetCount)): type 'grid prev' or 'grid 1'"
        case .atFirstSheet: "this is the first sheet: type 'grid next'"
        case .lastPhotoShown(let count):
            "the sheet shown held the last photo (\(count) of \(count)): type 'grid 1' for the first sheet as this window lays them out"
        case .interrupted: "interrupted: the sheet was not shown (type the command again to show it)"
        }
    }

    /// `grid`'s argument as a request's `which`: nothing, N (1-based), `next` or `prev`.
    static func which(_ argument: String?) throws -> Request.Which {
        switch argument {
        case nil: return .current
        case "next"?, "+"?: return .next
        case "prev"?, "-"?: return .previous
        case let text?:
            return .number(
                TypedNumber.row(ofPosition: try TypedNumber.parse(text, naming: "sheet", for: "grid")), typed: TypedNumber.typed(text))
        }
    }

    /// `grid`'s declaration, the same in every scene that lists photos.
    static let argument = Argument("N|next|prev", optional: true, completion: .words(["next", "prev"]))
    static let summary = "show a contact sheet of thumbnails: the current photo's, sheet N, the next or the previous"
}

/// How lists of photos are shown in this session: `layout list|grid`. One object for every scene of
/// the session, made at the composition root, so that the layout chosen sticks as scenes come and go.
@MainActor
package final class BrowseSettings {
    package enum Layout: String, CaseIterable, Sendable {
        /// One line a photo, the page control under them.
        case list
        /// Contact sheets of thumbnails.
        case grid
    }

    var layout: Layout

    package init(layout: Layout = .list) {
        self.layout = layout
    }

    /// `layout`: says the layout; `layout list|grid` sets it.
    func set(_ argument: String?, telling console: Console) throws {
        guard let argument else {
            console.writeLine("layout: \(layout.rawValue)")
            return
        }
        guard let chosen = Layout(rawValue: argument) else {
            throw CommandError("layout takes list or grid, not '\(TerminalText.truncate(argument, toWidth: 40))' (type e.g. 'layout grid')")
        }
        layout = chosen
        console.writeLine(
            "layout: \(chosen.rawValue) (lists of photos are shown \(chosen == .grid ? "as contact sheets" : "one line a photo"))")
    }

    /// `layout`'s declaration, the same in every scene that lists photos.
    static let argument = Argument("list|grid", optional: true, completion: .words(Layout.allCases.map(\.rawValue)))
    static let summary = "show or set how lists are shown: list (a line a photo) or grid (contact sheets)"
}

extension Console {
    /// Draws a sheet: each row's thumbnails side by side (when pictures are shown), then its
    /// captions under them, each cut to its cell: `▸ 3 Misty pine forest…`.
    @MainActor
    func writeSheet(_ sheet: ContactSheet.ViewModel, display: PictureDisplay?) {
        let layout = ContactSheet.layout(display)
        writeLine(sheet.headline)
        let cell = SheetLayout.cell
        var start = 0
        while start < sheet.cells.count {
            let row = sheet.cells[start..<min(sheet.cells.count, start + layout.columns)]
            if let display, row.contains(where: { $0.picture != nil }), let picture = display.sheetRow(row.map(\.picture)) {
                if let note = display.takeNote() { writeLine(note, style: .dim) }
                self.writePicture(picture)
            }
            for (i, item) in row.enumerated() {
                write(item.isCurrent ? "▸" : " ")
                let number = item.position + " "
                write(number)
                let last = i == row.count - 1
                let width = cell.columns - 1 - number.utf8.count
                let caption =
                    item.captionIsName && item.caption.width > width
                    ? DisplayText(TerminalText.truncateMiddle(item.caption.string, toWidth: width)) : item.caption
                if last {
                    writeLine(TerminalText.truncate(caption.string, toWidth: width))
                } else {
                    write(caption, column: width)
                    writeSpaces(SheetLayout.gap)
                }
            }
            start += layout.columns
        }
        for note in sheet.pictureNotes { writePictureNote(note, on: display) }
        for note in sheet.notes { writeLine(note, style: .dim) }
    }
}
