// What photorepl-metadata answers (exiv2's tags, escaped), as a crashed or hostile reader may send
// it: every line read or skipped, the values typed or left out, never a crash; and a filter typed.
@testable import PhotoDomain

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch MetadataReader.tags(in: bytes) {
    case .failure(let failure):
        precondition(!failure.readerMissing, "an answer never says the reader is missing")
    case .success(let tags):
        let metadata = PhotoMetadata(tags: tags)
        if let taken = metadata.taken { precondition(EXIFDate.isValid(ArraySlice(taken.utf8)), "a date that is not one: \(taken)") }
        if let rating = metadata.rating { precondition((-1...5).contains(rating)) }
        if let latitude = metadata.latitude { precondition(abs(latitude) <= 90 && metadata.longitude.map { abs($0) <= 180 } == true) }
        for number in [metadata.aperture, metadata.shutter, metadata.focalLength, metadata.altitude] {
            if let number { precondition(number.isFinite, "a number that is not finite") }
        }
    }
    // The same bytes as what a person types after `filter`: parsed or refused with words.
    let words = String(decoding: bytes.prefix(200), as: UTF8.self).split(separator: " ", maxSplits: 1).map(String.init)
    if words.count == 2, let filter = try? PhotoFilter.parse(key: words[0], value: words[1]) {
        _ = filter.matches(PhotoFacts(relativePath: Array("a.jpg".utf8), format: .jpeg, fileSize: 1, metadata: PhotoMetadata()))
    }
    return 0
}
