import PhotoDomain
import REPLEngine
import TerminalPictures

/// The paged photo list's rows and page control, and how the console writes them.

/// One photo line of a list.
struct DisplayedPhoto: Equatable, Sendable {
    var position: String
    var id: DisplayText
    /// What the list is sorted by (`2024-06-01 12:30`, `ISO 800`); empty where its order is by name.
    var sortValue = DisplayText("")
    /// The photo's rating, label and keywords (`★★★★☆  Red  harbour`), aligned across the rows;
    /// empty where it has none.
    var judgement = DisplayText("")
    var description: DisplayText
    /// nil in a list where every photo has the same author (a photographer's): no column for it.
    var author: DisplayText?
    var likes: DisplayText

    /// Which columns a list shows besides the position and id: those some photo has a value for.
    struct Columns: Equatable {
        var sortValue = false
        var judgement = false
        var description = false
        var author = false
        var likes = false
    }

    /// The widths of a row's cut columns. In a pipe and in a transcript they are these, whatever
    /// the window (an id at most 28 columns, a description 32, an author 18: a row of a photo with
    /// all three fits in about 100 columns), so that golden files are the same everywhere; on a
    /// terminal, each column is as wide as its widest value, narrowed to the window.
    struct ColumnWidths: Equatable {
        static let fixedID = 28
        var id: Int
        /// As wide as its widest value (a date, a camera's name): never cut.
        var sortValue = 0
        /// As wide as its widest value (the presenter bounds it): never cut.
        var judgement = 0
        var description = 32
        var author = 18
    }

    /// The presenters' wording for the photo at 0-based `row`; `order`: what the list is sorted by,
    /// shown in a column of its own.
    static func presenting(_ photo: Photo, at row: Int, withAuthor: Bool, sortedBy order: PhotoOrder? = nil) -> DisplayedPhoto {
        DisplayedPhoto(
            position: String(row + 1),
            id: DisplayText(TerminalText.oneLine(photo.id)),
            sortValue: DisplayText(order.flatMap { PhotoMetadataFormatting.sortValue(photo, by: $0) } ?? ""),
            description: DisplayText(PhotoFormatting.caption(photo, whenNone: "")),
            author: withAuthor ? DisplayText(PhotoFormatting.author(photo, whenUnknown: "")) : nil,
            likes: DisplayText(photo.likes.map(PhotoFormatting.likes) ?? "")
        )
    }
}

/// The page control: `○ ● ○ ○ ○  2/5`. Like UIPageControl, the current page's dot is filled.
struct PageControl: Equatable, Sendable {
    var numberOfPages: Int
    /// 0-based.
    var currentPage: Int
    var text: String
    /// Whether more pages can be loaded after the last (a feed, search results): `next` there loads them.
    var hasMore = false
}

extension PageControl {
    /// More pages than this show the current one's dot and its position only: `● 45/10,000`.
    static let mostDots = 30

    init(page: Int, of pages: Int) {
        if pages > Self.mostDots {
            self.init(numberOfPages: pages, currentPage: page, text: "● \((page + 1).grouped)/\(pages.grouped)", hasMore: false)
            return
        }
        // A dot a page, the current one filled: bytes, then one string (appending a dot at a time to
        // a String costs more than the rest of a listing). ● is U+25CF and ○ U+25CB, in UTF-8
        // E2 97 8F and E2 97 8B.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pages * 4 + 24)
        for i in 0..<pages {
            if i > 0 { bytes.append(0x20) }
            bytes.append(0xE2)
            bytes.append(0x97)
            bytes.append(i == page ? 0x8F : 0x8B)
        }
        bytes += "  \(page + 1)/\(pages)".utf8
        let text = String(decoding: bytes, as: UTF8.self)
        self.init(numberOfPages: pages, currentPage: page, text: text, hasMore: false)
    }

    /// The page `delta` pages on, or nil past an end: a page control does not scroll past its ends,
    /// it stays, and `console` is told so.
    @MainActor
    func page(steppedBy delta: Int, telling console: Console) -> Int? {
        let target = currentPage + delta
        guard (0..<numberOfPages).contains(target) || (hasMore && target == numberOfPages) else {
            console.writeLine("Already on the \(delta > 0 ? "last" : "first") page.")
            console.writeLine(text)
            return nil
        }
        return target
    }
}

