import Foundation

/// A canned HTTP response, optionally with a fault for hardening tests.
package struct FakeResponse: Sendable {
    /// How the server delivers the response.
    package enum Behaviour: Sendable, Equatable {
        /// Send it whole.
        case normal
        /// Read the request, then never answer until the server stops.
        case stall
        /// Send head and body slowly at about this many bytes per second.
        case trickle(bytesPerSecond: Int)
        /// Close the connection without sending anything.
        case closeWithoutResponse
    }

    /// The status code.
    package var status: Int
    /// Header fields to send; Content-Length and Connection are added unless present.
    package var headers: [String: String]
    /// The body bytes.
    package var body: Data
    /// Simulated latency before the first byte is sent.
    package var delay: Duration
    /// How the response is delivered.
    package var behaviour: Behaviour

    /// Creates a response.
    package init(
        status: Int = 200, headers: [String: String] = [:], body: Data = Data(), delay: Duration = .zero,
        behaviour: Behaviour = .normal
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.behaviour = behaviour
    }

    /// The value of header `name`, matched case-insensitively.
    package func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The body as UTF-8 text.
    package var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }

    /// This response sent after `delay` of extra latency.
    package func delayed(by delay: Duration) -> FakeResponse {
        var copy = self
        copy.delay += delay
        return copy
    }

    /// This response sent slowly at `bytesPerSecond`.
    package func trickled(bytesPerSecond: Int) -> FakeResponse {
        var copy = self
        copy.behaviour = .trickle(bytesPerSecond: bytesPerSecond)
        return copy
    }

    /// This response with header `name` set to `value`.
    package func with(header name: String, _ value: String) -> FakeResponse {
        var copy = self
        copy.headers[name] = value
        return copy
    }
}
