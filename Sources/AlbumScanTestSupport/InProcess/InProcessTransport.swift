import AlbumScanCore
import Foundation

/// The test form of HTTP: hands each request straight to the loopback fake serving its port, with no
/// socket, and plays the fake's delays and faults on the environment's clock.
///
/// A request to any other host or port fails loudly, naming the request, and is kept in `unexpected`.
package final class InProcessTransport: HTTPTransport, Sendable {
    private let servers: [Int: LoopbackServer]
    private let refusing: Set<Int>
    private let sleep: @Sendable (Double) async throws -> Void
    private let log = LockedValue<[String]>([])

    /// Routes to `servers` by port; ports in `refusing` act as if nothing listened there.
    package init(
        servers: [LoopbackServer], refusing: Set<Int> = [], sleep: @escaping @Sendable (Double) async throws -> Void
    ) {
        self.servers = Dictionary(servers.map { ($0.port, $0) }, uniquingKeysWith: { first, _ in first })
        self.refusing = refusing
        self.sleep = sleep
    }

    /// Requests that no fake was set up to answer, as `METHOD URL`.
    package var unexpected: [String] { log.current }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let port = request.url.port ?? -1
        // 7 is CURLE_COULDNT_CONNECT.
        if refusing.contains(port) { throw HTTPTransportError.connectionRefused(curlCode: 7) }
        guard Redirects.isLoopback(request.url.host ?? ""), let server = servers[port] else {
            let line = "\(request.method) \(request.url.absoluteString)"
            log.withLock { $0.append(line) }
            throw HTTPTransportError.failed("unexpected request in a test: \(line)")
        }
        let response = server.answerInProcess(Self.fakeRequest(request))
        try await deliver(response, within: request.timeout)
        if let declared = response.header("Content-Length").flatMap(Int.init), declared > response.body.count {
            throw HTTPTransportError.connectionLost(curlCode: 18)  // CURLE_PARTIAL_FILE
        }
        guard response.body.count <= request.maxResponseBytes else {
            throw HTTPTransportError.responseTooLarge(limit: request.maxResponseBytes)
        }
        return HTTPResponse(status: response.status, headers: response.headers, body: response.body)
    }

    /// Waits as long as the fake would take to answer, or throws the time-out the client would see.
    private func deliver(_ response: FakeResponse, within timeout: Double) async throws {
        let delay = Double(response.delay.components.seconds) + Double(response.delay.components.attoseconds) / 1e18
        let transfer: Double
        switch response.behaviour {
        case .normal: transfer = 0
        case .stall: transfer = .infinity
        case .trickle(let bytesPerSecond): transfer = Double(response.body.count + 128) / Double(max(1, bytesPerSecond))
        case .closeWithoutResponse:
            try await sleep(delay)
            throw HTTPTransportError.connectionLost(curlCode: 52)  // CURLE_GOT_NOTHING
        }
        guard delay + transfer <= timeout else {
            try await sleep(timeout)
            throw HTTPTransportError.timedOut
        }
        try await sleep(delay + transfer)
    }

    static func fakeRequest(_ request: HTTPRequest) -> FakeRequest {
        let parts = URLComponents(url: request.url, resolvingAgainstBaseURL: true)
        let target = (parts?.percentEncodedPath ?? "/") + (parts?.percentEncodedQuery.map { "?" + $0 } ?? "")
        return FakeRequest(
            method: request.method, target: target, headers: request.headers, body: request.body ?? Data())
    }
}
