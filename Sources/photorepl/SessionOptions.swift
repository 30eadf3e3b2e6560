import ArgumentParser
import PhotoDomain

/// Where photos come from.
enum PhotoSource: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// The catalog compiled into photorepl: offline, deterministic.
    case embedded
}

/// What makes a session reproducible: the source and the seed of its random picks.
struct SessionOptions: ParsableArguments, Sendable {
    @Option(help: "Where photos come from.")
    var source: PhotoSource = .embedded

    @Option(help: "Seed for the random picks: the same seed fetches the same photos.")
    var seed: UInt64 = EmbeddedPhotosWorker.defaultSeed

    @Option(help: ArgumentHelp("Make every fetch take this long, like a slow network (to try Ctrl-C on a fetch).", valueName: "milliseconds"))
    var fetchDelay: UInt32 = 0
}
