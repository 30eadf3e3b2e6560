import Imaging
import PhotoDomain
import Synchronization
import Testing
@testable import Scenes

/// A picture that takes long to decode is shown on the progress line (after 0.3 s, as a walk or a
/// sheet is): the work is begun with the photo's name and ended before the picture is drawn.
@MainActor
@Suite struct PictureProgressTests {
    final class Display: ProgressDisplay {
        let events = Mutex<[String]>([])
        func workBegan(_ progress: WorkProgress) { events.withLock { $0.append("began: \(progress.current?.label ?? "")") } }
        func workEnded() { events.withLock { $0.append("ended") } }
    }

    actor SlowPictures: PhotoPicturesWorker {
        nonisolated let progress: WorkProgress?
        init(progress: WorkProgress) { self.progress = progress }
        func pixels(for photo: Photo, fitting box: PixelSize) async throws -> Pixels {
            #expect(progress?.current?.label == "Decoding \(photo.id)", "the line names the photo while it decodes")
            if photo.id.hasSuffix("bad.jpg") { throw PictureFailure("truncated") }
            return Pixels(width: 1, height: 1, rgba: [0, 0, 0, 255])
        }
        func prefetch(_ photo: Photo, fitting box: PixelSize) async {}
        func prefetch(_ photos: [Photo], fitting box: PixelSize) async {}
    }

    @Test func aDecodeIsAWorkOnTheProgressLine() async {
        let display = Display()
        let progress = WorkProgress(display: display)
        let picture = await PictureLoading.load(
            SlowPictures(progress: progress), Photo.fixture("Nature/Storm.jpg"), box: PixelSize(width: 8, height: 8))
        #expect(picture.map { if case .success = $0 { true } else { false } } == true)
        #expect(display.events.withLock { $0 } == ["began: Decoding Nature/Storm.jpg", "ended"])
        #expect(progress.current == nil)
    }

    @Test func aFailedDecodeEndsItsWorkToo() async {
        let display = Display()
        let progress = WorkProgress(display: display)
        let failed = await PictureLoading.load(
            SlowPictures(progress: progress), Photo.fixture("bad.jpg"), box: PixelSize(width: 8, height: 8))
        #expect(failed == .failure(PictureFailure("truncated")))
        #expect(progress.current == nil)
        #expect(await PictureLoading.load(SlowPictures(progress: progress), Photo.fixture("x"), box: nil) == nil)
        #expect(display.events.withLock { $0 }.count == 2, "no picture wanted: no work begun")
    }
}

extension PictureProgressTests {
    /// A sheet's thumbnails are counted on the sheet's line, not each shown as a decode of its own.
    @Test func aSheetsThumbnailIsNoWorkOfItsOwn() async {
        let display = Display()
        let progress = WorkProgress(display: display)
        let sheet = progress.begin("Drawing the sheet", unit: "pictures", total: 1)
        actor Quiet: PhotoPicturesWorker {
            nonisolated let progress: WorkProgress?
            init(_ progress: WorkProgress) { self.progress = progress }
            func pixels(for photo: Photo, fitting box: PixelSize) async throws -> Pixels {
                #expect(progress?.current?.label == "Drawing the sheet")
                return Pixels(width: 1, height: 1, rgba: [0, 0, 0, 255])
            }
            func prefetch(_ photo: Photo, fitting box: PixelSize) async {}
            func prefetch(_ photos: [Photo], fitting box: PixelSize) async {}
        }
        _ = await PictureLoading.load(Quiet(progress), Photo.fixture("p1"), box: PixelSize(width: 8, height: 8), showsProgress: false)
        progress.end(sheet)
        #expect(display.events.withLock { $0 } == ["began: Drawing the sheet", "ended"])
    }
}
