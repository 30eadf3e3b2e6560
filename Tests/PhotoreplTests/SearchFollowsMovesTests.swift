import Foundation
import Testing

/// Search results of a folder follow what the detail opened from them moves away as a file: the
/// photos are found again (without it), and none left goes back to where the search was typed.
@Suite final class SearchFollowsMovesTests {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("photorepl-search-moves-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Binary.packageRoot.path + "/Examples/shoot", toPath: root + "/shoot")
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    @Test func resultsAreFoundAgainWithoutThePhotoMovedAway() throws {
        let script = root + "/s.txt"
        try "search Canon\nopen 1\nmove out --yes\nopen 1\nmove out --yes\nundo\nsearch Canon\n".write(
            toFile: script, atomically: true, encoding: .utf8)
        let result = try Binary.run(
            ["run", "--browse", "--folder", "shoot", "--preview", "none", script], directory: URL(fileURLWithPath: root))
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func after(_ command: String) -> [String] {
            guard let at = lines.lastIndex(of: command) else { return [] }
            return Array(lines[(at + 1)...].prefix { !$0.hasPrefix("photos") })
        }
        // The first move: the results found again, the photo moved gone from them.
        let first = try #require(lines.firstIndex(of: "photos/search/detail 1> move out --yes"))
        #expect(lines[first + 1] == "Moved 1 photo (74 KB) to out ('undo' moves it back).")
        #expect(lines[first + 2] == "Found 1 photo for \"Canon\":")
        #expect(lines[first + 3].hasPrefix("▸ 1  harbour.jpg"))
        // The second: none left, back to the collection, listed again.
        #expect(
            after("photos/search/detail 1> move out --yes").prefix(2) == [
                "Moved 1 photo (10 KB) to out ('undo' moves it back).", "No photos found for \"Canon\": back to the collection."
            ])
        // After undo (of the second move), the photo moved back is found again.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/out").sorted() == ["IMG_5D.jpg"])
        #expect(after("photos> search Canon").first == "Found 1 photo for \"Canon\":")
    }
}
