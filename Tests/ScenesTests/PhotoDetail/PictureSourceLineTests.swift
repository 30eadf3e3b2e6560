import Imaging
import PhotoDomain
import Testing
@testable import Scenes

/// `show --why`: the line that says which source drew the picture.
@MainActor
@Suite struct PictureSourceLineTests {
    @Test func theLineSaysWhereThePixelsCameFrom() {
        var pixels = Pixels(width: 1, height: 1, rgba: [0, 0, 0, 255])
        pixels.source = .preview(
            kind: "MPF preview", size: PixelSize(width: 640, height: 480), photo: PixelSize(width: 1200, height: 900),
            decoded: PixelSize(width: 240, height: 180))
        #expect(
            PhotoDetailPresenter.source(of: .success(pixels))
                == "picture: from the MPF preview (640×480) inside the 1200×900 photo, decoded at 240×180")
        pixels.source = .file(format: "GIF", stored: PixelSize(width: 200, height: 200), decoded: PixelSize(width: 200, height: 200))
        #expect(PhotoDetailPresenter.source(of: .success(pixels)) == "picture: from the GIF itself, 200×200")
        pixels.source = .blurHash
        #expect(PhotoDetailPresenter.source(of: .success(pixels)) == "picture: from its BlurHash (a blurred placeholder of its colours)")
        #expect(PhotoDetailPresenter.source(of: nil) == "picture: none (this session shows no pictures: --preview)")
        // A failure's own line already says why there is no picture.
        #expect(PhotoDetailPresenter.source(of: .failure(PictureFailure("corrupt JPEG"))) == nil)
    }
}
