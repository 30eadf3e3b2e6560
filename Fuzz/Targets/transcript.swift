// The transcript matcher and diff: expected lines (with [..] and ... wildcards) against actual ones,
// both from the input, split at its first NUL.
@testable import REPLEngine

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let cut = bytes.firstIndex(of: 0) ?? bytes.count / 2
    let expected = String(decoding: bytes[..<cut], as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let actual = String(decoding: bytes[min(cut + 1, bytes.count)...], as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: false
    ).map(String.init)
    // Long inputs too (matching was cubic and its table n × m); 65,536 bytes are up to
    // 32,768 lines a side.
    let matches = TranscriptPattern.block(expected, matches: actual)
    let edits = TranscriptPattern.align(expected, actual)
    // The glob match and the alignment agree wherever the alignment is searched for the best.
    if (expected.count + 1) * (actual.count + 1) <= 1 << 22 {
        let aligned = edits.allSatisfy { edit in
            switch edit {
            case .same, .skipped: true
            case .changed, .removed, .added: false
            }
        }
        precondition(aligned == matches, "the glob match and the alignment disagree")
    }
    let updated = TranscriptPattern.updated(expected, actual)
    // An update makes the transcript pass against the output it was updated from.
    precondition(TranscriptPattern.block(updated, matches: actual), "an updated transcript must match")
    _ = UnifiedDiff(expected: expected, actual: actual)
    if let first = expected.first, let other = actual.first, first.utf8.count <= 4096, other.utf8.count <= 4096 {
        precondition(
            TranscriptPattern.line(first, matches: other) == referenceMatch(Array(first.utf8), Array(other.utf8)),
            "the line matcher and the reference disagree")
    }
    return 0
}

/// `[..]` as a glob's star over bytes, by dynamic programming: slow and plainly right.
func referenceMatch(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
    let star = Array("[..]".utf8)
    var tokens: [UInt8?] = []  // nil: the wildcard
    var i = 0
    while i < pattern.count {
        if pattern[i...].starts(with: star) {
            tokens.append(nil)
            i += star.count
        } else {
            tokens.append(pattern[i])
            i += 1
        }
    }
    var reachable = [Bool](repeating: false, count: text.count + 1)
    reachable[0] = true
    for token in tokens {
        var next = [Bool](repeating: false, count: text.count + 1)
        if let byte = token {
            for k in 0..<text.count where reachable[k] && text[k] == byte { next[k + 1] = true }
        } else {
            var seen = false
            for k in 0...text.count {
                seen = seen || reachable[k]
                next[k] = seen
            }
        }
        reachable = next
    }
    return reachable[text.count]
}
