#if canImport(Glibc)
import Glibc
#endif

/// What the process environment says.
enum Environment {
    static func environmentValue(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Colour only on a terminal, never with NO_COLOR set (non-empty) or TERM=dumb.
    static var wantsColour: Bool {
        guard isatty(1) == 1 else { return false }
        if let noColor = environmentValue("NO_COLOR"), !noColor.isEmpty { return false }
        return environmentValue("TERM") != "dumb"
    }
}
