import CSQLite
import Networking
import Synchronization
import SystemCalls

/// What photorepl read of photos' metadata, kept for next time in an SQLite database of its own
/// (`$XDG_CACHE_HOME/photorepl/index.sqlite`, else `~/.cache/photorepl/index.sqlite`): a second
/// `sort` or `filter` by metadata of a folder of 10,000 photos reads none of their headers.
///
/// Each photo is kept under its file's identity and version (`Key`: device, inode, size,
/// modification and change times to the nanosecond), never under its name: a photo rewritten,
/// replaced, renamed or linked is read again. Its last path is kept beside it, for `prune` to know
/// which rows a folder's walk vouches for; and the day it was last used, so that rows nobody asked
/// for in `keptDays` go when pruning.
///
/// Several sessions (processes) use it at once: the database is in WAL mode (readers never wait for
/// the writer), and a writer waits up to `busyTimeout` for another's lock. Nothing here is fatal,
/// and nothing is silently wrong: a file that is damaged or not photorepl's is set aside and made
/// afresh; one that cannot be used (locked too long, a full disk, a read-only folder, no
/// libsqlite3) turns the index off for the session, every lookup a miss and every store dropped.
/// Either is said once, in `takeNotes()`.
public final class PhotoIndex: Sendable {
    /// A file's identity and version, as its metadata is kept under.
    public struct Key: Hashable, Sendable {
        public var device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int
        public var changed: Int, changedNanoseconds: Int

        public init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            seconds = info.modificationTime.tv_sec
            nanoseconds = info.modificationTime.tv_nsec
            changed = info.changeTime.tv_sec
            changedNanoseconds = info.changeTime.tv_nsec
        }

        public init(device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int, changed: Int, changedNanoseconds: Int) {
            (self.device, self.inode, self.size, self.seconds, self.nanoseconds) = (device, inode, size, seconds, nanoseconds)
            (self.changed, self.changedNanoseconds) = (changed, changedNanoseconds)
        }

        /// Whether `a` comes before `b` in the table (its primary key's order: SQLite's signed
        /// 64-bit numbers, as `SQLiteStatement.bind(_:)` stores them).
        static func inTableOrder(_ a: Key, _ b: Key) -> Bool {
            if a.device != b.device { return Int64(bitPattern: a.device) < Int64(bitPattern: b.device) }
            if a.inode != b.inode { return Int64(bitPattern: a.inode) < Int64(bitPattern: b.inode) }
            if a.size != b.size { return a.size < b.size }
            if a.seconds != b.seconds { return a.seconds < b.seconds }
            if a.nanoseconds != b.nanoseconds { return a.nanoseconds < b.nanoseconds }
            if a.changed != b.changed { return a.changed < b.changed }
            return a.changedNanoseconds < b.changedNanoseconds
        }

