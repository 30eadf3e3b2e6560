// swift-tools-version:6.0
import PackageDescription

// The VIPER to-do list of seed 002 as a REPL: an app built on photorepl's engine as a library. Its
// scripts, transcripts, line editing, history and completion come from the engine and the launcher.
let package = Package(
    name: "todo",
    platforms: [.macOS(.v15)],  // as photorepl's libraries
    dependencies: [
        // The repository this example lives in: its REPLEngine and REPLLauncher products.
        .package(name: "photorepl", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "todo",
            dependencies: [
                .product(name: "REPLEngine", package: "photorepl"),
                .product(name: "REPLLauncher", package: "photorepl"),
            ],
            // `BuildInfo.commit`: the commit `todo --version` names.
            plugins: [.plugin(name: "BuildInfo", package: "photorepl")]
        ),
        // The scenes' unit tests (`@testable import todo`): interactors, presenters and routers with
        // test doubles, the scenes and the whole app through REPLTesting's SceneTester.
        .testTarget(
            name: "todoTests",
            dependencies: [
                "todo",
                .product(name: "REPLTesting", package: "photorepl"),
                .product(name: "REPLEngine", package: "photorepl"),
                .product(name: "REPLLauncher", package: "photorepl"),
            ]
        ),
    ]
)
