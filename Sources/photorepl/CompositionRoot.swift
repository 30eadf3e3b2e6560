import PhotoDomain
import REPLEngine
import Scenes

/// The one place that knows every scene and every worker: registers the scene modules with the
/// engine, injects the photo source, and shows the root scene.
@MainActor
enum CompositionRoot {
    static func makeEngine(_ options: SessionOptions, console: Console) -> Engine {
        var worker: PhotosWorker =
            switch options.source {
            case .embedded: EmbeddedPhotosWorker(seed: options.seed)
            }
        if options.fetchDelay > 0 {
            worker = DelayedPhotosWorker(worker, delay: .milliseconds(options.fetchDelay))
        }
        let engine = Engine(console: console)
        engine.register(PhotoCollectionView.module(worker: worker))
        engine.register(PhotoDetailView.module())
        engine.register(IndexEditView.module())
        engine.start(root: PhotoCollectionView.self)
        return engine
    }
}
