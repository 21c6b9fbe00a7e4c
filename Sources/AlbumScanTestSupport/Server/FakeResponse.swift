import Foundation

/// A canned HTTP response, optionally with a fault for hardening tests.
public struct FakeResponse: Sendable {
    /// How the server delivers the response.
    public enum Behaviour: Sendable, Equatable {
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
    public var status: Int
    /// Header fields to send; Content-Length and Connection are added unless present.
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data
    /// Simulated latency before the first byte is sent.
    public var delay: Duration
    /// How the response is delivered.
    public var behaviour: Behaviour

    /// Creates a response.
    public init(
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
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The body as UTF-8 text.
    public var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }

    /// This response sent after `delay` of extra latency.
    public func delayed(by delay: Duration) -> FakeResponse {
        var copy = self
        copy.delay += delay
        return copy
    }

    /// This response sent slowly at `bytesPerSecond`.
    public func trickled(bytesPerSecond: Int) -> FakeResponse {
        var copy = self
        copy.behaviour = .trickle(bytesPerSecond: bytesPerSecond)
        return copy
    }

    /// This response with header `name` set to `value`.
    public func with(header name: String, _ value: String) -> FakeResponse {
        var copy = self
        copy.headers[name] = value
        return copy
    }
}
