import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The decoders of WebP, GIF, HEIC, AVIF and TIFF are loaded when the first photo of their format is met:
/// without them photorepl starts, lists the folder, shows its JPEGs and PNGs, and says for each
/// other photo which Debian package would show it.
struct FormatLibrariesTests {
    static let libraries = ["libwebp.so.7", "libwebpdemux.so.2", "libgif.so.7", "libheif.so.1", "libtiff.so.6"]

    /// Hides the libraries from photorepl in a mount namespace of its own (root only, as on CI and here).
    @Test(.enabled(if: getuid() == 0 && FileManager.default.fileExists(atPath: "/usr/bin/unshare"), "needs root and unshare"))
    func missingLibrariesAreOneLineEachNamingThePackage() throws {
        let paths = Self.libraries.map { "/usr/lib/x86_64-linux-gnu/" + $0 }.filter { FileManager.default.fileExists(atPath: $0) }
        try #require(paths.count == Self.libraries.count, "the libraries are not where Debian puts them: \(paths)")
        // The photos as Examples/formats.t lists them: 1 WebP, 2 the camera's JPEG, 3 AVIF, 5 a JPEG,
        // 7 the scanner's TIFF, 8 GIF, 9 the DNG (drawn from its JPEG preview, with no library).
        let script = try Binary.script("count 9\nfetch\nopen 1\nback\nopen 8\nback\nopen 3\nback\nopen 7\nback\nopen 9\nback\nopen 5\n")
        let hide = paths.map { "mount --bind /dev/null \($0)" }.joined(separator: " && ")
        let command = "\(hide) && exec \(Binary.executable.path) run --keep-going --folder Examples/formats --preview ascii --preview-size 20x6 \(script)"
        let result = try Binary.run(["/bin/sh", "-c", command], launcher: "/usr/bin/unshare", launcherArguments: ["-m"])
        #expect(result.status == 0, "\(result.stderr)")
        let out = result.stdout
        #expect(out.contains("Found 9 photos in Examples/formats.\n"), "\(out)")
        #expect(out.contains("photos> open 1\n(picture not shown: WebP pictures need libwebp: install the Debian packages libwebp7 and libwebpdemux2)\nPhoto 1 of 9\n"), "\(out)")
        #expect(out.contains("photos> open 8\n(picture not shown: GIF pictures need giflib: install the Debian package libgif7)\nPhoto 8 of 9\n"), "\(out)")
        #expect(out.contains("photos> open 3\n(picture not shown: HEIC and AVIF pictures need libheif: install the Debian package libheif1)\nPhoto 3 of 9\n"), "\(out)")
        #expect(out.contains("photos> open 7\n(picture not shown: TIFF pictures need libtiff: install the Debian package libtiff6)\nPhoto 7 of 9\n"), "\(out)")
        // A JPEG is drawn as ever, and a camera's DNG from its JPEG preview, needing no library.
        for position in [5, 9] {
            let shown = out.components(separatedBy: "photos> open \(position)\n").last ?? ""
            #expect(!shown.hasPrefix("(picture not shown") && shown.contains("Photo \(position) of 9\n"), "\(shown)")
        }
    }

    /// None of them is among photorepl's libraries: a start never loads them.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/ldd"), "needs ldd"))
    func theyAreNotLinked() throws {
        let result = try Binary.run([Binary.executable.path], launcher: "/usr/bin/ldd")
        #expect(result.status == 0)
        for name in ["libwebp", "libgif", "libheif", "libde265", "libaom", "libdav1d", "libtiff"] {
            #expect(!result.stdout.contains(name), "\(name) in \(result.stdout)")
        }
    }
}
