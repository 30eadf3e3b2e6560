// The C library (for access(2): a cassette that is there but cannot be read is exit 66, one that is
// not there 64), named in this file only: Glibc on Linux, Musl on Alpine, Darwin on macOS.
// Re-exported, so the app's other files have it without importing it; an app has no clients.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("this app needs a POSIX C library: Glibc, Musl or Darwin")
#endif
