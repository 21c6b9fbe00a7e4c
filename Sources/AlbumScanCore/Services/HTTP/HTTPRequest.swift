import Foundation

/// One HTTP request as the transports see it.
package struct HTTPRequest: Sendable, Equatable {
    package var method: String
    package var url: URL
    /// Header names as sent; matching is case-insensitive.
    package var headers: [String: String]
    package var body: Data?
    /// Whole-request deadline in seconds (connect, send and receive).
    package var timeout: TimeInterval
    /// Bodies larger than this are cut off and reported as an error.
    package var maxResponseBytes: Int

    package init(
        method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil,
        timeout: TimeInterval = 30, maxResponseBytes: Int = 8 << 20
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
    }
}

/// One HTTP response. Header names are lower-cased.
package struct HTTPResponse: Sendable, Equatable {
    package var status: Int
    package var headers: [String: String]
    package var body: Data

    package init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }

    /// The value of a header, by case-insensitive name.
    package func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Sends one request and returns its response; redirects are not followed at this layer.
package protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
    /// Gets ready to send (loads libraries, starts threads) ahead of the first request; blocks while it does.
    func warmUp()
}

extension HTTPTransport {
    /// Nothing to get ready: the transport is ready once made.
    package func warmUp() {}
}
