import Imaging
import PhotoDomain
import REPLEngine

@MainActor
protocol PhotoDetailPresentationLogic: AnyObject {
    func presentPhoto(_ response: PhotoDetail.Show.Response) throws(CommandError)
    func presentSaved(_ response: PhotoDetail.Save.Response) throws(CommandError)
    func presentJudged(_ response: PhotoDetail.Judge.Response) throws(CommandError)
    func presentPaths(_ response: PhotoPaths.Response) throws(CommandError)
    func presentFileAction(_ response: PhotoFileActions.Response) throws(CommandError)
    /// The photo shown was moved out of its place: the detail goes back to the list.
    func presentPhotoMovedAway() throws(CommandError)
    func presentUndone(_ response: PhotoDetail.Undo.Response) throws(CommandError)
    func presentMarked(_ response: PhotoDetail.Mark.Response) throws(CommandError)
    func presentInfo(_ response: PhotoDetail.Info.Response) throws(CommandError)
    func presentIndexEdit(_ response: PhotoDetail.Move.Response) throws(CommandError)
    func presentMoveRefused(_ response: PhotoDetail.Move.Refusal.Response) throws(CommandError)
    func presentStepRefused(_ response: PhotoDetail.Step.Refusal)
    func presentAnimationFrame(_ response: PhotoDetail.Animate.Frame.Response)
    func presentAnimationSending(_ response: PhotoDetail.Animate.Sending.Response)
    func presentAnimationStopped()
    func presentAnimationFailure(_ response: PhotoDetail.Animate.Failure.Response)
}

final class PhotoDetailPresenter: PhotoDetailPresentationLogic {
    /// Not owned: the view owns the interactor that owns this presenter.
    weak var view: PhotoDetailDisplayLogic?
    /// Whether the photos are a folder's files: the sample app's likes and URL mean nothing there.
    let photosAreFiles: Bool

    init(photosAreFiles: Bool = false) {
        self.photosAreFiles = photosAreFiles
    }

    func presentPhoto(_ response: PhotoDetail.Show.Response) throws(CommandError) {
        guard let photo = response.photo, let index = response.index else {
            let message =
                response.index.map { "There is no photo \($0 + 1) among \(response.photoCount): back to the collection." }
                ?? "No photo was selected: back to the collection."
            try view?.displayMissingPhoto(.init(message: message))
            return
        }
        view?.displayPhoto(
            .init(
                picture: ScenePicture.presenting(response.picture),
                pictureSource: response.explainsPicture ? Self.source(of: response.picture) : nil,
                heading: "Photo \(index + 1) of \(response.photoCount)",
                fields: Self.fields(photo, asFile: photosAreFiles),
                startsAnimation: response.startsAnimation,
                playsAnimation: response.playsAnimation
            ))
    }

    func presentAnimationFrame(_ response: PhotoDetail.Animate.Frame.Response) {
        view?.displayAnimationFrame(.init(pixels: response.frame.pixels))
    }

    func presentAnimationSending(_ response: PhotoDetail.Animate.Sending.Response) {
        view?.displayAnimationSending(.init(frames: response.frames))
    }

    func presentAnimationStopped() {
        view?.displayAnimationStopped()
    }

    func presentAnimationFailure(_ response: PhotoDetail.Animate.Failure.Response) {
        view?.displayAnimationFailure(.init(message: "(animation not played: \(response.reason))"))
    }

    func presentStepRefused(_ response: PhotoDetail.Step.Refusal) {
        let end = response.delta > 0 ? "last" : "first"
        let message = "Already at the \(end) photo of \(response.listName) (\(response.index + 1) of \(response.photoCount))."
        view?.displayStepRefused(.init(message: message))
    }

    /// Which rung of the preview ladder drew the picture (the failure's line already says why none).
    static func source(of picture: Result<Pixels, PictureFailure>?) -> String? {
        switch picture {
        case nil: "picture: none (this session shows no pictures: --preview)"
        case .success(let pixels)?: "picture: from \(pixels.source)"
        case .failure?: nil
        }
    }

