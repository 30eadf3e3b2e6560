import PhotoDomain
import REPLEngine

/// What the detail scenes of one module share: each photo's fields as the presenter words them, and
/// their lines as the view lays them out. A detail scene is made anew for every `open`, as a view
/// controller would be; a photo opened again, or shown again after a move, is not worded, measured
/// and sanitized again. It forgets everything once it holds `limit` photos, so it stays small
/// however long a session runs.
@MainActor
final class PhotoDetailTexts {
    typealias Field = PhotoDetail.Show.Field

    private var fieldsByID: [String: (photo: Photo, fields: [Field])] = [:]
    /// Keyed by where the fields' array keeps its elements, which stays put while it is held here.
    private var linesByFields: [UnsafeRawPointer: (fields: [Field], lines: Console.Prepared)] = [:]
    private let limit: Int

    init(limit: Int = 256) {
        self.limit = limit
    }

    /// The fields of `photo`: `make`'s the first time, the same array after that.
    func fields(of photo: Photo, make: (Photo) -> [Field]) -> [Field] {
        if let kept = fieldsByID[photo.id], kept.photo == photo { return kept.fields }
        let fields = make(photo)
        if fieldsByID.count >= limit { fieldsByID.removeAll() }
        fieldsByID[photo.id] = (photo, fields)
        return fields
    }

    /// Writes the lines of `fields`: `layout` writes them the first time, a copy of its bytes after
    /// that (the same array of fields gives the same lines).
    func writeLines(of fields: [Field], on console: Console, layout: () -> Void) {
        let key = fields.isEmpty ? nil : fields.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        if let key, let kept = linesByFields[key], kept.fields == fields {
            console.write(kept.lines)
            return
        }
        guard let lines = console.prepare(layout), let key else { return }
        if linesByFields.count >= limit { linesByFields.removeAll() }
        linesByFields[key] = (fields, lines)
    }
}
