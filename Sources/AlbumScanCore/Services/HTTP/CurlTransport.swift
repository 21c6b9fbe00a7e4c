import Foundation

/// The live transport: every request runs on one libcurl multi handle driven by a thread of its own.
///
/// Connections, and HTTP/2 streams where the server offers them, are shared by all requests of a process.
package final class CurlTransport: HTTPTransport, Sendable {
    private let loop = CurlEventLoop()

    /// Starts the transport's event thread.
    package init() {}

    deinit { loop.stop() }

    /// Cancelling the calling task aborts the transfer at once and throws `CancellationError`.
    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let transfer = CurlTransfer(request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if transfer.attach(continuation) { loop.submit(transfer) }
            }
        } onCancel: {
            loop.cancel(transfer)
        }
    }
}