    /// id, description, author, likes, size, the camera where the photo names one, url, and the
    /// credit where it has one; a folder's file (`asFile`) has no likes and no URL (its id is its path).
    static func fields(_ photo: Photo, asFile: Bool = false) -> [PhotoDetail.Show.Field] {
        var fields: [PhotoDetail.Show.Field] = []
        fields.reserveCapacity(9)
        // Identifiers as sent, one line each; prose (description, name) collapsed to one line.
        fields.append(.init(label: "id", value: TerminalText.oneLine(photo.id)))
        fields.append(.init(label: "description", value: PhotoFormatting.caption(photo)))
        fields.append(.init(label: "author", value: PhotoFormatting.authorWithUsername(photo)))
        if !asFile { fields.append(.init(label: "likes", value: PhotoFormatting.likes(photo.likes))) }
        // 0 is a size nobody sent (or one that was refused: negative, absurd).
        var size = "unknown"
        if photo.width > 0 && photo.height > 0 {
            size = String(photo.width)
            size += " × "
            size += String(photo.height)
        }
        // An animation is played in the detail where the terminal can; its frames are said here
        // wherever it is shown (a transcript draws its first frame only).
        if let frames = photo.frameCount { size += ", animated, \(frames) frames" }
        // A folder's photo: when, where and how it was taken, from its metadata; the size among them.
        if let facts = photo.facts, facts.metadataRead {
            let known = PhotoMetadataFormatting.fields(facts)
            let beforeSize = known.prefix { $0.label != "file" }
            fields += beforeSize.map { .init(label: $0.label, value: $0.value) }
            fields.append(.init(label: "size", value: size))
            fields += known.dropFirst(beforeSize.count).map { .init(label: $0.label, value: $0.value) }
            return fields
        }
        fields.append(.init(label: "size", value: size))
        if let camera = PhotoFormatting.camera(photo) { fields.append(.init(label: "camera", value: camera)) }
        if !asFile { fields.append(.init(label: "url", value: TerminalText.oneLine(photo.urls.regular))) }
        if photo.links != nil { fields += credit(photo) }
        return fields
    }

    /// Unsplash's attribution, as its API guidelines ask: the photographer and Unsplash, each linked
    /// with the referral parameters. Only photos from Unsplash have a profile to link to.
    static func credit(_ photo: Photo) -> [PhotoDetail.Show.Field] {
        // Photos with web links come from Unsplash (the catalog and folders have none); a profile link
        // the answer left out is the one Unsplash's pages use.
        guard photo.links != nil else { return [] }
        let profile = photo.user.profileURL.flatMap { $0.isEmpty ? nil : $0 } ?? "https://unsplash.com/@\(photo.user.username)"
        return [
            .init(label: "credit", value: "Photo by \(PhotoFormatting.author(photo)) on Unsplash"),
            .init(label: "", value: PhotoFormatting.withReferral(profile)),
            .init(label: "", value: PhotoFormatting.withReferral("https://unsplash.com/"))
        ]
    }

    func presentInfo(_ response: PhotoDetail.Info.Response) throws(CommandError) {
        switch response.tags {
        case nil:
            try view?.displayInfo(
                .init(
                    families: [],
                    failure: "info reads a photo file's metadata: this photo is not a file (browse a folder: photorepl ~/Pictures)"))
        case .failure(let failure)?:
            try view?.displayInfo(.init(families: [], failure: "cannot read the photo's metadata: \(failure.message)"))
        case .success(let tags)?:
            try view?.displayInfo(Self.info(tags))
        }
    }

    /// The tags grouped by family, in exiv2's order within each: `Photo.FNumber: F2.8` (the key
    /// without its family, the value as exiv2 words it).
    static func info(_ tags: [MetadataTag]) -> PhotoDetail.Info.ViewModel {
        var families: [(name: String, lines: [String])] = []
        for (family, name) in [("Exif", "Exif"), ("Iptc", "IPTC"), ("Xmp", "XMP")] {
            let lines = tags.filter { $0.family == family }.map { tag in
                let key = tag.key.dropFirst(family.count + 1)
                return TerminalText.singleLine(String(key)) + ": " + TerminalText.singleLine(Self.shownValue(tag))
            }
            if !lines.isEmpty { families.append((name, lines)) }
        }
        return .init(families: families, failure: nil)
    }

