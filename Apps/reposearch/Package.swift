// swift-tools-version:6.0
import PackageDescription

// Seed 003's GitHub repository search as a REPL: a third app on photorepl's engine, with its network
// sessions replayable from cassettes (the Networking library).
let package = Package(
    name: "reposearch",
    platforms: [.macOS(.v15)],  // as photorepl's libraries
    dependencies: [
        // The repository this example lives in: its libraries and the BuildInfo plugin.
        .package(name: "photorepl", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "reposearch",
            dependencies: [
                .product(name: "REPLEngine", package: "photorepl"),
                .product(name: "REPLLauncher", package: "photorepl"),
                .product(name: "Networking", package: "photorepl"),
            ],
            plugins: [.plugin(name: "BuildInfo", package: "photorepl")]
        ),
        // The scenes' unit tests (`@testable import reposearch`): interactor, presenters and router
        // with test doubles, the scenes and the whole app through REPLTesting's SceneTester.
        .testTarget(
            name: "reposearchTests",
            dependencies: [
                "reposearch",
                .product(name: "REPLTesting", package: "photorepl"),
                .product(name: "REPLEngine", package: "photorepl"),
                .product(name: "REPLLauncher", package: "photorepl"),
                .product(name: "Networking", package: "photorepl"),
            ]
        ),
    ]
)
