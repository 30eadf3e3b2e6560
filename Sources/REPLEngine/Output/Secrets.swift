import Synchronization

/// Values no output may show, an access key or a token, each replaced by its name wherever it would
/// be written: the terminal, standard error, transcripts, a check's diffs, and the lines read (a
/// script or a transcript that reads `/proc/self/environ` as its commands printed the key in its
/// errors, and cut to 40 columns printed its start). An app names them once at start
/// (`REPLApp.secretVariables`, read from the environment by the launcher). A value shorter than
/// 8 bytes is not looked for: it cannot be told from ordinary text, and no real key is that short.
package enum Secrets {
    fileprivate struct Secret: Sendable {
        var value: [UInt8]
        var shownAs: [UInt8]
    }

    private static let hidden = Mutex<[Secret]>([])
    /// Whether any value is hidden: every line run and every write asks, and without a secret
    /// (nearly every session) the answer costs no lock.
    private static let anyHidden = Atomic<Bool>(false)

    /// The shortest value looked for, in bytes.
    package static let shortest = 8

    /// From now on `value` is shown as `shownAs` (e.g. `[UNSPLASH_ACCESS_KEY]`) in every output.
    package static func hide(_ value: String, shownAs: String) {
        guard value.utf8.count >= shortest else { return }
        let secret = Secret(value: Array(value.utf8), shownAs: Array(shownAs.utf8))
        hidden.withLock { secrets in
            if !secrets.contains(where: { $0.value == secret.value }) { secrets.append(secret) }
        }
        anyHidden.store(true, ordering: .releasing)
    }

    /// `bytes` with every hidden value replaced by its name; nil when there is none in them
    /// (nearly always: then nothing is copied).
    package static func scrubbed(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard anyHidden.load(ordering: .acquiring) else { return nil }
        let secrets = hidden.withLock { $0 }
        var out: [UInt8]?
        for secret in secrets {
            if let soFar = out {
                out = soFar.withUnsafeBufferPointer { secret.replaced(in: $0) } ?? soFar
            } else {
                out = secret.replaced(in: bytes)
            }
        }
        return out
    }

    /// `text` with every hidden value replaced by its name.
    package static func scrubbed(_ text: String) -> String {
        guard anyHidden.load(ordering: .acquiring) else { return text }
        var text = text
        let replaced = text.withUTF8 { scrubbed($0) }
        return replaced.map { String(decoding: $0, as: UTF8.self) } ?? text
    }
}

extension Secrets.Secret {
    /// `bytes` with each occurrence of the value (not overlapping) replaced by its name; nil when
    /// there is none.
    func replaced(in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard let first = value.first, bytes.count >= value.count else { return nil }
        var out: [UInt8]?
        var kept = 0  // bytes before this are in `out`
        var i = 0
        while i + value.count <= bytes.count {
            guard bytes[i] == first, value.indices.allSatisfy({ bytes[i + $0] == value[$0] }) else {
                i += 1
                continue
            }
            if out == nil { out = [] }
            out! += UnsafeBufferPointer(rebasing: bytes[kept..<i])
            out! += shownAs
            i += value.count
            kept = i
        }
        guard var out else { return nil }
        out += UnsafeBufferPointer(rebasing: bytes[kept...])
        return out
    }
}