    /// A tag's value as exiv2 words it; a blob exiv2 can only list byte by byte (a maker's note,
    /// a thumbnail) by its size, as exiftool shows one.
    static func shownValue(_ tag: MetadataTag) -> String {
        let value = tag.printed.isEmpty ? tag.value : tag.printed
        let bytes = value.split(separator: " ")
        if bytes.count > 16, bytes.allSatisfy({ $0.count <= 3 && $0.allSatisfy(\.isNumber) }) {
            return "(\(bytes.count) bytes of binary data)"
        }
        return value
    }

    func presentSaved(_ response: PhotoDetail.Save.Response) throws(CommandError) {
        switch response.result {
        case .success(let saved)?:
            let bytes = PhotoFormatting.grouped(saved.byteCount)
            var message = "Saved photo \(response.position + 1) to \(saved.path) (\(bytes) bytes)."
            if let note = saved.note { message += "\n" + note }
            try view?.displaySaved(.init(message: message, failed: false))
        case .failure(let failure)?:
            try view?.displaySaved(.init(message: "save failed: \(failure.message)", failed: true))
        case nil:
            try view?.displaySaved(.init(message: "interrupted: save was cancelled and changed nothing", failed: true))
        }
    }

    func presentPaths(_ response: PhotoPaths.Response) throws(CommandError) {
        try view?.displayPaths(PhotoPaths.viewModel(response))
    }

    func presentFileAction(_ response: PhotoFileActions.Response) throws(CommandError) {
        try view?.displayFileAction(PhotoFileActions.viewModel(response))
    }

    func presentPhotoMovedAway() throws(CommandError) {
        try view?.displayPhotoMovedAway()
    }

    func presentJudged(_ response: PhotoDetail.Judge.Response) throws(CommandError) {
        let (message, failed) = JudgementWording.judged(response.result, response.change)
        try view?.displayJudged(.init(message: message, failed: failed))
    }

    func presentMarked(_ response: PhotoDetail.Mark.Response) throws(CommandError) {
        let word = response.marking ? "mark" : "unmark"
        switch response.outcome {
        case .notAFile:
            try view?.displayJudged(
                .init(
                    message: "\(word) failed: only a folder's photos are marked: start photorepl on a folder, e.g. 'photorepl ~/Pictures'",
                    failed: true))
        case .done(let changed, let marked):
            let what = response.marking ? (changed ? "marked" : "was marked already") : (changed ? "unmarked" : "was not marked")
            let count = marked == 1 ? "1 photo is marked" : "\(PhotoFormatting.grouped(marked)) photos are marked"
            try view?.displayJudged(
                .init(message: TerminalText.singleLine("\(response.photoID) \(what): \(count) ('filter marked' lists them)"), failed: false)
            )
        }
    }

    func presentUndone(_ response: PhotoDetail.Undo.Response) throws(CommandError) {
        let (message, failed) = JudgementWording.undone(response.result)
        try view?.displayJudged(.init(message: message, failed: failed))
    }

    func presentIndexEdit(_ response: PhotoDetail.Move.Response) throws(CommandError) {
        try view?.displayIndexEdit(.init(position: response.position))
    }

    /// Moving reorders the collection's own list; a photo opened from another list (a photographer's
    /// photos, search results) is not in it as such.
    func presentMoveRefused(_ response: PhotoDetail.Move.Refusal.Response) throws(CommandError) {
        try view?.displayMoveRefused(
            .init(
                message:
                    "this photo was opened from \(response.listName), and moving applies to the collection's own list: type 'back' until the prompt is 'photos>', then open the photo there"
            ))
    }
}
