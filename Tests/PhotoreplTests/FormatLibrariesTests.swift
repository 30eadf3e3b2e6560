import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The decoders of WebP, GIF, HEIC and AVIF are loaded when the first photo of their format is met:
/// without them photorepl starts, lists the folder, shows its JPEGs and PNGs, and says for each
/// other photo which Debian package would show it.
struct FormatLibrariesTests {
    static let libraries = ["libwebp.so.7", "libwebpdemux.so.2", "libgif.so.7", "libheif.so.1"]

    /// Hides the libraries from photorepl in a mount namespace of its own (root only, as on CI and here).
    @Test(.enabled(if: getuid() == 0 && FileManager.default.fileExists(atPath: "/usr/bin/unshare"), "needs root and unshare"))
    func missingLibrariesAreOneLineEachNamingThePackage() throws {
        let paths = Self.libraries.map { "/usr/lib/x86_64-linux-gnu/" + $0 }.filter { FileManager.default.fileExists(atPath: $0) }
        try #require(paths.count == Self.libraries.count, "the libraries are not where Debian puts them: \(paths)")
        let script = try Binary.script("count 7\nfetch\nopen 1\nback\nopen 2\nback\nopen 3\nback\nopen 5\n")
        let hide = paths.map { "mount --bind /dev/null \($0)" }.joined(separator: " && ")
        let command = "\(hide) && exec \(Binary.executable.path) run --keep-going --folder Examples/formats --preview ascii --preview-size 20x6 \(script)"
        let result = try Binary.run(["/bin/sh", "-c", command], launcher: "/usr/bin/unshare", launcherArguments: ["-m"])
        #expect(result.status == 0, "\(result.stderr)")
        let out = result.stdout
        #expect(out.contains("Found 7 photos in Examples/formats.\n"), "\(out)")
        #expect(out.contains("photos> open 1\n(picture not shown: WebP pictures need libwebp: install the Debian packages libwebp7 and libwebpdemux2)\nPhoto 1 of 7\n"), "\(out)")
        #expect(out.contains("photos> open 2\n(picture not shown: GIF pictures need giflib: install the Debian package libgif7)\nPhoto 2 of 7\n"))
        #expect(out.contains("photos> open 3\n(picture not shown: HEIC and AVIF pictures need libheif: install the Debian package libheif1)\nPhoto 3 of 7\n"))
        // A JPEG is drawn as ever.
        let jpeg = out.components(separatedBy: "photos> open 5\n").last ?? ""
        #expect(!jpeg.hasPrefix("(picture not shown") && jpeg.contains("Photo 5 of 7\n"), "\(jpeg)")
    }

    /// None of them is among photorepl's libraries: a start never loads them.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/ldd"), "needs ldd"))
    func theyAreNotLinked() throws {
        let result = try Binary.run([Binary.executable.path], launcher: "/usr/bin/ldd")
        #expect(result.status == 0)
        for name in ["libwebp", "libgif", "libheif", "libde265", "libaom", "libdav1d"] {
            #expect(!result.stdout.contains(name), "\(name) in \(result.stdout)")
        }
    }
}
