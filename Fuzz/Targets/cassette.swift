// A cassette file as --cassette reads it (its body files looked for beside a path that has none).
@testable import Networking

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? CassetteTransport.decode(bytes, path: "/nonexistent/fuzz/cassette.json")
    return 0
}
