import CCurl
import Foundation

/// The live transport: libcurl easy handles, pooled so connections are kept alive within a process.
public final class CurlTransport: HTTPTransport, @unchecked Sendable {
    private let pool = CurlHandlePool()

    public init() {}

    /// Cancelling the calling task aborts the transfer within curl's progress interval.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let cancellation = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // curl_easy_perform blocks, so it runs on a GCD thread, never on the cooperative pool.
                DispatchQueue.global().async {
                    continuation.resume(with: Result { try self.perform(request, cancellation: cancellation) })
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    private func perform(_ request: HTTPRequest, cancellation: CancellationFlag) throws -> HTTPResponse {
        let handle = pool.take()
        defer { pool.giveBack(handle) }
        return try handle.perform(request, cancellation: cancellation)
    }
}

/// Easy handles kept between requests; libcurl keeps each handle's connections open for reuse.
final class CurlHandlePool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [CurlEasy] = []

    func take() -> CurlEasy {
        lock.lock()
        defer { lock.unlock() }
        return idle.popLast() ?? CurlEasy()
    }

    func giveBack(_ handle: CurlEasy) {
        lock.lock()
        defer { lock.unlock() }
        if idle.count < 8 { idle.append(handle) }
    }
}

/// Set once when the task waiting on a transfer is cancelled; read by curl's progress callback.
final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }
}
