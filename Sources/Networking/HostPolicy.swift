import SystemCalls

/// Where requests may go: a set of host names, checked before every request and every redirect.
/// A server's answer or redirect cannot send the program to another host (a 302 to
/// `http://169.254.169.254/` made it connect to the cloud's metadata service). Addresses that are
/// not on the internet (loopback, private, link-local, and the names `localhost`) are reached only
/// when the configured API is itself at one, as a test server on 127.0.0.1 is.
public struct HostPolicy: Sendable, Equatable {
    /// Lower-case host names (or literal addresses, without brackets).
    public var hosts: Set<String>
    /// Whether loopback, private and link-local addresses may be reached at all.
    public var allowsLocalAddresses: Bool

    /// A policy allowing `hosts` (compared in lower case), and local addresses when `allowsLocalAddresses`.
    public init(hosts: Set<String>, allowsLocalAddresses: Bool) {
        self.hosts = Set(hosts.map { $0.lowercased() })
        self.allowsLocalAddresses = allowsLocalAddresses
    }

    /// The API at `apiBase`, and the hosts its answers link to (`alsoAllowed`: where its images are,
    /// say). For the API's own address (`isDefault`), those hosts, whose names must lead to the
    /// internet (a DNS answer of 169.254.169.254 is refused) unless the API's is itself local. For
    /// another address (a test server that serves everything itself, set by the user) its host alone,
    /// wherever that host is: on this machine or the LAN, by address or by name, the configured API
    /// is itself there.
    public static func api(at apiBase: String, alsoAllowed: Set<String> = [], isDefault: Bool) -> HostPolicy {
        let api = URLParts.host(of: apiBase) ?? ""
        if isDefault { return HostPolicy(hosts: alsoAllowed.union([api]), allowsLocalAddresses: URLParts.isLocalAddress(api)) }
        return HostPolicy(hosts: [api], allowsLocalAddresses: true)
    }

    /// Nil when `url` may be requested, else why not (naming its host).
    public func refusal(of url: String) -> String? {
        guard let scheme = URLParts.scheme(of: url), scheme == "http" || scheme == "https" else {
            return "\(URLParts.host(of: url) ?? url) is not an http or https address"
        }
        guard let host = URLParts.host(of: url), !host.isEmpty else { return "\(url) names no host" }
        if URLParts.isLocalAddress(host) && !allowsLocalAddresses {
            return "\(host) is a local or private address, refused unless the API itself is at one"
        }
        guard hosts.contains(host) else {
            return "\(host) is not one of the allowed hosts (\(hosts.sorted().joined(separator: ", ")))"
        }
        return nil
    }
}

/// Just enough of a URL: its scheme and host, as libcurl would read them, and values made safe to put
/// in one.
public enum URLParts {
    /// Text as a URL query value: letters, digits and `-_.~` as they are, every other byte
    /// percent-encoded (a space as `%20`), so that typed text cannot add a parameter or end the query.
    public static func queryValue(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        var out = String.UnicodeScalarView()
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.append(Unicode.Scalar(byte))
            default:
                out.append("%")
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 15)])
            }
        }
        return String(out)
    }

    /// `https` in `https://…`, lower-case.
    public static func scheme(of url: String) -> String? {
        guard let end = url.firstRange(of: "://") else { return nil }
        return url[..<end.lowerBound].lowercased()
    }

    /// The host, lower-case, without a port, user information or IPv6 brackets.
    public static func host(of url: String) -> String? {
        guard let start = url.firstRange(of: "://") else { return nil }
        var authority = url[start.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            return authority[authority.index(after: authority.startIndex)..<close].lowercased()
        }
        return String(authority.prefix { $0 != ":" }).lowercased()
    }

    /// Where a redirect's `Location` points, from the URL that answered with it.
    public static func resolve(_ location: String, against url: String) -> String {
        if location.contains("://") { return location }
        guard let schemeEnd = url.firstRange(of: "://") else { return location }
        let afterScheme = url[schemeEnd.upperBound...]
        let authorityEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
        let origin = String(url[..<authorityEnd])
        if location.hasPrefix("//") { return String(url[..<schemeEnd.lowerBound]) + ":" + location }
        if location.hasPrefix("/") { return origin + location }
        // Relative to the path's folder.
        let path = url[authorityEnd...].prefix { $0 != "?" && $0 != "#" }
        let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? "/"
        return origin + folder + location
    }

    /// Loopback, private (RFC 1918, unique local), link-local, unspecified and carrier-grade NAT
    /// addresses, IPv4-mapped ones, and `localhost` names.
    public static func isLocalAddress(_ host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" || host.hasSuffix(".localhost") { return true }
        if let v4 = ipv4(host) { return isLocal(v4) }
        guard host.contains(":") else { return false }
        if host == "::1" || host == "::" { return true }
        if let mapped = host.split(separator: ":").last, host.hasPrefix("::ffff:"), let v4 = ipv4(String(mapped)) { return isLocal(v4) }
        let first = host.split(separator: ":", omittingEmptySubsequences: false).first.flatMap { UInt16($0, radix: 16) } ?? 0
        return (first & 0xFFC0) == 0xFE80 || (first & 0xFE00) == 0xFC00  // fe80::/10, fc00::/7
    }

    /// An IPv4 address in any form libcurl (and inet_aton) reads as one: `127.0.0.1`, but also
    /// `127.1`, `0x7f.1` and `2130706433`.
    private static func ipv4(_ host: String) -> [UInt8]? {
        guard let first = host.utf8.first, first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") else { return nil }
        var address = in_addr()
        guard inet_aton(host, &address) != 0 else { return nil }
        return withUnsafeBytes(of: address.s_addr) { Array($0) }  // network order: the first byte first
    }

    private static func isLocal(_ a: [UInt8]) -> Bool {
        a[0] == 127 || a[0] == 10 || a[0] == 0 || (a[0] == 172 && (16...31).contains(a[1])) || (a[0] == 192 && a[1] == 168)
            || (a[0] == 169 && a[1] == 254) || (a[0] == 100 && (64...127).contains(a[1]))
    }
}
