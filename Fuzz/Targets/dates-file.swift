// The dates cache file (`photorepl dates 2`), as any bytes on disk may hold it: a line that does not
// read is skipped, never trusted; what was read is written and read back the same.
@testable import PhotoDomain

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // The file's first line given, so that the fuzzer spends its time on the lines after it.
    let bytes = Array("photorepl dates 2\n".utf8) + Array(UnsafeBufferPointer(start: data, count: size))
    let dates = PhotoDates.parse(bytes)
    precondition(dates.count <= PhotoDates.maxEntries)
    for entry in dates.values {
        if let date = entry.date { precondition(EXIFDate.isValid(ArraySlice(date.utf8)), "a date that is not one: \(date)") }
    }
    precondition(PhotoDates.parse(Array(PhotoDates.text(of: dates).utf8)) == dates, "written and read back, the dates differ")
    // Without its first line, nothing is read.
    let raw = Array(UnsafeBufferPointer(start: data, count: size))
    precondition(PhotoDates.parse(raw).isEmpty || raw.starts(with: Array("photorepl dates 2\n".utf8)))
    return 0
}
