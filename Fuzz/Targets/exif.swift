// The EXIF reader and the embedded previews' finder (EXIF IFD1, MPF): any bytes after a JPEG's start.
import Imaging

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let info = EXIF.read(jpeg: bytes)
    precondition((info.imageDescription?.utf8.count ?? 0) <= 4_000 && (info.artist?.utf8.count ?? 0) <= 4_000)
    let previews = bytes.withUnsafeBytes { EmbeddedPreview.find(inJPEG: $0) }
    for preview in previews {
        precondition(preview.range.lowerBound >= 0 && preview.range.upperBound <= bytes.count, "a preview outside the file")
    }
    return 0
}
