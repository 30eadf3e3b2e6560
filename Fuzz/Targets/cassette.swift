// A cassette file as --cassette reads it (its body files looked for beside a path that has none; its
// inline bodies checked without being built, each held to the cap of an answer).
@testable import Networking

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let (_, interactions) = try? CassetteTransport.decode(bytes, path: "/nonexistent/fuzz/cassette.json") {
        for interaction in interactions {
            switch interaction.outcome {
            case .success(let response):
                precondition(response.body.count <= CassetteTransport.maxBodyBytes, "every body is held to the cap")
            case .failure(let failure):
                precondition(!failure.message.utf8.contains(0x0A), "a recorded failure's message is one line")
            }
        }
    }
    return 0
}
