import SystemCalls

/// A `rename` pattern: text with fields in braces, each a photo's, `{taken:%Y-%m-%d}` (strftime's
/// fields), `{camera}`, `{name}` (the file's name without its extension), `{ext}` (the extension
/// without its dot), `{n}` or `{n:03}` (a sequence from 1 in the list's order), `{rating}`; `{{`
/// and `}}` are braces. A `/` in the pattern makes folders; a `/` inside a value becomes `_`.
public struct RenamePattern: Sendable, Equatable {
    enum Part: Sendable, Equatable {
        case text(String)
        case taken(format: String)
        case camera, name, ext, rating
        case sequence(width: Int)
    }

    let parts: [Part]
    /// Whether the pattern names the extension: else `.{ext}` ends every name (a photo keeps its
    /// kind, and stays a photo to every program).
    var namesExtension: Bool { parts.contains(.ext) }
    /// Whether a field is of the photo's metadata (else no file is read to rename it).
    var needsMetadata: Bool {
        parts.contains { part in
            switch part {
            case .taken, .camera, .rating: true
            default: false
            }
        }
    }

    public static let fields = "taken, camera, name, ext, n, rating"

    public init(_ pattern: String) throws(PhotosWorkerError) {
        var parts: [Part] = []
        var text = ""
        var characters = Array(pattern)[...]
        while let character = characters.popFirst() {
            if character == "{" && characters.first == "{" || character == "}" && characters.first == "}" {
                characters.removeFirst()
                text.append(character)
                continue
            }
            if character == "}" { throw PhotosWorkerError("'\(pattern)': a '}' closes no field (type '}}' for a brace)") }
            guard character == "{" else {
                text.append(character)
                continue
            }
            guard let close = characters.firstIndex(of: "}") else {
                throw PhotosWorkerError("'\(pattern)': a '{' opens a field that no '}' closes (type '{{' for a brace)")
            }
            let field = String(characters[..<close])
            characters = characters[characters.index(after: close)...]
            if !text.isEmpty { parts.append(.text(text)) }
            text = ""
            let (key, format) =
                field.firstIndex(of: ":").map { (String(field[..<$0]), String(field[field.index(after: $0)...])) } ?? (field, "")
            switch key {
            case "taken": parts.append(.taken(format: format.isEmpty ? "%Y-%m-%d_%H%M%S" : format))
            case "camera" where format.isEmpty: parts.append(.camera)
            case "name" where format.isEmpty: parts.append(.name)
            case "ext" where format.isEmpty: parts.append(.ext)
            case "rating" where format.isEmpty: parts.append(.rating)
            case "n":
                guard format.isEmpty || (format.count <= 2 && format.allSatisfy(\.isNumber)), let width = Int(format.isEmpty ? "0" : format)
                else { throw PhotosWorkerError("'{\(field)}': n takes a width of digits, as in {n:03}") }
                parts.append(.sequence(width: width))
            default:
                throw PhotosWorkerError(
                    "'{\(field)}' is no field of a rename pattern: the fields are \(Self.fields) (as in '{taken:%Y-%m-%d}_{n:03}')")
            }
        }
        if !text.isEmpty { parts.append(.text(text)) }
        guard !parts.isEmpty else { throw PhotosWorkerError("a rename pattern is empty: type e.g. 'rename {taken:%Y-%m-%d}_{n:03}'") }
        self.parts = parts
    }

    /// The photo's new name (a path from its folder), or the field it lacks.
    /// - Parameter fileName: the photo's file name now (`IMG_0001.CR2`).
    func name(fileName: String, metadata: PhotoMetadata, number: Int) -> Result<String, Missing> {
        let dot = fileName.lastIndex(of: ".")
        let stem = dot.map { String(fileName[..<$0]) } ?? fileName
        let ext = dot.map { String(fileName[fileName.index(after: $0)...]) } ?? ""
        var result = ""
        for part in parts {
            switch part {
            case .text(let text): result += text
            case .name: result += Self.safe(stem)
            case .ext:
                guard !ext.isEmpty else { return .failure(.field("ext")) }
                result += Self.safe(ext)
            case .camera:
                guard let camera = metadata.camera, !camera.isEmpty else { return .failure(.field("camera")) }
                result += Self.safe(camera)
            case .rating:
                guard let rating = metadata.rating else { return .failure(.field("rating")) }
                result += "\(rating)"
            case .sequence(let width):
                let digits = "\(number)"
                result += String(repeating: "0", count: max(0, width - digits.count)) + digits
            case .taken(let format):
                guard let taken = metadata.taken, let formatted = Self.formatted(taken, format) else { return .failure(.field("taken")) }
                result += Self.safe(formatted)
            }
        }
        if !namesExtension, !ext.isEmpty { result += "." + Self.safe(ext) }
        return .success(result)
    }

    enum Missing: Error, Equatable { case field(String) }

    /// A value as a part of one name: a `/` (or a control character) becomes `_`.
    static func safe(_ value: String) -> String {
        String(value.unicodeScalars.map { $0 == "/" || $0.value < 0x20 || $0.value == 0x7F ? "_" : Character($0) })
    }

    /// EXIF's `2024:06:01 10:00:00` through strftime's `format`.
    static func formatted(_ taken: String, _ format: String) -> String? {
        let numbers = taken.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "-" || $0 == "T" }).prefix(6).map { Int32($0) }
        guard numbers.count >= 3, numbers.allSatisfy({ $0 != nil }) else { return nil }
        let values = numbers.map { $0! }
        var time = tm()
        time.tm_year = values[0] - 1900
        time.tm_mon = values[1] - 1
        time.tm_mday = values[2]
        if values.count >= 6 { (time.tm_hour, time.tm_min, time.tm_sec) = (values[3], values[4], values[5]) }
        var copy = time
        guard timegm(&copy) != -1 else { return nil }
        time.tm_wday = copy.tm_wday
        time.tm_yday = copy.tm_yday
        var buffer = [CChar](repeating: 0, count: 512)
        let count = strftime(&buffer, buffer.count, format, &time)
        guard count > 0 else { return format.isEmpty ? "" : nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
