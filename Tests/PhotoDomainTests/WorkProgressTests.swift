import Foundation
import Synchronization
import Testing
@testable import PhotoDomain

/// What long work reports, and when its display is told.
@Suite struct WorkProgressTests {
    final class Display: ProgressDisplay {
        let events = Mutex<[String]>([])
        func workBegan(_ progress: WorkProgress) { events.withLock { $0.append("began") } }
        func workEnded() { events.withLock { $0.append("ended") } }
    }

    @Test func theWorkBegunLastIsShownAndTheDisplayIsToldOnce() {
        let display = Display()
        let progress = WorkProgress(display: display)
        #expect(progress.current == nil)
        let walk = progress.begin("Walking /usr", unit: "files")
        progress.advance(walk, to: 640)
        #expect(progress.current?.label == "Walking /usr" && progress.current?.done == 640 && progress.current?.total == nil)
        let sheet = progress.begin("Drawing the sheet", unit: "pictures", total: 12)
        progress.advance(sheet, to: 5)
        #expect(progress.current?.label == "Drawing the sheet" && progress.current?.done == 5 && progress.current?.total == 12)
        progress.end(sheet)
        #expect(progress.current?.label == "Walking /usr")
        progress.end(walk)
        #expect(progress.current == nil)
        #expect(display.events.withLock { $0 } == ["began", "ended"])
    }

    @Test func aFolderWalkReportsTheFilesItWalked() async throws {
        let display = Display()
        let progress = WorkProgress(display: display)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        for i in 0..<130 { #expect(FileManager.default.createFile(atPath: "\(root)/note\(i).txt", contents: Data("x".utf8))) }
        #expect(FileManager.default.createFile(atPath: "\(root)/p.jpg", contents: Data(TestImage.jpeg(width: 8, height: 8))))
        let seen = Mutex<[Int]>([])
        let scan = try PhotoFolder(root: root).scan { count in seen.withLock { $0.append(count) } }
        #expect(scan.entries.count == 1)
        #expect(seen.withLock { $0 } == [0, 64, 128])
        _ = try await FolderPhotosWorker(root: root, progress: progress).fetch(count: 1)
        #expect(display.events.withLock { $0 } == ["began", "ended"])
    }
}
