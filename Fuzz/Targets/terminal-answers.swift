// What a terminal (or anything pretending to be one) answers to photorepl's query.
import TerminalPictures

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let answer = TerminalProbe.parse(bytes)
    // What is handed back to the line editor as typed keys is part of what was read.
    precondition(answer.typed.count <= bytes.count)
    return 0
}
