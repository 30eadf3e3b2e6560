import PhotoDomain
import REPLEngine
import Scenes
import TerminalPictures

/// The one place that knows every scene and every worker: registers the scene modules with the
/// engine, injects the photo source, its pictures and the picture display, and shows the root scene.
@MainActor
enum CompositionRoot {
    static func makeEngine(_ options: SessionOptions, console: Console, display: PictureDisplay.Setting) -> Engine {
        var worker: PhotosWorker
        var pictures: PhotoPicturesWorker
        switch options.effectiveSource {
        case .embedded:
            worker = EmbeddedPhotosWorker(seed: options.seed)
            pictures = BlurHashPicturesWorker()
        case .folder:
            let folder = FolderPhotosWorker(root: options.folderPath, shownAs: options.folderShownAs, seed: options.seed)
            worker = folder
            pictures = CachingPicturesWorker(folder)
        }
        if options.fetchDelay > 0 {
            worker = DelayedPhotosWorker(worker, delay: .milliseconds(options.fetchDelay))
            pictures = DelayedPicturesWorker(pictures, delay: .milliseconds(options.fetchDelay))
        }
        let pictureDisplay = PictureDisplay(display)
        let engine = Engine(console: console)
        engine.register(PhotoCollectionView.module(worker: worker, pictures: pictures, display: pictureDisplay))
        engine.register(PhotoDetailView.module(pictures: pictures, display: pictureDisplay))
        engine.register(IndexEditView.module())
        engine.start(root: PhotoCollectionView.self)
        return engine
    }
}
