// JPEG XL files (libjxl's header, its boxes for EXIF, its decode under photorepl's memory budget,
// with its messages to stderr silenced): any bytes, as a file's.
import Imaging

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // Every input is made a JPEG XL, a bare codestream or a container (its signature box, then
    // the input's boxes), so that the fuzzer spends its time in libjxl, not in the sniffing.
    guard size >= 1 else { return 0 }
    let container: [UInt8] = [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
    let bytes = (data[0] & 1 == 0 ? [0xFF, 0x0A] : container) + Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    // A small budget, so that a claimed size cannot take the fuzzer's memory.
    var limits = ImageLimits()
    limits.maxPixels = 4_000_000
    guard let header = try? ImageDecoder.header(of: bytes, limits: limits) else { return 0 }
    precondition(header.storedSize.width > 0 && header.storedSize.height > 0, "a size of \(header.storedSize)")
    if let pixels = try? ImageDecoder.decode(bytes, fitting: PixelSize(width: 64, height: 64), limits: limits) {
        precondition(
            pixels.width > 0 && pixels.height > 0 && pixels.rgba.count == pixels.width * pixels.height * 4,
            "pixels of \(pixels.width)×\(pixels.height)")
    }
    return 0
}
