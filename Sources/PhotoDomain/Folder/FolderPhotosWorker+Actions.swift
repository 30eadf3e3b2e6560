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
    public func planCopy(of ids: [String], to folder: String, suffixing: Bool, pairs: Bool) async throws -> FilePlan {
        try await plan(.copy, of: ids, to: folder, suffixing: suffixing, pairs: pairs)
    }

    /// What `action` of the photos `ids` into `folder` would do (see `planCopy`). A move refuses
    /// too a photo that is in that folder already, and a sidecar that another photo staying
    /// behind shares (`NAME.xmp` of a RAW+JPEG pair: `--pairs` moves both).
    /// - Parameter trash: the Trash the files go to (`trash`; `folder` then names it in messages).
    func plan(_ action: FileAction, of ids: [String], to folder: String, suffixing: Bool, pairs: Bool, trash: Trash? = nil) async throws
        -> FilePlan
    {
        let verb = action.verb, nothing = "nothing \(action.past)"
        guard !folder.isEmpty else { throw PhotosWorkerError("\(verb) takes a folder (type e.g. '\(verb) ~/share')") }
        if readOnly {
            throw PhotosWorkerError(
                "photorepl is read-only (--read-only, or read-only in the preferences): nothing is written; start it without that to \(verb) photos"
            )
        }
        if action != .copy, let refusal = movesRefused {
            throw PhotosWorkerError(refusal)
        }
        // `~/share` as a shell reads it: the home folder's; `share/` is `share`. The Trash's folder
        // is where it is (see `planTrash`).
        var named = folder
        while named.count > 1 && named.hasSuffix("/") { named.removeLast() }
        if folder == "~" || folder.hasPrefix("~/"), let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
            named = home + named.dropFirst()
        }
        let place = trash?.files ?? writePlace?(named) ?? named
        var info = stat()
        var makesFolder = false
        let parent = place.lastIndex(of: "/").map { $0 == place.startIndex ? "/" : String(place[..<$0]) } ?? "."
        if let trash, stat(place, &info) != 0 {
            // A Trash not made yet: made by `trash`, on the disk of the folder nearest it.
            var above = trash.base
            while stat(above, &info) != 0, let slash = above.lastIndex(of: "/"), slash != above.startIndex {
                above = String(above[..<slash])
            }
            makesFolder = true
        } else if stat(place, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw PhotosWorkerError("\(folder) is not a folder: \(verb) puts photos into one")
            }
        } else {
            guard stat(parent, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                throw PhotosWorkerError("\(folder) is not there, nor the folder it would be in: \(verb) makes the last folder only")
            }
            makesFolder = true
        }
        // The folder's disk (its parent's, when it is made): a move to another is a copy.
        let folderIdentity = makesFolder ? nil : (device: info.st_dev, inode: info.st_ino)
        let folderDevice = info.st_dev
        var files: [FilePlan.File] = []
        var clashes: [String] = [], twice: [String] = [], there: [String] = [], shared: [String] = []
        // The names this plan gives, and the file each is of; the files it takes: a RAW+JPEG
        // pair's shared NAME.xmp, or a pair's half also listed, travels once, not twice.
        var taken: [String: String] = [:]
        var copying: Set<String> = []
        let selected = await self.files(of: ids)
        let selectedPaths = Set(selected.compactMap { String(validating: $0.path, as: UTF8.self) })
        var stems = PhotoStems()
        for photo in selected {
            guard let source = String(validating: photo.path, as: UTF8.self) else {
                throw PhotosWorkerError(
                    "\(photo.photoID): its name is not UTF-8, and photorepl \(action == .copy ? "copies" : "moves") no file of such a name yet (\(nothing))"
                )
            }
            guard !copying.contains(source) else { continue }
            let name = Self.name(of: source)
            // A photo moved into its own folder would only be renamed, or refused as a clash.
            if action != .copy, let folderIdentity, stat(Self.folder(of: source), &info) == 0,
                (info.st_dev, info.st_ino) == folderIdentity
            {
                there.append(photo.photoID)
                continue
            }
            // The photo, its pair's other halves (--pairs), and the sidecars of each.
            var group: [(path: String, name: String, shown: String, isSidecar: Bool)] = []
            let halves = Self.pairHalves(of: photo.path, &stems)
            for (path, fileName) in [(source, name)] + (pairs ? halves : []).map({ ($0, Self.name(of: $0)) }) where !copying.contains(path)
            {
                let shown = path == source ? photo.photoID : Self.beside(photo.photoID, fileName)
                group.append((path, fileName, shown, false))
                for sidecar in sidecarNames(of: path)
                where !copying.contains(sidecar.path) && !group.contains(where: { $0.path == sidecar.path }) {
                    group.append((sidecar.path, sidecar.name, Self.beside(photo.photoID, sidecar.name), true))
                }
            }
            // A move takes NAME.xmp from the other half of the pair too, unless that half goes with it.
            if action != .copy, !pairs, halves.contains(where: { !selectedPaths.contains($0) }),
                let stem = XMPSidecar.extensionDot(photo.path).map({ String(decoding: photo.path[..<$0], as: UTF8.self) }),
                let sidecar = group.first(where: {
                    $0.isSidecar && ($0.name == Self.name(of: stem) + ".xmp" || $0.name == Self.name(of: stem) + ".XMP")
                })
            {
                shared.append(sidecar.shown)
                continue
            }
            // The first names free for the whole group: its own, or -1, -2, … after the photo's stem with --suffix.
            var suffix = 0
            while true {
                let names = group.map { Self.suffixed($0.name, photo: name, suffix) }
                // In the Trash a name is taken by a file in `files` or a note in `info`.
                let clashing = names.filter { name in
                    taken[name] != nil || lstat(place + "/" + name, &info) == 0
                        || (trash.map { lstat($0.info + "/" + name + ".trashinfo", &info) == 0 } ?? false)
                }
                if clashing.isEmpty {
                    for (file, copied) in zip(group, names) {
                        taken[copied] = file.path
                        copying.insert(file.path)
                        var planned = FilePlan.File(
                            photoID: photo.photoID, source: file.path, shownSource: file.shown, target: place + "/" + copied,
                            shownTarget: Self.joined(folder, copied), byteCount: Self.size(of: file.path), isSidecar: file.isSidecar)
                        planned.crossesDisks = action != .copy && lstat(file.path, &info) == 0 && info.st_dev != folderDevice
                        files.append(planned)
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
        if !there.isEmpty {
            throw PhotosWorkerError("\(listed(there)) \(there.count == 1 ? "is" : "are") in \(folder) already: \(nothing)")
        }
        if !shared.isEmpty {
            throw PhotosWorkerError(
                "\(listed(shared)) \(shared.count == 1 ? "is the sidecar" : "are the sidecars") of a RAW+JPEG pair's other half too, which would stay: \(nothing); add --pairs to move both halves"
            )
        }
        if !clashes.isEmpty {
            throw PhotosWorkerError(
                "\(listed(clashes)) \(clashes.count == 1 ? "is" : "are") there already: \(nothing); add --suffix to \(verb) as NAME-1.EXT, or choose another folder"
            )
        }
        if !twice.isEmpty {
            throw PhotosWorkerError(
                "two photos of the same name (\(listed(twice))) would be \(action.past) into one folder: \(nothing); add --suffix to \(verb) the second as NAME-1.EXT"
            )
        }
        // The Trash a file goes to is on its disk: one on another (a folder mounted inside) has its own.
        if trash != nil, let far = files.first(where: \.crossesDisks) {
            throw PhotosWorkerError(
                "\(far.shownSource) is on another disk than \(folder): nothing trashed; trash it from a list of its own folder")
        }
        var plan = FilePlan(action, folder: folder, folderPath: place, makesFolder: makesFolder, files: files)
        plan.trash = trash
        // The space free where the files go: what cannot fit is refused before it starts.
        var disk = statvfs()
        if statvfs(makesFolder ? parent : place, &disk) == 0 { plan.freeBytes = Int(disk.f_bavail) * Int(disk.f_frsize) }
        return plan
    }

    public func copy(_ plan: FilePlan, command: String) async -> FileOutcome {
        var made: [(path: String, shown: String, version: XMPSidecar.Version)] = []
        let (copied, stopped) = Self.forEachFile(of: plan) { file in made.append((file.target, file.shownTarget, try Self.copyWhole(file)))
        }
        if made.isEmpty { return FileOutcome(files: [], stopped: stopped) }
        undoHistory.append(
            .copies(CopiesChange(command: command, folder: plan.folder, made: made, madeFolder: plan.makesFolder ? plan.folderPath : nil)))
        return FileOutcome(files: copied, stopped: stopped)
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

    /// Does `each` to the plan's files in order, in the folder made for them first, and stops at
    /// Ctrl-C or at the first that fails: the files done, and why it stopped (nil: it did not).
    /// Nothing done: the folder made for them goes again, and there is nothing to undo.
    static func forEachFile(of plan: FilePlan, _ each: (FilePlan.File) throws -> Void) -> (done: [FilePlan.File], stopped: String?) {
        // Made as mkdir(1) makes it (the umask says who may read it), and only if it is still not
        // there: a link planted at its name since the plan is never written or moved through.
        if plan.makesFolder, mkdir(plan.folderPath, 0o777) != 0 {
            let reason = errno == EEXIST ? "it appeared meanwhile" : String(cString: strerror(errno))
            return ([], "cannot make \(plan.folder): \(reason)")
        }
        var done: [FilePlan.File] = []
        var stopped: String?
        for file in plan.files {
            if Task.isCancelled {
                stopped = "interrupted"
                break
            }
            do {
                try each(file)
                done.append(file)
            } catch {
                stopped = Task.isCancelled ? "interrupted" : "\(error)"
                break
            }
        }
        if done.isEmpty, plan.makesFolder { rmdir(plan.folderPath) }
        return (done, stopped)
    }

    /// The photo's file copied to `file.target`, whole or not at all, never over a file: its
    /// version as written (for undo).
    static func copyWhole(_ file: FilePlan.File, flushing: Bool = false) throws -> XMPSidecar.Version {
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
        // empty under its name, never its photo. A move's are: its photo is removed next.
        do throws(FileBytes.Failure) { try FileBytes.finish(copy, replacing: false, flushing: flushing) } catch { throw writing(error) }
        guard lstat(file.target, &info) == 0 else { throw PhotosWorkerError("\(file.shownTarget) is gone") }
        return XMPSidecar.Version(info)
    }

    /// The sidecars beside the photo at `path` that travel with it: `NAME.EXT.xmp`, `NAME.xmp`,
    /// `NAME.XMP` (regular files only), each with its name after the photo's; in a transcript's
    /// check, a sidecar it wrote is read from its own folder, where it keeps them.
    func sidecarNames(of path: String) -> [(path: String, name: String)] {
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

    /// `name` (the photo's, or a sidecar's named after it) with `-N` after the photo's stem (the
    /// stem of its last part: a rename's `2024.06/IMG` is `2024.06/IMG-1`).
    static func suffixed(_ name: String, photo: String, _ suffix: Int) -> String {
        guard suffix > 0 else { return name }
        let last = photo.lastIndex(of: "/").map { photo.index(after: $0) } ?? photo.startIndex
        let stem = photo[last...].lastIndex(of: ".").map { photo[..<$0] } ?? photo[...]
        guard name.hasPrefix(stem) else { return name }
        return stem + "-\(suffix)" + name.dropFirst(stem.count)
    }

    static func size(of path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// The other halves of the photo at `path`'s RAW+JPEG pair: the photos beside it of its name
    /// with another extension (`IMG_1.CR2` for `IMG_1.JPG`), not UTF-8 names; `stems` holds the
    /// folders read so far.
    static func pairHalves(of path: [UInt8], _ stems: inout PhotoStems) -> [String] {
        stems.siblings(of: path).compactMap { String(validating: $0, as: UTF8.self) }
    }

    /// The folder the file at `path` is in.
    static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    }

    static func name(of path: String) -> String {
        String(path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...])
    }

    /// `sub/a.jpg.xmp`: the file `name` in the folder of the photo `id` (`sub/a.jpg`).
    static func beside(_ id: String, _ name: String) -> String {
        id.lastIndex(of: "/").map { id[...$0] + name } ?? name
    }

    static func joined(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
