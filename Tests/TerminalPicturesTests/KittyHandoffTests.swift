import Foundation
import Imaging
import REPLEngine
import Testing
@testable import TerminalPictures
#if canImport(Glibc)
    import Glibc
#endif

private let esc = "\u{1B}"

/// Pictures handed to a kitty on this machine outside the pty (`t=s`, `t=t`), and the probe that asks
/// whether it can read them. Serialized: what is left for kitty is one table for the whole process,
/// and one test here removes all that is in it.
@Suite(.serialized) struct KittyHandoffTests {
    /// The kitty sequences of a picture placed on `rows` rows.
    static func chunks(_ picture: TerminalPicture?, rows: Int) throws -> [(control: String, payload: [UInt8])] {
        let picture = try #require(picture)
        let placed = try #require(unplaced(picture.bytes, rows: rows))
        return try #require(kittyChunks(placed))
    }

    /// The name or path a sequence carries.
    static func name(_ chunk: (control: String, payload: [UInt8])) throws -> String {
        String(decoding: try #require(base64Decode(chunk.payload)), as: UTF8.self)
    }

    /// What a kitty that reads shared memory or a temporary file is sent for a 200×100 picture: one
    /// sequence naming where its raw RGBA is, which is there, whole, private, and named as kitty
    /// needs (a file's path holds `tty-graphics-protocol`, or kitty would not delete it).
    @Test(arguments: [KittyMedium.sharedMemory, .temporaryFile])
    func aLocalKittyIsHandedThePixelsOutsideThePty(medium: KittyMedium) throws {
        let pixels = TestPictures.colourful(2000, 1000)
        let renderer = PictureRenderer(style: .kitty, cellSize: PixelSize(width: 10, height: 20), kittyMedium: medium)
        let chunks = try Self.chunks(renderer.render(pixels, in: CellBox(columns: 20, rows: 10)), rows: 5)
        #expect(chunks.count == 1)
        let t = medium == .sharedMemory ? "s" : "t"
        #expect(chunks[0].control == "a=T,f=32,t=\(t),q=2,C=1,s=200,v=100,S=\(200 * 100 * 4)")
        let name = try Self.name(chunks[0])
        defer { KittyHandoff.take(name) }
        let fd = medium == .sharedMemory ? shm_open(name, O_RDONLY, 0) : open(name, O_RDONLY | O_NOFOLLOW)
        #expect(fd >= 0, "nothing at \(name)")
        guard fd >= 0 else { return }
        defer { close(fd) }
        var status = stat()
        #expect(fstat(fd, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
        #expect(status.st_mode & S_IFMT == S_IFREG)
        var content = [UInt8](repeating: 0, count: 200 * 100 * 4 + 1)
        let read = content.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        #expect(read == 200 * 100 * 4)
        #expect(Array(content.prefix(max(0, read))) == pixels.resampled(to: PixelSize(width: 200, height: 100)).rgba)
        if medium == .sharedMemory {
            #expect(name.hasPrefix("/photorepl-kitty-\(getpid())-"))
        } else {
            #expect(name.contains("/tty-graphics-protocol-photorepl-\(getpid())-"))
            #expect(name.hasPrefix("/dev/shm/") || name.hasPrefix("/tmp/"))
        }
        // Each picture under a name of its own.
        let second = try Self.chunks(renderer.render(pixels, in: CellBox(columns: 20, rows: 10)), rows: 5)
        let secondName = try Self.name(second[0])
        KittyHandoff.take(secondName)
        #expect(secondName != name)
    }

    /// What kitty never reads (a picture it rejected, bytes that never reached it) is not left behind:
    /// it is removed once it is old, and `take` removes it at once.
    @Test func whatKittyDoesNotReadIsRemoved() throws {
        let renderer = PictureRenderer(style: .kitty, kittyMedium: .sharedMemory)
        let chunks = try Self.chunks(renderer.render(TestPictures.colourful(40, 20), in: CellBox(columns: 20, rows: 10)), rows: 5)
        let name = try Self.name(chunks[0])
        #expect(KittyHandoff.waiting.contains(name))
        KittyHandoff.removeUnread(olderThan: 0)
        #expect(!KittyHandoff.waiting.contains(name))
        let fd = shm_open(name, O_RDONLY, 0)
        #expect(fd < 0 && errno == ENOENT, "\(name) is still there")
        if fd >= 0 { close(fd) }
    }

    // MARK: Asking kitty

    /// The media queries in what the fake terminal read: each query's id, its `t=`, and the name or
    /// path it carries.
    static func mediaQueries(_ received: [UInt8]) -> [(id: String, medium: String, name: String)] {
        String(decoding: received, as: UTF8.self).components(separatedBy: "\(esc)_G").dropFirst().compactMap { part in
            guard let end = part.range(of: "\(esc)\\"), let semicolon = part.firstIndex(of: ";"), semicolon < end.lowerBound else {
                return nil
            }
            let keys = part[..<semicolon].split(separator: ",")
            guard keys.contains("a=q"), let id = keys.first(where: { $0.hasPrefix("i=") }),
                let t = keys.first(where: { $0.hasPrefix("t=") }),
                t != "t=d", let name = base64Decode(Array(part[part.index(after: semicolon)..<end.lowerBound].utf8))
            else { return nil }
            return (String(id.dropFirst(2)), String(t.dropFirst(2)), String(decoding: name, as: UTF8.self))
        }
    }

    static func exists(_ name: String, sharedMemory: Bool) -> Bool {
        guard sharedMemory else { return access(name, F_OK) == 0 }
        let fd = shm_open(name, O_RDONLY, 0)
        if fd >= 0 { close(fd) }
        return fd >= 0
    }

    /// What a name holds (a shared memory object's or a file's bytes), or nil.
    static func content(_ name: String, sharedMemory: Bool) -> [UInt8]? {
        let fd = sharedMemory ? shm_open(name, O_RDONLY, 0) : open(name, O_RDONLY | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return n >= 0 ? Array(buffer.prefix(n)) : nil
    }

    final class Seen: @unchecked Sendable {
        var terminal: FakeTerminal?
        var queries: [(id: String, medium: String, name: String)] = []
        var contents: [String: [UInt8]] = [:]
    }

    /// kitty reads the pixel left in shared memory (answers OK and unlinks it, as kitty does) and fails
    /// on the file: pictures go by shared memory; the file, which kitty left, is removed by photorepl.
    /// Asked in the same round trip as the rest: the media queries come after the kitty query, DA1 last.
    @Test func kittyIsAskedWhichMediaItReadsInTheSameRoundTrip() throws {
        let seen = Seen()
        let terminal = FakeTerminal { fd in
            let queries = Self.mediaQueries(seen.terminal?.received ?? [])
            seen.queries = queries
            var answer = ""
            for query in queries {
                let shared = query.medium == "s"
                seen.contents[query.medium] = Self.content(query.name, sharedMemory: shared)
                if shared {
                    shm_unlink(query.name)
                    answer += "\(esc)_Gi=\(query.id);OK\(esc)\\"
                } else {
                    answer +=
                        "\(esc)_Gi=\(query.id);EBADF:Failed to open file for graphics transmission with error: [2] No such file or directory\(esc)\\"
                }
            }
            FakeTerminal.write(answer + "\(esc)[?62;c", to: fd)
        }
        seen.terminal = terminal
        let result = TerminalProbe.query(
            input: terminal.answersRead, output: terminal.queriesWrite, tmux: false, kittyMedia: true, timeout: 60_000)
        terminal.finish()
        #expect(result.kittySharedMemory)
        #expect(!result.kittyTemporaryFile)
        #expect(result.complete)
        try #require(seen.queries.count == 2)
        #expect(seen.queries.map(\.id) == ["32", "33"])
        #expect(seen.queries.map(\.medium) == ["t", "s"])
        #expect(seen.contents["s"] == [1, 2, 3])
        #expect(seen.contents["t"] == [1, 2, 3])
        let file = seen.queries[0].name
        #expect(file.contains("tty-graphics-protocol"))
        #expect(!Self.exists(file, sharedMemory: false), "the probe's file is left at \(file)")
        #expect(!Self.exists(seen.queries[1].name, sharedMemory: true))
        // The media queries right after the kitty query, the rest as always, DA1 last.
        let text = String(decoding: terminal.received, as: UTF8.self)
        #expect(
            text.hasPrefix(
                TerminalProbe.kittyQuery + TerminalProbe.kittyMediumQuery(.temporaryFile, name: file)
                    + TerminalProbe.kittyMediumQuery(.sharedMemory, name: seen.queries[1].name)))
        #expect(text.hasSuffix(TerminalProbe.queriesAfterKitty))
        #expect(text.components(separatedBy: "\(esc)[c").count == 2)
    }

    /// A terminal that answers no media query (not kitty, or kitty far away): neither medium, and
    /// nothing of the probe left behind.
    @Test func aTerminalSilentOnMediaGetsBase64AndNothingIsLeft() throws {
        let seen = Seen()
        let terminal = FakeTerminal { fd in
            seen.queries = Self.mediaQueries(seen.terminal?.received ?? [])
            FakeTerminal.write("\(esc)_Gi=31;OK\(esc)\\\(esc)[?62;c", to: fd)
        }
        seen.terminal = terminal
        let result = TerminalProbe.query(
            input: terminal.answersRead, output: terminal.queriesWrite, tmux: false, kittyMedia: true, timeout: 60_000)
        terminal.finish()
        #expect(result.kittyGraphics && result.complete)
        #expect(!result.kittySharedMemory && !result.kittyTemporaryFile)
        try #require(seen.queries.count == 2)
        for query in seen.queries {
            #expect(!Self.exists(query.name, sharedMemory: query.medium == "s"), "\(query.name) left behind")
        }
    }

    /// Inside tmux kitty is never asked for media, even when the caller would (its pictures travel through tmux).
    @Test func insideTmuxNoMediumIsAsked() {
        let terminal = FakeTerminal { FakeTerminal.write("\(esc)[?62;c", to: $0) }
        _ = TerminalProbe.query(input: terminal.answersRead, output: terminal.queriesWrite, tmux: true, kittyMedia: true, timeout: 60_000)
        terminal.finish()
        #expect(terminal.received == Array(PictureRenderer.tmuxPassthrough(Array(TerminalProbe.queries.utf8))))
    }

    @Test func mediaAnswersAreRead() {
        let ok = TerminalProbe.parse(Array("\(esc)_Gi=33;OK\(esc)\\\(esc)_Gi=32;EBADF:no\(esc)\\\(esc)[?62;c".utf8))
        #expect(ok.kittySharedMemory && !ok.kittyTemporaryFile && !ok.kittyGraphics)
        let file = TerminalProbe.parse(Array("\(esc)_Gi=32;OK\(esc)\\\(esc)_Gi=33;ENOENT:gone\(esc)\\\(esc)[?62;c".utf8))
        #expect(file.kittyTemporaryFile && !file.kittySharedMemory)
        // After DA1 nothing counts (a late answer to another query).
        let late = TerminalProbe.parse(Array("\(esc)[?62;c\(esc)_Gi=33;OK\(esc)\\".utf8))
        #expect(!late.kittySharedMemory)
    }
}
