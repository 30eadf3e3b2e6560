// WebP, GIF, HEIC and AVIF decoding as photorepl calls it: the content sniffed, the header and its
// limits, HEIF's coded streams measured against their `ispe`, the decoder (libwebp, giflib, libheif
// loaded when first needed; a HEIF's thumbnail when it covers the picture), then scaled down.
import Imaging
@testable import PhotoDomain

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var limits = ImageLimits()
    limits.maxPixels = 4_000_000  // photorepl allows 100 MP; a fuzzer's memory limit does not
    limits.maxHEIFPixels = 2_000_000  // below maxPixels, so that both limits are met
    _ = try? PictureDecoding.decode(bytes, fitting: PixelSize(width: 64, height: 48), limits: limits)
    return 0
}
