// The line tokenizer: any bytes typed or read from a script.
@testable import REPLEngine

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let line = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let words = try? Tokenizer.words(line) {
        // Nothing appears from nowhere: the words hold no more bytes than the line.
        precondition(words.reduce(0) { $0 + $1.utf8.count } <= line.utf8.count)
    }
    return 0
}
