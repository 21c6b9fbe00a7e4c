import Foundation
import Synchronization

/// A transport made on its first request, so commands that never reach the network (history, show,
/// account) start no curl thread and load no TLS library state.
final class LazyTransport: HTTPTransport, Sendable {
    private let make: @Sendable () -> any HTTPTransport
    private let made = Mutex<(any HTTPTransport)?>(nil)

    init(_ make: @escaping @Sendable () -> any HTTPTransport) {
        self.make = make
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await transport().send(request)
    }

    /// Makes the transport now: loading libcurl and its TLS libraries takes 5-10 ms, which a scan can spend while
    /// it prepares the photo instead of before its first request.
    func warmUp() {
        _ = transport()
    }

    private func transport() -> any HTTPTransport {
        made.withLock { made in
            if let made { return made }
            let fresh = make()
            made = fresh
            return fresh
        }
    }
}
