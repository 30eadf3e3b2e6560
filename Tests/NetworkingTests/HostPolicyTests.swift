import Testing
@testable import Networking

/// Redirects and image URLs went to any http(s) host. The policy names the hosts, and keeps
/// loopback, private and link-local addresses out unless the API itself is at one.
@Suite struct HostPolicyTests {
    let unsplash = HostPolicy.api(
        at: "https://api.unsplash.com", alsoAllowed: ["images.unsplash.com", "plus.unsplash.com"], isDefault: true)

    @Test func theRealAPIReachesItsHostAndUnsplashsImageHostsOnly() {
        #expect(unsplash.refusal(of: "https://api.unsplash.com/photos/random?count=2") == nil)
        #expect(unsplash.refusal(of: "https://images.unsplash.com/photo-1?w=400") == nil)
        #expect(unsplash.refusal(of: "https://plus.unsplash.com/premium_photo-1") == nil)
        #expect(unsplash.refusal(of: "https://IMAGES.unsplash.com/x") == nil)
        #expect(
            unsplash.refusal(of: "http://169.254.169.254/latest/meta-data/")
                == "169.254.169.254 is a local or private address, refused unless the API itself is at one")
        #expect(
            unsplash.refusal(of: "https://evil.example/x")
                == "evil.example is not one of the allowed hosts (api.unsplash.com, images.unsplash.com, plus.unsplash.com)")
        #expect(unsplash.refusal(of: "https://images.unsplash.com.evil.example/x") != nil)
        #expect(unsplash.refusal(of: "https://user@evil.example/x") != nil)
        #expect(unsplash.refusal(of: "https://api.unsplash.com@evil.example/x") != nil)
        #expect(unsplash.refusal(of: "file:///etc/passwd") != nil)
    }

    @Test(arguments: [
        "127.0.0.1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "0.0.0.0",
        "100.64.0.1", "localhost", "a.localhost", "::1", "fe80::1", "fd00::1", "::ffff:127.0.0.1",
        // Other spellings libcurl reads as IPv4 addresses.
        "127.1", "0x7f.1", "2130706433", "10.1", "0"
    ])
    func localAddresses(host: String) {
        #expect(URLParts.isLocalAddress(host))
    }

    @Test(arguments: ["8.8.8.8", "172.32.0.1", "192.169.0.1", "api.unsplash.com", "2606:4700::1", "1.2.3", "1e100.net", "0x8.8.8.8"])
    func addressesOnTheInternet(host: String) {
        #expect(!URLParts.isLocalAddress(host))
    }

    @Test func aTestServerOnLoopbackIsReachedAndOnlyIt() {
        let local = HostPolicy.api(at: "http://127.0.0.1:8080", alsoAllowed: ["images.unsplash.com", "plus.unsplash.com"], isDefault: false)
        #expect(local.refusal(of: "http://127.0.0.1:8080/photos") == nil)
        #expect(local.refusal(of: "http://127.0.0.1:9999/images/a.jpg") == nil)
        #expect(local.refusal(of: "http://localhost:8080/photos") != nil)
        #expect(local.refusal(of: "https://images.unsplash.com/x") != nil)
        // Unsplash's names must lead to the internet; a configured API's may lead anywhere, as a
        // server on the LAN named photos.lan does. Other hosts stay out either way.
        #expect(!unsplash.allowsLocalAddresses)
        let lan = HostPolicy.api(at: "http://photos.lan:8080", alsoAllowed: ["images.unsplash.com", "plus.unsplash.com"], isDefault: false)
        #expect(lan.allowsLocalAddresses && lan.refusal(of: "http://photos.lan:8080/photos") == nil)
        #expect(lan.refusal(of: "http://10.0.0.1/") == "10.0.0.1 is not one of the allowed hosts (photos.lan)")
    }

    @Test func hostsAndRedirects() {
        #expect(URLParts.host(of: "http://[::1]:8080/x") == "::1")
        #expect(URLParts.host(of: "https://u:p@Example.COM:443/a?b#c") == "example.com")
        #expect(URLParts.resolve("/b?c=1", against: "http://h:1/a/x?q") == "http://h:1/b?c=1")
        #expect(URLParts.resolve("y", against: "http://h/a/x?q") == "http://h/a/y")
        #expect(URLParts.resolve("//other/z", against: "https://h/a") == "https://other/z")
        #expect(URLParts.resolve("http://o/p", against: "https://h/a") == "http://o/p")
    }
}

@Suite struct QueryValueTests {
    /// Typed text cannot add a parameter, end the query or start a fragment; what is unreserved is kept.
    @Test func encodesAllButUnreservedBytes() {
        #expect(URLParts.queryValue("swift repl") == "swift%20repl")
        #expect(URLParts.queryValue("a&b=c#d?e+f/g") == "a%26b%3Dc%23d%3Fe%2Bf%2Fg")
        #expect(URLParts.queryValue("stars:>100 language:swift") == "stars%3A%3E100%20language%3Aswift")
        #expect(URLParts.queryValue("Az09-_.~") == "Az09-_.~")
        #expect(URLParts.queryValue("é\n") == "%C3%A9%0A")
        #expect(URLParts.queryValue("") == "")
    }
}
