import Foundation

/// One HTTP request as a loopback fake received it.
package struct FakeRequest: Sendable {
    /// The method, such as `GET` or `POST`.
    package var method: String
    /// The request target exactly as sent, such as `/ws/2/release?query=a%20b`.
    package var target: String
    /// The percent-decoded path without the query.
    package var path: String
    /// The decoded query items in order (`+` reads as a space).
    package var queryItems: [URLQueryItem]
    /// The HTTP version, such as `HTTP/1.1`.
    package var version: String
    /// Header fields keyed by lower-cased name; repeated fields are joined with ", ".
    package var headers: [String: String]
    /// The request body (chunked bodies are already decoded).
    package var body: Data
    /// When the request was complete on the server.
    package var receivedAt: Date
    /// Which accepted connection carried it (1 for the first connection).
    package var connectionID: Int
    /// Its position among the requests on that connection (1 for the first).
    package var sequenceOnConnection: Int

    /// Creates a request; the path and query are split out of `target`.
    package init(
        method: String, target: String, version: String = "HTTP/1.1", headers: [String: String] = [:],
        body: Data = Data(), receivedAt: Date = Date(), connectionID: Int = 0, sequenceOnConnection: Int = 0
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { "\($0), \($1)" }
        self.body = body
        self.receivedAt = receivedAt
        self.connectionID = connectionID
        self.sequenceOnConnection = sequenceOnConnection
        // A request through a proxy names the whole URL (`GET http://musicbrainz.org/ws/2/release?… HTTP/1.1`): the
        // fake then stands for that host, and routes on its path as usual.
        var origin = target
        if let scheme = target.range(of: "://"), target.hasPrefix("http") {
            origin = target[scheme.upperBound...].firstIndex(of: "/").map { String(target[$0...]) } ?? "/"
        }
        let parts = origin.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let rawPath = parts.first.map(String.init) ?? origin
        path = rawPath.removingPercentEncoding ?? rawPath
        queryItems = parts.count > 1 ? Self.decodeQuery(String(parts[1])) : []
    }

    /// The value of header `name`, matched case-insensitively.
    package func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// The first value of query item `name`.
    package func query(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// The body parsed as JSON, or nil when it is not JSON.
    package var json: Any? {
        try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
    }

    /// The body parsed as a JSON object, or nil.
    package var jsonObject: [String: Any]? {
        json as? [String: Any]
    }

    /// The body as UTF-8 text.
    package var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }

    private static func decodeQuery(_ query: String) -> [URLQueryItem] {
        query.split(separator: "&").map { pair in
            let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return URLQueryItem(name: decode(halves[0]), value: halves.count > 1 ? decode(halves[1]) : nil)
        }
    }
}

extension FakeRequest: CustomStringConvertible {
    package var description: String { "\(method) \(target)" }
}
