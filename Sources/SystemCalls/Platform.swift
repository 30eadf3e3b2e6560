// The C library, for every Swift module of the package: this file alone names it (Glibc on Debian and
// most Linux systems, Musl on Alpine, Darwin on macOS), and a module that calls it imports this one
// (`import SystemCalls`). Re-exported from here only: the libraries' own clients do not get
// the C library through them. The few calls that differ between the systems are wrapped below, in
// `package` declarations (this package's modules only). Scripts/check-platform keeps it so.
//
// Built and tested on Debian Linux only: the Darwin and Musl branches are written, not compiled.
#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Musl)
    @_exported import Musl
#elseif canImport(Darwin)
    @_exported import Darwin
#else
    #error("SystemCalls needs a POSIX C library: Glibc, Musl or Darwin")
#endif

/// The C library's functions that a type's own methods of the same name would hide (a type with a
/// `close()` calls `LibC.close(fd)`), under a name that is the same on every system (`Glibc.close`
/// builds on Linux only).
package enum LibC {
    @discardableResult
    package static func close(_ fd: Int32) -> Int32 { SystemCalls.systemClose(fd) }

    package static func open(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 { SystemCalls.systemOpen(path, flags) }

    package static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        SystemCalls.systemRead(fd, buffer, count)
    }

    package static func write(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        SystemCalls.systemWrite(fd, buffer, count)
    }
}

// At file scope, where nothing hides the C library's names.
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 { open(path, flags) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }

/// Runs `body` on a new detached thread of its own; false when no thread could be had (then `body`
/// is not run). A POSIX thread, whose handle differs between the systems: an integer in glibc, a
/// pointer in Darwin and musl.
package func startDetachedThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    // (`context as UnsafeMutableRawPointer?`: the start routine's argument is optional in glibc's
    // headers, not in every Darwin SDK's.)
    #if canImport(Glibc)
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in ThreadBody.run((context as UnsafeMutableRawPointer?)!) }, context)
        if started == 0 { pthread_detach(thread) }
    #else
        var thread: pthread_t? = nil
        let started = pthread_create(&thread, nil, { context in ThreadBody.run((context as UnsafeMutableRawPointer?)!) }, context)
        if started == 0, let thread { pthread_detach(thread) }
    #endif
    if started != 0 { Unmanaged<ThreadBody>.fromOpaque(context).release() }
    return started == 0
}

/// What `startDetachedThread` runs, retained for the thread until it runs it.
private final class ThreadBody: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    static func run(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().body()
        return nil
    }
}

extension stat {
    /// When the file's content last changed (`st_mtim` in Linux's C libraries, `st_mtimespec` in Darwin's).
    package var modificationTime: timespec {
        #if canImport(Darwin)
            st_mtimespec
        #else
            st_mtim
        #endif
    }

    /// When the file was last read (`st_atim`, `st_atimespec`).
    package var accessTime: timespec {
        #if canImport(Darwin)
            st_atimespec
        #else
            st_atim
        #endif
    }

    /// When the file's inode last changed (its data or its attributes: `touch -r` putting a
    /// modification time back changes this one).
    package var changeTime: timespec {
        #if canImport(Darwin)
            st_ctimespec
        #else
            st_ctim
        #endif
    }
}

/// A monotonic clock cheap to read: Linux's coarse one (a few nanoseconds a call, to a tick's
/// precision); elsewhere the plain monotonic clock.
package var coarseMonotonicClock: clockid_t {
    #if canImport(Darwin)
        CLOCK_MONOTONIC
    #else
        CLOCK_MONOTONIC_COARSE
    #endif
}

/// An empty set of posix_spawn file actions, to be initialised by `posix_spawn_file_actions_init`:
/// a structure in Linux's C libraries, a pointer in Darwin's.
package func uninitializedSpawnFileActions() -> posix_spawn_file_actions_t {
    #if canImport(Darwin)
        nil
    #else
        posix_spawn_file_actions_t()
    #endif
}

/// The process's environment, for posix_spawn (`environ`, which Darwin's headers do not declare).
package var processEnvironment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    #if canImport(Darwin)
        _NSGetEnviron().pointee
    #else
        environ
    #endif
}
