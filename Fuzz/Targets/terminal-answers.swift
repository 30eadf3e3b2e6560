// What a terminal answers to photorepl's query, whole and cut in two by the query's time-out.
// Anything pretending to be a terminal, too. Cut, the probe reads the first part and the line
// editor the rest, which it swallows as far as the cut-off answer goes.
@testable import REPLEngine
@testable import TerminalPictures

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = TerminalProbe.parse(bytes)
    // What is handed back to the line editor as typed keys is part of what was read.
    precondition(whole.typed.count <= bytes.count)
    guard let first = bytes.first else { return 0 }
    let input = Array(bytes.dropFirst())

    // Anything, cut where the first byte says: the tail swallowed is part of the rest.
    let cut = Int(first) % (input.count + 1)
    let (before, after) = (Array(input[..<cut]), Array(input[cut...]))
    let probe = TerminalProbe.parse(before)
    if let tail = probe.cutOff {
        precondition(EditLineSource.answerTailLength(tail, in: after) <= after.count)
    }

    // A well-formed answer made from the input (its bytes kept to what such an answer may hold),
    // cut anywhere and followed by keys: nothing of it is typed, and the keys are.
    let text = input.map { 0x20 + $0 % 0x5F }.filter { $0 != UInt8(ascii: "\\") }  // printable ASCII
    let digits = input.map { UInt8(ascii: "0") + $0 % 10 }
    let answers: [[UInt8]] = [
        [0x1B] + Array("_Gi=31;".utf8) + text + [0x1B, UInt8(ascii: "\\")],  // kitty's, ended by ESC \
        [0x1B] + Array("]11;rgb:".utf8) + text + [0x07],  // OSC 11, ended by BEL
        [0x1B] + Array("P>|".utf8) + text + [0x1B, UInt8(ascii: "\\")],  // XTVERSION
        [0x1B] + Array("[?".utf8) + digits + Array(";4c".utf8),  // DA1
        [0x1B] + Array("[?2;0;".utf8) + digits + Array("S".utf8)  // XTSMGRAPHICS
    ]
    let keys = Array("x\rquit\r".utf8)
    for answer in answers {
        let at = 1 + Int(first) % answer.count  // at least its ESC read before the time-out
        let read = TerminalProbe.parse(Array(answer[..<at]))
        precondition(read.typed.isEmpty, "a piece of an answer was typed")
        let rest = Array(answer[at...]) + keys
        let swallowed = read.cutOff.map { EditLineSource.answerTailLength($0, in: rest) } ?? 0
        precondition(Array(rest[swallowed...]) == keys, "the rest of an answer was typed, or a key swallowed")
    }
    return 0
}
