import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// Where photorepl's output goes and cannot: a reader that leaves, a closed standard output, a full
/// disk (/dev/full answers every write with ENOSPC).
struct OutputFaultTests {
    /// /dev/full is still the device it was: nothing was renamed over it or removed.
    private func devFullIsIntact() -> Bool {
        var info = stat()
        return stat("/dev/full", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR
    }

    @Test func aReaderThatLeavesEndsTheRunQuietly() throws {
        let long = try Binary.script(String(repeating: "count +\ncount -\n", count: 20_000))
        let result = try Binary.run(["/bin/sh", "-c", "\(Binary.executable.path) run \(long) | head -1"], launcher: "/usr/bin/env")
        #expect(result.stdout == "count: 0\n")
        #expect(result.stderr.isEmpty, "no error message: \(result.stderr)")
    }

    @Test func aClosedStandardOutputIsNoError() throws {
        let result = try Binary.run(["/bin/sh", "-c", "\(Binary.executable.path) run Examples/demo.txt >&-"], launcher: "/usr/bin/env")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    /// A device is no file to write a recording or transcript to: refused before anything runs (it
    /// was written to until the disk was "full", and failed only at the end).
    @Test(arguments: [("--record", "cannot record to"), ("--transcript", "cannot write")])
    func aDeviceForARecordingIsRefusedAtOnceWithExit73(option: String, words: String) throws {
        let result = try Binary.run(["run", option, "/dev/full", "Examples/demo.txt"])
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr == "photorepl: \(words) /dev/full: it is not a regular file (a character device)\n")
        #expect(result.stdout.isEmpty)
        #expect(devFullIsIntact())
        let inside = try Binary.run(["run", try Binary.script("record /dev/full\ncount 1\n")])
        #expect(inside.status == 1)
        // A replayed script writes nowhere but its own and the current folder: refused before it opens.
        #expect(
            inside.stdout.contains("error: cannot record to /dev/full: a replayed script writes only in the current folder and its own"),
            "\(inside.stdout)")
        let allowed = try Binary.run(["run", "--allow-writes", "/dev", try Binary.script("record /dev/full\ncount 1\n")])
        #expect(
            allowed.stdout.contains("error: cannot record to /dev/full: a replayed script replaces no file, and /dev/full is there"),
            "\(allowed.stdout)")
        #expect(!inside.stdout.contains("Recording to"))
    }

    /// A real file on a disk that fills up: the command whose line could not be recorded fails at
    /// once (exit 73), and the file that was there stays whole, with nothing left beside it. (A small
    /// tmpfs is the full disk; root only, in a mount namespace of its own.)
    @Test(.enabled(if: getuid() == 0 && FileManager.default.fileExists(atPath: "/usr/bin/unshare"), "needs root and unshare"))
    func aFullDiskStopsTheRecordingAtOnceAndKeepsTheOldFile() throws {
        let long = try Binary.script(String(repeating: "count +\ncount -\n", count: 20_000))
        let command =
            "mkdir -p /mnt/photorepl-full && mount -t tmpfs -o size=16k tmpfs /mnt/photorepl-full && "
            + "echo old > /mnt/photorepl-full/s.txt && "
            + "\(Binary.executable.path) run --record /mnt/photorepl-full/s.txt \(long) > /dev/null; "
            + "status=$?; ls -A /mnt/photorepl-full; cat /mnt/photorepl-full/s.txt; exit $status"
        let result = try Binary.run(["-m", "/bin/sh", "-c", command], launcher: "/usr/bin/unshare")
        #expect(result.status == 73, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                ": error: cannot write /mnt/photorepl-full/s.txt: No space left on device: the recording stopped, and nothing was put at /mnt/photorepl-full/s.txt\n"
            ), "\(result.stderr)")
        #expect(
            result.stderr.hasSuffix(
                "photorepl: cannot write /mnt/photorepl-full/s.txt: No space left on device (the file that was there is unchanged)\n"))
        #expect(result.stdout == "s.txt\nold\n", "only the old file, whole: \(result.stdout)")
    }

    /// A cassette on a disk that fills up: the fetch that could not be recorded fails and says why,
    /// the cassette keeps the exchanges written before it (an append that fails is cut off), and the
    /// session ends in exit 73. Here the photo list fits and the picture's download does not, nor a
    /// second list of twenty photos appended after it.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.fileExists(atPath: "/usr/bin/unshare"), "needs root and unshare"))
    func aFullDiskForACassetteIsExit73() throws {
        let server = try TestServer(key: "a-test-access-key")
        defer { server.stop() }
        let script = try Binary.script("count 1\nfetch\nopen 1\nstate --json\nback\ncount 20\nfetch\n")
        let command =
            "mkdir -p /mnt/photorepl-full && mount -t tmpfs -o size=8k tmpfs /mnt/photorepl-full && "
            + "\(Binary.executable.path) run --keep-going --source unsplash --preview ascii --preview-size 10x4 "
            + "--cassette /mnt/photorepl-full/c.json \(script); status=$?; cat /mnt/photorepl-full/c.json; exit $status"
        let result = try Binary.run(
            ["-m", "/bin/sh", "-c", command],
            environment: ["UNSPLASH_ACCESS_KEY": "a-test-access-key", "UNSPLASH_API_URL": server.baseURL, "CI": ""],
            launcher: "/usr/bin/unshare")
        #expect(result.status == 73, "\(result.stderr)")
        #expect(
            result.stdout.contains("(picture not shown: cannot write the cassette /mnt/photorepl-full/c.json: No space left on device)"),
            "\(result.stdout)")
        #expect(result.stdout.contains(#"{"stack":["collection","detail"],"count":1,"#), "the detail opened: \(result.stdout)")
        #expect(
            result.stderr.hasSuffix(
                "photorepl: cannot write the cassette /mnt/photorepl-full/c.json: No space left on device (it holds the 1 exchange recorded before)\n"
            ), "\(result.stderr)")
        // What the file holds is a whole cassette: the photo list, and not the download.
        #expect(
            result.stdout.contains(
                "photos> fetch\nerror: fetch failed: cannot write the cassette /mnt/photorepl-full/c.json: No space left on device (the photos shown before are kept)\n"
            ), "\(result.stdout)")
        let cassette = String(result.stdout[try #require(result.stdout.range(of: #"{"cassette""#)).lowerBound...])
        #expect(cassette.hasPrefix(#"{"cassette":1,"#) && cassette.contains("/photos/random?"), "\(cassette)")
        #expect(cassette.components(separatedBy: #""request""#).count == 2, "one exchange: \(cassette)")
        #expect(cassette.hasSuffix("}\n]}\n"))
        #expect((try? JSONSerialization.jsonObject(with: Data(cassette.utf8))) != nil, "a whole cassette: \(cassette)")
    }

    /// A photo saved from Unsplash streams to its file: a disk that fills up during the download is
    /// "cannot write PATH", not a failed download, and leaves nothing (not even a part) behind.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.fileExists(atPath: "/usr/bin/unshare"), "needs root and unshare"))
    func aFullDiskDuringADownloadWritesNothing() throws {
        let server = try TestServer(key: "a-test-access-key")
        defer { server.stop() }
        try server.setMode("image-huge")
        let script = try Binary.script("count 1\nfetch\nopen 1\nsave /mnt/photorepl-full/big.jpg\n")
        let command =
            "mkdir -p /mnt/photorepl-full && mount -t tmpfs -o size=1m tmpfs /mnt/photorepl-full && "
            + "\(Binary.executable.path) run --allow-writes /mnt/photorepl-full --source unsplash --preview none \(script); status=$?; ls -A /mnt/photorepl-full; exit $status"
        let result = try Binary.run(
            ["-m", "/bin/sh", "-c", command],
            environment: ["UNSPLASH_ACCESS_KEY": "a-test-access-key", "UNSPLASH_API_URL": server.baseURL, "CI": ""],
            launcher: "/usr/bin/unshare")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stdout.hasSuffix(
                "error: save failed: cannot write /mnt/photorepl-full/big.jpg: No space left on device (nothing was written)\n"),
            "\(result.stdout)")
    }

    @Test func aCassetteThatIsADeviceIsRefused() throws {
        let result = try Binary.run(
            ["run", "--source", "unsplash", "--cassette", "/dev/full", "Examples/demo.txt"],
            environment: ["UNSPLASH_ACCESS_KEY": "k", "CI": ""])
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderr.contains("cannot read the cassette /dev/full: not a regular file"), "\(result.stderr)")
        #expect(devFullIsIntact())
    }

    @Test func saveNeverReplacesADevice() throws {
        let script = try Binary.script("count 1\nfetch\nopen 1\nsave /dev/full --force\nstate --json\n")
        let result = try Binary.run(["run", "--keep-going", "--folder", "Examples/photos", script])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains("error: save --force replaces a file, which a replayed script may not do (type it at the prompt)"),
            "\(result.stdout)")
        #expect(result.stdout.contains(#"{"stack":["collection","detail"]"#))
        #expect(devFullIsIntact())
    }

    /// `save` onto a disk that fills up: the command fails and says why, the session goes on (like any
    /// failed command, exit 1 at the end of a script), and no partial photo is left.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.fileExists(atPath: "/usr/bin/unshare"), "needs root and unshare"))
    func saveOntoAFullDiskLeavesNothing() throws {
        // Photo 2 of this draw is sunset.jpg, 6,732 bytes: more than the 4 KB disk holds.
        let script = try Binary.script("count 4\nfetch\nopen 2\nsave /mnt/photorepl-full/photo.jpg\nstate --json\n")
        let command =
            "mkdir -p /mnt/photorepl-full && mount -t tmpfs -o size=4k tmpfs /mnt/photorepl-full && "
            + "\(Binary.executable.path) run --keep-going --allow-writes /mnt/photorepl-full --folder Examples/photos --seed 3 \(script); "
            + "status=$?; ls -A /mnt/photorepl-full; exit $status"
        let result = try Binary.run(["-m", "/bin/sh", "-c", command], launcher: "/usr/bin/unshare")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "error: save failed: cannot write /mnt/photorepl-full/photo.jpg: No space left on device (nothing was written)"),
            "\(result.stdout)")
        // The state is the last line: the detail is still open (photo 2), and `ls` listed nothing.
        let lastLine = result.stdout.split(separator: "\n").last ?? ""
        #expect(lastLine.contains(#""index":2,"photo":{"id":"sunset.jpg""#) && lastLine.hasSuffix("}}"), "\(result.stdout)")
    }

    /// `run` takes `--record` and `--transcript` too (they were once parsed and then ignored).
    @Test func aRunWritesItsRecordingAndTranscript() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-outputs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try Binary.run(["run", "--record", folder + "/s.txt", "--transcript", folder + "/s.t", "Examples/demo.txt"])
        #expect(result.status == 0)
        #expect(try String(contentsOfFile: folder + "/s.t", encoding: .utf8) == result.stdout)
        // Both hold what the user typed (a transcript, what was fetched too): the user's only.
        for file in ["/s.txt", "/s.t"] {
            let mode = try FileManager.default.attributesOfItem(atPath: folder + file)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(file): \(String(mode ?? 0, radix: 8))")
        }
        let recorded = try String(contentsOfFile: folder + "/s.txt", encoding: .utf8)
        #expect(
            recorded.hasPrefix("# photorepl: --keep-going\n# Recorded by \(Binary.version): 'photorepl run \(folder)/s.txt' replays it.\n"))
        #expect(recorded.hasSuffix("count\ncount +\ncount 5\nfetch\nnext\npage 3\nopen 2\nedit\nmove 4\nback\nstate --json\n"))
    }
}
