// PNG decoding as photorepl calls it: the header and its limits, libpng to RGBA,
// then scaled down for the picture cache; and a thumbnail's text chunks (Thumb::URI, Thumb::MTime).
import Imaging
@testable import PhotoDomain

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var limits = ImageLimits()
    limits.maxPixels = 4_000_000  // photorepl allows 100 MP; a fuzzer's memory limit does not
    _ = try? PictureDecoding.decode(bytes, fitting: PixelSize(width: 64, height: 48), limits: limits)
    _ = PNGFile.text(bytes)
    return 0
}
