import Imaging
import SystemCalls
import Synchronization

/// A folder's photos known by their metadata: from the photo index when it knows the file as it is
/// now, else read by exiv2 (`MetadataReader`) on every core, and kept in the index for next time.
extension FolderPhotosWorker {
    /// What is known of each entry (in the same order), read where the index does not know it. Ctrl-C
    /// stops the reading: what was read is kept, and the sort or filter that asked is cancelled.
    /// - Parameter wholeWalk: whether `entries` are all the folder's files (a listing's walk): only
    ///   then do the index's rows of the folder's other files belong to files gone, and are pruned
    ///   (a photo shown in the detail is one file of many).
    func facts(of entries: [PhotoFolder.Entry], wholeWalk: Bool) async throws -> [PhotoFacts] {
        let root = Array(folder.root.utf8) + [UInt8(ascii: "/")]
        let threads = max(1, min(8, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        // The file's identity and version now, as the index keeps it (nil: it is gone since the walk).
        let keys = [PhotoIndex.Key?].madeConcurrently(count: entries.count, threads: threads) { index in
            var info = stat()
            guard PhotoFolder.withPath(root + entries[index].relativePath, { stat($0, &info) }) == 0 else { return nil }
            return PhotoIndex.Key(info)
        }
        var facts: [PhotoFacts], unknown: [Int]
        do {
            // Let go of as soon as the facts hold it: 100,000 photos' metadata is tens of MB.
            let known = index?.lookup(inOrder: keys) ?? [PhotoIndex.Indexed?](repeating: nil, count: keys.count)
            unknown = entries.indices.filter { keys[$0] != nil && known[$0]?.complete != true }
            facts = entries.enumerated().map { index, entry in
                PhotoFacts(
                    relativePath: entry.relativePath, format: entry.format, fileSize: entry.file.size,
                    sharing: known[index]?.box ?? MetadataBox.empty)
            }
        }
        let read = try await readFacts(unknown.map { entries[$0] }, root: root, threads: threads)
        var stored: [(key: PhotoIndex.Key, path: [UInt8], metadata: PhotoMetadata)] = []
        for (slot, index) in unknown.enumerated() {
            guard let (metadata, keep) = read[slot] else { continue }
            facts[index].metadata = metadata
            if keep, let key = keys[index] {
                stored.append((key, absoluteRoot + [UInt8(ascii: "/")] + entries[index].relativePath, metadata))
            }
        }
        if let index {
            index.store(stored)
            // Only a walk of the whole folder tells which of its files are gone.
            if wholeWalk, folder.descends { index.prune(under: absoluteRoot, seen: keys.compactMap { $0 }) }
        }
        return facts
    }

    /// The metadata of each entry, read by exiv2 on `threads` threads, its progress reported, and
    /// whether to keep it in the index (not when the reader is missing: what photorepl's own EXIF
    /// reader found stands in, said once, and the file is read again once the reader is there); nil
    /// for the files Ctrl-C left unread.
    private func readFacts(_ entries: [PhotoFolder.Entry], root: [UInt8], threads: Int) async throws -> [(
        metadata: PhotoMetadata, keep: Bool
    )?] {
        guard !entries.isEmpty else { return [] }
        let progress = walkProgress
        let work = progress?.begin("Reading the photos' metadata", unit: "photos", total: entries.count)
        defer { if let work { progress?.end(work) } }
        let stop = Atomic(false), done = Atomic(0)
        let missing = Mutex<String?>(nil)
        let reader = metadataReader
        // Each file's tags made into its metadata on the thread that read them: 100,000 files' tags
        // held at once, as read, cost hundreds of MB.
        let metadata = await withTaskCancellationHandler {
            [(metadata: PhotoMetadata, keep: Bool)?].madeConcurrently(count: entries.count, threads: threads) { index in
                guard !stop.load(ordering: .relaxed) else { return nil }
                let path = root + entries[index].relativePath
                let header = Self.header(of: path, limits: .unlimited)
                var read: PhotoMetadata, keep = true
                switch reader.tags(of: path, stopped: { stop.load(ordering: .relaxed) }) {
                case .success(let tags):
                    read = PhotoMetadata(tags: tags)
                case .failure(let failure):
                    if failure.readerMissing {
                        missing.withLock { $0 = failure.message }
                        keep = false
                    }
                    // exiv2 does not know every file photorepl shows: what photorepl's own reader sees.
                    read = PhotoMetadata(exif: header?.exif ?? EXIFInfo())
                }
                if let size = header?.uprightSize, size.width > 0, size.height > 0 { (read.width, read.height) = (size.width, size.height) }
                let count = done.add(1, ordering: .relaxed).newValue
                if let work, count % 32 == 0 { progress?.advance(work, to: count) }
                return (read, keep)
            }
        } onCancel: {
            stop.store(true, ordering: .relaxed)
        }
        try Task.checkCancellation()
        if let missing = missing.withLock({ $0 }) {
            _ = metadataNotes.withLock { $0.insert("Metadata beyond dates and cameras is not read: \(missing).") }
        }
        return metadata
    }
}

extension PhotoMetadata {
    /// What photorepl's own EXIF reader finds: the date, the camera, the caption and the artist.
    init(exif: EXIFInfo) {
        self.init()
        taken = exif.dateTaken
        make = exif.make
        model = exif.model
        description = exif.imageDescription
        artist = exif.artist
    }
}

extension PhotoFilter {
    /// Whether the filter asks what only the metadata says (not the name, format or size the walk
    /// found).
    var needsMetadata: Bool { key != .name && key != .format && key != .marked }
}
