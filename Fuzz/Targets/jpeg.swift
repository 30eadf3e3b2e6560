// JPEG decoding as photorepl calls it: the header and its limits, the previews inside, DCT scaling,
// EXIF orientation, then scaled down for the picture cache; and a progressive JPEG's first scans at
// 1/8 (our DC reader, libjpeg's buffered-image mode when it declines) whatever the input's size.
@testable import Imaging
@testable import PhotoDomain

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var limits = ImageLimits()
    limits.maxPixels = 4_000_000  // photorepl allows 100 MP; a fuzzer's memory limit does not
    limits.maxProgressivePixels = 4_000_000
    _ = try? PictureDecoding.decode(bytes, fitting: PixelSize(width: 64, height: 48), limits: limits)
    if let header = try? ImageDecoder.header(of: bytes, limits: limits), header.format == .jpeg {
        _ = bytes.withUnsafeBytes { ProgressiveJPEG.firstScans($0, header: header, scale: (1, 8)) }
    }
    return 0
}
