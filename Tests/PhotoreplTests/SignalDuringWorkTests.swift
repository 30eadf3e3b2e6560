import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// Signals while photorepl does real, slow work of its own (no `--fetch-delay`): walking a folder of
/// 80,000 files, and decoding a 30-megapixel progressive JPEG of noise. Ctrl-C gives up that work
/// and nothing else; SIGTERM and SIGHUP end the session as at the prompt.
@Suite(.serialized) struct SignalDuringWorkTests {
    /// The suite's folders, made once and removed when the test process ends; in memory where there
    /// is a tmpfs (80,000 files are made in a second there, and in ten on an overlay file system).
    static let scratch: String = {
        var shm = stat()
        let base = stat("/dev/shm", &shm) == 0 && access("/dev/shm", W_OK) == 0 ? "/dev/shm" : FileManager.default.temporaryDirectory.path
        let root = base + "/photorepl-signal-tests-\(getpid())"
        mkdir(root, 0o755)
        atexit { try? FileManager.default.removeItem(atPath: SignalDuringWorkTests.scratch) }
        return root
    }()

    /// A folder whose walk takes over a second in a debug build (80 folders of 1,000 empty files,
    /// and one real photo), made once for the suite.
    static let bigFolder: String = {
        let root = scratch + "/big-folder"
        mkdir(root, 0o755)
        for folder in 0..<80 {
            let directory = root + "/d\(folder)"
            mkdir(directory, 0o755)
            for file in 0..<1000 {
                let fd = open(directory + "/f\(file).jpg", O_CREAT | O_WRONLY | O_TRUNC, 0o644)
                if fd >= 0 { close(fd) }
            }
        }
        let sunset = Binary.packageRoot.appendingPathComponent("Examples/photos/sunset.jpg").path
        _ = try? FileManager.default.copyItem(atPath: sunset, toPath: root + "/sunset.jpg")
        return root
    }()

    /// A folder holding one 6000×5000 baseline JPEG of noise at quality 100 (about 40 MB): every
    /// byte is entropy-decoded at any scale, about half a second even at 1/8. (A progressive one is
    /// no longer slow there: its first scan alone draws a small picture.) Made with cjpeg, once.
    static let slowPhotoFolder: String? = {
        let root = scratch + "/slow-photo"
        mkdir(root, 0o755)
        let width = 6000, height = 5000
        var ppm = Array("P6\n\(width) \(height)\n255\n".utf8)
        ppm.reserveCapacity(ppm.count + width * height * 3)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<(width * height * 3 / 8) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            withUnsafeBytes(of: state) { ppm.append(contentsOf: $0) }
        }
        let source = root + "/noise.ppm"
        guard FileManager.default.createFile(atPath: source, contents: Data(ppm)) else { return nil }
        defer { unlink(source) }
        let made = try? Terminal.runWithStatus("/usr/bin/env", ["cjpeg", "-quality", "100", "-outfile", root + "/noise.jpg", source])
        return made?.status == 0 ? root : nil
    }()

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalDuringAFolderScan(signal: Int32) throws {
        let terminal = try Terminal(["--folder", Self.bigFolder, "--preview", "none"], width: 160)
        try terminal.waitForPrompt()
        try terminal.enter("count 1")
        try terminal.enter("fetch")
        try terminal.wait(for: "photos> fetch\n")
        usleep(200_000)
        switch signal {
        case SIGINT:
            try terminal.press("C-c")
            #expect(try terminal.wait(for: "error: interrupted: fetch was cancelled and changed nothing\nphotos>"), "\(terminal.shown)")
            #expect(!terminal.shown.contains("Found"), "the walk was not interrupted: \(terminal.shown)")
            try terminal.enter("state --json")
            #expect(try terminal.wait(for: #""count":1,"photos":[],"page":0,"source":"folder","layout":"list""#), "\(terminal.shown)")
            try terminal.enter("quit")
            #expect(try terminal.exitStatus() == 0)
        default:
            kill(try terminal.pid(), signal)
            #expect(try terminal.exitStatus() == 128 + signal, "\(terminal.shown)")
            #expect(!terminal.shown.contains("Found"), "the walk was not interrupted: \(terminal.shown)")
            let history = try String(contentsOfFile: terminal.home + "/.local/state/photorepl/history", encoding: .utf8)
            #expect(history.contains("fetch"), "\(history)")
        }
        #expect(try terminal.ttyIsSane(), "\(terminal.shownTTY)")
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalDuringADecode(signal: Int32) throws {
        let folder = try #require(Self.slowPhotoFolder, "cjpeg (Debian libjpeg-turbo-progs) made no test photo")
        let terminal = try Terminal(["--folder", folder, "--preview", "symbols", "--preview-size", "20x6"], width: 120)
        try terminal.waitForPrompt()
        try terminal.enter("count 1")
        try terminal.enter("fetch")
        #expect(try terminal.wait(for: "Fetched 1 photo."), "\(terminal.shown)")
        try terminal.enter("open 1")
        try terminal.wait(for: "photos> open 1\n")
        usleep(200_000)
        switch signal {
        case SIGINT:
            try terminal.press("C-c")
            #expect(try terminal.wait(for: "(picture not shown: interrupted)"), "\(terminal.shown)")
            #expect(try terminal.wait(for: "Photo 1 of 1"), "\(terminal.shown)")
            #expect(try terminal.waitForPrompt("photos/detail 1>"), "the detail scene is open: \(terminal.shown)")
            // The next command is not held up by the abandoned decode.
            try terminal.enter("state")
            #expect(try terminal.wait(for: "detail:\n  index: 1"), "\(terminal.shown)")
            try terminal.enter("quit")
            #expect(try terminal.exitStatus() == 0)
        default:
            kill(try terminal.pid(), signal)
            #expect(try terminal.exitStatus() == 128 + signal, "\(terminal.shown)")
            let history = try String(contentsOfFile: terminal.home + "/.local/state/photorepl/history", encoding: .utf8)
            #expect(history.contains("open\\0401"), "\(history)")
        }
        #expect(try terminal.ttyIsSane(), "\(terminal.shownTTY)")
    }
}
