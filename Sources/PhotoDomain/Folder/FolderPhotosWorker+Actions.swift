import Networking
import SafeFiles
import SystemCalls

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

extension FolderPhotosWorker: PhotoCopyingWorker {
    public func planCopy(of ids: [String], to folder: String, suffixing: Bool, pairs: Bool) async throws -> CopyPlan {
        guard !folder.isEmpty else { throw PhotosWorkerError("copy takes a folder (type e.g. 'copy ~/share')") }
        if readOnly {
            throw PhotosWorkerError(
                "photorepl is read-only (--read-only, or read-only in the preferences): nothing is written; start it without that to copy photos"
            )
        }
        // `~/share` as a shell reads it: the home folder's; `share/` is `share`.
        var named = folder
        while named.count > 1 && named.hasSuffix("/") { named.removeLast() }
        if folder == "~" || folder.hasPrefix("~/"), let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
            named = home + named.dropFirst()
        }
        let place = writePlace?(named) ?? named
        var info = stat()
        var makesFolder = false
        if stat(place, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw PhotosWorkerError("\(folder) is not a folder: copy writes into one") }
        } else {
            let parent = place.lastIndex(of: "/").map { $0 == place.startIndex ? "/" : String(place[..<$0]) } ?? "."
            guard stat(parent, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                throw PhotosWorkerError("\(folder) is not there, nor the folder it would be in: copy makes the last folder only")
            }
            makesFolder = true
        }
        var files: [CopyPlan.File] = []
        var clashes: [String] = [], twice: [String] = []
        // The names this copy gives, and the file each is of; the files it copies: a RAW+JPEG
        // pair's shared NAME.xmp, or a pair's half also listed, travels once, not twice.
        var taken: [String: String] = [:]
        var copying: Set<String> = []
        for photo in await self.files(of: ids) {
            guard let source = String(validating: photo.path, as: UTF8.self) else {
                throw PhotosWorkerError(
                    "\(photo.photoID): its name is not UTF-8, and photorepl copies no file of such a name yet (nothing copied)")
            }
            guard !copying.contains(source) else { continue }
            let name = Self.name(of: source)
            // The photo, its pair's other halves (--pairs), and the sidecars of each.
            var group: [(path: String, name: String, shown: String, isSidecar: Bool)] = []
            let halves = pairs ? pairHalves(of: photo.path) : []
            for (path, fileName) in [(source, name)] + halves.map({ ($0, Self.name(of: $0)) }) where !copying.contains(path) {
                let shown = path == source ? photo.photoID : Self.beside(photo.photoID, fileName)
                group.append((path, fileName, shown, false))
                for sidecar in sidecarNames(of: path)
                where !copying.contains(sidecar.path) && !group.contains(where: { $0.path == sidecar.path }) {
                    group.append((sidecar.path, sidecar.name, Self.beside(photo.photoID, sidecar.name), true))
                }
            }
            // The first names free for the whole group: its own, or -1, -2, … after the photo's stem with --suffix.
            var suffix = 0
            while true {
                let names = group.map { Self.suffixed($0.name, photo: name, suffix) }
                let clashing = names.filter { taken[$0] != nil || lstat(place + "/" + $0, &info) == 0 }
                if clashing.isEmpty {
                    for (file, copied) in zip(group, names) {
                        taken[copied] = file.path
                        copying.insert(file.path)
                        files.append(
                            CopyPlan.File(
                                photoID: photo.photoID, source: file.path, shownSource: file.shown, target: place + "/" + copied,
                                shownTarget: Self.joined(folder, copied), byteCount: Self.size(of: file.path), isSidecar: file.isSidecar))
                    }
                    break
                }
                guard suffixing else {
                    for name in clashing {
                        if taken[name] != nil { twice.append(name) } else { clashes.append(Self.joined(folder, name)) }
                    }
                    break
                }
                suffix += 1
            }
        }
        func listed(_ names: [String]) -> String {
            names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
        }
        if !clashes.isEmpty {
            throw PhotosWorkerError(
                "\(listed(clashes)) \(clashes.count == 1 ? "is" : "are") there already: nothing copied; add --suffix to copy as NAME-1.EXT, or choose another folder"
            )
        }
        if !twice.isEmpty {
            throw PhotosWorkerError(
                "two photos of the same name (\(listed(twice))) would be copied into one folder: nothing copied; add --suffix to copy the second as NAME-1.EXT"
            )
        }
        var plan = CopyPlan(folder: folder, folderPath: place, makesFolder: makesFolder, files: files)
        // The space free where the copies go: a copy that cannot fit is refused before it starts.
        var disk = statvfs()
        let onDisk = makesFolder ? (place.lastIndex(of: "/").map { $0 == place.startIndex ? "/" : String(place[..<$0]) } ?? ".") : place
        if statvfs(onDisk, &disk) == 0 { plan.freeBytes = Int(disk.f_bavail) * Int(disk.f_frsize) }
        return plan
    }

    public func copy(_ plan: CopyPlan, command: String) async -> Copied {
        var made: [(path: String, shown: String, version: XMPSidecar.Version)] = []
        var copied: [CopyPlan.File] = []
        var stopped: String?
        // Made as mkdir(1) makes it (the umask says who may read it), and only if it is still not
        // there: a link planted at its name since the plan is never written through.
        if plan.makesFolder, mkdir(plan.folderPath, 0o777) != 0 {
            let reason = errno == EEXIST ? "it appeared meanwhile" : String(cString: strerror(errno))
            return Copied(files: [], stopped: "cannot make \(plan.folder): \(reason)")
        }
        for file in plan.files {
            if Task.isCancelled {
                stopped = "interrupted"
                break
            }
            do {
                made.append((file.target, file.shownTarget, try Self.copyWhole(file)))
                copied.append(file)
            } catch {
                stopped = Task.isCancelled ? "interrupted" : "\(error)"
                break
            }
        }
        // Nothing copied: the folder made for it goes too, and there is nothing to undo.
        if made.isEmpty {
            if plan.makesFolder { rmdir(plan.folderPath) }
            return Copied(files: [], stopped: stopped)
        }
        undoHistory.append(
            .copies(CopiesChange(command: command, folder: plan.folder, made: made, madeFolder: plan.makesFolder ? plan.folderPath : nil)))
        return Copied(files: copied, stopped: stopped)
    }

    /// Removes the copies `change` made, when none changed since; the folder it made, when empty.
    func undo(_ change: CopiesChange) throws -> Undone {
        var info = stat()
        var present: [(path: String, shown: String, version: XMPSidecar.Version)] = []
        for copy in change.made {
            guard lstat(copy.path, &info) == 0 else { continue }
            guard (info.st_mode & S_IFMT) == S_IFREG, XMPSidecar.Version(info) == copy.version else {
                throw PhotosWorkerError(
                    "\(copy.shown) changed since photorepl copied it: undoing \(change.command) would lose that change, so every copy stays"
                )
            }
            present.append(copy)
        }
        for (index, copy) in present.enumerated() where unlink(copy.path) != 0 {
            let reason = String(cString: strerror(errno))
            // The copies not removed yet stay to undo: the next `undo` tries them again.
            var rest = change
            rest.made = Array(present[index...])
            undoHistory.append(.copies(rest))
            throw PhotosWorkerError("cannot remove \(copy.shown): \(reason) (\(index) copies before it are gone, the others stay)")
        }
        if let folder = change.madeFolder { rmdir(folder) }
        return Undone(
            command: change.command, removedCopies: present.count, from: change.folder, goneAlready: change.made.count - present.count)
    }

    /// The photo's file copied to `file.target`, whole or not at all, never over a file: its
    /// version as written (for undo).
    private static func copyWhole(_ file: CopyPlan.File) throws -> XMPSidecar.Version {
        let fd: Int32
        do throws(FileBytes.Failure) { fd = try FileBytes.openRegular(path: Array(file.source.utf8)) } catch {
            throw PhotosWorkerError("cannot read \(file.shownSource): \(error.message)")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw PhotosWorkerError("cannot read \(file.shownSource)") }
        func writing(_ failure: FileBytes.Failure) -> PhotosWorkerError {
            PhotosWorkerError(
                failure.exists
                    ? "\(file.shownTarget) appeared meanwhile: it stays as it is" : "cannot write \(file.shownTarget): \(failure.message)")
        }
        let copy: ReplacingFile
        do throws(FileBytes.Failure) {
            copy = try FileBytes.startReplacing(file.target, mode: info.st_mode & 0o777, replacing: false)
        } catch {
            throw writing(error)
        }
        do throws(FileBytes.Failure) { try FileBytes.copy(from: fd, to: copy) } catch {
            copy.discard()
            throw PhotosWorkerError("cannot read \(file.shownSource): \(error.message)")
        }
        // Ctrl-C stops FileBytes.copy between two calls: what it wrote is no copy.
        if Task.isCancelled {
            copy.discard()
            throw PhotosWorkerError("interrupted")
        }
        // A photo still being written (a card still copying in, a sidecar rewritten in place)
        // would be copied cut: its size and times are checked again.
        var after = stat()
        guard fstat(fd, &after) == 0, XMPSidecar.Version(after) == XMPSidecar.Version(info) else {
            copy.discard()
            throw PhotosWorkerError("\(file.shownSource) changed while it was copied: copy it again once it is written")
        }
        // The copy keeps its photo's times, as `cp -p` does: a listing by file date sorts it the same.
        var times = [info.accessTime, info.modificationTime]
        futimens(copy.fd, &times)
        // Copies are not flushed (cp's are not): a power cut soon after may leave a copy cut or
        // empty under its name, never its photo.
        do throws(FileBytes.Failure) { try FileBytes.finish(copy, replacing: false, flushing: false) } catch { throw writing(error) }
        guard lstat(file.target, &info) == 0 else { throw PhotosWorkerError("\(file.shownTarget) is gone") }
        return XMPSidecar.Version(info)
    }

    /// The sidecars beside the photo at `path` that travel with it: `NAME.EXT.xmp`, `NAME.xmp`,
    /// `NAME.XMP` (regular files only), each with its name after the photo's; in a transcript's
    /// check, a sidecar it wrote is read from its own folder, where it keeps them.
    private func sidecarNames(of path: String) -> [(path: String, name: String)] {
        let bytes = Array(path.utf8)
        var candidates = [path + ".xmp"]
        if let dot = XMPSidecar.extensionDot(bytes) {
            let stem = String(decoding: bytes[..<dot], as: UTF8.self)
            candidates += [stem + ".xmp", stem + ".XMP"]
        }
        var info = stat()
        // One file under two names (NAME.xmp and NAME.XMP where case is not told apart) travels once.
        var seen: [(dev_t, ino_t)] = []
        return candidates.compactMap { name in
            let placed = sidecarPlace.map { place in String(decoding: place(PhotoFolder.absolutePath(Array(name.utf8))), as: UTF8.self) }
            let candidate = placed.flatMap { lstat($0, &info) == 0 ? $0 : nil } ?? name
            guard lstat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            guard !seen.contains(where: { $0 == (info.st_dev, info.st_ino) }) else { return nil }
            seen.append((info.st_dev, info.st_ino))
            return (candidate, String(name[name.index(after: name.lastIndex(of: "/") ?? name.startIndex)...]))
        }
    }

    /// `name` (the photo's, or a sidecar's named after it) with `-N` after the photo's stem.
    private static func suffixed(_ name: String, photo: String, _ suffix: Int) -> String {
        guard suffix > 0 else { return name }
        let stem = photo.lastIndex(of: ".").map { photo[..<$0] } ?? photo[...]
        guard name.hasPrefix(stem) else { return name }
        return stem + "-\(suffix)" + name.dropFirst(stem.count)
    }

    private static func size(of path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// The other halves of the photo at `path`'s RAW+JPEG pair: the photos beside it of its name
    /// with another extension (`IMG_1.CR2` for `IMG_1.JPG`), not UTF-8 names.
    private func pairHalves(of path: [UInt8]) -> [String] {
        guard let dot = XMPSidecar.extensionDot(path) else { return [] }
        // Each sibling is the photo's path up to its dot, then another extension.
        return siblings(of: path).compactMap { sibling in
            // `IMG_1.2.jpg` shares the stem `IMG_1.` but is another photo.
            guard sibling.count > dot + 1, !sibling[(dot + 1)...].contains(UInt8(ascii: ".")) else { return nil }
            return String(validating: sibling, as: UTF8.self)
        }
    }

    private static func name(of path: String) -> String {
        String(path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...])
    }

    /// `sub/a.jpg.xmp`: the file `name` in the folder of the photo `id` (`sub/a.jpg`).
    private static func beside(_ id: String, _ name: String) -> String {
        id.lastIndex(of: "/").map { id[...$0] + name } ?? name
    }

    private static func joined(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