extension Console {
    /// `▸ 2  888n_EIf54F  City skyline after the rain    Sofia Sato          ♥ 61`, one per photo, the
    /// columns as wide as the widest. A column no photo listed has a value for is left out: the
    /// author where every photo has the same one (a photographer's list), and a folder's likes, or
    /// its descriptions and authors where no file's EXIF names them.
    ///
    /// On a terminal the rows are at most as many as its window holds beside the `linesAbove` lines
    /// written before them, the page control, the prompt and a greeting (`rowsLeftFree`): the part
    /// of the block the current photo is in. A transcript keeps the whole block, as a pipe lists it.
    @MainActor
    func writePhotoRows(_ photos: [DisplayedPhoto], currentRow: Int?, linesAbove: Int = 1) {
        // Positions as wide as the whole block's, whatever part of it is shown.
        let positionWidth = photos.last?.position.utf8.count ?? 1
        guard terminalColumns() != nil || terminalRows() != nil else {
            return layOutPhotoRows(photos, currentRow: currentRow, positionWidth: positionWidth, fitted: false)
        }
        var shown = photos[...], shownCurrent = currentRow
        if let windowRows = terminalRows() {
            let room = max(1, windowRows - linesAbove - Self.rowsLeftFree)
            if photos.count > room {
                let current = min(max(0, currentRow ?? 0), photos.count - 1)
                let start = min(current / room * room, photos.count - room)
                shown = photos[start..<start + room]
                shownCurrent = currentRow.map { $0 - start }
            }
        }
        writeDifferently(
            onTerminal: { layOutPhotoRows(Array(shown), currentRow: shownCurrent, positionWidth: positionWidth, fitted: true) },
            inTranscript: { layOutPhotoRows(photos, currentRow: currentRow, positionWidth: positionWidth, fitted: false) })
    }

    /// The lines a list leaves below it: the page control, the prompt, and the greeting the first
    /// listing has before its prompt.
    static let rowsLeftFree = 3

    /// How many lines of the terminal `lines` take, each wrapped at its width (1 each off a terminal).
    @MainActor
    func terminalLines(_ lines: [String]) -> Int {
        guard let columns = terminalColumns(), columns > 0 else { return lines.count }
        return lines.reduce(0) { $0 + max(1, (TerminalText.width($1) + columns - 1) / columns) }
    }

    /// The rows laid out: `fitted`, each column as wide as its widest value, narrowed to the window;
    /// else at the fixed widths of pipes and transcripts.
    @MainActor
    private func layOutPhotoRows(_ photos: [DisplayedPhoto], currentRow: Int?, positionWidth: Int, fitted fitsWindow: Bool) {
        // Unsplash ids are 11 characters; a folder's are paths, as long as they come (up to a limit).
        var idWidth = 0, likesWidth = 0, descriptionWidth = 0, authorWidth = 0, sortWidth = 0, judgementWidth = 0
        var columns = DisplayedPhoto.Columns()
        for photo in photos {
            idWidth = max(idWidth, photo.id.width)
            sortWidth = max(sortWidth, photo.sortValue.width)
            judgementWidth = max(judgementWidth, photo.judgement.width)
            likesWidth = max(likesWidth, photo.likes.width)
            descriptionWidth = max(descriptionWidth, photo.description.width)
            authorWidth = max(authorWidth, photo.author?.width ?? 0)
        }
        columns.sortValue = sortWidth > 0
        columns.judgement = judgementWidth > 0
        columns.description = descriptionWidth > 0
        columns.author = authorWidth > 0
        columns.likes = likesWidth > 0
        let widths = DisplayedPhoto.ColumnWidths(
            id: min(DisplayedPhoto.ColumnWidths.fixedID, idWidth), sortValue: sortWidth, judgement: judgementWidth)
        guard fitsWindow, let windowColumns = terminalColumns() else {
            return writePhotoRows(photos, currentRow: currentRow, positionWidth: positionWidth, widths: widths, columns: columns)
        }
        // On a terminal: each column as wide as its widest value, the widest narrowed first until
        // the row fits the window (long names then show whole in a wide one).
        var fitted = DisplayedPhoto.ColumnWidths(
            id: idWidth, sortValue: sortWidth, judgement: judgementWidth, description: descriptionWidth, author: authorWidth)
        let fixed =
            2 + positionWidth + 2 + (columns.sortValue ? 2 + sortWidth : 0) + (columns.judgement ? 2 + judgementWidth : 0)
            + (columns.description ? 2 : 0) + (columns.author ? 2 : 0) + (columns.likes ? 2 + likesWidth : 0)
        Self.fit(&fitted, hasDescription: columns.description, hasAuthor: columns.author, into: windowColumns - fixed)
        // Cut to the window on the terminal; whole in the transcript (`writePhotoRows`).
        writePhotoRows(photos, currentRow: currentRow, positionWidth: positionWidth, widths: fitted, columns: columns)
    }

