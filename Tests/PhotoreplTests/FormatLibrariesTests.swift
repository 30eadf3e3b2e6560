import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// The decoders of WebP, GIF, HEIC, AVIF, JPEG XL, TIFF and RAW are loaded when the first photo of their format is met:
/// without them photorepl starts, lists the folder, shows its JPEGs and PNGs, and says for each
/// other photo which Debian package would show it.
struct FormatLibrariesTests {
    static let libraries = [
        "libwebp.so.7", "libwebpdemux.so.2", "libgif.so.7", "libheif.so.1", "libtiff.so.6", "libjxl.so.0.7", "libraw_r.so.20"
    ]

    /// Hides the libraries from photorepl in a mount namespace of its own (root only, as on CI and here).
    @Test(.enabled(if: getuid() == 0 && FileManager.default.fileExists(atPath: "/usr/bin/unshare"), "needs root and unshare"))
    func missingLibrariesAreOneLineEachNamingThePackage() throws {
        let paths = Self.libraries.map { "/usr/lib/x86_64-linux-gnu/" + $0 }.filter { FileManager.default.fileExists(atPath: $0) }
        try #require(paths.count == Self.libraries.count, "the libraries are not where Debian puts them: \(paths)")
        // The photos as Examples/formats.t lists them: 6 WebP, 10 GIF, 1 AVIF, 13 the scanner's TIFF,
        // 12 JPEG XL, 5 a JPEG, 14 the DNG and 2 the CR3 (drawn from their JPEG previews, with no library).
        let script = try Binary.script(
            "count 14\nfetch\nopen 6\nback\nopen 10\nback\nopen 1\nback\nopen 13\nback\nopen 12\nback\nopen 14\nback\nopen 2\nback\nopen 5\n"
        )
        let hide = paths.map { "mount --bind /dev/null \($0)" }.joined(separator: " && ")
        let command =
            "\(hide) && exec \(Binary.executable.path) run --keep-going --folder Examples/formats --preview ascii --preview-size 20x6 \(script)"
        let result = try Binary.run(["/bin/sh", "-c", command], launcher: "/usr/bin/unshare", launcherArguments: ["-m"])
        #expect(result.status == 0, "\(result.stderr)")
        let out = result.stdout
        #expect(out.contains("Found 14 photos in Examples/formats.\n"), "\(out)")
        #expect(
            out.contains(
                "photos> open 6\n(picture not shown: WebP pictures need libwebp: install the Debian packages libwebp7 and libwebpdemux2)\nPhoto 6 of 14\n"
            ), "\(out)")
        #expect(
            out.contains(
                "photos> open 10\n(picture not shown: GIF pictures need giflib: install the Debian package libgif7)\nPhoto 10 of 14\n"),
            "\(out)")
        #expect(
            out.contains(
                "photos> open 1\n(picture not shown: HEIC and AVIF pictures need libheif: install the Debian package libheif1)\nPhoto 1 of 14\n"
            ), "\(out)")
        #expect(
            out.contains(
                "photos> open 13\n(picture not shown: TIFF pictures need libtiff: install the Debian package libtiff6)\nPhoto 13 of 14\n"),
            "\(out)")
        // Without libjxl the listing cannot read a JPEG XL's size either: its row says so.
        #expect(
            out.contains(
                "photos> open 12\n(picture not shown: JPEG XL pictures need libjxl: install the Debian package libjxl0.7)\nPhoto 12 of 14\n"
            ), "\(out)")
        // A JPEG is drawn as ever, and camera RAWs from their JPEG previews, needing no library.
        for position in [5, 14, 2] {
            let shown = out.components(separatedBy: "photos> open \(position)\n").last ?? ""
            #expect(!shown.hasPrefix("(picture not shown") && shown.contains("Photo \(position) of 14\n"), "\(shown)")
        }
    }

    /// libjpeg-turbo, libpng, libchafa and libedit are loaded when first needed too (they were linked,
    /// and a third of every start): without them photorepl starts and runs scripts, each JPEG and each
    /// PNG its own reader leaves to libpng says which package shows it, the PNGs it reads itself are
    /// drawn, libchafa's symbols give way to half blocks of our own, and typing commands says to
    /// install libedit (exit 69) and how to run a script instead.
    @Test(
        .enabled(
            if: getuid() == 0 && FileManager.default.fileExists(atPath: "/usr/bin/unshare")
                && FileManager.default.fileExists(atPath: "/usr/bin/script"), "needs root, unshare and script"))
    func theLibrariesOfPicturesAndTypingAreLoadedWhenFirstNeeded() throws {
        let libraries = ["libturbojpeg.so.0", "libpng16.so.16", "libchafa.so.0", "libedit.so.2"]
        let paths = libraries.map { "/usr/lib/x86_64-linux-gnu/" + $0 }.filter { FileManager.default.fileExists(atPath: $0) }
        try #require(paths.count == libraries.count, "the libraries are not where Debian puts them: \(paths)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("core-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["sunset.jpg", "nested/deeper/leaf.png"] {
            let source = Binary.packageRoot.appendingPathComponent("Examples/photos/\(name)")
            try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(source.lastPathComponent))
        }
        try Data(Self.greyPNGWithATransparentShade).write(to: folder.appendingPathComponent("clear.png"))
        let script = try Binary.script("count 3\nfetch\nopen 1\nback\nopen 2\nback\nopen 3\n")
        let hide = paths.map { "mount --bind /dev/null \($0)" }.joined(separator: " && ")
        // What each `open` printed before the photo's lines, by the photo's id, in `style`. Colours
        // (NO_COLOR empty is unset): in monochrome the half blocks would give way to ASCII.
        func shown(in style: String) throws -> [String: String] {
            let photorepl =
                "\(Binary.executable.path) run --keep-going --no-config --folder \(folder.path) --preview \(style) --preview-size 20x6 \(script)"
            let result = try Binary.run(
                ["/bin/sh", "-c", "\(hide) && exec \(photorepl)"], environment: ["NO_COLOR": ""],
                launcher: "/usr/bin/unshare", launcherArguments: ["-m"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("Found 3 photos in \(folder.path).\n"), "\(result.stdout)")
            var shown: [String: String] = [:]
            for block in result.stdout.components(separatedBy: "photos> open ").dropFirst() {
                guard let id = block.components(separatedBy: "  id           ").dropFirst().first?.prefix(while: { $0 != "\n" }) else {
                    continue
                }
                shown[String(id)] = block.components(separatedBy: "\nPhoto ").first.map { String($0.drop { $0 != "\n" }.dropFirst()) }
            }
            return shown
        }
        // A library hidden behind /dev/null is there but broken: what the loader said follows.
        let loaderSaid = "; the system's loader said: /lib/x86_64-linux-gnu/"
        for style in ["symbols", "sixel"] {
            let shown = try shown(in: style)
            #expect(
                shown["clear.png"]?.hasPrefix(
                    "(picture not shown: this PNG needs libpng: install the Debian package libpng16-16\(loaderSaid)") == true,
                "\(style): \(shown)")
            #expect(
                shown["sunset.jpg"]?.hasPrefix(
                    "(picture not shown: JPEG pictures need libjpeg-turbo: install the Debian package libturbojpeg0\(loaderSaid)") == true,
                "\(style): \(shown)")
            if style == "symbols" {
                // Half blocks of our own: every cell an upper half block in its two colours
                // (libchafa's symbols would mix in others, spaces and quadrants).
                let leaf = (shown["leaf.png"] ?? "").replacing(/\x1B\[[0-9;]*m/, with: "")
                #expect(
                    leaf.split(separator: "\n").count == 6 && leaf.split(separator: "\n").allSatisfy { $0.allSatisfy { $0 == "▀" } },
                    "the leaf in half blocks: \(shown)")
            } else {
                // Sixels are photorepl's own: drawn without libchafa.
                #expect(shown["leaf.png"]?.contains("\u{1B}P0;1;0q\"1;1;") == true, "the leaf as a sixel: \(shown)")
            }
        }

        // Typing commands: `script` gives photorepl a terminal, in which it would start libedit.
        let typing = try Binary.run(
            ["/bin/sh", "-c", "\(hide) && exec /usr/bin/script -qec '\(Binary.executable.path) --no-config' /dev/null < /dev/null"],
            launcher: "/usr/bin/unshare", launcherArguments: ["-m"])
        #expect(typing.status == 69, "\(typing.stdout) \(typing.stderr)")
        let said = typing.stdout + typing.stderr
        #expect(
            said.contains("photorepl: typing commands needs libedit: install the Debian package libedit2\(loaderSaid)")
                && said.contains("libedit.so.2: file too short (scripts run without it: photorepl run FILE)"), "\(said)")
    }

    /// A 2×2 grey PNG whose shade 0 is transparent (a tRNS chunk): photorepl's own reader leaves
    /// such PNGs to libpng. Its one IDAT holds a stored (uncompressed) deflate block.
    static var greyPNGWithATransparentShade: [UInt8] {
        func be32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return ~crc
        }
        func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(kind.utf8) + data
            return be32(UInt32(data.count)) + body + be32(crc32(body))
        }
        let rows: [UInt8] = [0, 0, 255, 0, 255, 0]  // filter 0, then two grey bytes, twice
        let adler = rows.reduce((a: UInt32(1), b: UInt32(0))) { s, byte in
            let a = (s.a + UInt32(byte)) % 65521
            return (a, (s.b + a) % 65521)
        }
        let stored: [UInt8] = [0x78, 0x01, 0x01, UInt8(rows.count), 0, ~UInt8(rows.count), 0xFF] + rows + be32(adler.b << 16 | adler.a)
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be32(2) + be32(2) + [8, 0, 0, 0, 0])
            + chunk("tRNS", [0, 0]) + chunk("IDAT", stored) + chunk("IEND", [])
    }

    /// libjxl 0.7 prints each failure inside it to C's stderr ("decode.cc:2143: missing input"), and
    /// libraw's default handler its data errors ("Unexpected end of file"): a cut or corrupt JPEG XL
    /// says what is wrong in its one line, a RAW whose sensor data runs past the end is shown from
    /// its preview, and nothing else reaches the screen.
    @Test func aCorruptFilePrintsNothingButItsLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jxl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = [UInt8](try Data(contentsOf: Binary.packageRoot.appendingPathComponent("Examples/formats/sunset.jxl")))
        try Data(file[..<(file.count / 2)]).write(to: folder.appendingPathComponent("cut.jxl"))
        var flipped = file
        for i in stride(from: 600, to: file.count, by: 40) { flipped[i] ^= 0xFF }
        try Data(flipped).write(to: folder.appendingPathComponent("flipped.jxl"))
        // The sensor's strip (the second StripOffsets, little-endian LONG) moved to 1,000 bytes
        // before the end: libraw reads past it.
        var sensor = [UInt8](try Data(contentsOf: Binary.packageRoot.appendingPathComponent("Tests/Fixtures/formats/camera-sensor.dng")))
        let stripOffsets: [UInt8] = [0x11, 0x01, 4, 0, 1, 0, 0, 0]
        let entries = (0..<sensor.count - 12).filter { Array(sensor[$0..<$0 + 8]) == stripOffsets }
        try #require(entries.count == 2)
        for k in 0..<4 { sensor[entries[1] + 8 + k] = UInt8(truncatingIfNeeded: UInt32(sensor.count - 1000) >> (8 * k)) }
        try Data(sensor).write(to: folder.appendingPathComponent("late.dng"))
        let script = try Binary.script("count 3\nfetch\nopen 1\nshow --why\nback\nopen 2\nshow --why\nback\nopen 3\nshow --why\n")
        let result = try Binary.run(["run", "--folder", folder.path, "--preview", "ascii", "--preview-size", "40x12", script])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.contains("(picture not shown: the JPEG XL file is truncated)\n"), "\(result.stdout)")
        #expect(result.stdout.contains("(picture not shown: corrupt JPEG XL)\n"), "\(result.stdout)")
        #expect(result.stdout.contains("picture: from the DNG largest JPEG preview, smaller than the box, (64×40)"), "\(result.stdout)")
    }

    /// None of them is among photorepl's libraries: a start never loads them.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/ldd"), "needs ldd"))
    func theyAreNotLinked() throws {
        let result = try Binary.run([Binary.executable.path], launcher: "/usr/bin/ldd")
        #expect(result.status == 0)
        for name in [
            "libwebp", "libgif", "libheif", "libde265", "libaom", "libdav1d", "libtiff", "libjxl", "libbrotli", "libraw",
            "libturbojpeg", "libpng", "libchafa", "libglib", "libpcre2", "libedit", "libtinfo", "libbsd"
        ] {
            #expect(!result.stdout.contains(name), "\(name) in \(result.stdout)")
        }
    }
}
