// The BlurHash decoder: any string a catalog or a server could hold.
import Imaging

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let hash = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let pixels = try? BlurHash.decode(hash, size: PixelSize(width: 12, height: 7)) {
        precondition(pixels.width == 12 && pixels.height == 7)
    }
    return 0
}
