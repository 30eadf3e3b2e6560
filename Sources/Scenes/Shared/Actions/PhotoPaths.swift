import PhotoDomain
import REPLEngine

/// `paths`: the files of the photos shown (the list after its filters, or the detail's photo), or
/// of the marked ones, for another program to read: `xargs` reads the lines back as the paths
/// they were, `xargs -0` the NUL-separated form.
enum PhotoPaths {
    struct Request: Equatable, Sendable {
        /// Where the list is written (nil: printed in the session).
        var file: String?
        /// `-0`: each path ends with a NUL, as it is, instead of a line quoted for `xargs`.
        var separatedByNUL = false
        /// `--marked`: the photos marked in this session, not those shown.
        var marked = false
        /// `--force`: an existing `file` is replaced.
        var replacing = false
    }

    struct Response: Sendable {
        var request: Request
        /// The files, in the list's order (the marked ones by path).
        var files: [PhotoFile]
        /// The list file as written, or why it was not; nil when the paths are printed or none.
        var written: Result<SavedPhoto, PhotosWorkerError>?
    }

    /// What the view writes: the paths' bytes for the session's output, or a line about them.
    enum ViewModel: Equatable, Sendable {
        case paths([UInt8])
        case notice(String)
        case failure(String)
    }

    /// What an interactor answers `request` with, the photos `shown` being those it shows: their
    /// files (or the marked ones), written to the request's file when it names one.
    @MainActor
    static func response(to request: Request, shown: [Photo], from acting: PhotoActingWorker) async -> Response {
        let files = request.marked ? await acting.markedFiles() : await acting.files(of: shown.map(\.id))
        var response = Response(request: request, files: files)
        if let file = request.file, !files.isEmpty {
            do {
                response.written = .success(
                    try await acting.writeList(list(files, separatedByNUL: request.separatedByNUL), to: file, replacing: request.replacing))
            } catch let failure as PhotosWorkerError {
                response.written = .failure(failure)
            } catch {
                response.written = .failure(PhotosWorkerError("cannot write \(file): \(error)"))
            }
        }
        return response
    }

    /// The bytes of the list: each path quoted for `xargs` and ended by a newline, or as it is
    /// and ended by a NUL (`-0`). A file gets the paths photorepl opens (`path`); the session's
    /// output the paths from the folder as it names it (`shown`: a transcript's check prints the
    /// same wherever it runs).
    static func list(_ files: [PhotoFile], separatedByNUL: Bool, shown: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = []
        for file in files {
            let path = shown ? file.shownPath : file.path
            if separatedByNUL {
                bytes += path + [0]
            } else {
                bytes += quotedForXargs(path) + [UInt8(ascii: "\n")]
            }
        }
        return bytes
    }

    /// `path` as `xargs` reads it back: as it is when it holds no blank, quote, backslash or
    /// newline; else in single quotes (`'\''` for a quote), each newline outside them after a
    /// backslash (GNU xargs takes no newline inside quotes, and a backslash-newline for one).
    static func quotedForXargs(_ path: [UInt8]) -> [UInt8] {
        let special: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "\\")]
        guard path.contains(where: special.contains) else { return path }
        var quoted: [UInt8] = [UInt8(ascii: "'")]
        for byte in path {
            switch byte {
            case UInt8(ascii: "'"): quoted += Array("'\\''".utf8)
            case 0x0A: quoted += Array("'\\\n'".utf8)
            default: quoted.append(byte)
            }
        }
        quoted.append(UInt8(ascii: "'"))
        return quoted
    }

    static func viewModel(_ response: Response) -> ViewModel {
        let request = response.request
        guard !response.files.isEmpty else {
            return .failure(
                request.marked
                    ? "no photo is marked, so there is no path to list ('mark N' marks the list's photos, 'mark' the one shown)"
                    : "no photo is shown, so there is no path to list (type 'fetch' to list the photos)")
        }
        // Printed NUL-separated, a newline follows the last NUL: the prompt then starts a line.
        guard let written = response.written else {
            return .paths(
                list(response.files, separatedByNUL: request.separatedByNUL, shown: true) + (request.separatedByNUL ? [0x0A] : []))
        }
        switch written {
        case .failure(let failure): return .failure(failure.message)
        case .success(let file):
            let count = response.files.count == 1 ? "1 path" : "\(PhotoFormatting.grouped(response.files.count)) paths"
            let form =
                request.separatedByNUL
                ? "each ended by a NUL, for xargs -0 -a \(file.path)"
                : "one a line, quoted as xargs reads them: xargs -a \(file.path)"
            return .notice("\(count) written to \(file.path) (\(form))")
        }
    }
}

extension Console {
    /// Writes what `paths` made: the paths as another program reads them, or a line about them.
    @MainActor
    func show(_ paths: PhotoPaths.ViewModel) throws(CommandError) {
        switch paths {
        case .paths(let bytes): writeForPrograms(bytes)
        case .notice(let message): writeLine(message)
        case .failure(let message): throw CommandError(message)
        }
    }
}
