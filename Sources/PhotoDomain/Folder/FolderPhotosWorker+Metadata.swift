import Imaging
import SystemCalls
import Synchronization

/// A folder's photos known by their metadata: from the photo index when it knows the file as it is
/// now, else read by exiv2 (`MetadataReader`) on every core, and kept in the index for next time.
extension FolderPhotosWorker {
    /// What is known of each entry (in the same order), read where the index does not know it. Ctrl-C
    /// stops the reading: what was read is kept, and the sort or filter that asked is cancelled.
    func facts(of entries: [PhotoFolder.Entry]) async throws -> [PhotoFacts] {
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
            let known = index?.lookup(keys.compactMap { $0 }) ?? [:]
            unknown = entries.indices.filter { keys[$0].map { known[$0]?.complete != true } ?? false }
            facts = entries.enumerated().map { index, entry in
                PhotoFacts(
                    relativePath: entry.relativePath, format: entry.format, fileSize: entry.file.size,
                    metadata: keys[index].flatMap { known[$0]?.metadata } ?? PhotoMetadata())
            }
        }
        let read = try await readFacts(unknown.map { entries[$0] }, root: root, threads: threads)
        var stored: [(key: PhotoIndex.Key, path: [UInt8], metadata: PhotoMetadata)] = []
        for (slot, index) in unknown.enumerated() {
            guard let metadata = read[slot] else { continue }
            facts[index].metadata = metadata
            if let key = keys[index] { stored.append((key, absoluteRoot + [UInt8(ascii: "/")] + entries[index].relativePath, metadata)) }
        }
        if let index {
            index.store(stored)
            // Only a walk of the whole folder tells which of its files are gone.
            if folder.descends { index.prune(under: absoluteRoot, seen: Set(keys.compactMap { $0 })) }
        }
        return facts
    }

    /// The metadata of each entry, read by exiv2 on `threads` threads, its progress reported (nil for
    /// a file that could not be read: it is read again next time). Without the reader (not
    /// installed), the dates and cameras photorepl's own EXIF reader finds, said once.
    private func readFacts(_ entries: [PhotoFolder.Entry], root: [UInt8], threads: Int) async throws -> [PhotoMetadata?] {
        guard !entries.isEmpty else { return [] }
        let progress = walkProgress
        let work = progress?.begin("Reading the photos' metadata", unit: "photos", total: entries.count)
        defer { if let work { progress?.end(work) } }
        let stop = Atomic(false)
        let reader = metadataReader
        let results = await withTaskCancellationHandler {
            reader.tags(of: entries.map { root + $0.relativePath }, threads: threads, stop: stop) { count in
                if let work, count % 32 == 0 { progress?.advance(work, to: count) }
            }
        } onCancel: {
            stop.store(true, ordering: .relaxed)
        }
        try Task.checkCancellation()
        var missing: String?
        var metadata: [PhotoMetadata?] = []
        metadata.reserveCapacity(entries.count)
        for (entry, result) in zip(entries, results) {
            let path = root + entry.relativePath
            let header = Self.header(of: path, limits: .unlimited)
            var read: PhotoMetadata
            switch result {
            case .success(let tags):
                read = PhotoMetadata(tags: tags)
            case .failure(let failure) where failure.readerMissing:
                missing = failure.message
                read = PhotoMetadata(exif: header?.exif ?? EXIFInfo())
            case .failure:
                // exiv2 does not know every file photorepl shows: what photorepl's own reader sees.
                read = PhotoMetadata(exif: header?.exif ?? EXIFInfo())
            }
            if let size = header?.uprightSize, size.width > 0, size.height > 0 { (read.width, read.height) = (size.width, size.height) }
            metadata.append(read)
        }
        if let missing { _ = metadataNotes.withLock { $0.insert("Metadata beyond dates and cameras is not read: \(missing).") } }
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
    var needsMetadata: Bool { key != .name && key != .format }
}
