import SystemCalls
import SafeFiles

/// Writes the commands of a session to a script as they run, one line each, into a temporary file
/// put in place of the script when the recording ends (SafeFiles' ReplacingFile): a recording that
/// fails or is cut off by a signal leaves the file that was there whole, and a script recorded over
/// while it runs keeps its bytes until then. Every line's write is checked.
final class SessionRecorder {
    let path: String
    private let file: ReplacingFile

    /// A recording of the script at `path`, written at `writingAt` instead when given (a transcript's
    /// check writes nothing outside its own folder); its messages name `path`.
    init(path: String, header: String, writingAt place: String? = nil) throws(CommandError) {
        // 0600: a recording holds what the user typed, as the history does.
        do throws(ReplacingFile.Failure) {
            file = try ReplacingFile(path: place ?? path, mode: 0o600)
        } catch {
            throw CommandError("cannot record to \(path): \(error.reason)")
        }
        self.path = path
        file.write(Array((header + "\n").utf8))
    }

    /// Writes one line; false when it (or an earlier one) could not be written.
    @discardableResult
    func record(_ line: String) -> Bool {
        file.write(Array((line + "\n").utf8))
    }

    /// Why the script could not be written to the end (a full disk), if it could not.
    var failure: String? { file.failure.map { "cannot write \(path): \($0.reason)" } }

    /// Puts the script in place; nil, or why it could not be (the old file, if any, stays whole).
    func finish() -> String? {
        if let failure {
            file.discard()
            return failure
        }
        do throws(ReplacingFile.Failure) {
            try file.commit()
            return nil
        } catch {
            return "cannot write \(path): \(error.reason)"
        }
    }
}
