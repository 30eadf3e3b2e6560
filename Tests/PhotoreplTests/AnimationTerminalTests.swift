import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// An animation redrawn in place in a real terminal (tmux, Unicode symbols) holds
/// the prompt while it plays, for a bounded time; Ctrl-C or a key gives the prompt back at once.
@Suite(.serialized) struct AnimationTerminalTests {
    /// A folder with one GIF of two 1×1 frames, red and blue, each shown 1 s, played for ever: the
    /// detail redraws it for its whole bound (10 s) unless stopped.
    static func blinkingFolder() throws -> String {
        var gif = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [255, 0, 0, 0, 0, 255]
        gif += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
        for colour: UInt8 in [0, 1] {
            gif += [0x21, 0xF9, 4, 0, 100, 0, 0, 0]  // 100 cs
            gif += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0]
            // LZW, code size 2, in 3-bit codes: clear (4), the colour, end (5).
            gif += [2, 2, colour == 0 ? 0x44 : 0x4C, 0x01, 0]
        }
        gif.append(0x3B)
        let folder = URL(fileURLWithPath: try Binary.script("", name: "unused")).deletingLastPathComponent().appendingPathComponent(
            "Blinking")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(gif).write(to: folder.appendingPathComponent("blink.gif"))
        return folder.path
    }

    /// A 2800×2800 APNG plays: its second frame is drawn. It never was, without a word: the frame's
    /// decode reserved its share of the budget inside the animation's own, and waited for ever for
    /// what the animation held (2700×2700 fitted beside it). Made by Python's zlib: two frames of
    /// one colour each, 1/2 s apiece.
    @Test func aLargeAPNGPlays() throws {
        let folder = URL(fileURLWithPath: try Binary.script("", name: "unused")).deletingLastPathComponent().appendingPathComponent("Large")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let make = """
            import struct, sys, zlib
            def chunk(k, d): return struct.pack(">I", len(d)) + k + d + struct.pack(">I", zlib.crc32(k + d) & 0xffffffff)
            w = h = 2800
            out = b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + chunk(b"acTL", struct.pack(">II", 2, 0))
            for i, colour in enumerate([bytes([0, 100, 200]), bytes([200, 100, 0])]):
                data = zlib.compress(b"".join(b"\\0" + colour * w for _ in range(h)), 9)
                out += chunk(b"fcTL", struct.pack(">IIIIIHHBB", 2 * i, w, h, 0, 0, 1, 2, 0, 0))
                out += chunk(b"IDAT", data) if i == 0 else chunk(b"fdAT", struct.pack(">I", 2 * i + 1) + data)
            open(sys.argv[1], "wb").write(out + chunk(b"IEND", b""))
            """
        #expect(
            try Terminal.runWithStatus("/usr/bin/env", ["python3", "-c", make, folder.appendingPathComponent("large.png").path]).status == 0
        )
        let terminal = try Terminal([folder.path, "--preview", "symbols", "--preview-size", "20x6"], width: 100, height: 40)
        #expect(try terminal.waitForPrompt(), "\(terminal.shown)")
        try terminal.enter("open 1")
        #expect(try terminal.wait(for: "2800 × 2800, animated, 2 frames"), "\(terminal.shown)")
        // The second frame's colour, within 20 s (a debug build decodes a frame in about 2 s).
        var drawn = false
        for _ in 0..<2 where !drawn {
            drawn = try terminal.wait { _ in (try? terminal.screen(escapes: true))?.contains("200;100;0") == true }
        }
        #expect(drawn, "\(terminal.shown)")
        try terminal.press("C-c")
        #expect(try terminal.waitForPrompt("photos/detail 1>"), "\(terminal.shown)")
        try terminal.enter("quit")
    }

    @Test func ctrlCStopsARedrawnAnimationAndThePromptIsBackAtOnce() throws {
        let terminal = try Terminal([try Self.blinkingFolder(), "--preview", "symbols"], width: 100, height: 40)
        #expect(try terminal.waitForPrompt(), "\(terminal.shown)")
        try terminal.enter("open 1")
        // The first frame and the fields are shown at once, and the animation holds the prompt.
        #expect(try terminal.wait(for: "size         1 × 1, animated, 2 frames"), "\(terminal.shown)")
        usleep(1_500_000)
        #expect(
            !(try terminal.screen()).hasSuffix("photos/detail 1>\n"),
            "the prompt came back before the animation was stopped: \(terminal.shown)")
        try terminal.press("C-c")
        let clock = ContinuousClock()
        let pressed = clock.now
        #expect(
            try terminal.wait { $0.contains("size         1 × 1, animated, 2 frames\n  file ") && $0.hasSuffix("GIF\nphotos/detail 1>\n") },
            "\(terminal.shown)")
        // Long before the animation's own end (10 s): how soon is a benchmark's business, not a test's.
        #expect(clock.now - pressed < .seconds(5))
        #expect(!terminal.shown.contains("error"), "\(terminal.shown)")
        // The session goes on: the photo is shown again (and plays again).
        try terminal.enter("back")
        #expect(try terminal.waitForPrompt(), "\(terminal.shown)")
        try terminal.enter("quit")
        #expect(try terminal.exitStatus() == 0)
        #expect(try terminal.ttyIsSane(), "\(terminal.shownTTY)")
    }

    @Test func aKeyStopsIt_andIsTheStartOfTheNextLine() throws {
        let terminal = try Terminal([try Self.blinkingFolder(), "--preview", "symbols"], width: 100, height: 40)
        #expect(try terminal.waitForPrompt(), "\(terminal.shown)")
        try terminal.enter("open 1")
        #expect(try terminal.wait(for: "animated, 2 frames"), "\(terminal.shown)")
        usleep(1_200_000)
        #expect(
            !(try terminal.screen()).hasSuffix("photos/detail 1>\n"), "the prompt came back before a key was pressed: \(terminal.shown)")
        try terminal.type("b")
        let clock = ContinuousClock()
        let pressed = clock.now
        #expect(try terminal.wait { _ in (try? terminal.cursorLine()) == "photos/detail 1> b" }, "\(terminal.shown)")
        #expect(clock.now - pressed < .seconds(5))  // long before the animation's own end (10 s)
        try terminal.type("ack")
        try terminal.press("Enter")
        #expect(try terminal.waitForPrompt(), "\(terminal.shown)")
        try terminal.enter("quit")
        #expect(try terminal.exitStatus() == 0)
        #expect(try terminal.ttyIsSane(), "\(terminal.shownTTY)")
    }

    @Test func noAnimationGivesThePromptBackAtOnce() throws {
        let terminal = try Terminal([try Self.blinkingFolder(), "--preview", "symbols", "--no-animation"], width: 100, height: 40)
        #expect(try terminal.waitForPrompt(), "\(terminal.shown)")
        let clock = ContinuousClock()
        let opened = clock.now
        try terminal.enter("open 1")
        #expect(
            try terminal.wait { $0.contains("size         1 × 1, animated, 2 frames\n  file ") && $0.hasSuffix("GIF\nphotos/detail 1>\n") },
            "\(terminal.shown)")
        #expect(clock.now - opened < .seconds(5))  // long before an animation's own end (10 s)
        try terminal.enter("quit")
        #expect(try terminal.exitStatus() == 0)
    }
}
