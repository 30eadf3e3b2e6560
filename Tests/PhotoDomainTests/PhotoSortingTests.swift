import Imaging
import Testing
@testable import PhotoDomain

/// Each order of a whole listing: its direction, where photos without the value go (last), and ties
/// in the order they came (a walk's: by path).
@Suite struct PhotoSortingTests {
    /// A photo named `name`, its file `size` bytes, with `edit` made to its metadata.
    func photo(_ name: String, size: Int64 = 1, _ edit: (inout PhotoMetadata) -> Void = { _ in }) -> (
        entry: PhotoFolder.Entry, facts: PhotoFacts?
    ) {
        var metadata = PhotoMetadata()
        edit(&metadata)
        let entry = PhotoFolder.Entry(
            relativePath: Array(name.utf8), format: .jpeg, file: PhotoFolder.FoundFile(device: 1, inode: 1, size: size))
        return (entry, PhotoFacts(relativePath: entry.relativePath, format: .jpeg, fileSize: size, metadata: metadata))
    }

    func names(_ listed: [(entry: PhotoFolder.Entry, facts: PhotoFacts?)], by order: PhotoOrder, fileTime: String = "2000:01:01 00:00:00")
        -> [String]
    {
        PhotoSorting.sorted(listed, by: order) { _ in fileTime }.map { String(decoding: $0.entry.relativePath, as: UTF8.self) }
    }

    @Test func takenIsOldestFirstAndAPhotoWithoutADateGoesByItsFilesTime() {
        let listed = [
            photo("a") { $0.taken = "2024:06:01 12:00:00" }, photo("b"), photo("c") { $0.taken = "1999:12:31 23:59:59" },
            photo("d") { $0.taken = "2024:06:01 12:00:00" }
        ]
        // b has no date: its file's time (2000) puts it between c (1999) and a, d (2024, a tie kept in order).
        #expect(names(listed, by: .taken) == ["c", "b", "a", "d"])
        #expect(names(listed, by: .taken, fileTime: "2030:01:01 00:00:00") == ["c", "a", "d", "b"])
    }

    @Test func nameKeepsTheWalksOrderAndSizeIsLargestFirst() {
        let listed = [photo("b", size: 10), photo("a", size: 300), photo("c", size: 10)]
        #expect(names(listed, by: .name) == ["b", "a", "c"], "the walk's order is by path already")
        #expect(names(listed, by: .size) == ["a", "b", "c"])
    }

    @Test func cameraIsAToZWhateverTheCaseWithoutOneLast() {
        let listed = [
            photo("1"),
            photo("2") {
                $0.make = "SONY"
                $0.model = "ILCE-7SM3"
            },
            photo("3") {
                $0.make = "Apple"
                $0.model = "iPhone 13"
            },
            photo("4") {
                $0.make = "canon"
                $0.model = "EOS R5"
            }
        ]
        #expect(names(listed, by: .camera) == ["3", "4", "2", "1"])
    }

    @Test func isoFocalAndRatingAreHighestFirstWithoutOneLast() {
        let listed = [
            photo("1") {
                $0.iso = 100
                $0.focalLength = 50
                $0.rating = 2
            }, photo("2"),
            photo("3") {
                $0.iso = 3200
                $0.focalLength = 5.7
                $0.rating = -1
            },
            photo("4") {
                $0.iso = 100
                $0.focalLength = 200
                $0.rating = 5
            }
        ]
        #expect(names(listed, by: .iso) == ["3", "1", "4", "2"])
        #expect(names(listed, by: .focal) == ["4", "1", "3", "2"])
        // No rating is no stars (0), above a rejected photo (−1).
        #expect(names(listed, by: .rating) == ["4", "1", "2", "3"])
    }

    @Test func dateIsTakensOtherName() {
        #expect(PhotoOrder(word: "date") == .taken && PhotoOrder(word: "TAKEN") == .taken && PhotoOrder(word: "dates") == nil)
        #expect(PhotoOrder.name.needsMetadata == false && PhotoOrder.size.needsMetadata == false && PhotoOrder.iso.needsMetadata)
    }
}
