// An Unsplash answer as photorepl decodes it: the JSON reader, then each photo leniently, then the
// answer judged as a failure or not.
import Networking
@testable import PhotoDomain

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let value = try? JSON.parse(bytes) {
        for item in value.array ?? [value] { _ = UnsplashAPI.photo(from: item) }
        // What is written back reads the same.
        precondition((try? JSON.parse(JSON.compact(value))) == value, "compact output must read back equal")
    }
    for status in [200, 403, 429, 500] {
        let response = HTTPResponse(status: status, headers: [HTTPHeader("X-Ratelimit-Remaining", "0")], body: bytes)
        _ = UnsplashAPI.problem(response, limit: UnsplashAPI.rateLimit(response))
    }
    return 0
}
