import Testing
@testable import Networking

/// RFC 1321's test suite, and the name the Thumbnail Managing Standard gives its example.
@Suite struct MD5Tests {
    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
        ("12345678901234567890123456789012345678901234567890123456789012345678901234567890", "57edf4a22be3c955ac49da2e2107b67a"),
        // The standard's own example: the thumbnail of file:///home/jens/photos/me.png.
        ("file:///home/jens/photos/me.png", "c6ee772d9e49320e97ec29a7eb5b1697")
    ])
    func digests(text: String, hex: String) {
        #expect(MD5.hex(Array(text.utf8)) == hex)
    }

    /// Lengths around the 64-byte block and its 56-byte padding boundary.
    @Test func lengthsAroundABlock() {
        // md5 of 55, 56, 63, 64 and 65 'a's (coreutils md5sum).
        let expected = [
            55: "ef1772b6dff9a122358552954ad0df65", 56: "3b0c8ac703f828b04c6c197006d17218",
            63: "b06521f39153d618550606be297466d5", 64: "014842d480b571495a4a0363793f7367",
            65: "c743a45e0d2e6a95cb859adae0248435"
        ]
        for (count, hex) in expected {
            #expect(MD5.hex([UInt8](repeating: UInt8(ascii: "a"), count: count)) == hex, "\(count)")
        }
    }
}
