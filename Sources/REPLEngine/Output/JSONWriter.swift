/// Writes one JSON object, key by key, in the order given (objects nest: `"ratelimit":{…}`).
struct JSONWriter {
    private var text = "{"
    private var first = true

    mutating func field(_ key: String, _ value: StateField.Value) {
        if !first { text += "," }
        first = false
        append(string: key)
        text += ":"
        append(value: value)
    }

    private mutating func append(value: StateField.Value) {
        switch value {
        case .int(let n): text += String(n)
        // Swift's shortest form is JSON's too (`44.85048`, `1e-05`), but for a whole number's `.0`,
        // which JSON allows.
        case .number(let x): text += x.isFinite ? x.description : "null"
        case .string(let s): append(string: s)
        case .bool(let flag): text += flag ? "true" : "false"
        case .null: text += "null"
        case .strings(let list):
            append(value: .list(list.map { .string($0) }))
        case .list(let values):
            text += "["
            for (i, value) in values.enumerated() {
                if i > 0 { text += "," }
                append(value: value)
            }
            text += "]"
        case .object(let fields):
            var inner = JSONWriter()
            for field in fields { inner.field(field.key, field.value) }
            text += inner.finish()
        }
    }

    mutating func finish() -> String { text + "}" }

    private mutating func append(string: String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
