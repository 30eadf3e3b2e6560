// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "photorepl",
    // Built and tested on Debian Linux only; written for macOS too, where Mutex (Synchronization) and
    // the standard library's count(where:) need macOS 15.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "photorepl", targets: ["photorepl"]),
        // The metadata reader photorepl starts on its first need (exiv2 in a process of its own).
        .executable(name: "photorepl-metadata", targets: ["MetadataReader"]),
        .library(name: "REPLEngine", targets: ["REPLEngine"]),
        // What every app on the engine shares: its command line, interactive session, scripts and
        // transcripts (Apps/todo is such an app).
        .library(name: "REPLLauncher", targets: ["REPLLauncher"]),
        // HTTP through libcurl and cassettes that record and replay it: an app's network sessions as
        // replayable, offline golden transcripts.
        .library(name: "Networking", targets: ["Networking"]),
        // Unit tests of scenes and apps: commands in; output, errors, the stack, the DataStores and
        // the work left out (`SceneTester`), from Swift Testing or XCTest.
        .library(name: "REPLTesting", targets: ["REPLTesting"]),
        // The commit a build is made from, for an app's `--version` (`BuildInfo.commit`).
        .plugin(name: "BuildInfo", targets: ["BuildInfo"])
    ],
    targets: [
        // Shared libraries loaded with dlopen when first needed, not linked: a linked library is paid
        // for at every start, and a missing one stops photorepl from starting at all.
        .target(name: "CLibraryLoader", linkerSettings: [.linkedLibrary("dl")]),
        // libedit, loaded when the first interactive session starts (scripts never pay for it); its
        // variadic el_set/el_get/history cannot be called from Swift: one typed C wrapper each.
        .target(name: "CLibEdit", dependencies: ["CLibraryLoader"]),
        // zlib from Debian, found with pkg-config (compressed kitty pictures, PNG chunks), linked: it is
        // small, and libc's neighbour on every system.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // The headers of libchafa, libjpeg-turbo's TurboJPEG and libpng, for the tests: photorepl loads
        // these libraries with dlopen (Sources/CChafaRender, Sources/CImageFormats).
        .systemLibrary(name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // HTTP through libcurl, loaded with dlopen at the first request (its headers from
        // libcurl4-openssl-dev at build time; nothing of it linked, so start-up never pays for it).
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
        // JPEG (libjpeg-turbo), PNG (libpng), WebP, GIF, HEIC and AVIF, JPEG XL, TIFF and camera RAW,
        // each library loaded with dlopen when the first photo that needs it is met (their headers from
        // Debian's -dev packages at build time): a session without such photos never loads them.
        .target(name: "CImageFormats", dependencies: ["CLibraryLoader"], linkerSettings: [.linkedLibrary("dl")]),
        // SQLite (the photo index of photos' metadata), loaded with dlopen at the index's first use (its
        // header from libsqlite3-dev at build time): a session that never sorts or filters by metadata
        // never loads it, and one without it runs with the index off.
        .target(name: "CSQLite", dependencies: ["CLibraryLoader"], linkerSettings: [.linkedLibrary("dl")]),
        // photorepl-metadata: exiv2 (C++) reading photos' EXIF, IPTC, XMP and makers' notes in a
        // process of its own, started on the first need and kept for the files that follow: a crash
        // or hang in it on a hostile file ends only that process, and start-up never loads exiv2.
        .executableTarget(
            name: "MetadataReader", linkerSettings: [.linkedLibrary("exiv2")]),
        // Files written whole or not at all (scripts, transcripts, cassettes, saved photos), and the
        // table of their temporary files (and kitty pictures' shared memory) that a signal removes.
        // (shm_unlink is in librt before glibc 2.34.)
        .target(name: "CTemporaryFiles", linkerSettings: [.linkedLibrary("rt", .when(platforms: [.linux]))]),
        // The C library (Glibc, Musl or Darwin), named in one file for every Swift module here, and
        // the few calls that differ between the systems (Scripts/check-platform keeps it so).
        .target(name: "SystemCalls"),
        .target(name: "SafeFiles", dependencies: ["CTemporaryFiles", "SystemCalls"]),
        // Requests and answers, the libcurl transport, cassettes that record and replay them, JSON.
        .target(name: "Networking", dependencies: ["CCurl", "SafeFiles", "SystemCalls"]),
        // libchafa behind plain C functions, so that Swift never imports glib's headers; loaded with
        // dlopen at the first picture drawn with it.
        .target(name: "CChafaRender", dependencies: ["CLibraryLoader"]),
        // photorepl's own sixel encoder: a palette chosen for each picture (libchafa's is not).
        .target(name: "CSixel", linkerSettings: [.linkedLibrary("m")]),
        // Fails to build when what CChafaRender declares of libchafa differs from libchafa's headers.
        .target(name: "CChafaABICheck", dependencies: ["CChafa"], path: "Tests/CChafaABICheck"),
        // Pixels and where they come from: BlurHash, JPEG with DCT scaling, PNG, WebP, GIF, HEIC, AVIF,
        // EXIF; the limits.
        .target(name: "Imaging", dependencies: ["CZlib", "CImageFormats", "SystemCalls"]),
        // The REPL engine: line sources, tokenizer, navigation stack, dispatch, console. Knows nothing about photos.
        .target(name: "REPLEngine", dependencies: ["CLibEdit", "SafeFiles", "SystemCalls"]),
        // An app's launcher: `APP`, `APP run`, `APP test`, their options and exit codes, for any app on
        // the engine; no argument-parsing library, so an app starts fast.
        .target(name: "REPLLauncher", dependencies: ["REPLEngine", "SafeFiles", "SystemCalls"]),
        // A scene test harness: drives an engine's scenes, or a whole app, as typed commands.
        .target(name: "REPLTesting", dependencies: ["REPLEngine", "REPLLauncher"]),
        // Photos in the Unsplash shape, the PhotosWorker protocol and the embedded catalog.
        .target(
            name: "PhotoDomain", dependencies: ["CSQLite", "Imaging", "Networking", "SafeFiles", "SystemCalls"],
            exclude: ["Catalog/catalog.json"]),
        // Pixels drawn in a terminal: libchafa's symbols and sixels, kitty and ASCII of our own, and the
        // terminal queried for what it can show.
        .target(
            name: "TerminalPictures",
            dependencies: ["REPLEngine", "Imaging", "CChafaRender", "CSixel", "CZlib", "CTemporaryFiles", "SystemCalls"]),
        // The Clean Swift scenes, one folder each.
        .target(name: "Scenes", dependencies: ["REPLEngine", "PhotoDomain", "TerminalPictures"]),
        // photorepl's options, on the launcher's command line, and the composition root; the commit
        // it is built from, for --version (the BuildInfo plugin).
        .executableTarget(
            name: "photorepl",
            dependencies: [
                "REPLEngine", "REPLLauncher", "PhotoDomain", "Scenes", "TerminalPictures", "Imaging", "Networking",
                "SystemCalls"
            ],
            plugins: ["BuildInfo"]
        ),
        .plugin(name: "BuildInfo", capability: .buildTool()),
        .testTarget(name: "REPLEngineTests", dependencies: ["REPLEngine", "SafeFiles"]),
        .testTarget(name: "REPLLauncherTests", dependencies: ["REPLLauncher", "REPLEngine"]),
        .testTarget(name: "REPLTestingTests", dependencies: ["REPLTesting", "REPLEngine", "REPLLauncher"]),
        .testTarget(name: "PhotoDomainTests", dependencies: ["PhotoDomain", "Imaging", "Networking", "CTurboJPEG", "CPNG"]),
        .testTarget(name: "NetworkingTests", dependencies: ["Networking"]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "CTurboJPEG", "CPNG", "CZlib", "CImageFormats", "CLibraryLoader"]),
        .testTarget(name: "TerminalPicturesTests", dependencies: ["TerminalPictures", "Imaging", "REPLEngine", "CChafaABICheck"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "REPLEngine", "PhotoDomain", "Imaging", "TerminalPictures"]),
        // Drives the built photorepl binary: golden transcripts, exit codes, a real terminal through tmux.
        .testTarget(name: "PhotoreplTests", dependencies: ["photorepl"], exclude: ["Helpers"])
    ]
)
