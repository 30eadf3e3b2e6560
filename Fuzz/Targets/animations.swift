// Animations as photorepl reads them: the frame count of a GIF, WebP, APNG or AVIF sequence
// (AnimationScan, what the detail shows), and an APNG's frames found once and decoded by the
// project's own reader (APNGFrames), the first few composed on their canvas. Seeds: the formats'
// three-frame fixtures, an APNG whose acTL claims 4,000,000,000 frames, one with 1,000 tEXt chunks
// before its first frame.
@testable import Imaging

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = AnimationScan.frameCount(of: bytes)
    guard let frames = try? APNGFrames(bytes, maximumFrames: 20) else { return 0 }
    _ = frames.memory
    // photorepl allows 100 MP within its budget; a fuzzer's memory limit does not.
    let area = frames.canvas.width.multipliedReportingOverflow(by: frames.canvas.height)
    guard !area.overflow, area.partialValue <= 1_000_000 else { return 0 }
    var canvas = APNGCanvas(frames.canvas)
    for index in frames.frames.indices.prefix(3) {
        guard let pixels = try? frames.pixels(of: index) else { break }
        canvas.draw(frames.frames[index], pixels, isFirst: index == 0)
    }
    return 0
}
