import Foundation
import Testing

/// Examples/thumbnails' three transcripts, one session after another over one thumbnail
/// cache, in a copy of that folder (the third needs a photo changed between sessions).
@Suite struct ThumbnailTranscriptTests {
    static let examples = Binary.packageRoot.appendingPathComponent("Examples/thumbnails")

    /// A copy of Examples/thumbnails, without any cache a run by hand left there.
    static func copy() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-thumbnails-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: examples, to: folder)
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("cache"))
        return folder
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    @Test func aSecondSessionReadsTheCacheAndAChangedPhotoIsNotServedStale() throws {
        let folder = try Self.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        func check(_ name: String) throws -> Binary.Result {
            try Binary.run(["test", name], directory: folder)
        }
        let first = try check("1-first-session.t")
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let large = folder.appendingPathComponent("cache/large").path
        let thumbnails = try FileManager.default.contentsOfDirectory(atPath: large)
        #expect(thumbnails.count == 2 && thumbnails.allSatisfy { $0.count == 36 && $0.hasSuffix(".png") })
        #expect(mode(large) == 0o700 && thumbnails.allSatisfy { mode(large + "/" + $0) == 0o600 })
        let second = try check("2-second-session.t")
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")

        let photo = folder.appendingPathComponent("photos/sunset.jpg").path
        try FileManager.default.removeItem(atPath: photo)
        try FileManager.default.copyItem(atPath: folder.appendingPathComponent("changed.jpg").path, toPath: photo)
        var times = [timespec(tv_sec: 978_307_200, tv_nsec: 0), timespec(tv_sec: 978_307_200, tv_nsec: 0)]  // 2001-01-01
        #expect(utimensat(AT_FDCWD, photo, &times, 0) == 0)
        let third = try check("3-changed-photo.t")
        #expect(third.status == 0, "\(third.stdout)\(third.stderr)")
    }

    /// The transcripts differ where the cache does: the second one fails without the first's cache.
    @Test func theSecondSessionNeedsTheFirstsThumbnails() throws {
        let folder = try Self.copy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let alone = try Binary.run(["test", "2-second-session.t"], directory: folder)
        #expect(alone.status == 1)
        #expect(alone.stdout.hasPrefix("FAIL 2-second-session.t\n"))
        #expect(alone.stdout.contains("| picture: from the JPEG itself (320×200), decoded at 200×125\n"))
    }

    /// `photorepl test` uses no thumbnail cache unless a transcript names one: the machine's own
    /// is never read (what a transcript prints must not depend on it) nor written.
    @Test func goldenTranscriptsLeaveTheMachinesCacheAlone() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-xdg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = try Binary.run(["test", "Examples/formats.t", "Examples/folder.t"], environment: ["XDG_CACHE_HOME": cache.path])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: cache.path))
        // A session run from a script does use it.
        let run = try Binary.run(
            ["run", "--folder", "Examples/thumbnails/photos", "--preview", "ascii", "--preview-size", "24x8", "/dev/stdin"],
            stdin: Data("count 2\nfetch\nopen 1\n".utf8), environment: ["XDG_CACHE_HOME": cache.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path + "/thumbnails/large").count == 1)
        // And --no-cache does not.
        try FileManager.default.removeItem(at: cache)
        _ = try Binary.run(
            ["run", "--no-cache", "--folder", "Examples/thumbnails/photos", "--preview", "ascii", "--preview-size", "24x8", "/dev/stdin"],
            stdin: Data("count 2\nfetch\nopen 1\n".utf8), environment: ["XDG_CACHE_HOME": cache.path])
        #expect(!FileManager.default.fileExists(atPath: cache.path))
    }
}
