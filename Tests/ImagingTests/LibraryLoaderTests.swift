import CLibraryLoader
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// What photorepl says when a library it loads with dlopen cannot serve: missing (install its
/// package), or too old (it lacks a function); and the functions found when it can.
@Suite struct LibraryLoaderTests {
    private func load(_ soname: String, _ names: [String]) -> (status: Int32, error: String, found: [UnsafeMutableRawPointer?]) {
        var addresses = [UnsafeMutableRawPointer?](repeating: nil, count: names.count)
        var error = [CChar](repeating: 0, count: 256)
        let status = addresses.withUnsafeMutableBufferPointer { slots in
            let cNames = names.map { strdup($0)! }
            defer { cNames.forEach { free($0) } }
            let symbols = (0..<names.count).map { loader_library_symbol(name: cNames[$0], address: slots.baseAddress! + $0) }
            return loader_load_library(soname, symbols, symbols.count, "widgets need libwidget", "libwidget1", &error, error.count)
        }
        return (status, String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), addresses)
    }

    @Test func aMissingLibraryNamesItsPackageAndNothingElse() {
        let result = load("libphotorepl-no-such-library.so.1", ["widget_new"])
        #expect(result.status == -1)
        #expect(result.error == "widgets need libwidget: install the Debian package libwidget1")
    }

    @Test func aLibraryLackingAFunctionIsTooOld() {
        let result = load("libc.so.6", ["strlen", "photorepl_no_such_function"])
        #expect(result.status == -1)
        #expect(result.error == "libc.so.6 (libwidget1) lacks photorepl_no_such_function: it is too old; install a newer libwidget1")
    }

    /// A library is tried once: its answer is kept, whether it loaded or not.
    @Test func aLibraryIsLoadedOnceAndItsAnswerKept() {
        let texts: [UnsafePointer<CChar>] = ["strlen", "libc.so.6", "libphotorepl-no-such-library.so.1", "m", "p"].map { (text: String) in
            UnsafePointer(strdup(text)!)
        }
        defer { texts.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        let slot = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 1)
        let symbol = UnsafeMutablePointer<loader_library_symbol>.allocate(capacity: 1)
        defer {
            slot.deallocate()
            symbol.deallocate()
        }
        slot.pointee = nil
        symbol.pointee = loader_library_symbol(name: texts[0], address: slot)
        var found = loader_library()  // zeroed: not tried yet
        found.soname = texts[1]
        found.symbols = UnsafePointer(symbol)
        found.count = 1
        found.missing = texts[3]
        found.package = texts[4]
        var missing = found
        missing.soname = texts[2]

        #expect(loader_library_load(&found) == nil && found.state == 1 && slot.pointee != nil)
        slot.pointee = nil
        #expect(loader_library_load(&found) == nil && slot.pointee == nil, "looked up again")
        let first = loader_library_load(&missing).map { String(cString: $0) }
        #expect(first == "m: install the Debian package p" && missing.state == -1)
        #expect(loader_library_load(&missing).map { String(cString: $0) } == first)
    }

    @Test func everyFunctionFoundIsGiven() {
        let result = load("libc.so.6", ["strlen", "memcpy"])
        #expect(result.status == 0 && result.error.isEmpty)
        #expect(result.found.allSatisfy { $0 != nil })
    }
}
