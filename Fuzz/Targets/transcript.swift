// The transcript matcher and diff: expected lines (with [..] and ... wildcards) against actual ones,
// both from the input, split at its first NUL.
import REPLEngine

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let cut = bytes.firstIndex(of: 0) ?? bytes.count / 2
    let expected = String(decoding: bytes[..<cut], as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let actual = String(decoding: bytes[min(cut + 1, bytes.count)...], as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard expected.count <= 200, actual.count <= 200 else { return 0 }
    _ = TranscriptPattern.block(expected, matches: actual)
    _ = TranscriptPattern.align(expected, actual)
    let updated = TranscriptPattern.updated(expected, actual)
    // An update makes the transcript pass against the output it was updated from.
    precondition(TranscriptPattern.block(updated, matches: actual), "an updated transcript must match")
    _ = UnifiedDiff(expected: expected, actual: actual)
    if let first = expected.first, let other = actual.first { _ = TranscriptPattern.line(first, matches: other) }
    return 0
}
