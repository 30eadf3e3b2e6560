import Networking
import SafeFiles
import SystemCalls

/// Renaming a folder's photos by a pattern, and back.
public protocol PhotoRenamingWorker: Sendable {
    /// What `rename PATTERN` of the photos `ids` (in the list's order: `{n}` counts in it) would
    /// do, each photo's sidecars renamed with it; throws, naming them, when a photo lacks a field
    /// the pattern uses, when a new name is taken (by a file, or by another photo's new name), or
    /// when a name cannot be (empty, `.` or `..`, over 255 bytes). With `suffixing`, a photo whose
    /// new name is taken gets the first free `-1`, `-2`, … after its new stem instead.
    func planRename(of ids: [String], pattern: String, suffixing: Bool) async throws -> FilePlan
    /// Renames the files `plan` holds, never over a file, making the folders the pattern names;
    /// kept for `undo`, as `command`.
    func rename(_ plan: FilePlan, command: String) async -> FileOutcome
}

extension FolderPhotosWorker: PhotoRenamingWorker {
    /// The most `-N` a rename tries for one photo's names.
    static let mostSuffixes = 10_000

    public func planRename(of ids: [String], pattern text: String, suffixing: Bool = false) async throws -> FilePlan {
        if readOnly {
            throw PhotosWorkerError(
                "photorepl is read-only (--read-only, or read-only in the preferences): nothing is written; start it without that to rename photos"
            )
        }
        if let refusal = movesRefused { throw PhotosWorkerError(refusal) }
        let pattern: RenamePattern
        do throws(PhotosWorkerError) { pattern = try RenamePattern(text) } catch { throw error }
        let selected = await files(of: ids)
        let entries = paths.withLock { known in selected.compactMap { known[Array($0.photoID.utf8)] } }
        // Read only for a field of the metadata: `{name}-{n}` of 10,000 photos reads none.
        let metadata =
            pattern.needsMetadata
            ? try await self.facts(of: entries, wholeWalk: false).map(\.metadata) : Array(repeating: PhotoMetadata(), count: entries.count)
        var files: [FilePlan.File] = []
        var lacking: [String: [String]] = [:]
        var problems: [String] = [], clashes: [String] = [], twice: [String] = [], shared: [String] = []
        var taken: [String: String] = [:]
        var info = stat()
        var stems = PhotoStems()
        for (number, (photo, known)) in zip(selected, metadata).enumerated() {
            guard let source = String(validating: photo.path, as: UTF8.self) else {
                problems.append("\(photo.photoID) (its name is not UTF-8)")
                continue
            }
            let fileName = Self.name(of: source)
            let newName: String
            switch pattern.name(fileName: fileName, metadata: known, number: number + 1) {
            case .success(let name): newName = name
            case .failure(.field(let field)):
                lacking[field, default: []].append(photo.photoID)
                continue
            }
            let components = newName.split(separator: "/", omittingEmptySubsequences: false)
            if newName.hasPrefix("/") || components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." || $0.utf8.count > 255 }) {
                problems.append("\(photo.photoID) → '\(newName)'")
                continue
            }
            let folder = Self.folder(of: source)
            guard folder + "/" + newName != source else { continue }
            // The photo's sidecars renamed with it: `NAME.EXT.xmp` after its new name, `NAME.xmp` after its new stem.
            let stem = fileName.lastIndex(of: ".").map { String(fileName[..<$0]) } ?? fileName
            // The stem of the new name's last part: in `v1.0/IMG_jpg` the folder's dot is no extension.
            let newLast = newName.lastIndex(of: "/").map { newName.index(after: $0) } ?? newName.startIndex
            let newStem = newName[newLast...].lastIndex(of: ".").map { String(newName[..<$0]) } ?? newName
            var names = [(from: source, shownFrom: photo.photoID, name: newName, isSidecar: false)]
            for sidecar in sidecarNames(of: source) {
                let renamed: String
                if sidecar.name.hasPrefix(fileName) {
                    renamed = newName + sidecar.name.dropFirst(fileName.count)
                } else {
                    renamed = newStem + sidecar.name.dropFirst(stem.count)
                }
                names.append((sidecar.path, Self.beside(photo.photoID, sidecar.name), renamed, true))
                // A NAME.xmp the pair's other half shares would leave it.
                if !sidecar.name.hasPrefix(fileName), !Self.pairHalves(of: photo.path, &stems).isEmpty {
                    shared.append(Self.beside(photo.photoID, sidecar.name))
                }
            }
            // The first names free for the whole group with --suffix: its own, or -1, -2, … after the new stem.
            var suffix = 0
            func targets(_ suffix: Int) -> [String] { names.map { folder + "/" + Self.suffixed($0.name, photo: newName, suffix) } }
            // Bounded: past it, the names still taken are refused below as clashes.
            while suffixing, suffix < Self.mostSuffixes, targets(suffix).contains(where: { taken[$0] != nil || lstat($0, &info) == 0 }) {
                suffix += 1
            }
            let group = zip(names, targets(suffix)).map { file, target in
                (
                    file.from, target, file.shownFrom, Self.beside(photo.photoID, Self.suffixed(file.name, photo: newName, suffix)),
                    file.isSidecar
                )
            }
            for (from, to, shownFrom, shownTo, isSidecar) in group {
                if let other = taken[to] {
                    twice.append("\(other) and \(shownFrom) → \(shownTo)")
                } else if lstat(to, &info) == 0 {
                    clashes.append(shownTo)
                }
                taken[to] = shownFrom
                files.append(
                    FilePlan.File(
                        photoID: photo.photoID, source: from, shownSource: shownFrom, target: to, shownTarget: shownTo,
                        byteCount: Self.size(of: from), isSidecar: isSidecar))
            }
        }
        func listed(_ names: [String]) -> String {
            names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
        }
        if let (field, photos) = lacking.min(by: { $0.key < $1.key }) {
            throw PhotosWorkerError(
                "\(listed(photos)) \(photos.count == 1 ? "has" : "have") no \(field) for {\(field)}: nothing renamed (filter them out, or take the field out of the pattern)"
            )
        }
        if !problems.isEmpty {
            throw PhotosWorkerError(
                "\(listed(problems)): no name a folder can hold (empty, '.', '..', over 255 bytes, or from '/'): nothing renamed")
        }
        if !shared.isEmpty {
            throw PhotosWorkerError("\(listed(shared)) is the sidecar of a RAW+JPEG pair's other half too: nothing renamed")
        }
        if !twice.isEmpty {
            throw PhotosWorkerError(
                "two photos would take one name (\(listed(twice))): nothing renamed; add {n} to the pattern to tell them apart, or --suffix"
            )
        }
        if !clashes.isEmpty {
            throw PhotosWorkerError(
                "\(listed(clashes)) \(clashes.count == 1 ? "is" : "are") there already: nothing renamed (--suffix gives a taken name -1, -2, …)"
            )
        }
        return FilePlan(.rename, folder: text, makesFolder: false, files: files)
    }

    public func rename(_ plan: FilePlan, command: String) async -> FileOutcome {
        var log = MoveLog()
        var madeFolders: [String] = []
        let (done, stopped) = Self.forEachFile(of: plan) { file in
            // The folders the pattern names, inside the photo's own (made as mkdir(1) makes them).
            let base = Self.folder(of: file.source)
            var folder = base
            for part in file.target.dropFirst(base.count + 1).split(separator: "/").dropLast() {
                folder += "/" + part
                var info = stat()
                if lstat(folder, &info) == 0 {
                    guard (info.st_mode & S_IFMT) == S_IFDIR else {
                        throw PhotosWorkerError("\(folder) is not a folder: \(file.shownSource) stays")
                    }
                    continue
                }
                guard mkdir(folder, 0o777) == 0 else {
                    throw PhotosWorkerError("cannot make \(folder): \(String(cString: strerror(errno)))")
                }
                madeFolders.append(folder)
            }
            try log.move(file.source, to: file.target, shownFrom: file.shownSource, shownTo: file.shownTarget, isPhoto: !file.isSidecar)
        }
        if log.moved.isEmpty {
            for folder in madeFolders.reversed() { rmdir(folder) }
            return FileOutcome(files: [], stopped: stopped)
        }
        followMoves(log)
        undoHistory.append(
            .moves(MovesChange(command: command, folder: "", moved: log.moved, madeFolder: nil, madeFolders: madeFolders)))
        return FileOutcome(files: done, stopped: stopped)
    }
}
