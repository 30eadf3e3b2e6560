// The script reader: CRLF, no final newline, invalid UTF-8, NUL — whatever a script file holds,
// read through a pipe as `run -` reads standard input, then each line as the runner takes it.
@testable import REPLEngine
#if canImport(Glibc)
    import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size <= 60_000 else { return 0 }  // one pipe's worth, written before reading
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return 0 }
    _ = write(ends[1], data, size)
    close(ends[1])
    var reader = LineReader(fd: ends[0], owns: true)
    var lines = 0
    while let line = try? reader.next() {
        lines += 1
        precondition(line.number == lines, "line numbers count from 1, one by one")
        _ = ScriptRunner.command(in: line)
    }
    reader.close()
    return 0
}
