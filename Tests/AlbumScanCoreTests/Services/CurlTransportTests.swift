import AlbumScanTestSupport
import Foundation
import Testing

@testable import AlbumScanCore

/// The live transport against loopback fakes: concurrency, cancellation, limits and connection reuse.
@Suite struct CurlTransportTests {
    private func get(_ server: LoopbackServer, _ path: String, timeout: TimeInterval = 10, maxBytes: Int = 1 << 20)
        -> HTTPRequest
    {
        HTTPRequest(url: URL(string: server.baseURL + path)!, timeout: timeout, maxResponseBytes: maxBytes)
    }

    @Test func keepsTwelveRequestsInFlightAtOnce() async throws {
        let batch = 12
        let gate = ArrivalGate(expected: batch)
        // Each request is held until all twelve have arrived, so only a transport that sends them
        // together gets "together" back for every one.
        let server = try LoopbackServer { _ in
            gate.arriveAndWait(timeout: 5) ? FakeResponse.text("together").delayed(by: .seconds(1)) : .text("alone")
        }
        defer { server.stop() }
        let transport = CurlTransport()
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<batch {
                group.addTask { try await transport.send(get(server, "/slow/\(index)")).text }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(bodies == Array(repeating: "together", count: batch))
        #expect(gate.mostWaitingAtOnce == batch)
    }

    @Test func cancellingTheTaskAbortsAStalledTransfer() async throws {
        let server = try LoopbackServer { _ in .stall }
        defer { server.stop() }
        let transport = CurlTransport()
        let request = get(server, "/stall", timeout: 60)
        let task = Task { try await transport.send(request) }
        try await eventually { server.requests.count == 1 }
        let clock = ContinuousClock()
        let start = clock.now
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.now - start < .seconds(20), "well before the 60 s timeout, on a loaded machine too")
    }

    @Test func aTaskCancelledBeforeSendingSendsNothing() async throws {
        let server = try LoopbackServer { _ in .text("ok") }
        defer { server.stop() }
        let transport = CurlTransport()
        let request = get(server, "/never")
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.send(request)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(server.requests.isEmpty)
    }

    @Test func cutsOffABodyPastTheLimit() async throws {
        let server = try LoopbackServer { _ in FakeResponse(body: Data(repeating: 0x41, count: 200_000)) }
        defer { server.stop() }
        await #expect(throws: HTTPTransportError.responseTooLarge(limit: 1000)) {
            try await CurlTransport().send(get(server, "/big", maxBytes: 1000))
        }
    }

    @Test func aStalledServerTimesOut() async throws {
        let server = try LoopbackServer { _ in .stall }
        defer { server.stop() }
        await #expect(throws: HTTPTransportError.timedOut) {
            try await CurlTransport().send(get(server, "/stall", timeout: 0.3))
        }
    }

    @Test func aHugeTimeoutIsClampedInsteadOfTrapping() async throws {
        let server = try LoopbackServer { _ in .text("ok") }
        defer { server.stop() }
        let response = try await CurlTransport().send(get(server, "/ok", timeout: 1e16))
        #expect(response.status == 200)
        #expect(CurlEasy.timeoutMilliseconds(.nan) == 1)
        #expect(CurlEasy.timeoutMilliseconds(0.25) == 250)
    }

    @Test func reusesOneConnectionForSequentialRequests() async throws {
        let server = try LoopbackServer { request in .text(request.path) }
        defer { server.stop() }
        let transport = CurlTransport()
        for index in 1...5 {
            #expect(try await transport.send(get(server, "/\(index)")).text == "/\(index)")
        }
        #expect(server.connectionCount == 1)
        #expect(server.requests.map(\.sequenceOnConnection) == [1, 2, 3, 4, 5])
    }

    @Test func sendsMethodHeadersAndBodyAndLowercasesResponseHeaders() async throws {
        let server = try LoopbackServer { request in
            .text("\(request.method) \(request.header("x-token") ?? "-") \(request.bodyText)", headers: ["X-Echo": "yes"])
        }
        defer { server.stop() }
        var request = get(server, "/echo")
        request.method = "POST"
        request.headers = ["X-Token": "t1"]
        request.body = Data("payload".utf8)
        let response = try await CurlTransport().send(request)
        #expect(response.text == "POST t1 payload")
        #expect(response.headers["x-echo"] == "yes")
        #expect(server.requests.first?.header("expect") == nil)
    }

    @Test func namesARefusedConnectionAndAnUnsupportedScheme() async throws {
        // Held by a socket that never listens, so no other test's server can take the port meanwhile.
        let closed = try ReservedPort()
        defer { closed.close() }
        let port = closed.port
        let transport = CurlTransport()
        await #expect(throws: HTTPTransportError.connectionRefused(curlCode: 7)) {
            try await transport.send(HTTPRequest(url: URL(string: "http://127.0.0.1:\(port)/")!))
        }
        await #expect(throws: HTTPTransportError.unsupportedProtocol(curlCode: 1)) {
            try await transport.send(HTTPRequest(url: URL(string: "ftp://127.0.0.1:\(port)/")!))
        }
    }

    private func eventually(_ condition: () -> Bool) async throws {
        for _ in 0..<250 where !condition() {
            try await Task.sleep(for: .milliseconds(20))
        }
        try #require(condition())
    }
}

extension HTTPResponse {
    fileprivate var text: String { String(decoding: body, as: UTF8.self) }
}

/// Holds server threads until `expected` requests are waiting together, and records the most that were.
private final class ArrivalGate: @unchecked Sendable {
    private let condition = NSCondition()
    private let expected: Int
    private var waiting = 0
    private var most = 0

    init(expected: Int) {
        self.expected = expected
    }

    /// Waits until `expected` callers are here; false if `timeout` seconds pass first.
    func arriveAndWait(timeout: TimeInterval) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        waiting += 1
        defer { waiting -= 1 }
        most = max(most, waiting)
        condition.broadcast()
        let deadline = Date(timeIntervalSinceNow: timeout)
        while most < expected {
            guard condition.wait(until: deadline) else { return false }
        }
        return true
    }

    var mostWaitingAtOnce: Int {
        condition.lock()
        defer { condition.unlock() }
        return most
    }
}
