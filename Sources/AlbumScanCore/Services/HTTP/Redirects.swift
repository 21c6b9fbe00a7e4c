import Foundation

/// Follows HTTP redirects above any transport, so every hop is checked, recorded and replayed.
package enum Redirects {
    /// Most hops followed before giving up.
    package static let hopLimit = 5

    /// Sends `request`, following 301/302/303/307/308 up to `hopLimit` hops, across hosts.
    package static func follow(_ request: HTTPRequest, via transport: any HTTPTransport) async throws -> HTTPResponse {
        var current = request
        for _ in 0...hopLimit {
            let response = try await transport.send(current)
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.header("location")
            else { return response }
            current.url = try target(of: location, from: current.url)
            if response.status == 303 {
                current.method = "GET"
                current.body = nil
            }
        }
        throw HTTPTransportError.tooManyRedirects
    }

    /// Resolves a Location header; only http(s) targets are allowed, and plain http is upgraded off loopback.
    package static func target(of location: String, from base: URL) throws -> URL {
        guard let url = URL(string: location, relativeTo: base)?.absoluteURL,
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else { throw HTTPTransportError.unsupportedRedirect(String(location.prefix(80))) }
        return secured(url)
    }

    /// The https form of an http URL, except for loopback hosts (tests and local servers).
    package static func secured(_ url: URL) -> URL {
        guard url.scheme?.lowercased() == "http", let host = url.host, !isLoopback(host),
            var parts = URLComponents(url: url, resolvingAgainstBaseURL: true)
        else { return url }
        parts.scheme = "https"
        return parts.url ?? url
    }

    /// Whether a host name is this machine.
    package static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]"
    }
}
