import Foundation
import Testing
@testable import PhotoDomain
#if canImport(Glibc)
    import Glibc
#endif

/// The photo index: photos' metadata kept in SQLite under their files' versions, shared by sessions,
/// and never fatal (a damaged or foreign file is set aside, an unusable one turns the index off).
@Suite struct PhotoIndexTests {
    let folder: TemporaryFolder
    /// Where the index goes: a folder not made yet, as on a first run.
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path + "/photorepl/index.sqlite"
    }

    static func key(_ inode: UInt64, device: UInt64 = 2049) -> PhotoIndex.Key {
        PhotoIndex.Key(
            device: device, inode: inode, size: 4_000_000, seconds: 1_700_000_000, nanoseconds: 123_456_789, changed: 1_700_000_100,
            changedNanoseconds: 987_654_321)
    }

    static func taken(_ date: String) -> PhotoMetadata {
        var metadata = PhotoMetadata()
        metadata.taken = date
        return metadata
    }

    static func photo(_ key: PhotoIndex.Key, at path: String, _ metadata: PhotoMetadata = taken("2024:01:02 03:04:05")) -> (
        key: PhotoIndex.Key, path: [UInt8], metadata: PhotoMetadata
    ) {
        (key, Array(path.utf8), metadata)
    }

    /// Every field set, with values that are easy to lose: a negative altitude, keywords with
    /// commas, text with a newline, a tab and letters beyond ASCII.
    static var everyField: PhotoMetadata {
        var metadata = PhotoMetadata()
        metadata.taken = "2023:02:21 14:33:08"
        metadata.offset = "+03:00"
        metadata.make = "Canon"
        metadata.model = "Canon EOS R5"
        metadata.lens = "RF24-70mm F2.8 L IS USM"
        metadata.aperture = 2.8
        metadata.shutter = 1.0 / 121
        metadata.iso = 409_600
        metadata.focalLength = 35.5
        metadata.focalLength35 = 50
        metadata.flash = 16
        metadata.latitude = 44.850_6
        metadata.longitude = -0.579_2
        metadata.altitude = -12.25
        metadata.rating = -1
        metadata.label = "Red"
        metadata.keywords = ["beach, sea", "Zürich", "1,2,3"]
        metadata.description = "Sunset\nover the bay\t(été)"
        metadata.artist = "Jens"
        metadata.width = 8192
        metadata.height = 5464
        return metadata
    }

    /// Every field zero or empty: not the same as nil.
    static var zeros: PhotoMetadata {
        var metadata = PhotoMetadata()
        (metadata.taken, metadata.offset, metadata.make, metadata.model, metadata.lens) = ("", "", "", "", "")
        (metadata.aperture, metadata.shutter, metadata.focalLength) = (0, 0, 0)
        (metadata.iso, metadata.focalLength35, metadata.flash, metadata.rating, metadata.width, metadata.height) = (0, 0, 0, 0, 0, 0)
        (metadata.latitude, metadata.longitude, metadata.altitude) = (0, 0, 0)
        (metadata.label, metadata.description, metadata.artist) = ("", "", "")
        metadata.keywords = [""]
        return metadata
    }

    /// The first column of each row `sql` returns from the database at `path`, as text.
    static func rows(_ path: String, _ sql: String) throws -> [String?] {
        let database = try SQLiteDatabase(path: path)
        defer { database.close() }
        let statement = try database.statement(sql)
        var rows: [String?] = []
        while try statement.step() { rows.append(statement.text(0)) }
        statement.reset()
        return rows
    }

    static func bytes(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { Array($0) } }

    // MARK: - Keeping and finding

    @Test func everyFieldReadsBackAsStoredNilZeroAndEmptyApart() throws {
        let wide = PhotoIndex.Key(
            device: .max, inode: 1 << 63, size: 0, seconds: -86_400, nanoseconds: 999_999_999, changed: -1, changedNanoseconds: 0)
        do {
            let index = PhotoIndex(path: path)
            index.store([
                Self.photo(Self.key(1), at: "/photos/a.jpg", Self.everyField), Self.photo(Self.key(2), at: "/photos/b.jpg", Self.zeros),
                Self.photo(wide, at: "/photos/c.jpg", PhotoMetadata())
            ])
            #expect(index.takeNotes() == [])
        }
        // Another session reads it from the file.
        let index = PhotoIndex(path: path)
        let found = index.lookup([Self.key(1), Self.key(2), wide, Self.key(3)])
        #expect(found[Self.key(1)] == PhotoIndex.Indexed(metadata: Self.everyField, complete: true))
        #expect(found[Self.key(2)] == PhotoIndex.Indexed(metadata: Self.zeros, complete: true))
        #expect(found[wide] == PhotoIndex.Indexed(metadata: PhotoMetadata(), complete: true))
        #expect(found[Self.key(3)] == nil)
        #expect(found.count == 3)
        #expect(index.takeNotes() == [])
        // Kept as photorepl's own database, in WAL mode, its folder the user's alone.
        #expect(try Self.rows(path, "PRAGMA application_id") == ["\(PhotoIndex.applicationID)"])
        #expect(try Self.rows(path, "PRAGMA user_version") == ["1"])
        #expect(try Self.rows(path, "PRAGMA journal_mode") == ["wal"])
        #expect(
            try Self.rows(path, "SELECT hex(path) FROM photo WHERE inode = 1") == [
                Array("/photos/a.jpg".utf8).map { String(format: "%02X", $0) }.joined()
            ])
        var info = stat()
        #expect(stat(folder.path + "/photorepl", &info) == 0 && info.st_mode & 0o777 == 0o700)
    }

    @Test func aFileChangedInAnyWayMisses() throws {
        let index = PhotoIndex(path: path)
        let key = Self.key(7)
        index.store([Self.photo(key, at: "/photos/a.jpg")])
        var changed: [PhotoIndex.Key] = []
        for change in 0..<7 {
            var other = key
            switch change {
            case 0: other.device += 1
            case 1: other.inode += 1
            case 2: other.size += 1
            case 3: other.seconds += 1
            case 4: other.nanoseconds += 1
            case 5: other.changed += 1
            default: other.changedNanoseconds += 1
            }
            changed.append(other)
        }
        #expect(index.lookup(changed) == [:])
        #expect(index.lookup([key]) == [key: PhotoIndex.Indexed(metadata: Self.taken("2024:01:02 03:04:05"), complete: true)])
        // Stored again, the row is replaced.
        index.store([Self.photo(key, at: "/photos/b.jpg", Self.taken("2020:01:01 00:00:00"))])
        #expect(index.lookup([key])[key]?.metadata.taken == "2020:01:01 00:00:00")
        #expect(try Self.rows(path, "SELECT count(*) FROM photo") == ["1"])
    }

    @Test func aKeyFromAFilesStatusFindsItsRow() throws {
        try folder.write("a.jpg", [1, 2, 3])
        var info = stat()
        #expect(stat(folder.path + "/a.jpg", &info) == 0)
        let index = PhotoIndex(path: path)
        index.store([Self.photo(PhotoIndex.Key(info), at: folder.path + "/a.jpg")])
        var again = stat()
        #expect(stat(folder.path + "/a.jpg", &again) == 0)
        #expect(index.lookup([PhotoIndex.Key(again)]).count == 1)
        #expect(PhotoIndex.Key(again).size == 3)
    }

    @Test func noPathKeepsNothingAndSaysNothing() {
        let index = PhotoIndex(path: nil)
        index.store([Self.photo(Self.key(1), at: "/photos/a.jpg")])
        #expect(index.lookup([Self.key(1)]) == [:])
        index.prune(under: Array("/photos".utf8), seen: [])
        #expect(index.takeNotes() == [])
    }

    @Test func theStandardPlaceFollowsXDG() {
        let both = ["XDG_CACHE_HOME": "/cache", "HOME": "/home/jens"]
        #expect(PhotoIndex.standardPath { both[$0] } == "/cache/photorepl/index.sqlite")
        let relative = ["XDG_CACHE_HOME": "cache", "HOME": "/home/jens"]
        #expect(PhotoIndex.standardPath { relative[$0] } == "/home/jens/.cache/photorepl/index.sqlite")
        #expect(PhotoIndex.standardPath { _ in nil } == nil)
    }

    // MARK: - Pruning

    @Test func pruneDeletesTheFolderRowsNotSeenAndKeepsTheRest() {
        let index = PhotoIndex(path: path)
        let (kept, below, gone, goneBelow) = (Self.key(1), Self.key(2), Self.key(3), Self.key(4))
        let (before, after, elsewhere, noPath) = (Self.key(5), Self.key(6), Self.key(7), Self.key(8))
        index.store([
            Self.photo(kept, at: "/photos/a.jpg"), Self.photo(below, at: "/photos/2024/b.jpg"), Self.photo(gone, at: "/photos/c.jpg"),
            Self.photo(goneBelow, at: "/photos/2024/d.jpg"),
            // Their names start as the folder's does, but they are not in it (sorted before and after it).
            Self.photo(before, at: "/photos-old/e.jpg"), Self.photo(after, at: "/photos2/f.jpg"),
            Self.photo(elsewhere, at: "/other/g.jpg"), Self.photo(noPath, at: "")
        ])
        index.prune(under: Array("/photos".utf8), seen: [kept, below])
        let all = [kept, below, gone, goneBelow, before, after, elsewhere, noPath]
        #expect(Set(index.lookup(all).keys) == [kept, below, before, after, elsewhere, noPath])
        // The folder written with its slash, the same folder.
        index.prune(under: Array("/photos/".utf8), seen: [kept])
        #expect(Set(index.lookup(all).keys) == [kept, before, after, elsewhere, noPath])
        // A folder below it: only its own rows.
        index.prune(under: Array("/photos/2024".utf8), seen: [])
        #expect(Set(index.lookup(all).keys) == [kept, before, after, elsewhere, noPath])
        index.prune(under: Array("/".utf8), seen: [kept])
        #expect(Set(index.lookup(all).keys) == [kept, noPath])
        #expect(index.takeNotes() == [])
    }

    @Test func rowsUnusedForAYearArePrunedAndALookupCountsAsUse() throws {
        let day = 20_000
        PhotoIndex(path: path, today: day).store([
            Self.photo(Self.key(1), at: "/photos/a.jpg"), Self.photo(Self.key(2), at: "/photos/b.jpg")
        ])
        // Looked up on day 20,300: used then.
        #expect(PhotoIndex(path: path, today: day + 300).lookup([Self.key(2)]).count == 1)
        #expect(try Self.rows(path, "SELECT used FROM photo ORDER BY inode") == ["\(day)", "\(day + 300)"])
        // A year and a day after the first: only the one used since is kept, wherever it is.
        let later = PhotoIndex(path: path, today: day + 366)
        later.prune(under: Array("/elsewhere".utf8), seen: [])
        #expect(try Self.rows(path, "SELECT inode FROM photo") == ["2"])
        #expect(later.takeNotes() == [])
    }

    // MARK: - Sessions at once

    @Test func twoSessionsOnOneFileSeeEachOthersRows() {
        let first = PhotoIndex(path: path), second = PhotoIndex(path: path)
        first.store([Self.photo(Self.key(1), at: "/photos/a.jpg")])
        second.store([Self.photo(Self.key(2), at: "/photos/b.jpg")])
        #expect(first.lookup([Self.key(1), Self.key(2)]).count == 2)
        #expect(second.lookup([Self.key(1), Self.key(2)]).count == 2)
        first.store([Self.photo(Self.key(3), at: "/photos/c.jpg")])
        #expect(second.lookup([Self.key(3)]).count == 1)
        #expect(first.takeNotes() == [] && second.takeNotes() == [])
    }

    /// Writer `number`'s batch `batch`: 100 photos of their own.
    static func batch(_ batch: Int, of number: Int) -> [(key: PhotoIndex.Key, path: [UInt8], metadata: PhotoMetadata)] {
        (0..<100).map { i in
            let inode = UInt64(number * 100_000 + batch * 1000 + i)
            return photo(key(inode), at: "/photos/\(number)/\(batch)-\(i).jpg")
        }
    }

    @Test func fourWritersAtOnceLoseNoRow() async {
        let writers = (0..<4).map { _ in PhotoIndex(path: path) }
        await withTaskGroup(of: Void.self) { group in
            for (number, writer) in writers.enumerated() {
                group.addTask {
                    for batch in 0..<25 { writer.store(Self.batch(batch, of: number)) }
                }
            }
        }
        var keys: [PhotoIndex.Key] = []
        for number in 0..<writers.count {
            for batch in 0..<25 { keys += Self.batch(batch, of: number).map(\.key) }
        }
        let notes = writers.flatMap { $0.takeNotes() }
        // Each row kept, or a note that said it was not.
        let found = PhotoIndex(path: path).lookup(keys)
        #expect(found.count == keys.count || !notes.isEmpty)
        #expect(notes == [])
    }

    @Test func aWriteLockHeldLongerThanTheTimeoutTurnsTheIndexOff() throws {
        let index = PhotoIndex(path: path, today: nil, busyTimeout: 200)
        index.store([Self.photo(Self.key(1), at: "/photos/a.jpg")])
        let holder = try SQLiteDatabase(path: path)
        try holder.execute("BEGIN EXCLUSIVE")
        index.store([Self.photo(Self.key(2), at: "/photos/b.jpg")])
        let notes = index.takeNotes()
        #expect(notes.count == 1)
        #expect(notes.first?.contains("is off this session: another process kept it locked") == true)
        // Off for the session: lookups miss, stores are dropped, and nothing more is said.
        #expect(index.lookup([Self.key(1)]) == [:])
        index.store([Self.photo(Self.key(3), at: "/photos/c.jpg")])
        #expect(index.takeNotes() == [])
        try holder.execute("COMMIT")
        holder.close()
        let next = PhotoIndex(path: path)
        #expect(Set(next.lookup([Self.key(1), Self.key(2), Self.key(3)]).keys) == [Self.key(1)])
        #expect(next.takeNotes() == [])
    }

    static let sqlite3 = "/usr/bin/sqlite3"

    /// The same, the lock held by another process: Debian's `sqlite3` (the package sqlite3).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: sqlite3)))
    func aWriteLockHeldByAnotherProcess() throws {
        let index = PhotoIndex(path: path, today: nil, busyTimeout: 300)
        index.store([Self.photo(Self.key(1), at: "/photos/a.jpg")])
        let marker = folder.path + "/locked"
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: Self.sqlite3)
        shell.arguments = ["-bail", path]
        let input = Pipe()
        shell.standardInput = input
        shell.standardOutput = FileHandle.nullDevice
        try shell.run()
        input.fileHandleForWriting.write(Data("BEGIN EXCLUSIVE;\n.shell touch '\(marker)'\n".utf8))
        // (Not a timing: how long the other process may take to start at most.)
        for _ in 0..<3000 where !FileManager.default.fileExists(atPath: marker) { usleep(10_000) }
        try #require(FileManager.default.fileExists(atPath: marker), "sqlite3 took the lock")
        index.store([Self.photo(Self.key(2), at: "/photos/b.jpg")])
        let notes = index.takeNotes()
        input.fileHandleForWriting.write(Data("COMMIT;\n".utf8))
        try input.fileHandleForWriting.close()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        #expect(notes.count == 1 && notes.first?.contains("locked") == true)
        let next = PhotoIndex(path: path)
        #expect(Set(next.lookup([Self.key(1), Self.key(2)]).keys) == [Self.key(1)])
        next.store([Self.photo(Self.key(2), at: "/photos/b.jpg")])
        #expect(next.lookup([Self.key(2)]).count == 1)
        #expect(next.takeNotes() == [])
    }

    // MARK: - Files set aside

    /// A fresh index that works, and only `notes` said.
    func expectFreshIndexWorks(saying notes: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let index = PhotoIndex(path: path)
        #expect(index.lookup([Self.key(1)]) == [:], sourceLocation: sourceLocation)
        index.store([Self.photo(Self.key(1), at: "/photos/a.jpg")])
        #expect(index.lookup([Self.key(1)]).count == 1, sourceLocation: sourceLocation)
        #expect(index.takeNotes() == notes, sourceLocation: sourceLocation)
        #expect(PhotoIndex(path: path).lookup([Self.key(1)]).count == 1, sourceLocation: sourceLocation)
    }

    @Test func aFileThatIsNoDatabaseIsSetAsideAsTheFirstFreeName() throws {
        let garbage = Array(String(repeating: "not a database, a photo's notes. ", count: 200).utf8)
        try folder.write("photorepl/index.sqlite", garbage)
        try folder.write("photorepl/index.sqlite.damaged-1", [1])
        expectFreshIndexWorks(saying: [
            "The photo index \(PhotoIndex.shown(path)) was not an SQLite database: set aside as index.sqlite.damaged-2, and made afresh."
        ])
        #expect(Self.bytes(path + ".damaged-2") == garbage)
        #expect(Self.bytes(path + ".damaged-1") == [1])
    }

    @Test func aDatabaseCutShortIsSetAside() throws {
        do {
            let index = PhotoIndex(path: path)
            var metadata = Self.everyField
            metadata.description = String(repeating: "a long description ", count: 20)
            index.store((0..<3000).map { Self.photo(Self.key(UInt64(100 + $0)), at: "/photos/\($0).jpg", metadata) })
            #expect(index.takeNotes() == [])
        }
        let whole = try #require(Self.bytes(path))
        #expect(whole.count > 100_000, "every row written to the database itself when the last session closed it")
        #expect(truncate(path, off_t(whole.count / 2)) == 0)
        expectFreshIndexWorks(saying: [
            "The photo index \(PhotoIndex.shown(path)) was damaged: set aside as index.sqlite.damaged-1, and made afresh."
        ])
        #expect(Self.bytes(path + ".damaged-1")?.count == whole.count / 2)
    }

    @Test func aDatabaseScribbledOverIsSetAside() throws {
        do {
            let index = PhotoIndex(path: path)
            index.store((0..<3000).map { Self.photo(Self.key(UInt64(100 + $0)), at: "/photos/\($0).jpg", Self.everyField) })
        }
        // Pages in the middle overwritten (the header, and so the application id, intact).
        let fd = open(path, O_WRONLY)
        #expect(fd >= 0)
        let junk = [UInt8](repeating: 0xA5, count: 20_000)
        #expect(pwrite(fd, junk, junk.count, 40_000) == junk.count)
        close(fd)
        expectFreshIndexWorks(saying: [
            "The photo index \(PhotoIndex.shown(path)) was damaged: set aside as index.sqlite.damaged-1, and made afresh."
        ])
    }

    /// Damage found by a statement once the file was open and checked: set aside then, and the
    /// store that found it goes to the fresh file.
    @Test func damageFoundMidSessionSetsTheFileAsideAndTheStoreIsKept() throws {
        let index = PhotoIndex(path: path)
        index.store([Self.photo(Self.key(1), at: "/photos/a.jpg")])
        // Another connection points the table at a page the file does not have.
        do {
            let other = try SQLiteDatabase(path: path)
            let version = try #require(try Self.rows(path, "PRAGMA schema_version").first.flatMap { $0.flatMap { Int($0) } })
            try other.execute(
                "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET rootpage = 99999 WHERE name = 'photo'; "
                    + "PRAGMA schema_version = \(version + 1)")
            other.close()
        }
        index.store([Self.photo(Self.key(2), at: "/photos/b.jpg")])
        #expect(
            index.takeNotes() == [
                "The photo index \(PhotoIndex.shown(path)) was damaged: set aside as index.sqlite.damaged-1, and made afresh."
            ])
        #expect(Set(PhotoIndex(path: path).lookup([Self.key(1), Self.key(2)]).keys) == [Self.key(2)])
        #expect(FileManager.default.fileExists(atPath: path + ".damaged-1"))
    }

    /// SQLite databases that are not photorepl's index, or not of a version it knows.
    @Test(arguments: [
        ("PRAGMA application_id = 42; CREATE TABLE t (x); INSERT INTO t VALUES (1)", "another program's SQLite database"),
        ("CREATE TABLE t (x); INSERT INTO t VALUES (1)", "another program's SQLite database"),
        (
            "PRAGMA application_id = \(PhotoIndex.applicationID); PRAGMA user_version = 2; CREATE TABLE t (x); INSERT INTO t VALUES (1)",
            "of an index version this photorepl does not know (2)"
        ),
        (
            "PRAGMA application_id = \(PhotoIndex.applicationID); PRAGMA user_version = 1; CREATE TABLE t (x); INSERT INTO t VALUES (1)",
            "not of the shape this photorepl knows (no such table: photo)"
        )
    ])
    func aForeignDatabaseIsSetAsideWhole(sql: String, whose: String) throws {
        try FileManager.default.createDirectory(atPath: folder.path + "/photorepl", withIntermediateDirectories: true)
        do {
            let other = try SQLiteDatabase(path: path)
            try other.execute(sql)
            other.close()
        }
        expectFreshIndexWorks(saying: [
            "The photo index \(PhotoIndex.shown(path)) was \(whose): set aside as index.sqlite.foreign-1, and made afresh."
        ])
        #expect(try Self.rows(path + ".foreign-1", "SELECT x FROM t") == ["1"])
    }

    // MARK: - An index that cannot be used

    @Test func aFileWhereTheFolderShouldBeTurnsTheIndexOff() throws {
        try folder.write("cache", [1, 2, 3])
        let index = PhotoIndex(path: folder.path + "/cache/photorepl/index.sqlite")
        index.store([Self.photo(Self.key(1), at: "/photos/a.jpg")])
        #expect(index.lookup([Self.key(1)]) == [:])
        index.prune(under: Array("/photos".utf8), seen: [])
        let notes = index.takeNotes()
        #expect(notes.count == 1)
        #expect(
            notes.first?.hasPrefix("The photo index \(PhotoIndex.shown(folder.path))/cache/photorepl/index.sqlite is off this session: ")
                == true)
        #expect(notes.first?.contains("Not a directory") == true)
        #expect(index.takeNotes() == [])
        #expect(Self.bytes(folder.path + "/cache") == [1, 2, 3])
    }

    @Test func aFolderWhereTheFileShouldBeTurnsTheIndexOff() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let index = PhotoIndex(path: path)
        index.store([Self.photo(Self.key(1), at: "/photos/a.jpg")])
        #expect(index.lookup([Self.key(1)]) == [:])
        let notes = index.takeNotes()
        #expect(notes.count == 1 && notes.first?.contains("is off this session") == true)
    }

    @Test func withoutLibSQLiteTheIndexIsOffAndSaysWhatToInstall() {
        let index = PhotoIndex(
            path: path, today: nil, loadLibrary: { "keeping photos' metadata needs libsqlite3: install the Debian package libsqlite3-0" })
        index.store([Self.photo(Self.key(1), at: "/photos/a.jpg")])
        #expect(index.lookup([Self.key(1)]) == [:])
        let notes = index.takeNotes()
        #expect(notes.count == 1 && notes.first?.hasSuffix("install the Debian package libsqlite3-0.") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/photorepl"), "nothing made")
    }

    // MARK: - The dates file before the index

    @Test func theDatesFileIsCarriedOverOnceThenDeleted() throws {
        let dated = PhotoDates.Key(
            device: 2049, inode: 11, size: 5_000, seconds: 1_600_000_000, nanoseconds: 5, changed: 1_600_000_001, changedNanoseconds: 6)
        let undated = PhotoDates.Key(device: 2049, inode: 12, size: 5_000, seconds: 1, nanoseconds: 2, changed: 3, changedNanoseconds: 4)
        let text = PhotoDates.text(of: [
            dated: PhotoDates.Entry(date: "2019:07:08 09:10:11", day: 19_999), undated: PhotoDates.Entry(date: nil, day: 19_999)
        ])
        try folder.write("photorepl/dates", Array(text.utf8))
        let index = PhotoIndex(path: path, today: 20_000)
        let found = index.lookup([PhotoIndex.Key(dated), PhotoIndex.Key(undated)])
        #expect(found == [PhotoIndex.Key(dated): PhotoIndex.Indexed(metadata: Self.taken("2019:07:08 09:10:11"), complete: false)])
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/photorepl/dates"))
        #expect(index.takeNotes() == [])
        // No path: no folder's prune takes it; its day of use is the dates file's, then today's.
        #expect(try Self.rows(path, "SELECT length(path) FROM photo") == ["0"])
        #expect(try Self.rows(path, "SELECT used FROM photo") == ["20000"])
        // Read whole, it is complete.
        index.store([(PhotoIndex.Key(dated), [], Self.everyField)])
        #expect(index.lookup([PhotoIndex.Key(dated)])[PhotoIndex.Key(dated)]?.complete == true)
    }

    @Test func aDatesFileBesideAnIndexMadeAlreadyIsLeftAlone() throws {
        PhotoIndex(path: path).store([Self.photo(Self.key(1), at: "/photos/a.jpg")])
        let text = PhotoDates.text(of: [
            PhotoDates.Key(device: 1, inode: 2, size: 3, seconds: 4, nanoseconds: 5, changed: 6, changedNanoseconds: 7): PhotoDates.Entry(
                date: "2019:07:08 09:10:11", day: 1)
        ])
        try folder.write("photorepl/dates", Array(text.utf8))
        #expect(
            PhotoIndex(path: path).lookup([
                PhotoIndex.Key(device: 1, inode: 2, size: 3, seconds: 4, nanoseconds: 5, changed: 6, changedNanoseconds: 7)
            ]) == [:])
        #expect(FileManager.default.fileExists(atPath: folder.path + "/photorepl/dates"))
    }
}
