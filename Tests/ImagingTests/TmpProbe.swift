import Testing
@testable import Imaging

@Test func tmpProbe() {
    for (name, file) in [("jpeg", ImageFiles.jpeg(ImageFiles.noise(24, 16))), ("png", ImageFiles.png(ImageFiles.noise(12, 10, alpha: true)))] {
        var reasons: [String: [Int]] = [:]
        for length in 0...file.count {
            do throws(ImageFailure) {
                _ = try ImageDecoder.decode(Array(file[..<length]), fitting: PixelSize(width: 1000, height: 1000))
                reasons["OK", default: []].append(length)
            } catch {
                let key = String(error.reason.prefix(90))
                reasons[key, default: []].append(length)
            }
        }
        print(name, file.count)
        for (k, v) in reasons.sorted(by: { $0.value[0] < $1.value[0] }) { print("  \(v.first!)...\(v.last!) (\(v.count)): \(k)") }
    }
    let big = ImageFiles.png(ImageFiles.noise(64, 64, alpha: true))
    let (o, l) = ImageFiles.pngChunk("IDAT", in: big)!
    do { _ = try ImageDecoder.decode(Array(big[..<(o + 8 + l / 2)]), fitting: PixelSize(width: 1000, height: 1000)) } catch { print("PNG cut:", error) }
    let j = ImageFiles.jpeg(ImageFiles.noise(128, 128))
    do { _ = try ImageDecoder.decode(Array(j[..<(j.count / 2)]), fitting: PixelSize(width: 1000, height: 1000)) } catch { print("JPEG cut:", error) }
}
