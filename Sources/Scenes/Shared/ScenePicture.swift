import Imaging
import PhotoDomain
import TerminalPictures
import REPLEngine

/// A picture as a scene's view gets it: pixels to draw, or one line saying why there are none.
enum ScenePicture: Equatable, Sendable {
    case pixels(Pixels)
    case unavailable(String)

    /// The presenters' wording: what the interactor got, as the view shows it.
    static func presenting(_ result: Result<Pixels, PictureFailure>?) -> ScenePicture? {
        switch result {
        case nil: nil
        case .success(let pixels)?: .pixels(pixels)
        case .failure(let failure)?: .unavailable("(picture not shown: \(failure.reason))")
        }
    }
}

/// What the interactors share about asking for pixels.
enum PictureLoading {
    /// The photo's pixels for `box`; nil when no picture is wanted. Ctrl-C while decoding gives up the
    /// picture only: the scene goes on without it. On the main actor, like its callers: a nonisolated
    /// async function would hop to another thread and back on every command, pictures or not.
    /// A decode that takes long (a 200-megapixel HEIC: seconds) is shown on the progress line
    /// after 0.3 s, as a folder's walk and a sheet are (`showsProgress`: not a sheet's thumbnail,
    /// whose sheet has a line of its own).
    @MainActor
    static func load(_ worker: PhotoPicturesWorker?, _ photo: Photo, box: PixelSize?, showsProgress: Bool = true) async -> Result<
        Pixels, PictureFailure
    >? {
        guard let box, let worker else { return nil }
        let progress = showsProgress ? worker.progress : nil
        let work = progress?.begin("Decoding \(TerminalText.truncateMiddle(TerminalText.oneLine(photo.id), toWidth: 50))")
        defer { if let work { progress?.end(work) } }
        do {
            return .success(try await worker.pixels(for: photo, fitting: box))
        } catch let failure as PictureFailure {
            return .failure(failure)
        } catch is CancellationError {
            return .failure(PictureFailure("interrupted"))
        } catch {
            return .failure(PictureFailure("\(error)"))
        }
    }
}

extension Console {
    /// Draws a scene's picture at `place`, or its one line of why not.
    @MainActor
    func show(_ picture: ScenePicture?, at place: PictureDisplay.Place, on display: PictureDisplay?) {
        switch picture {
        case nil: return
        case .pixels(let pixels)?:
            guard let rendered = display?.picture(pixels, for: place) else { return }
            if let note = display?.takeNote() { self.writeLine(note, style: .dim) }
            self.writePicture(rendered)
        case .unavailable(let line)?:
            writePictureNote(line, on: display)
        }
    }

    /// A line about a picture (why it was not drawn, or not played): part of the picture, so a
    /// transcript keeps it only where it keeps the picture's text (ASCII), and a transcript's check,
    /// which decodes no other picture, prints none.
    @MainActor
    func writePictureNote(_ line: String, on display: PictureDisplay?) {
        guard let display, !display.picturesHaveText else { return writeLine(line, style: .dim) }
        if display.decodesOnlyComparedPictures { return }
        writeDifferently(onTerminal: { writeLine(line, style: .dim) }, inTranscript: {})
    }
}
