// The EXIF reader: any bytes after a JPEG's start.
import Imaging

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let info = EXIF.read(jpeg: Array(UnsafeBufferPointer(start: data, count: size)))
    precondition((info.imageDescription?.utf8.count ?? 0) <= 4_000 && (info.artist?.utf8.count ?? 0) <= 4_000)
    return 0
}
