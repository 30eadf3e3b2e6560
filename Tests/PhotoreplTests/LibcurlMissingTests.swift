import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// libcurl is loaded at the first request: without it photorepl still starts, works offline, and
/// says what to install when the network is asked for.
struct LibcurlMissingTests {
    /// Hides libcurl from photorepl in a mount namespace of its own (root only, as on CI and here).
    @Test(.enabled(if: getuid() == 0 && FileManager.default.fileExists(atPath: "/usr/bin/unshare"), "needs root and unshare"))
    func aMissingLibcurlIsAClearErrorNotAFailedStart() throws {
        let library = ["/usr/lib/x86_64-linux-gnu/libcurl.so.4", "/usr/lib/aarch64-linux-gnu/libcurl.so.4"]
            .first { FileManager.default.fileExists(atPath: $0) }
        let hidden = try #require(library, "libcurl.so.4 is not where Debian puts it")
        let script = try Binary.script("count 1\nfetch\nstate --json\n")
        let command = "mount --bind /dev/null \(hidden) && exec \(Binary.executable.path) run --keep-going --source unsplash \(script)"
        let result = try Binary.run(
            ["/bin/sh", "-c", command],
            environment: [
                "UNSPLASH_ACCESS_KEY": "k", "UNSPLASH_API_URL": "http://127.0.0.1:9"
            ], launcher: "/usr/bin/unshare", launcherArguments: ["-m"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("photos> fetch\nerror: fetch failed: libcurl could not be loaded ("), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "install the Debian package libcurl4 to use the network (nothing was fetched: type 'fetch' to try again)"))
        #expect(result.stdout.contains(#"{"stack":["collection"],"count":1,"photos":[],"page":0,"source":"unsplash","layout":"list"}"#))
    }

    /// Runs that never use the network never load libcurl: it is not among photorepl's libraries.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/ldd"), "needs ldd"))
    func libcurlIsNotLinked() throws {
        let result = try Binary.run([Binary.executable.path], launcher: "/usr/bin/ldd")
        #expect(result.status == 0)
        #expect(result.stdout.contains("libc.so"), "\(result.stdout)")
        #expect(!result.stdout.contains("libcurl"), "\(result.stdout)")
    }
}
