import Foundation

/// A minimal HTTP/1.1 server on 127.0.0.1 with an ephemeral port, for loopback fakes.
///
/// One thread accepts connections and one thread serves each connection, several requests per
/// connection (keep-alive) until the client closes or sends `Connection: close`. `stop()` (also run
/// on deinit) closes the listener and live connections and unblocks every waiting thread.
package final class LoopbackServer: Sendable {
    private let core: LoopbackServerCore

    /// Starts serving; `handler` answers every request and runs on the connection's thread.
    package init(handler: @escaping @Sendable (FakeRequest) -> FakeResponse) throws {
        core = try LoopbackServerCore(handler: handler)
        core.start()
    }

    deinit {
        core.stop()
    }

    /// The TCP port the server listens on.
    package var port: Int { core.port }

    /// The base URL, `http://127.0.0.1:PORT`, without a trailing slash.
    package var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Every request received so far, in arrival order.
    package var requests: [FakeRequest] { core.requests }

    /// How many connections have been accepted.
    package var connectionCount: Int { core.connectionCount }

    /// Extra latency added before every response (on top of a response's own delay).
    package var latency: Duration {
        get { core.latency }
        set { core.latency = newValue }
    }

    /// Whether `stop()` has run.
    package var isStopped: Bool { core.isStopped }

    /// Answers a request without a socket (see `InProcessTransport`); it is logged like any other.
    package func answerInProcess(_ request: FakeRequest) -> FakeResponse {
        core.answerInProcess(request)
    }

    /// Closes the listener and every live connection; idempotent.
    package func stop() {
        core.stop()
    }
}
