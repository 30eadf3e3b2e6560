// An Unsplash answer as photorepl decodes it: the JSON reader (its budget of values, and the check
// without building that cassettes use), then each photo leniently, then the answer judged as a
// failure or not.
@testable import Networking
@testable import PhotoDomain

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = try? JSON.parse(bytes, maxValues: .max)
    // The check a cassette's inline bodies get agrees with the reader, and what it writes of them
    // reads as the same value.
    precondition(JSON.isValid(bytes, maxDepth: 64) == (whole != nil), "isValid must agree with parse")
    if let whole {
        var compact: [UInt8] = []
        precondition(JSON.appendWithoutWhitespace(bytes[...], to: &compact), "no limit was given")
        precondition((try? JSON.parse(compact, maxValues: .max)) == whole, "a body without its whitespace must read back equal")
    }
    // A small budget: the same value, or refused as too large (never another error, never a crash).
    do {
        let small = try JSON.parse(bytes, maxValues: 40)
        precondition(small == whole, "within its budget a parse is the same")
    } catch {
        precondition(whole == nil || error.isTooLarge, "a valid text is refused only as too large")
    }
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
