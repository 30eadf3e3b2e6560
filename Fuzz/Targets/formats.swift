// WebP, GIF, HEIC and AVIF decoding as photorepl calls it: the content sniffed, the header and its
// limits, HEIF's coded streams measured against their `ispe`, the decoder (libwebp, giflib, libheif
// loaded when first needed, each in a child process; a HEIF's thumbnail when it covers the picture,
// HEVC- or JPEG-coded; a grid larger than a HEIF is decoded whole, a tile at a time), then scaled down;
// and the count of an animation's frames (an AVIF sequence's track read from its boxes).
import Imaging
@testable import PhotoDomain

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var limits = ImageLimits()
    limits.maxPixels = 4_000_000  // photorepl allows 100 MP; a fuzzer's memory limit does not
    limits.maxHEIFPixels = 2_000_000  // below maxPixels, so that both limits are met
    limits.maxTiledPixels = 16_000_000  // a grid over maxHEIFPixels is decoded a tile at a time
    _ = try? PictureDecoding.decode(bytes, fitting: PixelSize(width: 64, height: 48), limits: limits)
    _ = AnimationScan.frameCount(of: bytes)
    return 0
}
