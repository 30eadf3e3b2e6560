// Camera RAW files and TIFFs (their IFDs walked for JPEG previews, CR3's boxes for its previews):
// any bytes, as a file's.
import Imaging

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // Every input is made a TIFF container (little- or big-endian, or a RAW maker's magic) so
    // that the fuzzer spends its time in the IFDs, not in the sniffing.
    guard size >= 1 else { return 0 }
    let cr3: [UInt8] = [0, 0, 0, 24] + Array("ftypcrx ".utf8) + [0, 0, 0, 1] + Array("crx isom".utf8)
    let magics: [[UInt8]] = [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A], [0x49, 0x49, 0x52, 0x4F], [0x49, 0x49, 0x55, 0x00], cr3]
    let bytes = magics[Int(data[0]) % magics.count] + Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    guard let header = try? ImageDecoder.header(of: bytes) else { return 0 }
    precondition(header.storedSize.width > 0 && header.storedSize.height > 0, "a size of \(header.storedSize)")
    if let pixels = try? ImageDecoder.decode(bytes, fitting: PixelSize(width: 64, height: 64)) {
        precondition(pixels.width > 0 && pixels.height > 0, "pixels of \(pixels.width)×\(pixels.height)")
    }
    return 0
}
