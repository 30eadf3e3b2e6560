import PhotoDomain
import REPLEngine

/// The paged photo list's rows and page control, and how the console writes them.

/// One photo line of a list.
public struct DisplayedPhoto: Equatable, Sendable {
    public var position: String
    public var id: DisplayText
    public var description: DisplayText
    /// nil in a list where every photo has the same author (a photographer's): no column for it.
    public var author: DisplayText?
    public var likes: DisplayText

    /// The widths of a row's cut columns.
    struct ColumnWidths: Equatable {
        var id: Int
        var description = 32
        var author = 18
    }

    /// The presenters' wording for the photo at 0-based `row`.
    static func presenting(_ photo: Photo, at row: Int, withAuthor: Bool) -> DisplayedPhoto {
        DisplayedPhoto(
            position: String(row + 1),
            id: DisplayText(TerminalText.oneLine(photo.id)),
            description: DisplayText(PhotoFormatting.caption(photo)),
            author: withAuthor ? DisplayText(PhotoFormatting.author(photo)) : nil,
            likes: DisplayText(PhotoFormatting.likes(photo.likes))
        )
    }
}

/// The page control: `○ ● ○ ○ ○  2/5`. Like UIPageControl, the current page's dot is filled.
public struct PageControl: Equatable, Sendable {
    public var numberOfPages: Int
    /// 0-based.
    public var currentPage: Int
    public var text: String
    /// Whether more pages can be loaded after the last (a feed, search results): `next` there loads them.
    public var hasMore = false
}

extension PageControl {
    init(page: Int, of pages: Int) {
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
            console.line("Already on the \(delta > 0 ? "last" : "first") page.")
            console.line(text)
            return nil
        }
        return target
    }
}

extension Console {
    /// `▸ 2  888n_EIf54F  City skyline after the rain    Sofia Sato          ♥ 61`, one per photo, the
    /// columns as wide as the widest; the author column only where the photos have one.
    @MainActor
    func writePhotoRows(_ photos: [DisplayedPhoto], currentRow: Int?) {
        let positionWidth = photos.last?.position.utf8.count ?? 1
        // Unsplash ids are 11 characters; a folder's are paths, as long as they come (up to a limit).
        var idWidth = 0
        for photo in photos { idWidth = max(idWidth, photo.id.width) }
        let widths = DisplayedPhoto.ColumnWidths(id: min(28, idWidth))
        guard let columns = terminalColumns() else { return writePhotoRows(photos, currentRow: currentRow, positionWidth: positionWidth, widths: widths) }
        var likesWidth = 0
        for photo in photos { likesWidth = max(likesWidth, photo.likes.width) }
        let hasAuthor = photos.first?.author != nil
        var fitted = widths
        Self.fit(&fitted, hasAuthor: hasAuthor, into: columns - (2 + positionWidth + 2 + 2 + 2 + (hasAuthor ? 2 : 0) + likesWidth))
        guard fitted != widths else { return writePhotoRows(photos, currentRow: currentRow, positionWidth: positionWidth, widths: widths) }
        // Cut to the window on the terminal; whole in the transcript.
        differently(
            onTerminal: { writePhotoRows(photos, currentRow: currentRow, positionWidth: positionWidth, widths: fitted) },
            inTranscript: { writePhotoRows(photos, currentRow: currentRow, positionWidth: positionWidth, widths: widths) })
    }

    @MainActor
    private func writePhotoRows(_ photos: [DisplayedPhoto], currentRow: Int?, positionWidth: Int, widths: DisplayedPhoto.ColumnWidths) {
        for (row, photo) in photos.enumerated() {
            write(row == currentRow ? "▸ " : "  ")
            spaces(positionWidth - photo.position.utf8.count)
            write(photo.position)
            spaces(2)
            write(photo.id, column: widths.id)
            spaces(2)
            write(photo.description, column: widths.description)
            spaces(2)
            if let author = photo.author {
                write(author, column: widths.author)
                spaces(2)
            }
            line(photo.likes)
        }
    }

    /// Narrows the widest of the cut columns, one column at a time, until they fit in `space`
    /// columns or each is as narrow as it may be (then the line wraps, as it must).
    static func fit(_ widths: inout DisplayedPhoto.ColumnWidths, hasAuthor: Bool, into space: Int) {
        let narrowest = 6
        while widths.id + widths.description + (hasAuthor ? widths.author : 0) > space {
            let widest = max(widths.description, widths.id, hasAuthor ? widths.author : 0)
            guard widest > narrowest else { return }
            if widths.description == widest { widths.description -= 1 }
            else if widths.id == widest { widths.id -= 1 }
            else { widths.author -= 1 }
        }
    }

    /// The page control, or only its current dot and position where the dots would not fit.
    @MainActor
    func writePageControl(_ control: PageControl) {
        if let columns = terminalColumns(), TerminalText.width(control.text) > columns {
            differently(
                onTerminal: { line("● \(control.currentPage + 1)/\(control.numberOfPages)") },
                inTranscript: { line(control.text) })
        } else {
            line(control.text)
        }
    }
}