    @MainActor
    private func writePhotoRows(
        _ photos: [DisplayedPhoto], currentRow: Int?, positionWidth: Int, widths: DisplayedPhoto.ColumnWidths,
        columns: DisplayedPhoto.Columns
    ) {
        let empty = DisplayText("")
        for (row, photo) in photos.enumerated() {
            write(row == currentRow ? "▸ " : "  ")
            writeSpaces(positionWidth - photo.position.utf8.count)
            write(photo.position)
            writeSpaces(2)
            // The cells this list shows after the id; a line ends with its last cell that says
            // something, with no blanks after it.
            // A name is cut in its middle, where names alike differ least ("2024-06-01 Holi…ugal
            // 003.jpg"); the other columns at their ends.
            let id = photo.id.width > widths.id ? DisplayText(TerminalText.truncateMiddle(photo.id.string, toWidth: widths.id)) : photo.id
            var cells: [(text: DisplayText, width: Int)] = [(id, widths.id)]
            if columns.sortValue { cells.append((photo.sortValue, widths.sortValue)) }
            if columns.judgement { cells.append((photo.judgement, widths.judgement)) }
            if columns.description { cells.append((photo.description, widths.description)) }
            if columns.author { cells.append((photo.author ?? empty, widths.author)) }
            if columns.likes { cells.append((photo.likes, 0)) }
            let last = cells.lastIndex { $0.text.width > 0 } ?? 0
            for (i, cell) in cells[...last].enumerated() {
                if i > 0 { writeSpaces(2) }
                if i == last {
                    write(cell.text, column: cell.width == 0 ? cell.text.width : cell.width, padded: false)
                } else {
                    write(cell.text, column: cell.width)
                }
            }
            writeLine()
        }
    }

    /// Narrows the cut columns until they fit in `space` columns or each is as narrow as it may be
    /// (then the line wraps, as it must): the description first (down to 16 columns), then the
    /// author (down to 12), as a name is what tells photos apart; then the widest, one column at
    /// a time.
    static func fit(_ widths: inout DisplayedPhoto.ColumnWidths, hasDescription: Bool = true, hasAuthor: Bool, into space: Int) {
        func excess() -> Int { widths.id + (hasDescription ? widths.description : 0) + (hasAuthor ? widths.author : 0) - space }
        if hasDescription, excess() > 0 { widths.description = max(min(widths.description, 16), widths.description - excess()) }
        if hasAuthor, excess() > 0 { widths.author = max(min(widths.author, 12), widths.author - excess()) }
        let narrowest = 6
        while widths.id + (hasDescription ? widths.description : 0) + (hasAuthor ? widths.author : 0) > space {
            let widest = max(hasDescription ? widths.description : 0, widths.id, hasAuthor ? widths.author : 0)
            guard widest > narrowest else { return }
            if hasDescription && widths.description == widest {
                widths.description -= 1
            } else if widths.id == widest {
                widths.id -= 1
            } else {
                widths.author -= 1
            }
        }
    }

    /// The page control, or only its current dot and position where the dots would not fit.
    @MainActor
    func writePageControl(_ control: PageControl) {
        if let columns = terminalColumns(), TerminalText.width(control.text) > columns {
            writeDifferently(
                onTerminal: { writeLine("● \(control.currentPage + 1)/\(control.numberOfPages)") },
                inTranscript: { writeLine(control.text) })
        } else {
            writeLine(control.text)
        }
    }

    /// The rows and their page control, below `linesAbove` lines written before them in the command.
    @MainActor
    func writeRows(_ rows: PhotoList.Rows.ViewModel, linesAbove: Int) {
        writePhotoRows(rows.photos, currentRow: rows.currentRow, linesAbove: linesAbove)
        if let control = rows.pageControl { writePageControl(control) }
    }

    /// A page: its picture (where one is shown), its row and the page control.
    @MainActor
    func writePage(_ page: PhotoList.Page.ViewModel, on display: PictureDisplay?) {
        show(page.picture, at: .page, on: display)
        writePhotoRows([page.photo], currentRow: 0)
        writePageControl(page.pageControl)
    }
}
