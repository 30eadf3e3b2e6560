import Foundation
import Testing

/// Outputs that destroyed inputs, updates that reported success after a failed write,
/// a predictable temporary name written through a planted link, modes and links lost on update, and
/// a signal that left a temporary file behind. Every output is now written whole or not at all.
@Suite final class ReplacingFilesTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-replacing-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func write(_ name: String, _ text: String) throws -> String {
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    /// What is in the folder besides `names`: a temporary file left behind would be here.
    func others(than names: Set<String>) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { !names.contains($0) }.sorted()
    }

    /// `test --update` refuses to run on CI (`CI` set); these tests update on purpose.
    static let developer = ["CI": ""]

    static let failing = "count: 0\nphotos> count 2\ncount: 9\n"
    static let updated = "count: 0\nphotos> count 2\ncount: 2\n"

    @Test func anOutputThatIsAnInputIsRefusedBeforeAnythingIsWritten() throws {
        let script = try write("s.txt", "count 2\nfetch\n")
        for option in ["--transcript", "--record"] {
            let result = try Binary.run(["run", option, script, script])
            #expect(result.status == 64)
            #expect(
                result.stderr
                    == "photorepl: \(option) \(script) is the script \(script), which would be replaced by the output: write it to another file (usage: \(option) FILE)\n"
            )
            #expect(result.stdout.isEmpty)
            #expect(read(script) == "count 2\nfetch\n")
        }
        let linked = folder + "/link.txt"
        try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: script)
        #expect(try Binary.run(["run", "--record", linked, script]).status == 64)
        let fromStandardInput = try Binary.run(["--record", script], stdin: Data("count 2\nfetch\n".utf8))
        // Standard input here is a copy of the script, not the script: allowed.
        #expect(fromStandardInput.status == 0)
        let same = try Binary.run(["/bin/sh", "-c", "\(Binary.executable.path) --record \(script) < \(script)"], launcher: "/usr/bin/env")
        #expect(same.status == 64)
        #expect(
            same.stderr
                == "photorepl: --record \(script) is standard input, which would be replaced by the output: write it to another file (usage: --record FILE)\n"
        )
        let both = try Binary.run(["run", "--record", folder + "/out", "--transcript", folder + "/./out", script])
        #expect(both.status == 64)
        #expect(both.stderr == "photorepl: --record \(folder)/out and --transcript \(folder)/./out are one file: give each its own\n")
        #expect(try others(than: ["s.txt", "link.txt"]).isEmpty)
    }

    @Test func anUpdateGoesThroughALinkAndKeepsTheMode() throws {
        let target = try write("target.t", Self.failing)
        let link = folder + "/link.t"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.t")
        #expect(chmod(target, 0o640) == 0)
        let result = try Binary.run(["test", "--update", link], environment: Self.developer)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(read(target) == Self.updated)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "target.t")
        var info = stat()
        #expect(stat(target, &info) == 0 && info.st_mode & 0o7777 == 0o640)
        let readOnly = try write("readonly.t", Self.failing)
        #expect(chmod(readOnly, 0o444) == 0)
        #expect(try Binary.run(["test", "--update", readOnly], environment: Self.developer).status == 0)
        #expect(read(readOnly) == Self.updated)
        #expect(stat(readOnly, &info) == 0 && info.st_mode & 0o7777 == 0o444)
        #expect(try others(than: ["target.t", "link.t", "readonly.t"]).isEmpty)
    }

    /// The temporary name was `FILE.photorepl-update`, opened without O_EXCL: a link planted there
    /// made the update overwrite the link's target, and `FILE` became the link.
    @Test func aLinkPlantedAtTheOldTemporaryNameIsNeverWrittenThrough() throws {
        let victim = try write("victim.txt", "precious\n")
        let golden = try write("bad.t", Self.failing)
        try FileManager.default.createSymbolicLink(atPath: golden + ".photorepl-update", withDestinationPath: victim)
        #expect(try Binary.run(["test", "--update", golden], environment: Self.developer).status == 0)
        #expect(read(victim) == "precious\n")
        #expect(read(golden) == Self.updated)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: golden)) == nil, "bad.t is a file, not a link")
    }

    /// Past the file-size limit the update failed halfway (the file cut at 65,536 bytes) and said
    /// UPDATED with exit 0. Now: exit 73, the golden file named, and whole.
    @Test func anUpdateThatCannotBeWrittenIsExit73AndChangesNothing() throws {
        // An update of about 50 KB against a limit of 32 KB (dash counts 512-byte blocks); the
        // diff goes to /dev/null, so that only the update meets the limit.
        let script = try write("long.txt", (0..<3000).map { "count \($0 % 31)" }.joined(separator: "\n") + "\n")
        let failing = "count: 0\nphotos> run \(script)\nwrong\n"
        let golden = try write("t.t", failing)
        let limited = try Binary.run(
            ["/bin/sh", "-c", "ulimit -f 64; exec \(Binary.executable.path) test --update \(golden) > /dev/null"],
            environment: Self.developer, launcher: "/usr/bin/env")
        #expect(limited.status == 73)
        #expect(limited.stderr == "photorepl: cannot update \(golden): File too large (it is unchanged)\n")
        #expect(read(golden) == failing)
        #expect(try others(than: ["t.t", "long.txt"]).isEmpty)
        let dangling = folder + "/dangling.t"
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "nowhere.t")
        let result = try Binary.run(["test", "--update", dangling], environment: Self.developer)
        #expect(result.status == 66)  // it cannot be read first
    }

    /// In a folder photorepl may not write to, an update exits 73 and names the golden file (it named
    /// the temporary one). Run as nobody: root may write anywhere.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.fileExists(atPath: "/usr/bin/setpriv"), "needs root and setpriv"))
    func anUpdateInAReadOnlyFolderNamesTheGoldenFile() throws {
        let golden = try write("t.t", Self.failing)
        #expect(chmod(folder, 0o555) == 0)
        defer { chmod(folder, 0o755) }
        let result = try Binary.run(
            ["--reuid=65534", "--regid=65534", "--clear-groups", Binary.executable.path, "test", "--update", golden],
            environment: Self.developer.merging(["HOME": "/nonexistent"]) { $1 }, launcher: "/usr/bin/setpriv")
        #expect(result.status == 73)
        #expect(result.stderr == "photorepl: cannot update \(golden): Permission denied (it is unchanged)\n")
        #expect(read(golden) == Self.failing)
        #expect(try others(than: ["t.t"]).isEmpty)
    }

    /// Two updates of one file at once shared one temporary file: now each writes its own, and the
    /// file is one whole update, never a mix.
    @Test func twoUpdatesAtOnceLeaveOneWholeFile() throws {
        let long = (0..<3000).map { "count \($0 % 31)" }.joined(separator: "\n") + "\n"
        let script = try write("long.txt", long)
        let golden = folder + "/long.t"
        for trial in 0..<6 {
            try ("count: 0\nphotos> run " + script + "\nwrong\n").write(toFile: golden, atomically: false, encoding: .utf8)
            let both = try Binary.run(
                [
                    "/bin/sh", "-c",
                    "\(Binary.executable.path) test --update \(golden) > /dev/null & first=$!; \(Binary.executable.path) test --update \(golden) > /dev/null; second=$?; wait $first; exit $(($? | second))"
                ], environment: Self.developer, launcher: "/usr/bin/env")
            #expect(both.status == 0, "trial \(trial): \(both.stderr)")
            #expect(try Binary.run(["test", golden]).status == 0, "trial \(trial): the update is whole")
            #expect(try others(than: ["long.txt", "long.t"]).isEmpty)
        }
    }

    /// SIGTERM, SIGINT or SIGHUP while `save` writes a large photo (script mode) left its temporary
    /// file (138 MB) in the target folder. A run ends in order at these signals: the
    /// save is cancelled, writes nothing, and the run exits 130.
    ///
    /// One signal at a time, and the photo a sparse file: the suite must pass on a machine with
    /// little disk (three copies of 200 MB at once filled CI's).
    @Test(.serialized, arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalDuringSaveLeavesNothing(signal: Int32) throws {
        let photos = folder + "/photos"
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        // A small JPEG with 200 MB of holes after it: a photo by its header, long to copy, and
        // taking no room on the disk itself.
        let jpeg = try Data(contentsOf: Binary.packageRoot.appendingPathComponent("Examples/photos/sunset.jpg"))
        try jpeg.write(to: URL(fileURLWithPath: photos + "/big.jpg"))
        #expect(truncate(photos + "/big.jpg", off_t(jpeg.count + (200 << 20))) == 0)
        let target = folder + "/out"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        let script = try write("save.txt", "count 1\nfetch\nopen 1\nsave \(target)/big.jpg\n")
        let pid = try Binary.spawnQuietly(["run", "--folder", photos, "--preview", "none", script], directory: nil)
        // Wait for the temporary file to appear beside the target, then signal.
        var sawTemporary = false
        for _ in 0..<2000 {
            if let names = try? FileManager.default.contentsOfDirectory(atPath: target),
                names.contains(where: { $0.hasPrefix(".big.jpg.") })
            {
                sawTemporary = true
                break
            }
            usleep(1000)
        }
        // Stopped at once, then signalled and let go: the signal comes while the copy is under way,
        // however busy the machine (a copy that ended first fails the test below, not passes it).
        kill(pid, SIGSTOP)
        kill(pid, signal)
        kill(pid, SIGCONT)
        let status = Binary.exitStatus(of: pid)
        #expect(sawTemporary, "the save was signalled while it wrote")
        #expect(status == 130)
        #expect(try FileManager.default.contentsOfDirectory(atPath: target).isEmpty, "nothing left in the target folder")
    }
}
