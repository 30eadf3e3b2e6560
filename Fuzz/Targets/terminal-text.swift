// The sanitizer and the one-pass measuring of text from sources, against their definitions.
@testable import REPLEngine

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // The byte loops decode UTF-8 themselves: they must agree with Swift's scalars.
    let measured = TerminalText.measure(text)
    precondition(measured.isASCII == text.unicodeScalars.allSatisfy(\.isASCII))
    precondition(measured.width == text.unicodeScalars.reduce(0) { $0 + TerminalText.width(of: $1) })
    let sanitized = TerminalText.sanitize(text)
    precondition(measured.isClean == (sanitized == text))
    precondition(TerminalText.isSafe(sanitized))
    // What the Console writes is clean, whichever way it came.
    let display = DisplayText(text)
    precondition(display.isClean == measured.isClean && display.width == measured.width)
    // One line is one line: collapsing again changes nothing, and no line breaks are left.
    let line = TerminalText.singleLine(text)
    precondition(TerminalText.singleLine(line) == line)
    precondition(!line.unicodeScalars.contains { $0 == "\n" || $0 == "\u{2028}" || $0 == "\u{2029}" })
    let identifier = TerminalText.oneLine(text)
    precondition(!identifier.unicodeScalars.contains { $0 == "\n" || $0 == "\t" || $0 == "\u{2028}" || $0 == "\u{2029}" })
    return 0
}
