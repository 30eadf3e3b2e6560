extension FolderPhotosWorker: PhotoActingWorker {
    public func files(of ids: [String]) async -> [PhotoFile] {
        let entries = paths.withLock { known in ids.map { known[Array($0.utf8)] } }
        return zip(ids, entries).compactMap { id, entry in entry.map { file(id, $0) } }
    }

    public func markedFiles() async -> [PhotoFile] {
        let marked = self.marked
        let entries = paths.withLock { known in marked.compactMap { id in known[id].map { (id, $0) } } }
        return entries.map { file(String(decoding: $0.0, as: UTF8.self), $0.1) }.sorted { $0.path.lexicographicallyPrecedes($1.path) }
    }

    public func writeList(_ bytes: [UInt8], to path: String, replacing: Bool) async throws -> SavedPhoto {
        try PhotoFiles.write(bytes, to: writePlace?(path) ?? path, shownAs: path, replacing: replacing)
    }

    /// The photo's file: the folder's path then its path in it, as photorepl opens it and as
    /// messages show it.
    private func file(_ id: String, _ entry: PhotoFolder.Entry) -> PhotoFile {
        let inFolder = [UInt8(ascii: "/")] + entry.relativePath
        return PhotoFile(photoID: id, path: Array(folder.root.utf8) + inFolder, shownPath: Array(shownName.utf8) + inFolder)
    }
}
