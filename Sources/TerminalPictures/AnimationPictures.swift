import Imaging
import REPLEngine

/// The bytes that play an animation: in kitty, through its animation protocol (the first frame
/// transmitted and placed under an image number, each other frame added to it with its gap, then
/// the terminal told to run it: it plays by itself, and the prompt comes back at once); in the other
/// pixel styles and symbols, each frame drawn again over the picture, in place.
extension PictureRenderer {
    /// The first frame, drawn as `render` draws a picture, under image number `id` so that frames can
    /// be added to it; the size of its pixels (every frame is sent at that size) beside it.
    package func kittyAnimationStart(_ pixels: Pixels, in box: CellBox, id: UInt32) -> (picture: TerminalPicture, payload: PixelSize) {
        let size = PixelSize(width: pixels.width, height: pixels.height)
        let shown = shownSize(of: size, in: box)
        let payload = size.fitted(in: shown)
        let bytes = kittyTransfer(enlarged(pixels, to: shown), payload: payload, control: "a=T,i=\(id),f=32,o=z,q=2,C=1,")
        return (TerminalPicture(generated: placed(bytes, rows: cells(for: size, in: box).rows).bytes, transcriptText: nil), payload)
    }

    /// A frame added to animation `id`, shown for `gap` milliseconds (`a=f`: kitty keeps it, and plays
    /// it when told to run). Its pixels are made the size of the first frame's, as kitty wants.
    package func kittyAnimationFrame(_ pixels: Pixels, payload: PixelSize, id: UInt32, gap: Int) -> TerminalPicture {
        let exact =
            pixels.width == payload.width && pixels.height == payload.height
            ? pixels
            : pixels.width >= payload.width && pixels.height >= payload.height
                ? pixels.resampled(to: payload) : pixels.enlarged(to: payload)
        let bytes = kittyTransfer(exact, payload: payload, control: "a=f,i=\(id),f=32,o=z,q=2,z=\(max(1, gap)),")
        return TerminalPicture(generated: bytes, transcriptText: nil)
    }

    /// Runs animation `id`: its first frame's gap set (`a=a,r=1,z=`), then played (`s=3`) `plays`
    /// times, nil for ever (kitty's `v` counts plays plus one; 1 is for ever).
    package func kittyAnimationRun(id: UInt32, firstGap: Int, plays: Int?) -> TerminalPicture {
        let loops = plays.map { $0 + 1 } ?? 1
        let bytes =
            passthrough(Array("\u{1B}_Ga=a,i=\(id),r=1,z=\(max(1, firstGap)),q=2\u{1B}\\".utf8))
            + passthrough(Array("\u{1B}_Ga=a,i=\(id),s=3,v=\(loops),q=2\u{1B}\\".utf8))
        return TerminalPicture(generated: bytes, transcriptText: nil)
    }

    /// Stops animation `id` where it is (`s=1`): its frame of the moment stays on screen.
    package func kittyAnimationHalt(id: UInt32) -> TerminalPicture {
        TerminalPicture(generated: passthrough(Array("\u{1B}_Ga=a,i=\(id),s=1,q=2\u{1B}\\".utf8)), transcriptText: nil)
    }

    /// Stops animation `id` and deletes it, its frames and its place on screen (`a=d,d=I`).
    package func kittyAnimationDelete(id: UInt32) -> TerminalPicture {
        TerminalPicture(generated: passthrough(Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)), transcriptText: nil)
    }

    /// A frame drawn over the picture it replaces, which starts `rowsUp` rows above the cursor: the
    /// cursor saved, moved there, the frame drawn, the cursor brought back, in one write. nil in
    /// the styles that do not redraw (kitty plays by itself; ASCII and none never animate), and
    /// inside tmux when the frame would pass tmux's limit for one sequence.
    package func frameInPlace(_ pixels: Pixels, in box: CellBox, rowsUp: Int) -> TerminalPicture? {
        let flat: Pixels
        let body: [UInt8]
        switch style {
        case .symbols(let colours):
            flat = pixels.composited(onto: background)
            let cells = cells(for: PixelSize(width: flat.width, height: flat.height), in: box)
            body = symbols(flat, cells: cells, colours: colours)
        case .sixel, .iterm:
            if let symbols = symbolsWithoutChafa { return symbols.frameInPlace(pixels, in: box, rowsUp: rowsUp) }
            flat = pixels.composited(onto: background)
            body = passthrough(pixelPicture(flat, size: shownSize(of: PixelSize(width: flat.width, height: flat.height), in: box)))
            if inTmux && body.count > Self.tmuxSequenceLimit { return nil }
        default:
            return nil
        }
        let bytes = Array("\u{1B}7\u{1B}[\(rowsUp)A\r".utf8) + body + Array("\u{1B}8".utf8)
        return TerminalPicture(generated: bytes, transcriptText: nil)
    }
}
