import PhotoDomain
import REPLEngine

extension PhotoList {
    /// The page's picture, row and page control, as the scene that lists the photos shows a page.
    static func page(_ response: Page.Response, wording: Wording) -> Page.ViewModel {
        var control = PageControl(page: response.page, of: response.pageCount)
        control.hasMore = response.hasMore
        return Page.ViewModel(
            picture: ScenePicture.presenting(response.picture),
            photo: DisplayedPhoto.presenting(response.photo, at: response.page, withAuthor: wording.withAuthor),
            pageControl: control)
    }

    /// What a load of the source's next page brought, in the scene's words, and the page control over
    /// the photos loaded now.
    static func more(_ response: More.Response, wording: Wording) -> More.ViewModel {
        var control = PageControl(page: response.page, of: response.photoCount)
        control.hasMore = response.hasMore
        return More.ViewModel(lines: [wording.loaded(response)] + response.notes, pageControl: control)
    }

    /// What cannot be done with the list, as the command's error.
    static func failure(_ response: Failure.Response, wording: Wording) -> Failure.ViewModel {
        Failure.ViewModel(message: message(response.problem, wording: wording))
    }
    /// At most this many rows are listed at once: a folder of 10,000 photos lists the block of 30
    /// the current page is in (rows 31…60 for page 45), the page control saying where it is.
    static let rowsListed = 30

    /// The rows and page control a scene lists below its headline: the block of `rowsListed` rows
    /// the current page is in.
    static func rows(_ response: Rows.Response, withAuthor: Bool, sortedBy order: PhotoOrder? = nil) -> Rows.ViewModel {
        let photos = response.photos
        var control = photos.isEmpty ? nil : PageControl(page: response.page, of: photos.count)
        control?.hasMore = response.hasMore
        let first = photos.count <= rowsListed ? 0 : min(max(0, response.page), photos.count - 1) / rowsListed * rowsListed
        let listed = first..<min(photos.count, first + rowsListed)
        var rows = listed.map { DisplayedPhoto.presenting(photos[$0], at: $0, withAuthor: withAuthor, sortedBy: order) }
        for (row, judgement) in zip(rows.indices, judgements(photos[listed], withRating: order != .rating)) {
            rows[row].judgement = DisplayText(judgement)
        }
        return Rows.ViewModel(photos: rows, currentRow: photos.isEmpty ? nil : response.page - first, pageControl: control)
    }

    /// Each photo's judgement as a list shows it, its rating, label and keywords aligned across the
    /// rows (`★★★★☆  Red    harbour, dawn`); empty for a photo with none.
    static func judgements(_ photos: ArraySlice<Photo>, withRating: Bool) -> [String] {
        let parts = photos.map { PhotoMetadataFormatting.judgement($0, withRating: withRating) }
        let ratingWidth = parts.map { TerminalText.width($0.rating) }.max() ?? 0
        let labelWidth = parts.map { TerminalText.width($0.label) }.max() ?? 0
        return parts.map { part in
            var cells: [(text: String, width: Int)] = []
            if ratingWidth > 0 { cells.append((part.rating, ratingWidth)) }
            if labelWidth > 0 { cells.append((part.label, labelWidth)) }
            cells.append((part.keywords, 0))
            // Padded to the column's width but the last cell that says something: no blanks after.
            guard let last = cells.lastIndex(where: { !$0.text.isEmpty }) else { return "" }
            return cells[...last].enumerated().map { i, cell in
                i == last ? cell.text : cell.text + String(repeating: " ", count: cell.width - TerminalText.width(cell.text))
            }.joined(separator: "  ")
        }
    }

    /// What cannot be done with the list, in the words of the scene that lists it.
    static func message(_ problem: Failure.Problem, wording: Wording) -> String {
        let noun = wording.noun
        switch problem {
        case .noPhotos(let command):
            return wording.nothingTo(command == "open" ? "open" : "page through")
        case .pageOutOfRange(let requested, let pageCount):
            return "there is no page \(requested): pages are 1…\(pageCount) (type e.g. 'page \(pageCount)')"
        case .positionOutOfRange(let requested, let photoCount):
            return "there is no \(noun) \(requested): positions are 1…\(photoCount) (type e.g. 'open \(photoCount)')"
        case .noPhotoNamed(let name, let suggestion?):
            return
                "no \(noun) listed is named '\(name)': did you mean '\(suggestion)'? (type e.g. 'open 1' or 'open \(Tokenizer.quoted(suggestion))')"
        case .noPhotoNamed(let name, nil):
            return "'\(name)' is neither a \(noun)'s position nor the name of one listed: type e.g. 'open 1'"
        case .severalPhotosNamed(let name, let named, let more):
            let list = named.map { "'\($0)'" }.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
            return
                "'\(name)' names \(named.count + more) \(noun)s: \(list) (type more of the path, e.g. 'open \(Tokenizer.quoted(named[0]))')"
        case .nothingMore(let photoCount):
            return "\(wording.noMore): all \(photoCount) are listed (type 'page 1' for the first)"
        case .loadMoreFailed(let reason, let kept):
            return
                "cannot load more \(noun)s: \(PhotoFormatting.reason(reason)) (the \(kept) loaded are kept; type 'next' or 'grid next' to try again)"
        case .sheet(.noPhotos):
            return wording.nothingTo("lay out")
        case .sheet(let problem):
            return ContactSheet.message(problem)
        }
    }
}
