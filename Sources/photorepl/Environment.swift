import SystemCalls

/// What the process environment says.
enum Environment {
    static func environmentValue(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
