import CZlib
import Foundation
import Testing
@testable import Imaging

/// libheif, libtiff, libjxl and libraw ran inside the session. A 985-byte HEIC crashed
/// it (SIGSEGV in heif_decode_image), a 4 KB DNG kept a decoding thread spinning for 161 s after
/// Ctrl-C (two of them, and no picture answered again), and a 96 KB TIFF took 406 MB. They now run
/// in a child process, held to a share of one budget, ended by a deadline or Ctrl-C.
@Suite struct IsolatedDecodingTests {
    @Test func aDecoderThatCrashesEndsItsChildNotTheSession() throws {
        #expect {
            _ = try IsolatedDecoding.runTest(.crash, memory: 16 << 20, deadline: .seconds(8))
        } throws: { error in
            let reason = (error as? ImageFailure)?.reason ?? ""
            return reason.contains("crashed on this file") && reason.contains("SIGSEGV")
        }
        // The next decode through a child answers as ever.
        let heic = try OtherFormatsTests.bytes("sunset.heic")
        let pixels = try ImageDecoder.decode(heic, fitting: PixelSize(width: 64, height: 64))
        #expect(pixels.width >= 64 || pixels.height >= 64)
    }

    @Test func aDecoderThatHangsIsStoppedAtItsDeadline() throws {
        #expect {
            _ = try IsolatedDecoding.runTest(.hang, memory: 16 << 20, deadline: .seconds(1))
        } throws: { error in
            (error as? ImageFailure)?.reason == "the test decoder took more than 1 s on this file, and was stopped"
        }
    }

    @Test func aDecoderThatAllocatesWithoutEndIsHeldToItsShare() throws {
        // The test decoder takes 16 MB after 16 MB until malloc says no: at 64 MB (and the slack
        // for threads' stacks) here, never the machine's 24 GB.
        #expect {
            _ = try IsolatedDecoding.runTest(.balloon, memory: 64 << 20, deadline: .seconds(8))
        } throws: { error in
            (error as? ImageFailure)?.reason == "out of memory"
        }
    }

    @Test func anInterruptEndsTheDecodeAtOnce() async throws {
        let decode = Task.detached {
            try IsolatedDecoding.runTest(.hang, memory: 16 << 20, deadline: .seconds(60))
        }
        // Cancelled from a thread of Dispatch's: Swift's pool may be held by other tests' decodes.
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { decode.cancel() }
        let result = await decode.result
        #expect(throws: ImageFailure(IsolatedDecoding.interrupted)) { try result.get() }
    }

    @Test func aDecodeLargerThanTheWholeBudgetIsRefusedBeforeItStarts() throws {
        #expect {
            try IsolatedDecoding.checkBudget(IsolatedDecoding.budget + 1, "its 10000x10000 image")
        } throws: { error in
            let failure = error as? ImageFailure
            return failure?.isTooLarge == true
                && failure?.reason.hasPrefix("its 10000x10000 image would take 192 MB to decode, more than photorepl's 192 MB") == true
        }
    }

    /// A TIFF of `width`×`height` grey pixels in one deflate strip: the top half `top`, the rest
    /// `bottom`. (ImageMagick writes a large TIFF as one strip like this.)
    static func deflateTIFF(width: Int, height: Int, top: UInt8, bottom: UInt8) -> [UInt8] {
        var stream = z_stream()
        precondition(deflateInit_(&stream, 6, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        var compressed: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        func pump(_ input: [UInt8], flush: Int32) {
            var input = input
            input.withUnsafeMutableBufferPointer { rows in
                stream.next_in = rows.baseAddress
                stream.avail_in = UInt32(rows.count)
                repeat {
                    chunk.withUnsafeMutableBufferPointer { out in
                        stream.next_out = out.baseAddress
                        stream.avail_out = UInt32(out.count)
                        _ = deflate(&stream, flush)
                        compressed += out[0..<(out.count - Int(stream.avail_out))]
                    }
                } while stream.avail_out == 0
            }
        }
        // A thousand rows at a time: no picture's worth of bytes is ever held here.
        let block = 1000
        let topRows = [UInt8](repeating: top, count: block * width), bottomRows = [UInt8](repeating: bottom, count: block * width)
        precondition(height % block == 0 && (height / 2) % block == 0)
        for first in stride(from: 0, to: height, by: block) {
            pump(first < height / 2 ? topRows : bottomRows, flush: first + block == height ? Z_FINISH : Z_NO_FLUSH)
        }
        deflateEnd(&stream)
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)] }
        let entries: [(tag: Int, type: Int, value: Int)] = [
            (0x0100, 4, width), (0x0101, 4, height), (0x0102, 3, 8), (0x0103, 3, 8),  // deflate
            (0x0106, 3, 1), (0x0111, 4, 8), (0x0115, 3, 1), (0x0116, 4, height), (0x0117, 4, compressed.count)
        ]
        let ifd = 8 + compressed.count
        var file: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + u32(ifd) + compressed + u16(entries.count)
        for entry in entries {
            file += u16(entry.tag) + u16(entry.type) + u32(1) + (entry.type == 3 ? u16(entry.value) + [0, 0] : u32(entry.value))
        }
        return file + u32(0)
    }

    @Test func aLargeTIFFIsScaledAsItsRowsComeNotDecodedWhole() throws {
        // 10000×10000 in one strip of 119 KB: 400 MB decoded whole (406 MB were taken), which the
        // budget refuses; read a row at a time, the picture is 100×100 and a row's memory.
        let tiff = Self.deflateTIFF(width: 10_000, height: 10_000, top: 40, bottom: 220)
        let pixels = try ImageDecoder.decode(tiff, fitting: PixelSize(width: 100, height: 100))
        #expect(pixels.width == 100 && pixels.height == 100)
        #expect(OtherFormatsTests.pixel(pixels, 50, 10) == [40, 40, 40, 255])
        #expect(OtherFormatsTests.pixel(pixels, 50, 90) == [220, 220, 220, 255])
        #expect(
            pixels.source
                == .file(format: "TIFF", stored: PixelSize(width: 10_000, height: 10_000), decoded: PixelSize(width: 100, height: 100)))
    }
}
