import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// photorepl killed (SIGKILL, which nothing can catch) at random moments while it rates and labels
/// a photo whose darktable sidecar holds an editing history: every time, the sidecar is the old one
/// or a new one, whole, with every other property darktable wrote; the photo is never touched.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "needs exiftool")) struct SidecarKillTests {
    @Test func aKillAtAnyMomentLeavesTheSidecarWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-kill-\(getpid())").path
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let photo = folder + "/IMG_0002.jpg", sidecar = photo + ".xmp"
        try FileManager.default.copyItem(
            atPath: Binary.packageRoot.appendingPathComponent("Examples/photos/sunset.jpg").path, toPath: photo)
        try FileManager.default.copyItem(
            atPath: Binary.packageRoot.appendingPathComponent("Tests/Fixtures/sidecars/darktable.xmp").path, toPath: sidecar)
        let photoBytes = try Data(contentsOf: URL(fileURLWithPath: photo))
        let kept = try darktableProperties(sidecar)
        #expect(kept.count >= 10 && kept["XMP-darktable:History"] != nil)

        var lines = ["open 1"]
        for round in 0..<300 { lines.append(round % 2 == 0 ? "rate \(round % 5 + 1)" : "label \(["red", "green", "blue"][round % 3])") }
        let script = try Binary.script(lines.joined(separator: "\n") + "\n", name: "cull-\(getpid()).txt")
        var ratings: Set<Int> = []
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<24 {
            // From start-up to well into the writes: every step of a write is somewhere in there.
            try Binary.runSignalled(
                ["run", "--folder", folder, "--browse", "--preview", "none", "--no-cache", script], within: 30_000...900_000,
                signal: SIGKILL,
                using: &generator)
            let properties = try darktableProperties(sidecar)
            #expect(properties == kept, "darktable's properties as they were")
            let rating = try exiftool(["-s3", "-XMP:Rating", sidecar])
            let stars = try #require(Int(rating), "a whole sidecar has its rating: '\(rating)'")
            #expect((1...5).contains(stars))
            ratings.insert(stars)
            #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) == photoBytes, "the photo is never written")
        }
        #expect(ratings.count > 1, "kills came after writes as well as before: \(ratings)")
    }

    /// The darktable properties of the sidecar, as exiftool reads them (XML parsed: a half-written
    /// file fails here).
    func darktableProperties(_ path: String) throws -> NSDictionary {
        let json = try exiftool(["-j", "-G1", "-struct", "-XMP-darktable:all", "-XMP-acme:all", path])
        let all = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]).first ?? [:]
        return NSDictionary(dictionary: all.filter { $0.key != "SourceFile" })
    }

    func exiftool(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "exiftool \(arguments) failed: the file is not whole")
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
