// swift-tools-version:6.0
import PackageDescription

/// Release builds skip the run-time exclusivity checks (debug builds and the tests keep them): on the
/// per-command path they cost about a tenth of the time (see Scripts/bench and README "Performance").
let releaseSpeed: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "photorepl",
    products: [
        .executable(name: "photorepl", targets: ["photorepl"]),
        .library(name: "REPLEngine", targets: ["REPLEngine"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // libedit's variadic el_set/el_get/history cannot be called from Swift: one typed C wrapper each.
        .target(
            name: "CLibEdit",
            linkerSettings: [.linkedLibrary("edit")]
        ),
        // The REPL engine: line sources, tokenizer, navigation stack, dispatch, console. Knows nothing about photos.
        .target(name: "REPLEngine", dependencies: ["CLibEdit"], swiftSettings: releaseSpeed),
        // Photos in the Unsplash shape, the PhotosWorker protocol and the embedded catalog.
        .target(name: "PhotoDomain", exclude: ["Catalog/catalog.json"]),
        // The Clean Swift scenes, one folder each.
        .target(name: "Scenes", dependencies: ["REPLEngine", "PhotoDomain"], swiftSettings: releaseSpeed),
        // Command line and composition root.
        .executableTarget(
            name: "photorepl",
            dependencies: [
                "REPLEngine", "PhotoDomain", "Scenes",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "REPLEngineTests", dependencies: ["REPLEngine"]),
        .testTarget(name: "PhotoDomainTests", dependencies: ["PhotoDomain"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "REPLEngine", "PhotoDomain"]),
        // Drives the built photorepl binary: golden transcripts, exit codes, a real terminal through tmux.
        .testTarget(name: "PhotoreplTests", dependencies: ["photorepl"]),
    ]
)
