import Foundation
import Testing
@testable import Networking
#if canImport(Glibc)
    import Glibc
#endif

/// Files written on several threads at once (thumbnails are): each gets its mode less the umask, and
/// the process's umask is never changed (reading it with umask(0); umask(mask) could leave it at 0).
@Suite struct ConcurrentWritesTests {
    static func umaskNow() throws -> mode_t {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
        return try #require(mode_t(line.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8))
    }

    @Test func concurrentWritesKeepTheUmask() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-writes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Read, never set: other tests run at the same time in this process.
        let mask = try Self.umaskNow()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for thread in 0..<8 {
                group.addTask {
                    for file in 0..<40 {
                        try FileBytes.writeAtomically(
                            [1, 2, 3], to: "\(folder)/\(thread)-\(file)", mode: 0o666, replacing: true, flushing: false)
                    }
                }
            }
            for try await _ in group {}
        }
        #expect(try Self.umaskNow() == mask)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            var info = stat()
            #expect(stat("\(folder)/\(name)", &info) == 0 && info.st_mode & 0o777 == 0o666 & ~mask, "\(name)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 320)
    }
}