        /// A date file's key: the same numbers.
        init(_ old: PhotoDates.Key) {
            self.init(
                device: old.device, inode: old.inode, size: old.size, seconds: old.seconds, nanoseconds: old.nanoseconds,
                changed: old.changed, changedNanoseconds: old.changedNanoseconds)
        }
    }

    /// What is kept of a photo. `complete` is false for a row carried over from the dates file that
    /// came before the index: only `taken` is known of it, and the rest is to be read.
    public struct Indexed: Sendable, Equatable {
        /// Boxed: a lookup of 100,000 photos holds them all at once, and the facts made of them
        /// share the box instead of copying a few hundred bytes each.
        let box: MetadataBox
        public var metadata: PhotoMetadata { box.metadata }
        public var complete: Bool

        public init(metadata: PhotoMetadata, complete: Bool) {
            self.box = MetadataBox(metadata)
            self.complete = complete
        }

        public static func == (a: Indexed, b: Indexed) -> Bool {
            a.complete == b.complete && (a.box === b.box || a.box.metadata == b.box.metadata)
        }
    }

    /// `PRAGMA application_id` ("phri"): a database without it is another program's.
    static let applicationID = 0x7068_7269
    /// `PRAGMA user_version`: the schema this code reads and writes.
    static let schemaVersion = 1
    /// A row not used for this many days is deleted when pruning.
    static let keptDays = 365

    /// The database (nil: nothing kept, every lookup a miss; a transcript's check).
    private let path: String?
    /// Today, as days from 1970 (a test's own day).
    private let today: Int
    /// How long a statement waits for another session's lock, in milliseconds.
    private let busyTimeout: Int32
    /// Loads libsqlite3: nil once it is, else why not (a test's own failure).
    private let loadLibrary: @Sendable () -> String?
    private let state = Mutex(State())

    /// The connection, opened at first use (a session that never sorts or filters by metadata never
    /// loads libsqlite3), and what is to be said of it.
    private struct State {
        enum Phase {
            case unopened
            case open(SQLiteDatabase)
            case off
        }
        var phase = Phase.unopened
        var notes: [String] = []
        /// Files set aside this session: a disk that damages each fresh one is not retried forever.
        var setAside = 0
    }

    /// The index kept at `path` (nil: none).
    public convenience init(path: String?) {
        self.init(path: path, today: nil)
    }

    /// - Parameter today: the day counted from 1970 (the clock's, unless a test says).
    /// - Parameter busyTimeout: how long to wait for another session's lock (a test's is short).
    /// - Parameter loadLibrary: loads libsqlite3 (a test's may fail).
    init(
        path: String?, today: Int?, busyTimeout: Int32 = 3000,
        loadLibrary: @escaping @Sendable () -> String? = { sqlite_binding_load().map { String(cString: $0) } }
    ) {
        self.path = path
        self.today = today ?? Int(time(nil) / 86_400)
        self.busyTimeout = busyTimeout
        self.loadLibrary = loadLibrary
    }

    /// The standard place: `$XDG_CACHE_HOME/photorepl/index.sqlite` (an XDG_CACHE_HOME that is not
    /// absolute is ignored, as the XDG Base Directory Specification says), else
    /// `$HOME/.cache/photorepl/index.sqlite`; nil with neither.
    public static func standardPath(environment: (String) -> String?) -> String? {
        if let cache = environment("XDG_CACHE_HOME"), cache.hasPrefix("/") { return cache + "/photorepl/index.sqlite" }
        if let home = environment("HOME"), home.hasPrefix("/") { return home + "/.cache/photorepl/index.sqlite" }
        return nil
    }

    /// What is to be said of the index since last asked (it was set aside, or is off), one line each.
    public func takeNotes() -> [String] {
        state.withLock { state in
            defer { state.notes = [] }
            return state.notes
        }
    }

    // MARK: - Lookup, store, prune

    /// What is kept for each of `keys` that is known; each row found is marked used today.
    public func lookup(_ keys: [Key]) -> [Key: Indexed] {
        var found: [Key: Indexed] = [:]
        for (key, indexed) in zip(keys, lookup(inOrder: keys)) { found[key] = indexed }
        return found
    }

    /// What is kept for each of `keys`, in their order (nil: not known, or no key); each row found
    /// is marked used today. No dictionary: a folder's 100,000 photos are looked up at once, and
    /// one costs tens of MB beside the metadata itself.
    public func lookup(inOrder keys: [Key?]) -> [Indexed?] {
        let none = [Indexed?](repeating: nil, count: keys.count)
        // In the table's order: each page of it is read once, in turn, whatever the cache holds
        // (in a folder's order, 100,000 photos' rows are as many reads of pages all over the file).
        let order = keys.indices.filter { keys[$0] != nil }.sorted { Key.inTableOrder(keys[$0]!, keys[$1]!) }
        guard !order.isEmpty else { return none }
        let today = self.today
        // Made afresh by each try: a try that failed part way (damage found, the index turned off)
        // leaves nothing half-known.
        let (found, stale) = using((none, [])) { database throws(SQLiteFailure) -> ([Indexed?], [Key]) in
            let select = try database.statement(Self.selectSQL)
            // One read transaction: a snapshot of the whole batch, its locks taken once, not per key.
            return try database.transaction(immediate: false) { () throws(SQLiteFailure) -> ([Indexed?], [Key]) in
                var found = none
                var stale: [Key] = []
                for (i, slot) in order.enumerated() {
                    let key = keys[slot]!
                    // The same file twice (two names of one file): the same row.
                    if i > 0, keys[order[i - 1]] == key {
                        found[slot] = found[order[i - 1]]
                        continue
                    }
                    try select.bind(key)
                    defer { select.reset() }
                    guard try select.step() else { continue }
                    let complete = select.int(Self.metadataCount) != 0
                    found[slot] = Indexed(metadata: select.metadata(from: 0), complete: complete)
                    if select.int(Self.metadataCount + 1) != today { stale.append(key) }
                }
                return (found, stale)
            }
        }
        if !stale.isEmpty { markUsed(stale) }
        return found
    }

    /// Marks the rows of `keys` used today, in a write transaction of its own (a read transaction
    /// that turned into a write could fail at once when another session wrote meanwhile).
    private func markUsed(_ keys: [Key]) {
        let today = self.today
        using(()) { database throws(SQLiteFailure) in
            let touch = try database.statement("UPDATE photo SET used = ?8 WHERE \(Self.keyCondition)")
            try Self.withLargeCache(database) { () throws(SQLiteFailure) in
                try database.transaction(immediate: true) { () throws(SQLiteFailure) in
                    try touch.bind(Int64(today), at: 8)
                    for key in keys {
                        try touch.bind(key)
                        try touch.run()
                    }
                }
            }
        }
    }

    /// Keeps each photo's metadata under its key, with the path it was seen at, in one transaction
    /// (a row already kept for the key is replaced).
    public func store(_ photos: [(key: Key, path: [UInt8], metadata: PhotoMetadata)]) {
        guard !photos.isEmpty else { return }
        let today = self.today
        using(()) { database throws(SQLiteFailure) in
            let insert = try database.statement(Self.insertSQL)
            try Self.withLargeCache(database) { () throws(SQLiteFailure) in
                try database.transaction(immediate: true) { () throws(SQLiteFailure) in
                    try insert.bind(Int64(today), at: Self.keyCount + Self.metadataCount + 3)
                    try insert.bind(Int64(1), at: Self.keyCount + Self.metadataCount + 1)
                    for photo in photos {
                        try insert.bind(photo.key)
                        try insert.bind(photo.metadata, from: Self.keyCount + 1)
                        try insert.bind(bytes: photo.path, at: Self.keyCount + Self.metadataCount + 2)
                        try insert.run()
                    }
                }
            }
        }
    }

    /// Keeps the metadata of files that moved (`old`: a file's identity before, `new`: now, `path`:
    /// where it is) under their new identity and path, in one transaction: a photo moved is not
    /// read again. A row already kept under the new identity stays.
    public func rekey(_ moved: [(old: Key, new: Key, path: [UInt8])]) {
        guard !moved.isEmpty else { return }
        using(()) { database throws(SQLiteFailure) in
            let update = try database.statement(
                "UPDATE OR IGNORE photo SET device = ?8, inode = ?9, size = ?10, modified = ?11, modified_ns = ?12, changed = ?13, changed_ns = ?14, path = ?15 WHERE \(Self.keyCondition)"
            )
            try database.transaction(immediate: true) { () throws(SQLiteFailure) in
                for file in moved {
                    try update.bind(file.old)
                    try update.bind(file.new, from: 8)
                    try update.bind(bytes: file.path, at: 15)
                    try update.run()
                }
            }
        }
    }

    /// Deletes the rows of the files in `folder` or below it (their last path starts with it and
    /// `/`) whose key is not in `seen`, the keys of a walk of all of it: files gone, or changed
    /// since (a changed file's new row has a key of its own). Rows not used for `keptDays` go too,
    /// wherever they are.
    /// - Parameter seen: in any order, sorted here and searched by halves: a set of a folder's
    ///   100,000 keys is three times their size, and it was the largest thing a session made.
    public func prune(under folder: [UInt8], seen: [Key]) {
        let seen = seen.sorted(by: Key.inTableOrder)
        let prefix = folder.last == UInt8(ascii: "/") ? folder : folder + [UInt8(ascii: "/")]
        // Every path that starts with `prefix` sorts from it (bytes compared as memcmp does) to
        // `prefix` with its last byte, the slash, one higher.
        var end = prefix
        end[end.count - 1] += 1
        let oldest = Int64(today - Self.keptDays)
        using(()) { database throws(SQLiteFailure) in
            let old = try database.statement("DELETE FROM photo WHERE used < ?1")
            let inside = try database.statement("SELECT \(Self.keyColumns) FROM photo WHERE path >= ?1 AND path < ?2")
            let delete = try database.statement("DELETE FROM photo WHERE \(Self.keyCondition)")
            try database.transaction(immediate: true) { () throws(SQLiteFailure) in
                try old.bind(oldest, at: 1)
                try old.run()
                try inside.bind(bytes: prefix, at: 1)
                try inside.bind(bytes: end, at: 2)
                var gone: [Key] = []
                defer { inside.reset() }
                while try inside.step() {
                    let key = inside.key(from: 0)
                    if !Self.contains(key, inSorted: seen) { gone.append(key) }
                }
                for key in gone {
                    try delete.bind(key)
                    try delete.run()
                }
            }
        }
    }

    /// Whether `keys`, in the table's order, hold `key`.
    private static func contains(_ key: Key, inSorted keys: [Key]) -> Bool {
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if Key.inTableOrder(keys[middle], key) { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == key
    }

    // MARK: - Using the connection

    /// `body`'s answer on the connection (opened first if it was not); `absent` when the index is
    /// off. A damaged file found on the way is set aside and `body` run again on the fresh one; any
    /// other failure turns the index off for the session.
    @discardableResult
    private func using<R: Sendable>(_ absent: R, _ body: (SQLiteDatabase) throws(SQLiteFailure) -> R) -> R {
        state.withLock { state in
            for _ in 0..<2 {
                guard let database = connect(&state) else { return absent }
                do throws(SQLiteFailure) {
                    return try body(database)
                } catch {
                    let sameFile = path.flatMap(Self.identity) == database.identity
                    // Closed before its file is moved: SQLite finds a file's log by its name.
                    database.close()
                    state.phase = .unopened
                    guard error.isDamage else {
                        turnOff(&state, because: error.reason)
                        return absent
                    }
                    // Another session may have set it aside already: then its fresh one is used.
                    if sameFile, !setAside(&state, as: .damaged) { return absent }
                }
            }
            return absent
        }
    }

    /// The connection, opened if it was not yet; nil when the index is off (and then said why).
    private func connect(_ state: inout State) -> SQLiteDatabase? {
        switch state.phase {
        case .open(let database): return database
        case .off: return nil
        case .unopened: break
        }
        guard let path else {
            state.phase = .off
            return nil
        }
        if let missing = loadLibrary() {
            turnOff(&state, because: missing)
            return nil
        }
        while true {
            switch Self.open(path, busyTimeout: busyTimeout, today: today) {
            case .ready(let database):
                state.phase = .open(database)
                return database
            case .unusable(let reason):
                turnOff(&state, because: reason)
                return nil
            case .setAside(let why):
                guard setAside(&state, as: why) else { return nil }
            }
        }
    }

    /// No index for the rest of the session, and why, said once.
    private func turnOff(_ state: inout State, because reason: String) {
        state.phase = .off
        state.notes.append("The photo index \(Self.shown(path ?? "")) is off this session: \(reason).")
    }

    /// Why a file is set aside: it is damaged, or not photorepl's (or of a version it does not know).
    enum SetAside {
        case damaged
        case notSQLite
        case foreign(String)
    }

    /// Moves the file at `path` aside (and its log and the log's index) to the first free name
    /// `index.sqlite.damaged-N` (or `.foreign-N`), for a fresh one to be made at `path`, and says so.
    /// False, the index off, when it cannot be moved or was moved too often this session.
    private func setAside(_ state: inout State, as why: SetAside) -> Bool {
        guard let path else { return false }
        guard state.setAside < 3 else {
            turnOff(&state, because: "each fresh database was damaged again")
            return false
        }
        state.setAside += 1
        let (kind, said): (String, String)
        switch why {
        case .damaged: (kind, said) = ("damaged", "was damaged")
        case .notSQLite: (kind, said) = ("damaged", "was not an SQLite database")
        case .foreign(let whose): (kind, said) = ("foreign", "was \(whose)")
        }
        switch Self.moveAside(path, kind: kind) {
        case .success(let name):
            state.notes.append("The photo index \(Self.shown(path)) \(said): set aside as \(name), and made afresh.")
            return true
        case .failure(let failure):
            turnOff(&state, because: "it \(said), and could not be set aside (\(failure.reason))")
            return false
        }
    }

    /// Renames `path`, then its `-wal` and `-shm`, to the first free `PATH.KIND-N`; its new name
    /// (without its folder). A log that cannot be moved is deleted: left behind, SQLite would apply
    /// it to the fresh file.
    static func moveAside(_ path: String, kind: String) -> Result<String, SQLiteFailure> {
        var number = 1
        var info = stat()
        while lstat("\(path).\(kind)-\(number)", &info) == 0 { number += 1 }
        let aside = "\(path).\(kind)-\(number)"
        guard rename(path, aside) == 0 else { return .failure(SQLiteFailure(code: 0, reason: String(cString: strerror(errno)))) }
        for suffix in ["-wal", "-shm"] where lstat(path + suffix, &info) == 0 {
            if rename(path + suffix, aside + suffix) != 0 && unlink(path + suffix) != 0 {
                return .failure(SQLiteFailure(code: 0, reason: "its \(suffix) file stays: " + String(cString: strerror(errno))))
            }
        }
        return .success(String(aside[aside.index(after: aside.lastIndex(of: "/") ?? aside.startIndex)...]))
    }

    /// `path` as a person reads it: `~/` for the home folder.
    static func shown(_ path: String) -> String {
        guard let home = getenv("HOME").map({ String(cString: $0) }), home.count > 1, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// The device and inode of the file at `path`, if there is one.
    static func identity(_ path: String) -> [UInt64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }
}

// MARK: - Opening

extension PhotoIndex {
    /// How opening the file went.
    enum Opening {
        case ready(SQLiteDatabase)
        /// It is to be set aside, and a fresh one made.
        case setAside(SetAside)
        /// The index is off this session, for this reason.
        case unusable(String)
    }

    /// Opens the database at `path`, its folder made first (0700, as every cache folder of
    /// photorepl's): checked to be photorepl's and whole, or made when the file is new.
    static func open(_ path: String, busyTimeout: Int32, today: Int) -> Opening {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        do throws(FileBytes.Failure) {
            if !folder.isEmpty { try FileBytes.makeFolders(folder) }
        } catch {
            return .unusable("its folder \(shown(folder)) could not be made (\(error.message))")
        }
        // Made readable by its owner only before SQLite opens it (its -wal and -shm take the
        // file's mode): it says where and when the photos were taken.
        let made = path.withCString { SystemCalls.open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        if made >= 0 { close(made) }
        let database: SQLiteDatabase
        do throws(SQLiteFailure) {
            database = try SQLiteDatabase(path: path)
        } catch {
            return .unusable(error.reason)
        }
        sqlite_binding_busy_timeout(database.handle, busyTimeout)
        sqlite_binding_persist_wal(database.handle)
        let opening = check(database, path: path, today: today)
        if case .ready = opening { return opening }
        database.close()
        return opening
    }

    /// Whether the open `database` is photorepl's index of this version, and whole; made when it
    /// is a new, empty file.
    private static func check(_ database: SQLiteDatabase, path: String, today: Int) -> Opening {
        do throws(SQLiteFailure) {
            let header = try self.header(database)
            if header == (0, 0, 0) { return try create(database, path: path, today: today) }
            guard header.application == applicationID else { return .setAside(.foreign("another program's SQLite database")) }
            guard header.version == schemaVersion else {
                return .setAside(.foreign("of an index version this photorepl does not know (\(header.version))"))
            }
            try settings(database)
            // Every page read once (tens of milliseconds for 100,000 photos): a file cut short or
            // scribbled over is found now, not as wrong answers later.
            let check = try database.statement("PRAGMA quick_check")
            defer { check.reset() }
            guard try check.step(), check.text(0) == "ok" else { return .setAside(.damaged) }
            // The table as this code reads and writes it (a file of the right version whose table
            // was changed or dropped would fail every statement).
            for sql in [selectSQL, insertSQL] {
                do throws(SQLiteFailure) {
                    _ = try database.statement(sql)
                } catch {
                    guard error.primary == SQLITE_BINDING_ERROR else { throw error }
                    return .setAside(.foreign("not of the shape this photorepl knows (\(error.reason))"))
                }
            }
            return .ready(database)
        } catch {
            if error.primary == SQLITE_BINDING_NOTADB { return .setAside(.notSQLite) }
            if error.isDamage { return .setAside(.damaged) }
            return .unusable(error.reason)
        }
    }

    /// The database's application id, schema version and number of tables, indexes and views.
    private static func header(_ database: SQLiteDatabase) throws(SQLiteFailure) -> (application: Int, version: Int, objects: Int) {
        let header = try database.statement(
            "SELECT (SELECT application_id FROM pragma_application_id), (SELECT user_version FROM pragma_user_version), "
                + "(SELECT count(*) FROM sqlite_schema)")
        defer { header.reset() }
        guard try header.step() else { throw SQLiteFailure(code: SQLITE_BINDING_ERROR, reason: "its header could not be read") }
        return (header.int(0) ?? 0, header.int(1) ?? 0, header.int(2) ?? 0)
    }

    /// What each connection sets: the log kept (readers never wait for the writer); writes not
    /// flushed at each commit, only at checkpoints (a power cut loses the last rows, never the
    /// file: they are read again); the log cut back after a checkpoint rather than left at its
    /// largest; SQLite's 2 MB of pages cached (a lookup reads the table's pages once each, in turn:
    /// a larger cache would only hold them, up to its size, beside the metadata they gave).
    private static func settings(_ database: SQLiteDatabase) throws(SQLiteFailure) {
        try database.execute(
            "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA journal_size_limit = 4194304; PRAGMA cache_size = -2048")
    }

    /// `body` run with up to 16 MB of pages cached, given back after: a write transaction over
    /// 100,000 rows (a day's first lookup marks them all used) with the small cache writes pages
    /// out and reads them back mid-transaction.
    private static func withLargeCache<R>(_ database: SQLiteDatabase, _ body: () throws(SQLiteFailure) -> R) throws(SQLiteFailure) -> R {
        try database.execute("PRAGMA cache_size = -16384")
        let result: R
        do {
            result = try body()
        } catch {
            try? database.execute("PRAGMA cache_size = -2048")
            throw error
        }
        try database.execute("PRAGMA cache_size = -2048; PRAGMA shrink_memory")
        return result
    }

    /// Makes the table in the new, empty file, with the dates the file before the index kept
    /// (which is then deleted). Another session may be making it at the same time: the one that
    /// gets the write lock first makes it, and the other finds it made.
    private static func create(_ database: SQLiteDatabase, path: String, today: Int) throws(SQLiteFailure) -> Opening {
        try settings(database)
        let datesPath = (path.lastIndex(of: "/").map { String(path[...$0]) } ?? "") + "dates"
        let dates = (try? FileBytes.read(path: Array(datesPath.utf8), limit: 16 << 20)).map(PhotoDates.parse) ?? [:]
        var made = false
        let opening = try database.transaction(immediate: true) { () throws(SQLiteFailure) -> Opening in
            let header = try self.header(database)
            if header.application == applicationID && header.version == schemaVersion { return .ready(database) }
            guard header == (0, 0, 0) else { return .setAside(.foreign("another program's SQLite database")) }
            try database.execute(schema)
            let insert = try database.statement(insertSQL)
            try insert.bind(Int64(0), at: keyCount + metadataCount + 1)
            try insert.bind(bytes: [], at: keyCount + metadataCount + 2)
            for (key, entry) in dates {
                guard let date = entry.date else { continue }
                var metadata = PhotoMetadata()
                metadata.taken = date
                try insert.bind(Key(key))
                try insert.bind(metadata, from: keyCount + 1)
                try insert.bind(Int64(entry.day), at: keyCount + metadataCount + 3)
                try insert.run()
            }
            made = true
            return .ready(database)
        }
        // Its dates are the index's now (a file that did not read so has none worth keeping).
        if made { unlink(datesPath) }
        return opening
    }

    /// The table: a row a file version, its key the seven numbers (WITHOUT ROWID: the key is the
    /// row's place in the tree, not a second index). Keywords are one text, joined by U+001F.
    static let schema = """
        CREATE TABLE photo (
            device INTEGER NOT NULL, inode INTEGER NOT NULL, size INTEGER NOT NULL,
            modified INTEGER NOT NULL, modified_ns INTEGER NOT NULL, changed INTEGER NOT NULL, changed_ns INTEGER NOT NULL,
            taken TEXT, utc_offset TEXT, make TEXT, model TEXT, lens TEXT,
            aperture REAL, shutter REAL, iso INTEGER, focal_length REAL, focal_length_35 INTEGER, flash INTEGER,
            latitude REAL, longitude REAL, altitude REAL, rating INTEGER, label TEXT, keywords TEXT,
            description TEXT, artist TEXT, width INTEGER, height INTEGER,
            complete INTEGER NOT NULL, path BLOB NOT NULL, used INTEGER NOT NULL,
            PRIMARY KEY (device, inode, size, modified, modified_ns, changed, changed_ns)
        ) WITHOUT ROWID;
        PRAGMA application_id = \(applicationID);
        PRAGMA user_version = \(schemaVersion);
        """

    static let keyColumns = "device, inode, size, modified, modified_ns, changed, changed_ns"
    static let keyCount: Int32 = 7
    /// In the order `SQLiteStatement.bind(_:from:)` and `metadata(from:)` take them.
    static let metadataColumns =
        "taken, utc_offset, make, model, lens, aperture, shutter, iso, focal_length, focal_length_35, flash, "
        + "latitude, longitude, altitude, rating, label, keywords, description, artist, width, height"
    static let metadataCount: Int32 = 21
    /// A row's key as parameters 1 to 7.
    static let keyCondition =
        "device = ?1 AND inode = ?2 AND size = ?3 AND modified = ?4 AND modified_ns = ?5 AND changed = ?6 AND changed_ns = ?7"
    static let selectSQL = "SELECT \(metadataColumns), complete, used FROM photo WHERE \(keyCondition)"
    static let insertSQL =
        "INSERT OR REPLACE INTO photo (\(keyColumns), \(metadataColumns), complete, path, used) VALUES ("
        + (1...(keyCount + metadataCount + 3)).map { "?\($0)" }.joined(separator: ", ") + ")"
}

// MARK: - SQLite

/// Why a statement failed: SQLite's extended result code and its words.
struct SQLiteFailure: Error {
    var code: Int32
    var reason: String

    var primary: Int32 { code & 0xFF }
    /// The file is damaged, or no database at all: it is to be set aside.
    var isDamage: Bool { primary == SQLITE_BINDING_CORRUPT || primary == SQLITE_BINDING_NOTADB }
}

/// A connection to an SQLite database (libsqlite3 loaded first), used by one thread at a time, its
/// statements prepared once and kept.
final class SQLiteDatabase {
    let handle: OpaquePointer
    /// The file's device and inode when it was opened: whether the file at its path is still it.
    let identity: [UInt64]?
    private var statements: [String: SQLiteStatement] = [:]
    private var closed = false

    init(path: String) throws(SQLiteFailure) {
        var handle: OpaquePointer?
        var error = [CChar](repeating: 0, count: 512)
        let result = sqlite_binding_open(path, &handle, &error, error.count)
        guard result == SQLITE_BINDING_OK, let handle else {
            throw SQLiteFailure(
                code: result, reason: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.handle = handle
        identity = PhotoIndex.identity(path)
    }

    deinit { close() }

    /// Finalizes its statements and closes it (once).
    func close() {
        guard !closed else { return }
        closed = true
        for statement in statements.values { sqlite_binding_finalize(statement.handle) }
        statements = [:]
        sqlite_binding_close(handle)
    }

    /// The failure `code` says, in the connection's words (its extended code too).
    func failure(_ code: Int32) -> SQLiteFailure {
        let extended = sqlite_binding_extended_errcode(handle)
        let words = String(cString: sqlite_binding_errmsg(handle))
        let reason =
            switch code & 0xFF {
            case SQLITE_BINDING_BUSY, SQLITE_BINDING_LOCKED: "another process kept it locked (\(words))"
            case SQLITE_BINDING_FULL: "the disk is full"
            default: words
            }
        return SQLiteFailure(code: extended & 0xFF == code & 0xFF ? extended : code, reason: reason)
    }

    /// Runs `sql`, statements that return no rows.
    func execute(_ sql: String) throws(SQLiteFailure) {
        let result = sqlite_binding_exec(handle, sql)
        guard result == SQLITE_BINDING_OK else { throw failure(result) }
    }

    /// `sql` prepared, the first time it is asked for, and kept for the next.
    func statement(_ sql: String) throws(SQLiteFailure) -> SQLiteStatement {
        if let kept = statements[sql] { return kept }
        var prepared: OpaquePointer?
        let result = sqlite_binding_prepare(handle, sql, &prepared)
        guard result == SQLITE_BINDING_OK, let prepared else {
            if let prepared { sqlite_binding_finalize(prepared) }
            throw failure(result == SQLITE_BINDING_OK ? SQLITE_BINDING_ERROR : result)
        }
        let statement = SQLiteStatement(handle: prepared, database: self)
        statements[sql] = statement
        return statement
    }

    /// `body` in a transaction, committed when it returns, rolled back when it throws.
    /// `immediate`: the write lock taken at once (waiting up to the busy timeout), so that the
    /// writes in `body` never fail for a lock taken in between.
    func transaction<R>(immediate: Bool, _ body: () throws(SQLiteFailure) -> R) throws(SQLiteFailure) -> R {
        try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN")
        do throws(SQLiteFailure) {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            _ = sqlite_binding_exec(handle, "ROLLBACK")
            throw error
        }
    }
}

/// A prepared statement of an `SQLiteDatabase`, which finalizes it.
struct SQLiteStatement {
    let handle: OpaquePointer
    unowned let database: SQLiteDatabase

    private func check(_ result: Int32) throws(SQLiteFailure) {
        guard result == SQLITE_BINDING_OK else { throw database.failure(result) }
    }

    func bind(_ value: Int64?, at index: Int32) throws(SQLiteFailure) {
        guard let value else { return try check(sqlite_binding_bind_null(handle, index)) }
        try check(sqlite_binding_bind_int64(handle, index, value))
    }

    func bind(_ value: Int?, at index: Int32) throws(SQLiteFailure) { try bind(value.map(Int64.init), at: index) }

    /// (SQLite keeps NaN as NULL: no metadata field holds one, `PhotoMetadata` keeps finite numbers.)
    func bind(_ value: Double?, at index: Int32) throws(SQLiteFailure) {
        guard let value else { return try check(sqlite_binding_bind_null(handle, index)) }
        try check(sqlite_binding_bind_double(handle, index, value))
    }

    func bind(_ value: String?, at index: Int32) throws(SQLiteFailure) {
        guard var value else { return try check(sqlite_binding_bind_null(handle, index)) }
        let result = value.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { sqlite_binding_bind_text(handle, index, $0.baseAddress, Int32(clamping: $0.count)) }
        }
        try check(result)
    }

    func bind(bytes: [UInt8], at index: Int32) throws(SQLiteFailure) {
        try check(bytes.withUnsafeBytes { sqlite_binding_bind_blob(handle, index, $0.baseAddress, Int32(clamping: $0.count)) })
    }

    /// A key as parameters 1 to 7 (the 64-bit device and inode numbers as SQLite's signed ones).
    /// The key as parameters `first` to `first + 6`.
    func bind(_ key: PhotoIndex.Key, from first: Int32 = 1) throws(SQLiteFailure) {
        try bind(Int64(bitPattern: key.device), at: first)
        try bind(Int64(bitPattern: key.inode), at: first + 1)
        try bind(key.size, at: first + 2)
        try bind(Int64(key.seconds), at: first + 3)
        try bind(Int64(key.nanoseconds), at: first + 4)
        try bind(Int64(key.changed), at: first + 5)
        try bind(Int64(key.changedNanoseconds), at: first + 6)
    }

    /// The metadata as parameters `first` onwards, in `PhotoIndex.metadataColumns`' order.
    func bind(_ metadata: PhotoMetadata, from first: Int32) throws(SQLiteFailure) {
        try bind(metadata.taken, at: first)
        try bind(metadata.offset, at: first + 1)
        try bind(metadata.make, at: first + 2)
        try bind(metadata.model, at: first + 3)
        try bind(metadata.lens, at: first + 4)
        try bind(metadata.aperture, at: first + 5)
        try bind(metadata.shutter, at: first + 6)
        try bind(metadata.iso, at: first + 7)
        try bind(metadata.focalLength, at: first + 8)
        try bind(metadata.focalLength35, at: first + 9)
        try bind(metadata.flash, at: first + 10)
        try bind(metadata.latitude, at: first + 11)
        try bind(metadata.longitude, at: first + 12)
        try bind(metadata.altitude, at: first + 13)
        try bind(metadata.rating, at: first + 14)
        try bind(metadata.label, at: first + 15)
        // NULL for none: an empty list and one empty keyword are not the same.
        try bind(metadata.keywords.isEmpty ? nil : metadata.keywords.joined(separator: "\u{1F}"), at: first + 16)
        try bind(metadata.description, at: first + 17)
        try bind(metadata.artist, at: first + 18)
        try bind(metadata.width, at: first + 19)
        try bind(metadata.height, at: first + 20)
    }

    /// Runs it to its next row: true when there is one, false at the end.
    func step() throws(SQLiteFailure) -> Bool {
        let result = sqlite_binding_step(handle)
        if result == SQLITE_BINDING_ROW { return true }
        if result == SQLITE_BINDING_DONE { return false }
        throw database.failure(result)
    }

    /// Runs a statement that returns no rows, and makes it ready to run again.
    func run() throws(SQLiteFailure) {
        defer { reset() }
        _ = try step()
    }

    /// Ready to run again (its read lock let go); its parameters stay bound.
    func reset() { sqlite_binding_reset(handle) }

    func isNull(_ column: Int32) -> Bool { sqlite_binding_column_type(handle, column) == SQLITE_BINDING_NULL }

    func int(_ column: Int32) -> Int? { isNull(column) ? nil : Int(sqlite_binding_column_int64(handle, column)) }

    func double(_ column: Int32) -> Double? { isNull(column) ? nil : sqlite_binding_column_double(handle, column) }

    func text(_ column: Int32) -> String? {
        guard !isNull(column) else { return nil }
        var length: Int32 = 0
        guard let bytes = sqlite_binding_column_text(handle, column, &length) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(length)), as: UTF8.self)
    }

    /// The keywords in `column`, joined by U+001F (none for NULL): split as bytes, which costs a
    /// tenth of splitting a String by Characters, at each of 100,000 rows.
    func words(_ column: Int32) -> [String] {
        guard !isNull(column) else { return [] }
        var length: Int32 = 0
        guard let bytes = sqlite_binding_column_text(handle, column, &length) else { return [""] }
        return UnsafeBufferPointer(start: bytes, count: Int(length)).split(separator: 0x1F, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// The key in columns `first` to `first + 6`.
    func key(from first: Int32) -> PhotoIndex.Key {
        let number = { (column: Int32) in sqlite_binding_column_int64(handle, column) }
        return PhotoIndex.Key(
            device: UInt64(bitPattern: number(first)), inode: UInt64(bitPattern: number(first + 1)), size: number(first + 2),
            seconds: Int(number(first + 3)), nanoseconds: Int(number(first + 4)), changed: Int(number(first + 5)),
            changedNanoseconds: Int(number(first + 6)))
    }

    /// The metadata in columns `first` onwards, in `PhotoIndex.metadataColumns`' order.
    func metadata(from first: Int32) -> PhotoMetadata {
        var metadata = PhotoMetadata()
        metadata.taken = text(first)
        metadata.offset = text(first + 1)
        metadata.make = text(first + 2)
        metadata.model = text(first + 3)
        metadata.lens = text(first + 4)
        metadata.aperture = double(first + 5)
        metadata.shutter = double(first + 6)
        metadata.iso = int(first + 7)
        metadata.focalLength = double(first + 8)
        metadata.focalLength35 = int(first + 9)
        metadata.flash = int(first + 10)
        metadata.latitude = double(first + 11)
        metadata.longitude = double(first + 12)
        metadata.altitude = double(first + 13)
        metadata.rating = int(first + 14)
        metadata.label = text(first + 15)
        metadata.keywords = words(first + 16)
        metadata.description = text(first + 17)
        metadata.artist = text(first + 18)
        metadata.width = int(first + 19)
        metadata.height = int(first + 20)
        return metadata
    }
}
